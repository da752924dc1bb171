package history_test

import (
	"math"
	"math/big"
	"testing"

	"github.com/luckycoin/lucky/internal/history"
	"github.com/luckycoin/lucky/internal/supra"
)

var (
	supraT = supra.NativeCoin()
	luckyT = supra.MustCoinType("0x4205c82380bff5708cd7c59e0043a45890a457a6cdb60c9191d818958fd7ac26::LUCKY::LUCKY")
	usdcT  = supra.MustCoinType("0x8f7d16ade319b0fce368ca6cdb98589c4527ce7f5b51e544a9e68e719934458b::hyper_coin::DexlynUSDC")
	otherT = supra.MustCoinType("0x9::other::OTHER") // decimals unknown to the registry
)

const burnA = "0x00000000000000000000000000000000ffffffffffffffffffffffffffffffff"

func rules() history.Rules {
	return history.Rules{Native: supraT, USDCoin: usdcT, Lucky: luckyT, BurnAddress: burnA,
		Decimals: func(c supra.CoinType) (uint8, bool) {
			switch c {
			case supraT:
				return 8, true
			case luckyT, usdcT:
				return 6, true
			}
			return 0, false
		}}
}

const t0 = int64(1_767_225_600) // 2026-01-01T00:00:00Z

func at(tx string, h uint64, sec int64) history.Meta {
	return history.Meta{TxHash: tx, Height: h, TimeUS: sec * 1_000_000, Sender: "0xa11c"}
}

func near(a, b float64) bool { return math.Abs(a-b) <= math.Abs(b)*1e-12 }

// A swap is a trade of its pool's base coin only in a SUPRA pool whose coins have known
// decimals; the trader bought when the base coin came out of the pool, whichever side
// of the pair it sits on.
func TestTradeOfASwap(t *testing.T) {
	tests := []struct {
		name       string
		sw         history.Swap
		trade      bool
		buy        bool
		base, quot uint64
		price      float64 // SUPRA per whole base coin (the pool is unknown: the swap's own price)
	}{
		{"buy, base is x", history.Swap{PairX: luckyT, PairY: supraT, XOut: 1_000_000_000, YIn: 667_000_000}, true, true, 1_000_000_000, 667_000_000, 0.00667},
		{"sell, base is x", history.Swap{PairX: luckyT, PairY: supraT, XIn: 500_000_000, YOut: 300_000_000}, true, false, 500_000_000, 300_000_000, 0.006},
		{"buy, base is y", history.Swap{PairX: supraT, PairY: luckyT, XIn: 667_000_000, YOut: 1_000_000_000}, true, true, 1_000_000_000, 667_000_000, 0.00667},
		{"sell, base is y", history.Swap{PairX: supraT, PairY: luckyT, XOut: 300_000_000, YIn: 500_000_000}, true, false, 500_000_000, 300_000_000, 0.006},
		{"no SUPRA in the pool", history.Swap{PairX: luckyT, PairY: usdcT, XOut: 1, YIn: 1}, false, false, 0, 0, 0},
		{"unknown decimals", history.Swap{PairX: otherT, PairY: supraT, XOut: 1, YIn: 1}, false, false, 0, 0, 0},
		{"nothing moved", history.Swap{PairX: luckyT, PairY: supraT}, false, false, 0, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sw := tt.sw
			sw.Meta = at("0x1", 1, t0)
			d := rules().Derive(history.State{}, history.Events{Swaps: []history.Swap{sw}})
			if !tt.trade {
				if len(d.Trades) != 0 || len(d.Candles) != 0 {
					t.Fatalf("trades %+v candles %+v", d.Trades, d.Candles)
				}
				return
			}
			if len(d.Trades) != 1 {
				t.Fatalf("trades %+v", d.Trades)
			}
			tr := d.Trades[0]
			if tr.Base != luckyT || tr.Buy != tt.buy || tr.BaseAmount != tt.base || tr.QuoteAmount != tt.quot ||
				!near(tr.Price, tt.price) || tr.PriceBefore != tr.Price || tr.SupraUSD != nil || tr.PriceUSD != nil {
				t.Fatalf("trade %+v", tr)
			}
			if len(d.Candles) != len(history.Intervals) {
				t.Fatalf("candles %+v", d.Candles)
			}
		})
	}
}

