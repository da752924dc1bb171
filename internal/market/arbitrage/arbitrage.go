// Package arbitrage sizes the trade that brings pools pricing the same coin back into
// line, as the arbitrage traders of every real AMM market do: a cycle of constant-product
// pools that starts and ends in one coin (SUPRA → dexUSDC → LUCKY → SUPRA) pays when the
// pools disagree by more than their fees, and the trade that pays most leaves them
// agreeing within those fees.
//
// The maths is exact: reserves and fees are integers, the composed pool is a big.Rat of
// them, and the size is the floor of an integer square root. The seeded past and the
// simulator both size their arbitrage here, and the tests measure agreement with Gap.
package arbitrage

import (
	"math/big"
)

// Pool is one constant-product pool in the direction of a trade: its reserves of the coin
// in and the coin out, and its fee on the input (Fee parts of Scale), as Dexlyn's
// uncorrelated curve charges it.
type Pool struct {
	In, Out    uint64
	Fee, Scale uint64
}

func (p Pool) valid() bool { return p.In > 0 && p.Out > 0 && p.Scale > 0 && p.Fee < p.Scale }

// gamma is the share of an input that trades: (Scale − Fee) / Scale.
func (p Pool) gamma() *big.Rat {
	return new(big.Rat).SetFrac(new(big.Int).SetUint64(p.Scale-p.Fee), new(big.Int).SetUint64(p.Scale))
}

// Amount is what the pool pays for in: floor(in·(S−f)·rOut / (rIn·S + in·(S−f))), the
// router's get_amount_out; 0 when the pool is not one.
func (p Pool) Amount(in uint64) uint64 {
	if !p.valid() || in == 0 {
		return 0
	}
	after := new(big.Int).Mul(u(in), u(p.Scale-p.Fee))
	den := new(big.Int).Add(new(big.Int).Mul(u(p.In), u(p.Scale)), after)
	v := new(big.Int).Mul(after, u(p.Out))
	v.Quo(v, den)
	if !v.IsUint64() {
		return 0
	}
	return v.Uint64()
}

// Through is what a cycle returns for in, hop after hop with each pool's integer maths.
func Through(cycle []Pool, in uint64) uint64 {
	v := in
	for _, p := range cycle {
		v = p.Amount(v)
	}
	return v
}

// Optimal is the input of the cycle's first coin that maximises what the cycle returns
// less what it takes, and that profit; 0, 0 when no input pays (the pools agree within
// their fees).
//
// Two pools in a row trade as one: (x1, y1, γ1) then (x2, y2, γ2) is the pool
// (x1·x2 / (x2 + γ2·y1), γ2·y1·y2 / (x2 + γ2·y1)) with γ1, so the cycle is one pool (X, Y)
// with its first fee γ, whose output γaY / (X + γa) less a is largest where
// a = (√(γXY) − X) / γ.
func Optimal(cycle []Pool) (in, profit uint64) {
	if len(cycle) == 0 {
		return 0, 0
	}
	for _, p := range cycle {
		if !p.valid() {
			return 0, 0
		}
	}
	x, y := ratU(cycle[0].In), ratU(cycle[0].Out)
	for _, p := range cycle[1:] {
		g := p.gamma()
		gy := new(big.Rat).Mul(g, y)
		den := new(big.Rat).Add(ratU(p.In), gy)
		nx := new(big.Rat).Quo(new(big.Rat).Mul(x, ratU(p.In)), den)
		ny := new(big.Rat).Quo(new(big.Rat).Mul(gy, ratU(p.Out)), den)
		x, y = nx, ny
	}
	g := cycle[0].gamma()
	// √(γXY) as a fraction n/d: √(n/d) = √(n·d)/d, floored in integers.
	gxy := new(big.Rat).Mul(g, new(big.Rat).Mul(x, y))
	root := new(big.Int).Sqrt(new(big.Int).Mul(gxy.Num(), gxy.Denom()))
	r := new(big.Rat).SetFrac(root, gxy.Denom())
	if r.Cmp(x) <= 0 {
		return 0, 0
	}
	a := new(big.Rat).Quo(new(big.Rat).Sub(r, x), g)
	ai := new(big.Int).Quo(a.Num(), a.Denom())
	if !ai.IsUint64() || ai.Sign() == 0 {
		return 0, 0
	}
	in = ai.Uint64()
	out := Through(cycle, in)
	if out <= in {
		return 0, 0
	}
	return in, out - in
}

