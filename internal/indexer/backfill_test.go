package indexer_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/luckycoin/lucky/internal/config"
	"github.com/luckycoin/lucky/internal/devnet"
	"github.com/luckycoin/lucky/internal/devnet/devnettest"
	"github.com/luckycoin/lucky/internal/indexer"
	"github.com/luckycoin/lucky/internal/supra"
)

// countingDoer counts the node's requests and, with noV3, answers the v3 events query as a
// node without it does (404).
type countingDoer struct {
	next     supra.HTTPDoer
	noV3     bool
	requests atomic.Int64
}

func (d *countingDoer) Do(r *http.Request) (*http.Response, error) {
	d.requests.Add(1)
	if d.noV3 && strings.HasPrefix(r.URL.Path, "/rpc/v3/") {
		return &http.Response{StatusCode: http.StatusNotFound, Header: http.Header{"Content-Type": {"application/json"}}, Request: r,
			Body: io.NopCloser(strings.NewReader(`{"message":"Invalid URL, Path Not Found","error_code":"web_framework_error"}`))}, nil
	}
	return d.next.Do(r)
}

// sparseChain is a devnet whose app transactions are spread between runs of empty blocks.
func sparseChain(t testing.TB, txs, gap int) (*devnet.Node, [][32]byte) {
	t.Helper()
	n := newNode(t)
	rng := rand.New(rand.NewPCG(51, 52))
	var hashes [][32]byte
	for range txs {
		hashes = append(hashes, traffic(t, n, rng, 1)...)
		n.Mine(rng.IntN(2 * gap))
	}
	return n, hashes
}

// The range query (v3), the v1 query and a node without v3 (the indexer falls back to v1
// when it answers 404) give the same index, equal to the chain; the range query needs
// far fewer requests on a sparse chain.
func TestRangeQueryAndV1GiveTheSameIndex(t *testing.T) {
	n, hashes := sparseChain(t, 120, 40)
	var dumps []string
	var requests []int64
	for _, mode := range []string{"v3", "v1", "no v3 on the node"} {
		doer := &countingDoer{next: devnettest.HTTPClient(n), noV3: mode == "no v3 on the node"}
		src, err := supra.NewClient([]string{config.DevnetRPC}, supra.WithHTTP(doer), supra.WithRetries(0, 0))
		if err != nil {
			t.Fatal(err)
		}
		b := bindings(t, src)
		logs := &lockedBuffer{}
		db := openSQLite(t)
		ix, err := indexer.New(src, db, indexer.Config{Streams: indexer.Streams(network(t).Modules), Rules: Rules(t), Decoders: b.Decoders(),
			DAOShare: b.PoolDAOShare, BackoffMin: time.Millisecond, BackoffMax: 5 * time.Millisecond, NoRangeQuery: mode == "v1",
			Log: slog.New(slog.NewTextHandler(logs, nil))})
		if err != nil {
			t.Fatal(err)
		}
		syncIndex(t, ix, n)
		dumps = append(dumps, checkAgainstChain(t, n, db, hashes))
		requests = append(requests, doer.requests.Load())
		if fell := strings.Contains(logs.String(), "no range query"); fell != (mode == "no v3 on the node") {
			t.Errorf("%s: fell back to v1: %v\n%s", mode, fell, logs.String())
		}
	}
	if dumps[0] != dumps[1] || dumps[0] != dumps[2] {
		t.Fatal("the indexes differ")
	}
	t.Logf("%d blocks: %d requests with v3, %d with v1, %d falling back", n.Height()+1, requests[0], requests[1], requests[2])
	if requests[0]*5 > requests[1] {
		t.Fatalf("v3 took %d requests, v1 %d: the range query should save most of them", requests[0], requests[1])
	}
}

// A node that rate-limits (429 with Retry-After) or fails (503) part of its answers gets
// fewer requests and waits as asked; the index still ends equal to a clean one.
func TestPushbackIsRespected(t *testing.T) {
	n, _ := sparseChain(t, 30, 20)
	clean := openSQLite(t)
	syncIndex(t, newIndexer(t, n, clean, nil), n)
	want, _ := clean.Dump(context.Background())
	for _, status := range []int{http.StatusTooManyRequests, http.StatusServiceUnavailable} {
		t.Run(fmt.Sprint(status), func(t *testing.T) {
			n.SetFaults(0, 10, status)
			defer n.SetFaults(0, 0, 0)
			db := openSQLite(t)
			began := time.Now()
			syncIndex(t, newIndexer(t, n, db, nil), n)
			if got, _ := db.Dump(context.Background()); got != want {
				t.Fatal("the index differs from a clean one")
			}
			// The devnet asks for a second after a 429: no new request goes before then.
			if took := time.Since(began); status == http.StatusTooManyRequests && took < time.Second {
				t.Fatalf("done in %s despite the node's Retry-After of 1 s", took)
			}
		})
	}
}

