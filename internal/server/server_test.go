package server

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/andybalholm/brotli"

	"github.com/luckycoin/lucky/internal/api"
	"github.com/luckycoin/lucky/internal/config"
	"github.com/luckycoin/lucky/internal/tokens"
)

const indexHTML = `<!doctype html><html><head><title>LuckyCoin</title><script type="module" src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>`

func testServer(t *testing.T, network string, devnet http.Handler) http.Handler {
	t.Helper()
	log := slog.New(slog.DiscardHandler)
	n, err := config.Lookup(network)
	if err != nil {
		t.Fatal(err)
	}
	reg, err := tokens.Load(log)
	if err != nil {
		t.Fatal(err)
	}
	web := fstest.MapFS{
		"index.html":             {Data: []byte(indexHTML)},
		"assets/index-abc.js":    {Data: []byte("console.log('app')")},
		"assets/index-abc.js.br": {Data: []byte("BROTLI")},
		"assets/index-abc.js.gz": {Data: []byte("GZIP")},
		"assets/style-def.css":   {Data: []byte("body{}")},
		"images/logo.svg":        {Data: []byte("<svg/>")},
	}
	var scripts []string
	if devnet != nil {
		scripts = []string{"/devnet/wallet.js"}
	}
	h, err := New(Options{Network: n, Web: web, API: api.New(api.Deps{Network: n, Tokens: reg, Log: log}), Devnet: devnet, HeadScripts: scripts, Log: log})
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func get(h http.Handler, path string, headers ...string) *http.Response {
	req := httptest.NewRequest(http.MethodGet, path, nil)
	for i := 0; i+1 < len(headers); i += 2 {
		if headers[i] == "Host" {
			req.Host = headers[i+1]
			continue
		}
		req.Header.Set(headers[i], headers[i+1])
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec.Result()
}

func body(t *testing.T, res *http.Response) string {
	t.Helper()
	var r io.Reader = res.Body
	if res.Header.Get("Content-Encoding") == "gzip" {
		zr, err := gzip.NewReader(res.Body)
		if err != nil {
			t.Fatal(err)
		}
		r = zr
	}
	b, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestSPAFallback(t *testing.T) {
	h := testServer(t, config.Mainnet, nil)
	tests := []struct {
		path       string
		wantStatus int
		wantIndex  bool
	}{
		{"/", 200, true},
		{"/slots", 200, true},
		{"/slots/LUCKY", 200, true},
		{"/no/such/route", 200, true},
		{"/index.html", 200, true},
		{"/images/logo.svg", 200, false},
		{"/images/missing.png", 404, false},
		{"/assets/missing-123.js", 404, false},
		{"/assets/../index.html", 307, false}, // the mux redirects to the cleaned path
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			res := get(h, tt.path)
			if res.StatusCode != tt.wantStatus {
				t.Fatalf("status %d, want %d", res.StatusCode, tt.wantStatus)
			}
			isIndex := strings.Contains(body(t, res), `<div id="root">`)
			if isIndex != tt.wantIndex {
				t.Fatalf("index served = %v, want %v", isIndex, tt.wantIndex)
			}
			if isIndex && res.Header.Get("Cache-Control") != "no-cache" {
				t.Fatalf("index Cache-Control = %q", res.Header.Get("Cache-Control"))
			}
		})
	}
}

func TestAssetsCacheAndPrecompressed(t *testing.T) {
	h := testServer(t, config.Mainnet, nil)
	tests := []struct {
		accept, wantEncoding, wantBody string
	}{
		{"br, gzip", "br", "BROTLI"},
		{"gzip", "gzip", "GZIP"},
		{"gzip;q=0, br;q=0", "", "console.log('app')"},
		{"", "", "console.log('app')"},
	}
	for _, tt := range tests {
		res := get(h, "/assets/index-abc.js", "Accept-Encoding", tt.accept)
		if res.StatusCode != 200 {
			t.Fatalf("status %d", res.StatusCode)
		}
		if cc := res.Header.Get("Cache-Control"); cc != "public, max-age=31536000, immutable" {
			t.Errorf("Cache-Control = %q", cc)
		}
		if ct := res.Header.Get("Content-Type"); !strings.Contains(ct, "javascript") {
			t.Errorf("Content-Type = %q", ct)
		}
		if enc := res.Header.Get("Content-Encoding"); enc != tt.wantEncoding {
			t.Errorf("accept %q: encoding %q, want %q", tt.accept, enc, tt.wantEncoding)
		}
		raw, _ := io.ReadAll(res.Body)
		if string(raw) != tt.wantBody {
			t.Errorf("accept %q: body %q", tt.accept, raw)
		}
		if !strings.Contains(res.Header.Get("Vary"), "Accept-Encoding") {
			t.Errorf("Vary = %q", res.Header.Get("Vary"))
		}
	}
}

func TestCompression(t *testing.T) {
	h := testServer(t, config.Mainnet, nil)
	for _, path := range []string{"/", "/api/v1/config", "/images/logo.svg"} {
		res := get(h, path, "Accept-Encoding", "gzip")
		if res.Header.Get("Content-Encoding") != "gzip" {
			t.Errorf("%s not gzipped", path)
		}
		if b := body(t, res); len(b) == 0 {
			t.Errorf("%s: empty body after gunzip", path)
		}
	}
	res := get(h, "/api/v1/config")
	if res.Header.Get("Content-Encoding") != "" {
		t.Error("compressed without Accept-Encoding")
	}
}

func TestSecurityHeaders(t *testing.T) {
	h := testServer(t, config.Devnet, http.NotFoundHandler())
	for _, path := range []string{"/", "/api/v1/config", "/api/v1/nope", "/assets/index-abc.js", "/healthz"} {
		res := get(h, path)
		csp := res.Header.Get("Content-Security-Policy")
		for _, want := range []string{"default-src 'self'", "script-src 'self'", "frame-ancestors 'none'", "object-src 'none'"} {
			if !strings.Contains(csp, want) {
				t.Errorf("%s: CSP %q lacks %q", path, csp, want)
			}
		}
		if strings.Contains(csp, "unsafe-inline") || strings.Contains(csp, "unsafe-eval") {
			t.Errorf("%s: CSP not strict: %q", path, csp)
		}
		if res.Header.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("%s: nosniff missing", path)
		}
		if res.Header.Get("Referrer-Policy") == "" {
			t.Errorf("%s: Referrer-Policy missing", path)
		}
	}
}

