package store_test

import (
	"context"
	"math"
	"math/big"
	"testing"

	"github.com/luckycoin/lucky/internal/history"
	"github.com/luckycoin/lucky/internal/store"
	"github.com/luckycoin/lucky/internal/supra"
)

// What the market reads of the index, on both dialects: nothing before the first block,
// then the pools exactly as the same transaction left them with the block that names them,
// and each coin's last burn above a height.
func TestIndexedMarket(t *testing.T) {
	t0 := int64(1_767_225_600)
	x0, y0 := uint64(1_000_000_000_000), uint64(667_000_000_000)
	lp0 := uint64(math.Sqrt(float64(x0)*float64(y0))) - 1000
	steps := []struct {
		name  string
		batch *store.Batch
		above uint64
		// the pool LUCKY/SUPRA's reserves ("" none), the block, the last burns
		rx, ry string
		block  store.BlockRef
		burns  map[supra.CoinType]uint64
	}{
		{"a pool created at block 1", &store.Batch{Cursors: map[string]uint64{"liquidity_added": 2}, Last: &store.BlockRef{Height: 1, Hash: "0xb1"},
			Events: history.Events{Liquidity: []history.Liquidity{
				{Meta: meta("0xa1", 0, 1, t0), PairX: luckyT, PairY: supraT, X: x0, Y: y0, LP: lp0, Added: true}}}},
			0, u(x0), u(y0), store.BlockRef{Height: 1, Hash: "0xb1"}, map[supra.CoinType]uint64{}},
		{"a swap and burns at blocks 2 and 3", &store.Batch{Cursors: map[string]uint64{"swap": 4, "coin": 4}, Last: &store.BlockRef{Height: 3, Hash: "0xb3"},
			Events: history.Events{
				Swaps: []history.Swap{{Meta: meta("0xa2", 0, 2, t0+10), PairX: luckyT, PairY: supraT, XOut: 1_000_000, YIn: 700_000}},
				Coins: []history.CoinEvent{
					{Meta: meta("0xa3", 0, 2, t0+11), Deposit: true, Coin: luckyT, Account: burnA, Amount: 5},
					{Meta: meta("0xa4", 0, 3, t0+12), Deposit: true, Coin: luckyT, Account: burnA, Amount: 6},
					{Meta: meta("0xa5", 0, 3, t0+13), Deposit: true, Coin: supraT, Account: burnA, Amount: 7},
				}}},
			0, u(x0 - 1_000_000), u(y0 + 700_000), store.BlockRef{Height: 3, Hash: "0xb3"},
			map[supra.CoinType]uint64{luckyT: 3, supraT: 3}},
		{"burns above a height only", nil, 2, u(x0 - 1_000_000), u(y0 + 700_000), store.BlockRef{Height: 3, Hash: "0xb3"},
			map[supra.CoinType]uint64{luckyT: 3, supraT: 3}},
		{"no burn above the last", nil, 3, u(x0 - 1_000_000), u(y0 + 700_000), store.BlockRef{Height: 3, Hash: "0xb3"},
			map[supra.CoinType]uint64{}},
	}
	for name, db := range backends(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			m, err := db.IndexedMarket(ctx, 0)
			if err != nil || m.OK || len(m.Pools) != 0 {
				t.Fatalf("empty index: %+v %v", m, err)
			}
			for _, s := range steps {
				if s.batch != nil {
					if err := ingest(ctx, db, s.batch); err != nil {
						t.Fatal(err)
					}
				}
				m, err := db.IndexedMarket(ctx, s.above)
				if err != nil || !m.OK || m.Block != s.block || len(m.Pools) != 1 {
					t.Fatalf("%s: %+v %v", s.name, m, err)
				}
				if p := m.Pools[0]; p.X != luckyT.String() || p.Y != supraT.String() || p.ReserveX != s.rx || p.ReserveY != s.ry {
					t.Fatalf("%s: pool %+v, want %s/%s", s.name, p, s.rx, s.ry)
				}
				if len(m.LastBurn) != len(s.burns) {
					t.Fatalf("%s: burns %v, want %v", s.name, m.LastBurn, s.burns)
				}
				for c, h := range s.burns {
					if m.LastBurn[c] != h {
						t.Fatalf("%s: burns %v, want %v", s.name, m.LastBurn, s.burns)
					}
				}
			}
		})
	}
}

// The market's stored supplies, on both dialects: exact beyond 64 bits, a supply the
// chain does not keep as NULL, an earlier read never replacing a later one, the ones read
// at or above a height dropped, and the index's reset taking them all.
func TestCoinSupplies(t *testing.T) {
	huge, _ := new(big.Int).SetString("123456789012345678901234567890", 10)
	for name, db := range backends(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			if cs, err := db.CoinSupplies(ctx); err != nil || len(cs) != 0 {
				t.Fatalf("empty: %v %v", cs, err)
			}
			write := []store.CoinSupply{
				{Coin: luckyT, Supply: huge, Burned: big.NewInt(50), Height: 10, ReadAtUS: 1_000},
				{Coin: usdcT, Supply: nil, Burned: big.NewInt(0), Height: 12, ReadAtUS: 1_000},
			}
			if err := db.SaveCoinSupplies(ctx, write); err != nil {
				t.Fatal(err)
			}
			// An earlier read (another replica's, slower) does not replace the later one;
			// a later one does.
			if err := db.SaveCoinSupplies(ctx, []store.CoinSupply{
				{Coin: luckyT, Supply: big.NewInt(1), Burned: big.NewInt(1), Height: 9, ReadAtUS: 999},
				{Coin: usdcT, Supply: big.NewInt(77), Burned: big.NewInt(3), Height: 14, ReadAtUS: 2_000},
			}); err != nil {
				t.Fatal(err)
			}
			read := func() map[supra.CoinType]store.CoinSupply {
				t.Helper()
				cs, err := db.CoinSupplies(ctx)
				if err != nil {
					t.Fatal(err)
				}
				out := map[supra.CoinType]store.CoinSupply{}
				for _, c := range cs {
					out[c.Coin] = c
				}
				return out
			}
			byCoin := read()
			if len(byCoin) != 2 {
				t.Fatalf("%v", byCoin)
			}
			if l := byCoin[luckyT]; l.Supply.Cmp(huge) != 0 || l.Burned.Int64() != 50 || l.Height != 10 || l.ReadAtUS != 1_000 {
				t.Fatalf("LUCKY %+v", l)
			}
			if c := byCoin[usdcT]; c.Supply == nil || c.Supply.Int64() != 77 || c.Burned.Int64() != 3 || c.Height != 14 {
				t.Fatalf("dexUSDC %+v", c)
			}
			if err := db.SaveCoinSupplies(ctx, []store.CoinSupply{{Coin: usdcT, Burned: big.NewInt(3), Height: 14, ReadAtUS: 3_000}}); err != nil {
				t.Fatal(err)
			}
			if c, ok := read()[usdcT]; !ok || c.Supply != nil || c.ReadAtUS != 3_000 {
				t.Fatalf("a supply the chain does not keep came back as %+v", c)
			}
			// A chain rewound to 12: the figure read at 12 may show block 13, so it goes.
			if err := db.DropCoinSupplies(ctx, 12); err != nil {
				t.Fatal(err)
			}
			if left := read(); len(left) != 1 || left[luckyT].Height != 10 {
				t.Fatalf("after the drop: %v", left)
			}
			if err := db.Reset(ctx); err != nil {
				t.Fatal(err)
			}
			if left := read(); len(left) != 0 {
				t.Fatalf("after the reset: %v", left)
			}
		})
	}
}
