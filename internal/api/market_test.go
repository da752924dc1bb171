package api_test

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"
)

func TestMarketTokens(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	out := e.mustOK("GET", "/api/v1/market/tokens", "")
	if out["supraUsd"] != "0.007500000000000000" || out["usdUnavailable"] != nil {
		t.Fatalf("supraUsd %v, usdUnavailable %v", out["supraUsd"], out["usdUnavailable"])
	}
	if sk := out["skipped"].([]any); len(sk) != 0 {
		t.Fatalf("skipped %v", sk)
	}
	rows := out["tokens"].([]any)
	if len(rows) != len(e.reg.All()) {
		t.Fatalf("%d rows", len(rows))
	}
	var prev float64
	for i, r := range rows {
		m := r.(map[string]any)
		if m["rank"].(float64) != float64(i+1) {
			t.Fatalf("row %d rank %v", i, m["rank"])
		}
		if i > 0 && m["rank"].(float64) <= prev {
			t.Fatal("ranks not increasing")
		}
		prev = m["rank"].(float64)
		if m["name"] != "LUCKY" {
			continue
		}
		want := map[string]any{
			"symbol": "LUCKY", "decimals": float64(6), "logo": "/images/tokens/lucky.svg",
			"priceSupra": "0.006666666666666666", "priceUsd": "0.000050000000000000",
			"totalSupply": "1000000000000000", "totalSupplySource": "chain", "burned": "50000000000000",
			"circulatingSupply": "950000000000000", "marketCap": "47500.000000000000000000", "fdv": "50000.000000000000000000",
			"marketCapSupra": "6333333.333333333333333333", "fdvSupra": "6666666.666666666666666666",
		}
		for k, v := range want {
			if m[k] != v {
				t.Errorf("LUCKY %s = %v, want %v", k, m[k], v)
			}
		}
		res := m["reserves"].(map[string]any)
		if res["token"] != "150000000000000" || res["supra"] != "100000000000000" {
			t.Errorf("reserves %v", res)
		}
	}
	code, body := e.do("GET", "/api/v1/market/tokens?refresh=maybe", "")
	if c, msg := errCode(body); code != http.StatusBadRequest || c != "invalid_query" || msg != "refresh must be true or false." {
		t.Fatalf("bad refresh: %d %s %s", code, c, msg)
	}
	e.mustOK("GET", "/api/v1/market/tokens?refresh=true", "")
}

// The token index is rendered once per market snapshot: every client gets the same bytes
// and ETag until the snapshot changes, a client holding them revalidates for a bodiless
// 304, and a gzip client gets the same JSON compressed.
func TestMarketTokensRenderedOncePerSnapshot(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	get := func(path string, headers map[string]string) *httptest.ResponseRecorder {
		t.Helper()
		req := httptest.NewRequest("GET", path, nil)
		req.Host = "127.0.0.1:8080"
		for k, v := range headers {
			req.Header.Set(k, v)
		}
		return e.serve(req)
	}
	first := get("/api/v1/market/tokens", nil)
	etag := first.Header().Get("ETag")
	if first.Code != http.StatusOK || len(etag) < 10 || first.Header().Get("Cache-Control") != "no-cache" {
		t.Fatalf("first: %d ETag %q Cache-Control %q", first.Code, etag, first.Header().Get("Cache-Control"))
	}
	again := get("/api/v1/market/tokens", nil)
	if again.Header().Get("ETag") != etag || !bytes.Equal(again.Body.Bytes(), first.Body.Bytes()) {
		t.Fatal("the same snapshot answered with other bytes")
	}
	for _, inm := range []string{etag, "W/" + etag, `"other", ` + etag, "*"} {
		if nm := get("/api/v1/market/tokens", map[string]string{"If-None-Match": inm}); nm.Code != http.StatusNotModified || nm.Body.Len() != 0 {
			t.Fatalf("If-None-Match %s: %d with %d bytes", inm, nm.Code, nm.Body.Len())
		}
	}
	if other := get("/api/v1/market/tokens", map[string]string{"If-None-Match": `"other"`}); other.Code != http.StatusOK {
		t.Fatalf("a stale ETag: %d", other.Code)
	}
	gz := get("/api/v1/market/tokens", map[string]string{"Accept-Encoding": "gzip"})
	zr, err := gzip.NewReader(gz.Body)
	if err != nil || gz.Header().Get("Content-Encoding") != "gzip" {
		t.Fatalf("gzip answer: %v, Content-Encoding %q", err, gz.Header().Get("Content-Encoding"))
	}
	if plain, err := io.ReadAll(zr); err != nil || !bytes.Equal(plain, first.Body.Bytes()) {
		t.Fatalf("the gzip answer is other JSON (%v)", err)
	}
	// A new snapshot after the pools move is another answer (refresh=true reads anew a
	// second after the last read).
	e.submitOK(e.mustOK("POST", "/api/v1/swap/build", fmt.Sprintf(`{"sender":%q,"from":"SUPRA","to":"LUCKY","amountIn":"10","minOut":"1"}`,
		e.addr(0).String())), 0)
	time.Sleep(1100 * time.Millisecond)
	if fresh := get("/api/v1/market/tokens?refresh=true", nil); fresh.Code != http.StatusOK || fresh.Header().Get("ETag") == etag {
		t.Fatalf("after a swap: %d, ETag unchanged %v", fresh.Code, fresh.Header().Get("ETag") == etag)
	}
}

