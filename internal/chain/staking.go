package chain

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"math/bits"

	"golang.org/x/sync/errgroup"

	"github.com/luckycoin/lucky/internal/amount"
	"github.com/luckycoin/lucky/internal/supra"
)

// The SUPRA staking pool's views. The pool exists only where the
// network preset names it (Modules.Staking, devnet today); elsewhere every binding
// returns ErrNotConfigured and StakingLive is false.

// Staking constants of the spec and of the pool's documented design (the devnet module,
// internal/devnet/contracts/staking).
const (
	// StakeLockSeconds is the lock window after a stake (early-unstake tax inside it).
	StakeLockSeconds = 86_400
	// DefaultApyTier is the APY tier (basis points) of a wallet without a deposit.
	DefaultApyTier = 500
	// StakingDecimals: the pool holds SUPRA (8 decimals).
	StakingDecimals = 8
	// EarlyUnstakeTaxBps is the tax on an unstake inside the lock window, 10 % of the
	// amount withdrawn (floored), unless the wallet owns the tax-free pass.
	EarlyUnstakeTaxBps = 1_000
	bpsScale           = 10_000
)

// StakingGlobal is the pool's global figures. Amounts are SUPRA base units (8 decimals).
type StakingGlobal struct {
	ActiveUsers   uint64
	TotalStaked   uint64
	PassPrice     uint64
	RewardReserve uint64
}

// StakingDebug is get_user_debug: start time, seconds staked, total claimed.
type StakingDebug struct {
	StartTime     uint64
	SecondsStaked uint64
	Claimed       uint64
}

// StakingUser is one address's position.
type StakingUser struct {
	Deposit        uint64
	PendingRewards uint64
	DailyYield     uint64
	StakeTime      uint64 // seconds since the last stake (0 without a deposit)
	HasTaxFreePass bool
	ApyTier        uint64 // basis points
	Debug          StakingDebug
}

// LockHoursLeft is the time left in the lock window in hours: (86400 − t)/3600 when
// t < 86400, else 0. It is a display figure, not an amount.
func (u StakingUser) LockHoursLeft() float64 {
	if u.StakeTime >= StakeLockSeconds {
		return 0
	}
	return float64(StakeLockSeconds-u.StakeTime) / 3600
}

func (c *core) stakingModule() (supra.ModuleID, error) {
	if c.net.Modules.Staking == "" {
		return supra.ModuleID{}, fmt.Errorf("%w: staking", ErrNotConfigured)
	}
	m, err := supra.ParseModuleID(c.net.Modules.Staking)
	if err != nil {
		return supra.ModuleID{}, fmt.Errorf("%w: staking module %q: %v", ErrNotConfigured, c.net.Modules.Staking, err)
	}
	return m, nil
}

// StakingLive reports whether the network has the staking pool.
func (c *Staking) StakingLive() bool {
	_, err := c.stakingModule()
	return err == nil
}

func (c *Staking) stakingView(ctx context.Context, fn string, args ...string) ([]json.RawMessage, error) {
	m, err := c.stakingModule()
	if err != nil {
		return nil, err
	}
	res, err := c.view(ctx, m.String()+"::"+fn, nil, args)
	if err != nil {
		return nil, fmt.Errorf("staking::%s: %w", fn, err)
	}
	return res, nil
}

func (c *Staking) stakingU64(ctx context.Context, fn string, args ...string) (uint64, error) {
	res, err := c.stakingView(ctx, fn, args...)
	if err != nil {
		return 0, err
	}
	return firstU64(res)
}

// StakingGlobal reads the pool's global views concurrently.
func (c *Staking) StakingGlobal(ctx context.Context) (StakingGlobal, error) {
	var s StakingGlobal
	g, ctx := errgroup.WithContext(ctx)
	for _, r := range []struct {
		fn  string
		dst *uint64
	}{
		{"get_active_users", &s.ActiveUsers}, {"get_global_deposit", &s.TotalStaked},
		{"get_pass_price", &s.PassPrice}, {"get_reward_reserve", &s.RewardReserve},
	} {
		g.Go(func() (err error) { *r.dst, err = c.stakingU64(ctx, r.fn); return err })
	}
	if err := g.Wait(); err != nil {
		return StakingGlobal{}, err
	}
	return s, nil
}

