package api_test

import (
	"context"
	"fmt"
	"math/big"
	"net/http"
	"testing"
	"time"

	"github.com/luckycoin/lucky/internal/chain"
	"github.com/luckycoin/lucky/internal/config"
	"github.com/luckycoin/lucky/internal/simulate"
)

// ratOf parses a decimal string answer.
func ratOf(t *testing.T, v any) *big.Rat {
	t.Helper()
	s, _ := v.(string)
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		t.Fatalf("not a decimal: %v", v)
	}
	return r
}

// TestOneLuckyPriceAcrossEndpoints: after traders knock the pools apart (a whale buys LUCKY on
// LUCKY/SUPRA, another dumps LUCKY into LUCKY/dexUSDC) and a few seconds of the simulator, whose
// arbitrage trader brings them back in line, the endpoints behind /stats (market/lucky),
// /tokenindex and /token/{symbol} (market/tokens), the portfolio and /swap (the quote's USD
// values) show one LUCKY price, at one height, labelled with its route; and the LUCKY/dexUSDC
// pool the dashboard lists agrees with that price within the pools' fees and 1 %.
func TestOneLuckyPriceAcrossEndpoints(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	lucky, supraT, usdc := e.typeOf("LUCKY"), e.typeOf("SUPRA"), e.typeOf("dexUSDC")
	e.trade(0, supraT, lucky, 60_000*100_000_000)
	e.fund(2, lucky, 4_000_000_000_000)
	e.trade(2, lucky, usdc, 4_000_000_000_000)

	n, err := config.Lookup(config.Devnet)
	if err != nil {
		t.Fatal(err)
	}
	c := chain.New(e.client, n, e.reg, chain.Options{})
	rep, err := simulate.Run(context.Background(), simulate.Config{Chain: c, Accounts: 5, Seed: "one price", Rate: 4, Duration: 3 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	arbs := 0
	for _, k := range rep.Kinds {
		if k.Kind == "arbitrage" {
			arbs = k.Confirmed
		}
	}
	if arbs == 0 {
		t.Fatalf("no arbitrage confirmed: %+v", rep.Kinds)
	}

	dash := e.mustOK("GET", "/api/v1/market/lucky?refresh=true", "")
	index := e.mustOK("GET", "/api/v1/market/tokens", "")
	port := e.mustOK("GET", "/api/v1/accounts/"+e.addr(0).String()+"/portfolio", "")
	var row, held map[string]any
	for _, r := range index["tokens"].([]any) {
		if m := r.(map[string]any); m["name"] == "LUCKY" {
			row = m
		}
	}
	for _, r := range port["holdings"].([]any) {
		if m := r.(map[string]any); m["name"] == "LUCKY" {
			held = m
		}
	}
	if row == nil || held == nil {
		t.Fatalf("LUCKY in the index %v, in the portfolio %v", row != nil, held != nil)
	}
	type seen struct{ height, supra, usd, route, usdRoute any }
	got := map[string]seen{
		"market/lucky":  {dash["height"], dash["priceSupra"], dash["priceUsd"], dash["priceRoute"], dash["usdRoute"]},
		"market/tokens": {index["height"], row["priceSupra"], row["priceUsd"], row["priceRoute"], row["usdRoute"]},
		"portfolio":     {port["height"], held["priceSupra"], held["priceUsd"], held["priceRoute"], row["usdRoute"]},
	}
	want := got["market/lucky"]
	if want.route != "LUCKY/SUPRA" || want.usdRoute != "LUCKY/SUPRA × SUPRA/dexUSDC" {
		t.Errorf("routes %v, %v", want.route, want.usdRoute)
	}
	for k, v := range got {
		if fmt.Sprint(v) != fmt.Sprint(want) {
			t.Errorf("%s: %v; market/lucky: %v", k, v, want)
		}
	}
	// The portfolio's value is its balance at that price.
	value := new(big.Rat).Mul(new(big.Rat).SetFrac(bigOf(t, held["balance"].(string)), big.NewInt(1_000_000)), ratOf(t, want.supra))
	if d := new(big.Rat).Sub(value, ratOf(t, held["valueSupra"])); d.Abs(d).Cmp(big.NewRat(1, 1_000_000_000)) > 0 {
		t.Errorf("portfolio value %v SUPRA, balance × price %s", held["valueSupra"], value.FloatString(18))
	}
	// /swap: a quote's USD out is its LUCKY at that price.
	code, q := e.quote("SUPRA", "LUCKY", "10", 500)
	if code != http.StatusOK {
		t.Fatalf("quote: %d %v", code, q)
	}
	usdOut := new(big.Rat).Mul(ratOf(t, q["amountOutDecimal"]), ratOf(t, want.usd))
	if d := new(big.Rat).Sub(usdOut, ratOf(t, q["usdOut"])); d.Abs(d).Cmp(big.NewRat(1, 1_000_000_000)) > 0 {
		t.Errorf("quote usdOut %v, amount out × LUCKY's price %s", q["usdOut"], usdOut.FloatString(18))
	}
	// With the pools in line, a route through dexUSDC beats the direct pool by less than the
	// band (it may beat it by a little: two fees against one, on pools within their fees).
	if d, ok := q["direct"].(map[string]any); ok {
		edge := new(big.Rat).SetFrac(bigOf(t, q["amountOut"].(string)), bigOf(t, d["amountOut"].(string)))
		if edge.Cmp(big.NewRat(1019, 1000)) > 0 {
			t.Errorf("the route %v returns %s times the direct pool's", pathOf(q), edge.FloatString(4))
		}
	}

	// The LUCKY/dexUSDC pool prices LUCKY within the fees (3 × 0.3 %) and 1 % of that price.
	p := dash["pools"].(map[string]any)["luckyDexUsdc"].(map[string]any)
	inPool := new(big.Rat).SetFrac(bigOf(t, p["quote"].(map[string]any)["amount"].(string)), bigOf(t, p["base"].(map[string]any)["amount"].(string)))
	gap := new(big.Rat).Quo(inPool, ratOf(t, want.usd))
	gap.Sub(gap, big.NewRat(1, 1))
	if gap.Abs(gap).Cmp(big.NewRat(19, 1000)) > 0 {
		t.Errorf("LUCKY/dexUSDC prices LUCKY %s apart from the reference price", gap.FloatString(4))
	}
}
