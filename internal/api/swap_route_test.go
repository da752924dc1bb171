package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/luckycoin/lucky/internal/amount"
	"github.com/luckycoin/lucky/internal/api"
	"github.com/luckycoin/lucky/internal/chain"
	"github.com/luckycoin/lucky/internal/config"
	"github.com/luckycoin/lucky/internal/devnet/contracts"
	"github.com/luckycoin/lucky/internal/devnet/devnettest"
	"github.com/luckycoin/lucky/internal/supra"
)

// typeOf is a registry token's coin type.
func (e *env) typeOf(name string) string {
	e.t.Helper()
	t, ok := e.reg.ByName(name)
	if !ok {
		e.t.Fatalf("no token %s", name)
	}
	return t.CoinType
}

// routerOut asks the router's get_amount_out; ok is false when the view aborts (no pool, or
// an amount the pool cannot serve).
func (e *env) routerOut(in, out string, a uint64) (uint64, bool) {
	e.t.Helper()
	n, _ := config.Lookup(config.Devnet)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	res, err := e.client.View(ctx, n.Modules.DexPackage+"::router::get_amount_out",
		[]string{in, out, n.Modules.DexCurve}, []string{strconv.FormatUint(a, 10)})
	if err != nil {
		return 0, false
	}
	var s string
	if err := json.Unmarshal(res[0], &s); err != nil {
		e.t.Fatalf("get_amount_out result %s", res[0])
	}
	v, _ := strconv.ParseUint(s, 10, 64)
	return v, true
}

// trade makes another trader's swap on the devnet (the price moving under a route).
func (e *env) trade(i int, in, out string, amountIn uint64) {
	e.t.Helper()
	n, _ := config.Lookup(config.Devnet)
	h, err := devnettest.Submit(e.node, e.key(i), devnettest.Call{Function: n.Modules.DexPackage + "::scripts::swap",
		TypeArgs: []string{in, out, n.Modules.DexCurve}, Args: [][]byte{devnettest.U64(amountIn), devnettest.U64(1)}, MaxGas: 100_000})
	if err != nil {
		e.t.Fatal(err)
	}
	if info, ok := e.node.Transaction(h); !ok || info.Status != supra.StatusSuccess {
		e.t.Fatalf("trade %x: %+v", h, info.Output)
	}
}

// fund sets an account's balance of a coin (devnet admin), in base units.
func (e *env) fund(i int, coin string, v uint64) {
	e.t.Helper()
	if err := e.node.SetBalance(e.addr(i), coin, v); err != nil {
		e.t.Fatal(err)
	}
}

func u64Of(t *testing.T, v any) uint64 {
	t.Helper()
	s, _ := v.(string)
	n, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		t.Fatalf("not a u64: %v", v)
	}
	return n
}

func hopsOf(q map[string]any) []map[string]any {
	var out []map[string]any
	for _, h := range q["route"].(map[string]any)["hops"].([]any) {
		out = append(out, h.(map[string]any))
	}
	return out
}

func stepsOf(b map[string]any) []map[string]any {
	var out []map[string]any
	for _, s := range b["steps"].([]any) {
		out = append(out, s.(map[string]any))
	}
	return out
}

// pathOf is a quote's route as token names.
func pathOf(q map[string]any) []string {
	var out []string
	for _, p := range q["route"].(map[string]any)["path"].([]any) {
		out = append(out, p.(map[string]any)["name"].(string))
	}
	return out
}

func (e *env) buildRoute(sender supra.Address, from, to, amt, minOut, via, afterTx string) (int, map[string]any) {
	e.t.Helper()
	return e.do("POST", "/api/v1/swap/build", fmt.Sprintf(`{"sender":%q,"from":%q,"to":%q,"amountIn":%q,"minOut":%q,"via":%q,"afterTx":%q}`,
		sender.String(), from, to, amt, minOut, via, afterTx))
}

// txOf waits for a transaction and returns its status and cost.
func (e *env) txOf(hash string) (string, *big.Int) {
	e.t.Helper()
	d := e.mustOK("GET", "/api/v1/tx/"+hash+"?wait=5s", "")
	return d["status"].(string), bigOf(e.t, d["transactionCost"].(string))
}

type balances map[string]*big.Int

