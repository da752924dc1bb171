package api_test

import (
	"bytes"
	"fmt"
	"image/png"
	"math/big"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/luckycoin/lucky/internal/market"
	"github.com/luckycoin/lucky/internal/supra"
)

// rat parses a hand-written fraction ("20000/3") or decimal.
func rat(t *testing.T, s string) *big.Rat {
	t.Helper()
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		t.Fatalf("bad rat %q", s)
	}
	return r
}

// TestPortfolioValuation checks the portfolio of dev accounts 0, 1 and 2 against values
// computed by hand from the genesis (internal/devnet/contracts/genesis.json): a token's
// SUPRA price is its pool's SUPRA reserve over its token reserve, SUPRA's USD price is
// 75,000 dexUSDC / 10,000,000 SUPRA = 3/400.
func TestPortfolioValuation(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	// Whole-token balances of each dev account and their hand-computed SUPRA value.
	account0 := map[string][2]string{
		"SUPRA":           {"1000000", "1000000"},
		"LUCKY":           {"1000000", "20000/3"},     // 1,000,000 × 1,000,000/150,000,000
		"DAWGZ":           {"10000", "20"},            // × 400,000/200,000,000
		"ROBBIE":          {"10000", "25"},            // × 300,000/120,000,000
		"JOSH":            {"10000", "125/2"},         // × 500,000/80,000,000
		"SPIKE":           {"10000000", "6"},          // × 300,000/500,000,000,000
		"LEO":             {"10000", "25"},            // × 250,000/100,000,000
		"SUPRA-MUMMY":     {"10000", "40/3"},          // × 200,000/150,000,000
		"MEMECOINBURNERS": {"10000", "4"},             // × 120,000/300,000,000
		"PECKY":           {"10000", "20"},            // × 180,000/90,000,000
		"REPANDA":         {"10000", "5/2"},           // × 100,000/400,000,000
		"BABY JOSH":       {"10000", "6"},             // × 150,000/250,000,000
		"tSupra":          {"10000", "70"},            // × 350,000/50,000,000
		"LOWCAPS":         {"10000", "45/11"},         // × 90,000/220,000,000
		"WABBIT":          {"10000", "80/9"},          // × 160,000/180,000,000
		"NANA":            {"10000", "55/13"},         // × 110,000/260,000,000
		"dexUSDC":         {"10000", "4000000/3"},     // × 10,000,000/75,000
		"CASH":            {"100", "133333300/10000"}, // × 1,333,333/10,000
	}
	usdPerSupra := rat(t, "3/400")
	cases := []struct {
		name       string
		acct       int
		premium    bool
		assetCount int
		want       map[string][2]string
	}{
		{"account 0 premium", 0, true, 18, account0},
		{"account 1 not premium", 1, false, 2, map[string][2]string{
			"SUPRA": {"1000000", "1000000"}, "LUCKY": {"50000", "1000/3"}}},
		{"account 2 SUPRA only", 2, false, 1, map[string][2]string{"SUPRA": {"1000000", "1000000"}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			out := e.mustOK("GET", "/api/v1/accounts/"+e.addr(tc.acct).String()+"/portfolio", "")
			if out["premium"] != tc.premium || int(out["assetCount"].(float64)) != tc.assetCount {
				t.Fatalf("premium %v assetCount %v", out["premium"], out["assetCount"])
			}
			th := out["premiumThreshold"].(map[string]any)
			if th["amount"] != "250000000000" || th["decimals"] != float64(6) {
				t.Fatalf("premiumThreshold %v", th)
			}
			hs := out["holdings"].([]any)
			if len(hs) != len(tc.want) {
				t.Fatalf("%d holdings, want %d: %v", len(hs), len(tc.want), hs)
			}
			totSupra, totUSD := new(big.Rat), new(big.Rat)
			prev := (*big.Rat)(nil)
			for _, x := range hs {
				h := x.(map[string]any)
				w, ok := tc.want[h["name"].(string)]
				if !ok {
					t.Fatalf("unexpected holding %v", h["name"])
				}
				dec := int64(h["decimals"].(float64))
				base := new(big.Int).Mul(rat(t, w[0]).Num(), new(big.Int).Exp(big.NewInt(10), big.NewInt(dec), nil))
				if h["balance"] != base.String() {
					t.Errorf("%s balance %v, want %s", h["name"], h["balance"], base)
				}
				vs := rat(t, w[1])
				vu := new(big.Rat).Mul(vs, usdPerSupra)
				if h["valueSupra"] != market.Decimal(vs) || h["valueUsd"] != market.Decimal(vu) {
					t.Errorf("%s value %v SUPRA %v USD, want %s %s", h["name"], h["valueSupra"], h["valueUsd"], market.Decimal(vs), market.Decimal(vu))
				}
				if prev != nil && prev.Cmp(vs) < 0 {
					t.Errorf("%s out of order (highest value first)", h["name"])
				}
				prev = vs
				totSupra.Add(totSupra, vs)
				totUSD.Add(totUSD, vu)
			}
			tot := out["totals"].(map[string]any)
			if tot["supra"] != market.Decimal(totSupra) || tot["usd"] != market.Decimal(totUSD) {
				t.Fatalf("totals %v, want %s SUPRA %s USD", tot, market.Decimal(totSupra), market.Decimal(totUSD))
			}
			if out["usdUnavailable"] != nil {
				t.Fatalf("usdUnavailable %v", out["usdUnavailable"])
			}
		})
	}
	// Account 1 holding a third priced token still sees SUPRA and LUCKY only, and learns
	// there are 3 assets (the UI's premium note).
	if err := e.node.SetBalance(e.addr(1), "0xb8e94e7204d8eeb565a653d262ae6f7434a3a452e2aaf624810b33dfa3b64d09::DAWGZ::DAWGZ", 5e6); err != nil {
		t.Fatal(err)
	}
	out := e.mustOK("GET", "/api/v1/accounts/"+e.addr(1).String()+"/portfolio", "")
	if out["assetCount"] != float64(3) || len(out["holdings"].([]any)) != 2 || out["premium"] != false {
		t.Fatalf("account 1 with DAWGZ: %v", out)
	}
	code, body := e.do("GET", "/api/v1/accounts/0xzz/portfolio", "")
	if c, _ := errCode(body); code != http.StatusBadRequest || c != "invalid_address" {
		t.Fatalf("bad address: %d %v", code, body)
	}
	code, body = e.do("GET", "/api/v1/accounts/"+e.addr(0).String()+"/portfolio?refresh=maybe", "")
	if c, _ := errCode(body); code != http.StatusBadRequest || c != "invalid_query" {
		t.Fatalf("bad refresh: %d %v", code, body)
	}
}

