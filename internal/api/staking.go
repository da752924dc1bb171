package api

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/luckycoin/lucky/internal/amount"
	"github.com/luckycoin/lucky/internal/chain"
	"github.com/luckycoin/lucky/internal/supra"
)

// stakingDecimals: the pool holds SUPRA (8 decimals).
const stakingDecimals = chain.StakingDecimals

// msgStakingNotLive answers a staking write where the network has no pool (the page shows
// 'Coming Soon' there and never sends one).
const msgStakingNotLive = "Staking is not live on this network yet."

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

// Staking writes. Each builds one entry function of the pool for the wallet to sign, after
// checking what the pool would refuse (chain.Staking's builders), so a refusal arrives as
// words before signing rather than as an abort after it:
//
//	POST /api/v1/staking/stake   {"sender","amount":"1000.5"}  stake(amount)
//	POST /api/v1/staking/unstake {"sender","amount"|"all":true,"acceptTax"?:true}  unstake(amount)
//	POST /api/v1/staking/claim   {"sender"}  claim()
//	POST /api/v1/staking/pass    {"sender"}  buy_tax_free_pass()
//
// Amounts are whole SUPRA as decimal strings (at most 8 decimals), parsed exactly; the
// summaries answer base units.

type stakeRequest struct {
	Sender string `json:"sender"`
	Amount string `json:"amount"`
	feeRequest
}

type unstakeRequest struct {
	Sender    string `json:"sender"`
	Amount    string `json:"amount"`
	All       bool   `json:"all"`
	AcceptTax bool   `json:"acceptTax"`
	feeRequest
}

type stakingSenderRequest struct {
	Sender string `json:"sender"`
	feeRequest
}

type stakeSummary struct {
	chain.Summary
	Amount string `json:"amount"`
}

type unstakeSummary struct {
	chain.Summary
	Amount          string `json:"amount"`
	Tax             string `json:"tax"`
	Returned        string `json:"returned"`
	LockSecondsLeft string `json:"lockSecondsLeft"`
}

type stakingClaimSummary struct {
	chain.Summary
	PendingRewards string `json:"pendingRewards"`
	Payout         string `json:"payout"`
}

type passSummary struct {
	chain.Summary
	Price string `json:"price"`
}

// stakingWritable writes not_live and returns false where the network has no pool.
func (h *Handler) stakingWritable(w http.ResponseWriter, r *http.Request) bool {
	if h.staking.StakingLive() {
		return true
	}
	WriteError(w, r, h.log, http.StatusNotFound, CodeNotLive, msgStakingNotLive)
	return false
}

// stakingSender parses the request's sender; an invalid one is written as invalid_address.
func (h *Handler) stakingSender(w http.ResponseWriter, r *http.Request, s string) (supra.Address, bool) {
	a, err := supra.ParseAddress(strings.TrimSpace(s))
	if err != nil {
		h.fail(w, r, &chain.InputError{Code: chain.CodeInvalidAddress, Msg: err.Error()})
		return supra.Address{}, false
	}
	return a, true
}

// parseSupra reads whole SUPRA as an exact decimal string into base units; zero, a sign,
// an exponent or a ninth decimal is refused with msg.
func parseSupra(s, msg string) (uint64, error) {
	v, err := amount.ParseUint64(strings.TrimSpace(s), stakingDecimals)
	if err != nil || v == 0 {
		return 0, &chain.InputError{Code: chain.CodeInvalidAmount, Msg: msg}
	}
	return v, nil
}

