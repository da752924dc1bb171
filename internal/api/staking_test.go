package api_test

import (
	"fmt"
	"log/slog"
	"math/big"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/luckycoin/lucky/internal/api"
	"github.com/luckycoin/lucky/internal/chain"
	"github.com/luckycoin/lucky/internal/config"
	"github.com/luckycoin/lucky/internal/server"
	"github.com/luckycoin/lucky/internal/supra"
)

func TestStakingGlobalAndNonStaker(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	g := e.mustOK("GET", "/api/v1/staking", "")
	// Genesis: no stakers, pass price 100 SUPRA, reward reserve 1,000,000 SUPRA.
	if g["live"] != true || g["decimals"] != float64(8) || g["activeUsers"] != "0" || g["totalStaked"] != "0" ||
		g["passPrice"] != "10000000000" || g["rewardReserve"] != "100000000000000" {
		t.Fatalf("global %v", g)
	}
	u := e.mustOK("GET", "/api/v1/staking/"+e.addr(1).String(), "")
	want := map[string]any{"live": true, "deposit": "0", "pendingRewards": "0", "dailyYield": "0", "stakeTime": "0",
		"lockHoursLeft": float64(24), "lockSecondsLeft": "86400", "hasTaxFreePass": false, "apyTier": "500"}
	for k, v := range want {
		if u[k] != v {
			t.Errorf("non-staker %s = %v, want %v", k, u[k], v)
		}
	}
	code, out := e.do("GET", "/api/v1/staking/0x12345g", "")
	if c, _ := errCode(out); code != http.StatusBadRequest || c != "invalid_address" {
		t.Fatalf("bad address: %d %v", code, out)
	}
}

func TestStakingStaker(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	staker := e.addr(2)
	const deposit = 1_000 * 100_000_000 // 1,000 SUPRA
	body := fmt.Sprintf(`{"sender":%q,"function":"0xde01::staking::stake","typeArguments":[],"arguments":["%d"]}`, staker, deposit)
	e.submitOK(e.mustOK("POST", "/api/v1/tx/build", body), 2)

	cases := []struct {
		advance   uint64 // seconds, cumulative
		stakeTime string
		hours     float64
		secsLeft  string
	}{
		{0, "0", 24, "86400"},
		{5400, "5400", 22.5, "81000"},
		{86400, "86400", 0, "0"},
		{90000, "90000", 0, "0"},
	}
	var at uint64
	for _, tc := range cases {
		e.mustOK("POST", "/devnet/time/advance", fmt.Sprintf(`{"seconds":%d}`, tc.advance-at))
		at = tc.advance
		u := e.mustOK("GET", "/api/v1/staking/"+staker.String(), "")
		// 5 % APY: deposit × 500 × t / (10,000 × 31,536,000), floored.
		pending := fmt.Sprint(uint64(deposit) * 500 * at / 315_360_000_000)
		if u["deposit"] != fmt.Sprint(deposit) || u["stakeTime"] != tc.stakeTime || u["lockHoursLeft"] != tc.hours ||
			u["lockSecondsLeft"] != tc.secsLeft || u["apyTier"] != "500" || u["pendingRewards"] != pending ||
			u["dailyYield"] != fmt.Sprint(uint64(deposit)*500*86400/315_360_000_000) || u["hasTaxFreePass"] != false {
			t.Fatalf("after %d s: %v (pending want %s)", at, u, pending)
		}
		dbg := u["debug"].(map[string]any)
		if dbg["secondsStaked"] != tc.stakeTime || dbg["claimed"] != "0" || dbg["startTime"] == "0" {
			t.Fatalf("debug %v", dbg)
		}
	}
	g := e.mustOK("GET", "/api/v1/staking", "")
	if g["activeUsers"] != "1" || g["totalStaked"] != fmt.Sprint(deposit) {
		t.Fatalf("global after stake %v", g)
	}
}