func (e *env) balancesOf(a supra.Address, names ...string) balances {
	e.t.Helper()
	b := balances{}
	for _, n := range names {
		b[n] = bigOf(e.t, e.balance(a, n))
	}
	return b
}

// deltas is after − before per token.
func (b balances) deltas(after balances) map[string]string {
	out := map[string]string{}
	for n, v := range b {
		out[n] = new(big.Int).Sub(after[n], v).String()
	}
	return out
}

// TestSwapRouteTwoHopExact: LUCKY has no pool with DAWGZ, so the quote goes through SUPRA in
// two transactions. Each hop equals the router's get_amount_out (hop 2 for hop 1's exact
// output), step 1's minimum is the least SUPRA that still buys the route's minimum, and
// after both steps the DAWGZ received equals the quote to the base unit, with no SUPRA left
// over (SUPRA moves by the two transaction costs only).
func TestSwapRouteTwoHopExact(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	sender := e.addr(0)
	lucky, supraT, dawgz := e.typeOf("LUCKY"), e.typeOf("SUPRA"), e.typeOf("DAWGZ")
	code, q := e.quote("LUCKY", "DAWGZ", "1500.5", 100)
	if code != http.StatusOK {
		t.Fatalf("quote: %d %v", code, q)
	}
	rt := q["route"].(map[string]any)
	if got := pathOf(q); fmt.Sprint(got) != "[LUCKY SUPRA DAWGZ]" || rt["transactions"] != float64(2) || rt["via"].(map[string]any)["name"] != "SUPRA" {
		t.Fatalf("route %v, %v transactions", got, rt["transactions"])
	}
	hops := hopsOf(q)
	in := uint64(1_500_500_000)
	mid, _ := e.routerOut(lucky, supraT, in)
	out, _ := e.routerOut(supraT, dawgz, mid)
	if u64Of(t, hops[0]["amountIn"]) != in || u64Of(t, hops[0]["amountOut"]) != mid || u64Of(t, hops[1]["amountIn"]) != mid ||
		u64Of(t, hops[1]["amountOut"]) != out || u64Of(t, q["amountOut"]) != out || u64Of(t, q["amountIn"]) != in {
		t.Fatalf("hops %v, router %d → %d → %d", hops, in, mid, out)
	}
	minOut := out * 9900 / 10000
	if u64Of(t, q["minOut"]) != minOut || u64Of(t, hops[1]["minOut"]) != minOut {
		t.Fatalf("route minOut %v / %v, want %d", q["minOut"], hops[1]["minOut"], minOut)
	}
	// Step 1's minimum: the least SUPRA whose hop-2 output meets the route's minimum, by
	// Liquidswap's formula written out (both pools charge 0.3 %).
	r2 := hops[1]["reserves"].(map[string]any)
	m := u64Of(t, hops[0]["minOut"])
	rIn, rOut := u64Of(t, r2["in"]), u64Of(t, r2["out"])
	if liquidswapOut(m, rIn, rOut) < minOut || liquidswapOut(m-1, rIn, rOut) >= minOut || m > mid {
		t.Fatalf("step 1 minimum %d: buys %d, one less %d; route minimum %d", m, liquidswapOut(m, rIn, rOut), liquidswapOut(m-1, rIn, rOut), minOut)
	}
	// The route's impact compounds the hops'; each hop's is in/(reserve in + in).
	i1 := new(big.Rat).SetFrac64(int64(in), int64(in+u64Of(t, hops[0]["reserves"].(map[string]any)["in"])))
	i2 := new(big.Rat).SetFrac64(int64(mid), int64(mid+rIn))
	left := new(big.Rat).Mul(new(big.Rat).Sub(big.NewRat(1, 1), i1), new(big.Rat).Sub(big.NewRat(1, 1), i2))
	if want := chain.ImpactBps(new(big.Rat).Sub(big.NewRat(1, 1), left)); q["priceImpactBps"] != float64(want) {
		t.Fatalf("route impact %v bps, want %d", q["priceImpactBps"], want)
	}

	before := e.balancesOf(sender, "LUCKY", "SUPRA", "DAWGZ")
	code, b1 := e.buildRoute(sender, "LUCKY", "DAWGZ", "1500.5", q["minOut"].(string), supraT, "")
	if code != http.StatusOK {
		t.Fatalf("build step 1: %d %v", code, b1)
	}
	s := stepsOf(b1)
	if len(s) != 2 || s[0]["rawTransaction"] != b1["rawTransaction"] || s[0]["minOut"] != hops[0]["minOut"] || s[0]["amountIn"] != q["amountIn"] ||
		s[1]["rawTransaction"] != nil || s[1]["amountIn"] != nil || s[1]["minOut"] != q["minOut"] {
		t.Fatalf("steps %v", s)
	}
	if sum := b1["summary"].(map[string]any); sum["to"] != "SUPRA" || sum["minOut"] != hops[0]["minOut"] {
		t.Fatalf("step 1 summary %v", sum)
	}
	h1 := e.signSubmit(b1["rawTransaction"].(string), e.key(0))
	_, dec1 := e.decodedOf(h1)
	if got := dec1["swap"].(map[string]any)["received"]; got != hops[0]["amountOut"] {
		t.Fatalf("step 1 received %v, quoted %v", got, hops[0]["amountOut"])
	}
	code, b2 := e.buildRoute(sender, "LUCKY", "DAWGZ", "1500.5", q["minOut"].(string), "SUPRA", h1)
	if code != http.StatusOK {
		t.Fatalf("build step 2: %d %v", code, b2)
	}
	s = stepsOf(b2)
	if s[0]["hash"] != h1 || s[0]["amountOut"] != hops[0]["amountOut"] || s[0]["minOut"] != hops[0]["minOut"] ||
		s[1]["amountIn"] != hops[0]["amountOut"] || s[1]["rawTransaction"] != b2["rawTransaction"] || s[1]["minOut"] != q["minOut"] {
		t.Fatalf("steps after step 1: %v", s)
	}
	h2 := e.signSubmit(b2["rawTransaction"].(string), e.key(0))
	_, dec2 := e.decodedOf(h2)
	if got := dec2["swap"].(map[string]any)["received"]; got != q["amountOut"] {
		t.Fatalf("route received %v, quoted %v", got, q["amountOut"])
	}
	_, c1 := e.txOf(h1)
	_, c2 := e.txOf(h2)
	d := before.deltas(e.balancesOf(sender, "LUCKY", "SUPRA", "DAWGZ"))
	gas := new(big.Int).Neg(new(big.Int).Add(c1, c2)).String()
	if d["DAWGZ"] != q["amountOut"] || d["LUCKY"] != "-"+q["amountIn"].(string) || d["SUPRA"] != gas {
		t.Fatalf("deltas %v; want DAWGZ +%v, LUCKY −%v, SUPRA %s (gas only)", d, q["amountOut"], q["amountIn"], gas)
	}
}

