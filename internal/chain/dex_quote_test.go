package chain_test

import (
	"errors"
	"math/big"
	"testing"

	"github.com/luckycoin/lucky/internal/chain"
)

func TestMinOut(t *testing.T) {
	tests := []struct {
		out  uint64
		bps  int
		want uint64
	}{
		{1_487_544_122, 500, 1_413_166_915}, // floor(1487544122 × 0.95)
		{100, 1, 99},                        // 99.99 floors to 99
		{100, 5000, 50},
		{1, 500, 0},
		{0, 500, 0},
		{^uint64(0), 1, ^uint64(0)/10_000*9_999 + (^uint64(0)%10_000)*9_999/10_000}, // no u64 overflow on the way
	}
	for _, tt := range tests {
		if got := chain.MinOut(tt.out, tt.bps); got != tt.want {
			t.Errorf("MinOut(%d, %d) = %d, want %d", tt.out, tt.bps, got, tt.want)
		}
	}
}

func TestPriceImpact(t *testing.T) {
	tests := []struct {
		in, reserveIn uint64
		want          *big.Rat
		bps           int64
	}{
		{1, 9, big.NewRat(1, 10), 1000},
		{1_000_000_000, 1_000_000_000_000, big.NewRat(1, 1001), 10}, // 9.99 bps rounds up to 10
		{1, 19_999, big.NewRat(1, 20_000), 1},                       // 0.5 bp rounds half up
		{1, 20_000, big.NewRat(1, 20_001), 0},                       // just under half a bp
		{0, 0, new(big.Rat), 0},                                     // empty pool, no input
		{^uint64(0), ^uint64(0), big.NewRat(1, 2), 5000},            // no u64 overflow in rIn + in
	}
	for _, tt := range tests {
		got := chain.PriceImpact(tt.in, tt.reserveIn)
		if got.Cmp(tt.want) != 0 {
			t.Errorf("PriceImpact(%d, %d) = %s, want %s", tt.in, tt.reserveIn, got, tt.want)
		}
		if bps := chain.ImpactBps(got); bps != tt.bps {
			t.Errorf("ImpactBps(%s) = %d, want %d", got, bps, tt.bps)
		}
	}
}

func TestFeesOf(t *testing.T) {
	tests := []struct {
		fees chain.Fees
		in   uint64
		want int64
	}{
		{chain.Fees{Fee: 30, Scale: 10_000}, 1_000_000_000, 3_000_000},
		{chain.Fees{Fee: 30, Scale: 10_000}, 333, 0}, // 0.999 floors to 0
		{chain.Fees{Fee: 30, Scale: 10_000}, 334, 1},
		{chain.Fees{}, 5, 0},
	}
	for _, tt := range tests {
		if got := tt.fees.Of(tt.in); got.Cmp(big.NewInt(tt.want)) != 0 {
			t.Errorf("%+v.Of(%d) = %s, want %d", tt.fees, tt.in, got, tt.want)
		}
	}
	max := chain.Fees{Fee: 9_999, Scale: 10_000}.Of(^uint64(0))
	if want := new(big.Int).Quo(new(big.Int).Mul(new(big.Int).SetUint64(^uint64(0)), big.NewInt(9_999)), big.NewInt(10_000)); max.Cmp(want) != 0 {
		t.Errorf("fee of the largest input = %s, want %s", max, want)
	}
}

func TestRates(t *testing.T) {
	tests := []struct {
		in           uint64
		decIn        uint8
		out          uint64
		decOut       uint8
		rate, invert string
	}{
		// 10 SUPRA (8 decimals) → 1487.544122 LUCKY (6 decimals).
		{1_000_000_000, 8, 1_487_544_122, 6, "743772061/5000000", "5000000/743772061"},
		{1, 0, 2, 0, "2/1", "1/2"},
	}
	for _, tt := range tests {
		r, inv := chain.Rates(tt.in, tt.decIn, tt.out, tt.decOut)
		if r.String() != tt.rate || inv.String() != tt.invert {
			t.Errorf("Rates(%d, %d, %d, %d) = %s, %s; want %s, %s", tt.in, tt.decIn, tt.out, tt.decOut, r, inv, tt.rate, tt.invert)
		}
	}
	if r, inv := chain.Rates(0, 8, 5, 6); r != nil || inv != nil {
		t.Errorf("rates of a zero input = %v, %v", r, inv)
	}
}

func TestCheckQuote(t *testing.T) {
	tests := []struct {
		name                  string
		reserveIn, reserveOut uint64
		out                   uint64
		want                  error
	}{
		{"served", 100, 100, 50, nil},
		{"empty reserve in", 0, 100, 50, chain.ErrInsufficientLiquidity},
		{"empty reserve out", 100, 0, 0, chain.ErrInsufficientLiquidity},
		{"drains the pool", 100, 100, 100, chain.ErrInsufficientLiquidity},
		{"returns nothing", 100, 100, 0, chain.ErrAmountTooSmall},
	}
	for _, tt := range tests {
		if err := chain.CheckQuote(tt.reserveIn, tt.reserveOut, tt.out); !errors.Is(err, tt.want) || (tt.want == nil) != (err == nil) {
			t.Errorf("%s: CheckQuote = %v, want %v", tt.name, err, tt.want)
		}
	}
}
