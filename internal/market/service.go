package market

import (
	"context"
	"fmt"
	"log/slog"
	"math/big"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"
	"golang.org/x/sync/singleflight"

	"github.com/luckycoin/lucky/internal/chain"
	"github.com/luckycoin/lucky/internal/config"
	"github.com/luckycoin/lucky/internal/supra"
	"github.com/luckycoin/lucky/internal/tokens"
)

// Cache timing defaults.
const (
	// DefaultTTL: node reads this young are served as they are.
	DefaultTTL = 10 * time.Second
	// DefaultMaxStale: node reads older than TTL but younger than this are served at once
	// while one refresh runs in the background (stale-while-revalidate). Older ones are
	// not served: the request waits for the refresh, so a dashboard polling every 60 s
	// never shows the previous poll's numbers.
	DefaultMaxStale = 30 * time.Second
	// DefaultMinRefresh: a forced refresh (the Refresh button) within this age of the
	// last node reads shares them, so a button cannot be turned into a node load generator.
	DefaultMinRefresh = time.Second
	// DefaultRefreshTimeout bounds one refresh (it runs detached from the request that
	// started it, since other requests share it).
	DefaultRefreshTimeout = 15 * time.Second
	// DefaultStaleLimit: while the node fails to answer, the last figures are served,
	// marked stale with their age, until they are this old; then requests get the node's
	// error. Market figures of a few minutes ago, said to be so, beat an error page; older
	// ones would mislead.
	DefaultStaleLimit = 10 * time.Minute
	// DefaultConcurrency caps the service's node reads in flight, however long the token
	// list grows: the node has no batched read of balances, supplies or reserves, so a
	// refresh that must read every token (no index, or a first start) takes
	// ceil(reads/64) round trips. It stays below the node client's per-node budget
	// (supra.DefaultPerNode), so the service never takes every slot from the reads and
	// submits of users' requests.
	DefaultConcurrency = 64
	// DefaultSupplyTTL: a coin's total supply and the burn address's balance of it change
	// rarely (a mint, a burn), so they are kept this long and then read again in the
	// background while the old figures are served. A coin the index has seen burned since
	// its figures were read is read again at once (in the background too).
	DefaultSupplyTTL = 10 * time.Minute
	// DefaultSupplyMaxAge: stored supplies older than this (a server down for a day) are
	// not served; they are read on the request path like missing ones.
	DefaultSupplyMaxAge = 24 * time.Hour
	// MaxIndexLag: an index more blocks than this behind the node's head (catching up after
	// a start) is not used for prices, which would be that old; the pools are read from the
	// node meanwhile. It is the bound /readyz holds replicas to.
	MaxIndexLag = 10
)

// indexWait bounds how long a forced refresh waits for the index to reach the node's head
// (the indexer reads the head and ingests what it lacks: a round trip or two).
const indexWait = 3 * time.Second

// figureRetry is how long a coin whose figures the node refused in the background waits
// before it is tried again, so that one bad coin does not keep the node busy.
const figureRetry = 30 * time.Second

// figuresTimeout bounds one background read of slow figures: at a quarter of the
// concurrency it covers hundreds of coins on a node 80 ms away.
const figuresTimeout = time.Minute

// Options tune a Service; zero values take the defaults.
type Options struct {
	TTL, MaxStale, MinRefresh, RefreshTimeout, StaleLimit time.Duration
	// Concurrency bounds the node reads in flight across everything the service does
	// (refreshes, slow figures and balance reads); default DefaultConcurrency. Slow figures
	// read in the background take at most a quarter of it, so a request's reads always
	// find room.
	Concurrency int
	// Index takes the pools' reserves from the event index at its last block and keeps the
	// slow figures (supplies, burned amounts) in its store across restarts; nil reads every
	// pool from the node and keeps the slow figures in memory only.
	Index Index
	// IndexStatus is how far the index has got and the node's head (indexer.Status). While
	// the index is more than MaxIndexLag blocks behind, the pools are read from the node;
	// it is also how the service notices a new indexed block without asking the store.
	// nil: the store's last block is read on every request and trusted as current.
	IndexStatus func() (indexed, head uint64)
	// WaitIndex returns once the index holds the node's head as it is now
	// (indexer.WaitHead). A forced refresh (the Refresh button) waits for it, at most
	// indexWait, so that it shows the transaction the user just made; nil: no wait.
	WaitIndex func(context.Context) error
	// SupplyTTL and SupplyMaxAge time the slow figures: DefaultSupplyTTL,
	// DefaultSupplyMaxAge.
	SupplyTTL, SupplyMaxAge time.Duration
	// Staking reads the staking totals for the dashboard; nil when no staking module is
	// configured (the dashboard then says "Coming Soon").
	Staking func(context.Context) (*StakingTotals, error)
	Now     func() time.Time
	Log     *slog.Logger
}