func TestMarketLucky(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	out := e.mustOK("GET", "/api/v1/market/lucky", "")
	amount := func(k string) string {
		m, ok := out[k].(map[string]any)
		if !ok || m["decimals"] != float64(6) {
			t.Fatalf("%s = %v", k, out[k])
		}
		return m["amount"].(string)
	}
	if amount("totalSupply") != "1000000000000000" || amount("burned") != "50000000000000" ||
		amount("circulatingSupply") != "950000000000000" || amount("houseVault") != "10000000000000" {
		t.Fatalf("supplies %v", out)
	}
	want := map[string]any{
		"priceSupra": "0.006666666666666666", "priceUsd": "0.000050000000000000", "luckyPerSupra": "150.000000000000000000",
		"supraUsd": "0.007500000000000000", "marketCap": "47500.000000000000000000", "fdv": "50000.000000000000000000",
		"burnAddress": "0x00000000000000000000000000000000ffffffffffffffffffffffffffffffff", "usdUnavailable": nil,
	}
	for k, v := range want {
		if out[k] != v {
			t.Errorf("%s = %v, want %v", k, out[k], v)
		}
	}
	pools := out["pools"].(map[string]any)
	side := func(pool, s string) string {
		p := pools[pool].(map[string]any)[s].(map[string]any)
		return p["symbol"].(string) + " " + p["amount"].(string)
	}
	if side("luckySupra", "base") != "LUCKY 150000000000000" || side("luckySupra", "quote") != "SUPRA 100000000000000" ||
		side("luckyDexUsdc", "base") != "LUCKY 20000000000000" || side("luckyDexUsdc", "quote") != "dexUSDC 1000000000" {
		t.Fatalf("pools %v", pools)
	}
	if _, err := time.Parse(time.RFC3339, out["updatedAt"].(string)); err != nil {
		t.Fatal(err)
	}
}

// TestMarketLuckyStaked: on a network with the staking pool the "Staked" card is the
// pool's global deposit in SUPRA, read through the node (nothing at genesis, then exactly
// what a staker deposits).
func TestMarketLuckyStaked(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	staked := func(path string) string {
		st, ok := e.mustOK("GET", path, "")["staking"].(map[string]any)
		if !ok {
			t.Fatalf("%s: no staking figures", path)
		}
		coin, amt := st["coin"].(map[string]any), st["staked"].(map[string]any)
		if coin["symbol"] != "SUPRA" || amt["decimals"] != float64(8) {
			t.Fatalf("staking %v", st)
		}
		return amt["amount"].(string)
	}
	if got := staked("/api/v1/market/lucky"); got != "0" {
		t.Fatalf("staked at genesis %s, want 0", got)
	}
	const deposit = 1_234 * 100_000_000
	body := fmt.Sprintf(`{"sender":%q,"function":"0xde01::staking::stake","typeArguments":[],"arguments":["%d"]}`, e.addr(3), deposit)
	e.submitOK(e.mustOK("POST", "/api/v1/tx/build", body), 3)
	time.Sleep(1100 * time.Millisecond) // a forced refresh within 1 s reuses the last read
	if got := staked("/api/v1/market/lucky?refresh=true"); got != fmt.Sprint(deposit) {
		t.Fatalf("staked after a stake %s, want %d", got, deposit)
	}
}

// TestMarketNodeDown: with no snapshot and a failing node the endpoints answer the one
// error shape (never made-up numbers).
func TestMarketNodeDown(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	e.mustOK("POST", "/devnet/faults", `{"error_rate_percent":100}`)
	for _, path := range []string{"/api/v1/market/tokens", "/api/v1/market/lucky"} {
		code, out := e.do("GET", path, "")
		if c, _ := errCode(out); code != http.StatusBadGateway || c != "node_unavailable" {
			t.Errorf("%s: %d %v", path, code, out)
		}
	}
}
