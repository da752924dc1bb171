package indexer_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/luckycoin/lucky/internal/devnet"
	"github.com/luckycoin/lucky/internal/indexer"
)

// sparseGap is how many blocks lie between two app transactions of the sparse benchmark
// chain: most windows of a long history hold no event of the app.
const sparseGap = 250

// envInt reads a positive integer from the environment, def when unset or invalid.
func envInt(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil && n > 0 {
		return n
	}
	return def
}

// sparseBenchNode builds a devnet of at least blocks blocks with one random app
// transaction every sparseGap blocks, and returns it with the number of events of the
// indexed streams it holds.
func sparseBenchNode(b *testing.B, blocks int) (*devnet.Node, int) {
	b.Helper()
	began := time.Now()
	n := newNode(b)
	rng := rand.New(rand.NewPCG(61, 62))
	hashes := [][32]byte{genesisTx(b, n)}
	for int(n.Height()) < blocks-1 {
		hashes = append(hashes, traffic(b, n, rng, 1)...)
		n.Mine(min(sparseGap-1, blocks-1-int(n.Height())))
	}
	events := expect(b, n, hashes).streamEvents
	b.Logf("chain: %d blocks, %d transactions, %d stream events, built in %s", n.Height()+1, len(hashes), events,
		time.Since(began).Round(time.Millisecond))
	return n, events
}

// BenchmarkBackfillSparse times a cold backfill into SQLite of a long, sparse devnet
// chain (LUCKY_BENCH_BLOCKS blocks, default 1,000,000, an app transaction every 250) with
// 0, 20 and 80 ms injected before every node answer (LUCKY_BENCH_LATENCIES, e.g. "80"),
// and reports blocks/s, events/s and the peak live heap above the start (sampled every
// 250 ms; the devnet's own memory is in the start). LUCKY_BENCH_V1=1 reads through the v1 events query only.
//
//	go test -run '^$' -bench BackfillSparse -benchtime 1x -timeout 3h ./internal/indexer/
func BenchmarkBackfillSparse(b *testing.B) {
	n, events := sparseBenchNode(b, envInt("LUCKY_BENCH_BLOCKS", 1_000_000))
	lats := []int{0, 20, 80}
	if s := os.Getenv("LUCKY_BENCH_LATENCIES"); s != "" {
		lats = nil
		for _, f := range strings.Split(s, ",") {
			if ms, err := strconv.Atoi(strings.TrimSpace(f)); err == nil {
				lats = append(lats, ms)
			}
		}
	}
	for _, ms := range lats {
		b.Run(fmt.Sprintf("latency=%dms", ms), func(b *testing.B) {
			n.SetFaults(time.Duration(ms)*time.Millisecond, 0, 0)
			defer n.SetFaults(0, 0, 0)
			for range b.N {
				b.StopTimer()
				db := openSQLite(b)
				ix := newIndexer(b, n, db, func(c *indexer.Config) { c.NoRangeQuery = os.Getenv("LUCKY_BENCH_V1") == "1" })
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
				blocks := float64(n.Height() + 1)
				b.ReportMetric(blocks/el.Seconds(), "blocks/s")
				b.ReportMetric(float64(events)/el.Seconds(), "events/s")
				b.ReportMetric(grew, "heap-MiB")
				b.Logf("latency %d ms: %.0f blocks, %d events in %s = %.0f blocks/s, %.1f events/s; live heap peak +%.1f MiB",
					ms, blocks, events, el.Round(time.Millisecond), blocks/el.Seconds(), float64(events)/el.Seconds(), grew)
				b.StartTimer()
			}
		})
	}
}

// heapPeak samples the live heap (after a collection) every 250 ms until the returned
// function is called, which reports the highest seen above base, in MiB.
func heapPeak(base uint64) func() float64 {
	stop := make(chan struct{})
	var wg sync.WaitGroup
	var peak uint64
	wg.Add(1)
	go func() {
		defer wg.Done()
		t := time.NewTicker(250 * time.Millisecond)
		defer t.Stop()
		for {
			runtime.GC()
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			peak = max(peak, ms.HeapAlloc)
			select {
			case <-stop:
				return
			case <-t.C:
			}
		}
	}()
	return func() float64 {
		close(stop)
		wg.Wait()
		return float64(peak-min(peak, base)) / (1 << 20)
	}
}
