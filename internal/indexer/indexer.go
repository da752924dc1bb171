// Package indexer ingests the app's events from a Supra node into the store, gap-free and
// exactly once. The node only answers "events of one type in at most 10 blocks" and those
// events carry neither transaction hash nor height, so the indexer walks block windows of
// that size: it asks each stream's events for the window and, when any came back, reads
// the window's blocks to place every event (transaction hash, index in the transaction,
// height, time, sender). It checks that both views agree, reads from the store the state
// the batch touches, derives trades, candles, reserves, holders and burns from it with the
// trading rules (package history, once per batch), and has the store write rows, what
// they derived and the streams' cursors in one transaction (Ingest). A node error backs off with jitter and
// retries the same window; nothing is ever skipped.
package indexer

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"time"

	"github.com/luckycoin/lucky/internal/chain"
	"github.com/luckycoin/lucky/internal/config"
	"github.com/luckycoin/lucky/internal/history"
	"github.com/luckycoin/lucky/internal/store"
	"github.com/luckycoin/lucky/internal/supra"
)

// MaxWindow is the node's limit on an events query, in blocks.
const MaxWindow = 10

// maxMerge is how many ready windows one store transaction takes at most.
const maxMerge = 32

// Source is what the indexer needs of a node; *supra.Client is one.
type Source interface {
	LatestBlock(ctx context.Context) (supra.BlockHeader, error)
	BlockByHeight(ctx context.Context, height uint64, withTxs bool) (supra.Block, error)
	Events(ctx context.Context, eventType string, start, end uint64) ([]supra.Event, error)
}

// Kind says how a stream's events are decoded and stored.
type Kind int

// Stream kinds.
const (
	KindSwap Kind = iota + 1
	KindPlay
	KindCoin
	KindRaw
	KindLiquidity
)

// Stream is one event type with its own cursor.
type Stream struct {
	Name string // cursor key, stable across releases
	Type string // struct tag; without type arguments it also matches generic instances
	Kind Kind
}

// Streams returns the app's streams on a network: swaps, plays, coin deposits and
// withdrawals, and the Cosmic Miners events (where those contracts exist).
func Streams(m config.Modules) []Stream {
	var out []Stream
	if m.SwapEvent != "" {
		out = append(out, Stream{"swap", m.SwapEvent, KindSwap})
		added, removed := chain.LiquidityEventTypes(m)
		out = append(out, Stream{"liquidity_added", added, KindLiquidity}, Stream{"liquidity_removed", removed, KindLiquidity})
	}
	if m.Slots != "" {
		out = append(out, Stream{"play", m.Slots + "::PlayEvent", KindPlay})
	}
	out = append(out, Stream{"coin_deposit", "0x1::coin::CoinDeposit", KindCoin},
		Stream{"coin_withdraw", "0x1::coin::CoinWithdraw", KindCoin})
	if m.Miners != "" {
		for _, ev := range []string{"MinerPurchasedEvent", "OutputClaimedEvent", "BoosterGrantedEvent"} {
			out = append(out, Stream{"miners_" + ev, m.Miners + "::" + ev, KindRaw})
		}
	}
	return out
}

// Config configures an Indexer.
type Config struct {
	Streams []Stream
	// Decoders is the app's event decoder registry (chain.Client.Decoders).
	Decoders *chain.Registry
	// Rules are the trading and holding rules the batches are derived with (NetworkRules builds
	// the app's from the network and the token registry).
	Rules history.Rules
	// DAOShare reads a pool's DAO fee share (chain.Client.PoolDAOShare); required with a
	// swap stream, so the pools' reserves are followed exactly.
	DAOShare     func(ctx context.Context, x, y string) (chain.DAOShare, error)
	StartHeight  uint64        // first height to ingest for a stream without a cursor
	PollInterval time.Duration // between head polls once caught up (default 1 s)
	BackoffMin   time.Duration // first retry delay (default 200 ms)
	BackoffMax   time.Duration // retry delay cap (default 30 s)
	// Prefetch is how many windows are read ahead of the one being written (default 4).
	Prefetch int
	// Follow never ingests: Run only tracks the store's progress (another process writes).
	Follow bool
	// ResetOnRewind empties the index and starts again when the chain was rewound under
	// it (devnet snapshots and resets); otherwise that is an error, retried.
	ResetOnRewind bool
	Log           *slog.Logger
}

