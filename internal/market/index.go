package market

import (
	"context"
	"strconv"

	"github.com/luckycoin/lucky/internal/store"
	"github.com/luckycoin/lucky/internal/supra"
)

// Index is the event index as the market reads it (store.DB): the pools it follows at
// its last block, and where the slow figures are kept across restarts.
type Index interface {
	LastBlock(ctx context.Context) (store.BlockRef, bool, error)
	IndexedMarket(ctx context.Context, burnsAbove uint64) (store.IndexedMarket, error)
	CoinSupplies(ctx context.Context) ([]store.CoinSupply, error)
	SaveCoinSupplies(ctx context.Context, cs []store.CoinSupply) error
	DropCoinSupplies(ctx context.Context, height uint64) error
}

// indexView is the index at one block: the reserves of the pools it follows, and the
// height of each coin's last burn above the lowest height a slow figure was read at when
// the view was read (the burns that can make a figure due).
type indexView struct {
	block    store.BlockRef
	pools    map[pairKey]poolRead
	lastBurn map[supra.CoinType]uint64
}

// pool is the reserves of a pool the index follows; ok is false for one it does not (or
// without a view).
func (v *indexView) pool(k pairKey) (poolRead, bool) {
	if v == nil {
		return poolRead{}, false
	}
	p, ok := v.pools[k]
	return p, ok
}

// indexView returns the index at its last block, read once per block. It is nil when the
// service has no index, the index has ingested nothing, it is catching up (more than
// MaxIndexLag blocks behind the head), the store fails (the node has every pool), or the
// chain was rewound and no refresh has yet found the index's block on the node's chain.
func (s *Service) indexView(ctx context.Context) *indexView {
	if s.idx == nil {
		return nil
	}
	var indexed uint64
	if s.idxStatus != nil {
		var head uint64
		indexed, head = s.idxStatus()
		// Until the indexer has read the head (a round trip after the start) the index is
		// used as it stands: its answers say their height, and the heights move on once
		// the indexer finds itself behind (the node's head is used then).
		if head > indexed+MaxIndexLag {
			return nil
		}
	}
	s.mu.Lock()
	cached, seen, rewound := s.view, s.viewStatus, s.rewound
	s.mu.Unlock()
	if rewound {
		return nil
	}
	if cached != nil && s.idxStatus != nil && seen == indexed {
		// The indexer has not written since: no store read at all.
		return cached
	}
	// Concurrent misses share one read, detached from any one request's end.
	r, err, _ := s.sf.Do("index", func() (any, error) {
		ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), s.timeout)
		defer cancel()
		return s.readView(ctx, indexed, cached)
	})
	if err != nil {
		s.log.Warn("market: index unreadable, pools read from the node", "err", err)
		return nil
	}
	v, _ := r.(*indexView)
	return v
}

// readView reads the index's last block and, when it is not cached's, the pools at it.
func (s *Service) readView(ctx context.Context, indexed uint64, cached *indexView) (*indexView, error) {
	s.mu.Lock()
	gen := s.gen
	above := s.minFigureHeightLocked()
	s.mu.Unlock()
	if cached != nil {
		b, ok, err := s.idx.LastBlock(ctx)
		if err != nil {
			return nil, err
		}
		if ok && b == cached.block {
			s.keepView(gen, cached, indexed)
			return cached, nil
		}
	}
	m, err := s.idx.IndexedMarket(ctx, above)
	if err != nil {
		return nil, err
	}
	if !m.OK {
		return nil, nil
	}
	if cached != nil && m.Block == cached.block {
		s.keepView(gen, cached, indexed)
		return cached, nil
	}
	v := &indexView{block: m.Block, pools: make(map[pairKey]poolRead, len(m.Pools)), lastBurn: m.LastBurn}
	for _, p := range m.Pools {
		x, errX := supra.ParseCoinType(p.X)
		y, errY := supra.ParseCoinType(p.Y)
		rx, errRX := strconv.ParseUint(p.ReserveX, 10, 64)
		ry, errRY := strconv.ParseUint(p.ReserveY, 10, 64)
		if errX != nil || errY != nil || errRX != nil || errRY != nil {
			// Not a pool the market can price from: the node is asked for it instead.
			s.log.Warn("market: index pool unreadable", "x", p.X, "y", p.Y, "reserve_x", p.ReserveX, "reserve_y", p.ReserveY)
			continue
		}
		// Both orders: the index keeps a pool in on-chain order, and looking it up either
		// way spares comparing coin types (a parse of both) for every pool of every block.
		v.pools[pairKey{x, y}] = poolRead{x: rx, y: ry}
		v.pools[pairKey{y, x}] = poolRead{x: ry, y: rx}
	}
	s.keepView(gen, v, indexed)
	return v, nil
}

