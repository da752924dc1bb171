package store_test

import (
	"context"
	"math"
	"testing"

	"github.com/luckycoin/lucky/internal/history"
	"github.com/luckycoin/lucky/internal/store"
)

func TestPlayTotalsSince(t *testing.T) {
	ctx := context.Background()
	t0 := int64(1_767_225_600)
	b := &store.Batch{Cursors: map[string]uint64{"play": 9}, Events: history.Events{Plays: []history.Play{
		{Meta: meta("0xc1", 0, 1, t0), Player: bob, Token: luckyT, Bet: 10_000_000, Spins: 3, Won: 515_000_000, Tiers: []uint8{6, 0, 3}},
		{Meta: meta("0xc2", 0, 2, t0+60), Player: bob, Token: luckyT, Bet: 10_000_000, Spins: 2, Won: 5_000_000, Tiers: []uint8{1, 0}},
		// Two plays whose sums pass 64 bits.
		{Meta: meta("0xc3", 0, 3, t0+61), Player: bob, Token: supraT, Bet: math.MaxUint64, Spins: 1, Won: math.MaxUint64, Tiers: []uint8{0}},
		{Meta: meta("0xc4", 0, 4, t0+62), Player: bob, Token: supraT, Bet: math.MaxUint64, Spins: 1, Won: 0, Tiers: []uint8{0}},
		{Meta: meta("0xc5", 0, 5, t0+63), Player: alice, Token: luckyT, Bet: 10_000_000, Spins: 1, Won: 0, Tiers: []uint8{0}},
	}}}
	for name, db := range backends(t) {
		t.Run(name, func(t *testing.T) {
			must(t, ingest(ctx, db, b))
			tests := []struct {
				name  string
				since int64
				want  map[string][4]string // coin → plays, spins, wagered, won
			}{
				{"all", 0, map[string][4]string{
					luckyT.String(): {"2", "5", "50000000", "520000000"},
					supraT.String(): {"2", "2", "36893488147419103230", "18446744073709551615"},
				}},
				{"from the second play", (t0 + 60) * 1_000_000, map[string][4]string{
					luckyT.String(): {"1", "2", "20000000", "5000000"},
					supraT.String(): {"2", "2", "36893488147419103230", "18446744073709551615"},
				}},
				{"after every play", (t0 + 64) * 1_000_000, map[string][4]string{}},
			}
			for _, tc := range tests {
				got, err := db.PlayTotalsSince(ctx, bob, tc.since)
				if err != nil {
					t.Fatalf("%s: %v", tc.name, err)
				}
				if len(got) != len(tc.want) {
					t.Fatalf("%s: %d coins, want %d: %+v", tc.name, len(got), len(tc.want), got)
				}
				for _, g := range got {
					w, ok := tc.want[g.Token.String()]
					have := [4]string{u(g.Plays), u(g.Spins), g.Wagered.String(), g.Won.String()}
					if !ok || have != w {
						t.Errorf("%s: %s = %v, want %v", tc.name, g.Token, have, w)
					}
				}
			}
		})
	}
}
