package history

import (
	"math/big"

	"github.com/luckycoin/lucky/internal/supra"
)

// Intervals are the candle intervals in seconds: 1m, 5m, 1h, 1d.
var Intervals = []int64{60, 300, 3600, 86400}

// intervalNames are Intervals as the API writes them, in the same order.
var intervalNames = []string{"1m", "5m", "1h", "1d"}

// IntervalNamed is the interval a name stands for ("1h" is 3600 s); ok is false for a
// name that is not a candle interval.
func IntervalNamed(name string) (seconds int64, ok bool) {
	for i, n := range intervalNames {
		if n == name {
			return Intervals[i], true
		}
	}
	return 0, false
}

// CandleKey names a candle: a base coin, an interval and the bucket's start (unix seconds).
type CandleKey struct {
	Base     supra.CoinType
	Interval int64
	Bucket   int64
}

// Candle is one OHLCV bucket of a base coin quoted in SUPRA, with the same prices in
// dollars where a dollar price was known.
type Candle struct {
	Open, High, Low, Close             float64
	OpenUSD, HighUSD, LowUSD, CloseUSD *float64
	VolBase, VolQuote                  *big.Int
	Buys, Sells                        int64
}

// Buckets are the keys of the candles a trade at timeUS falls in, one per interval.
func Buckets(base supra.CoinType, timeUS int64) []CandleKey {
	sec := timeUS / 1_000_000
	out := make([]CandleKey, len(Intervals))
	for i, iv := range Intervals {
		out[i] = CandleKey{base, iv, sec - sec%iv}
	}
	return out
}

// AddTrade puts a trade in its candle (nil: the bucket's first trade, which opens it at
// the price before the trade) and returns the candle after it.
func AddTrade(c *Candle, t Trade) Candle {
	var n Candle
	if c == nil {
		n = Candle{Open: t.PriceBefore, High: t.PriceBefore, Low: t.PriceBefore,
			OpenUSD: t.PriceBeforeUSD, HighUSD: t.PriceBeforeUSD, LowUSD: t.PriceBeforeUSD,
			VolBase: new(big.Int), VolQuote: new(big.Int)}
	} else {
		n = *c
		n.VolBase, n.VolQuote = new(big.Int).Set(c.VolBase), new(big.Int).Set(c.VolQuote)
	}
	n.High, n.Low, n.Close = max(n.High, t.Price), min(n.Low, t.Price), t.Price
	if pu := t.PriceUSD; pu != nil {
		if n.OpenUSD == nil {
			n.OpenUSD = pu
		}
		if n.HighUSD == nil || *pu > *n.HighUSD {
			n.HighUSD = pu
		}
		if n.LowUSD == nil || *pu < *n.LowUSD {
			n.LowUSD = pu
		}
	}
	n.CloseUSD = t.PriceUSD
	n.VolBase.Add(n.VolBase, new(big.Int).SetUint64(t.BaseAmount))
	n.VolQuote.Add(n.VolQuote, new(big.Int).SetUint64(t.QuoteAmount))
	if t.Buy {
		n.Buys++
	} else {
		n.Sells++
	}
	return n
}
