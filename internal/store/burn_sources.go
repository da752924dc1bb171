package store

import (
	"context"
	"fmt"
	"math/big"

	"github.com/luckycoin/lucky/internal/supra"
)

// BurnSum is a total of base units and the transactions it came from.
type BurnSum struct {
	Amount *big.Int
	Txs    int64
}

func (s *BurnSum) add(amount, tx string, seen map[string]bool) error {
	v, ok := new(big.Int).SetString(amount, 10)
	if !ok {
		return fmt.Errorf("store: amount %q is not a number", amount)
	}
	s.Amount.Add(s.Amount, v)
	if !seen[tx] {
		seen[tx] = true
		s.Txs++
	}
	return nil
}

func newSum() BurnSum { return BurnSum{Amount: new(big.Int)} }

// BurnSources splits the index's burns of a token by what the transaction that made each
// one did: a swap (burned by sells), a slots play (burned by play), a transfer sent by the
// slots fee collector (burned by fees), or none of these (a holder's own burn). Fees is
// what the fee collector received in play transactions: the spin fees in that token the
// index saw (zero with no collector). Burns are counted from the burns table, the fees from
// the token's deposit events (the index keeps those for the tracked coin only).
type BurnSources struct {
	Sells, Play, Fees, Holders BurnSum
	FeesCollected              BurnSum
}

// BurnSources reads the token's burns by source; feeCollector is the long-form address
// of the slots fee collector, "" when the network has none the app knows.
func (s *DB) BurnSources(ctx context.Context, token supra.CoinType, feeCollector string) (BurnSources, error) {
	out := BurnSources{Sells: newSum(), Play: newSum(), Fees: newSum(), Holders: newSum(), FeesCollected: newSum()}
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT b.tx_hash, b.burner, b.amount,
		EXISTS (SELECT 1 FROM swaps x WHERE x.tx_hash = b.tx_hash),
		EXISTS (SELECT 1 FROM plays x WHERE x.tx_hash = b.tx_hash)
		FROM burns b WHERE b.token = ?`), token.String())
	if err != nil {
		return out, fmt.Errorf("store: burn sources: %w", err)
	}
	defer rows.Close()
	seen := map[*BurnSum]map[string]bool{&out.Sells: {}, &out.Play: {}, &out.Fees: {}, &out.Holders: {}, &out.FeesCollected: {}}
	for rows.Next() {
		var tx, burner, amount string
		var swap, play bool
		if err := rows.Scan(&tx, &burner, &amount, &swap, &play); err != nil {
			return out, fmt.Errorf("store: burn sources: %w", err)
		}
		sum := &out.Holders
		switch {
		case swap:
			sum = &out.Sells
		case play:
			sum = &out.Play
		case feeCollector != "" && burner == feeCollector:
			sum = &out.Fees
		}
		if err := sum.add(amount, tx, seen[sum]); err != nil {
			return out, err
		}
	}
	if err := rows.Err(); err != nil {
		return out, fmt.Errorf("store: burn sources: %w", err)
	}
	if feeCollector == "" {
		return out, nil
	}
	fees, err := s.db.QueryContext(ctx, s.q(`SELECT c.tx_hash, c.amount FROM coin_events c
		WHERE c.account = ? AND c.coin = ? AND c.deposit = 1
		AND EXISTS (SELECT 1 FROM plays x WHERE x.tx_hash = c.tx_hash)`), feeCollector, token.String())
	if err != nil {
		return out, fmt.Errorf("store: spin fees: %w", err)
	}
	defer fees.Close()
	for fees.Next() {
		var tx, amount string
		if err := fees.Scan(&tx, &amount); err != nil {
			return out, fmt.Errorf("store: spin fees: %w", err)
		}
		if err := out.FeesCollected.add(amount, tx, seen[&out.FeesCollected]); err != nil {
			return out, err
		}
	}
	if err := fees.Err(); err != nil {
		return out, fmt.Errorf("store: spin fees: %w", err)
	}
	return out, nil
}
