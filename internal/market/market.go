// Package market computes the market data of the token index and the LUCKY dashboard from
// the chain: spot prices from Dexlyn reserves, USD through the SUPRA/dexUSDC pool,
// supplies, the burned amount and the slots house vault. Everything is computed once per
// refresh on the server, with every node read of a refresh fanned out concurrently, and
// served from one cache (see Service).
//
// Arithmetic is exact: prices are big.Rat built from integer reserves and supplies are
// big.Int base units, until the API formats them as decimal strings.
package market

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/big"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/luckycoin/lucky/internal/chain"
	"github.com/luckycoin/lucky/internal/supra"
	"github.com/luckycoin/lucky/internal/tokens"
)

// USDUnavailable is the reason the UI shows when USD values are null (never a made-up
// $0.01, which is what the original app shows).
const USDUnavailable = "USD price unavailable"

// Reasons a token is left out of the index (tokens without a pool are skipped: docs/product.md, Token index).
const (
	SkipNoPool    = "no_pool"    // no TOKEN/SUPRA pool on Dexlyn
	SkipEmptyPool = "empty_pool" // the pool exists but a reserve is zero
	// SkipUnreadable: the node refused the pool read for this token (e.g. a coin type the
	// chain does not know); one such token must not take the whole index down.
	SkipUnreadable = "unreadable"
)

// Supply sources.
const (
	SourceChain    = "chain"    // 0x1::coin::supply
	SourceRegistry = "registry" // the token registry's listed supply
)

// TokenMarket is one priced token.
type TokenMarket struct {
	Token tokens.Token
	// PriceSupra is SUPRA per whole token: (reserve SUPRA / 10^8) / (reserve token / 10^d).
	PriceSupra *big.Rat
	// PriceUSD is PriceSupra × SUPRA's USD price; nil when USD is unavailable.
	PriceUSD *big.Rat
	// Reserves of the TOKEN/SUPRA pool in base units (zero for SUPRA itself).
	ReserveToken, ReserveSupra uint64
	// TotalSupply in base units (nil when neither the chain nor the registry has it).
	TotalSupply  *big.Int
	SupplySource string
	// Burned is the token's balance at the burn address; Circulating = total − burned.
	Burned      *big.Int
	Circulating *big.Int
}

// Whole converts base units of the token to whole tokens, exactly.
func (t TokenMarket) Whole(base *big.Int) *big.Rat {
	return new(big.Rat).SetFrac(base, pow10(t.Token.Decimals))
}

// MarketCap is price × circulating supply (in SUPRA when usd is false); nil when unknown.
func (t TokenMarket) MarketCap(usd bool) *big.Rat { return t.value(t.Circulating, usd) }

// FDV is price × total supply (what the original app labels "Market Cap").
func (t TokenMarket) FDV(usd bool) *big.Rat { return t.value(t.TotalSupply, usd) }

func (t TokenMarket) value(supply *big.Int, usd bool) *big.Rat {
	p := t.PriceSupra
	if usd {
		p = t.PriceUSD
	}
	if p == nil || supply == nil {
		return nil
	}
	return new(big.Rat).Mul(p, t.Whole(supply))
}

// PerSupra is how many whole tokens one SUPRA buys at the spot price (1 / PriceSupra);
// nil without a price.
func (t TokenMarket) PerSupra() *big.Rat {
	if t.PriceSupra == nil || t.PriceSupra.Sign() == 0 {
		return nil
	}
	return new(big.Rat).Inv(t.PriceSupra)
}

// Skipped is a registry token the index leaves out, and why.
type Skipped struct {
	Token  tokens.Token
	Reason string
}

// Pool is a two-sided pool's reserves in base units.
type Pool struct {
	Base, Quote       tokens.Token
	BaseAmt, QuoteAmt uint64
}

// StakingTotals is what a staking module reports for the dashboard's "Staked" card.
type StakingTotals struct {
	Coin   tokens.Token
	Staked *big.Int // base units of Coin
}

