package api_test

import (
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/luckycoin/lucky/internal/config"
	"github.com/luckycoin/lucky/internal/supra"
)

// decodedOf reads GET /api/v1/tx/{hash}?wait=5s and returns its "decoded" object after
// checking the transaction succeeded.
func (e *env) decodedOf(hash string) (map[string]any, map[string]any) {
	e.t.Helper()
	d := e.mustOK("GET", "/api/v1/tx/"+hash+"?wait=5s", "")
	if d["status"] != "Success" {
		e.t.Fatalf("tx %s: %v %v", hash, d["status"], d["vmStatus"])
	}
	dec, ok := d["decoded"].(map[string]any)
	if !ok {
		e.t.Fatalf("no decoded object: %v", d)
	}
	return d, dec
}

// coinEntry finds the decoded deposit/withdrawal of account in coinType.
func coinEntry(t *testing.T, list any, account supra.Address, coinType string) map[string]any {
	t.Helper()
	items, _ := list.([]any)
	for _, it := range items {
		m := it.(map[string]any)
		if m["account"] == account.String() && m["coinType"] == coinType {
			return m
		}
	}
	t.Fatalf("no %s entry for %s in %v", coinType, account, list)
	return nil
}

func TestTxDecodedTransfer(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	to := supra.MustParseAddress("0x5eed0d")
	body := fmt.Sprintf(`{"sender":%q,"function":"0x1::supra_account::transfer","typeArguments":[],"arguments":[%q,"7654321"]}`,
		e.addr(0).String(), to.String())
	hash := e.signSubmit(e.mustOK("POST", "/api/v1/tx/build", body)["rawTransaction"].(string), e.key(0))
	_, dec := e.decodedOf(hash)
	if dep := coinEntry(t, dec["deposits"], to, supra.SupraCoinType); dep["amount"] != "7654321" {
		t.Fatalf("deposit %v", dep)
	}
	if w := coinEntry(t, dec["withdrawals"], e.addr(0), supra.SupraCoinType); w["amount"] != "7654321" {
		t.Fatalf("withdrawal %v", w)
	}
	for _, k := range []string{"play", "swap", "burn"} {
		if _, ok := dec[k]; ok {
			t.Fatalf("a transfer decoded as %s: %v", k, dec)
		}
	}
	if got := e.balance(to, "SUPRA"); got != "7654321" {
		t.Fatalf("recipient balance %s", got)
	}
}

func TestTxDecodedBurn(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	n, _ := config.Lookup(config.Devnet)
	burn := supra.MustParseAddress(n.Modules.BurnAddress)
	before := e.balance(burn, "LUCKY")
	body := fmt.Sprintf(`{"sender":%q,"function":"0x1::supra_account::transfer_coins","typeArguments":[%q],"arguments":[%q,"2500000"]}`,
		e.addr(0).String(), luckyType, burn.String())
	hash := e.signSubmit(e.mustOK("POST", "/api/v1/tx/build", body)["rawTransaction"].(string), e.key(0))
	_, dec := e.decodedOf(hash)
	b, ok := dec["burn"].(map[string]any)
	if !ok || b["amount"] != "2500000" || b["token"] != "LUCKY" || b["coinType"] != luckyType {
		t.Fatalf("burn %v", dec)
	}
	if got := sub(t, e.balance(burn, "LUCKY"), before); got != "2500000" {
		t.Fatalf("burn address gained %s", got)
	}
}

func TestTxDecodedSwap(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	n, _ := config.Lookup(config.Devnet)
	buyer := e.addr(2)
	luckyBefore := e.balance(buyer, "LUCKY")
	body := fmt.Sprintf(`{"sender":%q,"function":"%s::scripts::swap","typeArguments":[%q,%q,%q],"arguments":["100000000","1"]}`,
		buyer.String(), n.Modules.DexPackage, supra.SupraCoinType, luckyType, n.Modules.DexCurve)
	hash := e.signSubmit(e.mustOK("POST", "/api/v1/tx/build", body)["rawTransaction"].(string), e.key(2))
	d, dec := e.decodedOf(hash)
	s, ok := dec["swap"].(map[string]any)
	if !ok {
		t.Fatalf("no swap in %v", dec)
	}
	// LUCKY sorts before SupraCoin, so it is the pool's x: SUPRA comes in as y, LUCKY leaves as x.
	got := sub(t, e.balance(buyer, "LUCKY"), luckyBefore)
	if s["yIn"] != "100000000" || s["xOut"] != got || s["xIn"] != "0" || s["yOut"] != "0" || got == "0" ||
		!strings.HasSuffix(s["pairX"].(string), "::LUCKY::LUCKY") || s["pairY"] != supra.SupraCoinType {
		t.Fatalf("swap %v, buyer got %s LUCKY", s, got)
	}
	if top, _ := d["swap"].(map[string]any); top["xOut"] != s["xOut"] || d["play"] != nil {
		t.Fatalf("top-level swap %v play %v", d["swap"], d["play"])
	}
	if dep := coinEntry(t, dec["deposits"], buyer, luckyType); dep["amount"] != got {
		t.Fatalf("LUCKY deposit %v", dep)
	}
}

func TestTxDecodedSpin(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	rec := httptest.NewRecorder()
	e.node.Handler().ServeHTTP(rec, httptest.NewRequest("POST", "/devnet/slots/outcomes", strings.NewReader(`{"tiers":[3,0]}`)))
	if rec.Code != 200 {
		t.Fatalf("force outcomes: %d %s", rec.Code, rec.Body)
	}
	player := e.addr(1)
	built := e.mustOK("POST", "/api/v1/slots/spins", spinBody(player.String(), "LUCKY", "10", 2))
	d, dec := e.decodedOf(e.signSubmit(built["rawTransaction"].(string), e.key(1)))
	p, ok := dec["play"].(map[string]any)
	if !ok || p["totalPrize"] != "15000000" || p["token"] != "LUCKY" || p["numberOfSpins"] != "2" || p["player"] != player.String() {
		t.Fatalf("play %v", dec)
	}
	if top, _ := d["play"].(map[string]any); top["totalPrize"] != "15000000" {
		t.Fatalf("top-level play %v", d["play"])
	}
	if _, ok := dec["swap"]; ok {
		t.Fatal("a spin decoded as a swap")
	}
}
