package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/luckycoin/lucky/internal/amount"
	"github.com/luckycoin/lucky/internal/api"
	"github.com/luckycoin/lucky/internal/config"
	"github.com/luckycoin/lucky/internal/supra"
)

// routerAmountOut asks the devnet's router view directly, the way any client of Dexlyn
// would: the quote must equal it to the base unit.
func (e *env) routerAmountOut(in, out string, a uint64) uint64 {
	e.t.Helper()
	n, _ := config.Lookup(config.Devnet)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	res, err := e.client.View(ctx, n.Modules.DexPackage+"::router::get_amount_out",
		[]string{in, out, n.Modules.DexCurve}, []string{strconv.FormatUint(a, 10)})
	if err != nil {
		e.t.Fatalf("get_amount_out(%d): %v", a, err)
	}
	var s string
	if err := json.Unmarshal(res[0], &s); err != nil {
		e.t.Fatalf("get_amount_out result %s", res[0])
	}
	v, _ := strconv.ParseUint(s, 10, 64)
	return v
}

// liquidswapOut is Liquidswap's get_coin_out_with_fees written out by hand for the test:
// floor(in·(scale−fee)·rOut / (rIn·scale + in·(scale−fee))).
func liquidswapOut(in, rIn, rOut uint64) uint64 {
	a := new(big.Int).Mul(new(big.Int).SetUint64(in), big.NewInt(9970))
	num := new(big.Int).Mul(a, new(big.Int).SetUint64(rOut))
	den := new(big.Int).Add(new(big.Int).Mul(new(big.Int).SetUint64(rIn), big.NewInt(10000)), a)
	return num.Quo(num, den).Uint64()
}

func (e *env) quote(from, to, amt string, slip int) (int, map[string]any) {
	e.t.Helper()
	return e.do("POST", "/api/v1/swap/quote", fmt.Sprintf(`{"from":%q,"to":%q,"amountIn":%q,"slippageBps":%d}`, from, to, amt, slip))
}

// Genesis reserves of the LUCKY/SUPRA pool (genesis.json): 150,000,000 LUCKY / 1,000,000 SUPRA.
const (
	resLucky = uint64(150_000_000_000_000)
	resSupra = uint64(100_000_000_000_000)
)

