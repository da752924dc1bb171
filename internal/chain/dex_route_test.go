package chain_test

import (
	"math/rand/v2"
	"testing"

	"github.com/luckycoin/lucky/internal/chain"
	"github.com/luckycoin/lucky/internal/devnet/contracts/dex"
)

// SwapOut and SwapIn are the devnet router's arithmetic (the Liquidswap emulation), overflow
// aborts included; MinInFor is the least input that buys a target, exactly.
func TestSwapMathMatchesRouter(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(7, 11))
	pick := func() uint64 {
		switch rng.IntN(4) {
		case 0:
			return rng.Uint64N(1000) + 1
		case 1:
			return rng.Uint64N(1 << 40)
		case 2:
			return rng.Uint64()
		}
		return rng.Uint64N(1<<62) + 1
	}
	for i := 0; i < 20000; i++ {
		fee := uint64(rng.IntN(101))
		p := chain.PoolState{ReserveIn: pick(), ReserveOut: pick(), Fees: chain.Fees{Fee: fee, Scale: 10000}}
		in := pick()
		got, ok := chain.SwapOut(in, p)
		want, err := dex.AmountOut(in, p.ReserveIn, p.ReserveOut, fee, 10000)
		if ok != (err == nil) || (ok && got != want) {
			t.Fatalf("SwapOut(%d, %+v) = %d %v; router %d %v", in, p, got, ok, want, err)
		}
		out := pick() % (p.ReserveOut + 1)
		gi, ok := chain.SwapIn(out, p)
		wi, err := dex.AmountIn(out, p.ReserveOut, p.ReserveIn, fee, 10000)
		// The router accepts out == reserve_out (and then divides by zero); SwapIn refuses it.
		if out < p.ReserveOut && (ok != (err == nil) || (ok && gi != wi)) {
			t.Fatalf("SwapIn(%d, %+v) = %d %v; router %d %v", out, p, gi, ok, wi, err)
		}
	}
	// Reserves the router can serve a swap of half of (larger ones abort on u64, as on chain).
	for i := 0; i < 5000; i++ {
		p := chain.PoolState{ReserveIn: rng.Uint64N(1<<44) + 1000, ReserveOut: rng.Uint64N(1<<44) + 1000, Fees: chain.Fees{Fee: 30, Scale: 10000}}
		target := rng.Uint64N(p.ReserveOut/2) + 1
		m, err := chain.MinInFor(target, p)
		if err != nil {
			t.Fatalf("MinInFor(%d, %+v): %v", target, p, err)
		}
		at, _ := chain.SwapOut(m, p)
		below, _ := chain.SwapOut(m-1, p)
		if at < target || below >= target {
			t.Fatalf("MinInFor(%d, %+v) = %d: buys %d, one less %d", target, p, m, at, below)
		}
	}
	if m, err := chain.MinInFor(0, chain.PoolState{ReserveIn: 1, ReserveOut: 1, Fees: chain.Fees{Fee: 30, Scale: 10000}}); m != 0 || err != nil {
		t.Fatalf("MinInFor(0) = %d %v", m, err)
	}
	if _, err := chain.MinInFor(100, chain.PoolState{ReserveIn: 1000, ReserveOut: 100, Fees: chain.Fees{Fee: 30, Scale: 10000}}); err == nil {
		t.Fatal("MinInFor(the whole reserve) answered")
	}
}
