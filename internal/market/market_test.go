package market_test

import (
	"context"
	"errors"
	"log/slog"
	"math/big"
	"net/http"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/luckycoin/lucky/internal/chain"
	"github.com/luckycoin/lucky/internal/config"
	"github.com/luckycoin/lucky/internal/devnet"
	"github.com/luckycoin/lucky/internal/devnet/contracts"
	"github.com/luckycoin/lucky/internal/devnet/devnettest"
	"github.com/luckycoin/lucky/internal/market"
	"github.com/luckycoin/lucky/internal/supra"
	"github.com/luckycoin/lucky/internal/tokens"
)

const (
	luckyT = "0x4205c82380bff5708cd7c59e0043a45890a457a6cdb60c9191d818958fd7ac26::LUCKY::LUCKY"
	supraT = "0x1::supra_coin::SupraCoin"
)

// counter counts the requests that reach the node.
type counter struct {
	n    atomic.Int64
	next http.RoundTripper
}

func (c *counter) RoundTrip(r *http.Request) (*http.Response, error) {
	c.n.Add(1)
	return c.next.RoundTrip(r)
}

// clock is a settable time source.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

type env struct {
	node  *devnet.Node
	chain *chain.Client
	svc   *market.Service
	calls *counter
	clock *clock
}

// newEnv runs a devnet with genesis g (the default one when nil) and a market service
// over it, reached through a counting transport.
func newEnv(t *testing.T, g *contracts.Genesis, tweak ...func(*config.Network)) *env {
	t.Helper()
	if g == nil {
		var err error
		if g, err = contracts.DefaultGenesis(); err != nil {
			t.Fatal(err)
		}
	}
	node := devnettest.New(t, devnet.Options{Modules: contracts.Modules(g)})
	calls := &counter{next: devnettest.HTTPClient(node).Transport}
	client := devnettest.Client(t, node, supra.WithHTTP(&http.Client{Transport: calls}), supra.WithRetries(0, 0))
	reg, err := tokens.Load(slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	n, err := config.Lookup(config.Devnet)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range tweak {
		f(&n)
	}
	c := chain.New(client, n, reg, chain.Options{ABIs: chain.ClientABISource{Client: client}})
	clk := &clock{t: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	return &env{node: node, chain: c, svc: market.New(market.ChainOf(c), market.Options{Now: clk.Now}), calls: calls, clock: clk}
}

// genesisWithout is the default genesis minus the pools matching drop.
func genesisWithout(t *testing.T, drop func(contracts.GenesisPool) bool) *contracts.Genesis {
	t.Helper()
	g, err := contracts.DefaultGenesis()
	if err != nil {
		t.Fatal(err)
	}
	g.Pools = slices.DeleteFunc(slices.Clone(g.Pools), drop)
	return g
}

func find(s *market.Snapshot, name string) (market.TokenMarket, bool) {
	for _, t := range s.Tokens {
		if t.Token.Name == name {
			return t, true
		}
	}
	return market.TokenMarket{}, false
}

func dec(r *big.Rat) string {
	if r == nil {
		return "null"
	}
	return market.Decimal(r)
}

// TestPricesFromGenesis checks every figure against values computed by hand from
// genesis.json: SUPRA/dexUSDC 10,000,000 SUPRA / 75,000 dexUSDC; LUCKY/SUPRA 150,000,000
// LUCKY / 1,000,000 SUPRA; SPIKE (3 decimals) 500,000,000,000 / 300,000 SUPRA; CASH
// (8 decimals) 10,000 / 1,333,333 SUPRA; 50,000,000 LUCKY burned; LUCKY house fund
// 10,000,000; LUCKY/dexUSDC 20,000,000 LUCKY / 1,000 dexUSDC.
func TestPricesFromGenesis(t *testing.T) {
	e := newEnv(t, nil)
	s, err := e.svc.Snapshot(context.Background(), false)
	if err != nil {
		t.Fatal(err)
	}
	if got := dec(s.SupraUSD); got != "0.007500000000000000" {
		t.Fatalf("SUPRA in USD %s", got)
	}
	if s.USDReason() != "" || len(s.Skipped) != 0 || len(s.Tokens) != 18 {
		t.Fatalf("reason %q, skipped %v, %d tokens", s.USDReason(), s.Skipped, len(s.Tokens))
	}
	tests := []struct {
		name                               string
		priceSupra, priceUSD               string
		supply, burned                     string
		marketCap, fdv, capSupra, fdvSupra string
	}{
		{
			// 1,000,000 / 150,000,000 = 1/150 SUPRA; × 0.0075 = $0.00005.
			// Market cap $0.00005 × 950,000,000 = $47,500; FDV × 1,000,000,000 = $50,000.
			name: "LUCKY", priceSupra: "0.006666666666666666", priceUSD: "0.000050000000000000",
			supply: "1000000000000000", burned: "50000000000000",
			marketCap: "47500.000000000000000000", fdv: "50000.000000000000000000",
			capSupra: "6333333.333333333333333333", fdvSupra: "6666666.666666666666666666",
		},
		{
			// 300,000 / 500,000,000,000 = 0.0000006 SUPRA; × 0.0075 = $0.0000000045;
			// × 13,700,000,000,000 SPIKE = $61,650 (nothing burned: cap = FDV).
			name: "SPIKE", priceSupra: "0.000000600000000000", priceUSD: "0.000000004500000000",
			supply: "13700000000000000", burned: "0",
			marketCap: "61650.000000000000000000", fdv: "61650.000000000000000000",
			capSupra: "8220000.000000000000000000", fdvSupra: "8220000.000000000000000000",
		},
		{
			// 1,333,333 / 10,000 = 133.3333 SUPRA; × 0.0075 = $0.99999975; × 1e9 CASH.
			name: "CASH", priceSupra: "133.333300000000000000", priceUSD: "0.999999750000000000",
			supply: "100000000000000000", burned: "0",
			marketCap: "999999750.000000000000000000", fdv: "999999750.000000000000000000",
			capSupra: "133333300000.000000000000000000", fdvSupra: "133333300000.000000000000000000",
		},
		{
			// dexUSDC through its own pool is worth exactly $1.
			name: "dexUSDC", priceSupra: "133.333333333333333333", priceUSD: "1.000000000000000000",
			supply: "1000000000000000", burned: "0",
			marketCap: "1000000000.000000000000000000", fdv: "1000000000.000000000000000000",
			capSupra: "133333333333.333333333333333333", fdvSupra: "133333333333.333333333333333333",
		},
		{
			// SUPRA: 1 SUPRA, $0.0075 × 100,000,000,000 = $750,000,000.
			name: "SUPRA", priceSupra: "1.000000000000000000", priceUSD: "0.007500000000000000",
			supply: "10000000000000000000", burned: "0",
			marketCap: "750000000.000000000000000000", fdv: "750000000.000000000000000000",
			capSupra: "100000000000.000000000000000000", fdvSupra: "100000000000.000000000000000000",
		},
	}
	for _, tt := range tests {
		m, ok := find(s, tt.name)
		if !ok {
			t.Fatalf("%s missing", tt.name)
		}
		got := []string{dec(m.PriceSupra), dec(m.PriceUSD), m.TotalSupply.String(), m.Burned.String(),
			dec(m.MarketCap(true)), dec(m.FDV(true)), dec(m.MarketCap(false)), dec(m.FDV(false))}
		want := []string{tt.priceSupra, tt.priceUSD, tt.supply, tt.burned, tt.marketCap, tt.fdv, tt.capSupra, tt.fdvSupra}
		if !slices.Equal(got, want) {
			t.Errorf("%s:\n got %v\nwant %v", tt.name, got, want)
		}
		if m.SupplySource != market.SourceChain {
			t.Errorf("%s supply from %s", tt.name, m.SupplySource)
		}
	}

	l := s.Lucky
	if got := dec(l.Market.PerSupra()); got != "150.000000000000000000" {
		t.Errorf("LUCKY per SUPRA %s", got)
	}
	if l.Market.Circulating.String() != "950000000000000" || l.HouseVault.String() != "10000000000000" {
		t.Errorf("circulating %s, house vault %s", l.Market.Circulating, l.HouseVault)
	}
	if p := l.LuckySupra; p == nil || p.BaseAmt != 150_000_000_000_000 || p.QuoteAmt != 100_000_000_000_000 || p.Quote.Name != "SUPRA" {
		t.Errorf("LUCKY/SUPRA %+v", p)
	}
	if p := l.LuckyUSDC; p == nil || p.BaseAmt != 20_000_000_000_000 || p.QuoteAmt != 1_000_000_000 || p.Quote.Name != "dexUSDC" {
		t.Errorf("LUCKY/dexUSDC %+v", p)
	}
	if l.Staking != nil {
		t.Errorf("staking %+v without a staking reader", l.Staking)
	}
	// A cold start reads one per pool, supply and burn balance, plus the house fund,
	// LUCKY/dexUSDC and the node's head (the snapshot's height without an index).
	if s.Reads != 17+18+18+2+1 || e.calls.n.Load() != int64(s.Reads) {
		t.Errorf("%d reads, %d node calls", s.Reads, e.calls.n.Load())
	}
}

// TestUSDUnavailable: without the SUPRA/dexUSDC pool every USD value is null with the
// reason the UI shows, and prices in SUPRA stay.
func TestUSDUnavailable(t *testing.T) {
	e := newEnv(t, genesisWithout(t, func(p contracts.GenesisPool) bool { return p.Token == "dexUSDC" }))
	s, err := e.svc.Snapshot(context.Background(), false)
	if err != nil {
		t.Fatal(err)
	}
	if s.SupraUSD != nil || s.USDReason() != "USD price unavailable" || s.USDDetail != "the SUPRA/dexUSDC pool does not exist" {
		t.Fatalf("SUPRA USD %v, reason %q, detail %q", s.SupraUSD, s.USDReason(), s.USDDetail)
	}
	for _, m := range s.Tokens {
		if m.PriceUSD != nil || m.MarketCap(true) != nil || m.FDV(true) != nil {
			t.Errorf("%s has a USD value %s", m.Token.Name, dec(m.PriceUSD))
		}
	}
	lucky, ok := find(s, "LUCKY")
	if !ok || dec(lucky.PriceSupra) != "0.006666666666666666" || dec(lucky.MarketCap(false)) != "6333333.333333333333333333" {
		t.Fatalf("LUCKY in SUPRA %s", dec(lucky.PriceSupra))
	}
	if len(s.Skipped) != 1 || s.Skipped[0].Token.Name != "dexUSDC" || s.Skipped[0].Reason != market.SkipNoPool {
		t.Fatalf("skipped %+v", s.Skipped)
	}
}

// TestTokenWithoutPoolSkipped: a token without a TOKEN/SUPRA pool is left out and listed.
func TestTokenWithoutPoolSkipped(t *testing.T) {
	e := newEnv(t, genesisWithout(t, func(p contracts.GenesisPool) bool { return p.Token == "NANA" }))
	s, err := e.svc.Snapshot(context.Background(), false)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := find(s, "NANA"); ok || len(s.Tokens) != 17 {
		t.Fatalf("NANA listed (%d tokens)", len(s.Tokens))
	}
	if len(s.Skipped) != 1 || s.Skipped[0].Token.Name != "NANA" || s.Skipped[0].Reason != market.SkipNoPool {
		t.Fatalf("skipped %+v", s.Skipped)
	}
	if dec(s.SupraUSD) != "0.007500000000000000" {
		t.Fatal("USD lost")
	}
}

// TestCacheOneRoundPerTTL: 50 concurrent requests cost one refresh; within the TTL none;
// past the TTL the stale snapshot is served at once while exactly one refresh runs. A
// refresh after the first reads the pools, the vault and the head, not the supplies and
// burned amounts, which are kept SupplyTTL.
func TestCacheOneRoundPerTTL(t *testing.T) {
	e := newEnv(t, nil)
	ctx := context.Background()
	burst := func() []*market.Snapshot {
		out := make([]*market.Snapshot, 50)
		var wg sync.WaitGroup
		for i := range out {
			wg.Go(func() {
				s, err := e.svc.Snapshot(ctx, false)
				if err != nil {
					t.Error(err)
				}
				out[i] = s
			})
		}
		wg.Wait()
		return out
	}
	first := burst()
	cold := e.calls.n.Load()
	if cold != int64(first[0].Reads) {
		t.Fatalf("cold burst: %d node calls, one refresh reads %d", cold, first[0].Reads)
	}
	const round = 17 + 2 + 1 // pools, vault and LUCKY/dexUSDC, head
	for _, s := range first {
		if s != first[0] {
			t.Fatal("requests of one burst got different snapshots")
		}
	}

	e.clock.Add(9 * time.Second) // within the TTL
	burst()
	if got := e.calls.n.Load(); got != cold {
		t.Fatalf("within the TTL: %d node calls", got-cold)
	}

	e.clock.Add(2 * time.Second) // 11 s: stale, served while one refresh runs
	for _, s := range burst() {
		if s != first[0] {
			t.Fatal("stale burst did not get the cached snapshot")
		}
	}
	deadline := time.Now().Add(5 * time.Second)
	for e.calls.n.Load() < cold+round && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	var fresh *market.Snapshot
	for time.Now().Before(deadline) {
		s, err := e.svc.Snapshot(ctx, false)
		if err != nil {
			t.Fatal(err)
		}
		if s != first[0] {
			fresh = s
			break
		}
		time.Sleep(5 * time.Millisecond)
	}
	if fresh == nil || e.calls.n.Load() != cold+round || fresh.Reads != round {
		t.Fatalf("revalidation: %d node calls, want %d", e.calls.n.Load(), cold+round)
	}

	// Past MaxStale the request waits for a new read; a forced refresh within a second of
	// the snapshot shares it.
	e.clock.Add(31 * time.Second)
	s, err := e.svc.Snapshot(ctx, false)
	if err != nil || s == fresh || e.calls.n.Load() != cold+2*round {
		t.Fatalf("expired: %v, %d node calls", err, e.calls.n.Load())
	}
	if again, _ := e.svc.Snapshot(ctx, true); again != s || e.calls.n.Load() != cold+2*round {
		t.Fatal("forced refresh within a second read the node")
	}
	e.clock.Add(time.Second)
	if again, _ := e.svc.Snapshot(ctx, true); again == s || e.calls.n.Load() != cold+3*round {
		t.Fatal("forced refresh did not read the node")
	}
}

// TestSwapMovesPrice: after a swap that moves the LUCKY/SUPRA pool, a forced refresh
// prices LUCKY from the new reserves.
func TestSwapMovesPrice(t *testing.T) {
	e := newEnv(t, nil)
	ctx := context.Background()
	before, err := e.svc.Snapshot(ctx, false)
	if err != nil {
		t.Fatal(err)
	}
	buyer := e.node.Accounts()[2]
	dex := "0x0dc694898dff98a1b0447e0992d0413e123ea80da1021d464a4fbaf0265870d8::"
	hash, err := devnettest.Submit(e.node, buyer.PrivateKey, devnettest.Call{Function: dex + "scripts::swap",
		TypeArgs: []string{supraT, luckyT, dex + "curves::Uncorrelated"},
		Args:     [][]byte{devnettest.U64(10_000 * 100_000_000), devnettest.U64(1)}, MaxGas: 100_000})
	if err != nil {
		t.Fatal(err)
	}
	info, _, err := e.chain.Core.Node().WaitForTransaction(ctx, supra.EncodeHex(hash[:]))
	if err != nil || supra.AppStatus(info) != supra.TxSuccess {
		t.Fatalf("swap: %v", err)
	}
	r, err := e.chain.Reserves(ctx, luckyT, supraT)
	if err != nil {
		t.Fatal(err)
	}
	e.clock.Add(time.Second) // a forced refresh shares a snapshot younger than a second
	after, err := e.svc.Snapshot(ctx, true)
	if err != nil {
		t.Fatal(err)
	}
	lb, _ := find(before, "LUCKY")
	la, _ := find(after, "LUCKY")
	want := new(big.Rat).SetFrac(
		new(big.Int).Mul(new(big.Int).SetUint64(r.B), big.NewInt(1_000_000)),   // SUPRA reserve × 10^6
		new(big.Int).Mul(new(big.Int).SetUint64(r.A), big.NewInt(100_000_000))) // LUCKY reserve × 10^8
	if la.PriceSupra.Cmp(want) != 0 || la.PriceSupra.Cmp(lb.PriceSupra) <= 0 {
		t.Fatalf("LUCKY %s SUPRA after the buy (was %s), reserves say %s", dec(la.PriceSupra), dec(lb.PriceSupra), dec(want))
	}
}

// TestUnreadablePools: reads the node refuses (not a missing pool, not a node outage) leave
// the tokens out as unreadable, and a missing house fund leaves the vault empty, instead of
// failing the whole index.
func TestUnreadablePools(t *testing.T) {
	e := newEnv(t, nil, func(n *config.Network) {
		n.Modules.DexCurve = "0x1::string::String" // the router aborts: not a curve
		n.Modules.Slots = "0xabc::slots_v3"        // no such module
	})
	s, err := e.svc.Snapshot(context.Background(), false)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Tokens) != 1 || s.Tokens[0].Token.Name != "SUPRA" || len(s.Skipped) != 17 {
		t.Fatalf("%d tokens, %d skipped", len(s.Tokens), len(s.Skipped))
	}
	for _, sk := range s.Skipped {
		if sk.Reason != market.SkipUnreadable {
			t.Errorf("%s skipped as %s", sk.Token.Name, sk.Reason)
		}
	}
	if s.SupraUSD != nil || s.USDDetail != "the SUPRA/dexUSDC pool could not be read" {
		t.Errorf("USD %v, detail %q", s.SupraUSD, s.USDDetail)
	}
	if s.Lucky.HouseVault != nil || s.Lucky.LuckyUSDC != nil || s.Lucky.LuckySupra != nil {
		t.Errorf("vault %v, pools %v %v", s.Lucky.HouseVault, s.Lucky.LuckyUSDC, s.Lucky.LuckySupra)
	}
	if s.Lucky.Market.TotalSupply.String() != "1000000000000000" || s.Lucky.Market.Burned.String() != "50000000000000" {
		t.Errorf("LUCKY supply %s, burned %s", s.Lucky.Market.TotalSupply, s.Lucky.Market.Burned)
	}
}

// A devnet reverted under the cache: the snapshot taken after a swap is dropped with the
// chain state it showed, and the next read (within the TTL) shows the reverted price.
func TestInvalidateAfterRevert(t *testing.T) {
	e := newEnv(t, nil)
	e.node.OnRewind(e.svc.Invalidate)
	ctx := context.Background()
	snap := e.node.Snapshot()
	before, err := e.svc.Snapshot(ctx, false)
	if err != nil {
		t.Fatal(err)
	}
	dex := "0x0dc694898dff98a1b0447e0992d0413e123ea80da1021d464a4fbaf0265870d8::"
	if _, err := devnettest.Submit(e.node, e.node.Accounts()[2].PrivateKey, devnettest.Call{Function: dex + "scripts::swap",
		TypeArgs: []string{supraT, luckyT, dex + "curves::Uncorrelated"},
		Args:     [][]byte{devnettest.U64(10_000 * 100_000_000), devnettest.U64(1)}, MaxGas: 100_000}); err != nil {
		t.Fatal(err)
	}
	e.clock.Add(time.Second)
	moved, err := e.svc.Snapshot(ctx, true)
	if err != nil {
		t.Fatal(err)
	}
	if err := e.node.Revert(snap); err != nil {
		t.Fatal(err)
	}
	after, err := e.svc.Snapshot(ctx, false) // well within the TTL
	if err != nil {
		t.Fatal(err)
	}
	lb, _ := find(before, "LUCKY")
	lm, _ := find(moved, "LUCKY")
	la, _ := find(after, "LUCKY")
	if lm.PriceSupra.Cmp(lb.PriceSupra) == 0 || la.PriceSupra.Cmp(lb.PriceSupra) != 0 {
		t.Fatalf("LUCKY before %s, after the swap %s, after the revert %s", dec(lb.PriceSupra), dec(lm.PriceSupra), dec(la.PriceSupra))
	}
}

// While the node fails to answer, the last snapshot is served marked stale with its age
// (at once, once a refresh has failed), up to DefaultStaleLimit; past it, the node's
// error. Once the node answers again, fresh figures, not marked stale.
func TestStaleDuringOutageThenError(t *testing.T) {
	e := newEnv(t, nil)
	ctx := context.Background()
	first, err := e.svc.Snapshot(ctx, false)
	if err != nil || first.Stale {
		t.Fatalf("first snapshot: %v stale=%v", err, first != nil && first.Stale)
	}
	e.node.SetFaults(0, 100, 503)
	e.clock.Add(time.Minute) // past MaxStale: this request waits for a refresh, which fails
	s, err := e.svc.Snapshot(ctx, false)
	if err != nil || !s.Stale || s.Age != time.Minute || !s.UpdatedAt.Equal(first.UpdatedAt) {
		t.Fatalf("during the outage: %v, stale %v age %v", err, s != nil && s.Stale, s)
	}
	if l, _ := find(s, "LUCKY"); l.PriceSupra.Cmp(mustFind(t, first, "LUCKY").PriceSupra) != 0 {
		t.Fatal("the stale snapshot is not the last one the node gave")
	}
	// A refresh has failed: the next request is answered from the cache at once, even a
	// forced one (the node cannot give anything newer).
	e.clock.Add(time.Minute)
	if s, err := e.svc.Snapshot(ctx, true); err != nil || !s.Stale || s.Age != 2*time.Minute {
		t.Fatalf("forced during the outage: %v %+v", err, s)
	}
	e.clock.Add(market.DefaultStaleLimit)
	if _, err := e.svc.Snapshot(ctx, false); err == nil || !errors.Is(err, supra.ErrUnavailable) {
		t.Fatalf("past the stale limit: err %v, want the node's error", err)
	}
	e.node.SetFaults(0, 0, 0)
	e.clock.Add(time.Second)
	s, err = e.svc.Snapshot(ctx, false)
	if err != nil || s.Stale || !s.UpdatedAt.After(first.UpdatedAt) {
		t.Fatalf("after the outage: %v %+v", err, s)
	}
}

func mustFind(t *testing.T, s *market.Snapshot, name string) market.TokenMarket {
	t.Helper()
	m, ok := find(s, name)
	if !ok {
		t.Fatalf("no %s", name)
	}
	return m
}
