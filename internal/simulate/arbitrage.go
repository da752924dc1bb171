package simulate

import (
	"context"
	"crypto/ed25519"
	"crypto/sha256"
	"errors"
	"fmt"
	"strings"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/luckycoin/lucky/internal/chain"
	"github.com/luckycoin/lucky/internal/market/arbitrage"
	"github.com/luckycoin/lucky/internal/supra"
)

// The simulator's arbitrage trader, as every real AMM market has: a pool of two tokens
// that both have a SUPRA pool (LUCKY/dexUSDC) prices a coin a second time, and every
// arbEvery the arbitrageur runs the cycle SUPRA → one token → the other → SUPRA that pays
// most (sized from the reserves by internal/market/arbitrage), so such a pool stays within
// the fees of the route through SUPRA whatever the crowd does. It acts beside the run's
// rate, on an account of its own, and its transactions count in the report as "arbitrage".

// arbEvery is how often the arbitrageur looks besides right after each of the crowd's
// confirmed trades (noteTrade): a trade from outside the run shows within it.
const arbEvery = 2 * time.Second

// noteTrade tells the arbitrageur a trade of the crowd was confirmed, as a bot watching the
// chain's blocks sees it; a look already due covers it.
func (s *sim) noteTrade(kind string) {
	if s.moved == nil || kind == "arbitrage" || !strings.Contains(kind, "buy") && !strings.Contains(kind, "sell") {
		return
	}
	select {
	case s.moved <- struct{}{}:
	default:
	}
}

// minArbProfit is the least profit, in SUPRA quants, a cycle is run for: over the gas of
// its three transactions.
const minArbProfit = supraUnit / 10

// arbSlippageBps is what each leg accepts below its quote: the crowd trades between legs.
const arbSlippageBps = 100

// crossPool is a pool of two tokens that both have a SUPRA pool.
type crossPool struct{ a, b *pool }

// arbBankroll is the arbitrageur's SUPRA, in whole SUPRA: more than the cycle a whale's
// trade calls for on the devnet's pools (a 10 % gap on LUCKY/dexUSDC takes about 6,000
// SUPRA; a cycle capped by it still closes part of a larger gap, and each cycle's profit
// stays), and few faucet calls, so a run starts fast.
const arbBankroll = 20_000

// newArbitrageur derives the arbitrage account from the seed, apart from the agents'.
func newArbitrageur(seed string) *agent {
	h := sha256.Sum256([]byte("LUCKY::simulate::arbitrageur\x00" + seed))
	key := ed25519.NewKeyFromSeed(h[:])
	return &agent{role: whale, key: key, addr: supra.AddressFromPublicKey(key.Public().(ed25519.PublicKey)),
		r: streamFor(seed, "arbitrageur"), best: map[string]uint64{}, bankroll: arbBankroll}
}

// discoverCross finds the pools between two tokens of m's SUPRA pools.
func discoverCross(ctx context.Context, c *chain.Client, m *market) ([]crossPool, error) {
	var pairs []crossPool
	for i, a := range m.pools {
		for _, b := range m.pools[i+1:] {
			pairs = append(pairs, crossPool{a, b})
		}
	}
	found := make([]bool, len(pairs))
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(8)
	for i, p := range pairs {
		g.Go(func() error {
			ok, err := c.Dex.PairExists(gctx, p.a.coin, p.b.coin)
			if err != nil {
				return fmt.Errorf("%w: the %s/%s pool: %w", ErrSetup, p.a.tok.Name, p.b.tok.Name, err)
			}
			found[i] = ok
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	var out []crossPool
	for i, p := range pairs {
		if found[i] {
			out = append(out, p)
		}
	}
	return out, nil
}

// arbitrage looks every arbEvery until the run ends; a cycle under way when it does runs to
// its end (under ctx), so the arbitrageur is not left holding a leg.
func (s *sim) arbitrage(ctx, until context.Context) {
	// Funded beside the crowd's first trades rather than before them: its faucet calls do
	// not hold up the run's start.
	if err := s.fundOne(until, s.arb); err != nil {
		if until.Err() == nil {
			s.cfg.Log.Warn("simulate: the arbitrageur is not funded: no arbitrage this run", "err", err)
		}
		return
	}
	t := time.NewTicker(arbEvery)
	defer t.Stop()
	for {
		select {
		case <-until.Done():
			return
		case <-t.C:
			s.arbitrageAll(ctx)
		case <-s.moved:
			s.arbitrageAll(ctx)
		}
	}
}

// arbitrageAll looks at every cross pool once.
func (s *sim) arbitrageAll(ctx context.Context) {
	for _, x := range s.cross {
		s.arbitrageOne(ctx, x)
	}
}

// arbitrageOne runs the cycle through x that pays, if one does.
func (s *sim) arbitrageOne(ctx context.Context, x crossPool) {
	native := supra.NativeCoin()
	for _, path := range [][]supra.CoinType{{native, x.a.coin, x.b.coin, native}, {native, x.b.coin, x.a.coin, native}} {
		cycle := make([]arbitrage.Pool, 0, 3)
		for i := 0; i+1 < len(path); i++ {
			p, err := s.c.Dex.Pool(ctx, path[i], path[i+1])
			if err != nil {
				s.noSend(s.arb, "arbitrage", err)
				return
			}
			cycle = append(cycle, arbitrage.Pool{In: p.ReserveIn, Out: p.ReserveOut, Fee: p.Fees.Fee, Scale: p.Fees.Scale})
		}
		free, err := s.balance(ctx, s.arb, native)
		if err != nil {
			s.noSend(s.arb, "arbitrage", err)
			return
		}
		in, profit := arbitrage.Capped(cycle, free-min(free, gasReserve))
		if profit < minArbProfit {
			continue
		}
		// Each leg spends what the one before returned: the crowd may have traded between.
		v := in
		for i := 0; i+1 < len(path); i++ {
			before, err := s.balance(ctx, s.arb, path[i+1])
			if err != nil {
				s.noSend(s.arb, "arbitrage", err)
				return
			}
			quote, err := s.c.Dex.AmountOut(ctx, path[i], path[i+1], v)
			if err == nil && quote == 0 {
				err = skip("quote rounds to zero")
			}
			var b *chain.Built
			if err == nil {
				b, err = s.c.Dex.BuildSwap(ctx, s.arb.addr, path[i], path[i+1], v, chain.MinOut(quote, arbSlippageBps))
			}
			if err != nil {
				s.noSend(s.arb, "arbitrage", err)
				return
			}
			if !s.execute(ctx, s.arb, plan{kind: "arbitrage", built: b}) {
				return
			}
			after, err := s.balance(ctx, s.arb, path[i+1])
			if err != nil || after <= before {
				s.noSend(s.arb, "arbitrage", errors.Join(err, skip("the leg returned nothing")))
				return
			}
			v = after - before
			if path[i+1].IsNative() {
				break
			}
		}
		return // one direction pays at most
	}
}