// Reserves follow a pool from its first deposit (recognised by Liquidswap's LP rule):
// swaps add their inputs and take out their outputs and the DAO's share; withdrawals take
// out. A deposit into a pool whose creation the index never saw leaves it unknown.
func TestPoolReserves(t *testing.T) {
	x0, y0 := uint64(1_000_000_000_000), uint64(667_000_000_000)
	lp0 := new(big.Int).Sqrt(new(big.Int).Mul(new(big.Int).SetUint64(x0), new(big.Int).SetUint64(y0))).Uint64() - 1000
	ev := history.Events{
		Liquidity: []history.Liquidity{
			{Meta: at("0xb1", 1, t0), PairX: luckyT, PairY: supraT, X: x0, Y: y0, LP: lp0, Added: true},
			{Meta: at("0xb2", 1, t0+1), PairX: usdcT, PairY: supraT, X: 5_000, Y: 1_000_000, LP: 12, Added: true},
			{Meta: at("0xb4", 3, t0+30), PairX: luckyT, PairY: supraT, X: 1_000_000, Y: 2_000_000, LP: 1},
		},
		Swaps: []history.Swap{
			{Meta: at("0xb3", 2, t0+20), PairX: luckyT, PairY: supraT, XOut: 1_490_000_000, YIn: 1_000_000_000, DaoY: 1_000_000},
		},
	}
	d := rules().Derive(history.State{}, ev)
	if len(d.Pools) != 1 || d.Pools[0].Pair != (history.Pair{X: luckyT, Y: supraT}) {
		t.Fatalf("pools %+v", d.Pools)
	}
	rx, ry := x0-1_490_000_000-1_000_000, y0+1_000_000_000-1_000_000-2_000_000
	if d.Pools[0].Reserves.X.Uint64() != rx || d.Pools[0].Reserves.Y.Uint64() != ry {
		t.Fatalf("reserves %v/%v, want %d/%d", d.Pools[0].Reserves.X, d.Pools[0].Reserves.Y, rx, ry)
	}
	tr := d.Trades[0]
	open := (float64(y0) / 1e8) / (float64(x0) / 1e6)
	spot := (float64(y0+1_000_000_000-1_000_000) / 1e8) / (float64(x0-1_490_000_000) / 1e6)
	if !near(tr.PriceBefore, open) || !near(tr.Price, spot) {
		t.Fatalf("trade %+v, want open %v close %v", tr, open, spot)
	}
	if history.IsCreation(ev.Liquidity[1]) || !history.IsCreation(ev.Liquidity[0]) {
		t.Fatal("creation rule")
	}
}