// The parts of the LUCKY dashboard that are read independently: when the node fails some
// of them, the dashboard shows the others and names the failed ones (each has its own
// error toast in the app).
const (
	PartVault     = "vault"     // the slots house fund of LUCKY
	PartBurned    = "burned"    // LUCKY held by the burn address
	PartLucky     = "lucky"     // LUCKY's supply and price
	PartLiquidity = "liquidity" // the LUCKY/SUPRA and LUCKY/dexUSDC pools
)

// luckyParts is every part, in the order Failed lists them.
var luckyParts = [...]string{PartVault, PartBurned, PartLucky, PartLiquidity}

// Lucky is the LUCKY dashboard (docs/product.md, Token Analytics).
type Lucky struct {
	// Failed names the parts the node failed to answer (PartVault, …), in a fixed order;
	// their figures are nil, never a zero. Empty when everything was read.
	Failed []string
	// Market is LUCKY's price and supplies; Market.PriceSupra is nil without a LUCKY/SUPRA
	// pool. Market.Burned is nil when PartBurned failed.
	Market TokenMarket
	// HouseVault is the slots house fund of LUCKY; nil when the network has no slots.
	HouseVault *big.Int
	// LuckySupra and LuckyUSDC are the two liquidity lines; nil without the pool.
	LuckySupra, LuckyUSDC *Pool
	// Staking is nil when no staking module is configured (Options.Staking).
	Staking *StakingTotals
}

// Snapshot is one refresh of everything.
type Snapshot struct {
	UpdatedAt time.Time
	// SupraUSD is dexUSDC per SUPRA from the SUPRA/dexUSDC pool; nil when that pool is
	// missing or empty, with USDDetail saying why.
	SupraUSD  *big.Rat
	USDDetail string
	// Tokens are the tokens with a pool (SUPRA included), in registry order.
	Tokens  []TokenMarket
	Skipped []Skipped
	Lucky   Lucky
	// Reads is the number of node reads the refresh made.
	Reads int
	// Stale: the node failed to answer, and this is the last snapshot it gave (within
	// the service's StaleLimit); Age is then how old it was when served.
	Stale bool
	Age   time.Duration
}

// USDReason is USDUnavailable when SupraUSD is nil, else "".
func (s *Snapshot) USDReason() string {
	if s.SupraUSD == nil {
		return USDUnavailable
	}
	return ""
}

func pow10(n uint8) *big.Int { return new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(n)), nil) }

// SpotPrice is the price of one whole base token in whole quote tokens from a pool's
// reserves: (quote / 10^qd) / (base / 10^bd). Nil when a reserve is zero.
func SpotPrice(base uint64, baseDec uint8, quote uint64, quoteDec uint8) *big.Rat {
	if base == 0 || quote == 0 {
		return nil
	}
	num := new(big.Int).Mul(new(big.Int).SetUint64(quote), pow10(baseDec))
	den := new(big.Int).Mul(new(big.Int).SetUint64(base), pow10(quoteDec))
	return new(big.Rat).SetFrac(num, den)
}

