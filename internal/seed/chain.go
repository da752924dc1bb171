package seed

import (
	"crypto/ed25519"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"github.com/luckycoin/lucky/internal/devnet"
	"github.com/luckycoin/lucky/internal/devnet/contracts"
	"github.com/luckycoin/lucky/internal/supra"
)

// The adapter between the writer and the devnet node: transactions are built, signed and
// submitted like any wallet's, and state is read through the node's balances and views.

// signer is an account the past signs for.
type signer struct {
	key  ed25519.PrivateKey
	addr supra.Address
}

// call is one entry-function call.
type call struct {
	fn       supra.FunctionID
	typeArgs []string // canonical type strings
	args     [][]byte // BCS-encoded
}

const (
	// expirySeconds is how long after the chain's clock a transaction expires, as a
	// wallet's do.
	expirySeconds = 300
	// maxGas covers the costliest call of the past, a 500-spin play (a unit a spin).
	maxGas = 10_000
)

// nodeChain writes to and reads from a devnet node.
type nodeChain struct {
	n        *devnet.Node
	gasPrice uint64
	tags     map[string]supra.TypeTag // parsed type arguments, by type string
	txs      int                      // transactions executed
	failed   int                      // of which failed (aborted)
	log      *slog.Logger
}

func newNodeChain(n *devnet.Node, log *slog.Logger) *nodeChain {
	return &nodeChain{n: n, gasPrice: n.MinGasPrice(), tags: map[string]supra.TypeTag{}, log: log}
}

// advanceTo moves the chain's clock forward to t, where the next block goes (or a
// microsecond after the last block, if that is later).
func (c *nodeChain) advanceTo(t time.Time) error {
	if _, err := c.n.SetTime(t); err != nil {
		return fmt.Errorf("seed: set the clock: %w", err)
	}
	return nil
}

// submit signs cl as s, submits it and reports whether it executed successfully. A
// transaction the node refuses (ErrRefused) means the writer built it wrong.
func (c *nodeChain) submit(s signer, cl call) (bool, error) {
	seq, err := c.n.SequenceNumber(s.addr)
	if err != nil {
		return false, fmt.Errorf("%w: %s by %s: %w", ErrRefused, cl.fn, s.addr, err)
	}
	tys := make([]supra.TypeTag, len(cl.typeArgs))
	for i, ta := range cl.typeArgs {
		if tys[i], err = c.tag(ta); err != nil {
			return false, err
		}
	}
	raw := &supra.RawTransaction{
		Sender:                  s.addr,
		SequenceNumber:          seq,
		Payload:                 supra.EntryFunction{Module: cl.fn.Module, Function: cl.fn.Name, TypeArgs: tys, Args: cl.args},
		MaxGasAmount:            maxGas,
		GasUnitPrice:            c.gasPrice,
		ExpirationTimestampSecs: uint64(c.n.Now().Unix()) + expirySeconds,
		ChainID:                 devnet.ChainID,
	}
	tx, err := supra.Sign(raw, s.key)
	if err != nil {
		return false, fmt.Errorf("seed: sign %s: %w", cl.fn, err)
	}
	h, err := c.n.Submit(tx)
	if err != nil {
		return false, fmt.Errorf("%w: %s by %s: %w", ErrRefused, cl.fn, s.addr, err)
	}
	c.txs++
	info, ok := c.n.Transaction(h)
	if !ok {
		return false, fmt.Errorf("%w: %s by %s: transaction %x not found after submitting it", ErrRefused, cl.fn, s.addr, h)
	}
	if info.Status != supra.StatusSuccess {
		c.failed++
		status := ""
		if info.Output != nil {
			status = info.Output.Move.VMStatus
		}
		c.log.Debug("devnet past: transaction failed", "function", cl.fn.String(), "sender", s.addr.String(), "vm_status", status)
		return false, nil
	}
	return true, nil
}