func TestSwapQuoteEqualsRouter(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	supraT, _ := e.reg.ByName("SUPRA")
	lucky, _ := e.reg.ByName("LUCKY")
	// The smallest input that buys one base unit, both ways: the rounding edge (one less
	// buys nothing).
	edge := func(rIn, rOut, k uint64) uint64 {
		for a := uint64(1); ; a++ {
			if liquidswapOut(a, rIn, rOut) >= k {
				return a
			}
		}
	}
	// (One SUPRA base unit already buys one LUCKY base unit, so the buy edge is the step to 1000.)
	buyEdge, sellEdge, sellEdge2 := edge(resSupra, resLucky, 1000), edge(resLucky, resSupra, 1), edge(resLucky, resSupra, 2)
	cases := []struct {
		name     string
		in, out  string
		inDec    uint8
		base     uint64
		rIn, rOt uint64
	}{
		{"buy 1 base unit", "SUPRA", "LUCKY", 8, 1, resSupra, resLucky},
		{"buy edge − 1", "SUPRA", "LUCKY", 8, buyEdge - 1, resSupra, resLucky},
		{"buy edge", "SUPRA", "LUCKY", 8, buyEdge, resSupra, resLucky},
		{"buy 0.5 SUPRA", "SUPRA", "LUCKY", 8, 50_000_000, resSupra, resLucky},
		{"buy 10 SUPRA", "SUPRA", "LUCKY", 8, 1_000_000_000, resSupra, resLucky},
		{"buy odd amount", "SUPRA", "LUCKY", 8, 123_456_789_013, resSupra, resLucky},
		{"buy half the pool", "SUPRA", "LUCKY", 8, resSupra / 2, resSupra, resLucky},
		{"sell edge", "LUCKY", "SUPRA", 6, sellEdge, resLucky, resSupra},
		{"sell second edge − 1", "LUCKY", "SUPRA", 6, sellEdge2 - 1, resLucky, resSupra},
		{"sell second edge", "LUCKY", "SUPRA", 6, sellEdge2, resLucky, resSupra},
		{"sell 7 base units", "LUCKY", "SUPRA", 6, 7, resLucky, resSupra},
		{"sell 1500 LUCKY", "LUCKY", "SUPRA", 6, 1_500_000_000, resLucky, resSupra},
		{"sell odd amount", "LUCKY", "SUPRA", 6, 987_654_321_987, resLucky, resSupra},
	}
	types := map[string]string{"SUPRA": supraT.CoinType, "LUCKY": lucky.CoinType}
	// The edges are steps of the router's floor: one base unit less falls below the step.
	for _, s := range []struct {
		in, out string
		a, k    uint64
	}{{"SUPRA", "LUCKY", buyEdge, 1000}, {"LUCKY", "SUPRA", sellEdge, 1}, {"LUCKY", "SUPRA", sellEdge2, 2}} {
		if got, below := e.routerAmountOut(types[s.in], types[s.out], s.a), e.routerAmountOut(types[s.in], types[s.out], s.a-1); got < s.k || below >= s.k {
			t.Fatalf("edge %s→%s at %d: %d, one below %d; want ≥ %d, then < %d", s.in, s.out, s.a, got, below, s.k, s.k)
		}
	}
	for _, c := range cases {
		want := e.routerAmountOut(types[c.in], types[c.out], c.base)
		if hand := liquidswapOut(c.base, c.rIn, c.rOt); hand != want {
			t.Fatalf("%s: router %d, Liquidswap by hand %d", c.name, want, hand)
		}
		code, q := e.quote(c.in, c.out, amount.Exact(new(big.Int).SetUint64(c.base), c.inDec), 500)
		if code != http.StatusOK {
			t.Fatalf("%s: %d %v", c.name, code, q)
		}
		if q["amountIn"] != strconv.FormatUint(c.base, 10) || q["amountOut"] != strconv.FormatUint(want, 10) {
			t.Fatalf("%s: quote in %v out %v, router %d", c.name, q["amountIn"], q["amountOut"], want)
		}
		if q["minOut"] != strconv.FormatUint(want*9500/10000, 10) {
			t.Fatalf("%s: minOut %v for out %d at 5%%", c.name, q["minOut"], want)
		}
		r := q["reserves"].(map[string]any)
		if r["in"] != strconv.FormatUint(c.rIn, 10) || r["out"] != strconv.FormatUint(c.rOt, 10) {
			t.Fatalf("%s: reserves %v", c.name, r)
		}
	}
	// One below the edge buys nothing: refused, not quoted as zero.
	for _, c := range []struct{ in, out, amt string }{
		{"LUCKY", "SUPRA", amount.Exact(new(big.Int).SetUint64(sellEdge-1), 6)},
	} {
		if code, out := e.quote(c.in, c.out, c.amt, 500); code != http.StatusBadRequest || errCodeOf(out) != api.CodeAmountTooSmall {
			t.Fatalf("below the edge: %d %v", code, out)
		}
	}
}

func errCodeOf(out map[string]any) string { c, _ := errCode(out); return c }

