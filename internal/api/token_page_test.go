package api_test

import (
	"context"
	"fmt"
	"math/big"
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/luckycoin/lucky/internal/chain"
	"github.com/luckycoin/lucky/internal/config"
	"github.com/luckycoin/lucky/internal/devnet/contracts"
	"github.com/luckycoin/lucky/internal/devnet/devnettest"
	"github.com/luckycoin/lucky/internal/market"
	"github.com/luckycoin/lucky/internal/supra"
)

// A token page's figures for a token other than LUCKY (NANA), after real swaps in its
// pool: the candles, the token index's 24 h change, volume, buys and sells and liquidity,
// and the latest trades are exactly what the swaps' events and the pool's reserves imply.
func TestTokenPageFiguresFromSwaps(t *testing.T) {
	e := newIndexEnv(t)
	nanaTok, _ := e.reg.ByName("NANA")
	nana := nanaTok.CoinType
	buyArgs := []string{contracts.SupraCoinType, nana, contracts.UncorrelatedType}
	sellArgs := []string{nana, contracts.SupraCoinType, contracts.UncorrelatedType}
	bindings := chain.New(e.client, config.Presets()[0], e.reg, chain.Options{})
	reserves := func() chain.Reserves {
		r, err := bindings.Reserves(context.Background(), nana, contracts.SupraCoinType)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	// SUPRA per whole NANA at the pool's reserves, as the index prices a trade.
	spot := func() float64 {
		r := reserves()
		f, _ := new(big.Rat).SetFrac(new(big.Int).Mul(new(big.Int).SetUint64(r.B), big.NewInt(1_000_000)),
			new(big.Int).Mul(new(big.Int).SetUint64(r.A), big.NewInt(100_000_000))).Float64()
		return f
	}
	// What a swap moved of NANA and of SUPRA, from its event.
	type moved struct {
		nana, supra uint64
		buy         bool
		info        supra.TransactionInfo
	}
	swap := func(account int, buy bool, amount uint64) moved {
		args := sellArgs
		if buy {
			args = buyArgs
		}
		info := e.submit(account, devnettest.Call{Function: idxSwap, TypeArgs: args, Args: [][]byte{devnettest.U64(amount), devnettest.U64(0)}})
		ev := eventData(t, info, "::SwapEvent")
		n := func(k string) uint64 { v, _ := strconv.ParseUint(ev[k].(string), 10, 64); return v }
		x, y := n("x_in")+n("x_out"), n("y_in")+n("y_out")
		if ev["pair_x"] == contracts.SupraCoinType {
			x, y = y, x
		}
		return moved{nana: x, supra: y, buy: buy, info: info}
	}
	open := spot()
	first := swap(2, true, 5_000_000_000)
	ref := spot()
	if _, err := e.node.AdvanceTime(25 * time.Hour); err != nil {
		t.Fatal(err)
	}
	sell := swap(0, false, 300_000_000)
	buy := swap(2, true, 2_000_000_000)
	last := spot()
	e.sync()

	// The token index's row: 24 h figures of the two trades inside the window, the change
	// against the last trade before it, liquidity from the reserves.
	out := e.mustOK("GET", "/api/v1/market/tokens?refresh=true", "")
	row := row(out, "NANA")
	wantChange := (last - ref) / ref * 100
	if row["change24h"] != wantChange || row["volume24h"] != fmt.Sprint(sell.nana+buy.nana) ||
		row["volume24hQuote"] != fmt.Sprint(sell.supra+buy.supra) || row["buys24h"] != 1.0 || row["sells24h"] != 1.0 ||
		row["holders"] != nil || out["indexedHeight"] != strconv.FormatUint(e.node.Height(), 10) {
		t.Fatalf("NANA's row %v (indexed at %v); want change %v", row, out["indexedHeight"], wantChange)
	}
	r := reserves()
	liq := new(big.Int).Mul(new(big.Int).SetUint64(r.B), big.NewInt(2))
	usdc, err := bindings.Reserves(context.Background(), usdcType(t, e.env), contracts.SupraCoinType)
	if err != nil {
		t.Fatal(err)
	}
	supraUSD := market.SpotPrice(usdc.B, 8, usdc.A, 6)
	liqUSD := new(big.Rat).Mul(new(big.Rat).SetFrac(liq, big.NewInt(100_000_000)), supraUSD)
	if row["liquiditySupra"] != liq.String() || row["liquidityUsd"] != market.Decimal(liqUSD) {
		t.Fatalf("liquidity %v / %v, want %s / %s", row["liquiditySupra"], row["liquidityUsd"], liq, market.Decimal(liqUSD))
	}
	// The holder count is kept for LUCKY only; SUPRA's own row has no pool to value.
	lucky := e.mustOK("GET", "/api/v1/holders?limit=1", "")
	if l, s := rowOf(out, "LUCKY"), rowOf(out, "SUPRA"); l["holders"] != lucky["holderCount"] || s["liquiditySupra"] != nil {
		t.Fatalf("LUCKY holders %v (the index's %v), SUPRA's liquidity %v", l["holders"], lucky["holderCount"], s["liquiditySupra"])
	}

	// Candles: every trade is in them once, the first opens at the price before it and the
	// last closes at the pool's spot price after the last swap.
	from, to := devnettest.FixedTime.Unix()-86400, e.node.Now().Unix()+60
	cs := e.mustOK("GET", fmt.Sprintf("/api/v1/market/candles?pair=NANA-SUPRA&interval=1h&from=%d&to=%d", from, to), "")["candles"].([]any)
	vol, volQ, buys, sells := new(big.Int), new(big.Int), 0.0, 0.0
	for _, c := range cs {
		m := c.(map[string]any)
		v, _ := new(big.Int).SetString(m["volume"].(string), 10)
		q, _ := new(big.Int).SetString(m["volumeQuote"].(string), 10)
		vol.Add(vol, v)
		volQ.Add(volQ, q)
		buys += m["buys"].(float64)
		sells += m["sells"].(float64)
	}
	if len(cs) != 2 || vol.String() != fmt.Sprint(first.nana+sell.nana+buy.nana) || volQ.String() != fmt.Sprint(first.supra+sell.supra+buy.supra) ||
		buys != 2 || sells != 1 || cs[0].(map[string]any)["open"] != open || cs[0].(map[string]any)["close"] != ref ||
		cs[1].(map[string]any)["close"] != last {
		t.Fatalf("candles %v; want open %v, closes %v and %v", cs, open, ref, last)
	}

	// The latest trades, newest first, with what changed hands and the price it paid.
	tr := e.mustOK("GET", "/api/v1/market/trades?token=NANA&limit=2", "")
	list := tr["trades"].([]any)
	if len(list) != 2 || tr["token"] != "NANA" || tr["indexedHeight"] != strconv.FormatUint(e.node.Height(), 10) {
		t.Fatalf("trades %v", tr)
	}
	for i, want := range []moved{buy, sell} {
		got := list[i].(map[string]any)
		side := map[bool]string{true: "buy", false: "sell"}[want.buy]
		price := market.Decimal(market.SpotPrice(want.nana, 6, want.supra, 8))
		if got["txHash"] != want.info.Hash || got["side"] != side || got["amount"] != fmt.Sprint(want.nana) ||
			got["amountQuote"] != fmt.Sprint(want.supra) || got["priceSupra"] != price ||
			got["height"] != strconv.FormatUint(want.info.BlockHeader.Height, 10) || got["valueUsd"] == nil {
			t.Fatalf("trade %d: %v; want %s of %d NANA for %d SUPRA at %s", i, got, side, want.nana, want.supra, price)
		}
	}
	if got := list[0].(map[string]any)["trader"]; got != e.addr(2).String() {
		t.Fatalf("trader %v, want %s", got, e.addr(2))
	}

	// A day later without a trade: no volume, and the price has not moved since.
	if _, err := e.node.AdvanceTime(25 * time.Hour); err != nil {
		t.Fatal(err)
	}
	row = rowOf(e.mustOK("GET", "/api/v1/market/tokens", ""), "NANA")
	if row["volume24h"] != "0" || row["buys24h"] != 0.0 || row["sells24h"] != 0.0 || row["change24h"] != 0.0 {
		t.Fatalf("a day later: %v", row)
	}
}

// rowOf is row under another name, for tests that shadow it.
func rowOf(out map[string]any, name string) map[string]any { return row(out, name) }

// The trades endpoint refuses what is not a listed token's pool, and without an index
// the token index's 24 h figures are null, never zero.
func TestTokenTradesErrors(t *testing.T) {
	e := newIndexEnv(t)
	for _, c := range []struct{ path, msg string }{
		{"/api/v1/market/trades?token=NOPE", `Unknown token "NOPE": name a listed token other than SUPRA.`},
		{"/api/v1/market/trades?token=SUPRA", `Unknown token "SUPRA": name a listed token other than SUPRA.`},
		{"/api/v1/market/trades", `Unknown token "": name a listed token other than SUPRA.`},
		{"/api/v1/market/trades?token=LUCKY&limit=0", "limit must be a whole number from 1 to 100."},
	} {
		code, out := e.do("GET", c.path, "")
		if got, msg := errCode(out); code != http.StatusBadRequest || got != "invalid_query" || msg != c.msg {
			t.Errorf("%s: %d %s %q", c.path, code, got, msg)
		}
	}
	// A token without trades lists none.
	if out := e.mustOK("GET", "/api/v1/market/trades?token=CASH", ""); len(out["trades"].([]any)) != 0 {
		t.Fatalf("CASH trades %v", out)
	}

	plain := newEnv(t, nil)
	code, out := plain.do("GET", "/api/v1/market/trades?token=LUCKY", "")
	if got, _ := errCode(out); code != http.StatusServiceUnavailable || got != "index_unavailable" {
		t.Fatalf("without an index: %d %v", code, out)
	}
	out = plain.mustOK("GET", "/api/v1/market/tokens", "")
	l := row(out, "LUCKY")
	if out["indexedHeight"] != nil || l["volume24h"] != nil || l["change24h"] != nil || l["holders"] != nil || l["liquiditySupra"] == nil {
		t.Fatalf("without an index: %v (indexed %v)", l, out["indexedHeight"])
	}
}

func usdcType(t *testing.T, e *env) string {
	t.Helper()
	tok, ok := e.reg.USD()
	if !ok {
		t.Fatal("no dollar coin in the registry")
	}
	return tok.CoinType
}
