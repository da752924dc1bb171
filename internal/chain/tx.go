package chain

import (
	"context"
	"fmt"

	"github.com/luckycoin/lucky/internal/supra"
)

// Transaction reads a transaction; supra.ErrTxNotFound while the node does not know it.
func (c *Core) Transaction(ctx context.Context, hash string) (*supra.TransactionInfo, error) {
	tx, err := c.node.Transaction(ctx, hash)
	if err != nil {
		return nil, fmt.Errorf("transaction %s: %w", hash, err)
	}
	return tx, nil
}

// WaitTransaction waits until the transaction is final or ctx ends; then it returns the
// last state the node showed (still pending when ctx ended first), or
// supra.ErrTxNotFound when the node never knew it.
func (c *Core) WaitTransaction(ctx context.Context, hash string) (*supra.TransactionInfo, error) {
	tx, _, err := c.node.WaitForTransaction(ctx, hash)
	if err != nil {
		return nil, fmt.Errorf("transaction %s: %w", hash, err)
	}
	return tx, nil
}