// Chain is what the market reads from the chain, one small interface per contract client
// (chain.Dex, chain.Coins, chain.Slots satisfy them; supra.Client is Blocks), with the
// registry and the network (its burn address) they are read for.
type Chain struct {
	Pools   Pools
	Coins   Coins
	Pots    Pots
	Blocks  Blocks
	Tokens  *tokens.Registry
	Network config.Network
}

// ChainOf picks the market's reads out of the contract clients.
func ChainOf(c *chain.Client) Chain {
	return Chain{Pools: c.Dex, Coins: c.Coins, Pots: c.Slots, Blocks: c.Core.Node(), Tokens: c.Core.Tokens(), Network: c.Core.Network()}
}

// Pools reads a DEX pool's reserves, in the order asked.
type Pools interface {
	Reserves(ctx context.Context, a, b supra.CoinType) (chain.Reserves, error)
}

// Coins reads coin supplies and balances.
type Coins interface {
	CoinSupply(ctx context.Context, coin supra.CoinType) (*big.Int, error)
	CoinBalance(ctx context.Context, addr supra.Address, coin supra.CoinType) (uint64, error)
}

// Pots reads a token's slots house pot.
type Pots interface {
	HousePot(ctx context.Context, coin supra.CoinType) (uint64, error)
}

// Blocks reads the node's head, which names the height of figures read from the node, and
// a block's header, which tells whether the index's last block is on the node's chain
// after a rewind.
type Blocks interface {
	LatestBlock(ctx context.Context) (supra.BlockHeader, error)
	BlockByHeight(ctx context.Context, height uint64, withTxs bool) (supra.Block, error)
}

// Service is the market data with its caches, and the bounded read path that the
// balances endpoint shares.
//
// A snapshot is composed of three parts, each kept for as long as it stays true:
//   - the pools' reserves, from the event index at its last block (read once per block),
//     or from the node for the pools the index does not follow and when there is no
//     usable index;
//   - the live node reads (the house vault, the staking total, those pools), refreshed
//     under the TTL, MaxStale, MinRefresh and StaleLimit rules;
//   - the slow figures (supplies and burned amounts), kept SupplyTTL, stored in the
//     index's database and read again in the background.
//
// So with an index a new block shows in the next answer without a node read, and a cold
// start answers in one node round trip. Every snapshot says its height, and the service
// never serves one lower than one it has served (until the chain is rewound).
type Service struct {
	chain     Chain
	reg       *tokens.Registry
	staking   func(context.Context) (*StakingTotals, error)
	now       func() time.Time
	log       *slog.Logger
	idx       Index
	idxStatus func() (indexed, head uint64)
	waitIndex func(context.Context) error

	ttl, maxStale, minRefresh, timeout, staleLimit time.Duration
	supplyTTL, supplyMaxAge                        time.Duration

	sem chan struct{} // node reads in flight
	bg  chan struct{} // of which background reads of slow figures
	sf  singleflight.Group

	// pools are the pools a snapshot prices from and coins the registry's coins, fixed by
	// the registry (whose All copies its list on every call).
	pools []poolNeed
	coins []supra.CoinType

	mu   sync.Mutex
	live *liveReads
	gen  uint64 // Invalidate's count: a refresh begun before one is not kept
	// failedAt is when a refresh last failed because the node did not answer (zero once
	// one succeeds): while it is after live's time, live is served as stale at once.
	failedAt time.Time
	// rewound: the chain went back (Invalidate). Until a refresh has checked them against
	// the node's head, stored figures may show blocks that are gone and the index may be
	// ahead of the chain, so neither is used.
	rewound bool
	// dropPending: the slow figures read at or above the new head are still to be dropped.
	dropPending bool
	view        *indexView // the index at the last block read
	// viewStatus is the indexer's height (IndexStatus) when view was last found current.
	viewStatus uint64
	// figs are the slow figures by coin; figsVer counts their changes; figsLoaded is set
	// once the stored ones were read.
	figs       map[supra.CoinType]figure
	figsVer    uint64
	figsLoaded bool
	figsBusy   bool      // a background read of slow figures runs
	figsReadAt time.Time // when the stored figures were last read
	// tried is when a coin's figures were last tried in the background and failed.
	tried map[supra.CoinType]time.Time
	// nextDue is the earliest time a slow figure becomes due, and dueView the index view
	// last checked for burns: until either changes, nothing is due.
	nextDue time.Time
	dueView *indexView
	// lastHead is the highest node head the service has seen (a lower bound of the
	// chain's height when a figure is read).
	lastHead uint64
	composed composed
	cover    coverage
	// floor is the height of the highest snapshot served, and served that snapshot: a
	// lower one is never served after it.
	floor  uint64
	served *Snapshot
}