// Indexer moves the store's cursors from the start height to the node's head and keeps
// them there.
type Indexer struct {
	src     Source
	st      *store.DB
	cfg     Config
	log     *slog.Logger
	tags    []matcher
	indexed atomic.Uint64 // heights below are ingested for every stream
	started atomic.Bool   // indexed is meaningful: a window was ingested (0 is ambiguous)
	head    atomic.Uint64
	dense   atomic.Bool // the last window read had events: read blocks without asking events first
	rngMu   sync.Mutex
	rng     *rand.Rand
	daoMu   sync.Mutex
	dao     map[history.Pair]chain.DAOShare // per pool, read once
	wake    chan struct{}                   // ends a poll wait early (WaitHead)
}

// New returns an indexer; Run starts it.
func New(src Source, st *store.DB, cfg Config) (*Indexer, error) {
	if len(cfg.Streams) == 0 {
		return nil, errors.New("indexer: no streams")
	}
	if cfg.Decoders == nil {
		return nil, errors.New("indexer: no decoder registry")
	}
	for _, s := range cfg.Streams {
		if s.Kind == KindSwap && cfg.DAOShare == nil {
			return nil, errors.New("indexer: a swap stream needs DAOShare")
		}
		if s.Kind == KindSwap && cfg.Rules.Native.IsZero() {
			return nil, errors.New("indexer: a swap stream needs the trading rules (NetworkRules)")
		}
	}
	if cfg.PollInterval <= 0 {
		cfg.PollInterval = time.Second
	}
	if cfg.BackoffMin <= 0 {
		cfg.BackoffMin = 200 * time.Millisecond
	}
	if cfg.BackoffMax < cfg.BackoffMin {
		cfg.BackoffMax = max(30*time.Second, cfg.BackoffMin)
	}
	if cfg.Prefetch <= 0 {
		cfg.Prefetch = 4
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	ix := &Indexer{src: src, st: st, cfg: cfg, log: cfg.Log, rng: rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 1)),
		dao: map[history.Pair]chain.DAOShare{}, wake: make(chan struct{}, 1)}
	seen := map[string]bool{}
	for _, s := range cfg.Streams {
		m, err := newMatcher(s.Type)
		if err != nil {
			return nil, fmt.Errorf("indexer: stream %s: %w", s.Name, err)
		}
		if seen[s.Name] {
			return nil, fmt.Errorf("indexer: stream %s listed twice", s.Name)
		}
		seen[s.Name] = true
		ix.tags = append(ix.tags, m)
	}
	return ix, nil
}

// Status is how far the index has caught up: indexed is the last height every stream has
// ingested (0 before the first window), head the node's latest height last seen.
func (ix *Indexer) Status() (indexed, head uint64) {
	return ix.indexed.Load(), ix.head.Load()
}

// window is the blocks [start, end) and, per stream, the first height it still needs
// (streams whose cursor is at or past end are not in it).
type window struct {
	start, end uint64
	from       map[int]uint64 // stream index → first height to ingest
}

// Run keeps the index at the node's head until ctx ends, and returns ctx's error. Only
// one process ingests into a store (on PostgreSQL the holder of an advisory lock); the
// others, and an indexer configured with Follow, only track how far the store has got so
// Status stays right. Node and store errors are retried with backoff; no window is ever
// skipped.
func (ix *Indexer) Run(ctx context.Context) error {
	for {
		if !ix.cfg.Follow {
			release, ok, err := ix.st.Lead(ctx)
			if err != nil {
				ix.log.Warn("indexer: leader lock", "err", err)
			}
			if ok {
				ix.log.Info("indexer: ingesting", "streams", len(ix.cfg.Streams))
				err := ix.lead(ctx)
				release()
				return err
			}
		}
		if err := ix.follow(ctx); err != nil && ctx.Err() == nil {
			ix.log.Warn("indexer: status", "err", err)
		}
		if !sleep(ctx, ix.cfg.PollInterval, ix.wake) {
			return ctx.Err()
		}
	}
}