// TestGamesNotLive: on a network without the miners and staking modules (mainnet and
// testnet today) the reads say live false and the writes are refused with not_live.
func TestGamesNotLive(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	n, err := config.Lookup(config.Mainnet)
	if err != nil {
		t.Fatal(err)
	}
	if n.Modules.Miners != "" || n.Modules.Staking != "" {
		t.Fatalf("mainnet preset names the devnet-only modules: %+v", n.Modules)
	}
	log := slog.New(slog.DiscardHandler)
	bindings := chain.New(e.client, n, e.reg, chain.Options{ABIs: chain.ClientABISource{Client: e.client}})
	h, err := server.New(server.Options{Network: n, Web: fstest.MapFS{"index.html": {Data: []byte("<html></html>")}},
		API: api.New(api.Deps{Network: n, Tokens: e.reg, Chain: api.ChainOf(bindings), Market: api.NewMarket(bindings, log), Log: log}), Log: log})
	if err != nil {
		t.Fatal(err)
	}
	e.h = h
	addr := e.addr(minePlayer).String()
	for _, path := range []string{"/api/v1/miners", "/api/v1/miners/" + addr, "/api/v1/staking", "/api/v1/staking/" + addr} {
		out := e.mustOK("GET", path, "")
		if len(out) != 1 || out["live"] != false {
			t.Errorf("%s = %v, want only live false", path, out)
		}
	}
	for _, path := range []string{"/api/v1/miners/purchase", "/api/v1/miners/claim"} {
		code, out := e.do("POST", path, fmt.Sprintf(`{"sender":%q,"minerId":"1"}`, addr))
		if c, msg := errCode(out); code != http.StatusNotFound || c != "not_live" || msg != "Demo data: the game is not live on this network yet" {
			t.Errorf("%s: %d %v", path, code, out)
		}
	}
	for _, path := range []string{"/api/v1/staking/stake", "/api/v1/staking/unstake", "/api/v1/staking/claim", "/api/v1/staking/pass"} {
		code, out := e.do("POST", path, fmt.Sprintf(`{"sender":%q,"amount":"1"}`, addr))
		if c, msg := errCode(out); code != http.StatusNotFound || c != "not_live" || msg != "Staking is not live on this network yet." {
			t.Errorf("%s: %d %v", path, code, out)
		}
	}
}

const supraUnit = 100_000_000

// supraOf reads an account's SUPRA through the balances endpoint.
func (e *env) supraOf(a supra.Address) *big.Int { return bigOf(e.t, e.balance(a, "SUPRA")) }

// sendStaking signs and submits a built staking transaction as dev account i, waits for its
// success and returns what it cost in gas and its decoded events.
func (e *env) sendStaking(built map[string]any, i int) (*big.Int, map[string]any) {
	e.t.Helper()
	d, dec := e.decodedOf(e.signSubmit(built["rawTransaction"].(string), e.key(i)))
	return bigOf(e.t, d["transactionCost"].(string)), dec
}

// stakingOf reads the staking position of a through the API.
func (e *env) stakingOf(a supra.Address) map[string]any {
	e.t.Helper()
	return e.mustOK("GET", "/api/v1/staking/"+a.String(), "")
}

// wantDelta fails unless after − before is want.
func wantDelta(t *testing.T, what string, before, after *big.Int, want *big.Int) {
	t.Helper()
	if got := new(big.Int).Sub(after, before); got.Cmp(want) != 0 {
		t.Fatalf("%s moved %s, want %s", what, got, want)
	}
}

// sum adds base-unit amounts (negative ones subtract).
func sum(vs ...*big.Int) *big.Int {
	out := new(big.Int)
	for _, v := range vs {
		out.Add(out, v)
	}
	return out
}

func neg(v *big.Int) *big.Int { return new(big.Int).Neg(v) }

func units(n int64) *big.Int { return big.NewInt(n * supraUnit) }

