package miners

import (
	"errors"
	"math/rand/v2"
	"testing"
)

func TestCatalogue(t *testing.T) {
	want := []struct {
		name             string
		cost, out, power uint64
	}{{"Nano Rig", 100, 5, 1}, {"Quantum Core", 500, 30, 5}, {"Nebula Forge", 2000, 150, 20}}
	for i, m := range Catalogue() {
		if m.Name != want[i].name || m.Cost != want[i].cost*Unit || m.DailyOutput != want[i].out*Unit || m.Power != want[i].power {
			t.Errorf("miner %d = %+v", i, m)
		}
	}
	if b := Boosters(); b[0].BoostPct != 10 || b[1].BoostPct != 15 {
		t.Fatal(b)
	}
}

func TestOutputAccrual(t *testing.T) {
	cases := []struct {
		name     string
		fleet    map[uint64]uint64
		boosters map[uint64]uint64
		seconds  uint64
		want     uint64
	}{
		{"one nano rig, one day", map[uint64]uint64{1: 1}, nil, 86_400, 5 * Unit},
		{"one nano rig, one second", map[uint64]uint64{1: 1}, nil, 1, 5787}, // 5787.037 floored
		{"one of each, one day", map[uint64]uint64{1: 1, 2: 1, 3: 1}, nil, 86_400, 185 * Unit},
		{"cyber gem +10 %", map[uint64]uint64{1: 2}, map[uint64]uint64{1: 1}, 86_400, 11 * Unit},
		{"gem + shard +25 %", map[uint64]uint64{2: 1}, map[uint64]uint64{1: 1, 2: 1}, 86_400, 37*Unit + 50_000_000},
		{"boost capped at 50 %", map[uint64]uint64{3: 1}, map[uint64]uint64{1: 3, 2: 3}, 86_400, 225 * Unit},
		{"no rigs", nil, map[uint64]uint64{1: 1}, 86_400, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := NewGame()
			_ = g.Fund(1 << 60)
			for id, n := range c.fleet {
				if _, err := g.Buy("p", id, n, "", 0); err != nil {
					t.Fatal(err)
				}
			}
			for id, n := range c.boosters {
				if err := g.GrantBooster("p", id, n, 0); err != nil {
					t.Fatal(err)
				}
			}
			got, err := g.Pending("p", c.seconds)
			if err != nil || got != c.want {
				t.Fatalf("pending %d,%v want %d", got, err, c.want)
			}
		})
	}
}

func TestAccrualIsPathIndependent(t *testing.T) {
	a, b := NewGame(), NewGame()
	for _, g := range []*Game{a, b} {
		_ = g.Fund(1 << 60)
		_, _ = g.Buy("p", 1, 3, "", 0)
		_ = g.GrantBooster("p", 2, 1, 0)
	}
	var paid uint64
	for now := uint64(13); now <= 86_400; now += 13 {
		if got, err := a.Claim("p", now); err == nil {
			paid += got
		}
	}
	once, _ := b.Claim("p", 86_400/13*13)
	if paid != once {
		t.Fatalf("often %d once %d", paid, once)
	}
}

func TestPurchaseAndReferral(t *testing.T) {
	cases := []struct {
		name                string
		id, qty             uint64
		referrer            string
		wantCost, wantBonus uint64
		err                 error
	}{
		{"nano rig", 1, 1, "", 100 * Unit, 0, nil},
		{"two quantum cores with referrer", 2, 2, "r", 1_000 * Unit, 50 * Unit, nil},
		{"self referral earns nothing", 3, 1, "p", 2_000 * Unit, 0, nil},
		{"unknown miner", 4, 1, "", 0, 0, ErrUnknownMiner},
		{"zero quantity", 1, 0, "", 0, 0, ErrQuantity},
		{"too many", 1, 1001, "", 0, 0, ErrQuantity},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := NewGame()
			got, err := g.Buy("p", c.id, c.qty, c.referrer, 10)
			if !errors.Is(err, c.err) {
				t.Fatalf("err %v", err)
			}
			if err != nil {
				if len(g.Players) != 0 || g.EmissionReserve != 0 {
					t.Fatal("state changed on error")
				}
				return
			}
			if got.Cost != c.wantCost || got.Bonus != c.wantBonus || g.EmissionReserve != c.wantCost-c.wantBonus {
				t.Fatalf("%+v reserve %d", got, g.EmissionReserve)
			}
			if c.referrer != "" && c.referrer != "p" && g.Player(c.referrer).Referrals != c.wantBonus {
				t.Fatal("referral not recorded")
			}
		})
	}
}

