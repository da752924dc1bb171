package simulate

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"sync"

	"github.com/luckycoin/lucky/internal/chain"
	"github.com/luckycoin/lucky/internal/draw"
	"github.com/luckycoin/lucky/internal/supra"
	"github.com/luckycoin/lucky/internal/tokens"
)

// market is what the agents trade and play: the SUPRA pools of the registry's tokens,
// found on the node at the start, and the prices the agents have seen in them.
type market struct {
	nativeTok, luckyTok tokens.Token
	lucky               *pool   // the app's token against SUPRA
	pools               []*pool // every SUPRA pool, LUCKY's first
	others              []draw.Weighted[*pool]
}

// pool is one token's SUPRA pool and the prices seen in it, shared by every agent: a
// momentum trader follows the moves the others made.
type pool struct {
	tok  tokens.Token
	coin supra.CoinType

	mu sync.Mutex
	// s0 and t0 are the reserves first seen; prices are in millionths of that price.
	s0, t0 uint64
	seen   []int64 // the latest prices seen, oldest first
}

// Price memory of a pool: how many prices are kept, and how far back a momentum trader
// looks for the trend.
const (
	remembered = 24
	trendBack  = 5
	ppm        = 1_000_000
)

// discover finds the registry's tokens with a SUPRA pool on the node. The app's token
// must have one; the others trade in proportion to their pool's depth (up to 500,000
// SUPRA: a deep dollar pool does not take over).
func discover(ctx context.Context, c *chain.Client) (*market, error) {
	reg := c.Core.Tokens()
	native, ok := reg.Native()
	if !ok {
		return nil, fmt.Errorf("%w: the token registry has no native coin", ErrSetup)
	}
	lucky, ok := reg.App()
	if !ok {
		return nil, fmt.Errorf("%w: the token registry names no app token", ErrSetup)
	}
	m := &market{nativeTok: native, luckyTok: lucky}
	for _, t := range reg.All() {
		if t.Coin().IsNative() || t.Coin().IsZero() {
			continue
		}
		r, err := c.Dex.Reserves(ctx, native.Coin(), t.Coin())
		if errors.Is(err, chain.ErrPairNotFound) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("%w: the %s pool: %w", ErrSetup, t.Name, err)
		}
		if r.A == 0 || r.B == 0 {
			continue
		}
		p := &pool{tok: t, coin: t.Coin()}
		p.record(r.A, r.B)
		if t.CoinType == lucky.CoinType {
			m.lucky = p
			m.pools = append([]*pool{p}, m.pools...)
			continue
		}
		m.pools = append(m.pools, p)
		m.others = append(m.others, draw.Weighted[*pool]{Weight: int(max(min(r.A, 500_000*supraUnit)/supraUnit, 1)), Value: p})
	}
	if m.lucky == nil {
		return nil, fmt.Errorf("%w: no %s/%s pool on the node", ErrSetup, lucky.Name, native.Name)
	}
	return m, nil
}

// pick is the pool a trader trades: LUCKY's six times in ten, else another by depth.
func (m *market) pick(r *rand.Rand) *pool {
	if len(m.others) == 0 || draw.Chance(r, 600) {
		return m.lucky
	}
	return draw.Choose(r, m.others)
}

// observe reads p's reserves (SUPRA, token) and records its price.
func (m *market) observe(ctx context.Context, c *chain.Client, p *pool) (rs, rt uint64, price int64, err error) {
	r, err := c.Dex.Reserves(ctx, supra.NativeCoin(), p.coin)
	if err != nil {
		return 0, 0, 0, fmt.Errorf("reserves of the %s pool: %w", p.tok.Name, err)
	}
	return r.A, r.B, p.record(r.A, r.B), nil
}

// record notes the price of reserves rs SUPRA and rt token and returns it, in millionths
// of the first price seen.
func (p *pool) record(rs, rt uint64) int64 {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.s0 == 0 {
		p.s0, p.t0 = rs, rt
	}
	price := int64(ppm)
	if rt > 0 {
		num := new(big.Int).Mul(new(big.Int).SetUint64(rs), new(big.Int).SetUint64(p.t0))
		num.Mul(num, big.NewInt(ppm))
		q := num.Quo(num, new(big.Int).Mul(new(big.Int).SetUint64(rt), new(big.Int).SetUint64(p.s0)))
		price = 1 << 40 // a million-fold rise: beyond, prices are all the same to a trader
		if q.IsInt64() {
			price = q.Int64()
		}
	}
	p.seen = append(p.seen, price)
	if len(p.seen) > remembered {
		p.seen = append(p.seen[:0], p.seen[len(p.seen)-remembered:]...)
	}
	return price
}

// trend is +1 when the latest price is above the one trendBack sightings before, -1 when
// below, 0 when level or too few were seen.
func (p *pool) trend() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	n := len(p.seen)
	if n < 2 {
		return 0
	}
	last, then := p.seen[n-1], p.seen[max(n-1-trendBack, 0)]
	switch {
	case last > then:
		return 1
	case last < then:
		return -1
	}
	return 0
}

// mean is the average of the prices seen.
func (p *pool) mean() int64 {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.seen) == 0 {
		return ppm
	}
	var sum int64
	for _, v := range p.seen {
		sum += v
	}
	return sum / int64(len(p.seen))
}