func TestConfigEndpoint(t *testing.T) {
	h := testServer(t, config.Devnet, http.NotFoundHandler())
	res := get(h, "/api/v1/config")
	if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") {
		t.Fatalf("status %d type %q", res.StatusCode, res.Header.Get("Content-Type"))
	}
	var cfg struct {
		Network struct {
			Name       string `json:"name"`
			Label      string `json:"label"`
			ChainID    int    `json:"chainId"`
			ExplorerTx string `json:"explorerTx"`
			Devnet     bool   `json:"devnet"`
		} `json:"network"`
		KnownChainIDs []int `json:"knownChainIds"`
		Tokens        []struct {
			Name     string `json:"name"`
			CoinType string `json:"coinType"`
			Decimals int    `json:"decimals"`
		} `json:"tokens"`
	}
	if err := json.NewDecoder(res.Body).Decode(&cfg); err != nil {
		t.Fatal(err)
	}
	if cfg.Network.Name != "devnet" || cfg.Network.ChainID != 255 || !cfg.Network.Devnet || cfg.Network.Label != "Supra Devnet" {
		t.Errorf("network = %+v", cfg.Network)
	}
	if !strings.Contains(cfg.Network.ExplorerTx, "{hash}") {
		t.Errorf("explorer pattern = %q", cfg.Network.ExplorerTx)
	}
	if len(cfg.KnownChainIDs) != 3 {
		t.Errorf("known chain ids = %v", cfg.KnownChainIDs)
	}
	if len(cfg.Tokens) != 18 || cfg.Tokens[0].Name != "SUPRA" || cfg.Tokens[0].Decimals != 8 {
		t.Errorf("tokens = %+v", cfg.Tokens)
	}
}

