package supra

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/aptos-labs/aptos-go-sdk/bcs"
)

// TypeKind is a Move type tag variant; the values are the BCS variant indexes.
type TypeKind uint8

// TypeTag variants in BCS order (Move's TypeTag enum, as Aptos and Supra serialise it).
const (
	KindBool    TypeKind = 0
	KindU8      TypeKind = 1
	KindU64     TypeKind = 2
	KindU128    TypeKind = 3
	KindAddress TypeKind = 4
	KindSigner  TypeKind = 5
	KindVector  TypeKind = 6
	KindStruct  TypeKind = 7
	KindU16     TypeKind = 8
	KindU32     TypeKind = 9
	KindU256    TypeKind = 10
)

// MaxTypeDepth bounds nesting (vector<vector<…>> and generics) so hostile input cannot
// exhaust the stack while parsing or decoding.
const MaxTypeDepth = 16

var primitiveNames = map[string]TypeKind{
	"bool": KindBool, "u8": KindU8, "u16": KindU16, "u32": KindU32, "u64": KindU64,
	"u128": KindU128, "u256": KindU256, "address": KindAddress, "signer": KindSigner,
}

var kindNames = [...]string{"bool", "u8", "u64", "u128", "address", "signer", "vector", "struct", "u16", "u32", "u256"}

// TypeTag is a Move type: a primitive, vector<Elem> or a struct.
type TypeTag struct {
	Kind   TypeKind
	Elem   *TypeTag   // KindVector
	Struct *StructTag // KindStruct
}

// StructTag is address::module::Name<TypeArgs…>.
type StructTag struct {
	Address  Address
	Module   string
	Name     string
	TypeArgs []TypeTag
}

// ModuleID is address::module.
type ModuleID struct {
	Address Address
	Name    string
}

// String renders "0x1::coin" (short address form, as the node does).
func (m ModuleID) String() string { return m.Address.ShortString() + "::" + m.Name }

// ParseModuleID parses "0x1::coin" (exactly two parts, else "Invalid module id.":
// docs/product.md, Transactions and the node).
func ParseModuleID(s string) (ModuleID, error) {
	parts := strings.Split(s, "::")
	if len(parts) != 2 || !isIdent(parts[1]) {
		return ModuleID{}, fmt.Errorf("%w: Invalid module id. %q", ErrInvalidTypeTag, s)
	}
	a, err := ParseAddress(parts[0])
	if err != nil {
		return ModuleID{}, fmt.Errorf("module id %q: %w", s, err)
	}
	return ModuleID{Address: a, Name: parts[1]}, nil
}

// FunctionID is address::module::function.
type FunctionID struct {
	Module ModuleID
	Name   string
}

// String renders "0x1::coin::balance".
func (f FunctionID) String() string { return f.Module.String() + "::" + f.Name }

// ParseFunctionID parses a fully qualified function name, address::module::function.
func ParseFunctionID(s string) (FunctionID, error) {
	parts := strings.Split(s, "::")
	if len(parts) != 3 || !isIdent(parts[1]) || !isIdent(parts[2]) {
		return FunctionID{}, fmt.Errorf("%w: function name must be address::module::function: %q", ErrInvalidTypeTag, s)
	}
	a, err := ParseAddress(parts[0])
	if err != nil {
		return FunctionID{}, fmt.Errorf("function %q: %w", s, err)
	}
	return FunctionID{Module: ModuleID{Address: a, Name: parts[1]}, Name: parts[2]}, nil
}

// String renders the canonical form with short addresses, e.g.
// "0x1::coin::CoinStore<0x1::supra_coin::SupraCoin>", "vector<u8>".
func (t TypeTag) String() string {
	var b strings.Builder
	t.write(&b)
	return b.String()
}

