package market

import (
	"context"
	"math/big"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/luckycoin/lucky/internal/supra"
	"github.com/luckycoin/lucky/internal/tokens"
)

// PremiumLucky is the premium threshold (docs/product.md, Portfolio): a wallet holding at least this many whole
// LUCKY sees every token of its portfolio; others see SUPRA and LUCKY only.
const PremiumLucky = 250_000

// Holding is one valued token of a wallet. Values are exact (balance × spot price).
type Holding struct {
	Token   tokens.Token
	Balance uint64 // base units
	// ValueSupra is the balance in SUPRA at the spot price of the token's SUPRA pool.
	ValueSupra *big.Rat
	// ValueUSD is ValueSupra × SUPRA's USD price; nil when USD is unavailable.
	ValueUSD *big.Rat
	// Market is the token's price in the snapshot the holding is valued at, with its route.
	Market TokenMarket
}

// Portfolio is a wallet valued at one market snapshot.
type Portfolio struct {
	UpdatedAt time.Time
	// Height is the snapshot's (Snapshot.Height): the prices are the other screens' at it.
	Height uint64
	// Holdings are every registry token the wallet holds that has a valid pool value
	// (zero balances and tokens without one are omitted: docs/product.md, Portfolio), in registry order.
	Holdings []Holding
	// Premium: the wallet holds at least PremiumLucky LUCKY.
	Premium bool
	// SupraUSD and USDReason as in Snapshot.
	SupraUSD  *big.Rat
	USDReason string
	USDDetail string

	app supra.CoinType // the app's own token, always visible
}

// Visible are the holdings the wallet may see under the premium rule (docs/product.md, Portfolio): all of
// them for a premium wallet, else SUPRA and LUCKY only.
func (p *Portfolio) Visible() []Holding {
	if p.Premium {
		return p.Holdings
	}
	out := []Holding{}
	for _, h := range p.Holdings {
		if h.Token.Coin().IsNative() || h.Token.Coin() == p.app {
			out = append(out, h)
		}
	}
	return out
}

// Totals sums the values of hs; usd is nil when any holding lacks a USD value.
func Totals(hs []Holding) (inSupra, usd *big.Rat) {
	inSupra, usd = new(big.Rat), new(big.Rat)
	for _, h := range hs {
		inSupra.Add(inSupra, h.ValueSupra)
		if h.ValueUSD == nil {
			usd = nil
		} else if usd != nil {
			usd.Add(usd, h.ValueUSD)
		}
	}
	return inSupra, usd
}

// Portfolio values addr's balances with the market snapshot: the one price path of the
// app (the token index, the dashboard and the portfolio agree to the last digit). The
// balances are read fresh (see Balances); the prices come from the cache, refreshed when
// force is set.
func (s *Service) Portfolio(ctx context.Context, addr supra.Address, force bool) (*Portfolio, error) {
	var (
		snap *Snapshot
		bals []Balance
	)
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() (err error) { snap, err = s.Snapshot(gctx, force); return })
	g.Go(func() (err error) { bals, err = s.Balances(gctx, addr); return })
	if err := g.Wait(); err != nil {
		return nil, err
	}
	priced := make(map[supra.CoinType]TokenMarket, len(snap.Tokens))
	for _, t := range snap.Tokens {
		priced[t.Token.Coin()] = t
	}
	p := &Portfolio{UpdatedAt: snap.UpdatedAt, Height: snap.Height, SupraUSD: snap.SupraUSD, USDReason: snap.USDReason(),
		USDDetail: snap.USDDetail, Holdings: []Holding{}}
	threshold := new(big.Int)
	if lt, ok := s.reg.App(); ok {
		threshold.Mul(big.NewInt(PremiumLucky), pow10(lt.Decimals))
		p.app = lt.Coin()
	}
	for _, b := range bals {
		if b.Token.Coin() == p.app && threshold.Sign() > 0 &&
			new(big.Int).SetUint64(b.Amount).Cmp(threshold) >= 0 {
			p.Premium = true
		}
		m, ok := priced[b.Token.Coin()]
		if b.Amount == 0 || !ok || m.PriceSupra == nil {
			continue
		}
		whole := m.Whole(new(big.Int).SetUint64(b.Amount))
		h := Holding{Token: b.Token, Balance: b.Amount, ValueSupra: new(big.Rat).Mul(whole, m.PriceSupra), Market: m}
		if m.PriceUSD != nil {
			h.ValueUSD = new(big.Rat).Mul(whole, m.PriceUSD)
		}
		p.Holdings = append(p.Holdings, h)
	}
	return p, nil
}
