package api

import (
	"context"
	"crypto/ed25519"
	"errors"
	"fmt"
	"math/big"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/luckycoin/lucky/internal/chain"
	"github.com/luckycoin/lucky/internal/market"
	"github.com/luckycoin/lucky/internal/supra"
)

// Every build endpoint answers the network fee of the transaction it built, before the
// wallet signs it: the node's gas unit price times the gas units a simulation of that
// exact raw transaction used. Without a simulation (no public key for the sender, a node
// that cannot simulate or is slow) it is the most the transaction can cost, max gas ×
// price, and says so. The USD value comes from the market snapshot's SUPRA price, null
// (with the reason) when there is none.

// FeeWait bounds what the fee adds to a build: the key lookup and the simulation, with the
// market read for its USD value running alongside. Past it the fee is the upper bound.
const FeeWait = 1500 * time.Millisecond

// Fee estimate methods.
const (
	FeeSimulated  = "simulation"
	FeeUpperBound = "maxGas"
)

// CodeInvalidPublicKey is a build request's publicKey that is not an Ed25519 public key.
const CodeInvalidPublicKey = "invalid_public_key"

// MsgInvalidPublicKey says what publicKey must be.
const MsgInvalidPublicKey = "publicKey must be the sender's Ed25519 public key: 32 bytes as hex."

// supraDecimals is the native coin's decimals: fees are paid in SUPRA base units.
const supraDecimals = 8

// Simulator is what the fee estimate needs of the node (chain.Core): the gas price, the
// sender's public key from its past transactions, and a simulation.
type Simulator interface {
	// GasPrice is the price transactions are built with (GET /gas).
	GasPrice(ctx context.Context) (uint64, error)
	SenderPublicKey(ctx context.Context, addr supra.Address) (ed25519.PublicKey, error)
	Simulate(ctx context.Context, raw *supra.RawTransaction, pub ed25519.PublicKey) (*supra.TransactionInfo, error)
}

// feeRequest is the optional part every build request may carry: the sender's public key,
// which a wallet that exposes it lets the app send, so even an account's first transaction
// can be simulated.
type feeRequest struct {
	PublicKey string `json:"publicKey"`
}

// feeJSON is the "fee" of every build answer. Amounts are integers as decimal strings.
type feeJSON struct {
	// Amount is GasUnits × GasUnitPrice in SUPRA base units (Decimals 8).
	Amount       string `json:"amount"`
	Decimals     uint8  `json:"decimals"`
	GasUnits     string `json:"gasUnits"`
	GasUnitPrice string `json:"gasUnitPrice"`
	MaxGasAmount string `json:"maxGasAmount"`
	// Estimate is "simulation" (GasUnits is what the node's simulation used) or "maxGas"
	// (GasUnits is the transaction's max gas: the most it can cost).
	Estimate string `json:"estimate"`
	// Note says in words how the figure was made, and why not by simulation when not.
	Note           string  `json:"note"`
	USD            *string `json:"usd"`
	USDUnavailable *string `json:"usdUnavailable"`
	// SimulationError is the simulation's verdict on a transaction that would fail
	// ("Transaction Can Be Failed, Reason: …"), for the app to show before signing.
	SimulationError *string `json:"simulationError"`
}

// keyCache remembers the public keys found on chain: an account's key changes only by a
// rotation, and a simulation refused with INVALID_AUTH_KEY forgets it.
type keyCache struct {
	mu   sync.Mutex
	keys map[supra.Address]ed25519.PublicKey
}

// maxCachedKeys bounds the cache; past it, it starts over (a lookup is one node read).
const maxCachedKeys = 10_000

func (c *keyCache) get(a supra.Address) ed25519.PublicKey {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.keys[a]
}

func (c *keyCache) put(a supra.Address, k ed25519.PublicKey) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.keys == nil || len(c.keys) >= maxCachedKeys {
		c.keys = map[supra.Address]ed25519.PublicKey{}
	}
	c.keys[a] = k
}

func (c *keyCache) forget(a supra.Address) {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.keys, a)
}

// parsePublicKey reads an optional hex public key ("" is none).
func parsePublicKey(s string) (ed25519.PublicKey, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, nil
	}
	b, err := supra.DecodeHex(s)
	if err != nil || len(b) != ed25519.PublicKeySize {
		return nil, &chain.InputError{Code: CodeInvalidPublicKey, Msg: MsgInvalidPublicKey}
	}
	return ed25519.PublicKey(b), nil
}