func (t TypeTag) write(b *strings.Builder) {
	switch t.Kind {
	case KindVector:
		b.WriteString("vector<")
		if t.Elem != nil {
			t.Elem.write(b)
		}
		b.WriteByte('>')
	case KindStruct:
		if t.Struct != nil {
			t.Struct.write(b)
		}
	default:
		if int(t.Kind) < len(kindNames) {
			b.WriteString(kindNames[t.Kind])
		} else {
			fmt.Fprintf(b, "unknown(%d)", t.Kind)
		}
	}
}

// String renders the struct tag with short addresses.
func (s StructTag) String() string {
	var b strings.Builder
	s.write(&b)
	return b.String()
}

func (s StructTag) write(b *strings.Builder) {
	b.WriteString(s.Address.ShortString())
	b.WriteString("::")
	b.WriteString(s.Module)
	b.WriteString("::")
	b.WriteString(s.Name)
	if len(s.TypeArgs) > 0 {
		b.WriteByte('<')
		for i, a := range s.TypeArgs {
			if i > 0 {
				b.WriteString(", ")
			}
			a.write(b)
		}
		b.WriteByte('>')
	}
}

// ParseTypeTag parses a Move type string. Addresses may be short or full, with or without
// 0x; whitespace around tokens is ignored.
func ParseTypeTag(s string) (TypeTag, error) {
	p := typeParser{s: s}
	t, err := p.parseType(0)
	if err != nil {
		return TypeTag{}, err
	}
	p.skipSpace()
	if p.pos != len(p.s) {
		return TypeTag{}, p.errf("unexpected %q", p.s[p.pos:])
	}
	return t, nil
}

// ParseStructTag parses a type string that must be a struct.
func ParseStructTag(s string) (StructTag, error) {
	t, err := ParseTypeTag(s)
	if err != nil {
		return StructTag{}, err
	}
	if t.Kind != KindStruct {
		return StructTag{}, fmt.Errorf("%w: %q is not a struct type", ErrInvalidTypeTag, s)
	}
	return *t.Struct, nil
}

// NormalizeTypeString parses and re-renders a type string, so that differently written
// addresses ("0x01", full 64 digits) compare equal.
func NormalizeTypeString(s string) (string, error) {
	t, err := ParseTypeTag(s)
	if err != nil {
		return "", err
	}
	return t.String(), nil
}

type typeParser struct {
	s   string
	pos int
}

func (p *typeParser) errf(format string, args ...any) error {
	// The input is echoed shortened: a hostile type string can be megabytes long.
	return fmt.Errorf("%w: %s at offset %d in %q", ErrInvalidTypeTag, fmt.Sprintf(format, args...), p.pos, truncate([]byte(p.s)))
}

func (p *typeParser) skipSpace() {
	for p.pos < len(p.s) && (p.s[p.pos] == ' ' || p.s[p.pos] == '\t' || p.s[p.pos] == '\n') {
		p.pos++
	}
}

// token reads an identifier or address-like word: [A-Za-z0-9_]+.
func (p *typeParser) token() string {
	p.skipSpace()
	start := p.pos
	for p.pos < len(p.s) {
		c := p.s[p.pos]
		if c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' {
			p.pos++
			continue
		}
		break
	}
	return p.s[start:p.pos]
}

func (p *typeParser) expect(lit string) error {
	p.skipSpace()
	if !strings.HasPrefix(p.s[p.pos:], lit) {
		return p.errf("expected %q", lit)
	}
	p.pos += len(lit)
	return nil
}

func (p *typeParser) peek(lit string) bool {
	p.skipSpace()
	return strings.HasPrefix(p.s[p.pos:], lit)
}