// StakingUser reads every per-user view of addr concurrently.
func (c *Staking) StakingUser(ctx context.Context, addr supra.Address) (StakingUser, error) {
	var u StakingUser
	a := addr.String()
	g, ctx := errgroup.WithContext(ctx)
	for _, r := range []struct {
		fn  string
		dst *uint64
	}{
		{"get_user_deposit", &u.Deposit}, {"get_user_pending_rewards", &u.PendingRewards},
		{"get_user_daily_yield", &u.DailyYield}, {"get_user_stake_time", &u.StakeTime},
		{"get_user_apy_tier", &u.ApyTier},
	} {
		g.Go(func() (err error) { *r.dst, err = c.stakingU64(ctx, r.fn, a); return err })
	}
	g.Go(func() error {
		res, err := c.stakingView(ctx, "get_has_tax_free_pass", a)
		if err != nil {
			return err
		}
		if len(res) == 0 || json.Unmarshal(res[0], &u.HasTaxFreePass) != nil {
			return fmt.Errorf("%w: staking::get_has_tax_free_pass", ErrBadResponse)
		}
		return nil
	})
	g.Go(func() error {
		res, err := c.stakingView(ctx, "get_user_debug", a)
		if err != nil {
			return err
		}
		if len(res) != 3 {
			return fmt.Errorf("%w: staking::get_user_debug returned %d values", ErrBadResponse, len(res))
		}
		vals := make([]uint64, 3)
		for i := range res {
			if vals[i], err = firstU64(res[i : i+1]); err != nil {
				return err
			}
		}
		u.Debug = StakingDebug{StartTime: vals[0], SecondsStaked: vals[1], Claimed: vals[2]}
		return nil
	})
	if err := g.Wait(); err != nil {
		return StakingUser{}, err
	}
	return u, nil
}

// Staking input codes: the pool's state refuses the request (409).
const (
	CodeNoDeposit      = "no_deposit"
	CodeExceedsDeposit = "exceeds_deposit"
	CodeStakeLocked    = "stake_locked"
	CodeReserveEmpty   = "reward_reserve_empty"
	CodePassOwned      = "pass_owned"
)

// Staking messages. The spec has no words for these actions, so they say plainly what
// happened and what the wallet can do.
const (
	MsgStakeAmount   = "Enter an amount of SUPRA above zero, with at most 8 decimals."
	MsgUnstakeAmount = "Enter an amount of SUPRA above zero, with at most 8 decimals, or unstake all."
	MsgNoDeposit     = "You have no SUPRA staked, so there is nothing to unstake."
	MsgNoRewards     = "No rewards to claim yet."
	MsgReserveEmpty  = "The pool's reward reserve is empty right now: your rewards stay pending until it is refilled."
	MsgPassOwned     = "You already own the tax-free pass. It never expires, so there is nothing more to buy."
)

// stakingAbortMessages are the staking module's aborts (the reason, the low 16 bits of
// the abort code, internal/devnet/contracts/staking_module.go) in plain words, for a
// transaction that failed on chain although its build was checked: the pool changed
// between the build and the block.
var stakingAbortMessages = map[uint64]string{
	1: "The staking pool refused an amount of zero.",                                                // EZERO_AMOUNT
	2: MsgNoDeposit,                                                                                 // ENO_DEPOSIT
	3: "You tried to unstake more than your deposit.",                                               // EEXCEEDS_DEPOSIT
	4: "There were no rewards to pay: nothing was pending, or the pool's reward reserve was empty.", // ENOTHING_TO_CLAIM
	5: MsgPassOwned,                                                                                 // EALREADY_HAS_PASS
	6: "The amount is too large for the staking pool.",                                              // EOVERFLOW
	7: "The staking pool's clock went backwards, so it refused the transaction. Try again.",         // ETIME
}

