package history

import "math/big"

// Day is the length of the "24 h" figures, in seconds.
const Day = 24 * 3600

// Window is a base coin's trading over a time range: volume, buys and sells, and the
// price at its start and end (in SUPRA and in dollars).
type Window struct {
	VolBase, VolQuote *big.Int
	Buys, Sells       int64
	// Ref is the price at the start: the last trade's price before it, else the price
	// before the first trade inside. Nil when the coin never traded.
	Ref, Close       *float64
	RefUSD, CloseUSD *float64
}

// Summarize computes a window from the last trade before it (nil when none) and the
// trades inside it in chain order. Without a trade inside, the price has not moved.
func Summarize(prev *Trade, in []Trade) Window {
	w := Window{VolBase: new(big.Int), VolQuote: new(big.Int)}
	if prev != nil {
		p := prev.Price
		w.Ref, w.RefUSD = &p, prev.PriceUSD
	}
	for i, t := range in {
		if i == 0 && prev == nil {
			p := t.PriceBefore
			w.Ref, w.RefUSD = &p, t.PriceBeforeUSD
		}
		w.VolBase.Add(w.VolBase, new(big.Int).SetUint64(t.BaseAmount))
		w.VolQuote.Add(w.VolQuote, new(big.Int).SetUint64(t.QuoteAmount))
		if t.Buy {
			w.Buys++
		} else {
			w.Sells++
		}
		c := t.Price
		w.Close, w.CloseUSD = &c, t.PriceUSD
	}
	if w.Close == nil && w.Ref != nil {
		w.Close, w.CloseUSD = w.Ref, w.RefUSD
	}
	return w
}

// Change is the percent move from ref to now (nil without both or with a zero ref).
func Change(ref, now *float64) *float64 {
	if ref == nil || now == nil || *ref == 0 {
		return nil
	}
	v := (*now - *ref) / *ref * 100
	return &v
}
