package contracts

import (
	"errors"
	"fmt"

	"github.com/luckycoin/lucky/internal/devnet"
	"github.com/luckycoin/lucky/internal/devnet/contracts/staking"
	"github.com/luckycoin/lucky/internal/supra"
)

// stakingModule is the devnet-only SUPRA staking pool 0x…de01::staking (see
// package staking for the rules). Deposits and the reward reserve sit in the
// module address's SUPRA coin store.
type stakingModule struct{ g *Genesis }

const (
	stakingStateType  = "0xde01::staking::Pool"
	StakeEventType    = "0xde01::staking::StakeEvent"
	UnstakeEventType  = "0xde01::staking::UnstakeEvent"
	ClaimEventType    = "0xde01::staking::ClaimEvent"
	PassPurchasedType = "0xde01::staking::PassPurchasedEvent"
	RewardsFundedType = "0xde01::staking::RewardsFundedEvent"
)

func (stakingModule) ID() supra.ModuleID {
	return supra.ModuleID{Address: StakingAddress, Name: "staking"}
}

func (stakingModule) ABI() devnet.ABI {
	entry := func(name string, params ...string) devnet.Function {
		return devnet.Function{Name: name, IsEntry: true, Params: append([]string{"&signer"}, params...)}
	}
	view := func(name string, params []string, ret ...string) devnet.Function {
		return devnet.Function{Name: name, IsView: true, Params: params, Return: ret}
	}
	addr := []string{"address"}
	return devnet.ABI{
		Functions: []devnet.Function{
			entry("stake", "u64"), entry("unstake", "u64"), entry("claim"), entry("buy_tax_free_pass"), entry("fund_rewards", "u64"),
			view("get_active_users", nil, "u64"),
			view("get_global_deposit", nil, "u64"),
			view("get_user_deposit", addr, "u64"),
			view("get_user_pending_rewards", addr, "u64"),
			view("get_user_daily_yield", addr, "u64"),
			view("get_user_stake_time", addr, "u64"),
			view("get_has_tax_free_pass", addr, "bool"),
			view("get_pass_price", nil, "u64"),
			view("get_user_apy_tier", addr, "u64"),
			view("get_user_debug", addr, "u64", "u64", "u64"),
			view("get_reward_reserve", nil, "u64"),
		},
		Structs: []devnet.Struct{
			{Name: "StakeEvent", Abilities: []string{"drop", "store"}, Fields: []devnet.Field{{Name: "user", Type: "address"}, {Name: "amount", Type: "u64"}}},
			{Name: "UnstakeEvent", Abilities: []string{"drop", "store"}, Fields: []devnet.Field{{Name: "user", Type: "address"}, {Name: "amount", Type: "u64"}, {Name: "returned", Type: "u64"}, {Name: "tax", Type: "u64"}}},
			{Name: "ClaimEvent", Abilities: []string{"drop", "store"}, Fields: []devnet.Field{{Name: "user", Type: "address"}, {Name: "amount", Type: "u64"}}},
			{Name: "PassPurchasedEvent", Abilities: []string{"drop", "store"}, Fields: []devnet.Field{{Name: "user", Type: "address"}, {Name: "price", Type: "u64"}}},
			{Name: "RewardsFundedEvent", Abilities: []string{"drop", "store"}, Fields: []devnet.Field{{Name: "funder", Type: "address"}, {Name: "amount", Type: "u64"}}},
			{Name: "Pool", Abilities: []string{"key"}},
		},
	}
}

func (m stakingModule) Genesis(ex *devnet.Exec) error {
	price, err := m.g.Amount(m.g.NativeSymbol(), m.g.Staking.PassPrice)
	if err != nil {
		return err
	}
	reserve, err := m.g.Amount(m.g.NativeSymbol(), m.g.Staking.RewardReserve)
	if err != nil {
		return err
	}
	p, err := staking.NewPool(price, staking.DefaultTiers())
	if err != nil {
		return err
	}
	if reserve > 0 {
		if err := p.FundRewards(reserve); err != nil {
			return err
		}
		if err := ex.Transfer(TreasuryAddress, StakingAddress, SupraCoinType, reserve); err != nil {
			return err
		}
	}
	return ex.SetResource(StakingAddress, stakingStateType, p)
}

// readStaking returns the pool as shared by every reader of the stored state: views must
// not modify it.
func readStaking(ex *devnet.Exec) (*staking.Pool, error) {
	return readState[staking.Pool](ex, StakingAddress, stakingStateType)
}

// loadStaking returns a copy of the pool for a transaction to change and store (Clone
// also makes the users map of a state stored without users).
func loadStaking(ex *devnet.Exec) (*staking.Pool, error) {
	p, err := readStaking(ex)
	if err != nil {
		return nil, err
	}
	return p.Clone(), nil
}

func stakingAbort(ex *devnet.Exec, err error) error {
	table := []struct {
		err  error
		code uint64
		name string
	}{
		{staking.ErrZeroAmount, code(catInvalidArgument, 1), "EZERO_AMOUNT"},
		{staking.ErrNoDeposit, code(catNotFound, 2), "ENO_DEPOSIT"},
		{staking.ErrExceedsDeposit, code(catInvalidArgument, 3), "EEXCEEDS_DEPOSIT"},
		{staking.ErrNothingToClaim, code(catInvalidState, 4), "ENOTHING_TO_CLAIM"},
		{staking.ErrHasPass, code(catInvalidState, 5), "EALREADY_HAS_PASS"},
		{staking.ErrOverflow, code(catOutOfRange, 6), "EOVERFLOW"},
		{staking.ErrTimeWentBack, code(catInvalidState, 7), "ETIME"},
	}
	for _, t := range table {
		if errors.Is(err, t.err) {
			return ex.AbortWithReason(t.code, t.name, err.Error())
		}
	}
	return err
}

