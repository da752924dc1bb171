package draw

import (
	"math/rand/v2"
	"testing"
)

// Sizes stay in their band and spread on a log scale: about as many draws in the band's
// lower half-decades as in its upper ones.
func TestLogUniform(t *testing.T) {
	tests := []struct {
		name string
		b    Band
	}{
		{"whole SUPRA of a small trade", Band{Lo: 20, Hi: 600}},
		{"quants of a large trade", Band{Lo: 25_000 * 100_000_000, Hi: 80_000 * 100_000_000}},
		{"permille of a bag", Band{Lo: 500, Hi: 951}},
		{"narrow", Band{Lo: 7, Hi: 8}},
		{"huge", Band{Lo: 1 << 60, Hi: ^uint64(0)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := rand.New(rand.NewPCG(1, 2))
			// mid is the band's geometric middle: lo × 2^(steps/2 in eighths).
			steps := 0
			for stepValue(tt.b.Lo, steps) < tt.b.Hi {
				steps++
			}
			mid := stepValue(tt.b.Lo, steps/2)
			below := 0
			const draws = 4000
			for range draws {
				v := LogUniform(r, tt.b)
				if v < tt.b.Lo || v >= tt.b.Hi {
					t.Fatalf("%d outside [%d, %d)", v, tt.b.Lo, tt.b.Hi)
				}
				if v < mid {
					below++
				}
			}
			if steps >= 8 && (below < draws*35/100 || below > draws*65/100) {
				t.Errorf("%d of %d draws below the geometric middle %d", below, draws, mid)
			}
		})
	}
	if v := LogUniform(rand.New(rand.NewPCG(1, 2)), Band{Lo: 5, Hi: 5}); v != 5 {
		t.Errorf("empty band gave %d, want its low end", v)
	}
}

func TestBuyOdds(t *testing.T) {
	tests := []struct {
		name          string
		price, target int64
		want          int
	}{
		{"on target", 1_000_000, 1_000_000, 500},
		{"3 % over", 1_030_000, 1_000_000, 350},
		{"3 % under", 970_000, 1_000_000, 650},
		{"far over", 2_000_000, 1_000_000, 250},
		{"far under", 500_000, 1_000_000, 750},
		{"no target", 1_000_000, 0, 500},
	}
	for _, tt := range tests {
		if got := BuyOdds(tt.price, tt.target); got != tt.want {
			t.Errorf("%s: BuyOdds(%d, %d) = %d, want %d", tt.name, tt.price, tt.target, got, tt.want)
		}
	}
}