func TestSwapQuoteDetails(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	// Price impact in(rIn + in), by hand: 10,000 SUPRA into 1,000,000 → 1/101 = 99.0099 bps → 99;
	// 100,000 → 1/11 = 909.09 → 909; 1,000,000 → 1/2 = 5000; 10 SUPRA → 0.09999 bps → 0.
	for _, c := range []struct {
		amt     string
		bps     float64
		percent string
	}{
		{"10000", 99, "0.990099009900990099"},
		{"100000", 909, "9.090909090909090909"},
		{"1000000", 5000, "50.000000000000000000"},
		{"10", 0, "0.000999990000099999"},
	} {
		_, q := e.quote("SUPRA", "LUCKY", c.amt, 500)
		if q["priceImpactBps"] != c.bps || q["priceImpact"] != c.percent {
			t.Fatalf("%s SUPRA: impact %v bps, %v %%; want %v, %s", c.amt, q["priceImpactBps"], q["priceImpact"], c.bps, c.percent)
		}
	}
	_, q := e.quote("SUPRA", "LUCKY", "10", 100)
	out, _ := strconv.ParseUint(q["amountOut"].(string), 10, 64)
	if q["minOut"] != strconv.FormatUint(out*9900/10000, 10) || q["slippageBps"] != float64(100) {
		t.Fatalf("1%% slippage: minOut %v of %d", q["minOut"], out)
	}
	fee := q["fee"].(map[string]any)
	if fee["numerator"] != float64(30) || fee["scale"] != float64(10000) || fee["amount"] != "3000000" || fee["amountDecimal"] != "0.03" {
		t.Fatalf("fee %v", fee)
	}
	if q["amountInDecimal"] != "10" || q["to"].(map[string]any)["name"] != "LUCKY" || q["from"].(map[string]any)["decimals"] != float64(8) {
		t.Fatalf("quote %v", q)
	}
	// Rate: out per in in whole tokens; inverse: in per out.
	rate := new(big.Rat).SetFrac(new(big.Int).SetUint64(out), big.NewInt(1e6))
	rate.Quo(rate, big.NewRat(10, 1))
	if q["rate"] != rate.FloatString(18) {
		t.Fatalf("rate %v, want %s", q["rate"], rate.FloatString(18))
	}
	// USD: SUPRA at 0.0075 (genesis SUPRA/dexUSDC pool 75,000 / 10,000,000): 10 SUPRA = $0.075.
	if q["usdIn"] != "0.075000000000000000" || q["usdOut"] == nil || q["usdUnavailable"] != nil {
		t.Fatalf("usd %v %v %v", q["usdIn"], q["usdOut"], q["usdUnavailable"])
	}
	// Default slippage is the spec's 5 %.
	_, q = e.do("POST", "/api/v1/swap/quote", `{"from":"SUPRA","to":"LUCKY","amountIn":"10"}`)
	if q["slippageBps"] != float64(500) {
		t.Fatalf("default slippage %v", q["slippageBps"])
	}
	// A coin type works as well as a name.
	if _, q2 := e.quote("0x1::supra_coin::SupraCoin", "0x4205c82380bff5708cd7c59e0043a45890a457a6cdb60c9191d818958fd7ac26::LUCKY::LUCKY", "10", 500); q2["amountOut"] != q["amountOut"] {
		t.Fatalf("by coin type %v, by name %v", q2["amountOut"], q["amountOut"])
	}
}

