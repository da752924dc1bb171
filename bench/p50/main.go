// Command p50 times GET requests to each URL, one after another on one kept-alive
// connection, and prints each URL's p50 and p99: a server's latency without a load
// generator's noise.
//
//	go run ./bench/p50 -n 500 http://127.0.0.1:8080/api/v1/holders
package main

import (
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"slices"
	"time"
)

func main() {
	n := flag.Int("n", 500, "requests per URL")
	warm := flag.Int("warm", 20, "untimed requests per URL first")
	flag.Parse()
	client := &http.Client{Timeout: 30 * time.Second}
	for _, url := range flag.Args() {
		times := make([]time.Duration, 0, *n)
		for i := 0; i < *warm+*n; i++ {
			start := time.Now()
			resp, err := client.Get(url)
			if err != nil {
				fmt.Fprintln(os.Stderr, "p50:", err)
				os.Exit(1)
			}
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if resp.StatusCode != http.StatusOK {
				fmt.Fprintf(os.Stderr, "p50: %s: status %d\n", url, resp.StatusCode)
				os.Exit(1)
			}
			if i >= *warm {
				times = append(times, time.Since(start))
			}
		}
		slices.Sort(times)
		fmt.Printf("%-60s p50 %8.3f ms  p99 %8.3f ms\n", url, ms(times[len(times)/2]), ms(times[len(times)*99/100]))
	}
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