// TestSwapRouteHop1MoveAbortsStep1: another trader sells LUCKY after step 1 is built, moving
// the first pool beyond the slippage. Step 1 then aborts on its minimum: nothing is swapped
// (only its gas is paid), and there is no step 2 to build.
func TestSwapRouteHop1MoveAbortsStep1(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	sender := e.addr(0)
	lucky, supraT := e.typeOf("LUCKY"), e.typeOf("SUPRA")
	_, q := e.quote("LUCKY", "DAWGZ", "1000", 100)
	code, b1 := e.buildRoute(sender, "LUCKY", "DAWGZ", "1000", q["minOut"].(string), "SUPRA", "")
	if code != http.StatusOK {
		t.Fatalf("build: %d %v", code, b1)
	}
	// Built at the quoted pools: step 1's minimum is the quote's.
	if stepsOf(b1)[0]["minOut"] != hopsOf(q)[0]["minOut"] {
		t.Fatalf("step 1 minimum %v, quote %v", stepsOf(b1)[0]["minOut"], hopsOf(q)[0]["minOut"])
	}
	// 20,000,000 LUCKY sold into the 150,000,000 LUCKY pool: SUPRA per LUCKY falls ~ 12 %.
	e.fund(2, lucky, 20_000_000_000_000)
	e.trade(2, lucky, supraT, 20_000_000_000_000)
	before := e.balancesOf(sender, "LUCKY", "SUPRA", "DAWGZ")
	h1 := e.signSubmit(b1["rawTransaction"].(string), e.key(0))
	status, cost := e.txOf(h1)
	if status != "Failed" {
		t.Fatalf("step 1 after the move: %s", status)
	}
	d := before.deltas(e.balancesOf(sender, "LUCKY", "SUPRA", "DAWGZ"))
	if d["LUCKY"] != "0" || d["DAWGZ"] != "0" || d["SUPRA"] != new(big.Int).Neg(cost).String() {
		t.Fatalf("an aborted step 1 moved %v (gas %s)", d, cost)
	}
	code, out := e.buildRoute(sender, "LUCKY", "DAWGZ", "1000", q["minOut"].(string), "SUPRA", h1)
	if c, m := errCode(out); code != http.StatusConflict || c != api.CodeStepFailed || m != api.MsgStepFailed {
		t.Fatalf("step 2 after a failed step 1: %d %v", code, out)
	}
}

