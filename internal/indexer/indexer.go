// Package indexer ingests the app's events from a Supra node into the store, gap-free and
// exactly once. It walks the chain in block windows, many read at once and written
// strictly in order. Where the node has Supra's RPC v3 events query (any range, a page of
// up to 100 events at a time, each with its height and transaction), a window spans
// thousands of blocks and only the blocks holding events are read; otherwise the v1 query
// ("events of one type in at most 10 blocks", with neither height nor transaction) sets
// windows of 10 blocks, whose blocks are read when any stream has events there. Either
// way the blocks place every event (transaction hash, index in the transaction, height,
// time, sender) and must agree with the events query. The indexer then reads from the
// store the state the batch touches, derives trades, candles, reserves, holders and burns
// from it with the trading rules (package history, once per batch), and has the store
// write rows, what they derived and the streams' cursors in one transaction (Ingest). A
// node error backs off with jitter and retries the same request; a node that pushes back
// (429, 5xx) gets fewer requests at once; nothing is ever skipped.
package indexer

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/luckycoin/lucky/internal/chain"
	"github.com/luckycoin/lucky/internal/config"
	"github.com/luckycoin/lucky/internal/history"
	"github.com/luckycoin/lucky/internal/store"
	"github.com/luckycoin/lucky/internal/supra"
)

// MaxWindow is the node's limit on a v1 events query, in blocks.
const MaxWindow = 10

// maxMerge is how many ready windows one store transaction takes at most.
const maxMerge = 32

// Defaults of Config.
const (
	defaultPrefetch = 32
	defaultRequests = 64
	defaultSpan     = 10_000
)

// Source is what the indexer needs of a node; *supra.Client is one.
type Source interface {
	LatestBlock(ctx context.Context) (supra.BlockHeader, error)
	BlockByHeight(ctx context.Context, height uint64, withTxs bool) (supra.Block, error)
	Events(ctx context.Context, eventType string, start, end uint64) ([]supra.Event, error)
}

// RangeSource is a Source that can also list a type's events over any block range, a
// page at a time (Supra's RPC v3 events query); *supra.Client is one. Its EventsRange
// returns supra.ErrNoEventsRange when the node turns out not to have the query, and the
// indexer then goes on with Events.
type RangeSource interface {
	Source
	EventsRange(ctx context.Context, eventType string, start, end uint64, limit int, cursor string) (supra.EventPage, error)
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
	// KindFA is a fungible_asset Deposit/Withdraw: kept as the coin event of the primary
	// store's owner when the store holds a registry coin (see Config.Stores).
	KindFA
)

// Stream is one event type with its own cursor.
type Stream struct {
	Name string // cursor key, stable across releases
	Type string // struct tag; without type arguments it also matches generic instances
	Kind Kind
}

