package simulate

import (
	"slices"
	"testing"
	"time"
)

// The same seed gives the same accounts, roles and choices; another seed other ones.
func TestAgentsFromSeed(t *testing.T) {
	a, b, c := newAgents("one", 12), newAgents("one", 12), newAgents("two", 12)
	for i := range a {
		if a[i].addr != b[i].addr || a[i].role != b[i].role || a[i].r.Uint64() != b[i].r.Uint64() {
			t.Fatalf("agent %d differs between two runs of the same seed", i)
		}
		if a[i].addr == c[i].addr {
			t.Fatalf("agent %d has the same account under another seed", i)
		}
	}
	// A small run still has every role.
	for r := range numRoles {
		if a[r].role != r {
			t.Errorf("agent %d is a %s, want a %s", r, a[r].role, r)
		}
	}
}

// The dispatcher picks the same agents in the same order for the same seed, the busier
// roles more often, and passes a busy agent's turn on.
func TestPick(t *testing.T) {
	order := func() []int {
		s := &sim{agents: newAgents("pick", 10), r: streamFor("pick", "dispatch")}
		for _, a := range s.agents {
			s.total += a.role.activity()
		}
		var out []int
		for range 200 {
			a := s.pick()
			out = append(out, slices.Index(s.agents, a))
			a.busy.Store(false)
		}
		return out
	}
	first := order()
	if !slices.Equal(first, order()) {
		t.Fatal("two dispatchers of one seed picked differently")
	}
	counts := map[role]int{}
	s := &sim{agents: newAgents("pick", 10)}
	for _, i := range first {
		counts[s.agents[i].role]++
	}
	if counts[whale] >= counts[momentum] {
		t.Errorf("whales acted %d times, momentum traders %d: whales are seen now and then", counts[whale], counts[momentum])
	}

	s = &sim{agents: newAgents("busy", 2), r: streamFor("busy", "dispatch")}
	s.total = s.agents[0].role.activity() + s.agents[1].role.activity()
	x, y := s.pick(), s.pick()
	if x == nil || y == nil || x == y {
		t.Fatalf("two picks with two idle agents: %p %p", x, y)
	}
	if s.pick() != nil {
		t.Fatal("a pick with every agent busy returned one")
	}
}

// A player may lose half of its best bankroll: winnings raise the bar, losses eat the budget.
func TestBudget(t *testing.T) {
	a := &agent{best: map[string]uint64{}}
	steps := []struct{ bankroll, want uint64 }{
		{1000, 500}, // half of the first bankroll
		{800, 300},  // lost 200
		{1200, 600}, // a win: a new best
		{600, 0},    // lost half of the best
		{400, 0},
	}
	for _, s := range steps {
		if got := a.budget("c", s.bankroll); got != s.want {
			t.Fatalf("budget at %d = %d, want %d", s.bankroll, got, s.want)
		}
	}
}

func TestVMReason(t *testing.T) {
	tests := []struct{ vm, want string }{
		{"Move abort in 0x0dc694898dff98a1b0447e0992d0413e123ea80da1021d464a4fbaf0265870d8::scripts: 0xcd: dex: amount out less than expected minimum",
			"scripts: 0xcd"},
		{"Move abort in 0x1::coin: EINSUFFICIENT_BALANCE(0x10006): Not enough coins: 12 < 15", "coin: EINSUFFICIENT_BALANCE(0x10006)"},
		{"Move abort in 0xb4::slots_v3: EHOUSE_FUND_INSUFFICIENT(0x1000a)", "slots_v3: EHOUSE_FUND_INSUFFICIENT(0x1000a)"},
		{"OUT_OF_GAS", "OUT_OF_GAS"},
		{"EXECUTION_FAILURE: something", "EXECUTION_FAILURE"},
		{"", "unknown"},
	}
	for _, tt := range tests {
		if got := vmReason(tt.vm); got != tt.want {
			t.Errorf("vmReason(%q) = %q, want %q", tt.vm, got, tt.want)
		}
	}
	if expected("scripts: 0xcd") == "" || expected("coin: EINSUFFICIENT_BALANCE(0x10006)") != "" {
		t.Error("slippage is an expected refusal; an insufficient balance is not")
	}
}

func TestLatencyPercentiles(t *testing.T) {
	var r ring
	for i := 1; i <= 100; i++ {
		r.add(time.Duration(i) * time.Millisecond)
	}
	l := r.summary()
	if l.N != 100 || l.P50 != 50*time.Millisecond || l.P99 != 99*time.Millisecond || l.Max != 100*time.Millisecond {
		t.Fatalf("summary %+v", l)
	}
	for range ringSize {
		r.add(time.Second)
	}
	if l := r.summary(); l.N != ringSize || l.P50 != time.Second {
		t.Fatalf("a full ring keeps the latest samples: %+v", l)
	}
}
