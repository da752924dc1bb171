package indexer

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/luckycoin/lucky/internal/store"
	"github.com/luckycoin/lucky/internal/supra"
)

// denseWindow is how many events make a range window dense: its events wait in memory
// until written, and each stream's pages are read one after another, so past this the
// next windows narrow.
const denseWindow = 1000

// startSpan is the width of the first range windows, in blocks: Prefetch of them fit in
// memory on a dense chain (their blocks wait until written), and on a sparse one they
// widen to Config.Span in a few reads.
const startSpan = 100

// splitParallel is how many 10-block windows of a wide window planned before the node
// turned out to have no range query are read at once (the limiter bounds the requests).
const splitParallel = 16

// readRange fetches a wide window through the node's range query: every stream's events
// in the window, page by page, and the window's last block (its hash ends the batch), all
// at once; then, at once, the blocks that hold events, to place them (transaction,
// position, time, sender) and check that both views agree. Blocks without events are
// never read: a sparse stretch of thousands of blocks costs about two round trips.
// A window whose answers disagree is read again whole.
//
// A window wider than MaxWindow whose first page of some stream shows it far denser than
// denseWindow events is not paged through (one page after another, each a round trip):
// the blocks that page covers are read as one piece and the rest as two halves, all at
// once, each split again while it is still too dense. One hot block (a genesis holding
// hundreds of events) costs a few requests, a dense stretch about one extra page per piece.
func (ix *Indexer) readRange(ctx context.Context, w window) (*store.Batch, error) {
	b, err := ix.readRangeWhole(ctx, w)
	var dense *denseError
	if !errors.As(err, &dense) {
		return b, err
	}
	ix.narrow(dense.span)
	cut := min(max(dense.upTo, w.start+1), w.end-1)
	mid := cut + (w.end-cut)/2
	pieces := []window{w.sub(w.start, cut), w.sub(cut, mid), w.sub(mid, w.end)}
	if mid == cut {
		pieces = []window{pieces[0], pieces[2]}
	}
	batches := make([]*store.Batch, len(pieces))
	err = all(len(pieces), func(k int) error {
		var err error
		batches[k], err = ix.readRange(ctx, pieces[k])
		return err
	})
	if err != nil {
		return nil, err
	}
	for _, nb := range batches[1:] {
		batches[0].Merge(nb)
	}
	return batches[0], nil
}

// denseError: a wide window holds far more events than one read should carry; upTo is the
// height after the last block of the full first page that showed it.
// span is how many blocks would hold about denseWindow events at that page's density.
type denseError struct{ upTo, span uint64 }

func (e *denseError) Error() string {
	return fmt.Sprintf("indexer: window too dense to page through (a full page up to block %d)", e.upTo)
}

// sub is the part [start, end) of w, with the streams that need heights in it.
func (w window) sub(start, end uint64) window {
	p := window{start: start, end: end, from: map[int]uint64{}, wide: w.wide}
	for i, from := range w.from {
		if from < end {
			p.from[i] = max(from, start)
		}
	}
	return p
}

// readRangeWhole reads w through the range query in one piece (see readRange); a
// *denseError when a stream's first page shows it should be read in pieces.
func (ix *Indexer) readRangeWhole(ctx context.Context, w window) (*store.Batch, error) {
	what := fmt.Sprintf("blocks [%d, %d)", w.start, w.end)
	return retry(ctx, ix, what, func() (*store.Batch, error) {
		b := ix.newBatch(w)
		streams := w.streams()
		lists := make([][]supra.EventV3, len(streams))
		var last supra.Block
		err := all(len(streams)+1, func(k int) error {
			var err error
			if k == len(streams) {
				last, err = fetch(ctx, ix, fmt.Sprintf("block %d", w.end-1), func() (supra.Block, error) {
					return ix.block(ctx, w.end-1, false)
				})
				return err
			}
			lists[k], err = ix.rangeEvents(ctx, ix.cfg.Streams[streams[k]], w.from[streams[k]], w.end, w.end-w.start > MaxWindow)
			return err
		})
		if err != nil {
			return nil, err
		}
		counts := make(map[int]int, len(streams))
		var heights []uint64
		for k, i := range streams {
			counts[i] = len(lists[k])
			for _, e := range lists[k] {
				heights = append(heights, e.BlockHeight)
			}
		}
		slices.Sort(heights)
		heights = slices.Compact(heights)
		blocks, err := ix.blocksAt(ctx, heights)
		if err != nil {
			return nil, err
		}
		found, err := ix.place(b, w, blocks, counts)
		if err != nil {
			return nil, err
		}
		b.Last = &store.BlockRef{Height: w.end - 1, Hash: last.Header.Hash}
		ix.adapt(found, w.end-w.start)
		if err := ix.storeOwners(ctx, b); err != nil {
			return nil, err
		}
		return b, ix.daoShares(ctx, b.Events.Swaps)
	})
}

