package devnettest

import (
	"net/http"
	"testing"

	"github.com/luckycoin/lucky/internal/config"
	"github.com/luckycoin/lucky/internal/devnet"
	"github.com/luckycoin/lucky/internal/inproc"
	"github.com/luckycoin/lucky/internal/supra"
)

// HTTPClient returns an *http.Client that reaches n's handler in memory.
func HTTPClient(n *devnet.Node) *http.Client {
	return inproc.Client(n.Handler())
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
