package staking

import (
	"errors"
	"math/big"
	"math/rand/v2"
	"testing"
)

func newPool(t *testing.T) *Pool {
	t.Helper()
	p, err := NewPool(DefaultPassPrice, DefaultTiers())
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestRewardFormula(t *testing.T) {
	cases := []struct {
		name    string
		deposit uint64
		seconds uint64
		want    uint64
	}{
		// 1,000 SUPRA at 5 % for a day: 1000 × 0.05 / 365 = 0.13698630 SUPRA.
		{"1000 SUPRA, 1 day", 1_000 * SupraUnit, 86_400, 13_698_630},
		{"1000 SUPRA, 1 year", 1_000 * SupraUnit, SecondsPerYear, 50 * SupraUnit},
		{"1000 SUPRA, 1 s", 1_000 * SupraUnit, 1, 158}, // 158.55 floored
		{"1 base unit, 1 year", 1, SecondsPerYear, 0},  // 0.05 floored
		{"100k SUPRA tier 750, 1 year", 100_000 * SupraUnit, SecondsPerYear, 7_500 * SupraUnit},
		{"1M SUPRA tier 1000, 1 day", 1_000_000 * SupraUnit, 86_400, 27_397_260_273}, // 273.97260273
		{"zero time", 1_000 * SupraUnit, 0, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := newPool(t)
			if err := p.Stake("a", c.deposit, 1000); err != nil {
				t.Fatal(err)
			}
			got, err := p.PendingRewards("a", 1000+c.seconds)
			if err != nil || got != c.want {
				t.Fatalf("pending %d,%v want %d", got, err, c.want)
			}
			// Independent check of the documented formula.
			want := new(big.Int).SetUint64(c.deposit)
			want.Mul(want, new(big.Int).SetUint64(p.ApyTier("a")*c.seconds))
			want.Quo(want, big.NewInt(10_000*31_536_000))
			if want.Uint64() != got {
				t.Fatalf("formula %s vs %d", want, got)
			}
		})
	}
}

// Settling often gives exactly what settling once gives: the remainder is carried.
func TestAccrualIsPathIndependent(t *testing.T) {
	a, b := newPool(t), newPool(t)
	_ = a.Stake("u", 1_234_567_891, 0)
	_ = b.Stake("u", 1_234_567_891, 0)
	_ = a.FundRewards(1 << 50)
	_ = b.FundRewards(1 << 50)
	var paid uint64
	for now := uint64(7); now <= 3*86_400; now += 7 {
		got, err := a.Claim("u", now)
		if err == nil {
			paid += got
		} else if !errors.Is(err, ErrNothingToClaim) {
			t.Fatal(err)
		}
	}
	once, _ := b.Claim("u", 3*86_400/7*7)
	if paid != once {
		t.Fatalf("claimed often %d, once %d", paid, once)
	}
}

func TestLockWindowAndPass(t *testing.T) {
	const amt = 1_000 * SupraUnit
	cases := []struct {
		name    string
		pass    bool
		at      uint64 // seconds after staking
		wantTax uint64
	}{
		{"immediately", false, 0, amt / 10},
		{"one second before the window ends", false, LockSeconds - 1, amt / 10},
		{"at the end of the window", false, LockSeconds, 0},
		{"with the pass", true, 10, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := newPool(t)
			if c.pass {
				price, err := p.BuyPass("u")
				if err != nil || price != DefaultPassPrice || !p.HasPass("u") {
					t.Fatal(err)
				}
			}
			_ = p.Stake("u", amt, 500)
			reserve := p.RewardReserve
			ret, tax, err := p.Unstake("u", amt, 500+c.at)
			if err != nil || tax != c.wantTax || ret+tax != amt {
				t.Fatalf("ret %d tax %d err %v", ret, tax, err)
			}
			if p.RewardReserve != reserve+tax || p.GlobalDeposit != 0 || p.ActiveUsers() != 0 {
				t.Fatalf("pool %+v", p)
			}
		})
	}
	// A new stake restarts the window for the whole deposit.
	p := newPool(t)
	_ = p.Stake("u", amt, 0)
	_ = p.Stake("u", amt, LockSeconds+5)
	if tax := p.EarlyTax("u", amt, LockSeconds+6); tax != amt/10 {
		t.Fatal("window not restarted", tax)
	}
	if _, err := p.BuyPass("x"); err != nil {
		t.Fatal(err)
	}
	if _, err := p.BuyPass("x"); !errors.Is(err, ErrHasPass) {
		t.Fatal(err)
	}
}