// rangeEvents lists a stream's events in [from, end), page after page. A page shorter
// than asked is the last (the node fills every page it can); every event must lie in the
// range, and a cursor must move on, or the window is read again. With split, a full first
// page whose events cover so few blocks that the range would take more than
// denseWindow/MaxEventsPage pages ends the listing with a *denseError.
func (ix *Indexer) rangeEvents(ctx context.Context, s Stream, from, end uint64, split bool) ([]supra.EventV3, error) {
	var out []supra.EventV3
	cursor := ""
	for page := 1; ; page++ {
		p, err := fetch(ctx, ix, fmt.Sprintf("events %s [%d, %d) page %d", s.Name, from, end, page), func() (supra.EventPage, error) {
			return ix.ranges.EventsRange(ctx, s.Type, from, end, supra.MaxEventsPage, cursor)
		})
		if err != nil {
			return nil, err
		}
		for _, e := range p.Events {
			if e.BlockHeight < from || e.BlockHeight >= end {
				return nil, fmt.Errorf("%w: %s in blocks [%d, %d): the range query answered an event of block %d",
					ErrInconsistent, s.Name, from, end, e.BlockHeight)
			}
		}
		out = append(out, p.Events...)
		if len(p.Events) < supra.MaxEventsPage {
			return out, nil
		}
		if page == 1 && split {
			const pages = denseWindow / supra.MaxEventsPage
			covered := p.Events[len(p.Events)-1].BlockHeight - from + 1
			if end-from > covered*pages {
				return nil, &denseError{upTo: from + covered, span: covered * pages}
			}
		}
		if p.Cursor == "" || p.Cursor == cursor {
			return nil, fmt.Errorf("%w: %s in blocks [%d, %d): a full page without a new cursor", ErrInconsistent, s.Name, from, end)
		}
		cursor = p.Cursor
	}
}

// adapt sizes the next wide windows from what one of width blocks held: narrower (down to
// MaxWindow) where events are dense, wider again (up to Config.Span) where they are sparse.
// Only a window as wide as the span widens it, once: the windows read ahead at a narrower
// span say nothing of a wider one, and a dense chain must not be planned Prefetch windows
// of Config.Span blocks at a time (each window's blocks wait in memory until written).
func (ix *Indexer) adapt(events int, width uint64) {
	for {
		cur := ix.span.Load()
		next := cur
		switch {
		case events > denseWindow:
			next = max(cur/2, MaxWindow)
		case events < denseWindow/4 && width >= cur:
			next = min(cur*2, ix.cfg.Span)
		}
		if next == cur || ix.span.CompareAndSwap(cur, next) {
			return
		}
	}
}

// narrow caps the span of the windows planned next at span blocks.
func (ix *Indexer) narrow(span uint64) {
	for {
		cur := ix.span.Load()
		if cur <= span || ix.span.CompareAndSwap(cur, max(span, MaxWindow)) {
			return
		}
	}
}

// readSplit reads a wide window as 10-block windows through the v1 query (the node has
// no range query after all) and joins them in order into one batch.
func (ix *Indexer) readSplit(ctx context.Context, w window) (*store.Batch, error) {
	var parts []window
	for start := w.start; start < w.end; start += MaxWindow {
		p := window{start: start, end: min(start+MaxWindow, w.end), from: map[int]uint64{}}
		for i, from := range w.from {
			if from < p.end {
				p.from[i] = max(from, start)
			}
		}
		parts = append(parts, p)
	}
	batches := make([]*store.Batch, len(parts))
	sem := make(chan struct{}, splitParallel)
	err := all(len(parts), func(k int) error {
		select {
		case sem <- struct{}{}:
		case <-ctx.Done():
			return ctx.Err()
		}
		defer func() { <-sem }()
		var err error
		batches[k], err = ix.readSmall(ctx, parts[k])
		return err
	})
	if err != nil {
		return nil, err
	}
	for _, b := range batches[1:] {
		batches[0].Merge(b)
	}
	return batches[0], nil
}
