package supra

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"
)

// Transaction defaults of every transaction this app builds (max gas 500000,
// expiry 30 s, gas unit price never below 100: docs/product.md, Transactions and the node), and the devnet's chain id. They live here
// once: the app's bindings and the dev wallet build through the same TxBuilder.
const (
	DefaultMaxGas      = 500_000
	DefaultExpiry      = 30 * time.Second
	DefaultMinGasPrice = 100
	DevnetChainID      = 255
)

// TxNode is what building a transaction reads from a node.
type TxNode interface {
	Account(ctx context.Context, addr Address) (AccountInfo, error)
	ChainID(ctx context.Context) (uint8, error)
	GasPrice(ctx context.Context) (GasPrice, error)
}

// TxBuilder turns an entry-function payload into a raw transaction: the sender's next
// sequence number, the node's mean gas price (never below MinGasPrice), MaxGas, expiry
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

// GasPrice is the node's mean gas price estimate, never below the minimum.
func (b *TxBuilder) GasPrice(ctx context.Context) (uint64, error) {
	g, err := b.Node.GasPrice(ctx)
	if err != nil {
		return 0, fmt.Errorf("gas price: %w", err)
	}
	return max(g.MeanGasPrice, b.minGasPrice()), nil
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