// Streams returns the app's streams on a network: swaps, plays, coin deposits and
// withdrawals, and the Cosmic Miners and staking pool events (where those contracts exist).
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
		Stream{"coin_withdraw", "0x1::coin::CoinWithdraw", KindCoin},
		// Accounts migrated to fungible stores move their coins through these.
		Stream{"fa_deposit", chain.FADepositType, KindFA}, Stream{"fa_withdraw", chain.FAWithdrawType, KindFA})
	if m.Miners != "" {
		for _, ev := range []string{"MinerPurchasedEvent", "OutputClaimedEvent", "BoosterGrantedEvent"} {
			out = append(out, Stream{"miners_" + ev, m.Miners + "::" + ev, KindRaw})
		}
	}
	if m.Staking != "" {
		for _, ev := range []string{"StakeEvent", "UnstakeEvent", "ClaimEvent", "PassPurchasedEvent"} {
			out = append(out, Stream{"staking_" + ev, m.Staking + "::" + ev, KindRaw})
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
	DAOShare func(ctx context.Context, x, y string) (chain.DAOShare, error)
	// Stores traces the primary fungible stores in fungible_asset events to their owners
	// (chain.Core.Stores), from the accounts each transaction names; StoreOwner
	// (chain.Core.StoreOwner) reads a store the transaction does not explain from the
	// node, once. Without Stores the fungible-asset streams are left out.
	Stores       *chain.PrimaryStores
	StoreOwner   func(ctx context.Context, store supra.Address) (chain.StoreOwner, error)
	StartHeight  uint64        // first height to ingest for a stream without a cursor
	PollInterval time.Duration // between head polls once caught up (default 1 s)
	BackoffMin   time.Duration // first retry delay (default 200 ms)
	BackoffMax   time.Duration // retry delay cap (default 30 s)
	// Prefetch is how many windows are read ahead of the one being written (default 32):
	// a backfill is bound by the node's latency, so windows are read many at a time.
	Prefetch int
	// Requests is how many requests the indexer has in flight to the node at most
	// (default 64). The client's own budget per node (supra.DefaultPerNode) is larger, so
	// a backfill in `lucky serve` leaves the API's reads room on a shared client.
	Requests int
	// Span is the widest window read through a node's range query, in blocks (default
	// 10,000); windows start at 100 blocks, widen while events are sparse and narrow where
	// they are dense.
	Span uint64
	// NoRangeQuery never uses the node's range query: windows of 10 blocks through the v1
	// query, as against a node without v3.
	NoRangeQuery bool
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
	ranges  RangeSource // src, when it has the range query and Config allows it
	st      *store.DB
	cfg     Config
	log     *slog.Logger
	tags    []matcher
	lim     *limiter
	indexed atomic.Uint64 // heights below are ingested for every stream
	started atomic.Bool   // indexed is meaningful: a window was ingested (0 is ambiguous)
	head    atomic.Uint64
	lease   atomic.Pointer[store.Lease] // held while ingesting
	dense   atomic.Bool                 // the last 10-block window read had events: read blocks without asking events first
	noRange atomic.Bool                 // the node answered that it has no range query
	span    atomic.Uint64               // blocks of the next window read through the range query
	prog    atomic.Pointer[progress]    // the latest long catch-up
	rngMu   sync.Mutex
	rng     *rand.Rand
	daoMu   sync.Mutex
	dao     map[history.Pair]chain.DAOShare // per pool, read once
	wake    chan struct{}                   // ends a poll wait early (WaitHead)
	// quarantined is how many events the store holds in quarantine, as last read.
	quarantined atomic.Uint64
	qlogged     sync.Map // event type (no type arguments) → true once its first quarantine was logged
}

// New returns an indexer; Run starts it.
func New(src Source, st *store.DB, cfg Config) (*Indexer, error) {
	if len(cfg.Streams) == 0 {
		return nil, errors.New("indexer: no streams")
	}
	if cfg.Decoders == nil {
		return nil, errors.New("indexer: no decoder registry")
	}
	if cfg.Stores == nil {
		cfg.Streams = slices.DeleteFunc(slices.Clone(cfg.Streams), func(s Stream) bool { return s.Kind == KindFA })
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
		cfg.Prefetch = defaultPrefetch
	}
	if cfg.Requests <= 0 {
		cfg.Requests = defaultRequests
	}
	if cfg.Span < MaxWindow {
		cfg.Span = defaultSpan
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	ix := &Indexer{src: src, st: st, cfg: cfg, log: cfg.Log, rng: rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 1)),
		dao: map[history.Pair]chain.DAOShare{}, wake: make(chan struct{}, 1), lim: newLimiter(cfg.Requests)}
	if rs, ok := src.(RangeSource); ok && !cfg.NoRangeQuery {
		ix.ranges = rs
	}
	// Windows start narrow and widen while the chain is sparse (adapt): a chain dense from
	// the start is never planned Prefetch windows of Config.Span blocks.
	ix.span.Store(min(startSpan, cfg.Span))
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
	wide       bool           // planned for the range query
}

// streams lists the window's streams in order.
func (w window) streams() []int {
	out := make([]int, 0, len(w.from))
	for i := range w.from {
		out = append(out, i)
	}
	slices.Sort(out)
	return out
}

