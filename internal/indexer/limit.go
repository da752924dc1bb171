package indexer

import (
	"context"
	"errors"
	"net/http"
	"sync"
	"time"

	"github.com/luckycoin/lucky/internal/supra"
)

// limiter bounds the requests the indexer has in flight to its node. A backfill reads
// many windows at once; a node that pushes back (429, a 5xx, no answer) gets fewer: the
// bound halves, and grows back by one for every bound's worth of answers, up to the most
// configured. A burst of failures of requests sent together cuts it once, not once per
// request: only a request started after the last cut can cut again. When the node says
// how long to wait (Retry-After), no request starts before then.
type limiter struct {
	mu        sync.Mutex
	most      int
	bound     int
	inFlight  int
	credit    int    // answers since the bound last grew
	epoch     uint64 // counts the cuts
	notBefore time.Time
	changed   chan struct{} // closed (and replaced) when a slot frees or the pause moves
}

func newLimiter(most int) *limiter {
	return &limiter{most: most, bound: most, changed: make(chan struct{})}
}

// acquire waits for a slot and returns the epoch to hand back to release.
func (l *limiter) acquire(ctx context.Context) (uint64, error) {
	for {
		l.mu.Lock()
		wait := time.Until(l.notBefore)
		if wait <= 0 && l.inFlight < l.bound {
			l.inFlight++
			e := l.epoch
			l.mu.Unlock()
			return e, nil
		}
		changed := l.changed
		l.mu.Unlock()
		var timer *time.Timer
		var fire <-chan time.Time
		if wait > 0 {
			timer = time.NewTimer(wait)
			fire = timer.C
		}
		select {
		case <-ctx.Done():
		case <-changed:
		case <-fire:
		}
		if timer != nil {
			timer.Stop()
		}
		if ctx.Err() != nil {
			return 0, ctx.Err()
		}
	}
}

// release frees the slot taken at epoch, learning from err how the node is doing.
func (l *limiter) release(epoch uint64, err error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.inFlight--
	pushed, after := pushedBack(err)
	switch {
	case pushed:
		if epoch == l.epoch {
			l.bound = max(1, l.bound/2)
			l.credit = 0
			l.epoch++
		}
		if until := time.Now().Add(after); after > 0 && until.After(l.notBefore) {
			l.notBefore = until
		}
	case err == nil:
		if l.credit++; l.credit >= l.bound && l.bound < l.most {
			l.bound++
			l.credit = 0
		}
	}
	close(l.changed)
	l.changed = make(chan struct{})
}

// current is the bound now (for tests and logs).
func (l *limiter) current() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.bound
}

// pushedBack reports whether err is the node refusing work (rate limited, overloaded,
// or not answering in time) and how long it asked to be left alone. The caller's own
// cancellation is not the node's doing: the client returns it bare, not as ErrUnavailable.
func pushedBack(err error) (bool, time.Duration) {
	if err == nil {
		return false, 0
	}
	var ne *supra.NodeError
	if errors.As(err, &ne) && (ne.Status == http.StatusTooManyRequests || ne.Status >= http.StatusInternalServerError) {
		return true, ne.RetryAfter
	}
	return errors.Is(err, supra.ErrUnavailable), 0
}
