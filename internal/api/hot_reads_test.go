package api_test

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"

	"github.com/andybalholm/brotli"

	"github.com/luckycoin/lucky/internal/config"
	"github.com/luckycoin/lucky/internal/devnet/contracts"
	"github.com/luckycoin/lucky/internal/devnet/devnettest"
	"github.com/luckycoin/lucky/internal/supra"
)

// hotRoutes are the answers every open page polls, rendered once per change of what they
// show.
var hotRoutes = []string{"/api/v1/market/lucky", "/api/v1/holders?limit=20", "/api/v1/slots/feed?limit=20",
	"/api/v1/burns?limit=20", "/api/v1/market/tokens", "/api/v1/config"}

// hotAnswer is one answer of a hot route: its status, ETag and JSON (decoded from
// whichever encoding it came in).
type hotAnswer struct {
	code int
	etag string
	body []byte
	json map[string]any
}

// hotGet asks for path in an encoding, revalidating etag when it is not "".
func (e *marketEnv) hotGet(path, encoding, etag string) hotAnswer {
	e.t.Helper()
	req := httptest.NewRequest("GET", path, nil)
	req.Host = "127.0.0.1:8080"
	if encoding != "" {
		req.Header.Set("Accept-Encoding", encoding)
	}
	if etag != "" {
		req.Header.Set("If-None-Match", etag)
	}
	rec := e.serve(req)
	a := hotAnswer{code: rec.Code, etag: rec.Header().Get("ETag")}
	if rec.Code == http.StatusNotModified {
		if rec.Body.Len() != 0 {
			e.t.Fatalf("%s: 304 with a %d byte body", path, rec.Body.Len())
		}
		return a
	}
	if cl := rec.Header().Get("Content-Length"); cl != strconv.Itoa(rec.Body.Len()) {
		e.t.Fatalf("%s: Content-Length %q, %d bytes sent", path, cl, rec.Body.Len())
	}
	var rd io.Reader = rec.Body
	switch ce := rec.Header().Get("Content-Encoding"); ce {
	case "br":
		rd = brotli.NewReader(rec.Body)
	case "gzip":
		zr, err := gzip.NewReader(rec.Body)
		if err != nil {
			e.t.Fatalf("%s: %v", path, err)
		}
		rd = zr
	case "":
	default:
		e.t.Fatalf("%s: Content-Encoding %q", path, ce)
	}
	if want := map[string]string{"br": "br", "gzip, br": "br", "gzip": "gzip", "": ""}[encoding]; rec.Header().Get("Content-Encoding") != want {
		e.t.Fatalf("%s asking for %q: Content-Encoding %q, want %q", path, encoding, rec.Header().Get("Content-Encoding"), want)
	}
	body, err := io.ReadAll(rd)
	if err != nil {
		e.t.Fatalf("%s: %v", path, err)
	}
	a.body = body
	if err := json.Unmarshal(body, &a.json); err != nil {
		e.t.Fatalf("%s: %d, %v: %q", path, rec.Code, err, body)
	}
	if rec.Code != http.StatusOK || a.etag == "" {
		e.t.Fatalf("%s: %d ETag %q: %s", path, rec.Code, a.etag, body)
	}
	return a
}

