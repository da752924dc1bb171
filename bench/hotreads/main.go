// Command hotreads measures the hot read routes against a bare net/http server: the same
// number of keep-alive clients, for the same time, first against the bare server, then
// against lucky, printing requests/s, p50 and p99 of each and lucky's share of the bare
// server's requests/s. bench/hotreads.sh starts both servers and runs it.
//
//	hotreads -serve-bare 127.0.0.1:18400            # the bare server
//	hotreads -bare http://127.0.0.1:18400 -lucky http://127.0.0.1:18401 -c 32 -d 15s
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"net"
	"net/http"
	"os"
	"slices"
	"strings"
	"sync"
	"time"
)

// hotPaths are the routes every open page polls, asked for in turn.
const hotPaths = "/api/v1/market/lucky,/api/v1/holders?limit=20,/api/v1/slots/feed?limit=20," +
	"/api/v1/burns?limit=20,/api/v1/market/tokens,/api/v1/config"

func main() {
	serveBare := flag.String("serve-bare", "", "serve the bare JSON answer on this address and do nothing else")
	bare := flag.String("bare", "", "base URL of the bare server")
	lucky := flag.String("lucky", "", "base URL of lucky serve")
	paths := flag.String("paths", hotPaths, "comma-separated paths lucky is asked for, in turn")
	clients := flag.Int("c", 32, "keep-alive clients")
	dur := flag.Duration("d", 15*time.Second, "how long each server is measured")
	enc := flag.String("encoding", "gzip", "the Accept-Encoding every request sends")
	flag.Parse()
	if *serveBare != "" {
		if err := runBare(*serveBare); err != nil {
			fmt.Fprintln(os.Stderr, "hotreads:", err)
			os.Exit(1)
		}
		return
	}
	if *bare == "" || *lucky == "" {
		fmt.Fprintln(os.Stderr, "hotreads: -bare and -lucky are needed (or -serve-bare)")
		os.Exit(2)
	}
	cfg := load{clients: *clients, dur: *dur, encoding: *enc}
	b := cfg.run(*bare, []string{"/"})
	b.print("bare net/http, 1.2 KB JSON")
	l := cfg.run(*lucky, strings.Split(*paths, ","))
	l.print("lucky serve, hot reads")
	fmt.Printf("ratio: lucky / bare = %.1f %% of the requests/s\n", 100*l.rps()/b.rps())
	if b.errors > 0 || l.errors > 0 {
		os.Exit(1)
	}
}

// bareBody is 1.2 KB of JSON, the size of a typical hot answer.
var bareBody = func() []byte {
	var b strings.Builder
	b.WriteString(`{"items":[`)
	for i := 0; b.Len() < 1180; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"n":%d,"v":"0x%040x"}`, i, i*7919)
	}
	b.WriteString("]}\n")
	return []byte(b.String())
}()

// runBare is the reference: net/http answering one JSON body, nothing else.
func runBare(addr string) error {
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(bareBody)
	})
	srv := &http.Server{Addr: addr, Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	return srv.ListenAndServe()
}

type load struct {
	clients  int
	dur      time.Duration
	encoding string
}

type result struct {
	took      time.Duration
	latencies []time.Duration
	byPath    map[string][]time.Duration
	errors    int
	firstErr  string
	bytes     int64
}

func (r result) rps() float64 { return float64(len(r.latencies)) / r.took.Seconds() }

// pct is the p-quantile of sorted latencies.
func pct(sorted []time.Duration, p float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	return sorted[min(len(sorted)-1, int(p*float64(len(sorted))))]
}

func (r result) print(name string) {
	slices.Sort(r.latencies)
	avg := int64(0)
	if n := len(r.latencies); n > 0 {
		avg = r.bytes / int64(n)
	}
	fmt.Printf("%-28s %9.0f req/s  p50 %7.2f ms  p99 %7.2f ms  %d requests, %d errors, %d B/answer\n", name+":", r.rps(),
		ms(pct(r.latencies, 0.50)), ms(pct(r.latencies, 0.99)), len(r.latencies), r.errors, avg)
	if len(r.byPath) > 1 {
		for _, p := range slices.Sorted(maps.Keys(r.byPath)) {
			l := r.byPath[p]
			slices.Sort(l)
			fmt.Printf("  %-30s p50 %7.2f ms  p99 %7.2f ms  max %7.2f ms\n", p, ms(pct(l, 0.5)), ms(pct(l, 0.99)), ms(l[len(l)-1]))
		}
	}
	if r.firstErr != "" {
		fmt.Printf("  first error: %s\n", r.firstErr)
	}
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// run has each client ask for paths in turn (each starting at its own offset) over one
// keep-alive connection until dur has passed.
func (l load) run(base string, paths []string) result {
	tr := &http.Transport{
		DialContext:         (&net.Dialer{Timeout: 5 * time.Second}).DialContext,
		MaxIdleConnsPerHost: l.clients,
		DisableCompression:  true, // measure the bytes as sent; the request says what it accepts
	}
	defer tr.CloseIdleConnections()
	client := &http.Client{Transport: tr, Timeout: 10 * time.Second}
	ctx, cancel := context.WithTimeout(context.Background(), l.dur)
	defer cancel()
	var (
		mu  sync.Mutex
		all = result{byPath: map[string][]time.Duration{}}
		wg  sync.WaitGroup
	)
	start := time.Now()
	for i := range l.clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mine := result{byPath: map[string][]time.Duration{}}
			mine.latencies = make([]time.Duration, 0, 1<<15)
			for j := i; ctx.Err() == nil; j++ {
				p := paths[j%len(paths)]
				t0 := time.Now()
				n, err := get(ctx, client, base+p, l.encoding)
				if ctx.Err() != nil {
					break // the run ended during this request: not counted
				}
				if err != nil {
					mine.errors++
					if mine.firstErr == "" {
						mine.firstErr = p + ": " + err.Error()
					}
					continue
				}
				took := time.Since(t0)
				mine.latencies = append(mine.latencies, took)
				mine.byPath[p] = append(mine.byPath[p], took)
				mine.bytes += n
			}
			mu.Lock()
			all.latencies = append(all.latencies, mine.latencies...)
			for p, l := range mine.byPath {
				all.byPath[p] = append(all.byPath[p], l...)
			}
			all.errors += mine.errors
			all.bytes += mine.bytes
			if all.firstErr == "" {
				all.firstErr = mine.firstErr
			}
			mu.Unlock()
		}()
	}
	wg.Wait()
	all.took = min(time.Since(start), l.dur)
	return all
}

func get(ctx context.Context, c *http.Client, url, encoding string) (int64, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return 0, err
	}
	req.Header.Set("Accept-Encoding", encoding)
	res, err := c.Do(req)
	if err != nil {
		return 0, err
	}
	defer res.Body.Close()
	n, err := io.Copy(io.Discard, res.Body)
	if err != nil {
		return n, err
	}
	if res.StatusCode != http.StatusOK {
		return n, errors.New(res.Status)
	}
	return n, nil
}
