package store

import (
	"context"
	"fmt"
	"math/big"
	"sort"

	"github.com/luckycoin/lucky/internal/supra"
)

// PlayTotal is one player's plays of one coin summed: the count of plays and of spins,
// wagered (bet × spins) and won, in base units.
type PlayTotal struct {
	Token        supra.CoinType
	Plays, Spins uint64
	Wagered, Won *big.Int
}

// PlayTotalsSince sums a player's plays at or after sinceUS (microseconds since the epoch),
// per coin, ordered by coin type. The amounts are decimal strings in the index and may pass
// 64 bits once summed, so they are added as big integers here rather than in SQL.
func (s *DB) PlayTotalsSince(ctx context.Context, player string, sinceUS int64) ([]PlayTotal, error) {
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT token, spins, wagered, won FROM plays WHERE player = ? AND time_us >= ?`), player, sinceUS)
	if err != nil {
		return nil, fmt.Errorf("store: play totals: %w", err)
	}
	defer rows.Close()
	by := map[string]*PlayTotal{}
	for rows.Next() {
		var coin supra.CoinType
		var spins, wagered, won string
		if err := rows.Scan(coinCol{&coin}, &spins, &wagered, &won); err != nil {
			return nil, fmt.Errorf("store: play totals: %w", err)
		}
		n, ok1 := new(big.Int).SetString(spins, 10)
		w, ok2 := new(big.Int).SetString(wagered, 10)
		p, ok3 := new(big.Int).SetString(won, 10)
		if !ok1 || !ok2 || !ok3 || !n.IsUint64() {
			return nil, fmt.Errorf("store: play totals: unreadable play row (%q, %q, %q)", spins, wagered, won)
		}
		t := by[coin.String()]
		if t == nil {
			t = &PlayTotal{Token: coin, Wagered: new(big.Int), Won: new(big.Int)}
			by[coin.String()] = t
		}
		t.Plays++
		t.Spins += n.Uint64()
		t.Wagered.Add(t.Wagered, w)
		t.Won.Add(t.Won, p)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: play totals: %w", err)
	}
	out := make([]PlayTotal, 0, len(by))
	for _, t := range by {
		out = append(out, *t)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Token.String() < out[j].Token.String() })
	return out, nil
}
