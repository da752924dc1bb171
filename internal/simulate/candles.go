package simulate

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/luckycoin/lucky/internal/supra"
)

// candleInterval is a candle interval the API serves: its name and its length.
type candleInterval struct {
	Name    string
	Seconds int64
}

// candleIntervals are the intervals the API serves. They are written out here rather
// than taken from the index's code: the check recomputes the candles on its own.
func candleIntervals() []candleInterval {
	return []candleInterval{{"1m", 60}, {"5m", 300}, {"1h", 3600}, {"1d", 86400}}
}

// CandlePool names the pool whose candles are checked: a token against SUPRA.
type CandlePool struct {
	// Pair is the pair as the API names it (TOKEN-SUPRA, e.g. "LUCKY-SUPRA").
	Pair string
	// Base is the token; Quote is SUPRA.
	Base, Quote supra.CoinType
	// SwapEvent is the DEX's SwapEvent struct tag (the network's Modules.SwapEvent). Its
	// liquidity events and the PoolsState resource holding the reserves live in the same
	// module.
	SwapEvent string
}

// CandleBucket names one candle: its interval ("1m", "5m", "1h", "1d") and its start
// (unix seconds, a multiple of the interval).
type CandleBucket struct {
	Interval string
	Start    int64
}

// CandleSums are what a candle adds up: the volumes in base units (Base of the token,
// Quote of SUPRA) and the trades of each side. A buy is a trade in which the trader
// received the token.
type CandleSums struct {
	Base, Quote *big.Int
	Buys, Sells int64
}

// ChainCandles are a pool's candles recomputed from the chain's swap events, and the
// pool's spot price from its reserves.
type ChainCandles struct {
	Pool CandlePool
	// Trades are the pool's swaps that moved both coins, in successful transactions.
	Trades  int
	Buckets map[CandleBucket]CandleSums
	// EndSec is the last block's time (unix seconds): the candles of the index are read
	// up to there.
	EndSec int64
	// Spot is the token's price in whole SUPRA per whole token from the pool's reserves
	// (nil when the pool is empty).
	Spot *big.Rat
	// SpotIsLastTrade is false when a liquidity event moved the pool's reserves after its
	// last trade: the last candle's close is then not the spot price.
	SpotIsLastTrade bool
}

// swapEventJSON is the data of Dexlyn's liquidity_pool::SwapEvent: the sorted pair's
// coin types and the pool-side amounts.
type swapEventJSON struct {
	PairX supra.CoinType `json:"pair_x"`
	PairY supra.CoinType `json:"pair_y"`
	XIn   supra.U64      `json:"x_in"`
	XOut  supra.U64      `json:"x_out"`
	YIn   supra.U64      `json:"y_in"`
	YOut  supra.U64      `json:"y_out"`
}

