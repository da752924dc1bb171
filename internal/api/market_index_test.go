package api_test

import (
	"context"
	"fmt"
	"log/slog"
	"math/big"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/fstest"
	"time"

	"github.com/luckycoin/lucky/internal/api"
	"github.com/luckycoin/lucky/internal/chain"
	"github.com/luckycoin/lucky/internal/config"
	"github.com/luckycoin/lucky/internal/devnet"
	"github.com/luckycoin/lucky/internal/devnet/contracts"
	"github.com/luckycoin/lucky/internal/devnet/devnettest"
	"github.com/luckycoin/lucky/internal/indexer"
	"github.com/luckycoin/lucky/internal/inproc"
	"github.com/luckycoin/lucky/internal/market"
	"github.com/luckycoin/lucky/internal/server"
	"github.com/luckycoin/lucky/internal/store"
	"github.com/luckycoin/lucky/internal/supra"
	"github.com/luckycoin/lucky/internal/tokens"
)

// marketEnv is the real route table over a devnet with the event index running, and a
// market service over both as lucky serve wires them. The market reaches the node through
// a counting transport of its own, so a test knows exactly what it read from the node.
type marketEnv struct {
	*env
	net    config.Network
	db     *store.DB
	ix     *indexer.Indexer
	calls  *countingTransport
	mkt    *chain.Client // the market's contract clients (counted)
	truth  *chain.Client // the test's own reads of the chain (not counted)
	svc    *market.Service
	clock  *testClock
	status func() (uint64, uint64)
	stopIx func()
}

// testClock is the market's clock: real time plus what the test added.
type testClock struct{ ahead atomic.Int64 }

func (c *testClock) Now() time.Time      { return time.Now().Add(time.Duration(c.ahead.Load())) }
func (c *testClock) Add(d time.Duration) { c.ahead.Add(int64(d)) }

type marketEnvOptions struct {
	genesis *contracts.Genesis // nil: the default genesis
	// start is the index's first height, from the node as it stands after genesis (nil:
	// from genesis on, so the index follows every pool).
	start func(*devnet.Node) uint64
}

func newMarketEnv(t *testing.T, o marketEnvOptions) *marketEnv {
	t.Helper()
	g := o.genesis
	if g == nil {
		var err error
		if g, err = contracts.DefaultGenesis(); err != nil {
			t.Fatal(err)
		}
	}
	node := devnettest.New(t, devnet.Options{Modules: contracts.Modules(g)})
	logs := &syncBuffer{}
	log := slog.New(slog.NewTextHandler(logs, nil))
	reg, err := tokens.Load(log)
	if err != nil {
		t.Fatal(err)
	}
	n, err := config.Lookup(config.Devnet)
	if err != nil {
		t.Fatal(err)
	}
	newClient := func(rt http.RoundTripper) *supra.Client {
		c, err := supra.NewClient([]string{config.DevnetRPC}, supra.WithHTTP(&http.Client{Transport: rt}), supra.WithRetries(0, 0))
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	client := newClient(inproc.Client(node.Handler()).Transport)
	db, err := store.Open(context.Background(), store.Options{DataDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	b := chain.New(client, n, reg, chain.Options{ABIs: chain.ClientABISource{Client: client}})
	var start uint64
	if o.start != nil {
		start = o.start(node)
	}
	ix, err := indexer.New(client, db, indexer.Config{Streams: indexer.Streams(n.Modules), Rules: rules(t, n, reg),
		Decoders: b.Decoders(), DAOShare: b.PoolDAOShare, StartHeight: start, ResetOnRewind: true, Log: log})
	if err != nil {
		t.Fatal(err)
	}
	calls := &countingTransport{next: inproc.Client(node.Handler()).Transport}
	e := &marketEnv{
		env: &env{t: t, node: node, client: client, reg: reg, logs: logs},
		net: n, db: db, ix: ix, calls: calls, clock: &testClock{},
		mkt:   chain.New(newClient(calls), n, reg, chain.Options{}),
		truth: b,
	}
	e.status = ix.Status
	e.runIndexer()
	e.sync()
	e.restart()
	return e
}

// runIndexer runs the indexer as lucky serve does, until stopIndexer or the test's end.
func (e *marketEnv) runIndexer() {
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); _ = e.ix.Run(ctx) }()
	var once sync.Once
	e.stopIx = func() { once.Do(func() { stop(); <-done }) }
	e.t.Cleanup(e.stopIx)
}

// restart is a server restart: a fresh market service over the same index and store, and
// the route table over it.
func (e *marketEnv) restart() {
	e.t.Helper()
	log := slog.New(slog.NewTextHandler(e.logs, nil))
	e.svc = market.New(market.ChainOf(e.mkt), market.Options{Index: e.db, IndexStatus: func() (uint64, uint64) { return e.status() },
		WaitIndex: e.ix.WaitHead, Now: e.clock.Now, Log: log})
	svc := e.svc
	e.node.OnRewind(svc.Invalidate)
	index := api.NewHistory(api.HistoryDeps{Network: e.net, Tokens: e.reg, Rules: rules(e.t, e.net, e.reg), Store: e.db, Log: log,
		Now: e.node.Now, Status: func(context.Context) (uint64, uint64, error) { i, h := e.ix.Status(); return i, h, nil },
		WaitHead: e.ix.WaitHead})
	h, err := server.New(server.Options{
		Network: e.net, Web: fstest.MapFS{"index.html": {Data: []byte("<html><head></head></html>")}},
		API:    api.New(api.Deps{Network: e.net, Tokens: e.reg, Chain: api.ChainOf(e.truth), Market: svc, Index: index, Log: log}),
		Index:  index,
		Devnet: e.node.Handler(), Log: log,
	})
	if err != nil {
		e.t.Fatal(err)
	}
	e.h = h
}

// sync waits for the index to hold the node's head.
func (e *marketEnv) sync() { e.t.Helper(); waitIndexed(e.t, e.ix) }

// tokens is GET /api/v1/market/tokens with the node reads it made and its height.
func (e *marketEnv) tokens(query string) (out map[string]any, reads int64, height uint64) {
	e.t.Helper()
	before := e.calls.n.Load()
	out = e.mustOK("GET", "/api/v1/market/tokens"+query, "")
	return out, e.calls.n.Load() - before, heightOf(e.t, out)
}

func heightOf(t *testing.T, out map[string]any) uint64 {
	t.Helper()
	s, _ := out["height"].(string)
	h, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		t.Fatalf("height %v: %v", out["height"], err)
	}
	return h
}