// writeBuilt answers a build: the raw transaction, its summary and its fee. summary is
// made after the fee, because a simulation sets the transaction's max gas, which changes
// its bytes and its summary.
func (h *Handler) writeBuilt(w http.ResponseWriter, r *http.Request, b *chain.Built, fr feeRequest, summary func() any) {
	h.writeBuiltResponse(w, r, b, fr, func() buildResponse { return buildResponse{Summary: summary()} })
}

// writeBuiltResponse is writeBuilt for an answer with more than a summary (a swap's steps).
// When a simulation measured the transaction, its max gas becomes supra.MaxGasForUsed of
// that measure instead of the unsimulated supra.DefaultMaxGas: the sender then needs to hold
// only about twice the fee, not max gas × price of a guess.
func (h *Handler) writeBuiltResponse(w http.ResponseWriter, r *http.Request, b *chain.Built, fr feeRequest, resp func() buildResponse) {
	key, err := parsePublicKey(fr.PublicKey)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	fee, m := h.estimateFee(r.Context(), b.Raw, key)
	if m.ok {
		if err := b.SetMaxGas(m.maxGas()); err != nil {
			h.fail(w, r, err)
			return
		}
		fee.MaxGasAmount = u64s(b.Raw.MaxGasAmount)
	}
	out := resp()
	out.RawTransaction, out.Fee = b.RawHex, fee
	WriteJSON(w, http.StatusOK, out)
}

// estimateFee prices raw: the simulation (after finding the sender's key when the request
// gave none) and the market read for USD run side by side within FeeWait.
func (h *Handler) estimateFee(ctx context.Context, raw *supra.RawTransaction, key ed25519.PublicKey) (*feeJSON, gasMeasure) {
	ctx, cancel := context.WithTimeout(ctx, FeeWait)
	defer cancel()
	var snap *market.Snapshot
	done := make(chan struct{})
	go func() {
		defer close(done)
		if h.market == nil {
			return
		}
		s, err := h.market.Snapshot(ctx, false)
		if err != nil {
			h.log.Warn("fee: no market snapshot for the USD value", "err", err)
			return
		}
		snap = s
	}()
	fee, m := h.simulateFee(ctx, raw, key)
	<-done
	price := (*big.Rat)(nil)
	if snap != nil {
		price = snap.SupraUSD
	}
	if price == nil {
		fee.USDUnavailable = strPtr(market.USDUnavailable)
	} else {
		amt, _ := new(big.Int).SetString(fee.Amount, 10)
		fee.USD = market.DecimalPtr(new(big.Rat).Mul(price, new(big.Rat).SetFrac(amt, big.NewInt(100_000_000))))
	}
	return fee, m
}

// gasMeasure is what a simulation measured of a transaction: ok when one ran it, the gas
// units it used, and ceiling, the most max gas the sender can pay for when that was read
// (0: not read).
type gasMeasure struct {
	ok      bool
	used    uint64
	ceiling uint64
}

// maxGas is the max gas of the measured transaction: supra.MaxGasForUsed, within what the
// sender can pay for when that is known.
func (m gasMeasure) maxGas() uint64 {
	g := supra.MaxGasForUsed(m.used)
	if m.ceiling > 0 {
		g = min(g, max(m.ceiling, m.used))
	}
	return g
}

