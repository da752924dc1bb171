package chain

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math/big"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/luckycoin/lucky/internal/supra"
)

// Messages of the official SDK's argument checks (supra-l1-sdk-core builder_utils), kept verbatim.
const (
	MsgInvalidNumber   = "Invalid number string."
	MsgInvalidBool     = "Invalid boolean string."
	MsgInvalidModuleID = "Invalid module id."
)

// Limits on argument values, so hostile input stays cheap.
const (
	maxArgDepth    = 8
	maxVectorElems = 4096
)

var genericParamRE = regexp.MustCompile(`\bT(\d+)\b`)

// ResolveParamType turns an ABI parameter type ("u64", "vector<T0>",
// "0x1::option::Option<T0>") into a concrete type tag by substituting the type arguments.
func ResolveParamType(param string, typeArgs []supra.TypeTag) (supra.TypeTag, error) {
	var subErr error
	s := genericParamRE.ReplaceAllStringFunc(param, func(m string) string {
		var i int
		_, _ = fmt.Sscanf(m[1:], "%d", &i) // the pattern matched digits
		if i >= len(typeArgs) {
			subErr = fmt.Errorf("%w: generic %s without a type argument", ErrBadResponse, m)
			return m
		}
		return typeArgs[i].String()
	})
	if subErr != nil {
		return supra.TypeTag{}, subErr
	}
	t, err := supra.ParseTypeTag(strings.TrimPrefix(s, "&"))
	if err != nil {
		return supra.TypeTag{}, fmt.Errorf("%w: parameter type %q: %v", ErrBadResponse, param, err)
	}
	return t, nil
}

