package chain

import (
	"context"

	"github.com/luckycoin/lucky/internal/supra"
)

// The event index stores coin types as the text the node wrote and asks about pools in
// that text; these parse it at that edge and call the typed Dex client.

// Decoders is Core.Decoders: the event registry the index decodes with.
func (c *Client) Decoders() *Registry { return c.Core.Decoders() }

// Reserves is Dex.Reserves for a pair written as text.
func (c *Client) Reserves(ctx context.Context, a, b string) (Reserves, error) {
	x, y, err := parsePair(a, b)
	if err != nil {
		return Reserves{}, err
	}
	return c.Dex.Reserves(ctx, x, y)
}

// PoolDAOShare is Dex.PoolDAOShare for a pair written as text.
func (c *Client) PoolDAOShare(ctx context.Context, a, b string) (DAOShare, error) {
	x, y, err := parsePair(a, b)
	if err != nil {
		return DAOShare{}, err
	}
	return c.Dex.PoolDAOShare(ctx, x, y)
}

// parsePair parses two coin types; a bad one is an input error naming it.
func parsePair(a, b string) (supra.CoinType, supra.CoinType, error) {
	x, err := supra.ParseCoinType(a)
	if err != nil {
		return x, x, inputErr(CodeInvalidTypeArgs, "Invalid coin type %q.", a)
	}
	y, err := supra.ParseCoinType(b)
	if err != nil {
		return x, y, inputErr(CodeInvalidTypeArgs, "Invalid coin type %q.", b)
	}
	return x, y, nil
}