// keepView caches v, read when the indexer stood at indexed, unless the chain was rewound
// since the read began.
func (s *Service) keepView(gen uint64, v *indexView, indexed uint64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if gen != s.gen || s.rewound {
		return
	}
	s.view, s.viewStatus = v, indexed
}

// settleRewind runs in the first refresh after Invalidate. It reads the node's new head,
// drops the slow figures read at or above it (they may show blocks that are gone; a
// figure read while the chain stood at that height may already include the next block),
// and takes the index back into use once its last block is on the node's chain (the
// indexer resets an index the chain was rewound under; until then it is not used).
func (s *Service) settleRewind(ctx context.Context, l *liveReads, gen uint64) error {
	s.mu.Lock()
	rewound, drop := s.rewound, s.dropPending
	s.mu.Unlock()
	if !rewound {
		return nil
	}
	var head uint64
	if s.chain.Blocks != nil {
		if err := s.acquire(ctx); err != nil {
			return err
		}
		h, err := s.chain.Blocks.LatestBlock(ctx)
		s.release()
		l.reads++
		if err != nil {
			return err
		}
		head = h.Height
		l.head = head
		s.noteHead(head)
	}
	if drop {
		s.mu.Lock()
		if gen != s.gen {
			s.mu.Unlock()
			return nil // rewound again: the next refresh settles it
		}
		for c, f := range s.figs {
			if f.height >= head {
				delete(s.figs, c)
			}
		}
		s.figsVer++
		s.dropPending = false
		s.mu.Unlock()
		if s.idx != nil {
			if err := s.idx.DropCoinSupplies(ctx, head); err != nil {
				s.log.Warn("market: stored supplies after a rewind", "err", err)
			}
		}
	}
	if s.idx != nil {
		if !s.indexOnChain(ctx, head, l) {
			return nil
		}
	}
	s.mu.Lock()
	if gen == s.gen {
		s.rewound = false
	}
	s.mu.Unlock()
	return nil
}

// indexOnChain reports whether the index's last block is one of the node's, at or below
// its head.
func (s *Service) indexOnChain(ctx context.Context, head uint64, l *liveReads) bool {
	b, ok, err := s.idx.LastBlock(ctx)
	if err != nil || !ok || b.Height > head || s.chain.Blocks == nil {
		return false
	}
	if err := s.acquire(ctx); err != nil {
		return false
	}
	blk, err := s.chain.Blocks.BlockByHeight(ctx, b.Height, false)
	s.release()
	l.reads++
	return err == nil && blk.Header.Hash == b.Hash
}

// knownHead is the highest chain height the service knows was reached: a lower bound of
// the height a read made now sees.
func (s *Service) knownHead(v *indexView) uint64 {
	s.mu.Lock()
	last, rewound := s.lastHead, s.rewound
	s.mu.Unlock()
	if rewound {
		// The indexer's head may still be the one before the rewind.
		return last
	}
	var h uint64
	if s.idxStatus != nil {
		_, h = s.idxStatus()
	}
	if v != nil {
		h = max(h, v.block.Height)
	}
	return max(h, last)
}

// noteHead records a node head read.
func (s *Service) noteHead(h uint64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.lastHead = max(s.lastHead, h)
}