// stakingAbortReason is the plain words of a staking abort code ("" for an unknown one).
func stakingAbortReason(code uint64) string { return stakingAbortMessages[code&0xffff] }

// supraAmount writes base units of SUPRA for people: "1,000.5 SUPRA".
func supraAmount(v uint64) string {
	return amount.Group(amount.Exact(new(big.Int).SetUint64(v), StakingDecimals)) + " SUPRA"
}

// LockLeftText writes the time left in the lock window in hours and minutes, rounded up
// to the minute so it never says the window is over while it is not: "23 h 59 min".
func LockLeftText(secs uint64) string {
	mins := (secs + 59) / 60
	h, m := mins/60, mins%60
	switch {
	case h == 0:
		return fmt.Sprintf("%d min", m)
	case m == 0:
		return fmt.Sprintf("%d h", h)
	}
	return fmt.Sprintf("%d h %d min", h, m)
}

// EarlyTax is the early-unstake tax on amt: 10 %, floored.
func EarlyTax(amt uint64) uint64 {
	hi, lo := bits.Mul64(amt, EarlyUnstakeTaxBps)
	q, _ := bits.Div64(hi, lo, bpsScale)
	return q
}

// checkFunds refuses a build whose sender cannot pay spend (SUPRA moving to the pool)
// plus the transaction's largest possible fee (max gas × gas price): the node refuses a
// transaction whose fee it might not cover, and a stake whose fee eats into the amount
// would abort after the wallet signed.
func (c *Staking) checkFunds(ctx context.Context, sender supra.Address, spend uint64, b *Built, what string) error {
	bal, err := c.coins.CoinBalance(ctx, sender, supra.NativeCoin())
	if err != nil {
		return err
	}
	hi, fee := bits.Mul64(b.Raw.MaxGasAmount, b.Raw.GasUnitPrice)
	need, carry := bits.Add64(spend, fee, 0)
	if hi == 0 && carry == 0 && bal >= need {
		return nil
	}
	if spend == 0 {
		return inputErr(CodeInsufficient, "Insufficient SUPRA for the network fee: it can cost up to %s, and you have %s.",
			supraAmount(fee), supraAmount(bal))
	}
	return inputErr(CodeInsufficient, "Insufficient SUPRA: %s needs %s plus a network fee of up to %s, and you have %s.",
		what, supraAmount(spend), supraAmount(fee), supraAmount(bal))
}

func (c *Staking) stakingCall(ctx context.Context, sender supra.Address, fn string, args ...uint64) (*Built, error) {
	m, err := c.stakingModule()
	if err != nil {
		return nil, err
	}
	call := Call{Function: supra.FunctionID{Module: m, Name: fn}}
	for _, a := range args {
		call.Args = append(call.Args, supra.ArgU64(a))
		call.Shown = append(call.Shown, u64s(a))
	}
	return c.buildCall(ctx, sender, call)
}

// StakeBuilt is a built stake(amount).
type StakeBuilt struct {
	*Built
	Amount uint64
}

// BuildStake builds stake(amt) after checking the amount is positive and the sender's
// SUPRA covers it and the fee.
func (c *Staking) BuildStake(ctx context.Context, sender supra.Address, amt uint64) (*StakeBuilt, error) {
	if _, err := c.stakingModule(); err != nil {
		return nil, err
	}
	if amt == 0 {
		return nil, inputErr(CodeInvalidAmount, MsgStakeAmount)
	}
	b, err := c.stakingCall(ctx, sender, "stake", amt)
	if err != nil {
		return nil, err
	}
	if err := c.checkFunds(ctx, sender, amt, b, "this stake"); err != nil {
		return nil, err
	}
	return &StakeBuilt{Built: b, Amount: amt}, nil
}

// UnstakeRequest is an unstake to build. All takes the whole deposit (Amount is then
// ignored). AcceptTax says the wallet agreed to the early-unstake tax: without it an
// unstake that would be taxed is refused, so nobody loses 10 % by a slip.
type UnstakeRequest struct {
	Sender    supra.Address
	Amount    uint64
	All       bool
	AcceptTax bool
}

