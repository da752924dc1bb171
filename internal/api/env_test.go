package api_test

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"github.com/luckycoin/lucky/internal/api"
	"github.com/luckycoin/lucky/internal/chain"
	"github.com/luckycoin/lucky/internal/config"
	"github.com/luckycoin/lucky/internal/devnet"
	"github.com/luckycoin/lucky/internal/devnet/contracts"
	"github.com/luckycoin/lucky/internal/devnet/devnettest"
	"github.com/luckycoin/lucky/internal/inproc"
	"github.com/luckycoin/lucky/internal/server"
	"github.com/luckycoin/lucky/internal/supra"
	"github.com/luckycoin/lucky/internal/tokens"
)

// env is the real server route table over a real devnet node with the app's contracts,
// reached through an in-memory transport exactly like `lucky serve`.
type env struct {
	t      *testing.T
	node   *devnet.Node
	client *supra.Client
	h      http.Handler
	reg    *tokens.Registry
	logs   *syncBuffer
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

var modulesOnce = sync.OnceValues(contracts.All)

func newEnv(t *testing.T, reg *tokens.Registry) *env {
	t.Helper()
	return newEnvOver(t, reg, nil)
}

// newEnvOver is newEnv with the app's node client reaching the node through wrap (a proxy
// that misbehaves, say) and with extra client options (a short timeout).
func newEnvOver(t *testing.T, reg *tokens.Registry, wrap func(http.Handler) http.Handler, opts ...supra.ClientOption) *env {
	t.Helper()
	return newEnvNode(t, reg, devnet.Options{}, wrap, opts...)
}

// newEnvNode is newEnvOver over a node with options of its own (a minimum gas price);
// the app's contracts are always deployed.
func newEnvNode(t *testing.T, reg *tokens.Registry, nodeOpts devnet.Options, wrap func(http.Handler) http.Handler, opts ...supra.ClientOption) *env {
	t.Helper()
	mods, err := modulesOnce()
	if err != nil {
		t.Fatal(err)
	}
	nodeOpts.Modules = mods
	node := devnettest.New(t, nodeOpts)
	logs := &syncBuffer{}
	log := slog.New(slog.NewTextHandler(logs, nil))
	if reg == nil {
		if reg, err = tokens.Load(log); err != nil {
			t.Fatal(err)
		}
	}
	n, err := config.Lookup(config.Devnet)
	if err != nil {
		t.Fatal(err)
	}
	var nodeHTTP http.Handler = node.Handler()
	if wrap != nil {
		nodeHTTP = wrap(nodeHTTP)
	}
	client, err := supra.NewClient([]string{config.DevnetRPC},
		append([]supra.ClientOption{supra.WithHTTP(inproc.Client(nodeHTTP)), supra.WithRetries(0, 0)}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	bindings := chain.New(client, n, reg, chain.Options{ABIs: chain.ClientABISource{Client: client}})
	h, err := server.New(server.Options{
		Network: n, Web: fstest.MapFS{"index.html": {Data: []byte("<html><head></head></html>")}},
		API:    api.New(api.Deps{Network: n, Tokens: reg, Chain: api.ChainOf(bindings), Market: api.NewMarket(bindings, log), Log: log}),
		Devnet: node.Handler(), Log: log,
	})
	if err != nil {
		t.Fatal(err)
	}
	return &env{t: t, node: node, client: client, h: h, reg: reg, logs: logs}
}

// do sends a request and returns the status and the decoded JSON body.
func (e *env) do(method, path, body string) (int, map[string]any) {
	e.t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req := httptest.NewRequest(method, path, rd)
	req.Host = "127.0.0.1:8080" // the devnet's routes answer loopback hosts only
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	rec := e.serve(req)
	var out map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil {
		e.t.Fatalf("%s %s: %d, body not JSON: %q", method, path, rec.Code, rec.Body.String())
	}
	return rec.Code, out
}

// serve sends a request through the route table and checks the response against the
// published API contract (openapi.json): every response an API test receives is one the
// document describes.
func (e *env) serve(req *http.Request) *httptest.ResponseRecorder {
	e.t.Helper()
	rec := httptest.NewRecorder()
	e.h.ServeHTTP(rec, req)
	mustContract(e.t).check(e.t, req, rec)
	return rec
}

// mustOK sends a request that must answer 200.
func (e *env) mustOK(method, path, body string) map[string]any {
	e.t.Helper()
	code, out := e.do(method, path, body)
	if code != http.StatusOK {
		e.t.Fatalf("%s %s: status %d: %v", method, path, code, out)
	}
	return out
}

func (e *env) key(i int) ed25519.PrivateKey { return e.node.Accounts()[i].PrivateKey }
func (e *env) addr(i int) supra.Address     { return e.node.Accounts()[i].Address }

// signSubmit signs the built raw transaction hex with key and submits it through the
// client, as a wallet would.
func (e *env) signSubmit(rawHex string, key ed25519.PrivateKey) string {
	e.t.Helper()
	b, err := supra.DecodeHex(rawHex)
	if err != nil {
		e.t.Fatal(err)
	}
	raw, err := supra.DecodeRawTransaction(b)
	if err != nil {
		e.t.Fatal(err)
	}
	signed, err := supra.Sign(raw, key)
	if err != nil {
		e.t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	hash, err := e.client.Submit(ctx, supra.NewSubmitBody(signed))
	if err != nil {
		e.t.Fatalf("submit: %v", err)
	}
	return hash
}

// balance reads one token's balance through the balances endpoint.
func (e *env) balance(addr supra.Address, name string) string {
	e.t.Helper()
	out := e.mustOK("GET", "/api/v1/accounts/"+addr.String()+"/balances", "")
	for _, b := range out["balances"].([]any) {
		m := b.(map[string]any)
		if m["name"] == name {
			return m["amount"].(string)
		}
	}
	e.t.Fatalf("no balance for %s", name)
	return ""
}

// pot reads one token's house pot through the pots endpoint.
func (e *env) pot(name string) any {
	e.t.Helper()
	out := e.mustOK("GET", "/api/v1/slots/pots", "")
	for _, p := range out["pots"].([]any) {
		m := p.(map[string]any)
		if m["name"] == name {
			return m["amount"]
		}
	}
	e.t.Fatalf("no pot for %s", name)
	return nil
}

func errCode(out map[string]any) (string, string) {
	e, _ := out["error"].(map[string]any)
	code, _ := e["code"].(string)
	msg, _ := e["message"].(string)
	return code, msg
}