func TestClaimIsBoundedByReserve(t *testing.T) {
	p := newPool(t)
	_ = p.Stake("u", 1_000*SupraUnit, 0)
	if _, err := p.Claim("u", 86_400); !errors.Is(err, ErrNothingToClaim) {
		t.Fatal("claim from an empty reserve", err)
	}
	_ = p.FundRewards(10_000_000)
	got, err := p.Claim("u", 86_400)
	if err != nil || got != 10_000_000 || p.RewardReserve != 0 {
		t.Fatal(got, err)
	}
	pending, _ := p.PendingRewards("u", 86_400)
	if pending != 13_698_630-10_000_000 {
		t.Fatal("rest stays pending", pending)
	}
	// Rewards survive a full unstake.
	_, _, _ = p.Unstake("u", 1_000*SupraUnit, 2*86_400)
	_ = p.FundRewards(1 << 40)
	got, _ = p.Claim("u", 10*86_400)
	if got != 2*13_698_630-10_000_000 {
		t.Fatal("after unstake", got)
	}
	start, secs, claimed := p.Debug("u", 10*86_400)
	if start != 0 || secs != 0 || claimed != 2*13_698_630 {
		t.Fatal(start, secs, claimed)
	}
}

func TestViews(t *testing.T) {
	p := newPool(t)
	if p.ApyTier("nobody") != 500 || p.UserDeposit("nobody") != 0 || p.StakeTime("nobody", 99) != 0 {
		t.Fatal("defaults")
	}
	_ = p.Stake("a", 200_000*SupraUnit, 100)
	_ = p.Stake("b", 5*SupraUnit, 100)
	cases := []struct {
		name      string
		got, want uint64
	}{
		{"active users", p.ActiveUsers(), 2},
		{"global deposit", p.GlobalDeposit, 200_005 * SupraUnit},
		{"apy tier a", p.ApyTier("a"), 750},
		{"apy tier b", p.ApyTier("b"), 500},
		{"daily yield a", p.DailyYield("a"), 4_109_589_041}, // 200000 × 7.5 % / 365 = 41.09589041
		{"daily yield b", p.DailyYield("b"), 68_493},
		{"stake time", p.StakeTime("a", 3_700), 3_600},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("%s = %d want %d", c.name, c.got, c.want)
		}
	}
}

func TestErrors(t *testing.T) {
	p := newPool(t)
	cases := []struct {
		name string
		run  func() error
		want error
	}{
		{"stake zero", func() error { return p.Stake("u", 0, 1) }, ErrZeroAmount},
		{"unstake without deposit", func() error { _, _, err := p.Unstake("u", 1, 1); return err }, ErrNoDeposit},
		{"unstake too much", func() error { _ = p.Stake("v", 5, 1); _, _, err := p.Unstake("v", 6, 1); return err }, ErrExceedsDeposit},
		{"time going back", func() error { return p.Stake("v", 5, 0) }, ErrTimeWentBack},
		{"fund zero", func() error { return p.FundRewards(0) }, ErrZeroAmount},
		{"overflow", func() error { return p.Stake("w", 1<<64-1, 2) }, ErrOverflow},
	}
	for _, c := range cases {
		if err := c.run(); !errors.Is(err, c.want) {
			t.Errorf("%s: %v want %v", c.name, err, c.want)
		}
	}
	if _, err := NewPool(1, []Tier{{1, 500}}); !errors.Is(err, ErrBadTiers) {
		t.Fatal(err)
	}
}

// Random operations: the pool's holdings always equal money in minus money out.
func TestRandomOperationsConserve(t *testing.T) {
	p := newPool(t)
	r := rand.New(rand.NewPCG(5, 6))
	var in, out uint64
	now := uint64(0)
	users := []string{"a", "b", "c", "d"}
	for range 20_000 {
		now += r.Uint64N(20_000)
		u := users[r.IntN(len(users))]
		switch r.IntN(5) {
		case 0:
			amt := r.Uint64N(1e13) + 1
			if p.Stake(u, amt, now) == nil {
				in += amt
			}
		case 1:
			ret, _, err := p.Unstake(u, r.Uint64N(p.UserDeposit(u)+1)+1, now)
			if err == nil {
				out += ret
			}
		case 2:
			if got, err := p.Claim(u, now); err == nil {
				out += got
			}
		case 3:
			if price, err := p.BuyPass(u); err == nil {
				in += price
			}
		case 4:
			amt := r.Uint64N(1e10) + 1
			if p.FundRewards(amt) == nil {
				in += amt
			}
		}
		var deposits uint64
		for _, a := range p.Addresses() {
			deposits += p.Users[a].Deposit
		}
		if deposits != p.GlobalDeposit || p.Holdings() != in-out {
			t.Fatalf("holdings %d, in−out %d, deposits %d/%d", p.Holdings(), in-out, deposits, p.GlobalDeposit)
		}
	}
}
