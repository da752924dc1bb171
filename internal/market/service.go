package market

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"
	"golang.org/x/sync/singleflight"

	"github.com/luckycoin/lucky/internal/chain"
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
)

// Options tune a Service; zero values take the defaults.
type Options struct {
	TTL, MaxStale, MinRefresh, RefreshTimeout time.Duration
	// Concurrency bounds the node reads in flight across everything the service does
	// (refreshes and balance reads). Default: sized so one refresh of the whole token list
	// runs in a single round (3 reads per token + 4).
	Concurrency int
	// Staking reads the staking totals for the dashboard; nil when no staking module is
	// configured (the dashboard then says "Coming Soon").
	Staking func(context.Context) (*StakingTotals, error)
	Now     func() time.Time
	Log     *slog.Logger
}

// Service is the market data with its cache, and the bounded read path that the balances
// endpoint shares.
type Service struct {
	chain   *chain.Client
	reg     *tokens.Registry
	staking func(context.Context) (*StakingTotals, error)
	now     func() time.Time
	log     *slog.Logger

	ttl, maxStale, minRefresh, timeout time.Duration

	sem chan struct{} // node reads in flight
	sf  singleflight.Group

	mu  sync.Mutex
	cur *Snapshot
	gen uint64 // Invalidate's count: a refresh begun before one is not kept
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

// New returns a Service over the chain bindings.
func New(c *chain.Client, o Options) *Service {
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
	if o.Concurrency <= 0 {
		o.Concurrency = 3*len(c.Tokens().All()) + 4
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	s := &Service{
		chain: c, reg: c.Tokens(), staking: o.Staking, now: o.Now, log: logger(o.Log),
		ttl: o.TTL, maxStale: o.MaxStale, minRefresh: o.MinRefresh, timeout: o.RefreshTimeout,
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

func (s *Service) current() *Snapshot {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.cur
}

// Snapshot returns the market data. A snapshot younger than the TTL is served from the
// cache; one younger than MaxStale is served while a single background refresh runs;
// otherwise the caller waits for the refresh (one in flight at a time, shared by every
// waiting request). force (the Refresh button) waits for a new read unless the snapshot is
// younger than MinRefresh.
func (s *Service) Snapshot(ctx context.Context, force bool) (*Snapshot, error) {
	if cur := s.current(); cur != nil {
		age := s.now().Sub(cur.UpdatedAt)
		switch {
		case force && age < s.minRefresh, !force && age < s.ttl:
			return cur, nil
		case !force && age < s.maxStale:
			s.refresh()
			return cur, nil
		}
	}
	select {
	case r := <-s.refresh():
		if r.Err != nil {
			return nil, r.Err
		}
		return r.Val.(*Snapshot), nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
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
			return nil, fmt.Errorf("market: refresh: %w", err)
		}
		s.mu.Lock()
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
				v, err := s.chain.CoinBalance(gctx, addr, t.CoinType)
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
