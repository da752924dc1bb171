package chain

import (
	"context"
	"encoding/json"
	"fmt"

	"golang.org/x/sync/errgroup"

	"github.com/luckycoin/lucky/internal/supra"
)

// The SUPRA staking pool's views. The pool exists only where the
// network preset names it (Modules.Staking, devnet today); elsewhere every binding
// returns ErrNotConfigured and StakingLive is false.

// Staking constants of the spec.
const (
	// StakeLockSeconds is the lock window after a stake (early-unstake tax inside it).
	StakeLockSeconds = 86_400
	// DefaultApyTier is the APY tier (basis points) of a wallet without a deposit.
	DefaultApyTier = 500
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

func (c *Staking) stakingModule() (supra.ModuleID, error) {
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
	res, err := c.node.View(ctx, m.String()+"::"+fn, nil, args)
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