// SUPRA's dollar price at a trade comes from the USD pool's reserves as they stand at
// that moment; without them, from the last swap in the USD pool (kept across batches).
func TestTradeTimeDollarPrice(t *testing.T) {
	r := rules()
	// USD pool followed: 75,000 dexUSDC and 10,000,000 SUPRA: SUPRA = $0.0075.
	st := history.State{Pools: map[history.Pair]*history.Reserves{
		{X: usdcT, Y: supraT}: {X: big.NewInt(75_000_000_000), Y: big.NewInt(1_000_000_000_000_000)},
	}}
	buy := history.Swap{Meta: at("0x1", 1, t0), PairX: luckyT, PairY: supraT, XOut: 1_000_000_000, YIn: 667_000_000}
	d := r.Derive(st, history.Events{Swaps: []history.Swap{buy}})
	if tr := d.Trades[0]; tr.SupraUSD == nil || !near(*tr.SupraUSD, 0.0075) || !near(*tr.PriceUSD, 0.00667*0.0075) || d.SupraUSD != nil {
		t.Fatalf("trade %+v, kept %v", tr, d.SupraUSD)
	}
	// A big SUPRA sale into the USD pool, then the same buy: it is priced after the move.
	sale := history.Swap{Meta: at("0x2", 2, t0+1), PairX: usdcT, PairY: supraT, XOut: 7_000_000_000, YIn: 100_000_000_000_000}
	later := buy
	later.Meta = at("0x3", 3, t0+2)
	d = r.Derive(st, history.Events{Swaps: []history.Swap{buy, sale, later}})
	want := (68_000.0) / 11_000_000
	if len(d.Trades) != 3 || !near(*d.Trades[0].SupraUSD, 0.0075) || !near(*d.Trades[2].SupraUSD, want) {
		t.Fatalf("trades %+v", d.Trades)
	}
	// Without the pool's reserves: a swap in the USD pool sets the price (its inverse).
	d = r.Derive(history.State{}, history.Events{Swaps: []history.Swap{
		{Meta: at("0xa1", 1, t0), PairX: usdcT, PairY: supraT, XOut: 7500, YIn: 100_000_000}, later}})
	if d.SupraUSD == nil || !near(*d.SupraUSD, 0.0075) || !near(*d.Trades[1].SupraUSD, 0.0075) {
		t.Fatalf("kept %v trades %+v", d.SupraUSD, d.Trades)
	}
	// And a later batch continues with the price kept.
	d = r.Derive(history.State{SupraUSD: d.SupraUSD}, history.Events{Swaps: []history.Swap{buy}})
	if !near(*d.Trades[0].SupraUSD, 0.0075) || d.SupraUSD != nil {
		t.Fatalf("trade %+v", d.Trades[0])
	}
	// Value of the SUPRA paid, exact: 6.67 SUPRA × $0.0075.
	if v := d.Trades[0].QuoteUSD(8); v == nil || v.Cmp(big.NewRat(667*75, 100*10_000)) != 0 {
		t.Fatalf("quote USD %v", v)
	}
}

// Candles open at the price before their first trade, follow highs and lows, close at
// the last trade, sum volumes and count buys and sells; dollar prices appear once known.
func TestAddTrade(t *testing.T) {
	usd := func(v float64) *float64 { return &v }
	trades := []history.Trade{
		{Buy: true, BaseAmount: 10, QuoteAmount: 7, PriceBefore: 0.5, Price: 0.7},
		{Buy: false, BaseAmount: 5, QuoteAmount: 2, PriceBefore: 0.7, Price: 0.4, PriceUSD: usd(0.004)},
		{Buy: true, BaseAmount: 1, QuoteAmount: 1, PriceBefore: 0.4, Price: 0.6, PriceUSD: usd(0.006)},
	}
	var c *history.Candle
	for _, tr := range trades {
		n := history.AddTrade(c, tr)
		c = &n
	}
	if c.Open != 0.5 || c.High != 0.7 || c.Low != 0.4 || c.Close != 0.6 || c.Buys != 2 || c.Sells != 1 ||
		c.VolBase.Int64() != 16 || c.VolQuote.Int64() != 10 {
		t.Fatalf("candle %+v", c)
	}
	if *c.OpenUSD != 0.004 || *c.HighUSD != 0.006 || *c.LowUSD != 0.004 || *c.CloseUSD != 0.006 {
		t.Fatalf("usd %v %v %v %v", *c.OpenUSD, *c.HighUSD, *c.LowUSD, *c.CloseUSD)
	}
	if ks := history.Buckets(luckyT, (t0+3661)*1_000_000); ks[0].Bucket != t0+3660 || ks[1].Bucket != t0+3600 || ks[2].Bucket != t0+3600 || ks[3].Bucket != t0 {
		t.Fatalf("buckets %+v", ks)
	}
}

