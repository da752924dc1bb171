package seed

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

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