// simulateFee is the fee without its USD value, and what the simulation measured.
func (h *Handler) simulateFee(ctx context.Context, raw *supra.RawTransaction, key ed25519.PublicKey) (*feeJSON, gasMeasure) {
	upperFee := func(why string) *feeJSON {
		return newFee(raw, raw.MaxGasAmount, FeeUpperBound, "At most: the max gas of "+u64s(raw.MaxGasAmount)+
			" units × the node's gas price, not a simulation, because "+why+". The network charges only the gas used, usually far less.")
	}
	upper := func(why string) (*feeJSON, gasMeasure) { return upperFee(why), gasMeasure{} }
	if h.sim == nil {
		return upper("this server has no node to simulate on")
	}
	fromChain := false
	if key == nil {
		if key = h.keys.get(raw.Sender); key == nil {
			k, err := h.sim.SenderPublicKey(ctx, raw.Sender)
			switch {
			case errors.Is(err, chain.ErrNoPublicKey):
				return upper("this account's public key is not known yet: it has sent no transaction, and the wallet did not give it")
			case err != nil:
				h.log.Warn("fee: public key lookup failed", "sender", raw.Sender.String(), "err", err)
				return upper("the node did not answer in time")
			}
			key = k
			h.keys.put(raw.Sender, k)
		}
		fromChain = true
	}
	tx, err := h.sim.Simulate(ctx, raw, key)
	var ceiling uint64
	if roomier := h.roomierMax(ctx, raw, tx, err); roomier > 0 {
		// Measured again with all the gas the sender can pay for; the transaction keeps
		// the measure's max gas (writeBuiltResponse), so it is the one the node ran.
		try := *raw
		try.MaxGasAmount = roomier
		if tx2, err2 := h.sim.Simulate(ctx, &try, key); tx2 != nil && tx2.Status != supra.StatusInvalid && tx2.Output != nil {
			tx, err, ceiling = tx2, err2, roomier
		}
	}
	var se *supra.SimulationError
	switch {
	case errors.As(err, &se) && tx != nil && tx.Status == supra.StatusInvalid:
		// The node refused it before execution: nothing would be charged, so no gas figure.
		if se.VMStatus == "INVALID_AUTH_KEY" {
			if fromChain {
				h.keys.forget(raw.Sender)
			}
			return upper("the public key does not match this account")
		}
		f := upperFee("the node would refuse this transaction")
		f.SimulationError = strPtr(se.Error())
		return f, gasMeasure{}
	case errors.As(err, &se) && tx != nil && tx.Output != nil:
		// It would execute and fail: it would still be charged the gas it used.
		f := newFee(raw, tx.Output.Move.GasUsed, FeeSimulated, fmt.Sprintf(
			"Simulated on the node: this transaction would fail and still be charged %d gas units × the node's gas price.", tx.Output.Move.GasUsed))
		f.SimulationError = strPtr(se.Error())
		return f, gasMeasure{ok: true, used: tx.Output.Move.GasUsed, ceiling: ceiling}
	case err != nil:
		h.log.Warn("fee: simulation failed", "sender", raw.Sender.String(), "err", err)
		if ctx.Err() != nil {
			return upper("the node did not simulate it within " + FeeWait.String())
		}
		return upper("the node could not simulate it")
	case tx.Output == nil:
		return upper("the node's simulation had no output")
	}
	return newFee(raw, tx.Output.Move.GasUsed, FeeSimulated, fmt.Sprintf(
		"Simulated on the node: this exact transaction uses %d gas units × the node's gas price.", tx.Output.Move.GasUsed)), gasMeasure{ok: true, used: tx.Output.Move.GasUsed, ceiling: ceiling}
}

// roomierMax is the max gas to simulate raw again with when its simulation ran out of gas
// or was refused because the sender cannot hold max gas × price: raw has the unsimulated
// supra.DefaultMaxGas, which a heavy transaction can outgrow, and which at mainnet's price
// (2 SUPRA at 100,000) may be more than a small balance covers. It is
// what the sender's SUPRA pays for at raw's price, capped at supra.MaxGasLimit, as the
// Aptos SDK estimates max gas; 0 when there is nothing to gain.
func (h *Handler) roomierMax(ctx context.Context, raw *supra.RawTransaction, tx *supra.TransactionInfo, err error) uint64 {
	var se *supra.SimulationError
	if h.coins == nil || raw.GasUnitPrice == 0 || !errors.As(err, &se) || tx == nil {
		return 0
	}
	outOfGas := tx.Status != supra.StatusInvalid && isOutOfGas(se.VMStatus)
	if !outOfGas && se.VMStatus != "INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE" {
		return 0
	}
	bal, berr := h.coins.CoinBalance(ctx, raw.Sender, supra.NativeCoin())
	if berr != nil {
		h.log.Warn("fee: SUPRA balance for a roomier simulation", "sender", raw.Sender.String(), "err", berr)
		return 0
	}
	room := min(bal/raw.GasUnitPrice, supra.MaxGasLimit)
	if outOfGas && room <= raw.MaxGasAmount || room < supra.MinSimulatedMaxGas/supra.MaxGasMargin {
		return 0
	}
	return room
}

// isOutOfGas tells a vm_status of a transaction that ran out of gas (the node's text, or
// the status code's name).
func isOutOfGas(vmStatus string) bool {
	return strings.Contains(strings.ToLower(vmStatus), "out of gas") || strings.Contains(vmStatus, "OUT_OF_GAS")
}

func newFee(raw *supra.RawTransaction, units uint64, method, note string) *feeJSON {
	amt := new(big.Int).Mul(new(big.Int).SetUint64(units), new(big.Int).SetUint64(raw.GasUnitPrice))
	return &feeJSON{
		Amount: amt.String(), Decimals: supraDecimals, GasUnits: strconv.FormatUint(units, 10),
		GasUnitPrice: u64s(raw.GasUnitPrice), MaxGasAmount: u64s(raw.MaxGasAmount), Estimate: method, Note: note,
	}
}
