package api_test

import (
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/luckycoin/lucky/internal/api"
	"github.com/luckycoin/lucky/internal/chain"
	"github.com/luckycoin/lucky/internal/config"
	"github.com/luckycoin/lucky/internal/devnet"
	"github.com/luckycoin/lucky/internal/devnet/devnettest"
	"github.com/luckycoin/lucky/internal/market"
	"github.com/luckycoin/lucky/internal/supra"
	"github.com/luckycoin/lucky/internal/tokens"
)

type countingTransport struct {
	n    atomic.Int64
	next http.RoundTripper
}

func (c *countingTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	c.n.Add(1)
	return c.next.RoundTrip(r)
}

// BenchmarkMarketTokens serves GET /api/v1/market/tokens with the devnet answering every
// RPC call after 80 ms (POST /devnet/faults {"latency_ms":80}), as a real node far away
// would. "cold" starts each request with an empty cache; "warm" serves from the cache.
// Targets: cold ≤ 250 ms, warm ≤ 10 ms; the original app's serial load takes
// about 10 s (18 tokens, a 300 ms pause each, plus the node round trips).
//
//	go test -run '^$' -bench MarketTokens -benchtime 20x ./internal/api/
func BenchmarkMarketTokens(b *testing.B) {
	mods, err := modulesOnce()
	if err != nil {
		b.Fatal(err)
	}
	node := devnettest.New(b, devnet.Options{Modules: mods})
	calls := &countingTransport{next: devnettest.HTTPClient(node).Transport}
	client := devnettest.Client(b, node, supra.WithHTTP(&http.Client{Transport: calls}), supra.WithRetries(0, 0))
	reg, err := tokens.Load(slog.New(slog.DiscardHandler))
	if err != nil {
		b.Fatal(err)
	}
	n, err := config.Lookup(config.Devnet)
	if err != nil {
		b.Fatal(err)
	}
	bindings := chain.New(client, n, reg, chain.Options{})
	faults := httptest.NewRecorder()
	node.Handler().ServeHTTP(faults, httptest.NewRequest("POST", "/devnet/faults", strings.NewReader(`{"latency_ms":80}`)))
	if faults.Code != http.StatusOK {
		b.Fatalf("faults: %d %s", faults.Code, faults.Body)
	}
	handler := func(svc *market.Service) http.Handler {
		a := api.New(api.Deps{Network: n, Tokens: reg, Chain: api.ChainOf(bindings), Market: svc})
		return http.HandlerFunc(a.GetMarketTokens)
	}
	get := func(b *testing.B, h http.Handler) time.Duration {
		start := time.Now()
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/v1/market/tokens", nil))
		d := time.Since(start)
		if rec.Code != http.StatusOK {
			b.Fatalf("status %d: %s", rec.Code, rec.Body)
		}
		return d
	}

	b.Run("cold", func(b *testing.B) {
		calls.n.Store(0)
		var worst time.Duration
		for b.Loop() {
			b.StopTimer()
			h := handler(market.New(market.ChainOf(bindings), market.Options{})) // empty cache
			b.StartTimer()
			worst = max(worst, get(b, h))
		}
		b.ReportMetric(float64(calls.n.Load())/float64(b.N), "nodecalls/op")
		b.ReportMetric(float64(worst.Microseconds())/1000, "worst-ms")
	})
	b.Run("warm", func(b *testing.B) {
		h := handler(market.New(market.ChainOf(bindings), market.Options{TTL: time.Hour}))
		get(b, h) // fill the cache
		calls.n.Store(0)
		var worst time.Duration
		for b.Loop() {
			worst = max(worst, get(b, h))
		}
		b.ReportMetric(float64(calls.n.Load())/float64(b.N), "nodecalls/op")
		b.ReportMetric(float64(worst.Microseconds())/1000, "worst-ms")
	})
}
