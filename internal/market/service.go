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
	// DefaultTTL: a snapshot this young is served as is.
	DefaultTTL = 10 * time.Second
	// DefaultMaxStale: a snapshot older than TTL but younger than this is served at once
	// while one refresh runs in the background (stale-while-revalidate). Older ones are
	// not served: the request waits for the refresh, so a dashboard polling every 60 s
	// never shows the previous poll's numbers.
	DefaultMaxStale = 30 * time.Second
	// DefaultMinRefresh: a forced refresh (the Refresh button) within this age of the
	// snapshot shares it, so a button cannot be turned into a node load generator.
	DefaultMinRefresh = time.Second
	// DefaultRefreshTimeout bounds one refresh (it runs detached from the request that
	// started it, since other requests share it).
	DefaultRefreshTimeout = 15 * time.Second
	// DefaultStaleLimit: while the node fails to answer, the last snapshot is served,
	// marked stale with its age, until it is this old; then requests get the node's error.
	// Market figures of a few minutes ago, said to be so, beat an error page; older ones
	// would mislead.
	DefaultStaleLimit = 10 * time.Minute
	// DefaultConcurrency caps the service's node reads in flight, however long the token
	// list grows. A refresh reads 3 per token plus 4 (the node has no batched read of
	// balances, supplies or reserves), so the registry's list (18 tokens, 58 reads) runs in
	// one round trip and a longer one takes ceil(reads/64). It stays below the node
	// client's per-node budget (supra.DefaultPerNode), so a refresh never takes every
	// slot from the reads and submits of users' requests.
	DefaultConcurrency = 64
)

// Options tune a Service; zero values take the defaults.
type Options struct {
	TTL, MaxStale, MinRefresh, RefreshTimeout, StaleLimit time.Duration
	// Concurrency bounds the node reads in flight across everything the service does
	// (refreshes and balance reads); default DefaultConcurrency.
	Concurrency int
	// Staking reads the staking totals for the dashboard; nil when no staking module is
	// configured (the dashboard then says "Coming Soon").
	Staking func(context.Context) (*StakingTotals, error)
	Now     func() time.Time
	Log     *slog.Logger
}

// Chain is what the market reads from the chain, one small interface per contract client
// (chain.Dex, chain.Coins, chain.Slots satisfy them), with the registry and the network
// (its burn address) they are read for.
type Chain struct {
	Pools   Pools
	Coins   Coins
	Pots    Pots
	Tokens  *tokens.Registry
	Network config.Network
}

// ChainOf picks the market's reads out of the contract clients.
func ChainOf(c *chain.Client) Chain {
	return Chain{Pools: c.Dex, Coins: c.Coins, Pots: c.Slots, Tokens: c.Core.Tokens(), Network: c.Core.Network()}
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

// Service is the market data with its cache, and the bounded read path that the balances
// endpoint shares.
type Service struct {
	chain   Chain
	reg     *tokens.Registry
	staking func(context.Context) (*StakingTotals, error)
	now     func() time.Time
	log     *slog.Logger

	ttl, maxStale, minRefresh, timeout, staleLimit time.Duration

	sem chan struct{} // node reads in flight
	sf  singleflight.Group

	mu  sync.Mutex
	cur *Snapshot
	gen uint64 // Invalidate's count: a refresh begun before one is not kept
	// failedAt is when a refresh last failed because the node did not answer (zero once
	// one succeeds): while it is after cur's time, cur is served as stale at once.
	failedAt time.Time
}

// Invalidate drops the cached snapshot: the chain changed under it (a devnet reverted
// to a snapshot or reset), so the next read waits for a new one.
func (s *Service) Invalidate() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.gen++
	s.cur = nil
	s.sf.Forget("snapshot")
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
	if o.Now == nil {
		o.Now = time.Now
	}
	s := &Service{
		chain: c, reg: c.Tokens, staking: o.Staking, now: o.Now, log: logger(o.Log),
		ttl: o.TTL, maxStale: o.MaxStale, minRefresh: o.MinRefresh, timeout: o.RefreshTimeout, staleLimit: o.StaleLimit,
		sem: make(chan struct{}, o.Concurrency),
	}
	return s
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

// Snapshot returns the market data. A snapshot younger than the TTL is served from the
// cache; one younger than MaxStale is served while a single background refresh runs;
// otherwise the caller waits for the refresh (one in flight at a time, shared by every
// waiting request). force (the Refresh button) waits for a new read unless the snapshot is
// younger than MinRefresh. While the node fails to answer, the last snapshot younger than
// StaleLimit is served marked Stale, with its Age (at once after a refresh has failed);
// after that, the node's error.
func (s *Service) Snapshot(ctx context.Context, force bool) (*Snapshot, error) {
	cur, failing := s.state()
	if cur != nil {
		age := s.now().Sub(cur.UpdatedAt)
		// A snapshot missing dashboard parts is not kept as if complete: past MinRefresh
		// (which stops a burst of requests from each reading the node) the next request
		// reads again.
		partial := len(cur.Lucky.Failed) > 0
		switch {
		case force && age < s.minRefresh, !force && age < s.ttl && (!partial || age < s.minRefresh):
			return s.served(cur, false), nil
		case !force && !partial && age < s.maxStale:
			s.refresh()
			return s.served(cur, false), nil
		case !force && failing && age < s.staleLimit:
			// The node is down: answer now from the cache, said to be stale, while one
			// refresh at a time tries again.
			s.refresh()
			return s.served(cur, true), nil
		}
	}
	select {
	case r := <-s.refresh():
		if r.Err != nil {
			if cur != nil && transient(r.Err) && s.now().Sub(cur.UpdatedAt) < s.staleLimit {
				return s.served(cur, true), nil
			}
			return nil, r.Err
		}
		return s.served(r.Val.(*Snapshot), false), nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// state is the cached snapshot and whether the node failed the refresh after it.
func (s *Service) state() (*Snapshot, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.cur, s.cur != nil && s.failedAt.After(s.cur.UpdatedAt)
}

// served is snap, or when the node could not refresh it a copy marked stale with its age.
func (s *Service) served(snap *Snapshot, stale bool) *Snapshot {
	if !stale {
		return snap
	}
	cp := *snap
	cp.Stale = true
	cp.Age = max(s.now().Sub(snap.UpdatedAt), 0)
	return &cp
}

// refresh starts a refresh unless one is in flight, and returns its result channel.
func (s *Service) refresh() <-chan singleflight.Result {
	return s.sf.DoChan("snapshot", func() (any, error) {
		ctx, cancel := context.WithTimeout(context.Background(), s.timeout)
		defer cancel()
		s.mu.Lock()
		gen := s.gen
		s.mu.Unlock()
		snap, err := s.load(ctx)
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
		if gen == s.gen && (s.cur == nil || !snap.UpdatedAt.Before(s.cur.UpdatedAt)) {
			s.cur = snap
		}
		s.mu.Unlock()
		return snap, nil
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