func TestAPINotFoundShape(t *testing.T) {
	h := testServer(t, config.Mainnet, nil)
	for _, path := range []string{"/api/v1/nope", "/api/", "/api/v2/config"} {
		res := get(h, path)
		if res.StatusCode != 404 {
			t.Fatalf("%s: status %d", path, res.StatusCode)
		}
		var e struct {
			Error struct{ Code, Message string } `json:"error"`
		}
		if err := json.NewDecoder(res.Body).Decode(&e); err != nil || e.Error.Code != "not_found" || e.Error.Message == "" {
			t.Fatalf("%s: body %+v err %v", path, e, err)
		}
	}
}

func TestDevnetMountOnlyOnDevnet(t *testing.T) {
	node := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "node:"+r.URL.Path) })
	dev := testServer(t, config.Devnet, node)
	main := testServer(t, config.Mainnet, nil)
	for _, path := range []string{"/rpc/v1/transactions/chain_id", "/devnet/accounts"} {
		if b := body(t, get(dev, path, "Host", "127.0.0.1:8080")); b != "node:"+path {
			t.Errorf("devnet %s: %q", path, b)
		}
		res := get(main, path)
		if res.StatusCode != 404 || strings.Contains(body(t, res), "root") {
			t.Errorf("mainnet %s: status %d, must be a plain 404", path, res.StatusCode)
		}
	}
	if b := body(t, get(dev, "/")); !strings.Contains(b, `<head><script src="/devnet/wallet.js" defer></script>`) {
		t.Errorf("dev wallet not injected: %s", b)
	}
	if b := body(t, get(main, "/")); strings.Contains(b, "wallet.js") {
		t.Error("dev wallet injected outside devnet")
	}
}

func TestPanicBecomesJSON500(t *testing.T) {
	log := slog.New(slog.DiscardHandler)
	h := withMiddleware(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { panic("boom") }), log, false)
	res := get(h, "/api/v1/x")
	if res.StatusCode != 500 || !strings.Contains(body(t, res), `"code":"internal_error"`) {
		t.Fatalf("status %d", res.StatusCode)
	}
}

// A rendered answer arrives encoded: the compression middleware passes it as it is (no
// second gzip over brotli or gzip), it still carries the security headers and one Vary,
// and the ETag revalidates for a 304 without a body.
func TestRenderedAnswerNotCompressedAgain(t *testing.T) {
	h := testServer(t, config.Devnet, http.NotFoundHandler())
	plain := get(h, "/api/v1/config")
	want := body(t, plain)
	for _, c := range []struct{ accept, encoding string }{{"gzip, br", "br"}, {"gzip", "gzip"}, {"identity", ""}} {
		res := get(h, "/api/v1/config", "Accept-Encoding", c.accept)
		if got := res.Header.Get("Content-Encoding"); got != c.encoding {
			t.Fatalf("Accept-Encoding %q: Content-Encoding %q, want %q", c.accept, got, c.encoding)
		}
		raw, err := io.ReadAll(res.Body)
		if err != nil {
			t.Fatal(err)
		}
		var rd io.Reader = bytes.NewReader(raw)
		switch c.encoding {
		case "br":
			rd = brotli.NewReader(rd)
		case "gzip":
			zr, err := gzip.NewReader(rd)
			if err != nil {
				t.Fatal(err)
			}
			rd = zr
		}
		if got, err := io.ReadAll(rd); err != nil || string(got) != want {
			t.Fatalf("Accept-Encoding %q: the answer decoded once is not the JSON (%v): %.80q", c.accept, err, got)
		}
		if res.Header.Get("Content-Length") != strconv.Itoa(len(raw)) {
			t.Errorf("Accept-Encoding %q: Content-Length %q for %d bytes", c.accept, res.Header.Get("Content-Length"), len(raw))
		}
		if v := res.Header.Values("Vary"); len(v) != 1 || v[0] != "Accept-Encoding" {
			t.Errorf("Vary %q", v)
		}
		if res.Header.Get("X-Content-Type-Options") != "nosniff" || res.Header.Get("X-Frame-Options") != "DENY" {
			t.Errorf("security headers missing: %v", res.Header)
		}
	}
	etag := plain.Header.Get("ETag")
	if res := get(h, "/api/v1/config", "If-None-Match", etag, "Accept-Encoding", "gzip"); res.StatusCode != http.StatusNotModified || body(t, res) != "" {
		t.Fatalf("If-None-Match %s: %d", etag, res.StatusCode)
	}
}