// Candles recomputes pool p's candles from every successful transaction's swap events,
// with block times, for every interval, and reads the pool's spot price from the DEX's
// PoolsState resource. Only integers are used: volumes are sums of base units, the
// price an exact fraction.
func (l *Ledger) Candles(p CandlePool) (ChainCandles, error) {
	c := ChainCandles{Pool: p, Buckets: map[CandleBucket]CandleSums{}}
	swapTag, err := supra.ParseStructTag(p.SwapEvent)
	if err != nil {
		return c, fmt.Errorf("%w: swap event type %q: %w", ErrCheck, p.SwapEvent, err)
	}
	if p.Base.IsZero() || p.Quote.IsZero() || p.Base == p.Quote {
		return c, fmt.Errorf("%w: pool %s: base %q and quote %q must be two coins", ErrCheck, p.Pair, p.Base, p.Quote)
	}
	// Type arguments and the address form aside, an event or resource is the DEX's when
	// its address and module are (the node and the config spell addresses apart);
	// dexName is its struct's name then, else "".
	dexName := func(t string) string {
		if st, err := supra.ParseStructTag(t); err == nil && st.Address == swapTag.Address && st.Module == swapTag.Module {
			return st.Name
		}
		return ""
	}
	isPool := func(x, y supra.CoinType) bool {
		return (x == p.Base && y == p.Quote) || (x == p.Quote && y == p.Base)
	}

	lastTrade, lastLiquidity, n := 0, 0, 0 // positions of events in chain order
	for _, b := range l.Blocks {
		sec := b.TimeUS / 1_000_000
		c.EndSec = max(c.EndSec, sec)
		for _, ti := range b.Txs {
			if ti < 0 || ti >= len(l.Txs) {
				return c, fmt.Errorf("%w: block %d names transaction %d of %d", ErrCheck, b.Height, ti, len(l.Txs))
			}
			tx := l.Txs[ti]
			// A failed transaction's events are not the chain's: its changes were undone.
			if tx.Status != supra.StatusSuccess {
				continue
			}
			for _, ev := range tx.Events {
				n++
				switch name := dexName(ev.Type); {
				case name == "": // not the DEX's
				case name == swapTag.Name:
					var sw swapEventJSON
					if err := json.Unmarshal(ev.Data, &sw); err != nil {
						return c, fmt.Errorf("%w: block %d: %s: %w", ErrCheck, b.Height, ev.Type, err)
					}
					if !isPool(sw.PairX, sw.PairY) {
						continue
					}
					if c.add(sw, sec) {
						lastTrade = n
					}
				case name == "LiquidityAddedEvent" || name == "LiquidityRemovedEvent":
					x, y, err := liquidityPair(ev)
					if err != nil {
						return c, fmt.Errorf("%w: block %d: %w", ErrCheck, b.Height, err)
					}
					if isPool(x, y) {
						lastLiquidity = n
					}
				}
			}
		}
	}
	c.SpotIsLastTrade = c.Trades > 0 && lastLiquidity < lastTrade

	base, quote := l.decimals(p.Base), l.decimals(p.Quote)
	if base < 0 || quote < 0 {
		return c, fmt.Errorf("%w: pool %s: no CoinInfo (decimals) for %s or %s", ErrCheck, p.Pair, p.Base, p.Quote)
	}
	rb, rq, found, err := l.reserves(p, func(t string) bool { return dexName(t) == "PoolsState" })
	if err != nil {
		return c, err
	}
	if !found && c.Trades > 0 {
		return c, fmt.Errorf("%w: pool %s traded %d times but the state has no reserves for it", ErrCheck, p.Pair, c.Trades)
	}
	if rb > 0 && rq > 0 {
		// SUPRA per whole token: (rq / 10^quote) / (rb / 10^base).
		c.Spot = new(big.Rat).SetFrac(
			new(big.Int).Mul(new(big.Int).SetUint64(rq), pow10(base)),
			new(big.Int).Mul(new(big.Int).SetUint64(rb), pow10(quote)))
	}
	return c, nil
}

// add puts one swap at block time sec into its bucket of every interval, seen from the
// token: the token's side in and out is the base volume, SUPRA's the quote volume, and
// the token going out of the pool makes it a buy. A swap that moved nothing on one side
// is no trade, and counts nowhere (as in the index). ok reports a trade.
func (c *ChainCandles) add(sw swapEventJSON, sec int64) (ok bool) {
	baseIn, baseOut, quoteIn, quoteOut := sw.XIn, sw.XOut, sw.YIn, sw.YOut
	if sw.PairX != c.Pool.Base {
		baseIn, baseOut, quoteIn, quoteOut = sw.YIn, sw.YOut, sw.XIn, sw.XOut
	}
	base := new(big.Int).Add(new(big.Int).SetUint64(uint64(baseIn)), new(big.Int).SetUint64(uint64(baseOut)))
	quote := new(big.Int).Add(new(big.Int).SetUint64(uint64(quoteIn)), new(big.Int).SetUint64(uint64(quoteOut)))
	if base.Sign() == 0 || quote.Sign() == 0 {
		return false
	}
	c.Trades++
	for _, iv := range candleIntervals() {
		k := CandleBucket{iv.Name, sec - sec%iv.Seconds}
		s, seen := c.Buckets[k]
		if !seen {
			s = CandleSums{Base: new(big.Int), Quote: new(big.Int)}
		}
		s.Base.Add(s.Base, base)
		s.Quote.Add(s.Quote, quote)
		if baseOut > 0 {
			s.Buys++
		} else {
			s.Sells++
		}
		c.Buckets[k] = s
	}
	return true
}

