// Package devnettest has helpers for tests that drive a devnet.Node in-process: signing
// and submitting entry calls, and a random-operations driver that checks the node's
// invariants (conservation of every coin) after each step. Contract packages add their
// own operations (spins, swaps…) to the driver.
package devnettest

import (
	"github.com/aptos-labs/aptos-go-sdk/bcs"

	"crypto/ed25519"
	"encoding/binary"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/luckycoin/lucky/internal/devnet"
	"github.com/luckycoin/lucky/internal/supra"
)

// FixedTime is the clock New gives the node unless Options.Now is set.
var FixedTime = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// MinimalEventsEnv, set to a true value (1, true), has every node New starts emit minimal
// events (devnet.Options.MinimalEvents), so the existing tests run against the documented
// minimum: LUCKY_DEVNET_MINIMAL_EVENTS=1 go test ./internal/api/ -run Spin.
const MinimalEventsEnv = "LUCKY_DEVNET_MINIMAL_EVENTS"

// MinimalEvents reports whether MinimalEventsEnv asks for minimal events.
func MinimalEvents() bool {
	b, _ := strconv.ParseBool(os.Getenv(MinimalEventsEnv)) // anything else: off
	return b
}

// New starts a node with a fixed clock and closes it at the end of the test. With
// MinimalEventsEnv set it emits minimal events. Its minimum gas price is
// LUCKY_DEVNET_MIN_GAS_PRICE when set (as `lucky serve` reads it), so a suite can be run at
// mainnet's 100000, unless the test sets one.
func New(t testing.TB, opts devnet.Options) *devnet.Node {
	t.Helper()
	if MinimalEvents() {
		opts.MinimalEvents = true
	}
	if opts.Now == nil {
		opts.Now = func() time.Time { return FixedTime }
	}
	if v := os.Getenv("LUCKY_DEVNET_MIN_GAS_PRICE"); v != "" && opts.MinGasPrice == 0 {
		p, err := strconv.ParseUint(v, 10, 64)
		if err != nil || p == 0 {
			t.Fatalf("LUCKY_DEVNET_MIN_GAS_PRICE %q must be a positive whole number", v)
		}
		opts.MinGasPrice = p
	}
	n, err := devnet.New(opts)
	if err != nil {
		t.Fatalf("devnet.New: %v", err)
	}
	t.Cleanup(func() { n.Close() })
	return n
}

// Call is an entry-function call to sign and submit.
type Call struct {
	Function string   // "0x1::supra_account::transfer"
	TypeArgs []string // "0x1::supra_coin::SupraCoin"
	Args     [][]byte // BCS-encoded (U64, Addr, Str helpers)
	MaxGas   uint64   // default 10_000
	GasPrice uint64   // default the node's minimum
}

// Build returns the raw transaction for call from key's account at the node's current
// sequence number, expiring 300 s after the node's block time.
func Build(n *devnet.Node, key ed25519.PrivateKey, c Call) (*supra.RawTransaction, error) {
	fid, err := supra.ParseFunctionID(c.Function)
	if err != nil {
		return nil, err
	}
	tys := make([]supra.TypeTag, len(c.TypeArgs))
	for i, s := range c.TypeArgs {
		if tys[i], err = supra.ParseTypeTag(s); err != nil {
			return nil, err
		}
	}
	sender := supra.AddressFromPublicKey(key.Public().(ed25519.PublicKey))
	seq, err := n.SequenceNumber(sender)
	if err != nil && !errors.Is(err, devnet.ErrNotFound) {
		return nil, err
	}
	if c.MaxGas == 0 {
		c.MaxGas = 10_000
	}
	if c.GasPrice == 0 {
		c.GasPrice = n.MinGasPrice()
	}
	return &supra.RawTransaction{
		Sender:                  sender,
		SequenceNumber:          seq,
		Payload:                 supra.EntryFunction{Module: fid.Module, Function: fid.Name, TypeArgs: tys, Args: c.Args},
		MaxGasAmount:            c.MaxGas,
		GasUnitPrice:            c.GasPrice,
		ExpirationTimestampSecs: uint64(n.Now().Unix()) + 300,
		ChainID:                 devnet.ChainID,
	}, nil
}

// Submit builds, signs and submits call; it returns the hash or the rejection.
func Submit(n *devnet.Node, key ed25519.PrivateKey, c Call) ([32]byte, error) {
	raw, err := Build(n, key, c)
	if err != nil {
		return [32]byte{}, err
	}
	tx, err := supra.Sign(raw, key)
	if err != nil {
		return [32]byte{}, err
	}
	return n.Submit(tx)
}

// U64 encodes a u64 argument.
func U64(v uint64) []byte { return binary.LittleEndian.AppendUint64(nil, v) }

// Addr encodes an address argument.
func Addr(a supra.Address) []byte { return append([]byte(nil), a[:]...) }

// Str encodes a String / vector<u8> argument (ULEB128 length + bytes).
func Str(s string) []byte {
	ser := &bcs.Serializer{}
	ser.WriteBytes([]byte(s))
	return ser.ToBytes()
}

// Env is what a random operation gets: the node, a rand source and a pool of funded keys.
type Env struct {
	Node *devnet.Node
	Rand *rand.Rand
	Keys []ed25519.PrivateKey
}

// Key returns a random key of the pool.
func (e *Env) Key() ed25519.PrivateKey { return e.Keys[e.Rand.IntN(len(e.Keys))] }

// Address returns the address of a key.
func Address(k ed25519.PrivateKey) supra.Address {
	return supra.AddressFromPublicKey(k.Public().(ed25519.PublicKey))
}

// Op is one random operation. Returning an error fails the test; a rejected or failed
// transaction is not an error (failures are part of the property).
type Op struct {
	Name   string
	Weight int
	Run    func(e *Env) error
}

// RunRandomOps runs steps operations chosen by weight from ops, checking
// node.CheckInvariants after every one. Keys seeds the pool (dev accounts plus fresh keys
// are typical); seed makes the run reproducible.
func RunRandomOps(t testing.TB, n *devnet.Node, keys []ed25519.PrivateKey, ops []Op, steps int, seed uint64) map[string]int {
	t.Helper()
	env := &Env{Node: n, Rand: rand.New(rand.NewPCG(seed, seed^0x5eed)), Keys: keys}
	total := 0
	for _, op := range ops {
		total += op.Weight
	}
	counts := map[string]int{}
	for i := 0; i < steps; i++ {
		r := env.Rand.IntN(total)
		var op Op
		for _, o := range ops {
			if r < o.Weight {
				op = o
				break
			}
			r -= o.Weight
		}
		if err := op.Run(env); err != nil {
			t.Fatalf("step %d (%s): %v", i, op.Name, err)
		}
		counts[op.Name]++
		if err := n.CheckInvariants(); err != nil {
			t.Fatalf("step %d (%s): invariant broken: %v", i, op.Name, err)
		}
	}
	return counts
}

// IgnoreRejected turns a *devnet.RejectError into nil (rejections are expected in random
// runs) and keeps other errors.
func IgnoreRejected(err error) error {
	if err == nil || errors.Is(err, devnet.ErrRejected) {
		return nil
	}
	return fmt.Errorf("unexpected error: %w", err)
}
