package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"github.com/luckycoin/lucky/internal/api"
	"github.com/luckycoin/lucky/internal/chain"
	"github.com/luckycoin/lucky/internal/config"
	"github.com/luckycoin/lucky/internal/devnet"
	"github.com/luckycoin/lucky/internal/devnet/contracts"
	"github.com/luckycoin/lucky/internal/devnet/devnettest"
	"github.com/luckycoin/lucky/internal/indexer"
	"github.com/luckycoin/lucky/internal/market"
	"github.com/luckycoin/lucky/internal/store"
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
// devnet's genesis), so a cost that grows with the number of tokens shows. The event
// index has followed the devnet from genesis (an indexer ran to the head before timing),
// so it follows every pool.
//
//   - "devnet" is a cold request to a devnet in the same process, answering at once: a
//     fresh market service (a server just restarted) over a store that has indexed the
//     chain and holds the supplies an earlier run read, as `lucky serve --devnet` with a
//     data directory restarts.
//   - "cold" is the same with the devnet answering every RPC call after 80 ms (POST
//     /devnet/faults {"latency_ms":80}), as a real node far away would: prices come from
//     the index and supplies from the store, so only the house vault is read from the node.
//   - "cold-due" is "cold" with every stored supply older than its lifetime: the request
//     answers from them while they are read again in the background (nodecalls/op counts
//     those reads too; worst-ms is the request's).
//   - "no-supplies" is a first start on a store that has indexed the chain but holds no
//     supplies yet: every token's supply and burned amount is read on the request path.
//   - "first-start" is a first start on an empty data directory (nothing indexed, no
//     supplies): every pool, supply and burned amount is read from the node, at most 64 at
//     a time, as before there was an index, and the supplies are stored for the next start.
//   - "warm" is served from the cache.
//
// Targets at 300 tokens: cold ≤ 1.2 × 80 + 20 = 116 ms with at most 64 node reads in
// flight, devnet ≤ 100 ms, warm ≤ 10 ms. A first start is bound by the node: ceil(reads/64)
// round trips (15 at 300 tokens, 10 with the index).
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
	ctx := context.Background()
	openStore := func(b *testing.B) *store.DB {
		db, err := store.Open(ctx, store.Options{DataDir: b.TempDir()})
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() { db.Close() })
		return db
	}
	// The index, filled through a client of its own so that nodecalls/op counts the
	// market's reads only.
	indexed := openStore(b)
	ixClient := devnettest.Client(b, node, supra.WithRetries(0, 0))
	ixBindings := chain.New(ixClient, n, reg, chain.Options{})
	ix, err := indexer.New(ixClient, indexed, indexer.Config{Streams: indexer.Streams(n.Modules), Rules: rules(b, n, reg),
		Decoders: ixBindings.Decoders(), DAOShare: ixBindings.PoolDAOShare})
	if err != nil {
		b.Fatal(err)
	}
	runCtx, stop := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() { defer close(done); _ = ix.Run(runCtx) }()
	waitCtx, cancel := context.WithTimeout(ctx, time.Minute)
	err = ix.WaitHead(waitCtx)
	cancel()
	stop()
	<-done
	if err != nil {
		b.Fatal(err)
	}
	if m, err := indexed.IndexedMarket(ctx, 0); err != nil || len(m.Pools) < size-1 {
		b.Fatalf("the index follows %d pools (%v), want every token's", len(m.Pools), err)
	}
	indexedMarket := func(db *store.DB, now func() time.Time) *market.Service {
		return market.New(market.ChainOf(bindings), market.Options{Index: db, IndexStatus: ix.Status, Now: now})
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
	// An earlier run of the server read the supplies and stored them.
	get(b, handler(indexedMarket(indexed, nil)))
	if cs, err := indexed.CoinSupplies(ctx); err != nil || len(cs) != size {
		b.Fatalf("%d stored supplies (%v), want %d", len(cs), err, size)
	}
	report := func(b *testing.B, worst time.Duration) {
		b.ReportMetric(float64(calls.n.Load())/float64(b.N), "nodecalls/op")
		b.ReportMetric(float64(worst.Microseconds())/1000, "worst-ms")
	}
	// cold times the first request to a fresh service from svc, and waits for what it
	// started in the background (its node reads are counted, not timed). The heap is
	// collected before each request, so that the setup's garbage (a 300-token chain
	// indexed) and the previous run's are not collected during it; its own are.
	cold := func(b *testing.B, svc func(b *testing.B) *market.Service) {
		calls.n.Store(0)
		var worst time.Duration
		for b.Loop() {
			b.StopTimer()
			h := handler(svc(b)) // empty caches
			runtime.GC()
			b.StartTimer()
			worst = max(worst, get(b, h))
			b.StopTimer()
			waitQuiet(calls)
			b.StartTimer()
		}
		report(b, worst)
	}
	restarted := func(*testing.B) *market.Service { return indexedMarket(indexed, nil) }

	b.Run("devnet", func(b *testing.B) {
		node.SetFaults(0, 0, 0)
		cold(b, restarted)
	})
	b.Run("cold", func(b *testing.B) {
		node.SetFaults(80*time.Millisecond, 0, 0)
		defer node.SetFaults(0, 0, 0)
		cold(b, restarted)
	})
	b.Run("cold-due", func(b *testing.B) {
		node.SetFaults(80*time.Millisecond, 0, 0)
		defer node.SetFaults(0, 0, 0)
		later := func() time.Time { return time.Now().Add(market.DefaultSupplyTTL) }
		cold(b, func(b *testing.B) *market.Service {
			// Each run's background reads store new supplies: each starts from a copy.
			return indexedMarket(copyStore(b, indexed), later)
		})
	})
	b.Run("no-supplies", func(b *testing.B) {
		node.SetFaults(80*time.Millisecond, 0, 0)
		defer node.SetFaults(0, 0, 0)
		cold(b, func(b *testing.B) *market.Service {
			db := copyStore(b, indexed)
			if err := db.DropCoinSupplies(ctx, 0); err != nil {
				b.Fatal(err)
			}
			return indexedMarket(db, nil)
		})
	})
	b.Run("first-start", func(b *testing.B) {
		node.SetFaults(80*time.Millisecond, 0, 0)
		defer node.SetFaults(0, 0, 0)
		cold(b, func(b *testing.B) *market.Service {
			return market.New(market.ChainOf(bindings), market.Options{Index: openStore(b)})
		})
	})
	b.Run("warm", func(b *testing.B) {
		node.SetFaults(80*time.Millisecond, 0, 0)
		defer node.SetFaults(0, 0, 0)
		h := handler(market.New(market.ChainOf(bindings), market.Options{Index: indexed, IndexStatus: ix.Status, TTL: time.Hour}))
		get(b, h) // fill the cache
		calls.n.Store(0)
		var worst time.Duration
		for b.Loop() {
			worst = max(worst, get(b, h))
		}
		report(b, worst)
	})
}

// waitQuiet returns once no node call has started for 300 ms (background reads ended).
func waitQuiet(calls *countingTransport) {
	last := calls.n.Load()
	for {
		time.Sleep(300 * time.Millisecond)
		now := calls.n.Load()
		if now == last {
			return
		}
		last = now
	}
}

// copyStore opens a copy of the SQLite store db (nothing writes to db meanwhile).
func copyStore(b *testing.B, db *store.DB) *store.DB {
	b.Helper()
	ctx := context.Background()
	if err := db.Checkpoint(ctx); err != nil {
		b.Fatal(err)
	}
	raw, err := os.ReadFile(db.Path())
	if err != nil {
		b.Fatal(err)
	}
	dir := b.TempDir()
	if err := os.WriteFile(filepath.Join(dir, store.DBFile), raw, 0o644); err != nil {
		b.Fatal(err)
	}
	cp, err := store.Open(ctx, store.Options{DataDir: dir})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { cp.Close() })
	return cp
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
