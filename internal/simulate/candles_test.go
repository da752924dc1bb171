package simulate_test

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"math/big"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/luckycoin/lucky/internal/simulate"
	"github.com/luckycoin/lucky/internal/supra"
)

// The DEX as the node spells it (short address) and as the config does (full address):
// the check must take them for the same.
const (
	nodeDex      = "0xdc694898dff98a1b0447e0992d0413e123ea80da1021d464a4fbaf0265870d8::liquidity_pool::"
	configSwap   = "0x0dc694898dff98a1b0447e0992d0413e123ea80da1021d464a4fbaf0265870d8::liquidity_pool::SwapEvent"
	luckyType    = "0x4205c82380bff5708cd7c59e0043a45890a457a6cdb60c9191d818958fd7ac26::LUCKY::LUCKY"
	usdcType     = "0x8f7d16ade319b0fce368ca6cdb98589c4527ce7f5b51e544a9e68e719934458b::hyper_coin::DexlynUSDC"
	leoType      = "0x83e6ebf0e08121734b117daf65677c77185e151114364f7c53bc2366f2c64a12::LEO::LEO"
	supraType    = "0x1::supra_coin::SupraCoin"
	luckyReserve = 150_000_000_000 // 150,000 LUCKY (6 decimals)
	supraReserve = 100_000_000_000 // 1,000 SUPRA (8 decimals): 1/150 SUPRA a LUCKY
)

// dump builds a /devnet/state body: blocks of transactions of events, coin infos and the
// DEX's pools.
type dump struct {
	Blocks []dumpBlock
	Pools  []map[string]string
}

type dumpBlock struct {
	at  time.Time
	txs []dumpTx
}

type dumpTx struct {
	status string
	events []supra.Event
}