// follow reads the store's progress and the node's head without ingesting.
func (ix *Indexer) follow(ctx context.Context) error {
	if _, err := ix.cursors(ctx); err != nil {
		return err
	}
	h, err := ix.src.LatestBlock(ctx)
	if err != nil {
		return err
	}
	ix.head.Store(h.Height)
	return nil
}

func (ix *Indexer) lead(ctx context.Context) error {
	delay := ix.cfg.BackoffMin
	for {
		caughtUp, err := ix.catchUp(ctx)
		if ctx.Err() != nil {
			return ctx.Err()
		}
		wait := ix.cfg.PollInterval
		switch {
		case err != nil:
			// Node errors are retried inside catchUp; this is the store (or an index
			// ahead of the node). Back off and go again.
			ix.log.Error("indexer: cannot ingest", "err", err)
			wait = ix.jitter(delay)
			delay = min(delay*2, ix.cfg.BackoffMax)
		case !caughtUp:
			delay = ix.cfg.BackoffMin
			continue
		default:
			delay = ix.cfg.BackoffMin
		}
		if !sleep(ctx, wait, ix.wake) {
			return ctx.Err()
		}
	}
}

// WaitHead returns once the index holds every block up to the node's head as it is now
// (read-your-writes for a transaction just confirmed): it reads the head, cuts the
// indexer's poll wait short and waits for the ingest, or for ctx to end.
func (ix *Indexer) WaitHead(ctx context.Context) error {
	h, err := ix.src.LatestBlock(ctx)
	if err != nil {
		return fmt.Errorf("indexer: head: %w", err)
	}
	for {
		if ix.started.Load() && ix.indexed.Load() >= h.Height {
			return nil
		}
		select {
		case ix.wake <- struct{}{}:
		default:
		}
		t := time.NewTimer(10 * time.Millisecond)
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
	}
}

// ErrAhead: the store has ingested blocks the node does not have (any more): it indexes
// another chain, or this one was rewound (a devnet reverted to a snapshot). Nothing is
// written, unless ResetOnRewind.
var ErrAhead = errors.New("indexer: the index is ahead of the node")

// checkChain verifies the last block the index ingested is still the node's block at that
// height. A rewind is reported (ErrAhead) only on evidence: the node's block at that
// height has another hash, or the node's head is below it on two reads in a row. A read
// that fails, or answers nothing usable, is retried and is never evidence: taking it for
// a rewind would wipe the index (on devnet) because the node was slow.
// It returns the head to ingest to (the second read's when the first was below the index).
func (ix *Indexer) checkChain(ctx context.Context, head uint64) (uint64, error) {
	last, ok, err := ix.st.LastBlock(ctx)
	if err != nil || !ok {
		return head, err
	}
	if last.Height > head {
		// Confirm with a second, later read of the head before believing it.
		if !sleep(ctx, ix.cfg.BackoffMin, nil) {
			return head, ctx.Err()
		}
		again, err := retry(ctx, ix, "latest block", ix.latest(ctx))
		if err != nil {
			return head, err
		}
		if again.Height < last.Height {
			return head, fmt.Errorf("%w: indexed to %d, node at %d then %d", ErrAhead, last.Height, head, again.Height)
		}
		head = again.Height
		ix.head.Store(head)
	}
	b, err := retry(ctx, ix, fmt.Sprintf("block %d", last.Height), func() (supra.Block, error) {
		return ix.block(ctx, last.Height, false)
	})
	if err != nil {
		return head, err
	}
	if b.Header.Hash != last.Hash {
		return head, fmt.Errorf("%w: block %d is %s on the node, %s in the index", ErrAhead, last.Height, b.Header.Hash, last.Hash)
	}
	return head, nil
}

