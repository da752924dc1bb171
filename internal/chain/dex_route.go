package chain

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/luckycoin/lucky/internal/supra"
)

// Routes: the best way from one coin to another through Dexlyn's pools, directly or through
// one intermediate coin (LUCKY → SUPRA → DAWGZ). Dexlyn's scripts module has no multi-hop
// entry function (scripts::swap is one pool), so a two-hop route is two transactions; the
// first one's minimum is chosen so that it aborts whenever what it would return can no longer
// buy the route's minimum on the second pool.
//
// The search ranks candidates with the router's integer maths written out here (SwapOut,
// checked against router::get_amount_out by the tests); the route it answers is then quoted
// hop by hop with Quote, i.e. with the router's own get_amount_out, the second hop applied to
// the first hop's exact output.

// MissingPoolTTL is how long a pair without a pool is not asked about again. Pools are never
// removed on Liquidswap, so only "no pool" can go stale, and only when someone creates one.
const MissingPoolTTL = 15 * time.Second

// routeSearchReads bounds the pool reads a route search runs at once (two node reads
// each): enough that a search over the registry's hubs is one round of reads, not waves of
// them one after another, each as slow as the node; a quarter of a client's requests in
// flight to one node (supra.DefaultPerNode) at most.
const routeSearchReads = 24

// ErrPoolsMoved: the pools changed between the reads of one route quote (the first hop's
// quoted output no longer buys the route's minimum); asking again answers.
var ErrPoolsMoved = errors.New("chain: the pools moved while the route was read; ask again")

type pairKey struct{ x, y supra.CoinType }

func sortedKey(a, b supra.CoinType) pairKey {
	if a.Compare(b) > 0 {
		a, b = b, a
	}
	return pairKey{a, b}
}

// missingPools remembers pairs the router said have no pool, for MissingPoolTTL.
type missingPools struct {
	mu    sync.Mutex
	now   func() time.Time
	until map[pairKey]time.Time
}

func newMissingPools(now func() time.Time) *missingPools {
	return &missingPools{now: now, until: map[pairKey]time.Time{}}
}

func (m *missingPools) known(a, b supra.CoinType) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	k := sortedKey(a, b)
	t, ok := m.until[k]
	if ok && m.now().After(t) {
		delete(m.until, k)
		return false
	}
	return ok
}

func (m *missingPools) add(a, b supra.CoinType) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.until[sortedKey(a, b)] = m.now().Add(MissingPoolTTL)
}

// PoolState is one read of a pool, in the direction of a swap: reserves of the coin in and
// of the coin out, and the pool's fee.
type PoolState struct {
	In, Out               supra.CoinType
	ReserveIn, ReserveOut uint64
	Fees                  Fees
}

// Pool reads a pool's reserves and fees in the direction in → out; ErrPairNotFound when it
// has none (remembered for MissingPoolTTL).
func (c *Dex) Pool(ctx context.Context, in, out supra.CoinType) (PoolState, error) {
	if c.missing != nil && c.missing.known(in, out) {
		return PoolState{}, fmt.Errorf("%w: %s/%s", ErrPairNotFound, in, out)
	}
	p := PoolState{In: in, Out: out}
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() error {
		r, err := c.Reserves(gctx, in, out)
		p.ReserveIn, p.ReserveOut = r.A, r.B
		return err
	})
	g.Go(func() (err error) { p.Fees, err = c.FeesConfig(gctx, in, out); return })
	err := g.Wait()
	if errors.Is(err, ErrPairNotFound) && c.missing != nil {
		c.missing.add(in, out)
	}
	return p, err
}

// SwapOut is the router's get_coin_out_with_fees on the uncorrelated curve over one read of
// the pool: floor(in·(scale−fee)·rOut / (rIn·scale + in·(scale−fee))). ok is false where the
// router aborts on u64 arithmetic.
func SwapOut(in uint64, p PoolState) (out uint64, ok bool) {
	if p.Fees.Scale == 0 || p.Fees.Fee > p.Fees.Scale {
		return 0, false
	}
	afterFees := new(big.Int).Mul(u(in), u(p.Fees.Scale-p.Fees.Fee))
	scaled := new(big.Int).Mul(u(p.ReserveIn), u(p.Fees.Scale))
	den := new(big.Int).Add(scaled, afterFees)
	if !afterFees.IsUint64() || !scaled.IsUint64() || !den.IsUint64() || den.Sign() == 0 {
		return 0, false
	}
	v := new(big.Int).Mul(afterFees, u(p.ReserveOut))
	v.Quo(v, den)
	if !v.IsUint64() {
		return 0, false
	}
	return v.Uint64(), true
}