// Progress reports a long catch-up while it runs (with a time left) and after it ends,
// with its rates.
func TestProgressReportsTheCatchUp(t *testing.T) {
	n, _ := sparseChain(t, 20, 200)
	n.SetFaults(time.Millisecond, 0, 0)
	db := openSQLite(t)
	ix := newIndexer(t, n, db, func(c *indexer.Config) { c.NoRangeQuery = true })
	if p := ix.Progress(); p.CatchingUp || p.BlocksPerSec != 0 {
		t.Fatalf("before any catch-up: %+v", p)
	}
	stop := make(chan struct{})
	seen := make(chan indexer.Progress, 1)
	go func() {
		var during indexer.Progress
		defer func() { seen <- during }()
		for {
			select {
			case <-stop:
				return
			case <-time.After(time.Millisecond):
			}
			if p := ix.Progress(); p.CatchingUp && p.ETASeconds > 0 {
				during = p
			}
		}
	}()
	syncIndex(t, ix, n)
	close(stop)
	during := <-seen
	if !during.CatchingUp || during.Head != n.Height() || during.Indexed >= during.Head || during.BlocksPerSec <= 0 {
		t.Fatalf("during the catch-up: %+v", during)
	}
	after := ix.Progress()
	if after.CatchingUp || after.ETASeconds != 0 || after.From != 0 || after.Indexed != n.Height() || after.Head != n.Height() ||
		after.BlocksPerSec <= 0 || after.EventsPerSec <= 0 {
		t.Fatalf("after the catch-up: %+v", after)
	}
}

// farChain is a node whose head is far away and whose blocks are all empty: the indexer
// plans and reads windows toward it as fast as it can.
type farChain struct{ head uint64 }

func (f farChain) LatestBlock(context.Context) (supra.BlockHeader, error) {
	return supra.BlockHeader{Hash: blockHash(f.head), Height: f.head}, nil
}

func (f farChain) BlockByHeight(_ context.Context, h uint64, _ bool) (supra.Block, error) {
	return supra.Block{Header: supra.BlockHeader{Hash: blockHash(h), Height: h}}, nil
}

func (farChain) Events(context.Context, string, uint64, uint64) ([]supra.Event, error) {
	return nil, nil
}

func (farChain) EventsRange(context.Context, string, uint64, uint64, int, string) (supra.EventPage, error) {
	return supra.EventPage{}, nil
}

func blockHash(h uint64) string { return fmt.Sprintf("0x%064x", h) }

// The memory of a catch-up does not grow with the distance to the head: windows are
// planned as they are read, a bounded number ahead. The live heap while catching up to a
// head 5 million or 5 billion blocks away stays under 10 MiB above where it started.
func TestCatchUpMemoryIsBoundedWhateverTheHead(t *testing.T) {
	for _, head := range []uint64{5_000_000, 5_000_000_000} {
		for _, v1 := range []bool{true, false} {
			t.Run(fmt.Sprintf("head=%d/v1=%v", head, v1), func(t *testing.T) {
				db := openSQLite(t)
				b := bindings(t, source(t, newNode(t)))
				ix, err := indexer.New(farChain{head}, db, indexer.Config{Streams: indexer.Streams(network(t).Modules), Rules: Rules(t),
					Decoders: b.Decoders(), DAOShare: b.PoolDAOShare, NoRangeQuery: v1})
				if err != nil {
					t.Fatal(err)
				}
				live := func() uint64 {
					runtime.GC()
					var ms runtime.MemStats
					runtime.ReadMemStats(&ms)
					return ms.HeapAlloc
				}
				base := live()
				ctx, cancel := context.WithTimeout(context.Background(), 1500*time.Millisecond)
				defer cancel()
				done := make(chan error, 1)
				go func() { done <- ix.Sync(ctx) }()
				var peak uint64
				for sampling := true; sampling; {
					select {
					case <-done:
						sampling = false
					case <-time.After(100 * time.Millisecond):
						peak = max(peak, live())
					}
				}
				indexed, _ := ix.Status()
				grew := float64(peak-min(peak, base)) / (1 << 20)
				t.Logf("head %d away: %d blocks indexed in 1.5 s, live heap %.1f MiB above the start", head, indexed, grew)
				if indexed < 1000 {
					t.Fatalf("only %d blocks indexed: nothing was measured", indexed)
				}
				if grew >= 10 {
					t.Fatalf("live heap grew %.1f MiB catching up to a head %d away", grew, head)
				}
			})
		}
	}
}