// Events the store already holds derive nothing; LUCKY flows move balances; deposits to
// the burn address are burns of any coin, counted per burner.
func TestHoldersBurnsAndSeen(t *testing.T) {
	r := rules()
	coins := []history.CoinEvent{
		{Meta: at("0x1", 1, t0), Deposit: true, Coin: luckyT, Account: "0xb0b", Amount: 1_000},
		{Meta: at("0x2", 2, t0), Coin: luckyT, Account: "0xb0b", Amount: 200},
		{Meta: history.Meta{TxHash: "0x2", EventIndex: 1, Sender: "0xb0b"}, Deposit: true, Coin: luckyT, Account: burnA, Amount: 200},
		{Meta: history.Meta{TxHash: "0x3", Sender: "0xb0b"}, Deposit: true, Coin: supraT, Account: burnA, Amount: math.MaxUint64},
		{Meta: history.Meta{TxHash: "0x4", Sender: "0xb0b"}, Deposit: true, Coin: supraT, Account: burnA, Amount: math.MaxUint64},
		{Meta: at("0x5", 3, t0), Deposit: true, Coin: supraT, Account: "0xb0b", Amount: 5}, // not tracked
	}
	st := history.State{Seen: map[history.Key]bool{{TxHash: "0x1"}: true},
		Balances:   map[history.Holding]*big.Int{{Coin: luckyT, Account: "0xb0b"}: big.NewInt(1_000)},
		BurnTotals: map[history.BurnKey]*history.BurnTotal{{Burner: "0xb0b", Coin: supraT}: {Total: big.NewInt(1), Burns: 1}}}
	d := r.Derive(st, history.Events{Coins: coins})
	if len(d.CoinEvents) != 2 || len(d.Burns) != 3 {
		t.Fatalf("coin events %+v burns %+v", d.CoinEvents, d.Burns)
	}
	bal := map[string]string{}
	for _, h := range d.Holders {
		bal[h.Account] = h.Balance.String()
	}
	if len(bal) != 2 || bal["0xb0b"] != "800" || bal[burnA] != "200" {
		t.Fatalf("balances %v", bal)
	}
	tot := map[supra.CoinType]string{}
	for _, b := range d.BurnTotals {
		tot[b.Coin] = b.Total.String() + "/" + big.NewInt(b.Burns).String()
	}
	if tot[luckyT] != "200/1" || tot[supraT] != "36893488147419103231/3" {
		t.Fatalf("burn totals %v", tot)
	}
	// The input state is not changed (a failed write leaves nothing half-derived).
	if st.Balances[history.Holding{Coin: luckyT, Account: "0xb0b"}].Int64() != 1_000 {
		t.Fatal("state mutated")
	}
}

// The 24 hour figures: volume and counts of the trades inside, the price change from the
// last trade before the window (or, with none, from the price before the first inside).
func TestSummarize(t *testing.T) {
	f := func(v float64) *float64 { return &v }
	prev := history.Trade{Price: 0.5, PriceUSD: f(0.005)}
	in := []history.Trade{
		{Buy: true, BaseAmount: 10, QuoteAmount: 6, PriceBefore: 0.55, Price: 0.6, PriceUSD: f(0.006)},
		{BaseAmount: 4, QuoteAmount: 2, PriceBefore: 0.6, Price: 0.55, PriceUSD: f(0.0055)},
	}
	tests := []struct {
		name          string
		prev          *history.Trade
		in            []history.Trade
		ref, close    *float64
		change        *float64
		buys, sells   int64
		volBase, volQ string
	}{
		{"with a trade before", &prev, in, f(0.5), f(0.55), f(10), 1, 1, "14", "8"},
		{"first trades ever", nil, in, f(0.55), f(0.55), f(0), 1, 1, "14", "8"},
		{"quiet day", &prev, nil, f(0.5), f(0.5), f(0), 0, 0, "0", "0"},
		{"never traded", nil, nil, nil, nil, nil, 0, 0, "0", "0"},
	}
	eq := func(a, b *float64) bool { return (a == nil) == (b == nil) && (a == nil || near(*a, *b)) }
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := history.Summarize(tt.prev, tt.in)
			if !eq(w.Ref, tt.ref) || !eq(w.Close, tt.close) || !eq(history.Change(w.Ref, w.Close), tt.change) ||
				w.Buys != tt.buys || w.Sells != tt.sells || w.VolBase.String() != tt.volBase || w.VolQuote.String() != tt.volQ {
				t.Fatalf("window %+v", w)
			}
		})
	}
}

