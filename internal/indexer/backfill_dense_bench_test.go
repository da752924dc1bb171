package indexer_test

import (
	"context"
	"crypto/ed25519"
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/luckycoin/lucky/internal/chain"
	"github.com/luckycoin/lucky/internal/devnet"
	"github.com/luckycoin/lucky/internal/devnet/contracts"
	"github.com/luckycoin/lucky/internal/devnet/devnettest"
	"github.com/luckycoin/lucky/internal/indexer"
	"github.com/luckycoin/lucky/internal/supra"
)

// denseChain is what the dense benchmark chain holds, counted from the node's
// transactions (not through the indexer).
type denseChain struct {
	blocks       int
	txs          int
	allEvents    int // every event in its blocks, fee statements included
	streamEvents int // events of the streams the index reads (coin, fungible asset, app)
	appEvents    int // events of the app's own transactions (swaps, plays, LUCKY moves…)
}

// denseBenchNode builds a devnet of blocks blocks in which every block holds transfers
// of coins other than LUCKY: SUPRA and dexUSDC between coin stores, MINE (a coin the
// registry does not list) between coin stores, and dexUSDC and MINE between accounts that
// moved them to primary fungible stores (fungible_asset Withdraw/Deposit keyed by store),
// plus one random app transaction every appEvery blocks.
func denseBenchNode(b testing.TB, blocks, appEvery int) (*devnet.Node, denseChain) {
	b.Helper()
	began := time.Now()
	mods, err := modulesOnce()
	if err != nil {
		b.Fatal(err)
	}
	// Blocks are sealed by Mine only: the ticker of a day never fires during a run.
	n := devnettest.New(b, devnet.Options{Modules: mods, BlockTime: 24 * time.Hour})
	acc := n.Accounts()
	if len(acc) < 9 {
		b.Fatalf("%d dev accounts, need 9", len(acc))
	}
	key := func(i int) ed25519.PrivateKey { return acc[i].PrivateKey }
	for i := 4; i <= 8; i++ {
		for _, c := range []string{contracts.SupraCoinType, usdcT, contracts.MineCoinType} {
			if err := n.SetBalance(acc[i].Address, c, 1<<60); err != nil {
				b.Fatal(err)
			}
		}
	}
	submit := func(from int, c devnettest.Call) [32]byte {
		h, err := devnettest.Submit(n, key(from), c)
		if err != nil {
			b.Fatalf("%s from account %d: %v", c.Function, from, err)
		}
		return h
	}
	transfer := func(from, to int, coin string, amount uint64) [32]byte {
		return submit(from, devnettest.Call{Function: "0x1::supra_account::transfer_coins", TypeArgs: []string{coin},
			Args: [][]byte{devnettest.Addr(acc[to].Address), devnettest.U64(amount)}})
	}
	hashes := [][32]byte{genesisTx(b, n)}
	// Accounts 7 and 8 hold dexUSDC and MINE in primary fungible stores.
	for _, i := range []int{7, 8} {
		for _, c := range []string{usdcT, contracts.MineCoinType} {
			hashes = append(hashes, submit(i, devnettest.Call{Function: "0x1::coin::migrate_to_fungible_store", TypeArgs: []string{c}}))
		}
	}
	n.Mine(1)
	rng := rand.New(rand.NewPCG(71, 72))
	var app [][32]byte
	for int(n.Height()) < blocks-1 {
		amt := uint64(1 + rng.IntN(1_000_000))
		hashes = append(hashes,
			transfer(4, 5, contracts.SupraCoinType, amt),
			transfer(5, 6, usdcT, amt),
			transfer(6, 4, contracts.MineCoinType, amt),
			transfer(7, 8, usdcT, amt),
			transfer(8, 7, contracts.MineCoinType, amt))
		if int(n.Height())%appEvery == 0 {
			app = append(app, traffic(b, n, rng, 1)...)
		}
		n.Mine(1)
	}
	d := denseChain{blocks: int(n.Height()) + 1}
	count := func(hs [][32]byte, appTx bool) {
		for _, h := range hs {
			info, ok := n.Transaction(h)
			if !ok || info.Output == nil {
				b.Fatalf("tx %x not found", h)
			}
			d.txs++
			for _, ev := range info.Output.Move.Events {
				d.allEvents++
				if strings.HasSuffix(ev.Type, "::FeeStatement") {
					continue
				}
				d.streamEvents++
				if appTx {
					d.appEvents++
				}
			}
		}
	}
	count(hashes, false)
	count(app, true)
	b.Logf("dense chain: %d blocks, %d transactions (%d of the app), %d events (%d of the indexed streams, %d of app transactions), built in %s",
		d.blocks, d.txs, len(app), d.allEvents, d.streamEvents, d.appEvents, time.Since(began).Round(time.Millisecond))
	return n, d
}

