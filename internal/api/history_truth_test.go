package api_test

import (
	"context"
	"math/big"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/luckycoin/lucky/internal/chain"
	"github.com/luckycoin/lucky/internal/config"
	"github.com/luckycoin/lucky/internal/devnet/contracts"
	"github.com/luckycoin/lucky/internal/devnet/devnettest"
	"github.com/luckycoin/lucky/internal/history"
	"github.com/luckycoin/lucky/internal/supra"
)

// A LUCKY trade's USD candle is its SUPRA price times SUPRA's USD price at that moment,
// read from the SUPRA/dexUSDC pool's reserves: no one needs to have traded in that pool.
func TestCandlesUSDFromUSDPoolReserves(t *testing.T) {
	e := newIndexEnv(t)
	usdc, ok := e.reg.ByName("dexUSDC")
	if !ok {
		t.Fatal("no dexUSDC in the registry")
	}
	bindings := chain.New(e.client, config.Presets()[0], e.reg, chain.Options{})
	ctx := context.Background()
	e.submit(2, devnettest.Call{Function: idxSwap, TypeArgs: []string{contracts.SupraCoinType, idxLucky, contracts.UncorrelatedType},
		Args: [][]byte{devnettest.U64(1_000_000_000), devnettest.U64(0)}})
	lr, err := bindings.Reserves(ctx, idxLucky, contracts.SupraCoinType)
	if err != nil {
		t.Fatal(err)
	}
	ur, err := bindings.Reserves(ctx, usdc.CoinType, contracts.SupraCoinType)
	if err != nil {
		t.Fatal(err)
	}
	e.sync()
	luckySupra, _ := new(big.Rat).SetFrac(new(big.Int).Mul(new(big.Int).SetUint64(lr.B), big.NewInt(1_000_000)),
		new(big.Int).Mul(new(big.Int).SetUint64(lr.A), big.NewInt(100_000_000))).Float64()
	supraUSD := history.SupraUSD(new(big.Int).SetUint64(ur.A), new(big.Int).SetUint64(ur.B), usdc.Decimals, 8)
	// The genesis pool: 75,000 dexUSDC against 10,000,000 SUPRA, $0.0075 a SUPRA.
	if supraUSD != 0.0075 {
		t.Fatalf("SUPRA in USD from reserves %v/%v = %v", ur.A, ur.B, supraUSD)
	}
	out := e.mustOK("GET", "/api/v1/market/candles?pair=LUCKY-SUPRA&interval=1m", "")
	cs := out["candles"].([]any)
	if len(cs) != 1 {
		t.Fatalf("candles %v", cs)
	}
	c := cs[0].(map[string]any)
	if c["close"] != luckySupra || c["closeUsd"] != luckySupra*supraUSD || c["highUsd"] != luckySupra*supraUSD ||
		c["openUsd"] != c["open"].(float64)*supraUSD || out["usdNote"] != nil {
		t.Fatalf("candle %v; want close %v, closeUsd %v", c, luckySupra, luckySupra*supraUSD)
	}
}

// Every burn the index lists verifies: its JSON, its certificate image and its page with
// link-preview tags, the genesis allocation to the burn address included.
func TestEveryListedBurnHasACertificate(t *testing.T) {
	e := newIndexEnv(t)
	burn := supra.MustParseAddress(config.Presets()[0].Modules.BurnAddress)
	e.submit(0, devnettest.Call{Function: "0x1::supra_account::transfer_coins", TypeArgs: []string{idxLucky},
		Args: [][]byte{devnettest.Addr(burn), devnettest.U64(3_000_000)}})
	e.sync()
	bs := e.mustOK("GET", "/api/v1/burns?limit=100", "")["burns"].([]any)
	if len(bs) != 2 {
		t.Fatalf("burns %v", bs)
	}
	for _, x := range bs {
		listed := x.(map[string]any)
		hash := listed["txHash"].(string)
		got := e.mustOK("GET", "/api/v1/burns/"+hash, "")
		for _, k := range []string{"txHash", "burner", "amount", "blockNumber", "certificateUrl", "url"} {
			if got[k] != listed[k] {
				t.Errorf("burn %s: %s = %v, listed %v", hash, k, got[k], listed[k])
			}
		}
		rec := httptest.NewRecorder()
		e.h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/v1/burns/"+hash+"/certificate.png", nil))
		if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "image/png" || !strings.HasPrefix(rec.Body.String(), "\x89PNG") {
			t.Errorf("certificate of %s: %d %s", hash, rec.Code, rec.Header().Get("Content-Type"))
		}
		rec = httptest.NewRecorder()
		e.h.ServeHTTP(rec, httptest.NewRequest("GET", "/burn/"+hash, nil))
		if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `property="og:image" content="http://example.com/api/v1/burns/`+hash+`/certificate.png"`) {
			t.Errorf("page of %s: %d %s", hash, rec.Code, rec.Body.String())
		}
	}
	if g := bs[1].(map[string]any); g["burner"] != supra.FrameworkAddress.String() || g["amount"] != "50000000000000" {
		t.Fatalf("genesis burn %v", g)
	}
}