// Displayed prices turn back into the decimals they stand for.
func TestDisplayRat(t *testing.T) {
	for _, tt := range []struct {
		f    float64
		want string
	}{{0.0075, "3/400"}, {1, "1"}, {0, ""}, {-1, ""}, {math.Inf(1), ""}, {math.NaN(), ""}} {
		got := history.DisplayRat(tt.f)
		if (got == nil) != (tt.want == "") || (got != nil && got.RatString() != tt.want) {
			t.Errorf("DisplayRat(%v) = %v, want %q", tt.f, got, tt.want)
		}
	}
}

// The API's interval names stand for the candle intervals and nothing else.
func TestIntervalNamed(t *testing.T) {
	for _, tt := range []struct {
		name string
		want int64
		ok   bool
	}{{"1m", 60, true}, {"5m", 300, true}, {"1h", 3600, true}, {"1d", 86400, true}, {"1w", 0, false}, {"", 0, false}, {"60", 0, false}} {
		got, ok := history.IntervalNamed(tt.name)
		if got != tt.want || ok != tt.ok {
			t.Errorf("IntervalNamed(%q) = %d, %v; want %d, %v", tt.name, got, ok, tt.want, tt.ok)
		}
	}
}

// The holder count moves only when an account starts or stops holding: a top-up, a partial
// sale or a round trip inside one batch leaves it alone.
func TestHolderCounts(t *testing.T) {
	r := rules()
	dep := func(tx, acct string, amt uint64) history.CoinEvent {
		return history.CoinEvent{Meta: at(tx, 1, t0), Deposit: true, Coin: luckyT, Account: acct, Amount: amt}
	}
	wd := func(tx, acct string, amt uint64) history.CoinEvent {
		return history.CoinEvent{Meta: at(tx, 1, t0), Coin: luckyT, Account: acct, Amount: amt}
	}
	held := func(acct string, amt int64) map[history.Holding]*big.Int {
		return map[history.Holding]*big.Int{{Coin: luckyT, Account: acct}: big.NewInt(amt)}
	}
	for _, tt := range []struct {
		name   string
		before map[history.Holding]*big.Int
		coins  []history.CoinEvent
		want   int64 // 0: no HolderCount row at all
	}{
		{"a new holder", nil, []history.CoinEvent{dep("0x1", "0xa", 5)}, 1},
		{"a top-up", held("0xa", 5), []history.CoinEvent{dep("0x1", "0xa", 5)}, 0},
		{"a partial sale", held("0xa", 5), []history.CoinEvent{wd("0x1", "0xa", 2)}, 0},
		{"sold out", held("0xa", 5), []history.CoinEvent{wd("0x1", "0xa", 5)}, -1},
		{"in and out in one batch", nil, []history.CoinEvent{dep("0x1", "0xa", 5), wd("0x2", "0xa", 5)}, 0},
		{"a zero balance kept", held("0xa", 0), []history.CoinEvent{dep("0x1", "0xa", 3)}, 1},
		{"one leaves, two arrive", held("0xa", 5), []history.CoinEvent{wd("0x1", "0xa", 5), dep("0x1", "0xb", 1), dep("0x2", "0xc", 1)}, 1},
		{"untracked coin", nil, []history.CoinEvent{{Meta: at("0x1", 1, t0), Deposit: true, Coin: supraT, Account: "0xa", Amount: 5}}, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			d := r.Derive(history.State{Balances: tt.before}, history.Events{Coins: tt.coins})
			switch {
			case tt.want == 0 && len(d.HolderCounts) != 0:
				t.Fatalf("counts %+v, want none", d.HolderCounts)
			case tt.want != 0 && (len(d.HolderCounts) != 1 || d.HolderCounts[0].Coin != luckyT || d.HolderCounts[0].Delta != tt.want):
				t.Fatalf("counts %+v, want LUCKY %+d", d.HolderCounts, tt.want)
			}
		})
	}
}
