package seed

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"time"
)

// kind is what an event of the past does.
type kind uint8

const (
	arrive     kind = iota // the faucet funds a newcomer
	debut                  // a newcomer's first buy
	tradeLucky             // a LUCKY/SUPRA swap
	tradeAlt               // a swap of another listed token against SUPRA
	spin                   // a slots play
	burn                   // LUCKY sent to the burn address
	gift                   // LUCKY sent to a new holder
	stake                  // a staking pool action
	mine                   // a Cosmic Miners action
	numKinds
)

func (k kind) String() string {
	return [numKinds]string{"arrive", "debut", "trade-lucky", "trade-alt", "spin", "burn", "gift", "stake", "mine"}[k]
}

// hourlyRate is how many events of k an average hour holds, in thousandths: about 20
// transactions an hour besides the newcomers', under 4,000 in a week, which the devnet
// writes in a few seconds.
func hourlyRate(k kind) int {
	switch k {
	case tradeLucky:
		return 9_000
	case tradeAlt:
		return 3_000
	case spin:
		return 5_000
	case burn, gift:
		return 800
	case stake:
		return 1_200
	case mine:
		return 1_200
	}
	return 0 // arrivals and debuts are one per newcomer
}

// dayCycle is how busy a UTC hour is, in thousandths of the day's average (the table
// sums to 24,000): quiet in the European night, busiest in the European afternoon and the
// American morning.
func dayCycle(hour int) int {
	return [24]int{
		700, 610, 530, 480, 450, 470, 530, 650, 810, 950, 1050, 1130,
		1230, 1350, 1470, 1530, 1550, 1530, 1470, 1370, 1250, 1110, 950, 830,
	}[hour]
}

// event is one thing that happens At after the start of the past.
type event struct {
	At   time.Duration
	Kind kind
	// Who is the newcomer of an arrival or a debut; the writer picks the actor of the
	// others when they happen, from the chain as it is then.
	Who int
}

// plan lays out the past's events from start for span: the newcomers' arrivals and
// debuts, then every hour's events at the hour's rate (the day's cycle, with some hours
// busier than others), at random instants. Events are in time order.
func plan(r *rand.Rand, start time.Time, span time.Duration, arrivals []time.Duration) []event {
	var evs []event
	for i, at := range arrivals {
		evs = append(evs, event{At: at, Kind: arrive, Who: i})
		// A newcomer buys within minutes of being funded, unless the past ends first.
		if d := at + time.Duration(2+r.IntN(40))*time.Minute; d < span {
			evs = append(evs, event{At: d, Kind: debut, Who: i})
		}
	}
	for h := time.Duration(0); h < span; h += time.Hour {
		length := min(time.Hour, span-h)
		busy := dayCycle(start.Add(h).UTC().Hour()) * (700 + r.IntN(601)) / 1000 // ±30 % hour to hour
		for k := tradeLucky; k < numKinds; k++ {
			// Thousandths of events in this hour, rounded at random so the average holds.
			milli := int64(hourlyRate(k)) * int64(busy) / 1000 * int64(length) / int64(time.Hour)
			n := int(milli / 1000)
			if r.Int64N(1000) < milli%1000 {
				n++
			}
			for range n {
				evs = append(evs, event{At: h + time.Duration(r.Int64N(int64(length))).Truncate(time.Microsecond), Kind: k, Who: -1})
			}
		}
	}
	slices.SortStableFunc(evs, func(a, b event) int { return cmp.Compare(a.At, b.At) })
	return evs
}

// launchWindow is the start of a past of span: the hours when its first community
// arrives and buys in.
func launchWindow(span time.Duration) time.Duration { return min(3*time.Hour, span/4) }

// arrivalTimes spreads n arrivals over span: a fifth in the launch window (the community
// the past starts with), the rest evenly until shortly before its end. They are in order.
func arrivalTimes(r *rand.Rand, n int, span time.Duration) []time.Duration {
	out := make([]time.Duration, n)
	for i := range out {
		window := span * 95 / 100
		if i < n/5 {
			window = launchWindow(span)
		}
		out[i] = time.Duration(r.Int64N(int64(max(window, time.Microsecond)))).Truncate(time.Microsecond)
	}
	slices.Sort(out)
	return out
}

// ppmScale is a price ratio of 1 in millionths.
const ppmScale = 1_000_000

// priceWalk is a pool's target price for each hour of the past, in millionths of its
// genesis price: a random walk of hourly steps of at most ±3×step basis points (the sum
// of three even draws, so small steps are likelier than large), with a drift of its own
// per hour, kept between 0.4 and 2.5 times the genesis price. Traders lean towards it,
// so the pool's price wanders with it.
func priceWalk(r *rand.Rand, hours, step, drift int) []int64 {
	out := make([]int64, hours+1)
	p := int64(ppmScale)
	for h := range out {
		out[h] = p
		move := int64(drift)
		for range 3 {
			move += int64(r.IntN(2*step+1) - step)
		}
		p = min(max(p*(10_000+move)/10_000, 400_000), 2_500_000)
	}
	return out
}
