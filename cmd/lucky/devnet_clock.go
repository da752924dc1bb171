package main

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"time"
)

// devnetClock is the clock of a devnet served elsewhere (`lucky serve --rpc` on devnet).
// POST /devnet/time/advance moves that chain's clock ahead of this machine's, and the chain
// judges a transaction's expiry and the app's "last 24 hours" by its own clock: a
// transaction built with this machine's time would arrive already expired. The clock reads
// the node's time from GET /devnet/info at most once per interval, and between reads runs
// on the wall clock plus the last offset seen; while the node does not answer, that offset
// stands.
type devnetClock struct {
	info  string // the node's /devnet/info URL
	http  *http.Client
	every time.Duration
	wall  func() time.Time
	log   *slog.Logger

	mu     sync.Mutex
	offset time.Duration // node time minus wall time at the last read
	read   time.Time     // wall time of the last read attempt; zero: read at the next Now
}

// devnetClockInterval bounds how stale the offset can be when another process moves the
// node's clock; a move made through this server's own pass-through is seen at once.
const devnetClockInterval = time.Second

func newDevnetClock(nodeURL string, log *slog.Logger) *devnetClock {
	return &devnetClock{
		info:  strings.TrimSuffix(nodeURL, "/") + "/devnet/info",
		http:  &http.Client{Timeout: 2 * time.Second},
		every: devnetClockInterval,
		wall:  time.Now,
		log:   log,
	}
}

// Now is the node's time.
func (c *devnetClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	now := c.wall()
	if c.read.IsZero() || now.Sub(c.read) >= c.every {
		c.read = now
		if t, err := c.fetch(); err != nil {
			c.log.Warn("devnet clock: the node's time is unreadable; keeping the last offset", "err", err)
		} else {
			now = c.wall()
			c.offset = t.Sub(now)
		}
	}
	return now.Add(c.offset)
}

// invalidate makes the next Now read the node's time: something just moved it (a time
// advance, a revert, a reset or a loaded state passed through this server).
func (c *devnetClock) invalidate() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.read = time.Time{}
}

func (c *devnetClock) fetch() (time.Time, error) {
	req, err := http.NewRequestWithContext(context.Background(), http.MethodGet, c.info, nil)
	if err != nil {
		return time.Time{}, err
	}
	res, err := c.http.Do(req)
	if err != nil {
		return time.Time{}, err
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return time.Time{}, fmt.Errorf("GET %s: status %d", c.info, res.StatusCode)
	}
	var info struct {
		TimestampUS *int64 `json:"timestamp_us"`
	}
	if err := json.NewDecoder(res.Body).Decode(&info); err != nil {
		return time.Time{}, fmt.Errorf("GET %s: %w", c.info, err)
	}
	if info.TimestampUS == nil {
		return time.Time{}, fmt.Errorf("GET %s: no timestamp_us", c.info)
	}
	return time.UnixMicro(*info.TimestampUS), nil
}

// movesClock reports whether a request passed through to the node can move its clock.
func movesClock(r *http.Request) bool {
	return r.Method == http.MethodPost && strings.HasPrefix(r.URL.Path, "/devnet/")
}
