package chain

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/luckycoin/lucky/internal/supra"
)

// Call is an entry-function call built from typed Go values: every binding (spin, burn,
// transfer, swap, miners…) makes one and hands it to buildCall. Args are already BCS
// (supra.ArgU64, ArgAddress, ArgString); Shown are the same arguments as people read
// them in the summary (decimal strings, addresses, type strings).
type Call struct {
	Function supra.FunctionID
	TypeArgs []supra.TypeTag
	Args     [][]byte
	Shown    []string
}

// buildCall fills in the sender's sequence number, the gas price and the chain id and
// returns the raw transaction with its summary.
func (c *core) buildCall(ctx context.Context, sender supra.Address, call Call) (*Built, error) {
	sig, err := c.declared(call.Function.String())
	if err != nil {
		return nil, err
	}
	if !sig.Entry || sig.TypeParams != len(call.TypeArgs) || len(sig.Params)-1 != len(call.Args) {
		return nil, fmt.Errorf("%w: %s called with <%d> and %d arguments, declared %d and %d", ErrNotConfigured,
			sig.ID(), len(call.TypeArgs), len(call.Args), sig.TypeParams, len(sig.Params)-1)
	}
	raw, err := c.tx.Build(ctx, sender, supra.EntryFunction{Module: call.Function.Module,
		Function: call.Function.Name, TypeArgs: call.TypeArgs, Args: call.Args})
	if err != nil {
		return nil, err
	}
	shown := make([]json.RawMessage, len(call.Shown))
	for i, s := range call.Shown {
		shown[i] = json.RawMessage(strconv.Quote(s))
	}
	return built(raw, sender, call.Function, call.TypeArgs, shown)
}

// built encodes raw and describes it.
func built(raw *supra.RawTransaction, sender supra.Address, fid supra.FunctionID, tys []supra.TypeTag, args []json.RawMessage) (*Built, error) {
	b, err := raw.Bytes()
	if err != nil {
		return nil, fmt.Errorf("chain: encode raw transaction: %w", err)
	}
	sum := Summary{
		Sender:                  sender.String(),
		Function:                fid.Module.Address.String() + "::" + fid.Module.Name + "::" + fid.Name,
		TypeArguments:           make([]string, len(tys)),
		Arguments:               make([]json.RawMessage, len(args)),
		SequenceNumber:          strconv.FormatUint(raw.SequenceNumber, 10),
		MaxGasAmount:            strconv.FormatUint(raw.MaxGasAmount, 10),
		GasUnitPrice:            strconv.FormatUint(raw.GasUnitPrice, 10),
		ExpirationTimestampSecs: strconv.FormatUint(raw.ExpirationTimestampSecs, 10),
		ChainID:                 raw.ChainID,
	}
	for i, t := range tys {
		sum.TypeArguments[i] = t.String()
	}
	copy(sum.Arguments, args)
	return &Built{Raw: raw, RawHex: hex.EncodeToString(b), Summary: sum}, nil
}

// BuildEntry makes the raw transaction of payload for sender through supra's builder:
// sequence number, gas price and chain id read from the node, the app's max gas and
// expiry.
func (c *Core) BuildEntry(ctx context.Context, sender supra.Address, payload supra.EntryFunction) (*supra.RawTransaction, error) {
	return c.tx.Build(ctx, sender, payload)
}

// typeTag parses a type string the registry or the network preset gave (a bad one is a
// configuration defect, not the caller's).
func typeTag(s string) (supra.TypeTag, error) {
	t, err := supra.ParseTypeTag(s)
	if err != nil {
		return supra.TypeTag{}, fmt.Errorf("%w: type %q: %v", ErrNotConfigured, s, err)
	}
	return t, nil
}