func (d dump) json(t *testing.T) []byte {
	t.Helper()
	type tx struct {
		Status string
		Output struct {
			Move struct {
				Events []supra.Event `json:"events"`
			}
		}
	}
	type block struct {
		Height uint64 `json:"height"`
		TimeUS int64  `json:"time_us"`
		Txs    []int  `json:"txs"`
	}
	var blocks []block
	var txs []tx
	for h, b := range d.Blocks {
		bl := block{Height: uint64(h), TimeUS: b.at.UnixMicro(), Txs: []int{}}
		for _, x := range b.txs {
			var r tx
			r.Status = x.status
			r.Output.Move.Events = x.events
			bl.Txs = append(bl.Txs, len(txs))
			txs = append(txs, r)
		}
		blocks = append(blocks, bl)
	}
	pools, err := json.Marshal(map[string]any{"pools": d.Pools})
	if err != nil {
		t.Fatal(err)
	}
	out, err := json.Marshal(map[string]any{
		"version": 1,
		"coin_infos": []map[string]any{
			{"coin_type": supraType, "symbol": "SUPRA", "decimals": 8, "supply": "1"},
			{"coin_type": luckyType, "symbol": "LUCKY", "decimals": 6, "supply": "1"},
			{"coin_type": usdcType, "symbol": "dexUSDC", "decimals": 6, "supply": "1"},
		},
		"resources": []map[string]any{{"address": "0x0dc694898dff98a1b0447e0992d0413e123ea80da1021d464a4fbaf0265870d8",
			"type": nodeDex + "PoolsState", "data": json.RawMessage(pools)}},
		"blocks":       blocks,
		"transactions": txs,
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// event is a DEX event of the given name with fields (u64s as strings, as the node writes them).
func event(t *testing.T, name string, fields map[string]any) supra.Event {
	t.Helper()
	data := map[string]string{}
	for k, v := range fields {
		switch v := v.(type) {
		case string:
			data[k] = v
		case int:
			data[k] = strconv.Itoa(v)
		}
	}
	b, err := json.Marshal(data)
	if err != nil {
		t.Fatal(err)
	}
	return supra.Event{Type: nodeDex + name, Data: b}
}

func swap(t *testing.T, x, y string, xIn, xOut, yIn, yOut int) supra.Event {
	return event(t, "SwapEvent", map[string]any{"pair_x": x, "pair_y": y, "x_in": xIn, "x_out": xOut, "y_in": yIn, "y_out": yOut, "timestamp": 0})
}

func liquidity(t *testing.T, x, y string) supra.Event {
	return event(t, "LiquidityAddedEvent", map[string]any{"pair_x": x, "pair_y": y, "added_x_val": 1, "added_y_val": 1, "lp_tokens_received": 1})
}

func success(events ...supra.Event) dumpTx { return dumpTx{supra.StatusSuccess, events} }

func jan1(h, m, s int) time.Time { return time.Date(2026, 1, 1, h, m, s, 0, time.UTC) }

// trades are the hand-made history: two buys in the 10:00 minute, a sell at 11:20, each
// between swaps the check must leave out (a failed transaction, another pool, a swap
// that moved nothing), after the genesis liquidity. base is LUCKY's side of the pool.
func trades(t *testing.T, luckyIsX bool) dump {
	pair := func(xIn, xOut, yIn, yOut int) supra.Event { // LUCKY in, LUCKY out, SUPRA in, SUPRA out
		if luckyIsX {
			return swap(t, luckyType, supraType, xIn, xOut, yIn, yOut)
		}
		return swap(t, supraType, luckyType, yIn, yOut, xIn, xOut)
	}
	x, y := luckyType, supraType
	pool := map[string]string{"pair_x": luckyType, "pair_y": supraType,
		"reserve_x": strconv.Itoa(luckyReserve), "reserve_y": strconv.Itoa(supraReserve)}
	if !luckyIsX {
		x, y = y, x
		pool = map[string]string{"pair_x": supraType, "pair_y": luckyType,
			"reserve_x": strconv.Itoa(supraReserve), "reserve_y": strconv.Itoa(luckyReserve)}
	}
	return dump{
		Pools: []map[string]string{pool, {"pair_x": leoType, "pair_y": supraType, "reserve_x": "5", "reserve_y": "7"}},
		Blocks: []dumpBlock{
			{jan1(9, 0, 0), []dumpTx{success(liquidity(t, x, y))}},
			{jan1(10, 0, 5), []dumpTx{success(pair(0, 1_490_000_000, 1_000_000_000, 0))}},
			{jan1(10, 0, 40), []dumpTx{
				{supra.StatusFail, []supra.Event{pair(0, 9, 9, 0)}},
				success(swap(t, leoType, supraType, 0, 50, 70, 0)),
				success(pair(0, 740_000_000, 500_000_000, 0)),
			}},
			{jan1(10, 59, 59), []dumpTx{success(pair(0, 0, 0, 0))}},
			{jan1(11, 20, 0), []dumpTx{success(pair(2_000_000_000, 0, 0, 1_300_000_000))}},
			{jan1(11, 30, 0), []dumpTx{success()}},
		},
	}
}

// serveDump is a devnet answering GET /devnet/state with d.
func serveDump(t *testing.T, body []byte) *simulate.Devnet {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/devnet/state" {
			http.NotFound(w, r)
			return
		}
		w.Write(body)
	}))
	t.Cleanup(srv.Close)
	return simulate.NewDevnet(srv.URL, nil)
}

func luckyPool(t *testing.T) simulate.CandlePool {
	return simulate.CandlePool{Pair: "LUCKY-SUPRA", Base: coin(t, luckyType), Quote: coin(t, supraType), SwapEvent: configSwap}
}

