package supra

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"
)

// Transaction defaults of every transaction this app builds, and the devnet's chain id.
// They live here once: the app's bindings and the dev wallet build through the same
// TxBuilder (docs/mainnet-gas.md says where each figure comes from).
//
// DefaultMaxGas is the max gas of a transaction no simulation has priced (the sender's
// key is not known yet, or the node did not simulate in time). The Supra SDK's bounds are
// 500 for a call (DEFAULT_MAX_GAS_UNITS since v5) and 1,020 for a transfer that creates
// its recipient; a transaction of this app can be both at once (a burn's first transfer
// to the burn address creates that account, measured 1,009 units on the devnet), so 2,000
// covers the sum with room. The node refuses a transaction unless the sender holds max
// gas × price, which at mainnet's 100,000 is 2 SUPRA here where the old 500,000 asked
// 500 SUPRA of every sender. A simulated transaction gets MaxGasForUsed of what the
// simulation used instead.
//
// DefaultMinGasPrice is the floor under the node's estimate; on a node with v3
// estimate_gas_price the chain's own minimum (min_configured_gas_price) rules above it.
const (
	DefaultMaxGas      = 2_000
	DefaultExpiry      = 30 * time.Second
	DefaultMinGasPrice = 100
	DevnetChainID      = 255
	// MaxGasLimit is the Move layer's maximum_number_of_gas_units: no max gas above it.
	MaxGasLimit = 2_000_000
	// MaxGasMargin multiplies a simulation's gas used into the max gas of the transaction
	// that is signed. The simulation runs on the state of its moment; the transaction runs
	// seconds later on another: a spin's prizes are drawn only then (a winning spin pays
	// out, a losing one does not), a swap meets pool reserves others moved, a first
	// deposit may create a coin store. Twice the measure covers that spread, and a large
	// max costs nothing by itself (the network charges only the gas used); it only asks
	// the sender to hold max gas × price up front, which stays small at 2×.
	MaxGasMargin = 2
	// MinSimulatedMaxGas is the least max gas a simulated transaction gets, so a tiny
	// measure (a transfer's few units) still leaves room for a coin store's creation.
	MinSimulatedMaxGas = 100
)

// MaxGasForUsed is the max gas of a transaction whose simulation used gasUsed units:
// gasUsed × MaxGasMargin, at least MinSimulatedMaxGas, at most MaxGasLimit.
func MaxGasForUsed(gasUsed uint64) uint64 {
	if gasUsed > MaxGasLimit/MaxGasMargin {
		return MaxGasLimit
	}
	return max(gasUsed*MaxGasMargin, MinSimulatedMaxGas)
}

// TxNode is what building a transaction reads from a node.
type TxNode interface {
	Account(ctx context.Context, addr Address) (AccountInfo, error)
	ChainID(ctx context.Context) (uint8, error)
	GasPrice(ctx context.Context) (GasPrice, error)
}

// TxBuilder turns an entry-function payload into a raw transaction: the sender's next
// sequence number, the node's gas price (GasPrice.Price, never below MinGasPrice), MaxGas, expiry
// Now + Expiry and the node's chain id (read once: it never changes for a node).
// Zero fields take the defaults above. Safe for concurrent use.
type TxBuilder struct {
	Node        TxNode
	Now         func() time.Time
	MaxGas      uint64
	MinGasPrice uint64
	Expiry      time.Duration

	mu      sync.Mutex
	chainID uint8
	haveID  bool
}

// NewTxBuilder returns a builder over node with the default settings.
func NewTxBuilder(node TxNode) *TxBuilder { return &TxBuilder{Node: node} }

func (b *TxBuilder) now() time.Time {
	if b.Now != nil {
		return b.Now()
	}
	return time.Now()
}

// ChainID reads the node's chain id once and caches it.
func (b *TxBuilder) ChainID(ctx context.Context) (uint8, error) {
	b.mu.Lock()
	if b.haveID {
		id := b.chainID
		b.mu.Unlock()
		return id, nil
	}
	b.mu.Unlock()
	id, err := b.Node.ChainID(ctx)
	if err != nil {
		return 0, fmt.Errorf("chain id: %w", err)
	}
	b.mu.Lock()
	b.chainID, b.haveID = id, true
	b.mu.Unlock()
	return id, nil
}

// GasPrice is the price to build with: on a node with v3 estimate_gas_price max(the
// chain's minimum, the median), else the mean; never below MinGasPrice. It is read on
// every build (one round trip, alongside the sequence number): the chain's minimum can
// change, and a price below it is refused.
func (b *TxBuilder) GasPrice(ctx context.Context) (uint64, error) {
	g, err := b.Node.GasPrice(ctx)
	if err != nil {
		return 0, fmt.Errorf("gas price: %w", err)
	}
	return g.Price(b.minGasPrice()), nil
}

func (b *TxBuilder) minGasPrice() uint64 {
	if b.MinGasPrice == 0 {
		return DefaultMinGasPrice
	}
	return b.MinGasPrice
}

// SequenceNumber is the account's next sequence number (0 for an account the node does
// not know yet: its first transaction creates it).
func (b *TxBuilder) SequenceNumber(ctx context.Context, addr Address) (uint64, error) {
	info, err := b.Node.Account(ctx, addr)
	if errors.Is(err, ErrAccountNotFound) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("account %s: %w", addr, err)
	}
	return info.SequenceNumber, nil
}

// Build reads the sequence number, gas price and chain id concurrently and returns the
// raw transaction of payload for sender.
func (b *TxBuilder) Build(ctx context.Context, sender Address, payload EntryFunction) (*RawTransaction, error) {
	raw := &RawTransaction{Sender: sender, Payload: payload, MaxGasAmount: b.MaxGas}
	if raw.MaxGasAmount == 0 {
		raw.MaxGasAmount = DefaultMaxGas
	}
	expiry := b.Expiry
	if expiry <= 0 {
		expiry = DefaultExpiry
	}
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() (err error) { raw.SequenceNumber, err = b.SequenceNumber(gctx, sender); return })
	g.Go(func() (err error) { raw.GasUnitPrice, err = b.GasPrice(gctx); return })
	g.Go(func() (err error) { raw.ChainID, err = b.ChainID(gctx); return })
	if err := g.Wait(); err != nil {
		return nil, err
	}
	raw.ExpirationTimestampSecs = uint64(b.now().Add(expiry).Unix())
	return raw, nil
}