// TestStakingLifecycle drives the staking builders through the real router and devnet and
// checks every move of SUPRA to the base unit, gas included: a stake, an unstake refused
// inside the lock window and then taken with its 10 % tax, an untaxed unstake after the
// window, a claim of the pending rewards, the tax-free pass bought once, and an untaxed
// unstake inside a new window because of the pass.
func TestStakingLifecycle(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	const acct = 2
	staker := e.addr(acct)
	body := func(s string) string { return fmt.Sprintf(`{"sender":%q%s}`, staker, s) }
	reserve := func() *big.Int { return bigOf(t, e.mustOK("GET", "/api/v1/staking", "")["rewardReserve"].(string)) }
	reserve0 := reserve()

	// Stake 1,000 SUPRA: the wallet pays the amount and the gas, the deposit holds the amount.
	before := e.supraOf(staker)
	built := e.mustOK("POST", "/api/v1/staking/stake", body(`,"amount":"1000"`))
	sum0 := built["summary"].(map[string]any)
	if sum0["amount"] != "100000000000" || !strings.HasSuffix(sum0["function"].(string), "::staking::stake") ||
		fmt.Sprint(sum0["arguments"]) != "[100000000000]" {
		t.Fatalf("stake summary %v", sum0)
	}
	cost, dec := e.sendStaking(built, acct)
	wantDelta(t, "SUPRA after stake", before, e.supraOf(staker), neg(sum(units(1000), cost)))
	if ev := dec["stake"].(map[string]any); ev["amount"] != "100000000000" || ev["user"] != staker.String() {
		t.Fatalf("decoded stake %v", ev)
	}
	if u := e.stakingOf(staker); u["deposit"] != "100000000000" || u["lockSecondsLeft"] != "86400" {
		t.Fatalf("after stake %v", u)
	}
	if g := e.mustOK("GET", "/api/v1/staking", ""); g["totalStaked"] != "100000000000" || g["activeUsers"] != "1" {
		t.Fatalf("global after stake %v", g)
	}

	// Inside the lock window, without the pass: refused with the tax in words, nothing moves.
	before = e.supraOf(staker)
	code, out := e.do("POST", "/api/v1/staking/unstake", body(`,"amount":"100"`))
	wantMsg := "Your stake is in its lock window for another 24 h. Unstaking 100 SUPRA now costs the 10% early-unstake tax: " +
		"10 SUPRA goes to the reward reserve and you receive 90 SUPRA. Wait until the window ends, buy the tax-free pass, " +
		"or accept the tax to unstake now."
	if c, msg := errCode(out); code != http.StatusConflict || c != "stake_locked" || msg != wantMsg {
		t.Fatalf("unstake in the window: %d %s %q", code, c, msg)
	}

	// The same unstake with the tax accepted: the wallet gets 90, the reserve keeps 10.
	built = e.mustOK("POST", "/api/v1/staking/unstake", body(`,"amount":"100","acceptTax":true`))
	if s := built["summary"].(map[string]any); s["amount"] != "10000000000" || s["tax"] != "1000000000" ||
		s["returned"] != "9000000000" || s["lockSecondsLeft"] != "86400" {
		t.Fatalf("taxed unstake summary %v", s)
	}
	cost, dec = e.sendStaking(built, acct)
	wantDelta(t, "SUPRA after taxed unstake", before, e.supraOf(staker), sum(units(90), neg(cost)))
	wantDelta(t, "reward reserve after taxed unstake", reserve0, reserve(), units(10))
	if ev := dec["unstake"].(map[string]any); ev["amount"] != "10000000000" || ev["returned"] != "9000000000" || ev["tax"] != "1000000000" {
		t.Fatalf("decoded unstake %v", ev)
	}

	// A day later the window is over: no tax.
	e.mustOK("POST", "/devnet/time/advance", `{"seconds":86400}`)
	before = e.supraOf(staker)
	built = e.mustOK("POST", "/api/v1/staking/unstake", body(`,"amount":"100"`))
	if s := built["summary"].(map[string]any); s["tax"] != "0" || s["returned"] != "10000000000" || s["lockSecondsLeft"] != "0" {
		t.Fatalf("free unstake summary %v", s)
	}
	cost, _ = e.sendStaking(built, acct)
	wantDelta(t, "SUPRA after free unstake", before, e.supraOf(staker), sum(units(100), neg(cost)))
	if u := e.stakingOf(staker); u["deposit"] != "80000000000" {
		t.Fatalf("deposit after unstakes %v", u["deposit"])
	}

	// Claim pays the day's rewards on 900 SUPRA at 5 %: 900e8 × 500 × 86,400 / 315,360,000,000.
	pending := new(big.Int).Quo(big.NewInt(900*supraUnit*500*86_400), big.NewInt(315_360_000_000))
	if u := e.stakingOf(staker); u["pendingRewards"] != pending.String() {
		t.Fatalf("pending %v, want %s", u["pendingRewards"], pending)
	}
	reserveBefore := reserve()
	before = e.supraOf(staker)
	built = e.mustOK("POST", "/api/v1/staking/claim", body(""))
	if s := built["summary"].(map[string]any); s["pendingRewards"] != pending.String() || s["payout"] != pending.String() {
		t.Fatalf("claim summary %v", s)
	}
	cost, dec = e.sendStaking(built, acct)
	wantDelta(t, "SUPRA after claim", before, e.supraOf(staker), sum(pending, neg(cost)))
	wantDelta(t, "reward reserve after claim", reserveBefore, reserve(), neg(pending))
	if ev := dec["stakingClaim"].(map[string]any); ev["amount"] != pending.String() {
		t.Fatalf("decoded claim %v", ev)
	}
	if u := e.stakingOf(staker); u["pendingRewards"] != "0" || u["debug"].(map[string]any)["claimed"] != pending.String() {
		t.Fatalf("after claim %v", u)
	}
	code, out = e.do("POST", "/api/v1/staking/claim", body(""))
	if c, msg := errCode(out); code != http.StatusBadRequest || c != "nothing_to_claim" || msg != chain.MsgNoRewards {
		t.Fatalf("second claim: %d %s %q", code, c, msg)
	}

	// The pass: bought once for 100 SUPRA into the reserve, then refused.
	reserveBefore, before = reserve(), e.supraOf(staker)
	built = e.mustOK("POST", "/api/v1/staking/pass", body(""))
	if s := built["summary"].(map[string]any); s["price"] != "10000000000" || !strings.HasSuffix(s["function"].(string), "::staking::buy_tax_free_pass") {
		t.Fatalf("pass summary %v", s)
	}
	cost, dec = e.sendStaking(built, acct)
	wantDelta(t, "SUPRA after pass", before, e.supraOf(staker), neg(sum(units(100), cost)))
	wantDelta(t, "reward reserve after pass", reserveBefore, reserve(), units(100))
	if ev := dec["passPurchase"].(map[string]any); ev["price"] != "10000000000" {
		t.Fatalf("decoded pass %v", ev)
	}
	if u := e.stakingOf(staker); u["hasTaxFreePass"] != true {
		t.Fatalf("pass not held %v", u)
	}
	code, out = e.do("POST", "/api/v1/staking/pass", body(""))
	if c, msg := errCode(out); code != http.StatusConflict || c != "pass_owned" || msg != chain.MsgPassOwned {
		t.Fatalf("second pass: %d %s %q", code, c, msg)
	}

	// With the pass a new stake's window costs nothing: unstake all at once, untaxed.
	e.sendStaking(e.mustOK("POST", "/api/v1/staking/stake", body(`,"amount":"0.5"`)), acct)
	before = e.supraOf(staker)
	built = e.mustOK("POST", "/api/v1/staking/unstake", body(`,"all":true`))
	if s := built["summary"].(map[string]any); s["amount"] != "80050000000" || s["tax"] != "0" || s["lockSecondsLeft"] != "86400" {
		t.Fatalf("unstake all with the pass %v", s)
	}
	cost, _ = e.sendStaking(built, acct)
	wantDelta(t, "SUPRA after unstake all", before, e.supraOf(staker), sum(big.NewInt(80_050_000_000), neg(cost)))
	if g := e.mustOK("GET", "/api/v1/staking", ""); g["totalStaked"] != "0" || g["activeUsers"] != "0" {
		t.Fatalf("global after unstake all %v", g)
	}
}