// TestSwapRouteHop2MoveAbortsStep2: step 1 goes through; then another trader buys DAWGZ,
// moving the second pool beyond the slippage. Step 2 aborts on the route's minimum and the
// trader holds exactly what step 1 returned (SUPRA), which a new quote can still swap.
func TestSwapRouteHop2MoveAbortsStep2(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	sender := e.addr(0)
	supraT, dawgz := e.typeOf("SUPRA"), e.typeOf("DAWGZ")
	_, q := e.quote("LUCKY", "DAWGZ", "1000", 100)
	before := e.balancesOf(sender, "LUCKY", "SUPRA", "DAWGZ")
	_, b1 := e.buildRoute(sender, "LUCKY", "DAWGZ", "1000", q["minOut"].(string), "SUPRA", "")
	h1 := e.signSubmit(b1["rawTransaction"].(string), e.key(0))
	_, dec1 := e.decodedOf(h1)
	got := u64Of(t, dec1["swap"].(map[string]any)["received"])
	// 100,000 SUPRA into the 400,000 SUPRA pool: DAWGZ per SUPRA falls ~ 36 %.
	e.fund(2, supraT, 200_000*100_000_000)
	e.trade(2, supraT, dawgz, 100_000*100_000_000)
	code, b2 := e.buildRoute(sender, "LUCKY", "DAWGZ", "1000", q["minOut"].(string), "SUPRA", h1)
	if code != http.StatusOK || u64Of(t, stepsOf(b2)[1]["amountIn"]) != got {
		t.Fatalf("build step 2: %d %v", code, b2)
	}
	h2 := e.signSubmit(b2["rawTransaction"].(string), e.key(0))
	status, c2 := e.txOf(h2)
	if status != "Failed" {
		t.Fatalf("step 2 after the move: %s", status)
	}
	_, c1 := e.txOf(h1)
	d := before.deltas(e.balancesOf(sender, "LUCKY", "SUPRA", "DAWGZ"))
	held := new(big.Int).Sub(new(big.Int).SetUint64(got), new(big.Int).Add(c1, c2))
	if d["LUCKY"] != "-1000000000" || d["DAWGZ"] != "0" || d["SUPRA"] != held.String() {
		t.Fatalf("deltas %v; want LUCKY −1000000000, DAWGZ 0, SUPRA %s (step 1's %d less gas)", d, held, got)
	}
	// Retry step 2 at the new price: a direct quote and swap of exactly the SUPRA held.
	amt := amount.Exact(new(big.Int).SetUint64(got), 8)
	_, q2 := e.quote("SUPRA", "DAWGZ", amt, 100)
	if pathOf(q2)[1] != "DAWGZ" || u64Of(t, q2["amountIn"]) != got || u64Of(t, q2["amountOut"]) >= u64Of(t, q["minOut"]) {
		t.Fatalf("retry quote %v", q2)
	}
	b3 := e.mustOK("POST", "/api/v1/swap/build", fmt.Sprintf(`{"sender":%q,"from":"SUPRA","to":"DAWGZ","amountIn":%q,"minOut":%q}`, sender, amt, q2["minOut"]))
	_, dec3 := e.decodedOf(e.signSubmit(b3["rawTransaction"].(string), e.key(0)))
	if dec3["swap"].(map[string]any)["received"] != q2["amountOut"] {
		t.Fatalf("retry received %v, quoted %v", dec3["swap"], q2["amountOut"])
	}
}

