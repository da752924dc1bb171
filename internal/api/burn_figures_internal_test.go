package api

import (
	"math/big"
	"testing"
)

func TestSharePercent(t *testing.T) {
	t.Parallel()
	lucky := big.NewInt(1_000_000_000_000_000) // 1,000,000,000 LUCKY in base units
	cases := []struct {
		part  int64
		whole *big.Int
		want  string
	}{
		{0, lucky, "0"},
		{7_000_000, lucky, "0.0000007"},       // 7 LUCKY
		{3_500_000, lucky, "0.00000035"},      // trailing zeros dropped
		{1_234_567_000_000, lucky, "0.123"},   // 0.1234567 % truncated to 3 significant digits
		{12_500_000_000, lucky, "0.00125"},    // 12,500 LUCKY
		{9_999_999_999_999, lucky, "0.999"},   // just under 1 %: truncated, not rounded up
		{19_999_999_999_999, lucky, "1.99"},   // from 1 %: two decimals, truncated, not rounded up
		{500_000_000_000_000, lucky, "50"},    // trailing zeros dropped
		{1_000_000_000_000_000, lucky, "100"}, // all of it
		{1, lucky, "<0.000000000001"},         // 1e-13 %: below 12 decimals
		{10, lucky, "0.000000000001"},         // 1e-12 %: the smallest shown
		{1, big.NewInt(3), "33.33"},           // a repeating fraction, truncated
		{2, big.NewInt(3), "66.66"},
	}
	for _, tc := range cases {
		if got := sharePercent(big.NewInt(tc.part), tc.whole); got != tc.want {
			t.Errorf("sharePercent(%d, %s) = %q, want %q", tc.part, tc.whole, got, tc.want)
		}
	}
}
