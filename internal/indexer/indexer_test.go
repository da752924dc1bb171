package indexer_test

import (
	"context"
	"crypto/ed25519"
	"errors"
	"fmt"
	"log/slog"
	"math/big"
	"math/rand/v2"
	"net/http"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/luckycoin/lucky/internal/chain"
	"github.com/luckycoin/lucky/internal/config"
	"github.com/luckycoin/lucky/internal/devnet"
	"github.com/luckycoin/lucky/internal/devnet/contracts"
	"github.com/luckycoin/lucky/internal/devnet/devnettest"
	"github.com/luckycoin/lucky/internal/history"
	"github.com/luckycoin/lucky/internal/indexer"
	"github.com/luckycoin/lucky/internal/store"
	"github.com/luckycoin/lucky/internal/store/pgtest"
	"github.com/luckycoin/lucky/internal/supra"
	"github.com/luckycoin/lucky/internal/tokens"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

const (
	luckyT = "0x4205c82380bff5708cd7c59e0043a45890a457a6cdb60c9191d818958fd7ac26::LUCKY::LUCKY"
	usdcT  = "0x8f7d16ade319b0fce368ca6cdb98589c4527ce7f5b51e544a9e68e719934458b::hyper_coin::DexlynUSDC"
	dexFn  = "0x0dc694898dff98a1b0447e0992d0413e123ea80da1021d464a4fbaf0265870d8::scripts::swap"
	slots  = "0xb4ba040eb59c3b3c3776b7a603d896781e48bbf5fcea559c495814b5cde29b2b::slots_v3::play"
)

var modulesOnce = sync.OnceValues(contracts.All)

func newNode(t testing.TB) *devnet.Node {
	t.Helper()
	mods, err := modulesOnce()
	if err != nil {
		t.Fatal(err)
	}
	return devnettest.New(t, devnet.Options{Modules: mods})
}

func network(t testing.TB) config.Network {
	n, err := config.Lookup(config.Devnet)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// Rules are the app's trading rules on devnet.
func Rules(t testing.TB) history.Rules {
	reg, err := tokens.Load(nil)
	if err != nil {
		t.Fatal(err)
	}
	r, err := indexer.NetworkRules(network(t), reg)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func openSQLite(t testing.TB) *store.DB {
	t.Helper()
	db, err := store.Open(context.Background(), store.Options{DataDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func openPG(t testing.TB) *store.DB {
	t.Helper()
	db, err := store.Open(context.Background(), store.Options{DatabaseURL: pgtest.URL(t)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// source is the app's node client over the in-memory transport, without its own retries
// so the indexer's backoff is what the fault tests exercise.
func source(t testing.TB, n *devnet.Node) *supra.Client {
	return devnettest.Client(t, n, supra.WithRetries(0, 0))
}

func bindings(t testing.TB, c *supra.Client) *chain.Client {
	reg, err := tokens.Load(nil)
	if err != nil {
		t.Fatal(err)
	}
	return chain.New(c, network(t), reg, chain.Options{})
}

func newIndexer(t testing.TB, n *devnet.Node, db *store.DB, mutate func(*indexer.Config)) *indexer.Indexer {
	t.Helper()
	c := source(t, n)
	return indexerOn(t, c, c, db, mutate)
}

// indexerOn is newIndexer reading through src, a wrapper of the node's client c.
func indexerOn(t testing.TB, src indexer.Source, c *supra.Client, db *store.DB, mutate func(*indexer.Config)) *indexer.Indexer {
	t.Helper()
	b := bindings(t, c)
	cfg := indexer.Config{Streams: indexer.Streams(network(t).Modules), Rules: Rules(t), Decoders: b.Decoders(), DAOShare: b.PoolDAOShare, BackoffMin: time.Millisecond, BackoffMax: 5 * time.Millisecond,
		PollInterval: 5 * time.Millisecond}
	if mutate != nil {
		mutate(&cfg)
	}
	ix, err := indexer.New(src, db, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return ix
}

// traffic submits count random app transactions (swaps both ways and in the USD pool,
// LUCKY and SUPRA spins, burns, LUCKY transfers to new holders, miner purchases) and
// returns their hashes. Rejected or failed ones are part of real traffic too.
func traffic(t testing.TB, n *devnet.Node, rng *rand.Rand, count int) [][32]byte {
	t.Helper()
	acc := n.Accounts()
	burn := supra.MustParseAddress(network(t).Modules.BurnAddress)
	curve := contracts.UncorrelatedType
	var hashes [][32]byte
	for range count {
		var key ed25519.PrivateKey
		var c devnettest.Call
		switch op := rng.IntN(7); op {
		case 0: // buy LUCKY with 1–10 SUPRA
			key = acc[2].PrivateKey
			c = devnettest.Call{Function: dexFn, TypeArgs: []string{contracts.SupraCoinType, luckyT, curve},
				Args: [][]byte{devnettest.U64(uint64(1+rng.IntN(10)) * 100_000_000), devnettest.U64(0)}}
		case 1: // sell 100–1,000 LUCKY
			key = acc[0].PrivateKey
			c = devnettest.Call{Function: dexFn, TypeArgs: []string{luckyT, contracts.SupraCoinType, curve},
				Args: [][]byte{devnettest.U64(uint64(100+rng.IntN(900)) * 1_000_000), devnettest.U64(0)}}
		case 2: // spin LUCKY
			key = acc[1].PrivateKey
			c = devnettest.Call{Function: slots, TypeArgs: []string{luckyT},
				Args: [][]byte{devnettest.U64(10_000_000), devnettest.U64(uint64(1 + rng.IntN(3))), devnettest.Str(luckyT), devnettest.Addr(contracts.PlaceholderAddress)}}
		case 3: // burn 1–100 LUCKY
			key = acc[0].PrivateKey
			c = devnettest.Call{Function: "0x1::supra_account::transfer_coins", TypeArgs: []string{luckyT},
				Args: [][]byte{devnettest.Addr(burn), devnettest.U64(uint64(1+rng.IntN(100)) * 1_000_000)}}
		case 4: // dexUSDC → SUPRA: the USD reference
			key = acc[0].PrivateKey
			c = devnettest.Call{Function: dexFn, TypeArgs: []string{usdcT, contracts.SupraCoinType, curve},
				Args: [][]byte{devnettest.U64(uint64(1+rng.IntN(5)) * 10_000), devnettest.U64(0)}}
		case 5: // LUCKY to a new holder
			key = acc[0].PrivateKey
			var to supra.Address
			to[0], to[1] = 0xee, byte(rng.IntN(256))
			to[31] = byte(rng.IntN(256))
			c = devnettest.Call{Function: "0x1::supra_account::transfer_coins", TypeArgs: []string{luckyT},
				Args: [][]byte{devnettest.Addr(to), devnettest.U64(uint64(1+rng.IntN(1000)) * 1_000_000)}}
		default: // a miner
			key = acc[3].PrivateKey
			refs := append([]byte{1}, contracts.PlaceholderAddress[:]...)
			c = devnettest.Call{Function: "0xde02::cosmic_miners::purchase_miner",
				Args: [][]byte{devnettest.U64(1), devnettest.U64(1), refs}}
		}
		h, err := devnettest.Submit(n, key, c)
		if err != nil {
			continue // a rejected transaction never reaches a block
		}
		hashes = append(hashes, h)
	}
	return hashes
}

// expected counts what the index must hold, read from the node transaction by
// transaction (not through the indexer's code path).
type expected struct {
	swaps, plays, burns, luckyEvents, raw int
	streamEvents                          int // every event of an indexed stream
	holders                               map[string]*big.Int
}

func expect(t testing.TB, n *devnet.Node, hashes [][32]byte) expected {
	t.Helper()
	burn := network(t).Modules.BurnAddress
	e := expected{holders: map[string]*big.Int{}}
	for _, h := range hashes {
		info, ok := n.Transaction(h)
		if !ok || info.Output == nil {
			t.Fatalf("tx %x not found", h)
		}
		for _, ev := range info.Output.Move.Events {
			if !strings.HasSuffix(ev.Type, "::FeeStatement") {
				e.streamEvents++
			}
			switch {
			case strings.HasSuffix(ev.Type, "::liquidity_pool::SwapEvent"):
				e.swaps++
			case strings.HasSuffix(ev.Type, "::slots_v3::PlayEvent"):
				e.plays++
			case strings.HasPrefix(ev.Type, "0xde02::cosmic_miners::"), strings.Contains(ev.Type, "de02::cosmic_miners::"):
				e.raw++
			case ev.Type == "0x1::coin::CoinDeposit" || ev.Type == "0x1::coin::CoinWithdraw":
				s := string(ev.Data)
				dep := ev.Type == "0x1::coin::CoinDeposit"
				if dep && strings.Contains(s, strings.TrimPrefix(supra.MustParseAddress(burn).String(), "0x")) {
					e.burns++
				}
				if strings.Contains(s, "LUCKY::LUCKY") {
					e.luckyEvents++
				}
			}
		}
	}
	return e
}

// genesisTx is the hash of block 0's genesis transaction, which carries the genesis
// balances and pools.
func genesisTx(t testing.TB, n *devnet.Node) [32]byte {
	t.Helper()
	g, err := source(t, n).BlockByHeight(context.Background(), 0, true)
	if err != nil || len(g.Transactions) != 1 {
		t.Fatalf("genesis block: %+v %v", g, err)
	}
	var out [32]byte
	h, err := supra.DecodeHex(g.Transactions[0].Hash)
	if err != nil {
		t.Fatal(err)
	}
	copy(out[:], h)
	return out
}

func countRows(dump, table string) int {
	return strings.Count("\n"+dump, "\n"+table+"|")
}

func syncIndex(t testing.TB, ix *indexer.Indexer, n *devnet.Node) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	if err := ix.Sync(ctx); err != nil {
		t.Fatal(err)
	}
	if got, head := ix.Status(); got != n.Height() || head != n.Height() {
		t.Fatalf("status %d/%d, node at %d", got, head, n.Height())
	}
}

func checkAgainstChain(t *testing.T, n *devnet.Node, db *store.DB, hashes [][32]byte) string {
	t.Helper()
	e := expect(t, n, append([][32]byte{genesisTx(t, n)}, hashes...))
	dump, err := db.Dump(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]int{"swaps": countRows(dump, "swaps"), "plays": countRows(dump, "plays"), "burns": countRows(dump, "burns"),
		"coin_events": countRows(dump, "coin_events"), "raw_events": countRows(dump, "raw_events")}
	want := map[string]int{"swaps": e.swaps, "plays": e.plays, "burns": e.burns, "coin_events": e.luckyEvents, "raw_events": e.raw}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("%s: %d rows, chain has %d", k, got[k], w)
		}
	}
	if e.swaps == 0 || e.plays == 0 || e.burns == 0 || e.raw == 0 {
		t.Fatalf("traffic too thin to test: %+v", e)
	}
	// From genesis on, every LUCKY balance came through events: the index's is exact.
	holders, count, err := db.Holders(context.Background(), supra.MustCoinType(luckyT), Rules(t).BurnAddress, 10_000)
	if err != nil {
		t.Fatal(err)
	}
	// The count kept as the index wrote is the number of accounts listed.
	if count != int64(len(holders)) {
		t.Errorf("holder count %d, %d holders listed", count, len(holders))
	}
	fresh := 0
	for _, h := range holders {
		if strings.HasPrefix(h.Account, "0xee") {
			fresh++
		}
		if want := n.Balance(supra.MustParseAddress(h.Account), luckyT); h.Balance != fmt.Sprint(want) {
			t.Errorf("holder %s: index %s, chain %d", h.Account, h.Balance, want)
		}
	}
	if fresh == 0 || len(holders) < 5 {
		t.Fatalf("%d holders, %d fresh", len(holders), fresh)
	}
	// The pools' reserves, followed from liquidity and swap events, are the node's.
	pools, err := db.Pools(context.Background())
	if err != nil || len(pools) == 0 {
		t.Fatalf("pools %v %v", pools, err)
	}
	b := bindings(t, source(t, n))
	for _, p := range pools {
		r, err := b.Reserves(context.Background(), p.X, p.Y)
		if err != nil {
			t.Fatal(err)
		}
		if p.ReserveX != fmt.Sprint(r.A) || p.ReserveY != fmt.Sprint(r.B) {
			t.Errorf("pool %s/%s: index %s/%s, node %d/%d", p.X, p.Y, p.ReserveX, p.ReserveY, r.A, r.B)
		}
	}
	return dump
}

// The index equals what the chain holds, on SQLite and on PostgreSQL, and the two stores
// are identical row for row.
func TestIndexMatchesChainOnBothStores(t *testing.T) {
	n := newNode(t)
	burnAddr := supra.MustParseAddress(network(t).Modules.BurnAddress)
	burnedBefore := n.Balance(burnAddr, luckyT)
	hashes := traffic(t, n, rand.New(rand.NewPCG(1, 2)), 150)
	lite, pg := openSQLite(t), openPG(t)
	syncIndex(t, newIndexer(t, n, lite, nil), n)
	syncIndex(t, newIndexer(t, n, pg, nil), n)
	a := checkAgainstChain(t, n, lite, hashes)
	b := checkAgainstChain(t, n, pg, hashes)
	if a != b {
		t.Fatal("SQLite and PostgreSQL indexes differ")
	}
	// Burns: what the burn address holds of LUCKY is what the index counts burned: the
	// genesis allocation (burned by 0x1) and the traffic's burns.
	lb, err := lite.BurnLeaderboard(context.Background(), supra.MustCoinType(luckyT), 10)
	if err != nil || len(lb) != 2 {
		t.Fatalf("leaderboard %+v %v", lb, err)
	}
	if lb[0].Burner != supra.FrameworkAddress.String() || lb[0].Total != fmt.Sprint(burnedBefore) {
		t.Fatalf("genesis burn %+v, burn address held %d at genesis", lb[0], burnedBefore)
	}
	if got := n.Balance(burnAddr, luckyT) - burnedBefore; lb[1].Total != fmt.Sprint(got) {
		t.Fatalf("burned %s, burn address received %d", lb[1].Total, got)
	}
}

// The failure mode of the original bots: many more than 10 blocks between two polls.
// Every event of every block in between is found.
func TestMoreThanTenBlocksBetweenPolls(t *testing.T) {
	n := newNode(t)
	db := openSQLite(t)
	ix := newIndexer(t, n, db, nil)
	rng := rand.New(rand.NewPCG(3, 4))
	all := traffic(t, n, rng, 5)
	syncIndex(t, ix, n)
	before := n.Height()
	all = append(all, traffic(t, n, rng, 40)...)
	n.Mine(15) // empty blocks in between too
	all = append(all, traffic(t, n, rng, 20)...)
	if n.Height()-before <= 10*5 {
		t.Fatalf("only %d blocks between polls", n.Height()-before)
	}
	syncIndex(t, ix, n)
	checkAgainstChain(t, n, db, all)
}

// Run tails the head: events arriving while it runs are ingested without another call.
func TestRunTailsTheHead(t *testing.T) {
	n := newNode(t)
	db := openSQLite(t)
	ix := newIndexer(t, n, db, nil)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- ix.Run(ctx) }()
	rng := rand.New(rand.NewPCG(5, 6))
	var all [][32]byte
	for range 5 {
		all = append(all, traffic(t, n, rng, 12)...)
		time.Sleep(10 * time.Millisecond)
	}
	deadline := time.Now().Add(30 * time.Second)
	for {
		if got, _ := ix.Status(); got == n.Height() {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("Run did not catch up")
		}
		time.Sleep(5 * time.Millisecond)
	}
	cancel()
	if err := <-done; err != context.Canceled {
		t.Fatalf("Run returned %v", err)
	}
	checkAgainstChain(t, n, db, all)
}

// Crash and restart at random points (context cancelled mid-window, mid-commit), with
// the node failing a third of its answers: the final store equals a clean run's exactly.
func TestCrashAndRestartEqualsCleanRun(t *testing.T) {
	n := newNode(t)
	traffic(t, n, rand.New(rand.NewPCG(7, 8)), 400)
	clean := openSQLite(t)
	began := time.Now()
	syncIndex(t, newIndexer(t, n, clean, nil), n)
	// Crash points are spread over the time a clean backfill takes (whatever -race does).
	span := max(time.Since(began), 10*time.Millisecond)
	want, _ := clean.Dump(context.Background())

	setFaults(t, n, 33)
	crashed := openSQLite(t)
	rng := rand.New(rand.NewPCG(9, 10))
	restarts := 0
	for {
		// Either query, narrow windows read a few at a time: many commits to crash between.
		ix := newIndexer(t, n, crashed, func(c *indexer.Config) {
			c.Prefetch, c.Span, c.NoRangeQuery = 1+rng.IntN(4), uint64(10+rng.IntN(60)), rng.IntN(2) == 0
		})
		ctx, cancel := context.WithTimeout(context.Background(), time.Duration(rng.Int64N(int64(span)/8*int64(1+restarts/25))))
		err := ix.Sync(ctx)
		cancel()
		if err == nil {
			break
		}
		restarts++
		if restarts > 500 {
			t.Fatal("never finished")
		}
	}
	setFaults(t, n, 0)
	if restarts < 3 {
		t.Fatalf("only %d restarts: the test did not crash the indexer", restarts)
	}
	got, _ := crashed.Dump(context.Background())
	if got != want {
		t.Fatalf("after %d restarts the store differs from a clean run", restarts)
	}
	t.Logf("%d restarts", restarts)
}

func setFaults(t testing.TB, n *devnet.Node, rate int) {
	t.Helper()
	body := fmt.Sprintf(`{"error_rate_percent":%d}`, rate)
	req, _ := http.NewRequest("POST", config.DevnetRPC+"/devnet/faults", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	resp, err := devnettest.HTTPClient(n).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("faults: HTTP %d", resp.StatusCode)
	}
}

// Two replicas on one PostgreSQL: exactly one ingests (advisory lock), both report the
// head, and the index equals a single SQLite run's. A Follow indexer never writes.
func TestReplicasOnPostgres(t *testing.T) {
	n := newNode(t)
	traffic(t, n, rand.New(rand.NewPCG(11, 12)), 80)
	lite := openSQLite(t)
	syncIndex(t, newIndexer(t, n, lite, nil), n)
	want, _ := lite.Dump(context.Background())

	url := pgtest.URL(t)
	open := func() *store.DB {
		db, err := store.Open(context.Background(), store.Options{DatabaseURL: url})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		return db
	}
	a, b := open(), open()
	ixA, ixB := newIndexer(t, n, a, nil), newIndexer(t, n, b, nil)
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	for _, ix := range []*indexer.Indexer{ixA, ixB} {
		wg.Add(1)
		go func() { defer wg.Done(); ix.Run(ctx) }()
	}
	deadline := time.Now().Add(time.Minute)
	for {
		ia, ha := ixA.Status()
		ib, hb := ixB.Status()
		if ia == n.Height() && ib == n.Height() && ha == n.Height() && hb == n.Height() {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("replicas at %d/%d and %d/%d, node at %d", ia, ha, ib, hb, n.Height())
		}
		time.Sleep(10 * time.Millisecond)
	}
	cancel()
	wg.Wait()
	if got, _ := a.Dump(context.Background()); got != want {
		t.Fatal("PostgreSQL replicas' index differs from a single SQLite run")
	}

	// A follower over an empty store tracks the head but writes nothing.
	empty := openSQLite(t)
	f := newIndexer(t, n, empty, func(c *indexer.Config) { c.Follow = true })
	fctx, fcancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer fcancel()
	f.Run(fctx)
	if d, _ := empty.Dump(context.Background()); d != "" {
		t.Fatalf("follower wrote:\n%s", d)
	}
	if i, h := f.Status(); i != 0 || h != n.Height() {
		t.Fatalf("follower status %d/%d", i, h)
	}
}

// An index ahead of the node (a devnet restarted without its state) is refused, not
// overwritten.
func TestIndexAheadOfNode(t *testing.T) {
	n := newNode(t)
	traffic(t, n, rand.New(rand.NewPCG(13, 14)), 20)
	db := openSQLite(t)
	syncIndex(t, newIndexer(t, n, db, nil), n)
	fresh := newNode(t)
	err := newIndexer(t, fresh, db, nil).Sync(context.Background())
	if !errors.Is(err, indexer.ErrAhead) {
		t.Fatalf("err = %v, want ErrAhead", err)
	}
}

// A devnet reverted to a snapshot (the e2e suite does it around every test that changes
// the chain): the index notices the rewind, starts again and ends equal to a clean index
// of the chain as it now is, whether the new chain is shorter or already longer.
func TestRewoundChainIsIndexedAgain(t *testing.T) {
	for _, longer := range []bool{false, true} {
		t.Run(fmt.Sprint("longer=", longer), func(t *testing.T) {
			n, rng, snap, db, ix := indexedPastSnapshot(t, 31, 30)
			if err := n.Revert(snap); err != nil {
				t.Fatal(err)
			}
			if longer {
				traffic(t, n, rng, 60)
			} else {
				traffic(t, n, rng, 5)
			}
			syncIndex(t, ix, n)
			requireCleanIndex(t, n, db)
		})
	}
}

// indexedPastSnapshot makes count transactions, a snapshot, count more, and an index of
// them all that starts again when the chain is rewound.
func indexedPastSnapshot(t *testing.T, seed uint64, count int) (*devnet.Node, *rand.Rand, uint64, *store.DB, *indexer.Indexer) {
	t.Helper()
	n := newNode(t)
	rng := rand.New(rand.NewPCG(seed, seed+1))
	traffic(t, n, rng, count)
	snap := n.Snapshot()
	traffic(t, n, rng, count)
	db := openSQLite(t)
	ix := newIndexer(t, n, db, func(c *indexer.Config) { c.ResetOnRewind = true })
	syncIndex(t, ix, n)
	return n, rng, snap, db, ix
}

// requireCleanIndex fails the test unless db equals a clean index of the chain as it is.
func requireCleanIndex(t *testing.T, n *devnet.Node, db *store.DB) {
	t.Helper()
	clean := openSQLite(t)
	syncIndex(t, newIndexer(t, n, clean, nil), n)
	want, _ := clean.Dump(context.Background())
	if got, _ := db.Dump(context.Background()); got != want {
		t.Fatal("after the rewind the index differs from a clean one")
	}
}

// rewindingSource reverts its devnet to a snapshot on the first read of a block above
// height, before answering it: a revert that lands while the index is reading.
type rewindingSource struct {
	*supra.Client
	n      *devnet.Node
	snap   uint64
	height uint64
	once   sync.Once
	state  atomic.Int32 // 1 reverted, 2 the revert failed
}

func (r *rewindingSource) BlockByHeight(ctx context.Context, h uint64, withTxs bool) (supra.Block, error) {
	if h > r.height {
		r.once.Do(func() {
			if err := r.n.Revert(r.snap); err != nil {
				r.state.Store(2)
				return
			}
			r.state.Store(1)
		})
	}
	return r.Client.BlockByHeight(ctx, h, withTxs)
}

// A devnet reverted while the index reads blocks above the snapshot: the blocks it is
// reading are gone and the chain does not grow again (the e2e suite holds every other
// writer back until the index has seen the rewind). The read stops instead of waiting for
// them, and the index starts over and ends equal to a clean index of the chain as it is.
func TestRewindDuringAReadStartsOver(t *testing.T) {
	n, rng, snap, db, _ := indexedPastSnapshot(t, 33, 20)
	indexedTo := n.Height()
	traffic(t, n, rng, 20)

	src := &rewindingSource{Client: source(t, n), n: n, snap: snap, height: indexedTo}
	ix := indexerOn(t, src, src.Client, db, func(c *indexer.Config) {
		c.ResetOnRewind = true
		c.Log = slog.New(slog.DiscardHandler)
	})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- ix.Run(ctx) }()
	deadline := time.Now().Add(20 * time.Second)
	for {
		if src.state.Load() == 2 {
			t.Fatal("the revert failed")
		}
		if got, _ := ix.Status(); src.state.Load() == 1 && got == n.Height() {
			break
		}
		if time.Now().After(deadline) {
			got, head := ix.Status()
			t.Fatalf("the index is stuck at %d (head %d, node at %d, reverted: %v)", got, head, n.Height(), src.state.Load() == 1)
		}
		time.Sleep(5 * time.Millisecond)
	}
	cancel()
	<-done
	requireCleanIndex(t, n, db)
}