func coin(t *testing.T, s string) supra.CoinType {
	t.Helper()
	c, err := supra.ParseCoinType(s)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

type sums struct {
	base, quote string
	buys, sells int64
}

// wantBuckets are the hand-made history's candles, written out.
func wantBuckets() map[simulate.CandleBucket]sums {
	return map[simulate.CandleBucket]sums{
		{"1m", jan1(10, 0, 0).Unix()}:  {"2230000000", "1500000000", 2, 0},
		{"1m", jan1(11, 20, 0).Unix()}: {"2000000000", "1300000000", 0, 1},
		{"5m", jan1(10, 0, 0).Unix()}:  {"2230000000", "1500000000", 2, 0},
		{"5m", jan1(11, 20, 0).Unix()}: {"2000000000", "1300000000", 0, 1},
		{"1h", jan1(10, 0, 0).Unix()}:  {"2230000000", "1500000000", 2, 0},
		{"1h", jan1(11, 0, 0).Unix()}:  {"2000000000", "1300000000", 0, 1},
		{"1d", jan1(0, 0, 0).Unix()}:   {"4230000000", "2800000000", 2, 1},
	}
}

// The candles recomputed from a hand-made state dump: every interval's buckets with
// their volumes and sides, whichever side of the pool LUCKY is; the spot price from the
// reserves, and whether it is the last trade's.
func TestChainCandles(t *testing.T) {
	withLiquidityLast := trades(t, true)
	withLiquidityLast.Blocks = append(withLiquidityLast.Blocks, dumpBlock{jan1(11, 40, 0), []dumpTx{success(liquidity(t, luckyType, supraType))}})
	tests := []struct {
		name     string
		dump     dump
		lastSpot bool
		endSec   int64
	}{
		{"LUCKY is X", trades(t, true), true, jan1(11, 30, 0).Unix()},
		{"LUCKY is Y", trades(t, false), true, jan1(11, 30, 0).Unix()},
		{"liquidity after the last trade", withLiquidityLast, false, jan1(11, 40, 0).Unix()},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, err := serveDump(t, tt.dump.json(t)).Ledger(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			c, err := l.Candles(luckyPool(t))
			if err != nil {
				t.Fatal(err)
			}
			if c.Trades != 3 {
				t.Errorf("trades %d, want 3", c.Trades)
			}
			got := map[simulate.CandleBucket]sums{}
			for k, s := range c.Buckets {
				got[k] = sums{s.Base.String(), s.Quote.String(), s.Buys, s.Sells}
			}
			for k, w := range wantBuckets() {
				if got[k] != w {
					t.Errorf("%s %s: %+v, want %+v", k.Interval, time.Unix(k.Start, 0).UTC(), got[k], w)
				}
			}
			for k := range got {
				if _, ok := wantBuckets()[k]; !ok {
					t.Errorf("%s %s: a bucket the trades do not make", k.Interval, time.Unix(k.Start, 0).UTC())
				}
			}
			if c.Spot == nil || c.Spot.Cmp(big.NewRat(1, 150)) != 0 {
				t.Errorf("spot %v, want 1/150", c.Spot)
			}
			if c.SpotIsLastTrade != tt.lastSpot {
				t.Errorf("spot is the last trade's: %v, want %v", c.SpotIsLastTrade, tt.lastSpot)
			}
			if c.EndSec != tt.endSec {
				t.Errorf("end %d, want %d", c.EndSec, tt.endSec)
			}
		})
	}
}

// A dump the check cannot read is ErrCheck, not a pass.
func TestChainCandlesRefused(t *testing.T) {
	noReserves := trades(t, true)
	noReserves.Pools = nil
	badSwap := trades(t, true)
	badSwap.Blocks[1].txs[0].events[0].Data = json.RawMessage(`{"pair_x":"` + luckyType + `","x_in":"-1"}`)
	tests := []struct {
		name string
		body []byte
	}{
		{"trades without reserves", noReserves.json(t)},
		{"malformed swap", badSwap.json(t)},
		{"block names a missing transaction", []byte(`{"blocks":[{"height":0,"time_us":1,"txs":[3]}],"transactions":[]}`)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, err := serveDump(t, tt.body).Ledger(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if _, err := l.Candles(luckyPool(t)); !errors.Is(err, simulate.ErrCheck) {
				t.Fatalf("err = %v, want ErrCheck", err)
			}
		})
	}
}