// SwapIn is the router's get_coin_in_with_fees on the uncorrelated curve:
// floor(out·rIn·scale / ((rOut − out)·(scale − fee))) + 1. ok is false where the router aborts.
func SwapIn(out uint64, p PoolState) (in uint64, ok bool) {
	if p.Fees.Scale == 0 || p.Fees.Fee > p.Fees.Scale || out >= p.ReserveOut {
		return 0, false
	}
	den := new(big.Int).Mul(u(p.ReserveOut-out), u(p.Fees.Scale-p.Fees.Fee))
	scaledIn := new(big.Int).Mul(u(p.ReserveIn), u(p.Fees.Scale))
	if !den.IsUint64() || !scaledIn.IsUint64() || den.Sign() == 0 {
		return 0, false
	}
	v := new(big.Int).Mul(u(out), scaledIn)
	v.Quo(v, den)
	v.Add(v, big.NewInt(1))
	if !v.IsUint64() {
		return 0, false
	}
	return v.Uint64(), true
}

// MinInFor is the least input that buys at least target on the pool as read: the router's
// get_amount_in, then checked forward with SwapOut (its "+ 1" and SwapOut's floor may each
// leave it one off) so the answer is exact: SwapOut(m) ≥ target > SwapOut(m − 1).
func MinInFor(target uint64, p PoolState) (uint64, error) {
	if target == 0 {
		return 0, nil
	}
	m, ok := SwapIn(target, p)
	if !ok {
		return 0, ErrInsufficientLiquidity
	}
	// get_amount_in is within a few units of the answer: a handful of steps either way.
	for i := 0; i < 8 && m > 0; i++ {
		if o, ok := SwapOut(m-1, p); !ok || o < target {
			break
		}
		m--
	}
	for i := 0; ; i++ {
		if o, ok := SwapOut(m, p); ok && o >= target {
			return m, nil
		}
		if i == 8 {
			return 0, ErrInsufficientLiquidity
		}
		m++
	}
}

func u(v uint64) *big.Int { return new(big.Int).SetUint64(v) }

// Route is a quoted route: one hop (a direct pool, one transaction) or two (two
// transactions). Each hop is the router's quote for that pool; a hop's MinOut is the least
// its transaction may return: the first of two hops' is the least intermediate amount that
// still buys the route's minimum on the second pool (FirstStepMin), the last hop's is the
// route's minimum out.
type Route struct {
	Hops        []*Quote
	SlippageBps int
}

// AmountIn is what the route spends; AmountOut what it returns as quoted; MinOut the least
// it may return.
func (r *Route) AmountIn() uint64  { return r.Hops[0].AmountIn }
func (r *Route) AmountOut() uint64 { return r.Hops[len(r.Hops)-1].AmountOut }
func (r *Route) MinOut() uint64    { return r.Hops[len(r.Hops)-1].MinOut }

// Path is the coins the route goes through, in order.
func (r *Route) Path() []supra.CoinType {
	p := []supra.CoinType{r.Hops[0].In}
	for _, h := range r.Hops {
		p = append(p, h.Out)
	}
	return p
}

// candidate is a path with its estimated output (SwapOut over the pools as read), or why it
// cannot be used.
type candidate struct {
	path []supra.CoinType
	out  uint64
	err  error
}

// estimate walks a path over the read pools; ErrPairNotFound when one is missing.
func estimate(path []supra.CoinType, pools map[pairKey]*PoolState, amountIn uint64) (uint64, error) {
	v := amountIn
	for i := 0; i+1 < len(path); i++ {
		p, ok := pools[pairKey{path[i], path[i+1]}]
		if !ok {
			return 0, ErrPairNotFound
		}
		o, ok := SwapOut(v, *p)
		if !ok {
			return 0, ErrInsufficientLiquidity
		}
		if err := CheckQuote(p.ReserveIn, p.ReserveOut, o); err != nil {
			return 0, err
		}
		v = o
	}
	return v, nil
}

