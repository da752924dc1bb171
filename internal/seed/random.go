package seed

import (
	"math/bits"
	"math/rand/v2"
)

// Randomness with integers only. Floating-point results may differ in their last bits
// between machines (fused multiply-add, assembly math functions), and one base unit of
// difference in one amount changes a transaction's hash, hence every slot outcome after
// it: the same seed would no longer write the same chain everywhere.

// weighted is one choice of a table and its weight.
type weighted[T any] struct {
	weight int
	value  T
}

// choose picks a value of table with probability weight / total weight.
func choose[T any](r *rand.Rand, table []weighted[T]) T {
	total := 0
	for _, w := range table {
		total += w.weight
	}
	x := r.IntN(total)
	for _, w := range table {
		if x < w.weight {
			return w.value
		}
		x -= w.weight
	}
	return table[len(table)-1].value
}

// band is a range of sizes [lo, hi) drawn on a log scale.
type band struct{ lo, hi uint64 }

// eighths[i] is 2^(i/8) in thousandths: the steps of logUniform within one doubling.
func eighths(i int) uint64 {
	return [8]uint64{1000, 1091, 1189, 1297, 1414, 1542, 1682, 1834}[i]
}

// logUniform returns a value in [lo, hi) spread evenly on a log scale, as many values
// between 1 and 2 as between 100 and 200: sizes of trades, bets and burns look like that,
// many small and few large. It steps in eighths of a doubling and spreads evenly within
// the step. It returns lo when hi <= lo.
func logUniform(r *rand.Rand, b band) uint64 {
	if b.hi <= b.lo || b.lo == 0 {
		return b.lo
	}
	// steps is the number of eighth-doublings from lo below hi.
	steps := 0
	for stepValue(b.lo, steps) < b.hi {
		steps++
	}
	k := r.IntN(steps)
	v, next := stepValue(b.lo, k), min(stepValue(b.lo, k+1), b.hi)
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
	return mulDiv(lo<<d, eighths(k%8), 1000)
}

// mulDiv is a × b / c, floored, saturating at the largest uint64; c > 0.
func mulDiv(a, b, c uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	if hi >= c {
		return ^uint64(0)
	}
	q, _ := bits.Div64(hi, lo, c)
	return q
}

// chance reports true with probability permille / 1000.
func chance(r *rand.Rand, permille int) bool { return r.IntN(1000) < permille }
