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

// blockRecheck is how long the index's last block, read from the store, stands for
// every request while the index's heights stay the same. A block indexed moves the
// indexed height, which reads it again at once; what only the store shows is a devnet
// revert that indexes again up to the very same heights, which shows within this. The
// read costs a store round trip (44 µs on SQLite, more to PostgreSQL), more than the
// rest of a hot read answered from its rendered bytes.
const blockRecheck = 100 * time.Millisecond

// lastBlockMemo keeps the index's last block as read at one pair of index heights.
type lastBlockMemo struct {
	mu            sync.Mutex
	indexed, head uint64
	at            time.Time
	block         store.BlockRef
	ok, valid     bool
}

// get returns the block read at indexed and head less than blockRecheck ago (wall
// clock: a devnet's clock travels), or reads it with read.
func (m *lastBlockMemo) get(indexed, head uint64, read func() (store.BlockRef, bool, error)) (store.BlockRef, bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	now := time.Now()
	if age := now.Sub(m.at); m.valid && m.indexed == indexed && m.head == head && age >= 0 && age < blockRecheck {
		return m.block, m.ok, nil
	}
	b, ok, err := read()
	if err != nil {
		m.valid = false
		return store.BlockRef{}, false, err
	}
	m.indexed, m.head, m.at, m.block, m.ok, m.valid = indexed, head, now, b, ok, true
	return b, ok, nil
}