// row is a token's row of the token index (nil when not listed).
func row(out map[string]any, name string) map[string]any {
	for _, r := range out["tokens"].([]any) {
		if m := r.(map[string]any); m["name"] == name {
			return m
		}
	}
	return nil
}

// reserves is a row's pool reserves, token side and SUPRA side.
func reserves(m map[string]any) (string, string) {
	r := m["reserves"].(map[string]any)
	return r["token"].(string), r["supra"].(string)
}

// coinOf is a registry token's coin type.
func (e *marketEnv) coinOf(name string) string {
	e.t.Helper()
	tok, ok := e.reg.ByName(name)
	if !ok {
		e.t.Fatalf("no token %s", name)
	}
	return tok.CoinType
}

// chainReserves reads a token's pool against SUPRA from the node (not counted).
func (e *marketEnv) chainReserves(name string) (string, string) {
	e.t.Helper()
	r, err := e.truth.Reserves(context.Background(), e.coinOf(name), contracts.SupraCoinType)
	if err != nil {
		e.t.Fatal(err)
	}
	return fmt.Sprint(r.A), fmt.Sprint(r.B)
}

// eventually retries check until it reports true or five seconds pass.
func eventually(t *testing.T, what string, check func() bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !check() {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not within 5 s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// Prices and reserves come from the event index: each swap through the devnet shows in
// the next answer, at the height of the block it indexed, with the pool's reserves moved
// by exactly the swap's amounts, and without a node read (the house vault is younger than
// the TTL). The pool of the token swapped and nothing else moves.
func TestMarketPricesFromIndex(t *testing.T) {
	t.Parallel()
	e := newMarketEnv(t, marketEnvOptions{})
	t0 := t
	first, reads, height := e.tokens("")
	if reads != 1 || height != e.node.Height() {
		// Cold: the supplies were not stored yet, so a first start reads them; the vault.
		t.Logf("first answer: %d node reads at height %d", reads, height)
	}
	swap := func(in, out string, amount uint64) devnettest.Call {
		return devnettest.Call{Function: idxSwap, TypeArgs: []string{e.coinOf(in), e.coinOf(out), contracts.UncorrelatedType},
			Args: [][]byte{devnettest.U64(amount), devnettest.U64(1)}, MaxGas: 100_000}
	}
	rows := []struct {
		name    string
		token   string // the pool's token (the other side is SUPRA)
		call    devnettest.Call
		account int
		buy     bool // SUPRA in, token out
	}{
		{"buy LUCKY with 10,000 SUPRA", "LUCKY", swap("SUPRA", "LUCKY", 10_000*100_000_000), 2, true},
		{"sell 500,000 LUCKY", "LUCKY", swap("LUCKY", "SUPRA", 500_000*1_000_000), 0, false},
		{"buy NANA with 1,234.5 SUPRA", "NANA", swap("SUPRA", "NANA", 123_450_000_000), 2, true},
	}
	prev, prevHeight := first, height
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			e.t = t
			defer func() { e.t = t0 }()
			beforeTok, beforeSupra := reserves(row(prev, r.token))
			info := e.submit(r.account, r.call)
			ev := eventData(t, info, "::SwapEvent")
			tokenIsX := ev["pair_x"] != contracts.SupraCoinType
			in, out := ev["y_in"].(string), ev["x_out"].(string)
			if !tokenIsX {
				in, out = ev["x_in"].(string), ev["y_out"].(string)
			}
			if !r.buy {
				in, out = ev["x_in"].(string), ev["y_out"].(string)
				if !tokenIsX {
					in, out = ev["y_in"].(string), ev["x_out"].(string)
				}
			}
			e.sync()
			got, reads, height := e.tokens("")
			if reads != 0 {
				t.Errorf("%d node reads for an answer the index gives", reads)
			}
			if height < info.BlockHeader.Height || height <= prevHeight {
				t.Errorf("height %d, the swap's block %d, the answer before %d", height, info.BlockHeader.Height, prevHeight)
			}
			tok, sup := reserves(row(got, r.token))
			wantTok, wantSupra := e.chainReserves(r.token)
			if tok != wantTok || sup != wantSupra {
				t.Fatalf("reserves %s/%s, the node's %s/%s", tok, sup, wantTok, wantSupra)
			}
			// The output leaves the pool exactly; the input joins it less the DAO's share.
			if r.buy && sub(t, beforeTok, tok) != out || !r.buy && sub(t, beforeSupra, sup) != out {
				t.Errorf("output side moved by %s/%s, the swap paid out %s", sub(t, beforeTok, tok), sub(t, beforeSupra, sup), out)
			}
			inMoved := sub(t, sup, beforeSupra)
			if !r.buy {
				inMoved = sub(t, tok, beforeTok)
			}
			share, err := e.truth.PoolDAOShare(context.Background(), e.coinOf(r.token), contracts.SupraCoinType)
			if err != nil {
				t.Fatal(err)
			}
			amountIn, _ := strconv.ParseUint(in, 10, 64)
			if want := fmt.Sprint(amountIn - share.Of(amountIn)); inMoved != want {
				t.Errorf("input side moved by %s, want %s in less the DAO's share", inMoved, want)
			}
			// No other pool moved.
			for _, m := range got["tokens"].([]any) {
				name := m.(map[string]any)["name"].(string)
				if name == r.token {
					continue
				}
				if old := row(prev, name); old == nil || fmt.Sprint(old["reserves"]) != fmt.Sprint(m.(map[string]any)["reserves"]) {
					t.Errorf("%s moved", name)
				}
			}
			prev, prevHeight = got, height
		})
	}
	// The Refresh button right after a swap, before the indexer has polled: the forced
	// refresh lets the index reach the node's head first.
	info := e.submit(2, swap("SUPRA", "LUCKY", 777*100_000_000))
	e.clock.Add(time.Second) // past the shared-refresh minimum age
	got, _, h := e.tokens("?refresh=true")
	tok, sup := reserves(row(got, "LUCKY"))
	if wantTok, wantSupra := e.chainReserves("LUCKY"); tok != wantTok || sup != wantSupra || h < info.BlockHeader.Height {
		t.Fatalf("refreshed: reserves %s/%s at %d, the node's %s/%s at %d", tok, sup, h, wantTok, wantSupra, info.BlockHeader.Height)
	}
}

