package arbitrage

import (
	"math/big"
	"testing"

	"github.com/luckycoin/lucky/internal/chain"
)

// apply trades in through the cycle, changing its pools' reserves as the swaps do (the fee
// stays in the pool), and returns the cycle after it.
func apply(cycle []Pool, in uint64) []Pool {
	out := make([]Pool, len(cycle))
	v := in
	for i, p := range cycle {
		o := p.Amount(v)
		out[i] = Pool{In: p.In + v, Out: p.Out - o, Fee: p.Fee, Scale: p.Scale}
		v = o
	}
	return out
}

// The seeded devnet's triangle: SUPRA → dexUSDC → LUCKY → SUPRA, with the LUCKY/dexUSDC
// pool 28 % off the other two (its LUCKY is cheap).
func triangle() []Pool {
	const s, usdc, lucky = 100_000_000, 1_000_000, 1_000_000
	return []Pool{
		{In: 10_000_000 * s, Out: 75_000 * usdc, Fee: 30, Scale: 10_000},      // SUPRA → dexUSDC
		{In: 1_000 * usdc, Out: 28_000_000 * lucky, Fee: 30, Scale: 10_000},   // dexUSDC → LUCKY
		{In: 150_000_000 * lucky, Out: 1_000_000 * s, Fee: 30, Scale: 10_000}, // LUCKY → SUPRA
	}
}

func TestOptimalIsTheBestSizeAndLeavesThePoolsAgreeing(t *testing.T) {
	c := triangle()
	in, profit := Optimal(c)
	if in == 0 || profit == 0 {
		t.Fatalf("Optimal = %d, %d on a cycle 28 %% off: want a paying trade", in, profit)
	}
	for _, other := range []uint64{in / 2, in * 9 / 10, in * 11 / 10, in * 2} {
		if o := Through(c, other); o > other && o-other > profit {
			t.Errorf("input %d earns %d, more than the optimum %d at %d", other, o-other, profit, in)
		}
	}
	after := apply(c, in)
	// The cross pool against the route through SUPRA: within the three fees.
	gap := Gap(after[1], []Pool{after[0].Reverse(), after[2].Reverse()})
	fees := new(big.Rat)
	for _, p := range after {
		fees.Add(fees, FeeOf(p))
	}
	if gap.Cmp(fees) > 0 {
		f, _ := gap.Float64()
		t.Errorf("after the trade the pools are %.4f apart, more than their fees", f)
	}
	if again, _ := Optimal(after); again > in/1000 {
		t.Errorf("a second trade of %d still pays after the optimum", again)
	}
}

func TestOptimalNoTrade(t *testing.T) {
	agree := []Pool{
		{In: 10_000_000, Out: 75_000, Fee: 30, Scale: 10_000},
		{In: 75_000, Out: 1_500_000_000, Fee: 30, Scale: 10_000},
		{In: 1_500_000_000, Out: 10_000_000, Fee: 30, Scale: 10_000},
	}
	tests := []struct {
		name  string
		cycle []Pool
	}{
		{"agreeing pools", agree},
		{"within the fees", func() []Pool { c := append([]Pool(nil), agree...); c[1].Out = c[1].Out * 1004 / 1000; return c }()},
		{"an empty pool", []Pool{{In: 0, Out: 5, Fee: 30, Scale: 10_000}}},
		{"a fee of the whole input", []Pool{{In: 5, Out: 5, Fee: 10_000, Scale: 10_000}}},
		{"no pools", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if in, profit := Optimal(tt.cycle); in != 0 || profit != 0 {
				t.Errorf("Optimal = %d, %d; want no trade", in, profit)
			}
		})
	}
}

func TestCapped(t *testing.T) {
	c := triangle()
	in, _ := Optimal(c)
	got, profit := Capped(c, in/10)
	if got != in/10 || profit == 0 {
		t.Errorf("Capped(%d) = %d, %d; want the cap and a profit", in/10, got, profit)
	}
	if got, _ := Capped(c, 0); got != 0 {
		t.Errorf("Capped(0) = %d", got)
	}
}

func TestAmountIsTheRoutersMaths(t *testing.T) {
	p := Pool{In: 100_000_000_000_000, Out: 150_000_000_000_000, Fee: 30, Scale: 10_000}
	for _, in := range []uint64{1, 1_000, 1_000_000_000, 77_777_777_777, 100_000_000_000_000} {
		want, _ := chain.SwapOut(in, chain.PoolState{ReserveIn: p.In, ReserveOut: p.Out, Fees: chain.Fees{Fee: p.Fee, Scale: p.Scale}})
		if got := p.Amount(in); got != want {
			t.Errorf("Amount(%d) = %d, the router's maths %d", in, got, want)
		}
	}
}