// indexCandle is a candle as the API writes it.
type indexCandle struct {
	Time        int64   `json:"time"`
	Close       float64 `json:"close"`
	Volume      string  `json:"volume"`
	VolumeQuote string  `json:"volumeQuote"`
	Buys        int64   `json:"buys"`
	Sells       int64   `json:"sells"`
}

// fakeCandlesAPI answers GET /api/v1/market/candles as the app does (buckets starting in
// [from − from mod interval, to], the newest page of them, oldest first), with pages of
// two candles so the check has to page back.
func fakeCandlesAPI(t *testing.T, candles map[string][]indexCandle, requests *atomic.Int64) *simulate.API {
	t.Helper()
	const page = 2
	seconds := map[string]int64{"1m": 60, "5m": 300, "1h": 3600, "1d": 86400}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		q := r.URL.Query()
		iv, known := seconds[q.Get("interval")]
		from, err1 := strconv.ParseInt(q.Get("from"), 10, 64)
		to, err2 := strconv.ParseInt(q.Get("to"), 10, 64)
		if r.URL.Path != "/api/v1/market/candles" || q.Get("pair") != "LUCKY-SUPRA" || !known || err1 != nil || err2 != nil || from > to {
			http.Error(w, "bad request "+r.URL.String(), http.StatusBadRequest)
			return
		}
		var in []indexCandle
		for _, c := range candles[q.Get("interval")] {
			if c.Time >= from-from%iv && c.Time <= to {
				in = append(in, c)
			}
		}
		slices.SortFunc(in, func(a, b indexCandle) int { return int(a.Time - b.Time) })
		in = in[max(len(in)-page, 0):]
		json.NewEncoder(w).Encode(map[string]any{"pair": "LUCKY-SUPRA", "candles": append([]indexCandle{}, in...)})
	}))
	t.Cleanup(srv.Close)
	return simulate.NewAPI(srv.URL, nil)
}

// indexOf is the index the hand-made history should give: wantBuckets, each interval's
// last candle closing at the spot price.
func indexOf() map[string][]indexCandle {
	out := map[string][]indexCandle{}
	for k, s := range wantBuckets() {
		out[k.Interval] = append(out[k.Interval], indexCandle{Time: k.Start, Close: 1.0 / 150, Volume: s.base, VolumeQuote: s.quote, Buys: s.buys, Sells: s.sells})
	}
	return out
}

// at finds the candle of interval iv at bucket start in c.
func at(c map[string][]indexCandle, iv string, start time.Time) *indexCandle {
	for i := range c[iv] {
		if c[iv][i].Time == start.Unix() {
			return &c[iv][i]
		}
	}
	panic("no candle " + iv + " " + start.String())
}