// An account's activity lists its swaps, spins, burns and LUCKY transfers, newest first,
// each once; the config names the network's known accounts.
func TestAccountActivityAndLabels(t *testing.T) {
	e := newIndexEnv(t)
	me, other := 0, 1
	burn := supra.MustParseAddress(config.Presets()[0].Modules.BurnAddress)
	swap := e.submit(me, devnettest.Call{Function: idxSwap, TypeArgs: []string{contracts.SupraCoinType, idxLucky, contracts.UncorrelatedType},
		Args: [][]byte{devnettest.U64(1_000_000_000), devnettest.U64(0)}})
	play := e.submit(me, devnettest.Call{Function: idxPlay, TypeArgs: []string{idxLucky},
		Args: [][]byte{devnettest.U64(10_000_000), devnettest.U64(1), devnettest.Str(idxLucky), devnettest.Addr(contracts.PlaceholderAddress)}})
	burnTx := e.submit(me, devnettest.Call{Function: "0x1::supra_account::transfer_coins", TypeArgs: []string{idxLucky},
		Args: [][]byte{devnettest.Addr(burn), devnettest.U64(2_000_000)}})
	sent := e.submit(me, devnettest.Call{Function: "0x1::supra_account::transfer_coins", TypeArgs: []string{idxLucky},
		Args: [][]byte{devnettest.Addr(e.addr(other)), devnettest.U64(4_000_000)}})
	e.sync()
	out := e.mustOK("GET", "/api/v1/accounts/"+e.addr(me).String()+"/activity?limit=10", "")
	acts := out["activity"].([]any)
	sw := eventData(t, swap, "::SwapEvent")
	pe := eventData(t, play, "::PlayEvent")
	want := []struct{ kind, hash, token, amount, tokenOut, amountOut string }{
		{"sent", sent.Hash, "LUCKY", "4000000", "", ""},
		{"burn", burnTx.Hash, "LUCKY", "2000000", "", ""},
		{"spin", play.Hash, "LUCKY", "10000000", "LUCKY", pe["total_prize"].(string)},
		{"swap", swap.Hash, "SUPRA", "1000000000", "LUCKY", sw["x_out"].(string)},
	}
	// Genesis gave the account LUCKY: the oldest entry is that deposit.
	if len(acts) != len(want)+1 || acts[len(want)].(map[string]any)["kind"] != "received" {
		t.Fatalf("activity %v", acts)
	}
	for i, w := range want {
		a := acts[i].(map[string]any)
		tok := a["token"].(map[string]any)
		if a["kind"] != w.kind || a["txHash"] != w.hash || tok["name"] != w.token || a["amount"] != w.amount {
			t.Errorf("activity %d = %v, want %+v", i, a, w)
		}
		if w.tokenOut != "" && (a["tokenOut"] == nil || a["tokenOut"].(map[string]any)["name"] != w.tokenOut || a["amountOut"] != w.amountOut) {
			t.Errorf("activity %d out = %v %v, want %s %s", i, a["tokenOut"], a["amountOut"], w.amountOut, w.tokenOut)
		}
	}
	// The recipient sees it as received.
	in := e.mustOK("GET", "/api/v1/accounts/"+e.addr(other).String()+"/activity?limit=1", "")["activity"].([]any)
	if len(in) != 1 || in[0].(map[string]any)["kind"] != "received" || in[0].(map[string]any)["txHash"] != sent.Hash {
		t.Fatalf("recipient activity %v", in)
	}
	if code, out := e.do("GET", "/api/v1/accounts/0xzz/activity", ""); code != http.StatusBadRequest {
		t.Fatalf("bad address: %d %v", code, out)
	}

	labels := e.mustOK("GET", "/api/v1/config", "")["network"].(map[string]any)["labels"].(map[string]any)
	for addr, label := range map[string]string{
		burn.String(): "Burn address", contracts.TreasuryAddress.String(): "Genesis treasury",
		contracts.DexlynPoolAccount.String(): "Dexlyn pool account", contracts.SlotsAddress.String(): "Slots house fund",
		contracts.StakingAddress.String(): "Staking pool", contracts.SlotsFeeCollector.String(): "Slots fee collector",
	} {
		if labels[addr] != label {
			t.Errorf("label of %s = %v, want %q", addr, labels[addr], label)
		}
	}
}