// Supplies and burned amounts are slow figures kept in the store: a restarted server
// answers from the stored ones at once (its only node read is the house vault), a stored
// figure older than its lifetime is served while it is read again in the background, one
// older than the maximum age or missing is read on the request path, and a coin the index
// sees burned is read again at once.
func TestMarketSuppliesAcrossRestart(t *testing.T) {
	t.Parallel()
	const (
		luckySupply = "1000000000000000"
		luckyBurned = "50000000000000"
	)
	rows := []struct {
		name string
		// age of the stored LUCKY figure; stored false: none
		stored bool
		age    time.Duration
		// what the first answer after the restart shows, and its node reads (the vault, and
		// a missing figure's two; a due figure's two are read in the background, which may
		// start before the answer is written, so up to 3 are allowed)
		firstSupply string
		firstReads  int64
		// what a later answer shows
		laterSupply string
	}{
		{"fresh: served from the store", true, time.Minute, "999", 1, "999"},
		{"older than its lifetime: served, then read again", true, market.DefaultSupplyTTL + time.Minute, "999", 3, luckySupply},
		{"older than the maximum age: read on the request path", true, market.DefaultSupplyMaxAge + time.Minute, luckySupply, 3, luckySupply},
		{"never read: read on the request path", false, 0, luckySupply, 3, luckySupply},
	}
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			t.Parallel()
			e := newMarketEnv(t, marketEnvOptions{})
			e.tokens("") // a first run reads every figure and stores it
			ctx := context.Background()
			stored, err := e.db.CoinSupplies(ctx)
			if err != nil || len(stored) != len(e.reg.All()) {
				t.Fatalf("%d stored supplies (%v)", len(stored), err)
			}
			lucky := supra.MustCoinType(idxLucky)
			if r.stored {
				// A figure of 999 that the chain does not have: only the store can say it.
				i := slices.IndexFunc(stored, func(c store.CoinSupply) bool { return c.Coin == lucky })
				stored[i].Supply = big.NewInt(999)
				stored[i].ReadAtUS = e.clock.Now().Add(-r.age).UnixMicro()
				if err := e.db.DropCoinSupplies(ctx, 0); err != nil {
					t.Fatal(err)
				}
				if err := e.db.SaveCoinSupplies(ctx, stored); err != nil {
					t.Fatal(err)
				}
			} else {
				stored = slices.DeleteFunc(stored, func(c store.CoinSupply) bool { return c.Coin == lucky })
				if err := e.db.DropCoinSupplies(ctx, 0); err != nil {
					t.Fatal(err)
				}
				if err := e.db.SaveCoinSupplies(ctx, stored); err != nil {
					t.Fatal(err)
				}
			}
			e.restart()
			out, reads, _ := e.tokens("")
			l := row(out, "LUCKY")
			if l["totalSupply"] != r.firstSupply || l["burned"] != luckyBurned || reads < 1 || reads > r.firstReads ||
				r.firstSupply != "999" && reads != r.firstReads {
				t.Fatalf("after the restart: supply %v burned %v, %d node reads; want %s, %s, %d", l["totalSupply"], l["burned"], reads, r.firstSupply, luckyBurned, r.firstReads)
			}
			eventually(t, "the later answer", func() bool {
				out, _, _ := e.tokens("")
				return row(out, "LUCKY")["totalSupply"] == r.laterSupply
			})
			// What the service holds is what the store holds for the next start.
			eventually(t, "the stored figure", func() bool {
				stored, _ := e.db.CoinSupplies(ctx)
				i := slices.IndexFunc(stored, func(c store.CoinSupply) bool { return c.Coin == lucky })
				return i >= 0 && stored[i].Supply.String() == r.laterSupply
			})
		})
	}
	t.Run("a burn the index sees is read again at once", func(t *testing.T) {
		t.Parallel()
		e := newMarketEnv(t, marketEnvOptions{})
		before, _, _ := e.tokens("")
		burn := supra.MustParseAddress(e.net.Modules.BurnAddress)
		const amount = 7_654_321
		info := e.submit(0, devnettest.Call{Function: "0x1::supra_account::transfer_coins", TypeArgs: []string{idxLucky},
			Args: [][]byte{devnettest.Addr(burn), devnettest.U64(amount)}})
		e.sync()
		want := sub(t, row(before, "LUCKY")["burned"].(string), "-"+strconv.Itoa(amount))
		eventually(t, "the burned amount", func() bool {
			out, _, h := e.tokens("")
			l := row(out, "LUCKY")
			return h >= info.BlockHeader.Height && l["burned"] == want && l["circulatingSupply"] == sub(t, l["totalSupply"].(string), want)
		})
		if got := e.node.Balance(burn, idxLucky); fmt.Sprint(got) != want {
			t.Fatalf("the chain's burned %d, the answer's %s", got, want)
		}
	})
}