// Every hot read answers the chain's new state on the first request after the index
// moves past a swap, a burn and a spin, and 304 only while nothing it shows changed; the
// three encodings of an answer are the same JSON under one ETag.
func TestHotReadsFollowTheChain(t *testing.T) {
	t.Parallel()
	e := newMarketEnv(t, marketEnvOptions{})
	held := map[string]hotAnswer{}
	market := map[string]bool{"/api/v1/market/lucky": true, "/api/v1/market/tokens": true}
	for _, p := range hotRoutes {
		a := e.hotGet(p, "gzip, br", "")
		for _, enc := range []string{"", "gzip", "br"} {
			if b := e.hotGet(p, enc, ""); b.etag != a.etag || !bytes.Equal(b.body, a.body) {
				t.Fatalf("%s: %q answered other JSON or another ETag (%s, %s)", p, enc, b.etag, a.etag)
			}
		}
		if again := e.hotGet(p, "gzip", a.etag); again.code != http.StatusNotModified || again.etag != a.etag {
			t.Fatalf("%s: nothing changed, revalidated: %d", p, again.code)
		}
		held[p] = a
	}

	burnAddr := supra.MustParseAddress(config.Presets()[0].Modules.BurnAddress)
	steps := []struct {
		name    string
		account int
		call    devnettest.Call
		// check says what the first answers after the step must show.
		check func(t *testing.T, info supra.TransactionInfo, got map[string]hotAnswer)
	}{
		{"a swap", 2, devnettest.Call{Function: idxSwap, TypeArgs: []string{contracts.SupraCoinType, idxLucky, contracts.UncorrelatedType},
			Args: [][]byte{devnettest.U64(2_000 * 100_000_000), devnettest.U64(1)}, MaxGas: 100_000},
			func(t *testing.T, _ supra.TransactionInfo, got map[string]hotAnswer) {
				tok, sup := reserves(row(got["/api/v1/market/tokens"].json, "LUCKY"))
				wantTok, wantSupra := e.chainReserves("LUCKY")
				if tok != wantTok || sup != wantSupra {
					t.Errorf("market/tokens: LUCKY reserves %s/%s, the node's %s/%s", tok, sup, wantTok, wantSupra)
				}
				pool := got["/api/v1/market/lucky"].json["pools"].(map[string]any)["luckySupra"].(map[string]any)
				base, quote := pool["base"].(map[string]any)["amount"], pool["quote"].(map[string]any)["amount"]
				if base != wantTok || quote != wantSupra {
					t.Errorf("market/lucky: LUCKY/SUPRA pool %v/%v, the node's %s/%s", base, quote, wantTok, wantSupra)
				}
			}},
		{"a burn", 0, devnettest.Call{Function: "0x1::supra_account::transfer_coins", TypeArgs: []string{idxLucky},
			Args: [][]byte{devnettest.Addr(burnAddr), devnettest.U64(3_000_000)}},
			func(t *testing.T, info supra.TransactionInfo, got map[string]hotAnswer) {
				b := got["/api/v1/burns?limit=20"].json["burns"].([]any)[0].(map[string]any)
				if b["txHash"] != info.Hash || b["amount"] != "3000000" {
					t.Errorf("burns: the newest is %v, want the burn %s", b, info.Hash)
				}
			}},
		{"a spin", 1, devnettest.Call{Function: idxPlay, TypeArgs: []string{idxLucky},
			Args: [][]byte{devnettest.U64(10_000_000), devnettest.U64(2), devnettest.Str(idxLucky), devnettest.Addr(contracts.PlaceholderAddress)}},
			func(t *testing.T, info supra.TransactionInfo, got map[string]hotAnswer) {
				p := got["/api/v1/slots/feed?limit=20"].json["plays"].([]any)[0].(map[string]any)
				if p["txHash"] != info.Hash || p["player"] != e.addr(1).String() {
					t.Errorf("slots/feed: the newest play is %v, want the spin %s", p, info.Hash)
				}
			}},
	}
	t0 := e.t
	for _, s := range steps {
		t.Run(s.name, func(t *testing.T) {
			e.t = t
			defer func() { e.t = t0 }()
			info := e.submit(s.account, s.call)
			e.sync()
			height := strconv.FormatUint(e.node.Height(), 10)
			got := map[string]hotAnswer{}
			for _, p := range hotRoutes {
				a := e.hotGet(p, "gzip, br", held[p].etag)
				if p == "/api/v1/config" {
					// The config shows neither the chain nor the index.
					if a.code != http.StatusNotModified {
						t.Errorf("%s: %d after %s, which it does not show", p, a.code, s.name)
					}
					continue
				}
				if a.code != http.StatusOK {
					t.Fatalf("%s: %d on the first request after %s was indexed", p, a.code, s.name)
				}
				// The answer is at the block the index holds now.
				at := a.json["indexedHeight"]
				if p == "/api/v1/market/tokens" || p == "/api/v1/market/lucky" {
					at = a.json["height"]
				}
				if at != height {
					t.Errorf("%s: at height %v, the index at %s", p, at, height)
				}
				got[p] = a
				held[p] = a
				again := e.hotGet(p, "br", a.etag)
				switch {
				case again.code == http.StatusNotModified:
				case market[p] && !bytes.Equal(again.body, a.body):
					// The market reads its slow figures (supplies, the burned amount) again
					// in the background after a block that moves them: a new snapshot.
					held[p] = again
				default:
					t.Errorf("%s: %d revalidating an answer nothing has changed since", p, again.code)
				}
			}
			if !t.Failed() {
				s.check(t, info, got)
			}
		})
	}
	if t.Failed() {
		return
	}
	// Without a transaction, nothing moves: once the market has its slow figures, every
	// poll is a 304.
	for _, p := range hotRoutes {
		eventually(t, p+" to settle", func() bool {
			a := e.hotGet(p, "gzip", held[p].etag)
			if a.code == http.StatusOK && market[p] {
				held[p] = a
				return false
			}
			return true
		})
		for range 3 {
			if a := e.hotGet(p, "gzip", held[p].etag); a.code != http.StatusNotModified {
				t.Errorf("%s: %d with nothing changed", p, a.code)
			}
		}
	}
}
