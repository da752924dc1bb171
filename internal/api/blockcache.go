package api

import (
	"sync"
	"time"

	"github.com/luckycoin/lucky/internal/store"
)

// blockCache keeps one figure read from the index at one indexed block, so that however
// many clients ask, the index is read once per block it indexes (and, for figures that
// also age with the clock, at most once per maxAge). The block is named by height and
// hash: a devnet revert can index a different block at a height already seen. Holding the
// lock while computing makes concurrent misses share one read.
type blockCache[T any] struct {
	mu      sync.Mutex
	indexed uint64
	block   store.BlockRef
	at      time.Time
	val     T
	ok      bool
}

// get returns the kept value when it was computed at this indexed block and, with a
// positive maxAge, less than maxAge ago; otherwise it computes and keeps a new one.
func (c *blockCache[T]) get(indexed uint64, block store.BlockRef, now time.Time, maxAge time.Duration, compute func() (T, error)) (T, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	age := now.Sub(c.at)
	if c.ok && c.indexed == indexed && c.block == block && (maxAge <= 0 || age >= 0 && age < maxAge) {
		return c.val, nil
	}
	v, err := compute()
	if err != nil {
		var zero T
		return zero, err
	}
	c.indexed, c.block, c.at, c.val, c.ok = indexed, block, now, v, true
	return v, nil
}