func (p *typeParser) parseType(depth int) (TypeTag, error) {
	if depth > MaxTypeDepth {
		return TypeTag{}, p.errf("type nested deeper than %d", MaxTypeDepth)
	}
	word := p.token()
	if word == "" {
		return TypeTag{}, p.errf("expected a type")
	}
	if word == "vector" && p.peek("<") {
		_ = p.expect("<")
		elem, err := p.parseType(depth + 1)
		if err != nil {
			return TypeTag{}, err
		}
		if err := p.expect(">"); err != nil {
			return TypeTag{}, err
		}
		return TypeTag{Kind: KindVector, Elem: &elem}, nil
	}
	if k, ok := primitiveNames[word]; ok && !p.peek("::") {
		return TypeTag{Kind: k}, nil
	}
	// Struct: address::module::Name<…>
	addr, err := ParseAddress(word)
	if err != nil {
		return TypeTag{}, p.errf("bad address %q", word)
	}
	if err := p.expect("::"); err != nil {
		return TypeTag{}, err
	}
	mod := p.token()
	if !isIdent(mod) {
		return TypeTag{}, p.errf("bad module name %q", mod)
	}
	if err := p.expect("::"); err != nil {
		return TypeTag{}, err
	}
	name := p.token()
	if !isIdent(name) {
		return TypeTag{}, p.errf("bad struct name %q", name)
	}
	st := &StructTag{Address: addr, Module: mod, Name: name}
	if p.peek("<") {
		_ = p.expect("<")
		for {
			arg, err := p.parseType(depth + 1)
			if err != nil {
				return TypeTag{}, err
			}
			st.TypeArgs = append(st.TypeArgs, arg)
			if p.peek(",") {
				_ = p.expect(",")
				continue
			}
			if err := p.expect(">"); err != nil {
				return TypeTag{}, err
			}
			break
		}
	}
	return TypeTag{Kind: KindStruct, Struct: st}, nil
}

func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '_', c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z':
		case c >= '0' && c <= '9' && i > 0:
		default:
			return false
		}
	}
	return true
}

// MarshalBCS writes the variant index and body.
func (t *TypeTag) MarshalBCS(ser *bcs.Serializer) {
	ser.Uleb128(uint32(t.Kind))
	switch t.Kind {
	case KindVector:
		if t.Elem == nil {
			ser.SetError(fmt.Errorf("%w: vector without element type", ErrInvalidTypeTag))
			return
		}
		t.Elem.MarshalBCS(ser)
	case KindStruct:
		if t.Struct == nil {
			ser.SetError(fmt.Errorf("%w: struct kind without struct", ErrInvalidTypeTag))
			return
		}
		t.Struct.MarshalBCS(ser)
	}
}

// MarshalBCS writes address, module, name and the type arguments.
func (s *StructTag) MarshalBCS(ser *bcs.Serializer) {
	s.Address.MarshalBCS(ser)
	ser.WriteString(s.Module)
	ser.WriteString(s.Name)
	ser.Uleb128(uint32(len(s.TypeArgs)))
	for i := range s.TypeArgs {
		s.TypeArgs[i].MarshalBCS(ser)
	}
}

// UnmarshalBCS decodes a type tag, bounded by MaxTypeDepth.
func (t *TypeTag) UnmarshalBCS(des *bcs.Deserializer) { t.unmarshal(des, 0) }

func (t *TypeTag) unmarshal(des *bcs.Deserializer, depth int) {
	if depth > MaxTypeDepth {
		des.SetError(fmt.Errorf("%w: type nested deeper than %d", ErrInvalidTypeTag, MaxTypeDepth))
		return
	}
	k := des.Uleb128()
	if des.Error() != nil {
		return
	}
	if k > uint32(KindU256) {
		des.SetError(fmt.Errorf("%w: unknown type tag variant %d", ErrInvalidTypeTag, k))
		return
	}
	t.Kind = TypeKind(k)
	switch t.Kind {
	case KindVector:
		t.Elem = new(TypeTag)
		t.Elem.unmarshal(des, depth+1)
	case KindStruct:
		t.Struct = new(StructTag)
		t.Struct.unmarshal(des, depth+1)
	}
}

func (s *StructTag) unmarshal(des *bcs.Deserializer, depth int) {
	s.Address.UnmarshalBCS(des)
	s.Module = readIdent(des)
	s.Name = readIdent(des)
	n := readLen(des)
	for i := 0; i < n && des.Error() == nil; i++ {
		var a TypeTag
		a.unmarshal(des, depth)
		s.TypeArgs = append(s.TypeArgs, a)
	}
}

