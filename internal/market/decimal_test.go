package market

import (
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"
)

func TestDecimal(t *testing.T) {
	tests := []struct {
		num, den int64
		want     string
	}{
		{1, 150, "0.006666666666666666"}, // truncated, not rounded up to …667
		{2, 3, "0.666666666666666666"},
		{150, 1, "150.000000000000000000"},
		{0, 1, "0.000000000000000000"},
		{1, 1_000_000_000_000_000_000, "0.000000000000000001"},
		{1, 2_000_000_000_000_000_000, "0.000000000000000000"}, // below 1e-18
		{-1, 4, "-0.250000000000000000"},
		{-1, 2_000_000_000_000_000_000, "0.000000000000000000"}, // no "-0"
	}
	for _, tt := range tests {
		if got := Decimal(big.NewRat(tt.num, tt.den)); got != tt.want {
			t.Errorf("Decimal(%d/%d) = %s, want %s", tt.num, tt.den, got, tt.want)
		}
	}
	if DecimalPtr(nil) != nil {
		t.Error("nil is not null")
	}
	// Against the plain rule (scale by 10^18, truncate, place the point) on values with
	// whole parts beyond 64 bits and denominators beyond 10^18.
	ref := func(r *big.Rat) string {
		scaled := new(big.Int).Mul(new(big.Int).Abs(r.Num()), new(big.Int).Exp(big.NewInt(10), big.NewInt(Places), nil))
		s := scaled.Quo(scaled, r.Denom()).String()
		for len(s) <= Places {
			s = "0" + s
		}
		out := s[:len(s)-Places] + "." + s[len(s)-Places:]
		if r.Sign() < 0 && strings.Trim(out, "0.") != "" {
			out = "-" + out
		}
		return out
	}
	rng := rand.New(rand.NewPCG(1, 2))
	random := func(maxBytes int) *big.Int {
		b := make([]byte, rng.IntN(maxBytes+1))
		for i := range b {
			b[i] = byte(rng.Uint32())
		}
		return new(big.Int).SetBytes(b)
	}
	for range 2000 {
		num := random(25)
		den := random(15)
		den.Add(den, big.NewInt(1))
		if rng.IntN(2) == 0 {
			num.Neg(num)
		}
		r := new(big.Rat).SetFrac(num, den)
		if got, want := Decimal(r), ref(r); got != want {
			t.Fatalf("Decimal(%s) = %s, want %s", r, got, want)
		}
	}
}

func TestPow10(t *testing.T) {
	for n := range uint8(40) {
		if got, want := pow10(n), new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(n)), nil); got.Cmp(want) != 0 {
			t.Fatalf("pow10(%d) = %s, want %s", n, got, want)
		}
	}
}

func TestSpotPrice(t *testing.T) {
	// 1,000,000 SUPRA (8 decimals) per 150,000,000 LUCKY (6 decimals) = 1/150.
	if p := SpotPrice(150_000_000_000_000, 6, 100_000_000_000_000, 8); p.Cmp(big.NewRat(1, 150)) != 0 {
		t.Fatalf("price %s", p)
	}
	if SpotPrice(0, 6, 1, 8) != nil || SpotPrice(1, 6, 0, 8) != nil {
		t.Fatal("an empty pool has a price")
	}
}
