// Package staking is the pure logic of the devnet's SUPRA staking pool (the
// app's staking views, docs/product.md, Staking). The mainnet module is unknown, so this is
// the documented design of an honest, solvent pool; the devnet module wraps
// it at a devnet-only address and moves the coins.
//
// # Rules
//
// Deposits. stake(amount) adds SUPRA to the caller's deposit and restarts the
// caller's lock window (start time = now). Deposits are never used to pay
// rewards: the pool's account always holds exactly the sum of all deposits
// plus the reward reserve ([Pool.Holdings]).
//
// Rewards accrue per second from the caller's APY tier, in basis points:
//
//	reward = deposit × apy_bps × seconds / (10,000 × 31,536,000)
//
// (a 365-day year). Accrual is settled whenever the deposit changes and on
// claim; the division remainder is carried to the next settlement, so the
// total accrued is exactly floor(Σ deposit×apy×seconds / 315,360,000,000)
// however often it is settled: advancing time in one step or many gives the
// same result to the base unit. The APY tier comes from the deposit:
// [DefaultTiers] gives 500 (5.00 %) below 100,000 SUPRA, 750 from 100,000
// and 1,000 from 1,000,000; a wallet without a deposit reads 500.
// get_user_daily_yield is deposit × apy × 86,400 / 315,360,000,000, floored.
//
// Paying rewards. Rewards are paid by claim() from the reward reserve, which
// is funded explicitly (genesis, the fund entry), by tax-free pass sales and
// by early-unstake taxes. Nothing is minted: if the reserve is short, claim
// pays what the reserve holds and the rest stays pending (visible in
// get_user_pending_rewards) until the reserve is refilled.
//
// Lock window. Unstaking within 86,400 s of the last stake costs an
// early-unstake tax of 10 % of the amount withdrawn (floored), which goes to
// the reward reserve, i.e. to the other stakers. The tax-free pass (bought
// once for the pass price, 100 SUPRA by default, paid into the reward
// reserve, never expiring) waives it. After the window, unstaking is free.
// Pending rewards survive a full unstake and can still be claimed.
package staking

import (
	"cmp"
	"errors"
	"fmt"
	"math/big"
	"math/bits"
	"slices"
)

// Pool constants.
const (
	BpsScale           = 10_000
	SecondsPerYear     = 31_536_000
	SecondsPerDay      = 86_400
	LockSeconds        = 86_400
	DefaultApyBps      = 500
	EarlyUnstakeTaxBps = 1_000 // 10 %
	SupraUnit          = 100_000_000
	DefaultPassPrice   = 100 * SupraUnit

	// rewardDenominator is 10,000 × 31,536,000.
	rewardDenominator = BpsScale * SecondsPerYear
)

// Sentinel errors; the module maps them to aborts.
var (
	ErrZeroAmount     = errors.New("staking: amount must be positive")
	ErrNoDeposit      = errors.New("staking: no deposit")
	ErrExceedsDeposit = errors.New("staking: amount exceeds deposit")
	ErrNothingToClaim = errors.New("staking: nothing to claim")
	ErrHasPass        = errors.New("staking: tax-free pass already owned")
	ErrOverflow       = errors.New("staking: arithmetic overflow")
	ErrTimeWentBack   = errors.New("staking: time went backwards")
	ErrBadTiers       = errors.New("staking: APY tiers must start at 0 and increase")
)

// Tier gives ApyBps to deposits of at least MinDeposit base units.
type Tier struct {
	MinDeposit uint64 `json:"min_deposit,string"`
	ApyBps     uint64 `json:"apy_bps,string"`
}

// DefaultTiers is the devnet's APY schedule.
func DefaultTiers() []Tier {
	return []Tier{{0, 500}, {100_000 * SupraUnit, 750}, {1_000_000 * SupraUnit, 1_000}}
}

// User is one staker's record.
type User struct {
	Deposit     uint64 `json:"deposit,string"`
	StartTime   uint64 `json:"start_time,string"`   // last stake: the lock window starts here
	LastAccrual uint64 `json:"last_accrual,string"` // rewards are settled up to here
	Owed        uint64 `json:"owed,string"`         // settled, unpaid rewards
	Remainder   uint64 `json:"remainder,string"`    // accrual numerator mod rewardDenominator
	Claimed     uint64 `json:"claimed,string"`
	HasPass     bool   `json:"has_tax_free_pass"`
}