// UnmarshalBCS decodes a struct tag.
func (s *StructTag) UnmarshalBCS(des *bcs.Deserializer) { s.unmarshal(des, 0) }

// readLen reads a ULEB128 sequence length and rejects lengths larger than the remaining
// input (every element takes at least one byte), so hostile lengths cannot force huge
// allocations.
func readLen(des *bcs.Deserializer) int {
	n := des.Uleb128()
	if des.Error() != nil {
		return 0
	}
	if int64(n) > int64(des.Remaining()) {
		des.SetError(fmt.Errorf("%w: length %d exceeds remaining %d bytes", ErrInvalidTransaction, n, des.Remaining()))
		return 0
	}
	return int(n)
}

// readBytes reads ULEB128-prefixed bytes with the same bound as readLen.
func readBytes(des *bcs.Deserializer) []byte {
	n := readLen(des)
	if des.Error() != nil {
		return nil
	}
	return des.ReadFixedBytes(n)
}

func readIdent(des *bcs.Deserializer) string {
	b := readBytes(des)
	if des.Error() != nil {
		return ""
	}
	if !isIdent(string(b)) {
		des.SetError(fmt.Errorf("%w: bad identifier %q", ErrInvalidTypeTag, b))
		return ""
	}
	return string(b)
}

// structTagJSON is the node's serde shape: {"address","module","name","type_args"}.
// The node writes addresses inside struct tags as 64 hex digits without 0x (Move serde of
// AccountAddress); we accept any address form on input.
type structTagJSON struct {
	Address  string    `json:"address"`
	Module   string    `json:"module"`
	Name     string    `json:"name"`
	TypeArgs []TypeTag `json:"type_args"`
}

// MarshalJSON writes the node's StructTag JSON.
func (s StructTag) MarshalJSON() ([]byte, error) {
	args := s.TypeArgs
	if args == nil {
		args = []TypeTag{}
	}
	return json.Marshal(structTagJSON{Address: hex.EncodeToString(s.Address[:]), Module: s.Module, Name: s.Name, TypeArgs: args})
}

// UnmarshalJSON reads the node's (or the SDK's) StructTag JSON, its type arguments
// bounded by MaxTypeDepth.
func (s *StructTag) UnmarshalJSON(b []byte) error {
	st, err := structTagFromJSON(b, 0)
	if err != nil {
		return err
	}
	*s = st
	return nil
}

// structTagFromJSON decodes a struct tag whose type is at depth; its type arguments are
// one level deeper, as in the string and BCS forms.
func structTagFromJSON(b []byte, depth int) (StructTag, error) {
	var j struct {
		Address  string            `json:"address"`
		Module   string            `json:"module"`
		Name     string            `json:"name"`
		TypeArgs []json.RawMessage `json:"type_args"`
	}
	if err := json.Unmarshal(b, &j); err != nil {
		return StructTag{}, fmt.Errorf("%w: %v", ErrInvalidTypeTag, err)
	}
	a, err := ParseAddress(j.Address)
	if err != nil {
		return StructTag{}, err
	}
	if !isIdent(j.Module) || !isIdent(j.Name) {
		return StructTag{}, fmt.Errorf("%w: bad identifier in %s::%s", ErrInvalidTypeTag, truncate([]byte(j.Module)), truncate([]byte(j.Name)))
	}
	st := StructTag{Address: a, Module: j.Module, Name: j.Name}
	for _, raw := range j.TypeArgs {
		arg, err := typeTagFromJSON(raw, depth+1)
		if err != nil {
			return StructTag{}, err
		}
		st.TypeArgs = append(st.TypeArgs, arg)
	}
	return st, nil
}