// BestRoute finds the path from in to out that returns the most for amountIn: the direct
// pool, or two hops through any of hubs with a pool on both sides. A tie goes to the direct
// pool (one transaction), then to the earlier hub. The route is then quoted exactly
// (QuoteRoute). With no usable path: the direct pool's refusal when it exists (its
// liquidity or too small an amount), else the first two-hop refusal, else ErrPairNotFound.
func (c *Dex) BestRoute(ctx context.Context, in, out supra.CoinType, amountIn uint64, slippageBps int, hubs []supra.CoinType) (*Route, error) {
	if slippageBps < MinSlippageBps || slippageBps > MaxSlippageBps {
		return nil, ErrSlippage
	}
	if _, _, _, err := SortPair(in, out); err != nil {
		return nil, err
	}
	cands := []candidate{{path: []supra.CoinType{in, out}}}
	legs := map[pairKey]bool{{in, out}: true}
	for _, h := range hubs {
		if h == in || h == out || h.IsZero() {
			continue
		}
		// A hub one of whose pools is known not to exist is no route: its other pool
		// need not be read.
		if c.missing != nil && (c.missing.known(in, h) || c.missing.known(h, out)) {
			continue
		}
		cands = append(cands, candidate{path: []supra.CoinType{in, h, out}})
		legs[pairKey{in, h}], legs[pairKey{h, out}] = true, true
	}
	var mu sync.Mutex
	pools := map[pairKey]*PoolState{}
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(routeSearchReads)
	for k := range legs {
		g.Go(func() error {
			p, err := c.Pool(gctx, k.x, k.y)
			if errors.Is(err, ErrPairNotFound) {
				return nil
			}
			if err != nil {
				return err
			}
			mu.Lock()
			pools[k] = &p
			mu.Unlock()
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	best := -1
	for i := range cands {
		cands[i].out, cands[i].err = estimate(cands[i].path, pools, amountIn)
		if cands[i].err == nil && (best < 0 || cands[i].out > cands[best].out) {
			best = i
		}
	}
	if best < 0 {
		for _, cd := range cands {
			if !errors.Is(cd.err, ErrPairNotFound) {
				return nil, cd.err
			}
		}
		return nil, fmt.Errorf("%w: no route %s → %s", ErrPairNotFound, in, out)
	}
	return c.QuoteRoute(ctx, cands[best].path, amountIn, slippageBps)
}

// QuoteRoute quotes a path of two or three coins with the router: the first hop for amountIn,
// the second for the first hop's exact output. The last hop's MinOut is the route's minimum
// (the slippage applied to the route's output); the first hop's, on a two-hop route, is
// FirstStepMin over the second pool as just read.
func (c *Dex) QuoteRoute(ctx context.Context, path []supra.CoinType, amountIn uint64, slippageBps int) (*Route, error) {
	if len(path) < 2 || len(path) > 3 {
		return nil, fmt.Errorf("%w: a route has one or two hops", ErrPairNotFound)
	}
	hop1, err := c.Quote(ctx, path[0], path[1], amountIn, slippageBps)
	if err != nil {
		return nil, err
	}
	r := &Route{Hops: []*Quote{hop1}, SlippageBps: slippageBps}
	if len(path) == 2 {
		return r, nil
	}
	hop2, err := c.Quote(ctx, path[1], path[2], hop1.AmountOut, slippageBps)
	if err != nil {
		return nil, err
	}
	step1, err := MinInFor(max(hop2.MinOut, 1), PoolState{In: hop2.In, Out: hop2.Out,
		ReserveIn: hop2.ReserveIn, ReserveOut: hop2.ReserveOut, Fees: hop2.Fees})
	if err != nil {
		return nil, err
	}
	if step1 > hop1.AmountOut {
		return nil, ErrPoolsMoved
	}
	hop1.MinOut = step1
	r.Hops = append(r.Hops, hop2)
	return r, nil
}

// FirstStepMin is the minimum out of the first transaction of a two-hop route via → out
// whose minimum is routeMinOut: the least amount of via that buys routeMinOut (at least one
// base unit) on the via/out pool as it is now. A first step that returns less aborts, so
// the route never leaves the trader holding an intermediate amount that could not finish it
// at the price the route was built at.
func (c *Dex) FirstStepMin(ctx context.Context, via, out supra.CoinType, routeMinOut uint64) (uint64, error) {
	p, err := c.Pool(ctx, via, out)
	if err != nil {
		return 0, err
	}
	return MinInFor(max(routeMinOut, 1), p)
}

// PoolsWith lists the hubs coin has a pool with, in the hubs' order: a coin can be routed
// (directly or through one hop) only when it has at least one.
func (c *Dex) PoolsWith(ctx context.Context, coin supra.CoinType, hubs []supra.CoinType) ([]supra.CoinType, error) {
	has := make([]bool, len(hubs))
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(routeSearchReads)
	for i, h := range hubs {
		if h == coin || h.IsZero() {
			continue
		}
		g.Go(func() error {
			_, err := c.Pool(gctx, coin, h)
			if errors.Is(err, ErrPairNotFound) {
				return nil
			}
			has[i] = err == nil
			return err
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	var out []supra.CoinType
	for i, ok := range has {
		if ok {
			out = append(out, hubs[i])
		}
	}
	return out, nil
}
