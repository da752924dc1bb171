package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/luckycoin/lucky/internal/store/pgtest"
	"github.com/luckycoin/lucky/internal/supra"
)

// Reads through a round-robin reverse proxy in front of 1, 2 and 3 replicas (one core
// each) on one PostgreSQL and one devnet, all real processes: requests per second of the
// history and market reads a page makes. bench/replicas.sh runs it. On one machine the
// replicas share its cores with the database, the node and the load, so the ratio says
// how far reads scale before that machine is the limit.
func BenchmarkReplicaReads(b *testing.B) {
	bin := buildLucky(b)
	// A day of seeded history, so the reads have rows to read.
	node, _ := startDevnetBinary(b, bin, filepath.Join(b.TempDir(), "state.json"), "--history", "24h")
	dbURL := pgtest.URL(b)
	// Each replica gets one core's worth of Go (as a small VM would), so that one replica
	// cannot take every core of this machine and hide what a second one adds.
	b.Setenv("GOMAXPROCS", "1")
	var bases []string
	for i := 0; i < 3; i++ {
		bases = append(bases, startReplica(b, bin, "--rpc", node, "--database-url", dbURL).base)
	}
	head := devnetHead(b, node)
	for _, base := range bases {
		waitIndexed(b, base, head)
	}
	paths := []string{"/api/v1/holders?limit=20", "/api/v1/market/lucky", "/api/v1/slots/feed", "/api/v1/burns/leaderboard?token=LUCKY"}
	for _, n := range []int{1, 2, 3} {
		b.Run(fmt.Sprintf("replicas=%d", n), func(b *testing.B) {
			proxy := roundRobin(b, bases[:n])
			client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64}}
			const clients = 32
			var next atomic.Int64
			var failed atomic.Int64
			b.ResetTimer()
			start := time.Now()
			var wg sync.WaitGroup
			for c := 0; c < clients; c++ {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for {
						i := next.Add(1)
						if i > int64(b.N) {
							return
						}
						res, err := client.Get(proxy + paths[i%int64(len(paths))])
						if err != nil {
							failed.Add(1)
							continue
						}
						io.Copy(io.Discard, res.Body)
						res.Body.Close()
						if res.StatusCode != 200 {
							failed.Add(1)
						}
					}
				}()
			}
			wg.Wait()
			b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "req/s")
			if f := failed.Load(); f > 0 {
				b.Fatalf("%d of %d requests failed", f, b.N)
			}
		})
	}
}

// roundRobin is the simplest load balancer: each request to the next replica in turn.
func roundRobin(tb testing.TB, bases []string) string {
	var targets []*url.URL
	for _, b := range bases {
		u, _ := url.Parse(b)
		targets = append(targets, u)
	}
	var n atomic.Uint64
	p := &httputil.ReverseProxy{
		Rewrite:   func(r *httputil.ProxyRequest) { r.SetURL(targets[n.Add(1)%uint64(len(targets))]) },
		Transport: &http.Transport{MaxIdleConnsPerHost: 64},
	}
	srv := httptest.NewServer(p)
	tb.Cleanup(srv.Close)
	return srv.URL
}

// devnetHead is the node's latest height.
func devnetHead(tb testing.TB, node string) uint64 {
	tb.Helper()
	c, err := supra.NewClient([]string{node})
	if err != nil {
		tb.Fatal(err)
	}
	h, err := c.LatestBlock(context.Background())
	if err != nil {
		tb.Fatal(err)
	}
	return h.Height
}
