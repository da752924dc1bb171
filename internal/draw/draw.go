// Package draw is randomness with integers only, for the agents that act on a devnet: the
// seeded past (internal/seed) and the live simulator (internal/simulate) draw who acts,
// what they do and for how much with these.
//
// Floating-point results may differ in their last bits between machines (fused
// multiply-add, assembly math functions), and one base unit of difference in one amount
// changes a transaction's hash, hence every slot outcome after it: the same seed would no
// longer write the same chain everywhere.
package draw

import (
	"math/bits"
	"math/rand/v2"
)

// Weighted is one choice of a table and its weight.
type Weighted[T any] struct {
	Weight int
	Value  T
}

// Choose picks a value of table with probability weight / total weight.
func Choose[T any](r *rand.Rand, table []Weighted[T]) T {
	total := 0
	for _, w := range table {
		total += w.Weight
	}
	x := r.IntN(total)
	for _, w := range table {
		if x < w.Weight {
			return w.Value
		}
		x -= w.Weight
	}
	return table[len(table)-1].Value
}

// Band is a range of sizes [Lo, Hi) drawn on a log scale.
type Band struct{ Lo, Hi uint64 }

// eighths[i] is 2^(i/8) in thousandths: the steps of LogUniform within one doubling.
func eighths(i int) uint64 {
	return [8]uint64{1000, 1091, 1189, 1297, 1414, 1542, 1682, 1834}[i]
}

// LogUniform returns a value in [Lo, Hi) spread evenly on a log scale, as many values
// between 1 and 2 as between 100 and 200: sizes of trades, bets and burns look like that,
// many small and few large. It steps in eighths of a doubling and spreads evenly within
// the step. It returns Lo when Hi <= Lo.
func LogUniform(r *rand.Rand, b Band) uint64 {
	if b.Hi <= b.Lo || b.Lo == 0 {
		return b.Lo
	}
	// steps is the number of eighth-doublings from Lo below Hi.
	steps := 0
	for stepValue(b.Lo, steps) < b.Hi {
		steps++
	}
	k := r.IntN(steps)
	v, next := stepValue(b.Lo, k), min(stepValue(b.Lo, k+1), b.Hi)
	if next > v {
		v += r.Uint64N(next - v)
	}
	return v
}

// stepValue is lo × 2^(k/8), saturating at the largest uint64.
func stepValue(lo uint64, k int) uint64 {
	d := k / 8
	if d >= 64 || lo > ^uint64(0)>>d {
		return ^uint64(0)
	}
	return MulDiv(lo<<d, eighths(k%8), 1000)
}

// MulDiv is a × b / c, floored, saturating at the largest uint64; c > 0. Shares of a
// balance or a pool ("a 250th of the reserves") are taken with it, exactly.
func MulDiv(a, b, c uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	if hi >= c {
		return ^uint64(0)
	}
	q, _ := bits.Div64(hi, lo, c)
	return q
}

// Chance reports true with probability permille / 1000.
func Chance(r *rand.Rand, permille int) bool { return r.IntN(1000) < permille }

// BuyOdds is the chance, in thousandths, that a trader leaning towards a target price
// buys: even when the price is on target, less the further it is above, more the further
// below, never below a quarter or above three quarters (a market always has both sides).
// price and target are in the same unit (millionths of a reference price, say).
func BuyOdds(price, target int64) int {
	if target <= 0 {
		return 500
	}
	offBps := (price - target) * 10_000 / target
	return int(min(max(500-offBps/2, 250), 750))
}