// TestSwapBestRoute: the quote's route is the best of the direct pool and every two-hop path
// through a listed token, as the router itself prices each (a tie goes to the direct pool).
func TestSwapBestRoute(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	cases := []struct {
		name, from, to, amt string
		dec                 uint8
		want                string
	}{
		{"SUPRA to LUCKY: the deep direct pool", "SUPRA", "LUCKY", "10", 8, "[SUPRA LUCKY]"},
		{"LUCKY to dexUSDC, small: the direct pool (one fee)", "LUCKY", "dexUSDC", "1000", 6, "[LUCKY dexUSDC]"},
		{"LUCKY to dexUSDC, large: the shallow direct pool loses to SUPRA's", "LUCKY", "dexUSDC", "2000000", 6, "[LUCKY SUPRA dexUSDC]"},
		{"LUCKY to DAWGZ: no direct pool", "LUCKY", "DAWGZ", "1500", 6, "[LUCKY SUPRA DAWGZ]"},
		{"dexUSDC to DAWGZ", "dexUSDC", "DAWGZ", "10", 6, "[dexUSDC SUPRA DAWGZ]"},
		{"DAWGZ to LUCKY", "DAWGZ", "LUCKY", "500", 6, "[DAWGZ SUPRA LUCKY]"},
	}
	for _, c := range cases {
		code, q := e.quote(c.from, c.to, c.amt, 500)
		if code != http.StatusOK {
			t.Fatalf("%s: %d %v", c.name, code, q)
		}
		if got := fmt.Sprint(pathOf(q)); got != c.want {
			t.Errorf("%s: route %s, want %s", c.name, got, c.want)
		}
		// Every path the router can price, by brute force: none beats the quote.
		in, err := amount.ParseUint64(c.amt, c.dec)
		if err != nil {
			t.Fatal(err)
		}
		from, to := e.typeOf(c.from), e.typeOf(c.to)
		best, bestPath := uint64(0), ""
		if v, ok := e.routerOut(from, to, in); ok {
			best, bestPath = v, fmt.Sprint([]string{c.from, c.to})
		}
		for _, h := range e.reg.All() {
			if h.Name == c.from || h.Name == c.to {
				continue
			}
			mid, ok := e.routerOut(from, h.CoinType, in)
			if !ok || mid == 0 {
				continue
			}
			if v, ok := e.routerOut(h.CoinType, to, mid); ok && v > best {
				best, bestPath = v, fmt.Sprint([]string{c.from, h.Name, c.to})
			}
		}
		if u64Of(t, q["amountOut"]) != best || bestPath != c.want {
			t.Errorf("%s: quoted %v, the router's best %d by %s", c.name, q["amountOut"], best, bestPath)
		}
	}
	// No pool on either side of any path: the swap spec's 'Swap pair not found'.
	if code, out := e.quote("SUPRA", contracts.MineCoinType, "1", 500); code != http.StatusNotFound || errCodeOf(out) != api.CodePairNotFound {
		t.Fatalf("no route: %d %v", code, out)
	}
}

// TestSwapRouteUnlistedToken: a coin outside the registry (MINE) with a pool against SUPRA
// only is quoted by its coin type, through SUPRA from LUCKY, named by its coin info.
func TestSwapRouteUnlistedToken(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	n, _ := config.Lookup(config.Devnet)
	x, y, swapped, err := chain.SortPair(supra.MustCoinType(contracts.MineCoinType), supra.NativeCoin())
	if err != nil {
		t.Fatal(err)
	}
	ax, ay := uint64(5_000_000_000), uint64(1_000*100_000_000) // 50 MINE (8 decimals), 1,000 SUPRA
	if swapped {
		ax, ay = ay, ax
	}
	if _, err := devnettest.Submit(e.node, e.key(3), devnettest.Call{Function: n.Modules.DexPackage + "::scripts::register_pool_and_add_liquidity",
		TypeArgs: []string{x.String(), y.String(), n.Modules.DexCurve},
		Args:     [][]byte{devnettest.U64(ax), devnettest.U64(1), devnettest.U64(ay), devnettest.U64(1)}, MaxGas: 100_000}); err != nil {
		t.Fatal(err)
	}
	look := e.mustOK("GET", "/api/v1/swap/token?coinType="+contracts.MineCoinType, "")
	if pools := look["pools"].([]any); look["listed"] != false || len(pools) != 1 || pools[0].(map[string]any)["name"] != "SUPRA" {
		t.Fatalf("MINE with a SUPRA pool: %v", look)
	}
	code, q := e.quote("LUCKY", contracts.MineCoinType, "1000", 500)
	if code != http.StatusOK {
		t.Fatalf("quote: %d %v", code, q)
	}
	to := q["to"].(map[string]any)
	if fmt.Sprint(pathOf(q)) != "[LUCKY SUPRA MINE]" || to["symbol"] != "MINE" || to["logo"] != "" {
		t.Fatalf("route %v, to %v", pathOf(q), to)
	}
	mid, _ := e.routerOut(e.typeOf("LUCKY"), e.typeOf("SUPRA"), 1_000_000_000)
	want, _ := e.routerOut(e.typeOf("SUPRA"), contracts.MineCoinType, mid)
	if u64Of(t, q["amountOut"]) != want {
		t.Fatalf("quoted %v, router %d", q["amountOut"], want)
	}
}

