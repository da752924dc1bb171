package indexer_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/luckycoin/lucky/internal/api"
	"github.com/luckycoin/lucky/internal/devnet"
	"github.com/luckycoin/lucky/internal/devnet/devnettest"
	"github.com/luckycoin/lucky/internal/indexer"
	"github.com/luckycoin/lucky/internal/tokens"
)

// benchEvents is how many stream events the benchmark devnet holds (LUCKY_BENCH_EVENTS
// overrides it for a quick run).
func benchEvents() int {
	if s := os.Getenv("LUCKY_BENCH_EVENTS"); s != "" {
		if n, err := strconv.Atoi(s); err == nil && n > 0 {
			return n
		}
	}
	return 100_000
}

// benchNode returns a devnet pre-filled with at least want events of the indexed streams,
// spread over 30 days. The filled chain is saved (LUCKY_BENCH_STATE, default in the temp
// dir) and loaded on later runs, so only the first run pays for the fill.
func benchNode(b *testing.B, want int) (*devnet.Node, int) {
	b.Helper()
	mods, err := modulesOnce()
	if err != nil {
		b.Fatal(err)
	}
	path := os.Getenv("LUCKY_BENCH_STATE")
	if path == "" {
		path = filepath.Join(os.TempDir(), fmt.Sprintf("lucky-bench-%d.state", want))
	}
	_, statErr := os.Stat(path)
	clock := devnettest.FixedTime
	n, err := devnet.New(devnet.Options{Modules: mods, StatePath: path, Now: func() time.Time { return clock }})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { n.Close() })
	if statErr == nil {
		return n, countEvents(b, n)
	}
	began := time.Now()
	rng := rand.New(rand.NewPCG(42, 42))
	// Spread the fill over 30 days of block time (about 2.5 events per transaction): the
	// 1h candles of a month.
	step := 30 * 24 * time.Hour * 5 / 2 / time.Duration(want)
	total := 0
	for total < want {
		total += expect(b, n, traffic(b, n, rng, 1)).streamEvents
		if _, err := n.AdvanceTime(step); err != nil {
			b.Fatal(err)
		}
	}
	b.Logf("filled %d events in %d blocks in %s", total, n.Height(), time.Since(began).Round(time.Second))
	return n, total
}

// countEvents counts the events of the indexed streams in the whole chain.
func countEvents(b *testing.B, n *devnet.Node) int {
	b.Helper()
	c := devnettest.Client(b, n)
	total := 0
	streams := indexer.Streams(network(b).Modules)
	for start := uint64(0); start <= n.Height(); start += indexer.MaxWindow {
		for _, s := range streams {
			evs, err := c.Events(context.Background(), s.Type, start, min(start+indexer.MaxWindow, n.Height()+1))
			if err != nil {
				b.Fatal(err)
			}
			total += len(evs)
		}
	}
	return total
}

// BenchmarkFill only fills (or loads) the benchmark devnet and saves it, so a run of the
// separate processes (bench/index-rss.sh: `lucky devnet --state` and `lucky index`) can
// start from it.
func BenchmarkFill(b *testing.B) {
	for range b.N {
		n, events := benchNode(b, benchEvents())
		b.Logf("state: %d events in %d blocks", events, n.Height()+1)
	}
}

// BenchmarkIndexerBackfill times a cold backfill of the pre-filled devnet into SQLite and
// reports events/s and the database size per 100,000 events.
func BenchmarkIndexerBackfill(b *testing.B) {
	n, events := benchNode(b, benchEvents())
	b.ResetTimer()
	for range b.N {
		b.StopTimer()
		db := openSQLite(b)
		ix := newIndexer(b, n, db, nil)
		b.StartTimer()
		began := time.Now()
		if err := ix.Sync(context.Background()); err != nil {
			b.Fatal(err)
		}
		el := time.Since(began)
		b.StopTimer()
		if err := db.Checkpoint(context.Background()); err != nil {
			b.Fatal(err)
		}
		size, _ := db.SizeBytes(context.Background())
		b.ReportMetric(float64(events)/el.Seconds(), "events/s")
		b.ReportMetric(float64(size)/float64(events)*100_000/(1<<20), "MiB/100k-events")
		b.Logf("backfill: %d events, %d blocks in %s = %.0f events/s; SQLite %.1f MiB (%.1f MiB per 100,000 events)",
			events, n.Height()+1, el.Round(time.Millisecond), float64(events)/el.Seconds(), float64(size)/(1<<20),
			float64(size)/float64(events)*100_000/(1<<20))
		b.StartTimer()
	}
}

// BenchmarkIndexReads measures the p50 of each history endpoint through the API handler
// over the index of the pre-filled devnet.
func BenchmarkIndexReads(b *testing.B) {
	n, events := benchNode(b, benchEvents())
	db := openSQLite(b)
	ix := newIndexer(b, n, db, nil)
	if err := ix.Sync(context.Background()); err != nil {
		b.Fatal(err)
	}
	reg, err := tokens.Load(nil)
	if err != nil {
		b.Fatal(err)
	}
	now := n.Now()
	h := api.NewHistory(api.HistoryDeps{Network: network(b), Tokens: reg, Store: db, Now: func() time.Time { return now },
		Status: func(context.Context) (uint64, uint64, error) { i, hh := ix.Status(); return i, hh, nil }})
	month := now.Add(-30 * 24 * time.Hour).Unix()
	cases := []struct {
		name string
		path string
		fn   http.HandlerFunc
	}{
		{"candles-30d-1h", fmt.Sprintf("/api/v1/market/candles?pair=LUCKY-SUPRA&interval=1h&from=%d&to=%d", month, now.Unix()), h.GetCandles},
		{"burns", "/api/v1/burns?limit=20", h.GetBurns},
		{"burn-leaderboard", "/api/v1/burns/leaderboard?limit=20", h.GetBurnLeaderboard},
		{"slots-feed", "/api/v1/slots/feed?limit=20", h.GetSlotsFeed},
		{"holders", "/api/v1/holders?limit=20", h.GetHolders},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			lat := make([]time.Duration, 0, b.N)
			for range b.N {
				req := httptest.NewRequest("GET", c.path, nil)
				rec := httptest.NewRecorder()
				t0 := time.Now()
				c.fn(rec, req)
				lat = append(lat, time.Since(t0))
				if rec.Code != http.StatusOK {
					b.Fatalf("%s: %d %s", c.path, rec.Code, rec.Body)
				}
			}
			if c.name == "candles-30d-1h" {
				rec := httptest.NewRecorder()
				c.fn(rec, httptest.NewRequest("GET", c.path, nil))
				var out struct{ Candles []any }
				if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil || len(out.Candles) < 24*28 {
					b.Fatalf("30 days at 1h: %d candles (%v)", len(out.Candles), err)
				}
			}
			slices.Sort(lat)
			p50 := lat[len(lat)/2]
			b.ReportMetric(float64(p50.Microseconds())/1000, "p50-ms")
			if b.N >= 100 {
				b.Logf("%s at %d events: p50 %s, p99 %s (%d requests)", c.name, events, p50, lat[len(lat)*99/100], b.N)
			}
		})
	}
}