// UnstakeBuilt is a built unstake(amount) with what the pool keeps and pays at the time
// of the build (the tax can only fall to zero before the block, never rise).
type UnstakeBuilt struct {
	*Built
	Amount          uint64
	Tax             uint64
	Returned        uint64
	LockSecondsLeft uint64
}

// BuildUnstake builds unstake(amount) after checking the deposit covers it and, inside
// the lock window without the pass, that the tax was accepted.
func (c *Staking) BuildUnstake(ctx context.Context, req UnstakeRequest) (*UnstakeBuilt, error) {
	if _, err := c.stakingModule(); err != nil {
		return nil, err
	}
	if !req.All && req.Amount == 0 {
		return nil, inputErr(CodeInvalidAmount, MsgUnstakeAmount)
	}
	u, err := c.StakingUser(ctx, req.Sender)
	if err != nil {
		return nil, err
	}
	if u.Deposit == 0 {
		return nil, inputErr(CodeNoDeposit, MsgNoDeposit)
	}
	amt := req.Amount
	if req.All {
		amt = u.Deposit
	}
	if amt > u.Deposit {
		return nil, inputErr(CodeExceedsDeposit, "You can unstake at most your deposit of %s.", supraAmount(u.Deposit))
	}
	var left, tax uint64
	if u.StakeTime < StakeLockSeconds {
		left = StakeLockSeconds - u.StakeTime
	}
	if left > 0 && !u.HasTaxFreePass {
		tax = EarlyTax(amt)
	}
	if tax > 0 && !req.AcceptTax {
		return nil, inputErr(CodeStakeLocked, "Your stake is in its lock window for another %s. Unstaking %s now costs the 10%% "+
			"early-unstake tax: %s goes to the reward reserve and you receive %s. Wait until the window ends, buy the "+
			"tax-free pass, or accept the tax to unstake now.", LockLeftText(left), supraAmount(amt), supraAmount(tax), supraAmount(amt-tax))
	}
	b, err := c.stakingCall(ctx, req.Sender, "unstake", amt)
	if err != nil {
		return nil, err
	}
	if err := c.checkFunds(ctx, req.Sender, 0, b, ""); err != nil {
		return nil, err
	}
	return &UnstakeBuilt{Built: b, Amount: amt, Tax: tax, Returned: amt - tax, LockSecondsLeft: left}, nil
}

// StakingClaimBuilt is a built claim() with the rewards pending at the build and what the
// reserve can pay of them.
type StakingClaimBuilt struct {
	*Built
	Pending uint64
	Payout  uint64
}

// BuildStakingClaim builds claim() after checking rewards are pending and the reward
// reserve holds something to pay them with (the pool pays what it holds; the rest stays
// pending).
func (c *Staking) BuildStakingClaim(ctx context.Context, sender supra.Address) (*StakingClaimBuilt, error) {
	if _, err := c.stakingModule(); err != nil {
		return nil, err
	}
	var pending, reserve uint64
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() (err error) {
		pending, err = c.stakingU64(gctx, "get_user_pending_rewards", sender.String())
		return err
	})
	g.Go(func() (err error) { reserve, err = c.stakingU64(gctx, "get_reward_reserve"); return err })
	if err := g.Wait(); err != nil {
		return nil, err
	}
	if pending == 0 {
		return nil, inputErr(CodeNothingToClaim, MsgNoRewards)
	}
	if reserve == 0 {
		return nil, inputErr(CodeReserveEmpty, MsgReserveEmpty)
	}
	b, err := c.stakingCall(ctx, sender, "claim")
	if err != nil {
		return nil, err
	}
	if err := c.checkFunds(ctx, sender, 0, b, ""); err != nil {
		return nil, err
	}
	return &StakingClaimBuilt{Built: b, Pending: pending, Payout: min(pending, reserve)}, nil
}

// PassBuilt is a built buy_tax_free_pass() with its price.
type PassBuilt struct {
	*Built
	Price uint64
}