func TestSwapRouteBuildErrors(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	a0, a2 := e.addr(0), e.addr(2)
	// A real transaction that is not step 1 of LUCKY → SUPRA → DAWGZ: a direct SUPRA → LUCKY swap.
	_, q := e.quote("SUPRA", "LUCKY", "1", 500)
	direct := e.mustOK("POST", "/api/v1/swap/build", fmt.Sprintf(`{"sender":%q,"from":"SUPRA","to":"LUCKY","amountIn":"1","minOut":%q}`, a0, q["minOut"]))
	other := e.signSubmit(direct["rawTransaction"].(string), e.key(0))
	e.decodedOf(other)
	zero := "0000000000000000000000000000000000000000000000000000000000000000"
	cases := []struct {
		name                 string
		sender               supra.Address
		from, to, via, after string
		status               int
		code, msg            string
	}{
		{"afterTx without via", a0, "LUCKY", "DAWGZ", "", other, 400, api.CodeInvalidRoute, api.MsgAfterTxNeedsVia},
		{"via is an end", a0, "LUCKY", "DAWGZ", "LUCKY", "", 400, api.CodeInvalidRoute, api.MsgViaIsEnd},
		{"bad afterTx", a0, "LUCKY", "DAWGZ", "SUPRA", "0x12", 400, api.CodeInvalidHash, "Invalid transaction hash: expected 64 hex digits."},
		{"step 1 not on chain", a0, "LUCKY", "DAWGZ", "SUPRA", zero, 409, api.CodeStepPending, api.MsgStepPending},
		{"afterTx is another swap", a0, "LUCKY", "DAWGZ", "SUPRA", other, 409, api.CodeStepMismatch, api.MsgStepMismatch},
		{"afterTx by another sender", a2, "SUPRA", "DAWGZ", "LUCKY", other, 409, api.CodeStepMismatch, api.MsgStepMismatch},
		{"no pool on the first hop", a0, "LUCKY", "SUPRA", "DAWGZ", "", 404, api.CodePairNotFound, api.MsgPairNotFound},
		{"no pool on the second hop", a0, "SUPRA", "DAWGZ", "dexUSDC", "", 404, api.CodePairNotFound, api.MsgPairNotFound},
		{"balance short for step 1", a2, "LUCKY", "DAWGZ", "SUPRA", "", 409, "insufficient_balance", api.MsgInsufficientBalance},
	}
	for _, c := range cases {
		code, out := e.buildRoute(c.sender, c.from, c.to, "1", "1", c.via, c.after)
		gc, gm := errCode(out)
		if code != c.status || gc != c.code || gm != c.msg {
			t.Errorf("%s: %d %s %q; want %d %s %q", c.name, code, gc, gm, c.status, c.code, c.msg)
		}
	}
}