// TestStakingBuildRefused: every check before signing, with its status, code and words;
// none of them moves a coin.
func TestStakingBuildRefused(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	staker, fresh := e.addr(1).String(), e.addr(2).String()
	e.sendStaking(e.mustOK("POST", "/api/v1/staking/stake", fmt.Sprintf(`{"sender":%q,"amount":"1000"}`, staker)), 1)
	before := e.supraOf(e.addr(1))
	cases := []struct {
		name, path, body string
		status           int
		code, msg        string
	}{
		{"stake zero", "stake", fmt.Sprintf(`{"sender":%q,"amount":"0"}`, staker), 400, "invalid_amount", chain.MsgStakeAmount},
		{"stake nine decimals", "stake", fmt.Sprintf(`{"sender":%q,"amount":"1.000000001"}`, staker), 400, "invalid_amount", chain.MsgStakeAmount},
		{"stake a sign", "stake", fmt.Sprintf(`{"sender":%q,"amount":"-1"}`, staker), 400, "invalid_amount", chain.MsgStakeAmount},
		{"stake an exponent", "stake", fmt.Sprintf(`{"sender":%q,"amount":"1e3"}`, staker), 400, "invalid_amount", chain.MsgStakeAmount},
		{"stake no amount", "stake", fmt.Sprintf(`{"sender":%q}`, staker), 400, "invalid_amount", chain.MsgStakeAmount},
		{"stake above u64", "stake", fmt.Sprintf(`{"sender":%q,"amount":"999999999999999"}`, staker), 400, "invalid_amount", chain.MsgStakeAmount},
		{"stake above the balance", "stake", fmt.Sprintf(`{"sender":%q,"amount":"99999999999"}`, staker), 409, "insufficient_balance", ""},
		{"stake a bad sender", "stake", `{"sender":"0xzz","amount":"1"}`, 400, "invalid_address", ""},
		{"stake no body", "stake", "", 400, "invalid_json", api.MsgNoBody},
		{"unstake without a deposit", "unstake", fmt.Sprintf(`{"sender":%q,"amount":"1"}`, fresh), 409, "no_deposit", chain.MsgNoDeposit},
		{"unstake above the deposit", "unstake", fmt.Sprintf(`{"sender":%q,"amount":"1000.00000001","acceptTax":true}`, staker), 409,
			"exceeds_deposit", "You can unstake at most your deposit of 1,000 SUPRA."},
		{"unstake amount and all", "unstake", fmt.Sprintf(`{"sender":%q,"amount":"1","all":true}`, staker), 400, "invalid_amount",
			"Send an amount or all, not both."},
		{"unstake nothing", "unstake", fmt.Sprintf(`{"sender":%q}`, staker), 400, "invalid_amount", chain.MsgUnstakeAmount},
		{"unstake all in the window", "unstake", fmt.Sprintf(`{"sender":%q,"all":true}`, staker), 409, "stake_locked",
			"Your stake is in its lock window for another 24 h. Unstaking 1,000 SUPRA now costs the 10% early-unstake tax: " +
				"100 SUPRA goes to the reward reserve and you receive 900 SUPRA. Wait until the window ends, buy the tax-free pass, " +
				"or accept the tax to unstake now."},
		{"claim with nothing pending", "claim", fmt.Sprintf(`{"sender":%q}`, fresh), 400, "nothing_to_claim", chain.MsgNoRewards},
		{"claim a bad sender", "claim", `{"sender":"nobody"}`, 400, "invalid_address", ""},
		{"pass a bad sender", "pass", `{"sender":""}`, 400, "invalid_address", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			code, out := e.do("POST", "/api/v1/staking/"+tc.path, tc.body)
			c, msg := errCode(out)
			if code != tc.status || c != tc.code || (tc.msg != "" && msg != tc.msg) {
				t.Errorf("%d %s %q; want %d %s %q", code, c, msg, tc.status, tc.code, tc.msg)
			}
		})
	}
	if got := e.supraOf(e.addr(1)); got.Cmp(before) != 0 {
		t.Fatalf("refused builds moved SUPRA: %s → %s", before, got)
	}
	// A wallet that cannot cover the pass and the fee is told what it needs.
	poor := e.addr(3)
	e.mustOK("POST", "/devnet/balance", fmt.Sprintf(`{"address":%q,"coin_type":"0x1::supra_coin::SupraCoin","amount":"10000000000"}`, poor))
	code, out := e.do("POST", "/api/v1/staking/pass", fmt.Sprintf(`{"sender":%q}`, poor))
	if c, msg := errCode(out); code != 409 || c != "insufficient_balance" ||
		msg != "Insufficient SUPRA: the pass needs 100 SUPRA plus a network fee of up to "+maxFeeText(e)+" SUPRA, and you have 100 SUPRA." {
		t.Fatalf("pass without the fee: %d %s %q", code, c, msg)
	}
}