// Pool is the whole staking state; it marshals to JSON as a resource.
type Pool struct {
	PassPrice     uint64           `json:"pass_price,string"`
	Tiers         []Tier           `json:"tiers"`
	GlobalDeposit uint64           `json:"global_deposit,string"`
	RewardReserve uint64           `json:"reward_reserve,string"`
	Users         map[string]*User `json:"users"` // key: address string
}

// NewPool returns an empty pool.
func NewPool(passPrice uint64, tiers []Tier) (*Pool, error) {
	if len(tiers) == 0 || tiers[0].MinDeposit != 0 {
		return nil, ErrBadTiers
	}
	for i := 1; i < len(tiers); i++ {
		if tiers[i].MinDeposit <= tiers[i-1].MinDeposit {
			return nil, ErrBadTiers
		}
	}
	return &Pool{PassPrice: passPrice, Tiers: slices.Clone(tiers), Users: map[string]*User{}}, nil
}

// Holdings is what the pool's account must hold: deposits plus the reserve.
func (p *Pool) Holdings() uint64 { return p.GlobalDeposit + p.RewardReserve }

func (p *Pool) apyFor(deposit uint64) uint64 {
	apy := uint64(DefaultApyBps)
	for _, t := range p.Tiers {
		if deposit >= t.MinDeposit {
			apy = t.ApyBps
		}
	}
	return apy
}

// accrue returns the settled user at now without changing the pool.
func (p *Pool) accrue(u User, now uint64) (User, error) {
	if now < u.LastAccrual {
		return u, ErrTimeWentBack
	}
	if u.Deposit > 0 && now > u.LastAccrual {
		num := new(big.Int).SetUint64(u.Deposit)
		num.Mul(num, new(big.Int).SetUint64(p.apyFor(u.Deposit)))
		num.Mul(num, new(big.Int).SetUint64(now-u.LastAccrual))
		num.Add(num, new(big.Int).SetUint64(u.Remainder))
		q, r := new(big.Int).QuoRem(num, big.NewInt(rewardDenominator), new(big.Int))
		if !q.IsUint64() {
			return u, ErrOverflow
		}
		owed, carry := bits.Add64(u.Owed, q.Uint64(), 0)
		if carry != 0 {
			return u, ErrOverflow
		}
		u.Owed, u.Remainder = owed, r.Uint64()
	}
	u.LastAccrual = now
	return u, nil
}

func (p *Pool) user(addr string) User {
	if u, ok := p.Users[addr]; ok {
		return *u
	}
	return User{}
}

// Stake adds amount to addr's deposit and restarts its lock window.
func (p *Pool) Stake(addr string, amount, now uint64) error {
	if amount == 0 {
		return ErrZeroAmount
	}
	u, err := p.accrue(p.user(addr), now)
	if err != nil {
		return err
	}
	dep, c1 := bits.Add64(u.Deposit, amount, 0)
	glob, c2 := bits.Add64(p.GlobalDeposit, amount, 0)
	if c1|c2 != 0 {
		return ErrOverflow
	}
	u.Deposit, u.StartTime = dep, now
	p.GlobalDeposit = glob
	p.Users[addr] = &u
	return nil
}

// EarlyTax is the tax on unstaking amount at now (0 after the lock window or
// with the pass).
func (p *Pool) EarlyTax(addr string, amount, now uint64) uint64 {
	u := p.user(addr)
	if u.HasPass || now >= u.StartTime+LockSeconds {
		return 0
	}
	hi, lo := bits.Mul64(amount, EarlyUnstakeTaxBps)
	q, _ := bits.Div64(hi, lo, BpsScale)
	return q
}

// Unstake withdraws amount of addr's deposit. It returns what the user
// receives and the tax kept by the reward reserve (returned + tax = amount).
func (p *Pool) Unstake(addr string, amount, now uint64) (returned, tax uint64, err error) {
	if amount == 0 {
		return 0, 0, ErrZeroAmount
	}
	u := p.user(addr)
	if u.Deposit == 0 {
		return 0, 0, ErrNoDeposit
	}
	if amount > u.Deposit {
		return 0, 0, fmt.Errorf("%w: %d > %d", ErrExceedsDeposit, amount, u.Deposit)
	}
	if u, err = p.accrue(u, now); err != nil {
		return 0, 0, err
	}
	tax = p.EarlyTax(addr, amount, now)
	reserve, carry := bits.Add64(p.RewardReserve, tax, 0)
	if carry != 0 {
		return 0, 0, ErrOverflow
	}
	u.Deposit -= amount
	p.GlobalDeposit -= amount
	p.RewardReserve = reserve
	p.Users[addr] = &u
	return amount - tax, tax, nil
}