func TestViews(t *testing.T) {
	g := NewGame()
	_, _ = g.Buy("a", 1, 2, "", 0)
	_, _ = g.Buy("a", 3, 1, "", 0)
	_, _ = g.Buy("b", 2, 1, "", 0)
	_ = g.GrantBooster("c", 1, 1, 0) // boosters alone do not make crew
	if g.CrewSize() != 2 {
		t.Fatal("crew", g.CrewSize())
	}
	a := g.Player("a")
	if a.Power() != 22 || a.Daily() != 160*Unit || a.BoostPct() != 0 {
		t.Fatal(a.Power(), a.Daily())
	}
	fleet := g.Fleet("a")
	if len(fleet) != 2 || fleet[0].Name != "Nano Rig" || fleet[0].Count != 2 || fleet[1].Count != 1 {
		t.Fatalf("%+v", fleet)
	}
	if bs := g.PlayerBoosters("c"); len(bs) != 1 || bs[0].Name != "Cyber Gem" {
		t.Fatalf("%+v", bs)
	}
	if len(g.Fleet("nobody")) != 0 || g.Player("nobody").BoostedDaily() != 0 {
		t.Fatal("unknown player")
	}
	if err := g.GrantBooster("c", 9, 1, 0); !errors.Is(err, ErrUnknownBooster) {
		t.Fatal(err)
	}
}

func TestClaimBoundedByReserve(t *testing.T) {
	g := NewGame()
	_, _ = g.Buy("p", 1, 1, "", 0) // reserve 100 MINE
	got, err := g.Claim("p", 30*86_400)
	if err != nil || got != 100*Unit || g.EmissionReserve != 0 {
		t.Fatal(got, err)
	}
	if pending, _ := g.Pending("p", 30*86_400); pending != 50*Unit {
		t.Fatal("rest pending", pending)
	}
	if _, err := g.Claim("p", 30*86_400); !errors.Is(err, ErrNothingToClaim) {
		t.Fatal(err)
	}
	if _, err := g.Claim("p", 1); !errors.Is(err, ErrTimeWentBack) {
		t.Fatal(err)
	}
}

// Random operations: the reserve always equals MINE paid in minus MINE paid out.
func TestRandomOperationsConserve(t *testing.T) {
	g := NewGame()
	r := rand.New(rand.NewPCG(7, 8))
	var in, out uint64
	now := uint64(0)
	players := []string{"a", "b", "c"}
	for range 20_000 {
		now += r.Uint64N(5_000)
		p := players[r.IntN(3)]
		switch r.IntN(4) {
		case 0:
			ref := ""
			if r.IntN(2) == 0 {
				ref = players[r.IntN(3)]
			}
			if pu, err := g.Buy(p, r.Uint64N(3)+1, r.Uint64N(3)+1, ref, now); err == nil {
				in += pu.Cost
				out += pu.Bonus
			}
		case 1:
			if got, err := g.Claim(p, now); err == nil {
				out += got
			}
		case 2:
			_ = g.GrantBooster(p, r.Uint64N(2)+1, 1, now)
		case 3:
			amt := r.Uint64N(100 * Unit)
			if g.Fund(amt) == nil {
				in += amt
			}
		}
		if g.Holdings() != in-out {
			t.Fatalf("reserve %d, in−out %d", g.Holdings(), in-out)
		}
	}
}

// The starter grant: once per address, paid from the reserve (nothing minted), refused when
// the reserve cannot pay it.
func TestClaimStarter(t *testing.T) {
	g := NewGame()
	if err := g.Fund(StarterGrant + 1); err != nil {
		t.Fatal(err)
	}
	paid, err := g.ClaimStarter("0xa")
	if err != nil || paid != StarterGrant || g.EmissionReserve != 1 || !g.Player("0xa").Starter {
		t.Fatalf("paid %d, err %v, reserve %d", paid, err, g.EmissionReserve)
	}
	if _, err := g.ClaimStarter("0xa"); !errors.Is(err, ErrStarterTaken) {
		t.Fatalf("second claim: %v", err)
	}
	if _, err := g.ClaimStarter("0xb"); !errors.Is(err, ErrNothingToClaim) || g.EmissionReserve != 1 || g.Player("0xb").Starter {
		t.Fatalf("short reserve: %v, reserve %d", err, g.EmissionReserve)
	}
	if g.CrewSize() != 0 {
		t.Fatal("a grant alone makes no pilot")
	}
}