// latest reads the node's head, refusing a header without a hash (every block has one):
// a Source that let an empty answer through would otherwise report height 0.
func (ix *Indexer) latest(ctx context.Context) func() (supra.BlockHeader, error) {
	return func() (supra.BlockHeader, error) {
		h, err := ix.src.LatestBlock(ctx)
		if err == nil && h.Hash == "" {
			err = fmt.Errorf("%w: head without a hash", ErrInconsistent)
		}
		return h, err
	}
}

// block reads one block and checks it is the one asked for, with a hash: an empty or
// wrong answer is retried, never stored or compared.
func (ix *Indexer) block(ctx context.Context, height uint64, withTxs bool) (supra.Block, error) {
	b, err := ix.src.BlockByHeight(ctx, height, withTxs)
	if err == nil && (b.Header.Hash == "" || b.Header.Height != height) {
		err = fmt.Errorf("%w: asked block %d, got height %d hash %q", ErrInconsistent, height, b.Header.Height, b.Header.Hash)
	}
	return b, err
}

// Sync ingests up to the node's head as it is when Sync starts.
func (ix *Indexer) Sync(ctx context.Context) error {
	_, err := ix.catchUp(ctx)
	return err
}

// catchUp reads the cursors and ingests windows up to the head it sees first; it reports
// whether it had nothing left to do.
func (ix *Indexer) catchUp(ctx context.Context) (bool, error) {
	cursors, err := ix.cursors(ctx)
	if err != nil {
		return false, err
	}
	headHdr, err := retry(ctx, ix, "latest block", ix.latest(ctx))
	if err != nil {
		return false, err
	}
	head := headHdr.Height
	ix.head.Store(head)
	if head, err = ix.checkChain(ctx, head); err != nil {
		if !errors.Is(err, ErrAhead) || !ix.cfg.ResetOnRewind {
			return false, err
		}
		ix.log.Warn("indexer: the chain was rewound under the index: indexing it again from the start", "err", err)
		if err := ix.st.Reset(ctx); err != nil {
			return false, err
		}
		if cursors, err = ix.cursors(ctx); err != nil {
			return false, err
		}
		ix.indexed.Store(0)
		ix.started.Store(false)
	}
	low := minCursor(cursors)
	if low > head+1 {
		return false, fmt.Errorf("%w: indexed to %d, node at %d", ErrAhead, low-1, head)
	}
	if low > head {
		return true, nil
	}
	// Windows are planned one at a time as the readers need them, so memory stays the same
	// however far the head is: at most Prefetch windows are read ahead of the one being
	// written, and the writer takes them in order, so the node's latency and the store's
	// commits overlap.
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type result struct {
		w     window
		batch *store.Batch
		err   error
	}
	ahead := make(chan chan result, ix.cfg.Prefetch)
	go func() {
		defer close(ahead)
		for start := low; start <= head; {
			end := min(start+MaxWindow, head+1)
			w := window{start: start, end: end, from: map[int]uint64{}}
			for i := range ix.cfg.Streams {
				if cursors[i] < end {
					w.from[i] = max(cursors[i], start)
				}
			}
			start = end
			res := make(chan result, 1)
			select {
			case ahead <- res:
			case <-ctx.Done():
				return
			}
			go func() {
				b, err := ix.read(ctx, w)
				res <- result{w, b, err}
			}()
		}
	}()
	progress := ix.newProgress(low, head)
	var pending chan result // the next window's result, taken from ahead but not yet read
	for {
		next := pending
		pending = nil
		if next == nil {
			var ok bool
			if next, ok = <-ahead; !ok {
				break
			}
		}
		var r result
		select {
		case r = <-next:
		case <-ctx.Done():
			return false, ctx.Err()
		}
		if r.err != nil {
			return false, r.err
		}
		// Windows already read behind this one join its transaction: fewer commits while
		// backfilling, the same atomicity (rows and cursors of every window together).
		end := r.w.end
	merge:
		for n := 1; n < maxMerge; n++ {
			if pending == nil {
				select {
				case c, ok := <-ahead:
					if !ok {
						break merge
					}
					pending = c
				default:
					break merge
				}
			}
			select {
			case nr := <-pending:
				pending = nil
				if nr.err != nil {
					return false, nr.err
				}
				r.batch.Merge(nr.batch)
				end = nr.w.end
			default:
				break merge
			}
		}
		if err := Ingest(ctx, ix.st, ix.cfg.Rules, r.batch); err != nil {
			return false, err
		}
		ix.indexed.Store(end - 1)
		ix.started.Store(true)
		progress.add(end-1, r.batch.Events.Len())
	}
	if ctx.Err() != nil {
		return false, ctx.Err()
	}
	progress.done()
	return false, nil
}