// liquidityPair is the pair of a liquidity event: Dexlyn writes it in pair_x and pair_y,
// Liquidswap only in the event's type arguments.
func liquidityPair(ev supra.Event) (x, y supra.CoinType, err error) {
	var in struct {
		PairX supra.CoinType `json:"pair_x"`
		PairY supra.CoinType `json:"pair_y"`
	}
	if err := json.Unmarshal(ev.Data, &in); err != nil {
		return x, y, fmt.Errorf("%s: %w", ev.Type, err)
	}
	if !in.PairX.IsZero() && !in.PairY.IsZero() {
		return in.PairX, in.PairY, nil
	}
	st, err := supra.ParseStructTag(ev.Type)
	if err != nil || len(st.TypeArgs) < 2 || st.TypeArgs[0].Struct == nil || st.TypeArgs[1].Struct == nil {
		return x, y, fmt.Errorf("%s: no pair", ev.Type)
	}
	if x, err = supra.ParseCoinType(st.TypeArgs[0].Struct.String()); err == nil {
		y, err = supra.ParseCoinType(st.TypeArgs[1].Struct.String())
	}
	return x, y, err
}

// decimals is coinType's decimals from its CoinInfo, -1 without one.
func (l *Ledger) decimals(coin supra.CoinType) int {
	for _, in := range l.Infos {
		if t, err := supra.ParseCoinType(in.CoinType); err == nil && t == coin {
			return int(in.Decimals)
		}
	}
	return -1
}

// reserves are pool p's reserves of the token (rb) and of SUPRA (rq) in the DEX's
// PoolsState resource, which keeps each pool under its sorted pair.
func (l *Ledger) reserves(p CandlePool, isState func(string) bool) (rb, rq uint64, found bool, err error) {
	for _, r := range l.Resources {
		if !isState(r.Type) {
			continue
		}
		var st struct {
			Pools []struct {
				X        supra.CoinType `json:"pair_x"`
				Y        supra.CoinType `json:"pair_y"`
				ReserveX supra.U64      `json:"reserve_x"`
				ReserveY supra.U64      `json:"reserve_y"`
			} `json:"pools"`
		}
		if err := json.Unmarshal(r.Data, &st); err != nil {
			return 0, 0, false, fmt.Errorf("%w: %s: %w", ErrCheck, r.Type, err)
		}
		for _, pl := range st.Pools {
			switch {
			case pl.X == p.Base && pl.Y == p.Quote:
				return uint64(pl.ReserveX), uint64(pl.ReserveY), true, nil
			case pl.X == p.Quote && pl.Y == p.Base:
				return uint64(pl.ReserveY), uint64(pl.ReserveX), true, nil
			}
		}
	}
	return 0, 0, false, nil
}

func pow10(n int) *big.Int { return new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(n)), nil) }

// closeTolerance bounds how far the index's close may stand from the spot price of the
// pool's reserves: 1 part in closeTolerance, a relative 1e-9. The close is the one float
// of the check: the index keeps prices as float64 display ratios (the quotient of two
// integers, rounded once), and a store or a JSON encoder may round it again. Each
// rounding is near 1e-16, so exact equality would hold today but break on a harmless
// change of storage; a wrong reserve, wrong decimals, or a missed trade worth more than
// a billionth of the pool moves the price by more than 1e-9.
const closeTolerance = 1_000_000_000

// CandleCheck compares the index's candles of a pool with the chain's, bucket by bucket
// over every interval, and the last candle's close with the pool's spot price.
type CandleCheck struct {
	Pair      string
	Trades    int // the pool's trades on the chain
	Intervals int
	// Compared are the buckets compared: the chain's and those only the index has.
	Compared int
	// Differ are the buckets that differ: missing from the index, only in the index, or
	// with other volumes or counts. Details says how, for the first few.
	Differ  int
	Details []string
	// Spot is the chain's price; Closes are the index's last close of each interval
	// (compared within closeTolerance), CloseNote why they were not compared.
	Spot      *big.Rat
	Closes    []float64
	CloseBad  []string
	CloseNote string
}

