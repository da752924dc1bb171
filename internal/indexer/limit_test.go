package indexer

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/luckycoin/lucky/internal/supra"
)

// The limiter halves its bound once for a burst of failures of requests sent together,
// keeps new requests back for as long as the node asked, grows back by one for every
// bound's worth of answers, and lets a waiter go when its context ends.
func TestLimiter(t *testing.T) {
	ctx := context.Background()
	l := newLimiter(8)
	var epochs []uint64
	for range 8 {
		e, err := l.acquire(ctx)
		if err != nil {
			t.Fatal(err)
		}
		epochs = append(epochs, e)
	}
	short, cancel := context.WithTimeout(ctx, 20*time.Millisecond)
	if _, err := l.acquire(short); err == nil {
		t.Fatal("a ninth request went through a bound of 8")
	}
	cancel()

	limited := &supra.NodeError{Status: http.StatusTooManyRequests, RetryAfter: 300 * time.Millisecond}
	for _, e := range epochs {
		l.release(e, fmt.Errorf("events: %w", limited))
	}
	if got := l.current(); got != 4 {
		t.Fatalf("bound %d after one burst of 429s, want 4", got)
	}
	began := time.Now()
	e, err := l.acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if waited := time.Since(began); waited < 250*time.Millisecond {
		t.Fatalf("a request went %s after a Retry-After of 300 ms", waited)
	}
	l.release(e, &supra.NodeError{Status: http.StatusBadGateway})
	if got := l.current(); got != 2 {
		t.Fatalf("bound %d after a 502 of a later request, want 2", got)
	}
	for range 2 + 3 {
		e, _ := l.acquire(ctx)
		l.release(e, nil)
	}
	if got := l.current(); got != 4 {
		t.Fatalf("bound %d after 5 answers from 2, want 4", got)
	}
	for range 1000 {
		e, _ := l.acquire(ctx)
		l.release(e, nil)
	}
	if got := l.current(); got != 8 {
		t.Fatalf("bound %d after many answers, want the most, 8", got)
	}
	// A 4xx other than 429 is the request's fault, not the node's load.
	e, _ = l.acquire(ctx)
	l.release(e, &supra.NodeError{Status: http.StatusBadRequest})
	if got := l.current(); got != 8 {
		t.Fatalf("bound %d after a 400, want 8", got)
	}
}