// Capped is Optimal with the input bounded by most (what the trader can spend): a
// smaller trade on a cycle that pays still pays, and moves the pools towards agreement.
func Capped(cycle []Pool, most uint64) (in, profit uint64) {
	in, _ = Optimal(cycle)
	in = min(in, most)
	if in == 0 {
		return 0, 0
	}
	if out := Through(cycle, in); out > in {
		return in, out - in
	}
	return 0, 0
}

// Gap is how far a pool's price of its coin in stands from the price a route gives
// (both out per in, marginal, before fees), as a fraction: |pool/route − 1|. The route is
// a sequence of pools from the same coin in to the same coin out.
func Gap(pool Pool, route []Pool) *big.Rat {
	p := spot(pool)
	q := big.NewRat(1, 1)
	for _, h := range route {
		q.Mul(q, spot(h))
	}
	if q.Sign() == 0 {
		return big.NewRat(1, 1)
	}
	d := new(big.Rat).Sub(new(big.Rat).Quo(p, q), big.NewRat(1, 1))
	return d.Abs(d)
}

// FeeOf is a pool's fee as a fraction.
func FeeOf(p Pool) *big.Rat {
	if p.Scale == 0 {
		return new(big.Rat)
	}
	return new(big.Rat).SetFrac(u(p.Fee), u(p.Scale))
}

// Reverse is the pool seen the other way.
func (p Pool) Reverse() Pool { return Pool{In: p.Out, Out: p.In, Fee: p.Fee, Scale: p.Scale} }

// spot is the pool's marginal price, out per in, before fees.
func spot(p Pool) *big.Rat {
	if p.In == 0 {
		return new(big.Rat)
	}
	return new(big.Rat).SetFrac(u(p.Out), u(p.In))
}

func u(v uint64) *big.Int    { return new(big.Int).SetUint64(v) }
func ratU(v uint64) *big.Rat { return new(big.Rat).SetInt(u(v)) }

// Reader reads the pool of two coins in the direction in → out.
type Reader func(in, out string) (Pool, error)

// Agreement is how far a pool of two coins a and b (neither the hub) stands from the price
// the hub's pools give: Gap is |pool/route − 1| of a priced in b, Fees the three pools'
// fees summed (what a cycle through them pays before it gains).
type Agreement struct {
	A, B      string
	Gap, Fees *big.Rat
}

// Within reports whether the pools agree within their fees and band (a fraction).
func (a Agreement) Within(band *big.Rat) bool {
	return a.Gap.Cmp(new(big.Rat).Add(a.Fees, band)) <= 0
}

// Excess is the gap beyond the fees (0 when within them), as a fraction.
func (a Agreement) Excess() *big.Rat {
	d := new(big.Rat).Sub(a.Gap, a.Fees)
	if d.Sign() < 0 {
		return new(big.Rat)
	}
	return d
}

// Measure reads, for each pair, the pool a/b and the route a → hub → b.
func Measure(read Reader, hub string, pairs [][2]string) ([]Agreement, error) {
	out := make([]Agreement, 0, len(pairs))
	for _, pr := range pairs {
		a, b := pr[0], pr[1]
		direct, err := read(a, b)
		if err != nil {
			return nil, err
		}
		ah, err := read(a, hub)
		if err != nil {
			return nil, err
		}
		hb, err := read(hub, b)
		if err != nil {
			return nil, err
		}
		fees := new(big.Rat).Add(FeeOf(direct), FeeOf(ah))
		fees.Add(fees, FeeOf(hb))
		out = append(out, Agreement{A: a, B: b, Gap: Gap(direct, []Pool{ah, hb}), Fees: fees})
	}
	return out, nil
}
