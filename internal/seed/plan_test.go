package seed

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// Sizes stay in their band and spread on a log scale: about as many draws in the band's
// lower half-decades as in its upper ones.
func TestLogUniform(t *testing.T) {
	tests := []struct {
		name string
		b    band
	}{
		{"whole SUPRA of a small trade", band{20, 600}},
		{"quants of a large trade", band{25_000 * supraUnit, 80_000 * supraUnit}},
		{"permille of a bag", band{500, 951}},
		{"narrow", band{7, 8}},
		{"huge", band{1 << 60, ^uint64(0)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := rand.New(rand.NewPCG(1, 2))
			// mid is the band's geometric middle: lo × 2^(steps/2 in eighths).
			steps := 0
			for stepValue(tt.b.lo, steps) < tt.b.hi {
				steps++
			}
			mid := stepValue(tt.b.lo, steps/2)
			below := 0
			const draws = 4000
			for range draws {
				v := logUniform(r, tt.b)
				if v < tt.b.lo || v >= tt.b.hi {
					t.Fatalf("%d outside [%d, %d)", v, tt.b.lo, tt.b.hi)
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
	if v := logUniform(rand.New(rand.NewPCG(1, 2)), band{5, 5}); v != 5 {
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
		if got := buyOdds(tt.price, tt.target); got != tt.want {
			t.Errorf("%s: buyOdds(%d, %d) = %d, want %d", tt.name, tt.price, tt.target, got, tt.want)
		}
	}
}

// A price walk starts at the genesis price, stays in its bounds, and moves.
func TestPriceWalk(t *testing.T) {
	for _, step := range []int{50, 200} {
		w := priceWalk(rand.New(rand.NewPCG(3, 4)), 168, step, 0)
		if len(w) != 169 || w[0] != ppmScale {
			t.Fatalf("step %d: %d hours from %d", step, len(w), w[0])
		}
		lo, hi := slices.Min(w), slices.Max(w)
		if lo < 400_000 || hi > 2_500_000 || lo == hi {
			t.Errorf("step %d: walk between %d and %d", step, lo, hi)
		}
	}
}

// The plan: in time order within the past, one arrival per newcomer and a debut after
// it, and each kind about as often as its hourly rate says.
func TestPlan(t *testing.T) {
	for _, span := range []time.Duration{90 * time.Minute, 24 * time.Hour, 7 * 24 * time.Hour} {
		t.Run(span.String(), func(t *testing.T) {
			start := time.Date(2025, 12, 25, 0, 0, 0, 0, time.UTC)
			people := population(span)
			arrivals := arrivalTimes(rand.New(rand.NewPCG(5, 6)), people, span)
			evs := plan(rand.New(rand.NewPCG(7, 8)), start, span, arrivals)
			if !slices.IsSortedFunc(evs, func(a, b event) int { return int(a.At - b.At) }) {
				t.Fatal("events out of order")
			}
			count := map[kind]int{}
			arrived := map[int]time.Duration{}
			for _, e := range evs {
				if e.At < 0 || e.At >= span {
					t.Fatalf("%s at %s, outside the past", e.Kind, e.At)
				}
				count[e.Kind]++
				switch e.Kind {
				case arrive:
					arrived[e.Who] = e.At
				case debut:
					if at, ok := arrived[e.Who]; !ok || at > e.At {
						t.Fatalf("newcomer %d debuts before arriving", e.Who)
					}
				}
			}
			if count[arrive] != people || count[debut] > people {
				t.Errorf("%d arrivals, %d debuts for %d newcomers", count[arrive], count[debut], people)
			}
			for k := tradeLucky; k < numKinds; k++ {
				want := int64(hourlyRate(k)) * int64(span) / int64(time.Hour) / 1000
				if got := int64(count[k]); got < want*6/10-3 || got > want*14/10+3 {
					t.Errorf("%d %s events, want about %d", got, k, want)
				}
			}
		})
	}
}

// The day cycle averages to one.
func TestDayCycle(t *testing.T) {
	sum := 0
	for h := range 24 {
		sum += dayCycle(h)
	}
	if sum != 24_000 {
		t.Fatalf("day cycle sums to %d, want 24,000", sum)
	}
}