// coverage is the last answer of coveredLocked and what it was asked of.
type coverage struct {
	live    *liveReads
	view    *indexView
	figsVer uint64
	ok      bool
}

// composed is the last snapshot built and what it was built from.
type composed struct {
	view    *indexView
	live    *liveReads
	figsVer uint64
	snap    *Snapshot
}

// Invalidate drops what the service holds of the chain: the chain changed under it (a
// devnet reverted to a snapshot or reset), so the next read waits for a new refresh, which
// first drops the slow figures read at or above the chain's new head and checks the index
// against it. Heights start again from the new head. It only sets state: the devnet calls
// it while holding its own lock.
func (s *Service) Invalidate() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.gen++
	s.live = nil
	s.view, s.dueView = nil, nil
	s.composed, s.cover = composed{}, coverage{}
	s.floor, s.served = 0, nil
	s.rewound, s.dropPending = true, true
	s.lastHead = 0
	s.sf.Forget("snapshot")
	s.sf.Forget("snapshot:forced")
}

// New returns a Service over the chain reads c.
func New(c Chain, o Options) *Service {
	if o.TTL <= 0 {
		o.TTL = DefaultTTL
	}
	if o.MaxStale < o.TTL {
		o.MaxStale = max(DefaultMaxStale, o.TTL)
	}
	if o.MinRefresh <= 0 {
		o.MinRefresh = DefaultMinRefresh
	}
	if o.RefreshTimeout <= 0 {
		o.RefreshTimeout = DefaultRefreshTimeout
	}
	if o.StaleLimit <= 0 {
		o.StaleLimit = DefaultStaleLimit
	}
	if o.Concurrency <= 0 {
		o.Concurrency = DefaultConcurrency
	}
	if o.SupplyTTL <= 0 {
		o.SupplyTTL = DefaultSupplyTTL
	}
	if o.SupplyMaxAge < o.SupplyTTL {
		o.SupplyMaxAge = max(DefaultSupplyMaxAge, o.SupplyTTL)
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	var coins []supra.CoinType
	for _, t := range c.Tokens.All() {
		coins = append(coins, t.Coin())
	}
	return &Service{
		pools: poolNeeds(c.Tokens), coins: coins,
		chain: c, reg: c.Tokens, staking: o.Staking, now: o.Now, log: logger(o.Log),
		idx: o.Index, idxStatus: o.IndexStatus, waitIndex: o.WaitIndex,
		ttl: o.TTL, maxStale: o.MaxStale, minRefresh: o.MinRefresh, timeout: o.RefreshTimeout, staleLimit: o.StaleLimit,
		supplyTTL: o.SupplyTTL, supplyMaxAge: o.SupplyMaxAge,
		sem: make(chan struct{}, o.Concurrency), bg: make(chan struct{}, max(1, o.Concurrency/4)),
		figs: map[supra.CoinType]figure{}, tried: map[supra.CoinType]time.Time{},
	}
}

func (s *Service) acquire(ctx context.Context) error {
	select {
	case s.sem <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (s *Service) release() { <-s.sem }

// Snapshot returns the market data. The live node reads younger than the TTL are used as
// they are; younger than MaxStale, used while a single background refresh runs; otherwise
// the caller waits for the refresh (one in flight at a time, shared by every waiting
// request). force (the Refresh button) waits for a new read unless the last is younger
// than MinRefresh. While the node fails to answer, the last reads younger than StaleLimit
// are served marked Stale, with their Age (at once after a refresh has failed); after
// that, the node's error. The pools the index follows are taken at its last block on every
// call, and slow figures that are due are read again in the background.
func (s *Service) Snapshot(ctx context.Context, force bool) (*Snapshot, error) {
	v := s.indexView(ctx)
	l, stale, err := s.liveFor(ctx, force, v)
	if err != nil {
		return nil, err
	}
	if v != nil && l.view != nil && l.view.block.Height > v.block.Height {
		// The refresh this request waited for found a later block (a forced one waits
		// for the index to reach the head).
		v = l.view
	}
	snap := s.snapshotOf(v, l, stale)
	s.refreshFigures(v)
	return snap, nil
}

// liveFor returns the live node reads to compose with the index view v, refreshing them
// under the cache rules; stale is set when they are the last the node gave before failing.
func (s *Service) liveFor(ctx context.Context, force bool, v *indexView) (*liveReads, bool, error) {
	cur, failing := s.state()
	if cur != nil && !s.covered(cur, v) {
		// The index no longer follows a pool that was taken from it (it is catching up):
		// these reads lack that pool, so they cannot be served.
		cur = nil
	}
	if cur != nil {
		age := s.now().Sub(cur.at)
		// Reads missing dashboard parts are not kept as if complete: past MinRefresh
		// (which stops a burst of requests from each reading the node) the next request
		// reads again.
		partial := cur.partial
		switch {
		case force && age < s.minRefresh, !force && age < s.ttl && (!partial || age < s.minRefresh):
			return cur, false, nil
		case !force && !partial && age < s.maxStale:
			s.refresh(false)
			return cur, false, nil
		case !force && failing && age < s.staleLimit:
			// The node is down: answer now from the cache, said to be stale, while one
			// refresh at a time tries again.
			s.refresh(false)
			return cur, true, nil
		}
	}
	select {
	case r := <-s.refresh(force):
		if r.Err != nil {
			if cur != nil && transient(r.Err) && s.now().Sub(cur.at) < s.staleLimit {
				return cur, true, nil
			}
			return nil, false, r.Err
		}
		return r.Val.(*liveReads), false, nil
	case <-ctx.Done():
		return nil, false, ctx.Err()
	}
}

// state is the cached live reads and whether the node failed the refresh after them.
func (s *Service) state() (*liveReads, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.live, s.live != nil && s.failedAt.After(s.live.at)
}

// snapshotOf composes the snapshot of v, l and the slow figures (once for each change of
// any of them), holding heights from going back, and marks it stale when l is.
func (s *Service) snapshotOf(v *indexView, l *liveReads, stale bool) *Snapshot {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.coveredLocked(l, v) {
		// The reads were made for another view of the index (an older one, or none).
		v = l.view
	}
	c := s.composed
	if c.snap == nil || c.view != v || c.live != l || c.figsVer != s.figsVer {
		c = composed{view: v, live: l, figsVer: s.figsVer, snap: s.compose(v, l)}
		s.composed = c
	}
	snap := c.snap
	switch {
	case s.served != nil && snap.Height < s.floor:
		// A source behind one already served (an index that just caught up to where the
		// node's head was, a lagging node): the last snapshot served stands.
		snap = s.served
	default:
		s.floor, s.served = snap.Height, snap
	}
	if !stale {
		return snap
	}
	cp := *snap
	cp.Stale = true
	cp.Age = max(s.now().Sub(snap.UpdatedAt), 0)
	return &cp
}

// covered reports whether l has every pool and slow figure a snapshot of v needs.
func (s *Service) covered(l *liveReads, v *indexView) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.coveredLocked(l, v)
}

func (s *Service) coveredLocked(l *liveReads, v *indexView) bool {
	// Every request asks; the answer changes only with l, v or the figures.
	if c := s.cover; c.live == l && c.view == v && c.figsVer == s.figsVer {
		return c.ok
	}
	ok := true
	for _, p := range s.pools {
		if _, in := v.pool(p.key); in {
			continue
		}
		if _, in := l.pools[p.key]; !in {
			ok = false
			break
		}
	}
	for _, c := range s.coins {
		if !ok {
			break
		}
		if _, in := s.figs[c]; in {
			continue
		}
		if _, in := l.figs[c]; !in {
			ok = false
		}
	}
	s.cover = coverage{live: l, view: v, figsVer: s.figsVer, ok: ok}
	return ok
}

// refresh starts a refresh of the live reads unless one is in flight, and returns its
// result channel. A forced one first lets the index catch up with the node's head; forced
// requests share one, as the others do.
func (s *Service) refresh(force bool) <-chan singleflight.Result {
	key := "snapshot"
	if force && s.waitIndex != nil {
		key = "snapshot:forced"
	}
	return s.sf.DoChan(key, func() (any, error) {
		ctx, cancel := context.WithTimeout(context.Background(), s.timeout)
		defer cancel()
		if key != "snapshot" {
			wctx, cancel := context.WithTimeout(ctx, indexWait)
			if err := s.waitIndex(wctx); err != nil {
				// The index is slow or the node failed: the figures are those of the
				// last indexed block, which the answer's height says.
				s.log.Debug("market: index not at the head for a forced refresh", "err", err)
			}
			cancel()
		}
		s.mu.Lock()
		gen := s.gen
		s.mu.Unlock()
		l, err := s.readLive(ctx, gen)
		if err != nil {
			s.log.Warn("market: refresh failed", "err", err)
			if transient(err) {
				s.mu.Lock()
				s.failedAt = s.now()
				s.mu.Unlock()
			}
			return nil, fmt.Errorf("market: refresh: %w", err)
		}
		s.mu.Lock()
		s.failedAt = time.Time{}
		if gen == s.gen && (s.live == nil || !l.at.Before(s.live.at)) {
			s.live = l
		}
		s.mu.Unlock()
		return l, nil
	})
}

// Balance is one registry token's balance in base units.
type Balance struct {
	Token  tokens.Token
	Amount uint64
}

// Balances reads every registry token's balance of addr through the service's bounded
// read path: concurrent requests for the same address share one read, and every read
// counts against the same bound as the market refreshes, so a burst of portfolio loads
// cannot flood the node. Balances are not kept past the read: a balance must show the
// transaction the user just made, which a TTL would hide.
func (s *Service) Balances(ctx context.Context, addr supra.Address) ([]Balance, error) {
	ch := s.sf.DoChan("balances:"+addr.String(), func() (any, error) {
		ctx, cancel := context.WithTimeout(context.Background(), s.timeout)
		defer cancel()
		toks := s.reg.All()
		out := make([]Balance, len(toks))
		g, gctx := errgroup.WithContext(ctx)
		for i, t := range toks {
			out[i].Token = t
			g.Go(func() error {
				if err := s.acquire(gctx); err != nil {
					return err
				}
				defer s.release()
				v, err := s.chain.Coins.CoinBalance(gctx, addr, t.Coin())
				out[i].Amount = v
				return err
			})
		}
		if err := g.Wait(); err != nil {
			return nil, err
		}
		return out, nil
	})
	select {
	case r := <-ch:
		if r.Err != nil {
			return nil, r.Err
		}
		return r.Val.([]Balance), nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}