// Run keeps the index at the node's head until ctx ends, and returns ctx's error. Only
// one process ingests into a store (on PostgreSQL the holder of an advisory lock); the
// others, and an indexer configured with Follow, only track how far the store has got so
// Status stays right. Node and store errors are retried with backoff; no window is ever
// skipped.
func (ix *Indexer) Run(ctx context.Context) error {
	for {
		if !ix.cfg.Follow {
			lease, err := ix.st.Lead(ctx, store.RoleIngester)
			if err != nil {
				ix.log.Warn("indexer: lease", "err", err)
			}
			if lease != nil {
				ix.log.Info("indexer: ingesting", "streams", len(ix.cfg.Streams))
				err := ix.ingestWhileHeld(ctx, lease)
				if ctx.Err() != nil {
					return ctx.Err()
				}
				if !errors.Is(err, store.ErrLeaseLost) && !errors.Is(err, context.Canceled) {
					ix.log.Error("indexer: ingest", "err", err)
				}
				ix.log.Warn("indexer: lease lost; another replica ingests now")
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

// ingestWhileHeld ingests until ctx ends or the lease is lost (its database session
// ended), whichever comes first; every batch it writes is fenced by the lease.
func (ix *Indexer) ingestWhileHeld(ctx context.Context, lease *store.Lease) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	go func() {
		select {
		case <-lease.Lost():
			cancel()
		case <-ctx.Done():
		}
	}()
	ix.lease.Store(lease)
	defer func() { ix.lease.Store(nil); lease.Release() }()
	return ix.lead(ctx)
}

// Leading reports whether this process holds the ingester's role now.
func (ix *Indexer) Leading() bool { return ix.lease.Load() != nil }

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
		case errors.Is(err, store.ErrLeaseLost):
			return err // another replica ingests now
		case errors.Is(err, errAboveHead):
			// Nothing of the window was written; the chain check decides what happened.
			ix.log.Warn("indexer: the node's head went below a block being read: starting over", "err", err)
			wait = ix.jitter(ix.cfg.BackoffMin)
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
		again, err := fetch(ctx, ix, "latest block", ix.latest(ctx))
		if err != nil {
			return head, err
		}
		if again.Height < last.Height {
			return head, fmt.Errorf("%w: indexed to %d, node at %d then %d", ErrAhead, last.Height, head, again.Height)
		}
		head = again.Height
		ix.head.Store(head)
	}
	b, err := fetch(ctx, ix, fmt.Sprintf("block %d", last.Height), func() (supra.Block, error) {
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

// errAboveHead: a block the ingest asked for is missing and the node's head is now below
// it. The chain was rewound while it was being read (a devnet reverted to a snapshot), or
// this node is behind the one that gave the head. Waiting for the block would wait for a
// height that may never come back, or come back from another chain, so the ingest stops and
// starts over from the chain check, which weighs the evidence (checkChain).
var errAboveHead = errors.New("indexer: the block asked for is above the node's head")

// block reads one block and checks it is the one asked for, with a hash: an empty or
// wrong answer is retried, never stored or compared.
func (ix *Indexer) block(ctx context.Context, height uint64, withTxs bool) (supra.Block, error) {
	b, err := ix.src.BlockByHeight(ctx, height, withTxs)
	if errors.Is(err, supra.ErrBlockNotFound) {
		if h, herr := ix.src.LatestBlock(ctx); herr == nil && h.Hash != "" && h.Height < height {
			return b, fmt.Errorf("%w: block %d, head %d: %w", errAboveHead, height, h.Height, err)
		}
	}
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
	headHdr, err := fetch(ctx, ix, "latest block", ix.latest(ctx))
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
	// commits overlap and the cursors never skip a block.
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
			w := window{start: start, from: map[int]uint64{}, wide: ix.ranges != nil && !ix.noRange.Load()}
			span := uint64(MaxWindow)
			if w.wide {
				span = ix.span.Load()
			}
			end := min(start+span, head+1)
			w.end = end
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
		r.batch.Lease = ix.lease.Load()
		if err := Ingest(ctx, ix.st, ix.cfg.Rules, r.batch); err != nil {
			return false, err
		}
		if len(r.batch.Quarantine) > 0 {
			if err := ix.countQuarantine(ctx); err != nil {
				return false, err
			}
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
	return out, ix.countQuarantine(ctx)
}

func minCursor(c []uint64) uint64 {
	low := c[0]
	for _, h := range c[1:] {
		low = min(low, h)
	}
	return low
}

// read fetches one window: through the range query when it was planned for it (falling
// back to 10-block windows if the node turns out not to have the query), else through
// the v1 query.
func (ix *Indexer) read(ctx context.Context, w window) (*store.Batch, error) {
	if !w.wide {
		return ix.readSmall(ctx, w)
	}
	b, err := ix.readRange(ctx, w)
	if !errors.Is(err, supra.ErrNoEventsRange) {
		return b, err
	}
	if ix.noRange.CompareAndSwap(false, true) {
		ix.log.Info("indexer: the node has no range query for events (RPC v3): reading 10 blocks at a time", "err", err)
	}
	return ix.readSplit(ctx, w)
}

// newBatch is an empty batch that moves the window's streams' cursors to its end.
func (ix *Indexer) newBatch(w window) *store.Batch {
	b := &store.Batch{Cursors: map[string]uint64{}}
	for i := range w.from {
		b.Cursors[ix.cfg.Streams[i].Name] = w.end
	}
	return b
}

// readSmall fetches a window of at most 10 blocks through the v1 query. Where events are
// sparse it asks every stream's events and the window's last block at once (one round
// trip for a window without events, which is most of a sparse chain) and reads the
// window's blocks only when some came back, checking that both views agree; where they
// are dense (the last window read had events) it reads the blocks straight away, saving
// the events queries. Each request is retried on its own until it succeeds or ctx ends;
// a window whose answers disagree is read again whole.
func (ix *Indexer) readSmall(ctx context.Context, w window) (*store.Batch, error) {
	what := fmt.Sprintf("blocks [%d, %d)", w.start, w.end)
	return retry(ctx, ix, what, func() (*store.Batch, error) {
		b := ix.newBatch(w)
		var counts map[int]int
		if !ix.dense.Load() {
			streams := w.streams()
			found := make([]int, len(streams))
			var last supra.Block
			err := all(len(streams)+1, func(k int) error {
				if k == len(streams) {
					var err error
					last, err = fetch(ctx, ix, fmt.Sprintf("block %d", w.end-1), func() (supra.Block, error) {
						return ix.block(ctx, w.end-1, false)
					})
					return err
				}
				s := ix.cfg.Streams[streams[k]]
				evs, err := fetch(ctx, ix, what+" events "+s.Name, func() ([]supra.Event, error) {
					return ix.src.Events(ctx, s.Type, w.from[streams[k]], w.end)
				})
				found[k] = len(evs)
				return err
			})
			if err != nil {
				return nil, err
			}
			counts = make(map[int]int, len(streams))
			total := 0
			for k, i := range streams {
				counts[i] = found[k]
				total += found[k]
			}
			if total == 0 {
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
		if err := ix.storeOwners(ctx, b); err != nil {
			return nil, err
		}
		return b, ix.daoShares(ctx, b.Events.Swaps)
	})
}

// blocks reads [start, end) with transactions, concurrently, each block retried alone.
func (ix *Indexer) blocks(ctx context.Context, start, end uint64) ([]supra.Block, error) {
	heights := make([]uint64, 0, end-start)
	for h := start; h < end; h++ {
		heights = append(heights, h)
	}
	return ix.blocksAt(ctx, heights)
}

// blocksAt reads the blocks at heights with transactions, concurrently, each retried
// alone, in the order given.
func (ix *Indexer) blocksAt(ctx context.Context, heights []uint64) ([]supra.Block, error) {
	out := make([]supra.Block, len(heights))
	err := all(len(heights), func(k int) error {
		var err error
		out[k], err = fetch(ctx, ix, fmt.Sprintf("block %d", heights[k]), func() (supra.Block, error) {
			return ix.block(ctx, heights[k], true)
		})
		return err
	})
	if err != nil {
		return nil, err
	}
	for k, b := range out {
		if b.Header.Height != heights[k] {
			return nil, fmt.Errorf("%w: asked block %d, got %d", ErrInconsistent, heights[k], b.Header.Height)
		}
	}
	return out, nil
}

// all runs f(0), …, f(n-1) at once and waits for every one; the node's budget is the
// limiter's, so the goroutines only wait their turn.
func all(n int, f func(k int) error) error {
	errs := make([]error, n)
	var wg sync.WaitGroup
	for k := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[k] = f(k)
		}()
	}
	wg.Wait()
	return errors.Join(errs...)
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
				var err error
				txc := chain.TxContextOf(&tx)
				if ix.cfg.Streams[si].Kind == KindFA {
					err = decodeFA(ix.cfg.Stores, b, meta, ev, &tx)
				} else {
					err = decode(ix.cfg.Decoders, b, ix.cfg.Streams[si], meta, ev, txc)
				}
				if errors.Is(err, chain.ErrBadResponse) {
					// Chain data the decoder cannot read is kept aside, never a reason to
					// stop: reading the window again would find it the same.
					err = ix.quarantine(b, ix.cfg.Streams[si], meta, ev, txc, err)
				}
				if err != nil {
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
			share, err = fetch(ctx, ix, "fees of pool "+sw.PairX.String()+"/"+sw.PairY.String(), func() (chain.DAOShare, error) {
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

// fetch is one request to the node, retried as retry does; each attempt waits for a slot
// of the limiter and tells it how the node answered.
func fetch[T any](ctx context.Context, ix *Indexer, what string, f func() (T, error)) (T, error) {
	return retry(ctx, ix, what, func() (T, error) {
		epoch, err := ix.lim.acquire(ctx)
		if err != nil {
			var zero T
			return zero, err
		}
		v, err := f()
		ix.lim.release(epoch, err)
		return v, err
	})
}

// retry runs f until it succeeds or ctx ends, sleeping a jittered, doubling delay between
// attempts. Every failure is logged with what was being read; nothing is skipped. The
// answers not retried are a node saying it has no range query and a window too dense to
// read whole (the caller reads otherwise), and a block above the node's head (errAboveHead:
// the caller starts over).
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
		var dense *denseError
		if errors.Is(err, supra.ErrNoEventsRange) || errors.As(err, &dense) || errors.Is(err, errAboveHead) {
			return v, err
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
