package server_test

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/luckycoin/lucky/internal/api"
	"github.com/luckycoin/lucky/internal/chain"
	"github.com/luckycoin/lucky/internal/config"
	"github.com/luckycoin/lucky/internal/devguard"
	"github.com/luckycoin/lucky/internal/devnet"
	"github.com/luckycoin/lucky/internal/devnet/contracts"
	"github.com/luckycoin/lucky/internal/devnet/devnettest"
	"github.com/luckycoin/lucky/internal/devwallet"
	"github.com/luckycoin/lucky/internal/server"
	"github.com/luckycoin/lucky/internal/supra"
	"github.com/luckycoin/lucky/internal/tokens"
)

// guardEnv is the real route table over a real devnet (with the app's contracts, so their
// admin routes are mounted) and the real dev wallet, as `lucky serve` wires them.
type guardEnv struct {
	t    *testing.T
	node *devnet.Node
	h    http.Handler
}

const publicHost = "lucky.example"

func newGuardEnv(t *testing.T) *guardEnv {
	t.Helper()
	mods, err := contracts.All()
	if err != nil {
		t.Fatal(err)
	}
	node := devnettest.New(t, devnet.Options{Modules: mods})
	log := slog.New(slog.DiscardHandler)
	n, err := config.Lookup(config.Devnet)
	if err != nil {
		t.Fatal(err)
	}
	reg, err := tokens.Load(log)
	if err != nil {
		t.Fatal(err)
	}
	client := devnettest.Client(t, node, supra.WithRetries(0, 0))
	var accts []devwallet.Account
	for _, a := range node.Accounts() {
		accts = append(accts, devwallet.Account{Address: a.Address, PrivateKey: a.PrivateKey})
	}
	bindings := chain.New(client, n, reg, chain.Options{})
	h, err := server.New(server.Options{
		Network: n, Web: fstest.MapFS{"index.html": {Data: []byte("<html><head></head></html>")}},
		API:    api.New(api.Deps{Network: n, Tokens: reg, Chain: api.ChainOf(bindings), Market: api.NewMarket(bindings, log), Log: log}),
		Devnet: node.Handler(), DevWallet: devwallet.New(accts, client, node.Now, log),
		DevGuard: devguard.Policy{PublicHosts: []string{publicHost}}, Log: log,
	})
	if err != nil {
		t.Fatal(err)
	}
	return &guardEnv{t: t, node: node, h: h}
}

type route struct{ method, path, body string }

// routes lists every devnet admin and dev wallet route, each with a body that does what
// the route is for when the request is allowed.
func (e *guardEnv) routes() []route {
	e.t.Helper()
	var state bytes.Buffer
	if err := e.node.DumpState(&state); err != nil {
		e.t.Fatal(err)
	}
	dev := e.node.Accounts()[0].Address.String()
	raw := rawTransfer(e.t, e.node)
	rs := []route{
		{"GET", "/devnet/accounts", ""},
		{"GET", "/devnet/info", ""},
		{"POST", "/devnet/snapshot", ""},
		{"POST", "/devnet/revert", `{"id":1}`},
		{"POST", "/devnet/reset", ""},
		{"POST", "/devnet/time/advance", `{"seconds":3600}`},
		{"POST", "/devnet/mine", `{"blocks":2}`},
		{"POST", "/devnet/balance", `{"address":"0x42","amount":"5"}`},
		{"GET", "/devnet/faults", ""},
		{"POST", "/devnet/faults", `{"latency_ms":5}`},
		{"GET", "/devnet/state", ""},
		{"POST", "/devnet/state", state.String()},
		{"GET", devwallet.PathScript, ""},
		{"GET", devwallet.PathStyle, ""},
		{"POST", devwallet.PathPrefix + "send", `{"account":0,"to":"0x42","value":"7"}`},
		{"POST", devwallet.PathPrefix + "send", `{"account":0,"rawTransaction":"` + raw + `"}`},
		{"POST", devwallet.PathPrefix + "decode", `{"rawTransaction":"` + raw + `"}`},
		{"POST", devwallet.PathPrefix + "raw", `{"payload":["` + dev + `",0,"0x1","supra_account","transfer",[],[]]}`},
		{"POST", devwallet.PathPrefix + "sign-message", `{"account":0,"message":"hello"}`},
		{"GET", devguard.FaucetPrefix + "0x42", ""},
	}
	mods, _ := contracts.All()
	for _, m := range mods {
		if am, ok := m.(devnet.AdminModule); ok {
			for _, r := range am.AdminRoutes() {
				rs = append(rs, route{r.Method, "/devnet/" + r.Path, "{}"})
			}
		}
	}
	return rs
}