// maxDetails bounds the differences a check spells out.
const maxDetails = 10

// Rows is how many index rows the check compared with the chain.
func (c CandleCheck) Rows() int { return c.Compared }

// Err is ErrCheck naming what differs.
func (c CandleCheck) Err() error {
	var bad []string
	if c.Differ > 0 {
		bad = append(bad, fmt.Sprintf("%d buckets differ: %s", c.Differ, strings.Join(c.Details, "; ")))
	}
	bad = append(bad, c.CloseBad...)
	if len(bad) > 0 {
		return fmt.Errorf("%w: %s candles ≠ chain: %s", ErrCheck, c.Pair, strings.Join(bad, "; "))
	}
	return nil
}

// Write prints the check for people, as lines of the index check (indented).
func (c CandleCheck) Write(w io.Writer) {
	status := "ok"
	if c.Err() != nil {
		status = "DIFFERS"
	}
	fmt.Fprintf(w, "  candles: %d intervals, %d buckets compared, %d differ (%s, %d trades): %s\n",
		c.Intervals, c.Compared, c.Differ, c.Pair, c.Trades, status)
	for _, d := range c.Details {
		fmt.Fprintf(w, "    %s\n", d)
	}
	switch {
	case c.CloseNote != "":
		fmt.Fprintf(w, "    close: not compared: %s\n", c.CloseNote)
	case len(c.CloseBad) > 0:
		for _, b := range c.CloseBad {
			fmt.Fprintf(w, "    %s\n", b)
		}
	default:
		fmt.Fprintf(w, "    close: %d last candles = spot %s SUPRA from the pool's reserves (relative difference ≤ 1e-9)\n",
			len(c.Closes), c.Spot.FloatString(12))
	}
}

// candleJSON is a candle as GET /api/v1/market/candles writes it (what the check reads).
type candleJSON struct {
	Time        int64   `json:"time"`
	Close       float64 `json:"close"`
	Volume      string  `json:"volume"`
	VolumeQuote string  `json:"volumeQuote"`
	Buys        int64   `json:"buys"`
	Sells       int64   `json:"sells"`
}

// CheckCandles reads the index's candles of want's pool for every interval up to the
// chain's last block, and compares them with want. The index must have taken in the
// block the ledger was read at, and the chain must not have moved since.
func (a *API) CheckCandles(ctx context.Context, want ChainCandles) (CandleCheck, error) {
	c := CandleCheck{Pair: want.Pool.Pair, Trades: want.Trades, Intervals: len(candleIntervals()), Spot: want.Spot}
	switch {
	case want.Trades == 0:
		c.CloseNote = "the pool has no trades"
	case want.Spot == nil:
		c.CloseNote = "the pool is empty"
	case !want.SpotIsLastTrade:
		c.CloseNote = "liquidity moved the pool after its last trade"
	}
	for _, iv := range candleIntervals() {
		got, err := a.candles(ctx, want.Pool.Pair, iv.Name, want.EndSec)
		if err != nil {
			return c, err
		}
		var starts []int64
		last := int64(-1) // the chain's last bucket: it holds the pool's last trade
		for k := range want.Buckets {
			if k.Interval == iv.Name {
				starts = append(starts, k.Start)
				last = max(last, k.Start)
			}
		}
		for t := range got {
			if _, ok := want.Buckets[CandleBucket{iv.Name, t}]; !ok {
				starts = append(starts, t)
			}
		}
		slices.Sort(starts)
		for _, t := range starts {
			c.Compared++
			if d := compareBucket(want.Buckets[CandleBucket{iv.Name, t}], got[t]); d != "" {
				c.Differ++
				if len(c.Details) < maxDetails {
					c.Details = append(c.Details, fmt.Sprintf("%s %s: %s", iv.Name, time.Unix(t, 0).UTC().Format(time.RFC3339), d))
				}
			}
		}
		if c.CloseNote != "" || last < 0 {
			continue
		}
		// The last trade's price is the spot price of the reserves it left.
		g, ok := got[last]
		if !ok {
			continue // already a difference: missing from the index
		}
		c.Closes = append(c.Closes, g.Close)
		if !withinTolerance(g.Close, want.Spot) {
			c.CloseBad = append(c.CloseBad, fmt.Sprintf("%s close %s: index %v, spot from the reserves %s",
				iv.Name, time.Unix(last, 0).UTC().Format(time.RFC3339), g.Close, want.Spot.FloatString(12)))
		}
	}
	return c, nil
}