// BuildPass builds buy_tax_free_pass() after checking the sender has no pass yet and can
// pay its price and the fee.
func (c *Staking) BuildPass(ctx context.Context, sender supra.Address) (*PassBuilt, error) {
	if _, err := c.stakingModule(); err != nil {
		return nil, err
	}
	var owned bool
	var price uint64
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() error {
		res, err := c.stakingView(gctx, "get_has_tax_free_pass", sender.String())
		if err != nil {
			return err
		}
		if len(res) == 0 || json.Unmarshal(res[0], &owned) != nil {
			return fmt.Errorf("%w: staking::get_has_tax_free_pass", ErrBadResponse)
		}
		return nil
	})
	g.Go(func() (err error) { price, err = c.stakingU64(gctx, "get_pass_price"); return err })
	if err := g.Wait(); err != nil {
		return nil, err
	}
	if owned {
		return nil, inputErr(CodePassOwned, MsgPassOwned)
	}
	b, err := c.stakingCall(ctx, sender, "buy_tax_free_pass")
	if err != nil {
		return nil, err
	}
	if err := c.checkFunds(ctx, sender, price, b, "the pass"); err != nil {
		return nil, err
	}
	return &PassBuilt{Built: b, Price: price}, nil
}

// Staking events.

// StakeEvent is staking::StakeEvent (decoded as "stake").
type StakeEvent struct {
	User   string `json:"user"`
	Amount uint64 `json:"amount,string"`
}

// UnstakeEvent is staking::UnstakeEvent (decoded as "unstake"): amount left the deposit,
// returned reached the wallet and tax went to the reward reserve.
type UnstakeEvent struct {
	User     string `json:"user"`
	Amount   uint64 `json:"amount,string"`
	Returned uint64 `json:"returned,string"`
	Tax      uint64 `json:"tax,string"`
}

// StakingClaimEvent is staking::ClaimEvent (decoded as "stakingClaim").
type StakingClaimEvent struct {
	User   string `json:"user"`
	Amount uint64 `json:"amount,string"`
}

// PassPurchasedEvent is staking::PassPurchasedEvent (decoded as "passPurchase").
type PassPurchasedEvent struct {
	User  string `json:"user"`
	Price uint64 `json:"price,string"`
}

// canonAddress writes an event's address the one way the API writes addresses.
func canonAddress(s string) string {
	if a, err := supra.ParseAddress(s); err == nil {
		return a.String()
	}
	return s
}

func (c *core) stakingDecoders() []Decoder {
	m, err := c.stakingModule()
	if err != nil {
		return nil
	}
	mod := m.String()
	type raw struct {
		User     string    `json:"user"`
		Amount   supra.U64 `json:"amount"`
		Returned supra.U64 `json:"returned"`
		Tax      supra.U64 `json:"tax"`
		Price    supra.U64 `json:"price"`
	}
	decoder := func(key, name string, out func(r raw) any) Decoder {
		return Decoder{Key: key, Tag: mod + "::" + name, Decode: func(ev supra.Event) (any, bool, error) {
			var r raw
			if err := json.Unmarshal(ev.Data, &r); err != nil {
				return nil, false, fmt.Errorf("%w: %s: %v", ErrBadResponse, name, err)
			}
			r.User = canonAddress(r.User)
			return out(r), true, nil
		}}
	}
	return []Decoder{
		decoder("stake", "StakeEvent", func(r raw) any { return &StakeEvent{User: r.User, Amount: uint64(r.Amount)} }),
		decoder("unstake", "UnstakeEvent", func(r raw) any {
			return &UnstakeEvent{User: r.User, Amount: uint64(r.Amount), Returned: uint64(r.Returned), Tax: uint64(r.Tax)}
		}),
		decoder("stakingClaim", "ClaimEvent", func(r raw) any { return &StakingClaimEvent{User: r.User, Amount: uint64(r.Amount)} }),
		decoder("passPurchase", "PassPurchasedEvent", func(r raw) any { return &PassPurchasedEvent{User: r.User, Price: uint64(r.Price)} }),
	}
}