func TestSwapQuoteErrors(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	cases := []struct {
		name, body string
		status     int
		code, msg  string
	}{
		{"no pool (a coin outside the registry)", `{"from":"SUPRA","to":"0xde02::cosmic_miners::MINE","amountIn":"10"}`, 404, api.CodePairNotFound, api.MsgPairNotFound},
		{"no such coin", `{"from":"SUPRA","to":"0xabc::nothing::NOPE","amountIn":"10"}`, 404, api.CodePairNotFound, api.MsgPairNotFound},
		{"amount too large for the pool", `{"from":"SUPRA","to":"LUCKY","amountIn":"100000000000"}`, 409, api.CodeInsufficientLiquidity, api.MsgInsufficientLiquidity},
		{"beyond u64", `{"from":"LUCKY","to":"SUPRA","amountIn":"99999999999999999999"}`, 409, api.CodeInsufficientLiquidity, api.MsgInsufficientLiquidity},
		{"empty", `{"from":"SUPRA","to":"LUCKY","amountIn":""}`, 400, "invalid_amount", api.MsgInvalidValue},
		{"zero", `{"from":"SUPRA","to":"LUCKY","amountIn":"0"}`, 400, "invalid_amount", api.MsgInvalidValue},
		{"zero decimal", `{"from":"SUPRA","to":"LUCKY","amountIn":"0.000"}`, 400, "invalid_amount", api.MsgInvalidValue},
		{"negative", `{"from":"SUPRA","to":"LUCKY","amountIn":"-1"}`, 400, "invalid_amount", api.MsgInvalidValue},
		{"NaN", `{"from":"SUPRA","to":"LUCKY","amountIn":"NaN"}`, 400, "invalid_amount", api.MsgInvalidValue},
		{"scales below one base unit", `{"from":"SUPRA","to":"LUCKY","amountIn":"0.000000001"}`, 400, "invalid_amount", api.MsgInvalidScaled},
		{"more decimals than LUCKY has", `{"from":"LUCKY","to":"SUPRA","amountIn":"1.0000001"}`, 400, "invalid_amount", api.MsgInvalidScaled},
		{"slippage zero", `{"from":"SUPRA","to":"LUCKY","amountIn":"1","slippageBps":0}`, 400, api.CodeInvalidSlippage, "Slippage must be between 0.01% and 50%."},
		{"slippage above 50%", `{"from":"SUPRA","to":"LUCKY","amountIn":"1","slippageBps":5001}`, 400, api.CodeInvalidSlippage, "Slippage must be between 0.01% and 50%."},
		{"same token", `{"from":"LUCKY","to":"lucky","amountIn":"1"}`, 400, api.CodeInvalidPair, "Choose two different tokens."},
		{"unknown name", `{"from":"SUPRA","to":"DOGE","amountIn":"1"}`, 400, "unknown_token", `Unknown token "DOGE": use a token name or a coin type address::module::Name.`},
		{"no token", `{"from":"SUPRA","amountIn":"1"}`, 400, "unknown_token", "Choose a token on both sides."},
		{"no body", ``, 400, "invalid_json", api.MsgNoBody},
		{"bad JSON", `{"from":`, 400, "invalid_json", "Invalid JSON body: malformed JSON"},
	}
	for _, c := range cases {
		code, out := e.do("POST", "/api/v1/swap/quote", c.body)
		gc, gm := errCode(out)
		if code != c.status || gc != c.code || gm != c.msg {
			t.Errorf("%s: %d %s %q; want %d %s %q", c.name, code, gc, gm, c.status, c.code, c.msg)
		}
	}
}

func TestSwapBuildErrors(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	a2 := e.addr(2).String() // SUPRA only
	cases := []struct {
		name, body string
		status     int
		code, msg  string
	}{
		{"balance short", fmt.Sprintf(`{"sender":%q,"from":"LUCKY","to":"SUPRA","amountIn":"1","minOut":"0"}`, a2), 409, "insufficient_balance", api.MsgInsufficientBalance},
		{"no pool", fmt.Sprintf(`{"sender":%q,"from":"SUPRA","to":"0xde02::cosmic_miners::MINE","amountIn":"1","minOut":"0"}`, a2), 404, api.CodePairNotFound, api.MsgPairNotFound},
		{"bad sender", `{"sender":"nobody","from":"SUPRA","to":"LUCKY","amountIn":"1","minOut":"0"}`, 400, "invalid_address", api.MsgInvalidValue},
		{"zero amount", fmt.Sprintf(`{"sender":%q,"from":"SUPRA","to":"LUCKY","amountIn":"0","minOut":"0"}`, a2), 400, "invalid_amount", api.MsgInvalidValue},
		{"bad minOut", fmt.Sprintf(`{"sender":%q,"from":"SUPRA","to":"LUCKY","amountIn":"1","minOut":"1.5"}`, a2), 400, "invalid_amount", "minOut must be a whole number of base units."},
	}
	for _, c := range cases {
		code, out := e.do("POST", "/api/v1/swap/build", c.body)
		gc, gm := errCode(out)
		if code != c.status || gc != c.code || gm != c.msg {
			t.Errorf("%s: %d %s %q; want %d %s %q", c.name, code, gc, gm, c.status, c.code, c.msg)
		}
	}
}