// compareBucket says how the index's candle differs from the chain's ("" when it does
// not); a zero CandleSums or candleJSON is a bucket one side lacks.
func compareBucket(want CandleSums, got *candleJSON) string {
	switch {
	case want.Base == nil && got == nil:
		return ""
	case got == nil:
		return fmt.Sprintf("missing from the index (chain volume %s, %d buys, %d sells)", want.Base, want.Buys, want.Sells)
	case want.Base == nil:
		return fmt.Sprintf("not on the chain (index volume %s, %d buys, %d sells)", got.Volume, got.Buys, got.Sells)
	}
	var d []string
	for _, f := range []struct {
		name string
		want *big.Int
		got  string
	}{{"volume", want.Base, got.Volume}, {"quote volume", want.Quote, got.VolumeQuote}} {
		if g, ok := new(big.Int).SetString(f.got, 10); !ok || g.Cmp(f.want) != 0 {
			d = append(d, fmt.Sprintf("%s chain %s, index %s", f.name, f.want, f.got))
		}
	}
	if want.Buys != got.Buys {
		d = append(d, fmt.Sprintf("buys chain %d, index %d", want.Buys, got.Buys))
	}
	if want.Sells != got.Sells {
		d = append(d, fmt.Sprintf("sells chain %d, index %d", want.Sells, got.Sells))
	}
	return strings.Join(d, ", ")
}

// withinTolerance reports |f − spot| × closeTolerance ≤ spot, computed exactly: the float
// is taken for the fraction it is.
func withinTolerance(f float64, spot *big.Rat) bool {
	r := new(big.Rat)
	if r.SetFloat64(f) == nil { // NaN or infinite
		return false
	}
	diff := r.Sub(r, spot)
	return diff.Abs(diff).Mul(diff, new(big.Rat).SetInt64(closeTolerance)).Cmp(spot) <= 0
}

// candles reads every candle of pair at interval whose bucket starts at or before end,
// by bucket start. The API answers the newest candles of a range, at most a page (1,000
// today); the check pages back with to until a page comes back empty, so a smaller page
// would not make candles look missing.
func (a *API) candles(ctx context.Context, pair, interval string, end int64) (map[int64]*candleJSON, error) {
	out := map[int64]*candleJSON{}
	for to := end; to >= 0; {
		var page struct {
			Candles []candleJSON `json:"candles"`
		}
		q := url.Values{"pair": {pair}, "interval": {interval}, "from": {"0"}, "to": {strconv.FormatInt(to, 10)}}
		if err := a.get(ctx, "/api/v1/market/candles?"+q.Encode(), &page); err != nil {
			return nil, fmt.Errorf("%w: candles %s %s: %w", ErrCheck, pair, interval, err)
		}
		if len(page.Candles) == 0 {
			break
		}
		oldest := to
		for i := range page.Candles {
			k := &page.Candles[i]
			if k.Time < 0 || k.Time > to {
				return nil, fmt.Errorf("%w: candles %s %s: bucket %d outside the range asked, to %d", ErrCheck, pair, interval, k.Time, to)
			}
			if _, dup := out[k.Time]; dup {
				return nil, fmt.Errorf("%w: candles %s %s: bucket %d answered twice", ErrCheck, pair, interval, k.Time)
			}
			out[k.Time] = k
			oldest = min(oldest, k.Time)
		}
		to = oldest - 1
	}
	return out, nil
}