// EncodeArg BCS-encodes one argument given as JSON, the way the node's view call takes it:
// numbers as decimal strings (or JSON numbers), booleans as true/false (string or JSON),
// addresses as hex strings, String as a JSON string, vector<u8> as "0x…" hex (or an array
// of numbers), other vectors as JSON arrays, Option<T> as null, [] / [x] or {"vec":[…]}.
func EncodeArg(t supra.TypeTag, v json.RawMessage) ([]byte, error) {
	var buf bytes.Buffer
	if err := encodeArg(&buf, t, v, 0); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func encodeArg(buf *bytes.Buffer, t supra.TypeTag, v json.RawMessage, depth int) error {
	if depth > maxArgDepth {
		return inputErr(CodeInvalidArgument, "Argument nested too deeply.")
	}
	v = bytes.TrimSpace(v)
	switch t.Kind {
	case supra.KindBool:
		switch s := scalar(v); s {
		case "true":
			buf.WriteByte(1)
		case "false":
			buf.WriteByte(0)
		default:
			return inputErr(CodeInvalidArgument, MsgInvalidBool)
		}
		return nil
	case supra.KindU8, supra.KindU16, supra.KindU32, supra.KindU64, supra.KindU128, supra.KindU256:
		return encodeUint(buf, t.Kind, scalar(v))
	case supra.KindAddress:
		return encodeAddress(buf, v)
	case supra.KindVector:
		return encodeVector(buf, *t.Elem, v, depth)
	case supra.KindStruct:
		return encodeStruct(buf, t.Struct, v, depth)
	}
	return inputErr(CodeInvalidArgument, "Unsupported argument type %s.", t)
}

// scalar returns a JSON string's content or a bare JSON literal ("123", "true").
func scalar(v json.RawMessage) string {
	var s string
	if json.Unmarshal(v, &s) == nil {
		return s
	}
	if len(v) > 0 && v[0] != '"' && v[0] != '[' && v[0] != '{' {
		return string(v)
	}
	return "\x00" // never valid
}

var uintBits = map[supra.TypeKind]uint{
	supra.KindU8: 8, supra.KindU16: 16, supra.KindU32: 32, supra.KindU64: 64, supra.KindU128: 128, supra.KindU256: 256,
}

func encodeUint(buf *bytes.Buffer, k supra.TypeKind, s string) error {
	if s == "" || len(s) > 80 || strings.TrimLeft(s, "0123456789") != "" {
		return inputErr(CodeInvalidArgument, MsgInvalidNumber)
	}
	n, ok := new(big.Int).SetString(s, 10)
	if !ok {
		return inputErr(CodeInvalidArgument, MsgInvalidNumber)
	}
	bits := uintBits[k]
	if n.BitLen() > int(bits) {
		return inputErr(CodeInvalidArgument, "Value %s is out of range for u%d.", s, bits)
	}
	le := make([]byte, bits/8)
	be := n.Bytes()
	for i, b := range be {
		le[len(be)-1-i] = b
	}
	buf.Write(le)
	return nil
}

func encodeAddress(buf *bytes.Buffer, v json.RawMessage) error {
	var s string
	if err := json.Unmarshal(v, &s); err != nil {
		return inputErr(CodeInvalidAddress, supra.AddressLengthMessage)
	}
	a, err := supra.ParseAddress(s)
	if err != nil {
		return inputErr(CodeInvalidAddress, "%s", err.Error())
	}
	buf.Write(a[:])
	return nil
}

func writeULEB(buf *bytes.Buffer, n int) {
	buf.Write(binary.AppendUvarint(nil, uint64(n)))
}

func encodeVector(buf *bytes.Buffer, elem supra.TypeTag, v json.RawMessage, depth int) error {
	if elem.Kind == supra.KindU8 {
		var s string
		if json.Unmarshal(v, &s) == nil {
			if !strings.HasPrefix(s, "0x") && !strings.HasPrefix(s, "0X") {
				return inputErr(CodeInvalidArgument, "vector<u8> must be a 0x-prefixed hex string or an array of numbers.")
			}
			b, err := supra.DecodeHex(s)
			if err != nil {
				return inputErr(CodeInvalidArgument, "vector<u8> must be a 0x-prefixed hex string or an array of numbers.")
			}
			writeULEB(buf, len(b))
			buf.Write(b)
			return nil
		}
	}
	var items []json.RawMessage
	if err := json.Unmarshal(v, &items); err != nil || items == nil {
		return inputErr(CodeInvalidArgument, "Expected an array for %s.", supra.TypeTag{Kind: supra.KindVector, Elem: &elem})
	}
	if len(items) > maxVectorElems {
		return inputErr(CodeInvalidArgument, "Vector longer than %d elements.", maxVectorElems)
	}
	writeULEB(buf, len(items))
	for _, it := range items {
		if err := encodeArg(buf, elem, it, depth+1); err != nil {
			return err
		}
	}
	return nil
}

func encodeStruct(buf *bytes.Buffer, st *supra.StructTag, v json.RawMessage, depth int) error {
	if st.Address != supra.FrameworkAddress {
		return inputErr(CodeInvalidArgument, "Unsupported argument type %s.", st)
	}
	switch st.Module + "::" + st.Name {
	case "string::String":
		var s string
		if err := json.Unmarshal(v, &s); err != nil || !utf8.ValidString(s) {
			return inputErr(CodeInvalidArgument, "Expected a string for 0x1::string::String.")
		}
		writeULEB(buf, len(s))
		buf.WriteString(s)
		return nil
	case "option::Option":
		if len(st.TypeArgs) != 1 {
			return inputErr(CodeInvalidTypeArgs, "Option has the wrong number of type arguments")
		}
		if string(v) == "null" {
			buf.WriteByte(0)
			return nil
		}
		var wrapped struct {
			Vec []json.RawMessage `json:"vec"`
		}
		var items []json.RawMessage
		if len(v) > 0 && v[0] == '{' {
			if err := json.Unmarshal(v, &wrapped); err != nil {
				return inputErr(CodeInvalidArgument, "Expected {\"vec\":[…]} for an Option.")
			}
			items = wrapped.Vec
		} else if len(v) > 0 && v[0] == '[' {
			if err := json.Unmarshal(v, &items); err != nil {
				return inputErr(CodeInvalidArgument, "Expected an array for an Option.")
			}
		} else {
			items = []json.RawMessage{v}
		}
		if len(items) > 1 {
			return inputErr(CodeInvalidArgument, "An Option holds at most one value.")
		}
		writeULEB(buf, len(items))
		for _, it := range items {
			if err := encodeArg(buf, st.TypeArgs[0], it, depth+1); err != nil {
				return err
			}
		}
		return nil
	case "object::Object":
		return encodeAddress(buf, v)
	}
	return inputErr(CodeInvalidArgument, "Unsupported argument type %s.", st)
}
