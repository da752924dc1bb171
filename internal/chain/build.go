package chain

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/luckycoin/lucky/internal/supra"
)

// CallRequest is an entry-function call to build, in the API's JSON terms.
type CallRequest struct {
	Sender    string
	Function  string            // address::module::function
	TypeArgs  []string          // Move type strings
	Arguments []json.RawMessage // JSON values as the node's view call takes them
}

// Summary describes a built transaction for people (numbers as decimal strings, except
// the chain id).
type Summary struct {
	Sender                  string            `json:"sender"`
	Function                string            `json:"function"`
	TypeArguments           []string          `json:"typeArguments"`
	Arguments               []json.RawMessage `json:"arguments"`
	SequenceNumber          string            `json:"sequenceNumber"`
	MaxGasAmount            string            `json:"maxGasAmount"`
	GasUnitPrice            string            `json:"gasUnitPrice"`
	ExpirationTimestampSecs string            `json:"expirationTimestampSecs"`
	ChainID                 uint8             `json:"chainId"`
}

// Built is a raw transaction ready for a wallet: BCS hex (no 0x) and its summary.
type Built struct {
	Raw     *supra.RawTransaction
	RawHex  string
	Summary Summary
}

// ParseFunction checks a fully qualified function name: exactly
// address::module::function; the module id part must have exactly two valid parts.
func ParseFunction(s string) (supra.FunctionID, error) {
	parts := strings.Split(s, "::")
	if len(parts) != 3 {
		return supra.FunctionID{}, inputErr(CodeInvalidFunction, "Function name must be fully qualified as address::module::function.")
	}
	mod, err := supra.ParseModuleID(parts[0] + "::" + parts[1])
	if err != nil {
		return supra.FunctionID{}, inputErr(CodeInvalidFunction, MsgInvalidModuleID)
	}
	fid, err := supra.ParseFunctionID(mod.String() + "::" + parts[2])
	if err != nil {
		return supra.FunctionID{}, inputErr(CodeInvalidFunction, "Invalid function name %q.", parts[2])
	}
	return fid, nil
}

// Build validates an entry-function call against the function's ABI, encodes its
// arguments and returns the raw transaction with the sender's sequence number, the
// node's gas price (never below the chain's minimum), max gas supra.DefaultMaxGas (until
// a simulation sets it: SetMaxGas) and expiry now + 30 s.
func (c *Core) Build(ctx context.Context, req CallRequest) (*Built, error) {
	sender, err := supra.ParseAddress(req.Sender)
	if err != nil {
		return nil, inputErr(CodeInvalidAddress, "%s", err.Error())
	}
	fid, err := ParseFunction(req.Function)
	if err != nil {
		return nil, err
	}
	if len(req.TypeArgs) > supra.MaxTypeArgs || len(req.Arguments) > supra.MaxArgs {
		return nil, inputErr(CodeInvalidArgument, "Too many arguments.")
	}
	tys := make([]supra.TypeTag, len(req.TypeArgs))
	for i, s := range req.TypeArgs {
		if tys[i], err = supra.ParseTypeTag(s); err != nil {
			return nil, inputErr(CodeInvalidTypeArgs, "Invalid type argument %q.", s)
		}
	}
	mod, err := c.ModuleABI(ctx, fid.Module)
	if errors.Is(err, ErrModuleNotFound) {
		return nil, inputErr(CodeInvalidFunction, "Module %s not found.", fid.Module)
	}
	if err != nil {
		return nil, err
	}
	fn, ok := mod.Function(fid.Name)
	if !ok || !fn.IsEntry {
		return nil, inputErr(CodeInvalidFunction, "%s is not an entry function.", fid)
	}
	if len(tys) != len(fn.GenericTypeParams) {
		return nil, inputErr(CodeInvalidTypeArgs, "Expected %d type arguments, received %d.", len(fn.GenericTypeParams), len(tys))
	}
	params := fn.ArgParams()
	if len(req.Arguments) != len(params) {
		return nil, inputErr(CodeInvalidArgument, "Wrong number of args provided. Expected %d, received %d.", len(params), len(req.Arguments))
	}
	args := make([][]byte, len(params))
	for i, p := range params {
		t, err := ResolveParamType(p, tys)
		if err != nil {
			return nil, err
		}
		if args[i], err = EncodeArg(t, req.Arguments[i]); err != nil {
			var ie *InputError
			if errors.As(err, &ie) {
				ie.Msg = fmt.Sprintf("Argument %d (%s): %s", i, p, ie.Msg)
			}
			return nil, err
		}
	}
	raw, err := c.BuildEntry(ctx, sender, supra.EntryFunction{Module: fid.Module, Function: fid.Name, TypeArgs: tys, Args: args})
	if err != nil {
		return nil, err
	}
	return built(raw, sender, fid, tys, req.Arguments)
}

// SetMaxGas changes the transaction's max gas (a simulation measured what it uses) and
// re-encodes its bytes and summary to match: what the wallet signs is what the answer says.
func (b *Built) SetMaxGas(units uint64) error {
	b.Raw.MaxGasAmount = units
	bs, err := b.Raw.Bytes()
	if err != nil {
		return fmt.Errorf("chain: encode raw transaction: %w", err)
	}
	b.RawHex = hex.EncodeToString(bs)
	b.Summary.MaxGasAmount = strconv.FormatUint(units, 10)
	return nil
}
