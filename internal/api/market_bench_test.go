package api_test

import (
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/luckycoin/lucky/internal/api"
	"github.com/luckycoin/lucky/internal/chain"
	"github.com/luckycoin/lucky/internal/config"
	"github.com/luckycoin/lucky/internal/devnet"
	"github.com/luckycoin/lucky/internal/devnet/contracts"
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

// BenchmarkMarketTokens serves GET /api/v1/market/tokens with the registry's 18 tokens
// and with 300 (the registry plus synthetic tokens, each with a pool against SUPRA in the
// devnet's genesis), so a cost that grows with the number of tokens shows.
//
//   - "devnet" is a cold request (empty cache) to a devnet in the same process, answering
//     at once: what `lucky serve --devnet` does, and where the node's own work shows.
//   - "cold" is a cold request with the devnet answering every RPC call after 80 ms
//     (POST /devnet/faults {"latency_ms":80}), as a real node far away would.
//   - "warm" is served from the cache.
//
// Targets: devnet at 300 tokens ≤ 100 ms, cold ≤ 250 ms, warm ≤ 10 ms; the original
// app's serial load takes about 10 s (18 tokens, a 300 ms pause each, plus the node round
// trips).
//
//	go test -run '^$' -bench MarketTokens -benchtime 20x ./internal/api/
func BenchmarkMarketTokens(b *testing.B) {
	for _, size := range []int{18, 300} {
		b.Run(fmt.Sprintf("tokens=%d", size), func(b *testing.B) {
			benchMarketTokens(b, size)
		})
	}
}

func benchMarketTokens(b *testing.B, size int) {
	reg, mods := marketBenchChain(b, size)
	if got := len(reg.All()); got != size {
		b.Fatalf("registry has %d tokens, want %d", got, size)
	}
	node := devnettest.New(b, devnet.Options{Modules: mods})
	calls := &countingTransport{next: devnettest.HTTPClient(node).Transport}
	client := devnettest.Client(b, node, supra.WithHTTP(&http.Client{Transport: calls}), supra.WithRetries(0, 0))
	n, err := config.Lookup(config.Devnet)
	if err != nil {
		b.Fatal(err)
	}
	bindings := chain.New(client, n, reg, chain.Options{})
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
	report := func(b *testing.B, worst time.Duration) {
		b.ReportMetric(float64(calls.n.Load())/float64(b.N), "nodecalls/op")
		b.ReportMetric(float64(worst.Microseconds())/1000, "worst-ms")
	}
	cold := func(b *testing.B) {
		calls.n.Store(0)
		var worst time.Duration
		for b.Loop() {
			b.StopTimer()
			h := handler(market.New(market.ChainOf(bindings), market.Options{})) // empty cache
			b.StartTimer()
			worst = max(worst, get(b, h))
		}
		report(b, worst)
	}

	b.Run("devnet", func(b *testing.B) {
		node.SetFaults(0, 0, 0)
		cold(b)
	})
	b.Run("cold", func(b *testing.B) {
		node.SetFaults(80*time.Millisecond, 0, 0)
		defer node.SetFaults(0, 0, 0)
		cold(b)
	})
	b.Run("warm", func(b *testing.B) {
		node.SetFaults(80*time.Millisecond, 0, 0)
		defer node.SetFaults(0, 0, 0)
		h := handler(market.New(market.ChainOf(bindings), market.Options{TTL: time.Hour}))
		get(b, h) // fill the cache
		calls.n.Store(0)
		var worst time.Duration
		for b.Loop() {
			worst = max(worst, get(b, h))
		}
		report(b, worst)
	})
}

// marketBenchChain returns a registry of size tokens and the devnet modules whose genesis
// creates them: the embedded registry and genesis, plus synthetic tokens (SYN001…), each
// with a pool against SUPRA.
func marketBenchChain(b *testing.B, size int) (*tokens.Registry, []devnet.Module) {
	b.Helper()
	log := slog.New(slog.DiscardHandler)
	reg, err := tokens.Load(log)
	if err != nil {
		b.Fatal(err)
	}
	extra := size - len(reg.All())
	if extra <= 0 {
		mods, err := modulesOnce()
		if err != nil {
			b.Fatal(err)
		}
		return reg, mods
	}
	g, err := contracts.DefaultGenesis()
	if err != nil {
		b.Fatal(err)
	}
	list := reg.All()
	for i := 1; i <= extra; i++ {
		sym := fmt.Sprintf("SYN%03d", i)
		// Each synthetic coin lives at its own address, as every real one does.
		coin := fmt.Sprintf("0x%064x::%s::%s", 0x5e000+i, sym, sym)
		list = append(list, tokens.Token{Name: sym, Symbol: sym, CoinType: coin, Decimals: 6, Logo: "/images/tokens/supra.svg"})
		g.Tokens = append(g.Tokens, contracts.GenesisToken{Symbol: sym, Name: sym, CoinType: coin, Decimals: 6, Supply: "1000000000"})
		g.Pools = append(g.Pools, contracts.GenesisPool{Token: sym, TokenAmount: "100000000", SupraAmount: "10000"})
	}
	app, _ := reg.App()
	usd, _ := reg.USD()
	doc, err := json.Marshal(map[string]any{"roles": map[string]string{"app": app.Name, "usd": usd.Name}, "tokens": list})
	if err != nil {
		b.Fatal(err)
	}
	if reg, err = tokens.Parse(doc, log); err != nil {
		b.Fatal(err)
	}
	raw, err := json.Marshal(g)
	if err != nil {
		b.Fatal(err)
	}
	if g, err = contracts.ParseGenesis(raw); err != nil {
		b.Fatal(err)
	}
	return reg, contracts.Modules(g)
}