// load reads everything from the chain, every read at once (bounded by s.sem).
func (s *Service) load(ctx context.Context) (*Snapshot, error) {
	started := s.now()
	all := s.reg.All()
	supraTok, ok := s.reg.Native()
	if !ok {
		return nil, fmt.Errorf("market: the registry has no native coin")
	}
	luckyTok, haveLucky := s.reg.App()
	usdcTok, haveUSDC := s.reg.USD()
	burn, err := supra.ParseAddress(s.chain.Network.Modules.BurnAddress)
	if err != nil {
		return nil, fmt.Errorf("market: burn address: %w", err)
	}

	type tokenReads struct {
		pool        chain.Reserves
		poolErr     error
		supply      *big.Int
		supplyErr   error
		burned      uint64
		native      bool
		haveReserve bool
	}
	reads := make([]tokenReads, len(all))
	// A node failure in a read of one dashboard part fails that part only (partFailed), as
	// long as another part was read; every other read failing fails the refresh.
	var partMu sync.Mutex
	partErr := map[string]error{}
	partFailed := func(err error, parts ...string) {
		partMu.Lock()
		defer partMu.Unlock()
		for _, p := range parts {
			if partErr[p] == nil {
				partErr[p] = err
			}
		}
	}
	var (
		vault     *big.Int
		luckyUSDC *chain.Reserves
		staking   *StakingTotals
		n         int
	)
	g, gctx := errgroup.WithContext(ctx)
	// do runs one node read under the shared bound.
	do := func(fn func(context.Context) error) {
		n++
		g.Go(func() error {
			if err := s.acquire(gctx); err != nil {
				return err
			}
			defer s.release()
			return fn(gctx)
		})
	}
	for i, t := range all {
		r := &reads[i]
		r.native = t.Coin().IsNative()
		isLucky := haveLucky && t.Name == luckyTok.Name
		if !r.native {
			do(func(ctx context.Context) error {
				res, err := s.chain.Pools.Reserves(ctx, t.Coin(), supraTok.Coin())
				switch {
				case err == nil:
					r.pool, r.haveReserve = res, true
				case transient(err) && isLucky:
					// LUCKY's price comes from this pool.
					partFailed(err, PartLucky, PartLiquidity)
					r.poolErr = err
				case transient(err):
					return err
				default:
					if !errors.Is(err, chain.ErrPairNotFound) {
						s.log.Warn("market: pool unreadable", "token", t.Name, "err", err)
					}
					r.poolErr = err
				}
				return nil
			})
		}
		do(func(ctx context.Context) error {
			v, err := s.chain.Coins.CoinSupply(ctx, t.Coin())
			if transient(err) && isLucky {
				partFailed(err, PartLucky)
				r.supplyErr = err
				return nil
			}
			if transient(err) {
				return err
			}
			r.supply, r.supplyErr = v, err
			return nil
		})
		do(func(ctx context.Context) error {
			v, err := s.chain.Coins.CoinBalance(ctx, burn, t.Coin())
			if transient(err) && isLucky {
				partFailed(err, PartBurned)
				return nil
			}
			r.burned = v
			return err
		})
	}
	if haveLucky {
		do(func(ctx context.Context) error {
			v, err := s.chain.Pots.HousePot(ctx, luckyTok.Coin())
			switch {
			case err == nil:
				vault = new(big.Int).SetUint64(v)
			case transient(err):
				partFailed(err, PartVault)
			case !errors.Is(err, chain.ErrNotConfigured):
				// No house fund for LUCKY (or no slots module at the configured address):
				// the dashboard shows no vault rather than failing.
				s.log.Warn("market: LUCKY house fund unreadable", "err", err)
			}
			return nil
		})
		if haveUSDC {
			do(func(ctx context.Context) error {
				res, err := s.chain.Pools.Reserves(ctx, luckyTok.Coin(), usdcTok.Coin())
				switch {
				case err == nil:
					luckyUSDC = &res
				case transient(err):
					partFailed(err, PartLiquidity)
				case !errors.Is(err, chain.ErrPairNotFound):
					s.log.Warn("market: LUCKY/dexUSDC pool unreadable", "err", err)
				}
				return nil
			})
		}
	}
	if s.staking != nil {
		do(func(ctx context.Context) error {
			v, err := s.staking(ctx)
			staking = v
			return err
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	var failed []string
	for _, p := range luckyParts {
		if partErr[p] != nil {
			failed = append(failed, p)
		}
	}
	if len(failed) == len(luckyParts) {
		// Nothing of the dashboard was read: the node is failing, not a part of it.
		return nil, partErr[luckyParts[0]]
	}

	snap := &Snapshot{UpdatedAt: started, Reads: n}
	snap.Lucky.Failed = failed
	snap.USDDetail = "the registry names no dollar stable coin"
	if haveUSDC {
		snap.USDDetail = "the " + supraTok.Symbol + "/" + usdcTok.Symbol + " pool does not exist"
		for i, t := range all {
			if t.Name == usdcTok.Name && !reads[i].haveReserve && !errors.Is(reads[i].poolErr, chain.ErrPairNotFound) {
				snap.USDDetail = "the " + supraTok.Symbol + "/" + usdcTok.Symbol + " pool could not be read"
			}
			if t.Name == usdcTok.Name && reads[i].haveReserve {
				// dexUSDC per SUPRA = (reserve dexUSDC / 10^6) / (reserve SUPRA / 10^8).
				snap.SupraUSD = SpotPrice(reads[i].pool.B, supraTok.Decimals, reads[i].pool.A, t.Decimals)
				snap.USDDetail = "the " + supraTok.Symbol + "/" + usdcTok.Symbol + " pool is empty"
			}
		}
	}
	if snap.SupraUSD != nil {
		snap.USDDetail = ""
	}

	for i, t := range all {
		r := reads[i]
		m := TokenMarket{Token: t, Burned: new(big.Int).SetUint64(r.burned)}
		switch {
		case r.native:
			m.PriceSupra = big.NewRat(1, 1)
		case !r.haveReserve && errors.Is(r.poolErr, chain.ErrPairNotFound):
			snap.Skipped = append(snap.Skipped, Skipped{Token: t, Reason: SkipNoPool})
		case !r.haveReserve:
			snap.Skipped = append(snap.Skipped, Skipped{Token: t, Reason: SkipUnreadable})
		default:
			m.ReserveToken, m.ReserveSupra = r.pool.A, r.pool.B
			m.PriceSupra = SpotPrice(r.pool.A, t.Decimals, r.pool.B, supraTok.Decimals)
			if m.PriceSupra == nil {
				snap.Skipped = append(snap.Skipped, Skipped{Token: t, Reason: SkipEmptyPool})
			}
		}
		if m.PriceSupra != nil && snap.SupraUSD != nil {
			m.PriceUSD = new(big.Rat).Mul(m.PriceSupra, snap.SupraUSD)
		}
		switch {
		case r.supplyErr == nil:
			m.TotalSupply, m.SupplySource = r.supply, SourceChain
		case t.TotalSupply != nil:
			m.TotalSupply, _ = new(big.Int).SetString(*t.TotalSupply, 10)
			m.SupplySource = SourceRegistry
			if r.supplyErr != nil {
				s.log.Warn("market: total supply from the registry", "token", t.Name, "err", r.supplyErr)
			}
		}
		if m.TotalSupply != nil {
			m.Circulating = new(big.Int).Sub(m.TotalSupply, m.Burned)
			if m.Circulating.Sign() < 0 {
				m.Circulating.SetInt64(0)
			}
		}
		isLucky := haveLucky && t.Name == luckyTok.Name
		luckyFailed := isLucky && (partErr[PartLucky] != nil || partErr[PartBurned] != nil)
		switch {
		case luckyFailed && r.haveReserve && m.PriceSupra != nil:
			// A LUCKY row without its supply or burned amount would be wrong, not partial.
			snap.Skipped = append(snap.Skipped, Skipped{Token: t, Reason: SkipUnreadable})
		case m.PriceSupra != nil:
			snap.Tokens = append(snap.Tokens, m)
		}
		if isLucky {
			havePool := m.PriceSupra != nil
			if partErr[PartBurned] != nil {
				m.Burned, m.Circulating = nil, nil
			}
			if partErr[PartLucky] != nil {
				// Not the registry's supply either: the dashboard says the part failed.
				m.TotalSupply, m.SupplySource, m.Circulating = nil, "", nil
				m.PriceSupra, m.PriceUSD = nil, nil
			}
			snap.Lucky.Market = m
			if havePool && partErr[PartLiquidity] == nil {
				snap.Lucky.LuckySupra = &Pool{Base: t, Quote: supraTok, BaseAmt: m.ReserveToken, QuoteAmt: m.ReserveSupra}
			}
		}
	}
	snap.Lucky.HouseVault = vault
	snap.Lucky.Staking = staking
	if luckyUSDC != nil && partErr[PartLiquidity] == nil {
		snap.Lucky.LuckyUSDC = &Pool{Base: luckyTok, Quote: usdcTok, BaseAmt: luckyUSDC.A, QuoteAmt: luckyUSDC.B}
	}
	return snap, nil
}

// transient reports errors that say nothing about the data (the node is down, slow,
// failing or answered nothing usable), as opposed to an answer the chain gave.
func transient(err error) bool {
	return supra.NodeFailed(err) || errors.Is(err, chain.ErrBadResponse)
}

// logger returns l or a discarding logger.
func logger(l *slog.Logger) *slog.Logger {
	if l == nil {
		return slog.New(slog.DiscardHandler)
	}
	return l
}