func (stakingModule) Execute(ex *devnet.Exec, call devnet.EntryCall) error {
	p, err := loadStaking(ex)
	if err != nil {
		return err
	}
	user := ex.Sender()
	key := user.String()
	t := now(ex)
	a := call.Args()
	var amount uint64
	if call.Function == "stake" || call.Function == "unstake" || call.Function == "fund_rewards" {
		amount = a.U64()
	}
	if err := a.Done(); err != nil {
		return err
	}
	switch call.Function {
	case "stake":
		if err := p.Stake(key, amount, t); err != nil {
			return stakingAbort(ex, err)
		}
		if err := ex.Transfer(user, StakingAddress, SupraCoinType, amount); err != nil {
			return err
		}
		err = ex.Emit(StakeEventType, map[string]any{"user": user, "amount": supra.U64(amount)})
	case "unstake":
		ret, tax, err2 := p.Unstake(key, amount, t)
		if err2 != nil {
			return stakingAbort(ex, err2)
		}
		if err := transfer(ex, StakingAddress, user, SupraCoinType, ret); err != nil {
			return err
		}
		err = ex.Emit(UnstakeEventType, map[string]any{"user": user, "amount": supra.U64(amount),
			"returned": supra.U64(ret), "tax": supra.U64(tax)})
	case "claim":
		paid, err2 := p.Claim(key, t)
		if err2 != nil {
			return stakingAbort(ex, err2)
		}
		if err := ex.Transfer(StakingAddress, user, SupraCoinType, paid); err != nil {
			return err
		}
		err = ex.Emit(ClaimEventType, map[string]any{"user": user, "amount": supra.U64(paid)})
	case "buy_tax_free_pass":
		price, err2 := p.BuyPass(key)
		if err2 != nil {
			return stakingAbort(ex, err2)
		}
		if err := transfer(ex, user, StakingAddress, SupraCoinType, price); err != nil {
			return err
		}
		err = ex.Emit(PassPurchasedType, map[string]any{"user": user, "price": supra.U64(price)})
	case "fund_rewards":
		if err := p.FundRewards(amount); err != nil {
			return stakingAbort(ex, err)
		}
		if err := ex.Transfer(user, StakingAddress, SupraCoinType, amount); err != nil {
			return err
		}
		err = ex.Emit(RewardsFundedType, map[string]any{"funder": user, "amount": supra.U64(amount)})
	default:
		return fmt.Errorf("%w: staking::%s", devnet.ErrBadArgument, call.Function)
	}
	if err != nil {
		return err
	}
	return devnet.SetSharedResource(ex, StakingAddress, stakingStateType, p)
}

func (stakingModule) View(ex *devnet.Exec, call devnet.ViewCall) ([]any, error) {
	p, err := readStaking(ex)
	if err != nil {
		return nil, err
	}
	a := call.Args()
	var key string
	switch call.Function {
	case "get_active_users", "get_global_deposit", "get_pass_price", "get_reward_reserve":
	default:
		key = a.Address().String()
	}
	if err := a.Done(); err != nil {
		return nil, err
	}
	t := now(ex)
	switch call.Function {
	case "get_active_users":
		return []any{supra.U64(p.ActiveUsers())}, nil
	case "get_global_deposit":
		return []any{supra.U64(p.GlobalDeposit)}, nil
	case "get_pass_price":
		return []any{supra.U64(p.PassPrice)}, nil
	case "get_reward_reserve":
		return []any{supra.U64(p.RewardReserve)}, nil
	case "get_user_deposit":
		return []any{supra.U64(p.UserDeposit(key))}, nil
	case "get_user_pending_rewards":
		v, err := p.PendingRewards(key, t)
		if err != nil {
			return nil, stakingAbort(ex, err)
		}
		return []any{supra.U64(v)}, nil
	case "get_user_daily_yield":
		return []any{supra.U64(p.DailyYield(key))}, nil
	case "get_user_stake_time":
		return []any{supra.U64(p.StakeTime(key, t))}, nil
	case "get_has_tax_free_pass":
		return []any{p.HasPass(key)}, nil
	case "get_user_apy_tier":
		return []any{supra.U64(p.ApyTier(key))}, nil
	case "get_user_debug":
		start, secs, claimed := p.Debug(key, t)
		return []any{supra.U64(start), supra.U64(secs), supra.U64(claimed)}, nil
	}
	return nil, fmt.Errorf("%w: staking::%s", devnet.ErrBadArgument, call.Function)
}

// CheckInvariants: the pool account holds every deposit plus the reserve.
func (stakingModule) CheckInvariants(ex *devnet.Exec) error {
	p, err := readStaking(ex)
	if err != nil {
		return err
	}
	var deposits uint64
	for _, u := range p.Users {
		deposits += u.Deposit
	}
	if deposits != p.GlobalDeposit {
		return fmt.Errorf("staking: deposits sum to %d, global deposit %d", deposits, p.GlobalDeposit)
	}
	if bal := ex.Balance(StakingAddress, SupraCoinType); bal < p.Holdings() {
		return fmt.Errorf("staking: pool records %d SUPRA but holds %d", p.Holdings(), bal)
	}
	return nil
}