// A pool the index does not follow (it started after the pool was created) is read from
// the node, and only that one: here the index starts after genesis, so it follows none of
// the genesis pools, and NANA's pool is created after it started, so it follows that one.
// A swap in NANA's pool shows at once; one in LUCKY's pool shows with the next node read.
func TestMarketPoolNotFollowedByIndex(t *testing.T) {
	t.Parallel()
	g, err := contracts.DefaultGenesis()
	if err != nil {
		t.Fatal(err)
	}
	g.Pools = slices.DeleteFunc(slices.Clone(g.Pools), func(p contracts.GenesisPool) bool { return p.Token == "NANA" })
	e := newMarketEnv(t, marketEnvOptions{genesis: g, start: func(n *devnet.Node) uint64 { return n.Height() + 1 }})
	out, reads, _ := e.tokens("")
	if row(out, "NANA") != nil {
		t.Fatal("NANA listed without a pool")
	}
	// The index has ingested nothing yet, so it is not used: every token's pool (NANA's
	// answers that there is none) and LUCKY/dexUSDC from the node, every supply and burned
	// amount, the vault, and the node's head for the height.
	if reads != 17+1+18+18+1+1 {
		t.Errorf("cold: %d node reads", reads)
	}
	// 4,000 NANA and 200 SUPRA, in the pool's own coin order.
	x, y, swapped, err := chain.SortPair(supra.MustCoinType(e.coinOf("NANA")), supra.NativeCoin())
	if err != nil {
		t.Fatal(err)
	}
	ax, ay := uint64(4_000_000_000), uint64(20_000_000_000)
	if swapped {
		ax, ay = ay, ax
	}
	e.submit(0, devnettest.Call{Function: strings.TrimSuffix(idxSwap, "swap") + "register_pool_and_add_liquidity",
		TypeArgs: []string{x.String(), y.String(), contracts.UncorrelatedType},
		Args:     [][]byte{devnettest.U64(ax), devnettest.U64(1), devnettest.U64(ay), devnettest.U64(1)}, MaxGas: 100_000})
	e.sync()
	e.clock.Add(time.Second)
	out, reads, _ = e.tokens("?refresh=true")
	// The 16 genesis pools, LUCKY/dexUSDC and the vault: not NANA's, which the index has.
	if reads != 16+1+1 {
		t.Errorf("refresh: %d node reads", reads)
	}
	if tok, sup := reserves(row(out, "NANA")); tok != "4000000000" || sup != "20000000000" {
		t.Fatalf("NANA reserves %s/%s", tok, sup)
	}
	_, luckyBefore := reserves(row(out, "LUCKY"))
	buy := func(token string) {
		e.submit(2, devnettest.Call{Function: idxSwap, TypeArgs: []string{contracts.SupraCoinType, e.coinOf(token), contracts.UncorrelatedType},
			Args: [][]byte{devnettest.U64(1_000 * 100_000_000), devnettest.U64(1)}, MaxGas: 100_000})
	}
	buy("NANA")
	buy("LUCKY")
	e.sync()
	out, reads, _ = e.tokens("")
	tok, sup := reserves(row(out, "NANA"))
	if wantTok, wantSupra := e.chainReserves("NANA"); reads != 0 || tok != wantTok || sup != wantSupra {
		t.Fatalf("NANA after a swap: %s/%s, the node's %s/%s (%d reads)", tok, sup, wantTok, wantSupra, reads)
	}
	if _, sup := reserves(row(out, "LUCKY")); sup != luckyBefore {
		t.Fatalf("LUCKY moved without a node read: %s, was %s", sup, luckyBefore)
	}
	e.clock.Add(time.Second)
	out, _, _ = e.tokens("?refresh=true")
	tok, sup = reserves(row(out, "LUCKY"))
	if wantTok, wantSupra := e.chainReserves("LUCKY"); tok != wantTok || sup != wantSupra {
		t.Fatalf("LUCKY after a node read: %s/%s, the node's %s/%s", tok, sup, wantTok, wantSupra)
	}
}

