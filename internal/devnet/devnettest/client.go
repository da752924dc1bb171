package devnettest

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/luckycoin/lucky/internal/config"
	"github.com/luckycoin/lucky/internal/devnet"
	"github.com/luckycoin/lucky/internal/supra"
)

// Transport delivers requests to an http.Handler in memory, the way `lucky serve` reaches
// its in-process devnet: the client takes the same code path as against a real node.
type Transport struct{ Handler http.Handler }

// RoundTrip implements http.RoundTripper.
func (t Transport) RoundTrip(r *http.Request) (*http.Response, error) {
	rec := httptest.NewRecorder()
	t.Handler.ServeHTTP(rec, r)
	if r.Body != nil {
		r.Body.Close()
	}
	res := rec.Result()
	res.Request = r
	return res, nil
}

// HTTPClient returns an *http.Client that reaches n's handler in memory.
func HTTPClient(n *devnet.Node) *http.Client {
	return &http.Client{Transport: Transport{Handler: n.Handler()}}
}

// Client returns a supra RPC client for n at the devnet preset's URL, over the in-memory
// transport.
func Client(t testing.TB, n *devnet.Node, opts ...supra.ClientOption) *supra.Client {
	t.Helper()
	c, err := supra.NewClient([]string{config.DevnetRPC}, append([]supra.ClientOption{supra.WithHTTP(HTTPClient(n))}, opts...)...)
	if err != nil {
		t.Fatalf("supra.NewClient: %v", err)
	}
	return c
}