// BenchmarkBackfillDense times a cold backfill into SQLite, the fungible-asset streams
// included, of a dense devnet chain (LUCKY_BENCH_BLOCKS blocks, default 5,000; five
// transfers of other coins in every block, two of them between fungible stores, and an
// app transaction every LUCKY_BENCH_APP_EVERY blocks, default 10) with 0 and 80 ms
// injected before every node answer (LUCKY_BENCH_LATENCIES), and reports blocks/s, the
// events of the indexed streams per second, every event read per second and the peak live
// heap above the start (sampled every 250 ms).
//
//	LUCKY_BENCH_BLOCKS=5000 go test -run '^$' -bench BackfillDense -benchtime 1x -timeout 1h ./internal/indexer/
func BenchmarkBackfillDense(b *testing.B) {
	n, d := denseBenchNode(b, envInt("LUCKY_BENCH_BLOCKS", 5_000), envInt("LUCKY_BENCH_APP_EVERY", 10))
	for _, ms := range benchLatencies([]int{0, 80}) {
		b.Run(fmt.Sprintf("latency=%dms", ms), func(b *testing.B) {
			n.SetFaults(time.Duration(ms)*time.Millisecond, 0, 0)
			defer n.SetFaults(0, 0, 0)
			for range b.N {
				b.StopTimer()
				db := openSQLite(b)
				chainB := bindings(b, source(b, n))
				var ownerReads atomic.Int64
				ix := newIndexer(b, n, db, func(c *indexer.Config) {
					c.Stores = chainB.Stores()
					c.StoreOwner = func(ctx context.Context, s supra.Address) (chain.StoreOwner, error) {
						ownerReads.Add(1)
						return chainB.Core.StoreOwner(ctx, s)
					}
				})
				runtime.GC()
				var ms0 runtime.MemStats
				runtime.ReadMemStats(&ms0)
				peak := heapPeak(ms0.HeapAlloc)
				b.StartTimer()
				began := time.Now()
				if err := ix.Sync(context.Background()); err != nil {
					b.Fatal(err)
				}
				el := time.Since(began)
				b.StopTimer()
				grew := peak()
				s := el.Seconds()
				b.ReportMetric(float64(d.blocks)/s, "blocks/s")
				b.ReportMetric(float64(d.streamEvents)/s, "events/s")
				b.ReportMetric(float64(d.allEvents)/s, "all-events/s")
				b.ReportMetric(grew, "heap-MiB")
				b.Logf("latency %d ms: %d blocks, %d stream events (%d in all) in %s = %.0f blocks/s, %.0f stream events/s, %.0f events/s in all; %d store-owner calls; live heap peak +%.1f MiB",
					ms, d.blocks, d.streamEvents, d.allEvents, el.Round(time.Millisecond), float64(d.blocks)/s,
					float64(d.streamEvents)/s, float64(d.allEvents)/s, ownerReads.Load(), grew)
				b.StartTimer()
			}
		})
	}
}

// benchLatencies is LUCKY_BENCH_LATENCIES ("0,80") as milliseconds, def when unset.
func benchLatencies(def []int) []int {
	s := os.Getenv("LUCKY_BENCH_LATENCIES")
	if s == "" {
		return def
	}
	var out []int
	for _, f := range strings.Split(s, ",") {
		var ms int
		if _, err := fmt.Sscan(strings.TrimSpace(f), &ms); err == nil && ms >= 0 {
			out = append(out, ms)
		}
	}
	return out
}
