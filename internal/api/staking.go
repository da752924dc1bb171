package api

import (
	"net/http"
	"strconv"

	"github.com/luckycoin/lucky/internal/chain"
)

// stakingDecimals: the pool holds SUPRA (8 decimals).
const stakingDecimals = 8

// stakingGlobalJSON is GET /api/v1/staking. Amounts are SUPRA base units as decimal
// strings. Live false means the network has no staking pool ('Coming Soon').
type stakingGlobalJSON struct {
	Live          bool   `json:"live"`
	Decimals      int    `json:"decimals,omitempty"`
	ActiveUsers   string `json:"activeUsers,omitempty"`
	TotalStaked   string `json:"totalStaked,omitempty"`
	PassPrice     string `json:"passPrice,omitempty"`
	RewardReserve string `json:"rewardReserve,omitempty"`
}

type stakingDebugJSON struct {
	StartTime     string `json:"startTime"`
	SecondsStaked string `json:"secondsStaked"`
	Claimed       string `json:"claimed"`
}

// stakingUserJSON is GET /api/v1/staking/{address}.
type stakingUserJSON struct {
	Live           bool   `json:"live"`
	Address        string `json:"address,omitempty"`
	Decimals       int    `json:"decimals,omitempty"`
	Deposit        string `json:"deposit,omitempty"`
	PendingRewards string `json:"pendingRewards,omitempty"`
	DailyYield     string `json:"dailyYield,omitempty"`
	StakeTime      string `json:"stakeTime,omitempty"` // seconds since the last stake
	// LockHoursLeft is (86400 − t)/3600 when t < 86400, else 0, a display
	// figure in hours; LockSecondsLeft is the same window in whole seconds.
	LockHoursLeft   *float64          `json:"lockHoursLeft,omitempty"`
	LockSecondsLeft string            `json:"lockSecondsLeft,omitempty"`
	HasTaxFreePass  *bool             `json:"hasTaxFreePass,omitempty"`
	ApyTier         string            `json:"apyTier,omitempty"` // basis points
	Debug           *stakingDebugJSON `json:"debug,omitempty"`
}

// GetStaking serves GET /api/v1/staking: active users, total staked, pass price and the
// reward reserve ({"live":false} where the network has no staking pool).
func (h *Handler) GetStaking(w http.ResponseWriter, r *http.Request) {
	if !h.staking.StakingLive() {
		WriteJSON(w, http.StatusOK, stakingGlobalJSON{Live: false})
		return
	}
	g, err := h.staking.StakingGlobal(r.Context())
	if err != nil {
		h.fail(w, r, err)
		return
	}
	WriteJSON(w, http.StatusOK, stakingGlobalJSON{Live: true, Decimals: stakingDecimals,
		ActiveUsers: u64s(g.ActiveUsers), TotalStaked: u64s(g.TotalStaked), PassPrice: u64s(g.PassPrice),
		RewardReserve: u64s(g.RewardReserve)})
}

// GetStakingUser serves GET /api/v1/staking/{address}: the address's deposit, pending
// rewards, daily yield, stake time, lock window left, tax-free pass, APY tier and debug
// record. An address that never staked reads zeros and the default tier 500.
func (h *Handler) GetStakingUser(w http.ResponseWriter, r *http.Request) {
	addr, ok := h.pathAddress(w, r)
	if !ok {
		return
	}
	if !h.staking.StakingLive() {
		WriteJSON(w, http.StatusOK, stakingUserJSON{Live: false})
		return
	}
	u, err := h.staking.StakingUser(r.Context(), addr)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	hours := u.LockHoursLeft()
	var secsLeft uint64
	if u.StakeTime < chain.StakeLockSeconds {
		secsLeft = chain.StakeLockSeconds - u.StakeTime
	}
	WriteJSON(w, http.StatusOK, stakingUserJSON{Live: true, Address: addr.String(), Decimals: stakingDecimals,
		Deposit: u64s(u.Deposit), PendingRewards: u64s(u.PendingRewards), DailyYield: u64s(u.DailyYield),
		StakeTime: u64s(u.StakeTime), LockHoursLeft: &hours, LockSecondsLeft: strconv.FormatUint(secsLeft, 10),
		HasTaxFreePass: &u.HasTaxFreePass, ApyTier: u64s(u.ApyTier),
		Debug: &stakingDebugJSON{StartTime: u64s(u.Debug.StartTime), SecondsStaked: u64s(u.Debug.SecondsStaked),
			Claimed: u64s(u.Debug.Claimed)}})
}