func (ix *Indexer) cursors(ctx context.Context) ([]uint64, error) {
	m, err := ix.st.Cursors(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]uint64, len(ix.cfg.Streams))
	for i, s := range ix.cfg.Streams {
		h, ok := m[s.Name]
		if !ok {
			h = ix.cfg.StartHeight
		}
		out[i] = h
	}
	if low := minCursor(out); low > 0 {
		ix.indexed.Store(low - 1)
		ix.started.Store(true)
	}
	return out, nil
}

func minCursor(c []uint64) uint64 {
	low := c[0]
	for _, h := range c[1:] {
		low = min(low, h)
	}
	return low
}

// read fetches one window. Where events are sparse it asks each stream's events first
// and reads the window's blocks only when some came back (checking that both views
// agree); where they are dense (the last window read had events) it reads the blocks
// straight away, saving the events queries. Each request is retried on its own until it
// succeeds or ctx ends; a window whose answers disagree is read again whole.
func (ix *Indexer) read(ctx context.Context, w window) (*store.Batch, error) {
	what := fmt.Sprintf("blocks [%d, %d)", w.start, w.end)
	return retry(ctx, ix, what, func() (*store.Batch, error) {
		b := &store.Batch{Cursors: map[string]uint64{}}
		for i := range w.from {
			b.Cursors[ix.cfg.Streams[i].Name] = w.end
		}
		var counts map[int]int
		if !ix.dense.Load() {
			counts = map[int]int{}
			total := 0
			for i, from := range w.from {
				evs, err := retry(ctx, ix, what+" events "+ix.cfg.Streams[i].Name, func() ([]supra.Event, error) {
					return ix.src.Events(ctx, ix.cfg.Streams[i].Type, from, w.end)
				})
				if err != nil {
					return nil, err
				}
				counts[i] = len(evs)
				total += len(evs)
			}
			if total == 0 {
				last, err := retry(ctx, ix, fmt.Sprintf("block %d", w.end-1), func() (supra.Block, error) {
					return ix.block(ctx, w.end-1, false)
				})
				if err != nil {
					return nil, err
				}
				b.Last = &store.BlockRef{Height: w.end - 1, Hash: last.Header.Hash}
				return b, nil
			}
		}
		blocks, err := ix.blocks(ctx, w.start, w.end)
		if err != nil {
			return nil, err
		}
		b.Last = &store.BlockRef{Height: w.end - 1, Hash: blocks[len(blocks)-1].Header.Hash}
		found, err := ix.place(b, w, blocks, counts)
		if err != nil {
			return nil, err
		}
		ix.dense.Store(found > 0)
		return b, ix.daoShares(ctx, b.Events.Swaps)
	})
}

// blocks reads [start, end) with transactions, concurrently, each block retried alone.
func (ix *Indexer) blocks(ctx context.Context, start, end uint64) ([]supra.Block, error) {
	out := make([]supra.Block, end-start)
	errs := make([]error, end-start)
	var wg sync.WaitGroup
	for h := start; h < end; h++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			out[h-start], errs[h-start] = retry(ctx, ix, fmt.Sprintf("block %d", h), func() (supra.Block, error) {
				return ix.block(ctx, h, true)
			})
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	for i, b := range out {
		if b.Header.Height != start+uint64(i) {
			return nil, fmt.Errorf("%w: asked block %d, got %d", ErrInconsistent, start+uint64(i), b.Header.Height)
		}
	}
	return out, nil
}

// ErrInconsistent: the node's event listing and its blocks disagree (a node behind a load
// balancer mid-sync, say). The window is read again.
var ErrInconsistent = errors.New("indexer: node answers disagree")