// An answer never reflects a lower height than the one before it on the same server.
// Each step moves the chain or the index and says which height the next answer shows:
// while the index is more than market.MaxIndexLag blocks behind the node's head, prices
// come from the node at its head; when the index is back in use below that head, the
// last answer stands until the index passes it.
func TestMarketHeightsNeverGoBack(t *testing.T) {
	t.Parallel()
	e := newMarketEnv(t, marketEnvOptions{})
	var lag atomic.Bool // the indexer says it is behind
	e.status = func() (uint64, uint64) {
		i, h := e.ix.Status()
		if lag.Load() {
			return i, e.node.Height()
		}
		return i, h
	}
	e.restart()
	mine := func(n int) {
		for range n {
			e.submit(1, devnettest.Call{Function: "0x1::supra_account::transfer", Args: [][]byte{devnettest.Addr(e.addr(3)), devnettest.U64(1)}})
		}
	}
	var indexedAt uint64 // the index's height when it was stopped
	steps := []struct {
		name string
		act  func()
		want func() uint64 // the height the next answer shows
	}{
		{"the index's block", func() {}, e.node.Height},
		{"a new block, indexed", func() { mine(1); e.sync() }, e.node.Height},
		{"the index stops; the chain moves on within the lag", func() {
			e.stopIx()
			indexedAt = e.node.Height()
			mine(3)
		}, func() uint64 { return indexedAt }},
		{"beyond the lag: the node's head", func() {
			mine(market.MaxIndexLag)
			lag.Store(true)
			e.clock.Add(market.DefaultTTL)
		}, e.node.Height},
		{"the index is used again, still below that head: the answer stands", func() {
			lag.Store(false)
			e.clock.Add(market.DefaultMaxStale)
		}, func() uint64 { return indexedAt + 3 + market.MaxIndexLag }},
		{"the index catches up", func() { e.runIndexer(); mine(1); e.sync() }, e.node.Height},
	}
	var last uint64
	for _, s := range steps {
		s.act()
		out := e.mustOK("GET", "/api/v1/market/tokens", "")
		lucky := e.mustOK("GET", "/api/v1/market/lucky", "")
		h, hl := heightOf(t, out), heightOf(t, lucky)
		if want := s.want(); h != want || hl != want {
			t.Fatalf("%s: heights %d (tokens) and %d (lucky), want %d", s.name, h, hl, want)
		}
		if h < last {
			t.Fatalf("%s: height went back from %d to %d", s.name, last, h)
		}
		last = h
	}
}

