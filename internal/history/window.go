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
	s := NewSummary(prev)
	for _, t := range in {
		s.Add(t)
	}
	return s.Window()
}

// Summary is Summarize one trade at a time: a day of a busy pool is tens of thousands of
// trades, which need not all be in memory at once to be summed.
type Summary struct {
	w       Window
	started bool // Ref is set: from the trade before the window, or the first inside
	amount  big.Int
}

// NewSummary starts a window after prev, the last trade before it (nil when none).
func NewSummary(prev *Trade) *Summary {
	s := &Summary{w: Window{VolBase: new(big.Int), VolQuote: new(big.Int)}}
	if prev != nil {
		p := prev.Price
		s.w.Ref, s.w.RefUSD, s.started = &p, prev.PriceUSD, true
	}
	return s
}

// Add adds the window's next trade in chain order.
func (s *Summary) Add(t Trade) {
	if !s.started {
		p := t.PriceBefore
		s.w.Ref, s.w.RefUSD, s.started = &p, t.PriceBeforeUSD, true
	}
	s.w.VolBase.Add(s.w.VolBase, s.amount.SetUint64(t.BaseAmount))
	s.w.VolQuote.Add(s.w.VolQuote, s.amount.SetUint64(t.QuoteAmount))
	if t.Buy {
		s.w.Buys++
	} else {
		s.w.Sells++
	}
	c := t.Price
	s.w.Close, s.w.CloseUSD = &c, t.PriceUSD
}

// Window is the window of the trades added so far.
func (s *Summary) Window() Window {
	w := s.w
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