// place decodes the window's events in chain order into b and, given the events queries'
// counts, checks every stream found as many in the blocks. It returns how many it placed.
func (ix *Indexer) place(b *store.Batch, w window, blocks []supra.Block, counts map[int]int) (int, error) {
	found := map[int]int{}
	for _, blk := range blocks {
		h := blk.Header.Height
		for pos, tx := range blk.Transactions {
			if tx.Output == nil {
				continue
			}
			for idx, ev := range tx.Output.Move.Events {
				si := ix.match(ev.Type)
				if si < 0 {
					continue
				}
				from, ok := w.from[si]
				if !ok || h < from {
					continue // this stream already has these heights
				}
				found[si]++
				meta := history.Meta{TxHash: tx.Hash, EventIndex: idx, Height: h, TxPos: pos,
					TimeUS: int64(blk.Header.Timestamp.MicrosecondsSinceUnixEpoch), Sender: tx.Header.Sender.Move}
				if err := decode(ix.cfg.Decoders, b, ix.cfg.Streams[si], meta, ev); err != nil {
					return 0, err
				}
			}
		}
	}
	total := 0
	for i := range w.from {
		total += found[i]
		if counts != nil && found[i] != counts[i] {
			return 0, fmt.Errorf("%w: %s in blocks [%d, %d): events query returned %d, blocks hold %d",
				ErrInconsistent, ix.cfg.Streams[i].Name, w.from[i], w.end, counts[i], found[i])
		}
	}
	return total, nil
}

// daoShares fills in each swap's DAO share of its inputs from its pool's fees, read from
// the node once per pool.
func (ix *Indexer) daoShares(ctx context.Context, swaps []history.Swap) error {
	for i := range swaps {
		sw := &swaps[i]
		k := history.Pair{X: sw.PairX, Y: sw.PairY}
		ix.daoMu.Lock()
		share, ok := ix.dao[k]
		ix.daoMu.Unlock()
		if !ok {
			var err error
			share, err = retry(ctx, ix, "fees of pool "+sw.PairX.String()+"/"+sw.PairY.String(), func() (chain.DAOShare, error) {
				return ix.cfg.DAOShare(ctx, sw.PairX.String(), sw.PairY.String())
			})
			if err != nil {
				return err
			}
			ix.daoMu.Lock()
			ix.dao[k] = share
			ix.daoMu.Unlock()
		}
		sw.DaoX, sw.DaoY = share.Of(sw.XIn), share.Of(sw.YIn)
	}
	return nil
}

func (ix *Indexer) match(eventType string) int {
	for i, m := range ix.tags {
		if m.matches(eventType) {
			return i
		}
	}
	return -1
}

// retry runs f until it succeeds or ctx ends, sleeping a jittered, doubling delay between
// attempts. Every failure is logged with what was being read; nothing is skipped.
func retry[T any](ctx context.Context, ix *Indexer, what string, f func() (T, error)) (T, error) {
	delay := ix.cfg.BackoffMin
	for attempt := 1; ; attempt++ {
		v, err := f()
		if err == nil {
			return v, nil
		}
		if ctx.Err() != nil {
			return v, ctx.Err()
		}
		lvl := slog.LevelWarn
		if attempt >= 5 {
			lvl = slog.LevelError // failing repeatedly: still retried, never skipped
		}
		ix.log.Log(ctx, lvl, "indexer: node error, retrying", "reading", what, "attempt", attempt, "err", err)
		if !sleep(ctx, ix.jitter(delay), nil) {
			return v, ctx.Err()
		}
		delay = min(delay*2, ix.cfg.BackoffMax)
	}
}

// jitter picks a delay in [d/2, d].
func (ix *Indexer) jitter(d time.Duration) time.Duration {
	ix.rngMu.Lock()
	defer ix.rngMu.Unlock()
	return d/2 + time.Duration(ix.rng.Int64N(int64(d/2)+1))
}

// sleep waits d, or less when wake fires (WaitHead cuts a poll wait short; nil never
// fires); false when ctx ended.
func sleep(ctx context.Context, d time.Duration, wake <-chan struct{}) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-t.C:
	case <-wake:
	}
	return true
}