// The index's candles against the chain's: equal ones pass; a unit of volume more, a
// bucket missing or extra, sides swapped or a close off the spot price are differences,
// each named; a close within 1e-9 of the spot price is not.
func TestCheckCandles(t *testing.T) {
	tests := []struct {
		name       string
		change     func(c map[string][]indexCandle)
		compared   int
		differ     int
		closes     int
		wantDetail string
	}{
		{"equal", func(map[string][]indexCandle) {}, 7, 0, 4, ""},
		{"one unit more volume", func(c map[string][]indexCandle) { at(c, "1m", jan1(10, 0, 0)).Volume = "2230000001" },
			7, 1, 4, "1m 2026-01-01T10:00:00Z: volume chain 2230000000, index 2230000001"},
		{"one unit less SUPRA", func(c map[string][]indexCandle) { at(c, "1d", jan1(0, 0, 0)).VolumeQuote = "2799999999" },
			7, 1, 4, "quote volume chain 2800000000, index 2799999999"},
		{"sides swapped", func(c map[string][]indexCandle) {
			k := at(c, "5m", jan1(11, 20, 0))
			k.Buys, k.Sells = k.Sells, k.Buys
		}, 7, 1, 4, "5m 2026-01-01T11:20:00Z: buys chain 0, index 1, sells chain 1, index 0"},
		{"missing bucket", func(c map[string][]indexCandle) { c["1h"] = c["1h"][:0] }, 7, 2, 3, "missing from the index"},
		{"extra bucket", func(c map[string][]indexCandle) {
			c["1m"] = append(c["1m"], indexCandle{Time: jan1(9, 59, 0).Unix(), Close: 1.0 / 150, Volume: "1", VolumeQuote: "1", Buys: 1})
		}, 8, 1, 4, "1m 2026-01-01T09:59:00Z: not on the chain"},
		{"close off by a millionth", func(c map[string][]indexCandle) { at(c, "1h", jan1(11, 0, 0)).Close = 1.0 / 150 * (1 + 1e-6) },
			7, 0, 4, "1h close 2026-01-01T11:00:00Z: index 0.00666667"},
		{"close a float step off", func(c map[string][]indexCandle) {
			k := at(c, "1d", jan1(0, 0, 0))
			k.Close = math.Nextafter(k.Close, 1)
		}, 7, 0, 4, ""},
	}
	l, err := serveDump(t, trades(t, true).json(t)).Ledger(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	want, err := l.Candles(luckyPool(t))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			index := indexOf()
			tt.change(index)
			var requests atomic.Int64
			c, err := fakeCandlesAPI(t, index, &requests).CheckCandles(context.Background(), want)
			if err != nil {
				t.Fatal(err)
			}
			if c.Compared != tt.compared || c.Rows() != tt.compared || c.Differ != tt.differ || len(c.Closes) != tt.closes || c.Intervals != 4 {
				t.Errorf("compared %d, differ %d, closes %d over %d intervals; want %d, %d, %d over 4",
					c.Compared, c.Differ, len(c.Closes), c.Intervals, tt.compared, tt.differ, tt.closes)
			}
			if requests.Load() <= 4 {
				t.Errorf("%d requests: the pages of two candles were not followed", requests.Load())
			}
			var out strings.Builder
			c.Write(&out)
			t.Log("\n" + out.String())
			err = c.Err()
			if tt.wantDetail == "" {
				if err != nil {
					t.Fatalf("err = %v, want none", err)
				}
				if !strings.Contains(out.String(), "0 differ (LUCKY-SUPRA, 3 trades): ok") {
					t.Errorf("output does not say the check passed:\n%s", out.String())
				}
				return
			}
			if !errors.Is(err, simulate.ErrCheck) {
				t.Fatalf("err = %v, want ErrCheck", err)
			}
			if !strings.Contains(err.Error(), tt.wantDetail) || !strings.Contains(out.String(), tt.wantDetail) {
				t.Errorf("error and output do not say %q:\n%v\n%s", tt.wantDetail, err, out.String())
			}
		})
	}
}

// A difference in the candles fails the index check, whose rows count the buckets.
func TestIndexCheckWithCandles(t *testing.T) {
	base := simulate.IndexCheck{HoldersChain: 2, HoldersIndex: 2, Compared: 2, BurnedChain: new(big.Int), BurnedIndex: new(big.Int)}
	tests := []struct {
		name    string
		candles *simulate.CandleCheck
		rows    int
		ok      bool
	}{
		{"no candles compared", nil, 3, true},
		{"candles equal", &simulate.CandleCheck{Compared: 5}, 8, true},
		{"a bucket differs", &simulate.CandleCheck{Compared: 5, Differ: 1, Details: []string{"1m …: missing from the index"}}, 8, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := base
			c.Candles = tt.candles
			if c.Rows() != tt.rows {
				t.Errorf("rows %d, want %d", c.Rows(), tt.rows)
			}
			err := c.Err()
			if (err == nil) != tt.ok || (err != nil && !errors.Is(err, simulate.ErrCheck)) {
				t.Fatalf("err = %v, want ok %v (ErrCheck)", err, tt.ok)
			}
		})
	}
}