func rawTransfer(t *testing.T, n *devnet.Node) string {
	t.Helper()
	dev := n.Accounts()[0]
	raw, err := devnettest.Build(n, dev.PrivateKey, devnettest.Call{Function: "0x1::supra_account::transfer",
		Args: [][]byte{devnettest.Addr(n.Accounts()[1].Address), devnettest.U64(11)}})
	if err != nil {
		t.Fatal(err)
	}
	b, err := raw.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimPrefix(supra.EncodeHex(b), "0x")
}

func (e *guardEnv) do(r route, headers map[string]string) *httptest.ResponseRecorder {
	var body io.Reader
	if r.body != "" {
		body = strings.NewReader(r.body)
	}
	req := httptest.NewRequest(r.method, r.path, body)
	for k, v := range headers {
		if k == "Host" {
			req.Host = v
			continue
		}
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	e.h.ServeHTTP(rec, req)
	return rec
}

// observed is everything a refused request must leave alone: the whole chain (balances,
// sequence numbers, time, history), the fault settings and the snapshots.
func (e *guardEnv) observed() string {
	e.t.Helper()
	var b bytes.Buffer
	if err := e.node.DumpState(&b); err != nil {
		e.t.Fatal(err)
	}
	local := map[string]string{"Host": "127.0.0.1:8080"}
	faults := e.do(route{"GET", "/devnet/faults", ""}, local).Body.String()
	var bal strings.Builder
	for _, a := range append(e.node.Accounts(), devnet.DevAccount{Address: supra.MustParseAddress("0x42")}) {
		bal.WriteString(a.Address.String() + "=" + string(rune('0'+e.node.Balance(a.Address, supra.SupraCoinType)%10)))
	}
	return b.String() + faults + bal.String()
}

// Every devnet admin and dev wallet route refuses a page of another site (by
// Sec-Fetch-Site, or by Origin in browsers without it), a DNS-rebinding page (by Host),
// and a non-JSON state change; the chain, balances and settings stay as they were.
func TestDevnetRoutesRefuseOtherSites(t *testing.T) {
	e := newGuardEnv(t)
	// One snapshot exists, so that revert {"id":1} would do something if let through.
	if rec := e.do(route{"POST", "/devnet/snapshot", ""}, map[string]string{"Host": "127.0.0.1:8080"}); rec.Code != 200 {
		t.Fatalf("snapshot: %d %s", rec.Code, rec.Body.String())
	}
	attacks := []struct {
		name    string
		headers map[string]string
		status  int
		code    string
	}{
		{"cross-site page, text/plain", map[string]string{"Host": "127.0.0.1:8080", "Origin": "https://evil.example",
			"Sec-Fetch-Site": "cross-site", "Content-Type": "text/plain"}, 403, "cross_site_request"},
		{"cross-site page, JSON", map[string]string{"Host": "127.0.0.1:8080", "Origin": "https://evil.example",
			"Sec-Fetch-Site": "cross-site", "Content-Type": "application/json"}, 403, "cross_site_request"},
		{"other port of the same site", map[string]string{"Host": "127.0.0.1:8080", "Origin": "http://127.0.0.1:3000",
			"Sec-Fetch-Site": "same-site", "Content-Type": "application/json"}, 403, "cross_site_request"},
		{"cross-origin, browser without Sec-Fetch-Site", map[string]string{"Host": "127.0.0.1:8080", "Origin": "https://evil.example",
			"Content-Type": "text/plain"}, 403, "cross_site_request"},
		{"sandboxed page (Origin null)", map[string]string{"Host": "127.0.0.1:8080", "Origin": "null",
			"Content-Type": "text/plain"}, 403, "cross_site_request"},
		{"DNS rebinding", map[string]string{"Host": "rebind.attacker.example", "Origin": "http://rebind.attacker.example",
			"Sec-Fetch-Site": "same-origin", "Content-Type": "application/json"}, 403, "host_not_allowed"},
		{"DNS rebinding, with port", map[string]string{"Host": "rebind.attacker.example:8080", "Content-Type": "application/json"}, 403, "host_not_allowed"},
	}
	for _, r := range e.routes() {
		for _, a := range attacks {
			before := e.observed()
			rec := e.do(r, a.headers)
			if rec.Code != a.status || !strings.Contains(rec.Body.String(), `"code":"`+a.code+`"`) {
				t.Errorf("%s %s, %s: %d %.200s; want %d %s", r.method, r.path, a.name, rec.Code, rec.Body.String(), a.status, a.code)
			}
			if after := e.observed(); after != before {
				t.Fatalf("%s %s, %s: refused, yet the devnet changed", r.method, r.path, a.name)
			}
		}
		// A local tool without Origin that sends a body as text/plain (a form's encoding)
		// is refused too: state changes take JSON only.
		if r.method == "POST" && r.body != "" {
			before := e.observed()
			rec := e.do(r, map[string]string{"Host": "127.0.0.1:8080", "Content-Type": "text/plain"})
			if rec.Code != http.StatusUnsupportedMediaType || !strings.Contains(rec.Body.String(), "application/json") {
				t.Errorf("%s %s as text/plain: %d %s", r.method, r.path, rec.Code, rec.Body.String())
			}
			if e.observed() != before {
				t.Fatalf("%s %s as text/plain: refused, yet the devnet changed", r.method, r.path)
			}
		}
	}
	// The node's RPC answers no rebinding page either (the SDK and curl use loopback).
	for _, r := range []route{{"GET", "/rpc/v1/transactions/chain_id", ""}, {"GET", "/rpc/v1/accounts/0x1", ""}} {
		if rec := e.do(r, map[string]string{"Host": "rebind.attacker.example"}); rec.Code != 403 {
			t.Errorf("%s under a rebinding host: %d", r.path, rec.Code)
		}
	}
}

// The app's own pages (same origin, directly or through Vite's proxy in `make dev`), local
// tools without Origin (curl, the SDKs, Playwright's request fixture) and the public host
// keep working.
func TestDevnetRoutesServeThisOrigin(t *testing.T) {
	e := newGuardEnv(t)
	to := supra.MustParseAddress("0x42")
	clients := []struct {
		name    string
		headers map[string]string
	}{
		{"same-origin page", map[string]string{"Host": "127.0.0.1:8080", "Origin": "http://127.0.0.1:8080", "Sec-Fetch-Site": "same-origin"}},
		// Vite's proxy rewrites Host to the binary's and keeps the page's Origin.
		{"page through Vite's proxy", map[string]string{"Host": "127.0.0.1:8080", "Origin": "http://127.0.0.1:5173", "Sec-Fetch-Site": "same-origin"}},
		{"browser without Sec-Fetch-Site", map[string]string{"Host": "localhost:8080", "Origin": "http://localhost:8080"}},
		{"curl", map[string]string{"Host": "127.0.0.1:8080"}},
		{"IPv6 loopback", map[string]string{"Host": "[::1]:8080"}},
		{"public host", map[string]string{"Host": publicHost, "Origin": "https://" + publicHost, "Sec-Fetch-Site": "same-origin"}},
	}
	for i, c := range clients {
		c.headers["Content-Type"] = "application/json"
		before := e.node.Balance(to, supra.SupraCoinType)
		rec := e.do(route{"POST", devwallet.PathPrefix + "send", `{"account":1,"to":"0x42","value":"7"}`}, c.headers)
		if rec.Code != 200 || !strings.Contains(rec.Body.String(), `"hash":"0x`) {
			t.Fatalf("%s: send %d %s", c.name, rec.Code, rec.Body.String())
		}
		if got := e.node.Balance(to, supra.SupraCoinType); got != before+7 {
			t.Fatalf("%s: 0x42 has %d, want %d", c.name, got, before+7)
		}
		rec = e.do(route{"GET", "/devnet/accounts", ""}, c.headers)
		var accts []map[string]any
		if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &accts) != nil || len(accts) != 10 {
			t.Fatalf("%s: accounts %d %s", c.name, rec.Code, rec.Body.String())
		}
		rec = e.do(route{"POST", "/devnet/balance", `{"address":"0x43","amount":"` + string(rune('1'+i)) + `"}`}, c.headers)
		if rec.Code != 200 || e.node.Balance(supra.MustParseAddress("0x43"), supra.SupraCoinType) != uint64(1+i) {
			t.Fatalf("%s: balance %d %s", c.name, rec.Code, rec.Body.String())
		}
		faucetBefore := e.node.Balance(to, supra.SupraCoinType)
		if rec = e.do(route{"GET", devguard.FaucetPrefix + to.String(), ""}, c.headers); rec.Code != 200 ||
			e.node.Balance(to, supra.SupraCoinType) <= faucetBefore {
			t.Fatalf("%s: faucet %d %s", c.name, rec.Code, rec.Body.String())
		}
		// A bare POST without a body (curl -X POST, Playwright's request.post) is fine.
		delete(c.headers, "Content-Type")
		if rec = e.do(route{"POST", "/devnet/snapshot", ""}, c.headers); rec.Code != 200 {
			t.Fatalf("%s: snapshot %d %s", c.name, rec.Code, rec.Body.String())
		}
	}
}