// TestSwapBuildSignMoves: quote → build → sign (as the wallet) → the balances move by
// exactly the quoted amounts (SUPRA also pays the transaction cost), and the tx endpoint's
// decoded swap reports the amount received. Then a min-out above what the pool gives
// aborts and moves nothing but the gas.
func TestSwapBuildSignMoves(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	lucky, _ := e.reg.ByName("LUCKY")
	for _, dir := range []struct{ from, to, amt string }{{"SUPRA", "LUCKY", "10"}, {"LUCKY", "SUPRA", "1500.5"}} {
		sender := e.addr(0)
		beforeS, beforeL := bigOf(t, e.balance(sender, "SUPRA")), bigOf(t, e.balance(sender, "LUCKY"))
		_, q := e.quote(dir.from, dir.to, dir.amt, 500)
		built := e.mustOK("POST", "/api/v1/swap/build", fmt.Sprintf(`{"sender":%q,"from":%q,"to":%q,"amountIn":%q,"minOut":%q}`,
			sender.String(), dir.from, dir.to, dir.amt, q["minOut"]))
		sum := built["summary"].(map[string]any)
		if !strings.HasSuffix(sum["function"].(string), "::scripts::swap") || sum["minOut"] != q["minOut"] || sum["amountIn"] != q["amountIn"] {
			t.Fatalf("summary %v", sum)
		}
		d, dec := e.decodedOf(e.signSubmit(built["rawTransaction"].(string), e.key(0)))
		cost := bigOf(t, d["transactionCost"].(string))
		in, out := bigOf(t, q["amountIn"].(string)), bigOf(t, q["amountOut"].(string))
		afterS, afterL := bigOf(t, e.balance(sender, "SUPRA")), bigOf(t, e.balance(sender, "LUCKY"))
		dS, dL := new(big.Int).Sub(afterS, beforeS), new(big.Int).Sub(afterL, beforeL)
		wantS, wantL := new(big.Int).Neg(new(big.Int).Add(in, cost)), new(big.Int).Set(out)
		if dir.from == "LUCKY" {
			wantS, wantL = new(big.Int).Sub(out, cost), new(big.Int).Neg(in)
		}
		if dS.Cmp(wantS) != 0 || dL.Cmp(wantL) != 0 {
			t.Fatalf("%s→%s: SUPRA moved %s (want %s), LUCKY %s (want %s)", dir.from, dir.to, dS, wantS, dL, wantL)
		}
		sw := dec["swap"].(map[string]any)
		if sw["received"] != q["amountOut"] || sw["amountIn"] != q["amountIn"] {
			t.Fatalf("decoded swap %v, quote %v", sw, q)
		}
		wantOut := lucky.CoinType
		if dir.to == "SUPRA" {
			wantOut = "0x1::supra_coin::SupraCoin"
		}
		if got, err := supra.ParseCoinType(sw["coinOut"].(string)); err != nil || got != supra.MustCoinType(wantOut) {
			t.Fatalf("coinOut %v, want %s", sw["coinOut"], wantOut)
		}
	}

	// The pool moved: a min-out one above today's output aborts and swaps nothing.
	sender := e.addr(0)
	_, q := e.quote("SUPRA", "LUCKY", "10", 500)
	out := bigOf(t, q["amountOut"].(string))
	beforeL := e.balance(sender, "LUCKY")
	built := e.mustOK("POST", "/api/v1/swap/build", fmt.Sprintf(`{"sender":%q,"from":"SUPRA","to":"LUCKY","amountIn":"10","minOut":%q}`,
		sender.String(), new(big.Int).Add(out, big.NewInt(1)).String()))
	hash := e.signSubmit(built["rawTransaction"].(string), e.key(0))
	d := e.mustOK("GET", "/api/v1/tx/"+hash+"?wait=5s", "")
	if d["status"] != "Failed" || d["swap"] != nil {
		t.Fatalf("min-out abort: %v %v swap=%v", d["status"], d["vmStatus"], d["swap"])
	}
	if after := e.balance(sender, "LUCKY"); after != beforeL {
		t.Fatalf("LUCKY moved on an aborted swap: %s → %s", beforeL, after)
	}
}

func bigOf(t *testing.T, s string) *big.Int {
	t.Helper()
	v, ok := new(big.Int).SetString(s, 10)
	if !ok {
		t.Fatalf("not an integer: %q", s)
	}
	return v
}