func TestBurnBuildValidation(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	a0, a1, a2 := e.addr(0).String(), e.addr(1).String(), e.addr(2).String()
	body := func(sender, token, amount string) string {
		return fmt.Sprintf(`{"sender":%q,"token":%q,"amount":%q}`, sender, token, amount)
	}
	cases := []struct {
		name, body string
		status     int
		code, msg  string
	}{
		{"no body", "", 400, "invalid_json", "'data' Should Not Be 'undefined'"},
		{"no sender", body("", "LUCKY", "1"), 400, "invalid_amount", "Connect your wallet and enter a valid amount!"},
		{"no amount", body(a0, "LUCKY", ""), 400, "invalid_amount", "Connect your wallet and enter a valid amount!"},
		{"zero", body(a0, "LUCKY", "0"), 400, "invalid_amount", "Connect your wallet and enter a valid amount!"},
		{"negative", body(a0, "LUCKY", "-1"), 400, "invalid_amount", "Connect your wallet and enter a valid amount!"},
		{"not a number", body(a0, "LUCKY", "abc"), 400, "invalid_amount", "Connect your wallet and enter a valid amount!"},
		{"too many decimals", body(a0, "LUCKY", "1.0000001"), 400, "invalid_amount", "Connect your wallet and enter a valid amount!"},
		{"bad sender", body("0xnothex", "LUCKY", "1"), 400, "invalid_address", "Invalid address"},
		{"unknown token", body(a0, "NOPE", "1"), 400, "unknown_token", `Unknown token "NOPE".`},
		{"SUPRA", body(a0, "SUPRA", "1"), 400, "not_burnable", "SUPRA cannot be burned here: the burn list excludes SUPRA, dexUSDC and CASH."},
		{"dexUSDC", body(a0, "dexUSDC", "1"), 400, "not_burnable", "dexUSDC cannot be burned here"},
		{"CASH", body(a0, "CASH", "1"), 400, "not_burnable", "CASH cannot be burned here"},
		{"above balance", body(a1, "LUCKY", "50000.000001"), 409, "insufficient_balance", "Insufficient balance!"},
		{"no coin store", body(a2, "LUCKY", "1"), 409, "insufficient_balance", "Insufficient balance!"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			code, out := e.do("POST", "/api/v1/burn/build", tc.body)
			c, msg := errCode(out)
			if code != tc.status || c != tc.code || !strings.Contains(msg, tc.msg) {
				t.Fatalf("%d %s %q, want %d %s %q", code, c, msg, tc.status, tc.code, tc.msg)
			}
		})
	}
	// The whole balance, with decimals, by name or coin type, builds a transfer to the burn
	// address.
	for _, tok := range []string{"LUCKY", "lucky", luckyType} {
		out := e.mustOK("POST", "/api/v1/burn/build", body(a1, tok, "50000.000000"))
		s := out["summary"].(map[string]any)
		if s["token"] != "LUCKY" || s["amountBase"] != "50000000000" || s["burnAddress"] == "" || out["rawTransaction"] == "" {
			t.Fatalf("%s: summary %v", tok, s)
		}
	}
}