func (c *nodeChain) tag(s string) (supra.TypeTag, error) {
	if t, ok := c.tags[s]; ok {
		return t, nil
	}
	t, err := supra.ParseTypeTag(s)
	if err != nil {
		return supra.TypeTag{}, fmt.Errorf("seed: type %q: %w", s, err)
	}
	c.tags[s] = t
	return t, nil
}

func (c *nodeChain) balance(a supra.Address, coin string) uint64 { return c.n.Balance(a, coin) }

// reserves are the Dexlyn pool's reserves of x and y, in that order.
func (c *nodeChain) reserves(x, y string) (uint64, uint64, error) {
	out, err := c.view(dexFunction("router", "get_reserves_size"), []string{x, y, contracts.UncorrelatedType})
	if err != nil || len(out) != 2 {
		return 0, 0, fmt.Errorf("seed: reserves of %s/%s: %d results, %w", x, y, len(out), err)
	}
	return out[0], out[1], nil
}

// amountOut is what the pool pays for in of x, in y.
func (c *nodeChain) amountOut(x, y string, in uint64) (uint64, error) {
	out, err := c.view(dexFunction("router", "get_amount_out"), []string{x, y, contracts.UncorrelatedType}, strconv.FormatUint(in, 10))
	if err != nil || len(out) != 1 {
		return 0, fmt.Errorf("seed: amount out of %s/%s: %d results, %w", x, y, len(out), err)
	}
	return out[0], nil
}

// view runs a view whose results are all u64.
func (c *nodeChain) view(fn supra.FunctionID, typeArgs []string, args ...string) ([]uint64, error) {
	raw := make([]json.RawMessage, len(args))
	for i, a := range args {
		raw[i], _ = json.Marshal(a) // a string always encodes
	}
	res, err := c.n.View(fn.String(), typeArgs, raw)
	if err != nil {
		return nil, err
	}
	out := make([]uint64, len(res))
	for i, r := range res {
		var s string
		if err := json.Unmarshal(r, &s); err != nil {
			return nil, fmt.Errorf("result %d: %w", i, err)
		}
		if out[i], err = strconv.ParseUint(s, 10, 64); err != nil {
			return nil, fmt.Errorf("result %d: %w", i, err)
		}
	}
	return out, nil
}

// Entry functions of the past.
func framework(name string) supra.FunctionID {
	return supra.FunctionID{Module: supra.ModuleID{Address: supra.FrameworkAddress, Name: "supra_account"}, Name: name}
}

func dexFunction(module, name string) supra.FunctionID {
	return supra.FunctionID{Module: supra.ModuleID{Address: contracts.DexlynAddress, Name: module}, Name: name}
}

func slotsFunction(name string) supra.FunctionID {
	return supra.FunctionID{Module: supra.ModuleID{Address: contracts.SlotsAddress, Name: "slots_v3"}, Name: name}
}

func stakingFunction(name string) supra.FunctionID {
	return supra.FunctionID{Module: supra.ModuleID{Address: contracts.StakingAddress, Name: "staking"}, Name: name}
}

func minersFunction(name string) supra.FunctionID {
	return supra.FunctionID{Module: supra.ModuleID{Address: contracts.MinersAddress, Name: "cosmic_miners"}, Name: name}
}

// BCS encodings of the arguments.
func u64Arg(v uint64) []byte { return binary.LittleEndian.AppendUint64(nil, v) }

func addressArg(a supra.Address) []byte { return append([]byte(nil), a[:]...) }

// stringArg is a 0x1::string::String: its length as ULEB128, then its bytes.
func stringArg(s string) []byte { return append(binary.AppendUvarint(nil, uint64(len(s))), s...) }

// addressesArg is a vector<address>.
func addressesArg(as ...supra.Address) []byte {
	out := binary.AppendUvarint(nil, uint64(len(as)))
	for _, a := range as {
		out = append(out, a[:]...)
	}
	return out
}