// TestStakingAbortsInPlainWords: a staking transaction the pool aborts (built here through
// the generic builder, which checks nothing of the pool) is reported Failed with its reason
// in plain words; an abort outside the app's contracts has no reason.
func TestStakingAbortsInPlainWords(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	const acct = 1
	sender := e.addr(acct)
	call := func(fn string, args ...string) map[string]any {
		quoted := make([]string, len(args))
		for i, a := range args {
			quoted[i] = strconv.Quote(a)
		}
		return e.mustOK("POST", "/api/v1/tx/build", fmt.Sprintf(`{"sender":%q,"function":%q,"typeArguments":[],"arguments":[%s]}`,
			sender, fn, strings.Join(quoted, ",")))
	}
	failed := func(built map[string]any) map[string]any {
		t.Helper()
		d := e.mustOK("GET", "/api/v1/tx/"+e.signSubmit(built["rawTransaction"].(string), e.key(acct))+"?wait=5s", "")
		if d["status"] != "Failed" {
			t.Fatalf("want a failed transaction: %v", d)
		}
		return d
	}
	e.submitOK(call("0xde01::staking::stake", "5"), acct)
	e.submitOK(call("0xde01::staking::buy_tax_free_pass"), acct)
	cases := []struct {
		name, fn string
		args     []string
		abort    string
		reason   string
	}{
		{"zero amount", "stake", []string{"0"}, "EZERO_AMOUNT", "The staking pool refused an amount of zero."},
		{"above the deposit", "unstake", []string{"6"}, "EEXCEEDS_DEPOSIT", "You tried to unstake more than your deposit."},
		{"nothing to claim", "claim", nil, "ENOTHING_TO_CLAIM", "There were no rewards to pay: nothing was pending, or the pool's reward reserve was empty."},
		{"pass owned", "buy_tax_free_pass", nil, "EALREADY_HAS_PASS", chain.MsgPassOwned},
		{"overflow", "stake", []string{"18446744073709551615"}, "EOVERFLOW", "The amount is too large for the staking pool."},
	}
	for _, tc := range cases {
		d := failed(call("0xde01::staking::"+tc.fn, tc.args...))
		if vm, _ := d["vmStatus"].(string); !strings.Contains(vm, tc.abort) || d["reason"] != tc.reason {
			t.Errorf("%s: vmStatus %q reason %v; want %s, %q", tc.name, vm, d["reason"], tc.abort, tc.reason)
		}
	}
	// The whole deposit leaves; a second unstake finds none.
	e.submitOK(call("0xde01::staking::unstake", "5"), acct)
	if d := failed(call("0xde01::staking::unstake", "1")); d["reason"] != chain.MsgNoDeposit {
		t.Errorf("no deposit: %v %v", d["vmStatus"], d["reason"])
	}
	// Not the pool's abort: the coin module's, which the app leaves to vmStatus.
	d := failed(e.mustOK("POST", "/api/v1/tx/build", fmt.Sprintf(
		`{"sender":%q,"function":"0x1::coin::transfer","typeArguments":["0x1::supra_coin::SupraCoin"],"arguments":[%q,"999999999999999999"]}`,
		sender, e.addr(2))))
	if _, ok := d["reason"]; ok {
		t.Errorf("a coin abort has a reason: %v", d)
	}
}

// maxFeeText is the most an unsimulated transaction can cost on e's node, in SUPRA as the
// refusals write it: max gas × the node's minimum price.
func maxFeeText(e *env) string {
	fee := new(big.Rat).SetFrac(new(big.Int).SetUint64(supra.DefaultMaxGas*e.node.MinGasPrice()), big.NewInt(supraUnit))
	return strings.TrimRight(strings.TrimRight(fee.FloatString(8), "0"), ".")
}