// BuildStake serves POST /api/v1/staking/stake: stake(amount), after the amount and the
// sender's SUPRA (the amount plus the largest possible fee) are checked.
func (h *Handler) BuildStake(w http.ResponseWriter, r *http.Request) {
	if h.refuseOff(w, r, chain.FeatureStaking) {
		return
	}
	if !h.stakingWritable(w, r) {
		return
	}
	var req stakeRequest
	if !h.readBody(w, r, &req) {
		return
	}
	sender, ok := h.stakingSender(w, r, req.Sender)
	if !ok {
		return
	}
	amt, err := parseSupra(req.Amount, chain.MsgStakeAmount)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	b, err := h.staking.BuildStake(r.Context(), sender, amt)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	h.writeBuilt(w, r, b.Built, req.feeRequest, func() any { return stakeSummary{Summary: b.Summary, Amount: u64s(b.Amount)} })
}

// BuildUnstake serves POST /api/v1/staking/unstake: unstake(amount) of an amount or of
// the whole deposit (all), after the deposit is checked. Inside the lock window without
// the tax-free pass it is refused (409 stake_locked, the tax in words) unless acceptTax
// says the wallet agreed to pay the 10 % early-unstake tax.
func (h *Handler) BuildUnstake(w http.ResponseWriter, r *http.Request) {
	if h.refuseOff(w, r, chain.FeatureStaking) {
		return
	}
	if !h.stakingWritable(w, r) {
		return
	}
	var req unstakeRequest
	if !h.readBody(w, r, &req) {
		return
	}
	sender, ok := h.stakingSender(w, r, req.Sender)
	if !ok {
		return
	}
	ur := chain.UnstakeRequest{Sender: sender, All: req.All, AcceptTax: req.AcceptTax}
	switch hasAmount := strings.TrimSpace(req.Amount) != ""; {
	case req.All && hasAmount:
		h.fail(w, r, &chain.InputError{Code: chain.CodeInvalidAmount, Msg: "Send an amount or all, not both."})
		return
	case !req.All:
		amt, err := parseSupra(req.Amount, chain.MsgUnstakeAmount)
		if err != nil {
			h.fail(w, r, err)
			return
		}
		ur.Amount = amt
	}
	b, err := h.staking.BuildUnstake(r.Context(), ur)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	h.writeBuilt(w, r, b.Built, req.feeRequest, func() any {
		return unstakeSummary{Summary: b.Summary,
			Amount: u64s(b.Amount), Tax: u64s(b.Tax), Returned: u64s(b.Returned), LockSecondsLeft: u64s(b.LockSecondsLeft)}
	})
}

// BuildStakingClaim serves POST /api/v1/staking/claim: claim() of the sender's pending
// rewards, after checking some are pending and the reward reserve can pay.
func (h *Handler) BuildStakingClaim(w http.ResponseWriter, r *http.Request) {
	if h.refuseOff(w, r, chain.FeatureStaking) {
		return
	}
	if !h.stakingWritable(w, r) {
		return
	}
	var req stakingSenderRequest
	if !h.readBody(w, r, &req) {
		return
	}
	sender, ok := h.stakingSender(w, r, req.Sender)
	if !ok {
		return
	}
	b, err := h.staking.BuildStakingClaim(r.Context(), sender)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	h.writeBuilt(w, r, b.Built, req.feeRequest, func() any {
		return stakingClaimSummary{Summary: b.Summary, PendingRewards: u64s(b.Pending), Payout: u64s(b.Payout)}
	})
}

// BuildStakingPass serves POST /api/v1/staking/pass: buy_tax_free_pass(), after checking
// the sender has no pass and can pay its price and the fee.
func (h *Handler) BuildStakingPass(w http.ResponseWriter, r *http.Request) {
	if h.refuseOff(w, r, chain.FeatureStaking) {
		return
	}
	if !h.stakingWritable(w, r) {
		return
	}
	var req stakingSenderRequest
	if !h.readBody(w, r, &req) {
		return
	}
	sender, ok := h.stakingSender(w, r, req.Sender)
	if !ok {
		return
	}
	b, err := h.staking.BuildPass(r.Context(), sender)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	h.writeBuilt(w, r, b.Built, req.feeRequest, func() any { return passSummary{Summary: b.Summary, Price: u64s(b.Price)} })
}