// waitTx waits for hash and returns its status.
func (e *env) waitTx(hash string) string {
	e.t.Helper()
	return e.mustOK("GET", "/api/v1/tx/"+hash+"?wait=10s", "")["status"].(string)
}

// raw sends a request and returns the recorder.
func (e *env) raw(method, path string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, path, nil)
	return e.serve(req)
}

func TestBurnVerifyCertificateAndPreview(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	burner := e.addr(0)
	burnAddr := supra.MustParseAddress(e.mustOK("GET", "/api/v1/market/lucky", "")["burnAddress"].(string))
	beforeBurn, _ := new(big.Int).SetString(e.balance(burnAddr, "LUCKY"), 10)
	beforeMe, _ := new(big.Int).SetString(e.balance(burner, "LUCKY"), 10)

	built := e.mustOK("POST", "/api/v1/burn/build", fmt.Sprintf(`{"sender":%q,"token":"LUCKY","amount":"1000"}`, burner))
	hash := e.signSubmit(built["rawTransaction"].(string), e.key(0))
	if st := e.waitTx(hash); st != "Success" {
		t.Fatalf("burn status %s", st)
	}
	afterBurn, _ := new(big.Int).SetString(e.balance(burnAddr, "LUCKY"), 10)
	afterMe, _ := new(big.Int).SetString(e.balance(burner, "LUCKY"), 10)
	if d := new(big.Int).Sub(afterBurn, beforeBurn); d.Cmp(big.NewInt(1_000_000_000)) != 0 {
		t.Fatalf("burn address +%s, want +1000000000", d)
	}
	if d := new(big.Int).Sub(beforeMe, afterMe); d.Cmp(big.NewInt(1_000_000_000)) != 0 {
		t.Fatalf("burner −%s, want −1000000000", d)
	}

	b := e.mustOK("GET", "/api/v1/burns/"+hash, "")
	tok := b["token"].(map[string]any)
	if b["txHash"] != hash || b["burner"] != burner.String() || b["amount"] != "1000000000" || tok["name"] != "LUCKY" ||
		tok["decimals"] != float64(6) || b["blockNumber"] == "0" || b["network"] != "devnet" ||
		b["certificateUrl"] != "/api/v1/burns/"+hash+"/certificate.png" || b["url"] != "/burn/"+hash {
		t.Fatalf("burn %v", b)
	}

	// The account's burns list it, with the burn address's LUCKY total.
	hist := e.mustOK("GET", "/api/v1/accounts/"+burner.String()+"/burns", "")
	if bs := hist["burns"].([]any); len(bs) != 1 || bs[0].(map[string]any)["txHash"] != hash {
		t.Fatalf("history %v", hist["burns"])
	}
	if tot := hist["totalLuckyBurned"].(map[string]any); tot["decimals"] != float64(6) {
		t.Fatalf("total %v", tot)
	}
	if code, out := e.do("GET", "/api/v1/accounts/"+burner.String()+"/burns?limit=0", ""); code != 400 {
		t.Fatalf("limit=0: %d %v", code, out)
	}

	// A normal transfer and a failed burn are refused, as are unknown and bad hashes.
	tr := e.mustOK("POST", "/api/v1/tx/build", fmt.Sprintf(
		`{"sender":%q,"function":"0x1::supra_account::transfer_coins","typeArguments":[%q],"arguments":[%q,"5"]}`,
		burner, luckyType, e.addr(1)))
	transfer := e.signSubmit(tr["rawTransaction"].(string), e.key(0))
	if st := e.waitTx(transfer); st != "Success" {
		t.Fatalf("transfer status %s", st)
	}
	fb := e.mustOK("POST", "/api/v1/burn/build", fmt.Sprintf(`{"sender":%q,"token":"LUCKY","amount":"10"}`, e.addr(1)))
	if err := e.node.SetBalance(e.addr(1), luckyType, 0); err != nil {
		t.Fatal(err)
	}
	failed := e.signSubmit(fb["rawTransaction"].(string), e.key(1))
	if st := e.waitTx(failed); st != "Failed" {
		t.Fatalf("emptied burn status %s", st)
	}
	refusals := []struct {
		name, hash string
		status     int
		code, msg  string
	}{
		{"transfer", transfer, 422, "not_a_burn", "Not a burn: this transaction sends no tokens to the burn address."},
		{"failed", failed, 422, "not_a_burn", "Not a burn: this transaction failed on chain, so nothing was burned."},
		{"unknown", "0x" + strings.Repeat("ab", 32), 404, "not_found", "No transaction with this hash on chain."},
		{"bad hash", "0x1234", 400, "invalid_hash", "Invalid transaction hash: expected 64 hex digits."},
	}
	for _, tc := range refusals {
		for _, suffix := range []string{"", "/certificate.png"} {
			code, out := e.do("GET", "/api/v1/burns/"+tc.hash+suffix, "")
			if c, msg := errCode(out); code != tc.status || c != tc.code || msg != tc.msg {
				t.Errorf("%s%s: %d %s %q", tc.name, suffix, code, c, msg)
			}
		}
	}

	// The certificate: a 1200×630 PNG, the same bytes every time (certificate's own tests
	// render the same data twice without the cache).
	rec := e.raw("GET", "/api/v1/burns/"+hash+"/certificate.png")
	if rec.Code != 200 || rec.Header().Get("Content-Type") != "image/png" {
		t.Fatalf("certificate: %d %s", rec.Code, rec.Header().Get("Content-Type"))
	}
	img, err := png.Decode(bytes.NewReader(rec.Body.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 1200 || b.Dy() != 630 {
		t.Fatalf("certificate is %v", b)
	}
	again := e.raw("GET", "/api/v1/burns/"+hash+"/certificate.png")
	if !bytes.Equal(rec.Body.Bytes(), again.Body.Bytes()) {
		t.Fatal("certificate bytes differ between requests")
	}

	// Link previews: the burn page carries the tags, other pages do not.
	page := e.raw("GET", "/burn/"+hash)
	html := page.Body.String()
	if page.Code != 200 || !strings.Contains(html, `<meta property="og:image" content="http://example.com/api/v1/burns/`+hash+`/certificate.png">`) ||
		!strings.Contains(html, `<meta name="twitter:card" content="summary_large_image">`) ||
		!strings.Contains(html, `<meta property="og:title" content="1,000 LUCKY burned: LuckyCoin burn certificate">`) {
		t.Fatalf("burn page: %d %s", page.Code, html)
	}
	for _, p := range []string{"/", "/burn", "/portfolio", "/burn/" + transfer, "/burn/nothex"} {
		rec := e.raw("GET", p)
		if rec.Code != 200 || strings.Contains(rec.Body.String(), "og:") || strings.Contains(rec.Body.String(), "twitter:") {
			t.Errorf("%s: %d %s", p, rec.Code, rec.Body.String())
		}
	}
}

// The Cosmic Miners coin is not on the token list and has no pool: the portfolio lists it
// with its balance among the unpriced coins, outside the totals, so every coin held shows.
func TestPortfolioListsTheGameCoin(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	out := e.mustOK("GET", "/api/v1/accounts/"+e.addr(minePlayer).String()+"/portfolio", "")
	un := out["unpriced"].([]any)
	if len(un) != 1 {
		t.Fatalf("unpriced %v", un)
	}
	m := un[0].(map[string]any)
	if m["symbol"] != "MINE" || m["balance"] != e.balance(e.addr(minePlayer), "MINE") || m["decimals"] != float64(8) ||
		!strings.Contains(m["reason"].(string), "No exchange pool") {
		t.Fatalf("MINE row %v", m)
	}
	for _, h := range out["holdings"].([]any) {
		if h.(map[string]any)["symbol"] == "MINE" {
			t.Fatal("MINE counted among the valued holdings")
		}
	}
	// A wallet without MINE lists none.
	if un := e.mustOK("GET", "/api/v1/accounts/"+e.addr(2).String()+"/portfolio", "")["unpriced"].([]any); len(un) != 0 {
		t.Fatalf("account 2 unpriced %v", un)
	}
}