// A devnet reverted under the market: the answer after the revert shows the reverted
// chain (the reserves before the swap) at its height, lower than before, and the stored
// supplies read above that height are gone from the store.
func TestMarketRevertWithIndex(t *testing.T) {
	t.Parallel()
	e := newMarketEnv(t, marketEnvOptions{})
	snap := e.node.Snapshot()
	before, _, h0 := e.tokens("")
	e.submit(2, devnettest.Call{Function: idxSwap, TypeArgs: []string{contracts.SupraCoinType, idxLucky, contracts.UncorrelatedType},
		Args: [][]byte{devnettest.U64(10_000 * 100_000_000), devnettest.U64(1)}, MaxGas: 100_000})
	burn := supra.MustParseAddress(e.net.Modules.BurnAddress)
	e.submit(0, devnettest.Call{Function: "0x1::supra_account::transfer_coins", TypeArgs: []string{idxLucky},
		Args: [][]byte{devnettest.Addr(burn), devnettest.U64(1_000_000)}})
	e.sync()
	eventually(t, "the burn read again", func() bool {
		out, _, _ := e.tokens("")
		return row(out, "LUCKY")["burned"] != row(before, "LUCKY")["burned"]
	})
	moved, _, h1 := e.tokens("")
	if h1 <= h0 || fmt.Sprint(row(moved, "LUCKY")["reserves"]) == fmt.Sprint(row(before, "LUCKY")["reserves"]) {
		t.Fatalf("after the swap: height %d (was %d), reserves %v", h1, h0, row(moved, "LUCKY")["reserves"])
	}
	if err := e.node.Revert(snap); err != nil {
		t.Fatal(err)
	}
	after, _, h2 := e.tokens("")
	if h2 != e.node.Height() || h2 >= h1 {
		t.Fatalf("after the revert: height %d, the node's %d, before it %d", h2, e.node.Height(), h1)
	}
	for _, name := range []string{"LUCKY", "SUPRA", "NANA"} {
		for _, k := range []string{"reserves", "burned", "totalSupply"} {
			if fmt.Sprint(row(after, name)[k]) != fmt.Sprint(row(before, name)[k]) {
				t.Errorf("%s %s after the revert: %v, before the swap %v", name, k, row(after, name)[k], row(before, name)[k])
			}
		}
	}
	stored, err := e.db.CoinSupplies(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range stored {
		if c.Height > h2 {
			t.Errorf("%s stored at height %d, above the reverted head %d", c.Coin, c.Height, h2)
		}
	}
}
