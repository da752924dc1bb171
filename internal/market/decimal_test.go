package market

import (
	"math/big"
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
