package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/luckycoin/lucky/internal/store/pgtest"
	"github.com/luckycoin/lucky/internal/supra"
)

// Reads through a round-robin reverse proxy in front of 1, 2 and 3 replicas on one
// PostgreSQL and one devnet, all real processes: requests per second of the history and
// market reads a page makes. bench/replicas.sh runs it.
//
// On one machine the replicas would share its cores with the database, the node and the
// load, and a single replica can already take every core: adding replicas then only adds
// contention, and says nothing about what a replica on its own host adds. So each replica
// runs as a small VM would: one core's worth of Go (GOMAXPROCS=1) under a CPU quota of
// replicaCPU (a cgroup, where this machine lets the benchmark make one; it says so when it
// cannot). The quotas together stay below the machine, so what the replicas serve, not the
// machine, is the limit, and the ratio shows what each replica adds.
func BenchmarkReplicaReads(b *testing.B) {
	bin := buildLucky(b)
	// A day of seeded history, so the reads have rows to read.
	node, _ := startDevnetBinary(b, bin, filepath.Join(b.TempDir(), "state.json"), "--history", "24h")
	dbURL := pgtest.URL(b)
	b.Setenv("GOMAXPROCS", "1")
	var bases []string
	limited := true
	for i := 0; i < 3; i++ {
		r := startReplica(b, bin, "--rpc", node, "--database-url", dbURL)
		if err := limitCPU(b, r.cmd.Process.Pid, replicaCPU); err != nil {
			limited = false
			b.Logf("no CPU quota for the replicas (%v): they share this machine's cores", err)
		}
		bases = append(bases, r.base)
	}
	if limited {
		b.Logf("each replica: GOMAXPROCS=1 and a quota of %d%% of a core", replicaCPU)
	}
	head := devnetHead(b, node)
	for _, base := range bases {
		waitIndexed(b, base, head)
	}
	// What /stats and /slots read: the chart at two intervals, the holders, the spins feed.
	paths := []string{"/api/v1/market/candles?pair=LUCKY-SUPRA&interval=5m", "/api/v1/market/candles?pair=LUCKY-SUPRA&interval=1h",
		"/api/v1/holders?limit=100", "/api/v1/market/lucky", "/api/v1/slots/feed"}
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

// replicaCPU is each replica's CPU quota in percent of one core: three of them and the
// database, node, proxy and load fit in two cores.
const replicaCPU = 25

// limitCPU puts process pid in a cgroup (v1 cpu controller) of its own whose quota is
// percent of one core, removed when the benchmark ends.
func limitCPU(tb testing.TB, pid, percent int) error {
	const root = "/sys/fs/cgroup/cpu"
	dir := filepath.Join(root, fmt.Sprintf("lucky-bench-%d", pid))
	if err := os.Mkdir(dir, 0o755); err != nil {
		return err
	}
	tb.Cleanup(func() {
		// A cgroup is removed once empty: the process has exited by now, or goes back to the root.
		_ = os.WriteFile(filepath.Join(root, "cgroup.procs"), []byte(strconv.Itoa(pid)), 0o644)
		_ = os.Remove(dir)
	})
	const period = 100_000 // µs
	for _, w := range []struct{ file, v string }{
		{"cpu.cfs_period_us", strconv.Itoa(period)},
		{"cpu.cfs_quota_us", strconv.Itoa(period * percent / 100)},
		{"cgroup.procs", strconv.Itoa(pid)},
	} {
		if err := os.WriteFile(filepath.Join(dir, w.file), []byte(w.v), 0o644); err != nil {
			return err
		}
	}
	return nil
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