// Claim pays addr's pending rewards from the reserve, up to what it holds.
func (p *Pool) Claim(addr string, now uint64) (uint64, error) {
	u, err := p.accrue(p.user(addr), now)
	if err != nil {
		return 0, err
	}
	pay := min(u.Owed, p.RewardReserve)
	if pay == 0 {
		return 0, ErrNothingToClaim
	}
	u.Owed -= pay
	u.Claimed += pay // Claimed ≤ everything ever paid ≤ supply: no overflow
	p.RewardReserve -= pay
	p.Users[addr] = &u
	return pay, nil
}

// BuyPass sells addr the tax-free pass; the price goes to the reward reserve.
func (p *Pool) BuyPass(addr string) (uint64, error) {
	u := p.user(addr)
	if u.HasPass {
		return 0, ErrHasPass
	}
	reserve, carry := bits.Add64(p.RewardReserve, p.PassPrice, 0)
	if carry != 0 {
		return 0, ErrOverflow
	}
	u.HasPass = true
	p.RewardReserve = reserve
	p.Users[addr] = &u
	return p.PassPrice, nil
}

// FundRewards adds amount to the reward reserve.
func (p *Pool) FundRewards(amount uint64) error {
	if amount == 0 {
		return ErrZeroAmount
	}
	reserve, carry := bits.Add64(p.RewardReserve, amount, 0)
	if carry != 0 {
		return ErrOverflow
	}
	p.RewardReserve = reserve
	return nil
}

// ActiveUsers counts users with a deposit.
func (p *Pool) ActiveUsers() uint64 {
	var n uint64
	for _, u := range p.Users {
		if u.Deposit > 0 {
			n++
		}
	}
	return n
}

// UserDeposit is get_user_deposit.
func (p *Pool) UserDeposit(addr string) uint64 { return p.user(addr).Deposit }

// PendingRewards is get_user_pending_rewards: settled plus accrued to now.
func (p *Pool) PendingRewards(addr string, now uint64) (uint64, error) {
	u, err := p.accrue(p.user(addr), now)
	return u.Owed, err
}

// DailyYield is get_user_daily_yield at the user's current deposit and tier.
func (p *Pool) DailyYield(addr string) uint64 {
	d := p.user(addr).Deposit
	n := new(big.Int).SetUint64(d)
	n.Mul(n, new(big.Int).SetUint64(p.apyFor(d)*SecondsPerDay))
	return n.Quo(n, big.NewInt(rewardDenominator)).Uint64()
}

// StakeTime is get_user_stake_time: seconds since the last stake (0 without
// a deposit).
func (p *Pool) StakeTime(addr string, now uint64) uint64 {
	u := p.user(addr)
	if u.Deposit == 0 || now < u.StartTime {
		return 0
	}
	return now - u.StartTime
}

// HasPass is get_has_tax_free_pass.
func (p *Pool) HasPass(addr string) bool { return p.user(addr).HasPass }

// ApyTier is get_user_apy_tier (500 for unknown users).
func (p *Pool) ApyTier(addr string) uint64 { return p.apyFor(p.user(addr).Deposit) }

// Debug is get_user_debug: start time, seconds staked, claimed.
func (p *Pool) Debug(addr string, now uint64) (start, seconds, claimed uint64) {
	u := p.user(addr)
	return u.StartTime, p.StakeTime(addr, now), u.Claimed
}

// Clone returns an independent copy.
func (p *Pool) Clone() *Pool {
	c := *p
	c.Tiers = slices.Clone(p.Tiers)
	c.Users = make(map[string]*User, len(p.Users))
	for k, u := range p.Users {
		uu := *u
		c.Users[k] = &uu
	}
	return &c
}

// Addresses returns every user key, sorted.
func (p *Pool) Addresses() []string {
	out := make([]string, 0, len(p.Users))
	for k := range p.Users {
		out = append(out, k)
	}
	slices.SortFunc(out, cmp.Compare[string])
	return out
}