// TestSwapTokenLookup: the picker's import by coin type answers the coin's info, whether it
// is listed and which listed tokens it has a pool with.
func TestSwapTokenLookup(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	out := e.mustOK("GET", "/api/v1/swap/token?coinType="+contracts.MineCoinType, "")
	if tok := out["token"].(map[string]any); tok["symbol"] != "MINE" || out["listed"] != false || len(out["pools"].([]any)) != 0 {
		t.Fatalf("MINE without a pool: %v", out)
	}
	if out["balance"] != nil {
		t.Fatalf("balance without an account: %v", out["balance"])
	}
	// With an account: its balance of the coin (the balances endpoint lists registry tokens only).
	out = e.mustOK("GET", "/api/v1/swap/token?coinType="+contracts.MineCoinType+"&account="+e.addr(3).String(), "")
	if want := strconv.FormatUint(e.node.Balance(e.addr(3), contracts.MineCoinType), 10); out["balance"] != want || want == "0" {
		t.Fatalf("MINE balance %v, node %s", out["balance"], want)
	}
	out = e.mustOK("GET", "/api/v1/swap/token?coinType="+e.typeOf("LUCKY"), "")
	var pools []string
	for _, p := range out["pools"].([]any) {
		pools = append(pools, p.(map[string]any)["name"].(string))
	}
	if out["listed"] != true || fmt.Sprint(pools) != "[SUPRA dexUSDC]" {
		t.Fatalf("LUCKY: listed %v, pools %v", out["listed"], pools)
	}
	for _, c := range []struct {
		q      string
		status int
		code   string
	}{
		{"0xabc::nothing::NOPE", 404, api.CodeCoinNotFound},
		{"LUCKY", 400, "unknown_token"},
		{"", 400, "unknown_token"},
		{contracts.MineCoinType + "&account=nobody", 400, "invalid_address"},
	} {
		code, out := e.do("GET", "/api/v1/swap/token?coinType="+c.q, "")
		if code != c.status || errCodeOf(out) != c.code {
			t.Errorf("%q: %d %v", c.q, code, out)
		}
	}
}

// TestSwapRouteChoice: when the best route goes through SUPRA and the direct pool can quote
// too, the quote carries the direct pool's own quote beside it (the router's
// get_amount_out, one transaction, one fee), and the direct one builds without via and
// executes for exactly what it quoted. With nothing to choose, direct is null.
func TestSwapRouteChoice(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	lucky, usdc := e.typeOf("LUCKY"), e.typeOf("dexUSDC")
	for _, c := range []struct{ name, from, to, amt string }{
		{"the best route is the direct pool", "LUCKY", "dexUSDC", "1000"},
		{"no direct pool", "LUCKY", "DAWGZ", "1500"},
	} {
		if code, q := e.quote(c.from, c.to, c.amt, 500); code != http.StatusOK || q["direct"] != nil {
			t.Errorf("%s: %d, direct %v; want null", c.name, code, q["direct"])
		}
	}

	code, q := e.quote("LUCKY", "dexUSDC", "2000000", 500)
	if code != http.StatusOK || fmt.Sprint(pathOf(q)) != "[LUCKY SUPRA dexUSDC]" {
		t.Fatalf("quote: %d, route %v", code, q["route"])
	}
	d, ok := q["direct"].(map[string]any)
	if !ok {
		t.Fatalf("direct %v: want the LUCKY/dexUSDC pool's quote", q["direct"])
	}
	in := uint64(2_000_000_000_000)
	want, _ := e.routerOut(lucky, usdc, in)
	if u64Of(t, d["amountOut"]) != want || want >= u64Of(t, q["amountOut"]) || fmt.Sprint(pathOf(d)) != "[LUCKY dexUSDC]" ||
		d["route"].(map[string]any)["transactions"] != float64(1) || d["route"].(map[string]any)["via"] != nil ||
		u64Of(t, d["minOut"]) != want*9500/10000 || d["fee"].(map[string]any)["numerator"] != float64(30) {
		t.Fatalf("direct %v; router %d, best route %v", d, want, q["amountOut"])
	}

	sender := e.addr(0)
	e.fund(0, lucky, 3*in)
	before := e.balancesOf(sender, "LUCKY", "dexUSDC")
	code, b := e.buildRoute(sender, "LUCKY", "dexUSDC", "2000000", d["minOut"].(string), "", "")
	if code != http.StatusOK {
		t.Fatalf("build the direct route: %d %v", code, b)
	}
	h := e.signSubmit(b["rawTransaction"].(string), e.key(0))
	if status, _ := e.txOf(h); status != "Success" {
		t.Fatalf("direct swap: %s", status)
	}
	delta := before.deltas(e.balancesOf(sender, "LUCKY", "dexUSDC"))
	if delta["dexUSDC"] != d["amountOut"] || delta["LUCKY"] != "-2000000000000" {
		t.Fatalf("deltas %v; want dexUSDC +%v (the direct quote), LUCKY −2000000000000", delta, d["amountOut"])
	}
}