// MarshalJSON writes serde's TypeTag JSON: "u64", {"vector": T}, {"struct": {...}}.
func (t TypeTag) MarshalJSON() ([]byte, error) {
	switch t.Kind {
	case KindVector:
		if t.Elem == nil {
			return nil, fmt.Errorf("%w: vector without element", ErrInvalidTypeTag)
		}
		return json.Marshal(map[string]TypeTag{"vector": *t.Elem})
	case KindStruct:
		if t.Struct == nil {
			return nil, fmt.Errorf("%w: struct kind without struct", ErrInvalidTypeTag)
		}
		return json.Marshal(map[string]StructTag{"struct": *t.Struct})
	default:
		if int(t.Kind) >= len(kindNames) {
			return nil, fmt.Errorf("%w: unknown kind %d", ErrInvalidTypeTag, t.Kind)
		}
		return json.Marshal(kindNames[t.Kind])
	}
}

// UnmarshalJSON reads serde's TypeTag JSON; a plain type string ("0x1::coin::Coin<…>") is
// accepted too. Nesting is bounded by MaxTypeDepth, as in the string and BCS forms.
func (t *TypeTag) UnmarshalJSON(b []byte) error {
	// Each type level takes at most three JSON levels ({"struct":{"type_args":[…]}}): a
	// deeper document is refused in one pass, before any decoding.
	if jsonNesting(b) > 3*(MaxTypeDepth+1) {
		return fmt.Errorf("%w: type nested deeper than %d", ErrInvalidTypeTag, MaxTypeDepth)
	}
	v, err := typeTagFromJSON(b, 0)
	if err != nil {
		return err
	}
	*t = v
	return nil
}

// typeTagFromJSON decodes a type at depth. Each level decodes only its own value and
// refuses to go deeper than MaxTypeDepth before recursing, so hostile nesting costs at
// most MaxTypeDepth+1 linear passes over the input instead of one pass per level.
func typeTagFromJSON(b []byte, depth int) (TypeTag, error) {
	if depth > MaxTypeDepth {
		return TypeTag{}, fmt.Errorf("%w: type nested deeper than %d", ErrInvalidTypeTag, MaxTypeDepth)
	}
	b = bytes.TrimSpace(b)
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return TypeTag{}, fmt.Errorf("%w: %v", ErrInvalidTypeTag, err)
		}
		p := typeParser{s: s}
		v, err := p.parseType(depth)
		if err != nil {
			return TypeTag{}, err
		}
		p.skipSpace()
		if p.pos != len(p.s) {
			return TypeTag{}, p.errf("unexpected %q", truncate([]byte(p.s[p.pos:])))
		}
		return v, nil
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil || len(m) != 1 {
		return TypeTag{}, fmt.Errorf("%w: %s", ErrInvalidTypeTag, truncate(b))
	}
	if v, ok := m["vector"]; ok {
		e, err := typeTagFromJSON(v, depth+1)
		if err != nil {
			return TypeTag{}, err
		}
		return TypeTag{Kind: KindVector, Elem: &e}, nil
	}
	if v, ok := m["struct"]; ok {
		st, err := structTagFromJSON(v, depth)
		if err != nil {
			return TypeTag{}, err
		}
		return TypeTag{Kind: KindStruct, Struct: &st}, nil
	}
	return TypeTag{}, fmt.Errorf("%w: %s", ErrInvalidTypeTag, truncate(b))
}

// jsonNesting is the deepest nesting of objects and arrays in a JSON text, outside strings.
func jsonNesting(b []byte) int {
	depth, deepest, inString := 0, 0, false
	for i := 0; i < len(b); i++ {
		c := b[i]
		switch {
		case inString && c == '\\':
			i++
		case inString:
			inString = c != '"'
		case c == '"':
			inString = true
		case c == '{' || c == '[':
			depth++
			deepest = max(deepest, depth)
		case c == '}' || c == ']':
			depth--
		}
	}
	return deepest
}

func truncate(b []byte) string {
	if len(b) > 80 {
		return string(b[:80]) + "…"
	}
	return string(b)
}
