// Package market computes the market data of the token index and the LUCKY dashboard from
// the chain: spot prices from Dexlyn reserves, USD through the SUPRA/dexUSDC pool,
// supplies, the burned amount and the slots house vault. The reserves come from the event
// index where it follows the pool (it follows each pool exactly, block by block), the rest
// from the node, with every node read of a refresh fanned out concurrently under one bound;
// everything is computed on the server and served from caches (see Service).
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
	// PriceRoute names the pool PriceSupra is read from ("LUCKY/SUPRA"; "" for SUPRA
	// itself); USDRoute the pools PriceUSD is read through ("LUCKY/SUPRA × SUPRA/dexUSDC";
	// "" without a USD price). Every screen labels the price with them: the token's one
	// reference price, whatever other pools it has (arbitrage keeps those in line).
	PriceRoute, USDRoute string
	// Reserves of the TOKEN/SUPRA pool in base units (zero for SUPRA itself).
	ReserveToken, ReserveSupra uint64
	// TotalSupply in base units (nil when neither the chain nor the registry has it).
	TotalSupply  *big.Int
	SupplySource string
	// Burned is the token's balance at the burn address; Circulating is
	// CirculatingSupply(TotalSupply, Burned).
	Burned      *big.Int
	Circulating *big.Int
}

// CirculatingSupply is the app's one definition of circulating supply, shown on every
// screen: the total supply less what the burn address holds (never below zero). Coins in
// the games' house funds and the DEX pools are held by contracts that pay them out again,
// so they circulate; a screen that shows them apart shows them as parts of this figure.
func CirculatingSupply(total, burned *big.Int) *big.Int {
	if total == nil || burned == nil {
		return nil
	}
	c := new(big.Int).Sub(total, burned)
	if c.Sign() < 0 {
		c.SetInt64(0)
	}
	return c
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

// Snapshot is the market at one height.
type Snapshot struct {
	// UpdatedAt is when the node was last read for these figures (the house vault, and
	// the pools the index does not follow).
	UpdatedAt time.Time
	// Height is the chain height the prices and reserves reflect: the index's last block
	// when the index is used, else the node's head read with them. Supplies and burned
	// amounts are slow figures, read from the node up to the service's SupplyTTL before
	// (and again once the index sees the coin burned).
	Height uint64
	// SupraUSD is dexUSDC per SUPRA from the SUPRA/dexUSDC pool; nil when that pool is
	// missing or empty, with USDDetail saying why.
	SupraUSD  *big.Rat
	USDDetail string
	// Tokens are the tokens with a pool (SUPRA included), in registry order.
	Tokens  []TokenMarket
	Skipped []Skipped
	Lucky   Lucky
	// Reads is the number of node reads made on the request path for this snapshot's
	// live part (slow figures read in the background are not counted).
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

// pow10 is 10^n. Up to 10^19 it fits a uint64 and needs no big exponentiation, which
// showed in the token index's rendering (several per token per snapshot).
func pow10(n uint8) *big.Int {
	if n <= 19 {
		v := uint64(1)
		for range n {
			v *= 10
		}
		return new(big.Int).SetUint64(v)
	}
	return new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(n)), nil)
}

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

// pairKey names a pool by its two coins in on-chain order, as the index keys it.
type pairKey struct{ x, y supra.CoinType }

// poolOf returns the key of a and b's pool and whether a is its second coin.
func poolOf(a, b supra.CoinType) (pairKey, bool) {
	if a.Compare(b) > 0 {
		return pairKey{b, a}, true
	}
	return pairKey{a, b}, false
}

// poolRead is a pool's reserves in on-chain order, or the error its read gave.
type poolRead struct {
	x, y uint64
	err  error
}

// reserves are the pool's reserves in the order asked (swapped: the second coin first).
func (p poolRead) reserves(swapped bool) chain.Reserves {
	if swapped {
		return chain.Reserves{A: p.y, B: p.x}
	}
	return chain.Reserves{A: p.x, B: p.y}
}

// poolNeed is a pool a snapshot prices from: a token's pool against SUPRA, or LUCKY's
// against the dollar coin.
type poolNeed struct {
	key     pairKey
	a, b    tokens.Token // as the snapshot reads it: the token, then SUPRA (or dexUSDC)
	swapped bool         // a is the key's second coin
	lucky   bool         // LUCKY/SUPRA: LUCKY's price and a liquidity line
	usd     bool         // LUCKY/dexUSDC: the other liquidity line
}

// poolNeeds lists the pools of the registry's tokens.
func poolNeeds(reg *tokens.Registry) []poolNeed {
	native, ok := reg.Native()
	if !ok {
		return nil
	}
	lucky, haveLucky := reg.App()
	usdc, haveUSDC := reg.USD()
	var out []poolNeed
	for _, t := range reg.All() {
		if t.Coin().IsNative() {
			continue
		}
		k, sw := poolOf(t.Coin(), native.Coin())
		out = append(out, poolNeed{key: k, a: t, b: native, swapped: sw, lucky: haveLucky && t.Name == lucky.Name})
	}
	if haveLucky && haveUSDC && lucky.Coin() != usdc.Coin() {
		k, sw := poolOf(lucky.Coin(), usdc.Coin())
		out = append(out, poolNeed{key: k, a: lucky, b: usdc, swapped: sw, usd: true})
	}
	return out
}

// liveReads is one refresh's node reads: what changes with every block and is not in the
// index (the house vault, the staking total, the pools the index does not follow), the
// slow figures not known yet, and, without an index, the node's head.
type liveReads struct {
	at time.Time
	// view is the index view the pools read complete (nil: every pool was read).
	view *indexView
	// head is the node's head read with them (0 when the index names the height).
	head  uint64
	pools map[pairKey]poolRead
	figs  map[supra.CoinType]figure
	vault *big.Int
	// vaultErr is the node's failure to read the vault (transient errors only).
	vaultErr error
	staking  *StakingTotals
	reads    int
	// partial: a dashboard part failed, so the reads are not kept as if complete.
	partial bool
}

// errNotRead stands for a figure no read has given (it never reaches a client: coverage
// is checked before a snapshot is composed).
var errNotRead = errors.New("market: not read")

// readLive makes one refresh's node reads, every one at once (bounded by s.sem): the house
// vault and the staking total, then, once the store has said what the index follows and
// which slow figures it holds (read while those first reads are in flight), the pools the
// index does not follow at its last block (all of them without a usable index), the slow
// figures not known yet, and the node's head when the index does not name the height.
func (s *Service) readLive(ctx context.Context, gen uint64) (*liveReads, error) {
	started := s.now()
	if _, ok := s.reg.Native(); !ok {
		return nil, fmt.Errorf("market: the registry has no native coin")
	}
	luckyTok, haveLucky := s.reg.App()
	burn, err := supra.ParseAddress(s.chain.Network.Modules.BurnAddress)
	if err != nil {
		return nil, fmt.Errorf("market: burn address: %w", err)
	}
	l := &liveReads{at: started, pools: map[pairKey]poolRead{}, figs: map[supra.CoinType]figure{}}

	var (
		mu sync.Mutex
		n  int
	)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
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
	// abandon ends the reads in flight when the refresh fails before they are waited for.
	abandon := func(err error) (*liveReads, error) {
		cancel()
		_ = g.Wait() // err is the failure to report
		return nil, err
	}
	if haveLucky {
		do(func(ctx context.Context) error {
			v, err := s.chain.Pots.HousePot(ctx, luckyTok.Coin())
			switch {
			case err == nil:
				l.vault = new(big.Int).SetUint64(v)
			case transient(err):
				l.vaultErr = err
			case !errors.Is(err, chain.ErrNotConfigured):
				// No house fund for LUCKY (or no slots module at the configured address):
				// the dashboard shows no vault rather than failing.
				s.log.Warn("market: LUCKY house fund unreadable", "err", err)
			}
			return nil
		})
	}
	if s.staking != nil {
		do(func(ctx context.Context) error {
			v, err := s.staking(ctx)
			l.staking = v
			return err
		})
	}
	// The store's reads overlap the node's round trip.
	s.loadFigures(gctx)
	if err := s.settleRewind(gctx, l, gen); err != nil {
		return abandon(err)
	}
	l.view = s.indexView(gctx)
	stamp := s.knownHead(l.view)

	for _, p := range s.pools {
		if _, ok := l.view.pool(p.key); ok {
			continue
		}
		do(func(ctx context.Context) error {
			res, err := s.chain.Pools.Reserves(ctx, p.key.x, p.key.y)
			switch {
			case transient(err) && !p.lucky && !p.usd:
				// A node failure in a read of one dashboard part fails that part only;
				// any other fails the refresh.
				return err
			case err != nil && !transient(err) && !errors.Is(err, chain.ErrPairNotFound):
				s.log.Warn("market: pool unreadable", "pool", p.a.Name+"/"+p.b.Name, "err", err)
			}
			mu.Lock()
			l.pools[p.key] = poolRead{x: res.A, y: res.B, err: err}
			mu.Unlock()
			return nil
		})
	}
	// Slow figures not known yet are read here, on the request path: a first start on an
	// empty database, a token new to the registry, or after a rewind.
	s.mu.Lock()
	var missing []tokens.Token
	for _, t := range s.reg.All() {
		if _, ok := s.figs[t.Coin()]; !ok {
			missing = append(missing, t)
		}
	}
	s.mu.Unlock()
	read := make([]figure, len(missing))
	for i, t := range missing {
		isLucky := haveLucky && t.Name == luckyTok.Name
		f := &read[i]
		do(func(ctx context.Context) error {
			v, err := s.chain.Coins.CoinSupply(ctx, t.Coin())
			if transient(err) && !isLucky {
				return err
			}
			f.supply, f.supplyErr = v, err
			return nil
		})
		do(func(ctx context.Context) error {
			v, err := s.chain.Coins.CoinBalance(ctx, burn, t.Coin())
			switch {
			case transient(err) && isLucky:
				f.burnedErr = err
			case err != nil:
				return err
			default:
				f.burned = new(big.Int).SetUint64(v)
			}
			return nil
		})
	}
	if l.view == nil && l.head == 0 && s.chain.Blocks != nil {
		// Without the index the snapshot's height is the node's head, read with the rest:
		// the figures reflect at least the blocks up to it.
		do(func(ctx context.Context) error {
			h, err := s.chain.Blocks.LatestBlock(ctx)
			l.head = h.Height
			return err
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	l.reads += n
	if stamp == 0 {
		// No height was known before the reads: the head read with them stands in.
		stamp = l.head
	}
	now := s.now()
	fresh := map[supra.CoinType]figure{}
	for i, t := range missing {
		f := read[i]
		f.height, f.readAt = stamp, now
		l.figs[t.Coin()] = f
		if f.complete() {
			fresh[t.Coin()] = f
		}
		if f.supplyErr != nil && !transient(f.supplyErr) && t.TotalSupply != nil {
			s.log.Warn("market: total supply from the registry", "token", t.Name, "err", f.supplyErr)
		}
	}
	s.noteHead(l.head)
	if s.keepFigures(gen, fresh) {
		s.saveFigures(ctx, fresh)
	}

	s.mu.Lock()
	parts := s.failedPartsLocked(l.view, l)
	s.mu.Unlock()
	if haveLucky && len(parts) == len(luckyParts) {
		// Nothing of the dashboard was read: the node is failing, not a part of it.
		return nil, parts[luckyParts[0]]
	}
	l.partial = len(parts) > 0
	return l, nil
}

// poolFor is a pool's reserves from the index view when it follows the pool, else from
// the node reads.
func (l *liveReads) poolFor(v *indexView, k pairKey) poolRead {
	if p, ok := v.pool(k); ok {
		return p
	}
	if p, ok := l.pools[k]; ok {
		return p
	}
	return poolRead{err: errNotRead}
}

// figureLocked is a coin's slow figures: the ones kept, else those l read; s.mu is held.
func (s *Service) figureLocked(l *liveReads, c supra.CoinType) (figure, bool) {
	if f, ok := s.figs[c]; ok {
		return f, true
	}
	f, ok := l.figs[c]
	return f, ok
}

// failedPartsLocked names the dashboard parts the node failed to answer, with its error:
// the house vault, LUCKY's burned amount, LUCKY's supply or its pool against SUPRA (its
// price), and the liquidity lines. s.mu is held.
func (s *Service) failedPartsLocked(v *indexView, l *liveReads) map[string]error {
	out := map[string]error{}
	luckyTok, ok := s.reg.App()
	if !ok {
		return out
	}
	fail := func(err error, parts ...string) {
		for _, p := range parts {
			if out[p] == nil {
				out[p] = err
			}
		}
	}
	if l.vaultErr != nil {
		fail(l.vaultErr, PartVault)
	}
	for _, p := range s.pools {
		switch r := l.poolFor(v, p.key); {
		case r.err == nil:
		case p.lucky && (transient(r.err) || errors.Is(r.err, errNotRead)):
			fail(r.err, PartLucky, PartLiquidity)
		case p.usd && (transient(r.err) || errors.Is(r.err, errNotRead)):
			fail(r.err, PartLiquidity)
		}
	}
	f, ok := s.figureLocked(l, luckyTok.Coin())
	switch {
	case !ok:
		fail(errNotRead, PartLucky, PartBurned)
	default:
		if transient(f.supplyErr) {
			fail(f.supplyErr, PartLucky)
		}
		if f.burnedErr != nil {
			fail(f.burnedErr, PartBurned)
		}
	}
	return out
}

// compose builds the snapshot of the index view v (nil: none), the node reads l and the
// slow figures; s.mu is held.
func (s *Service) compose(v *indexView, l *liveReads) *Snapshot {
	all := s.reg.All()
	supraTok, _ := s.reg.Native()
	luckyTok, haveLucky := s.reg.App()
	usdcTok, haveUSDC := s.reg.USD()
	partErr := s.failedPartsLocked(v, l)
	var failed []string
	for _, p := range luckyParts {
		if partErr[p] != nil {
			failed = append(failed, p)
		}
	}
	snap := &Snapshot{UpdatedAt: l.at, Height: l.head, Reads: l.reads}
	if v != nil {
		snap.Height = v.block.Height
	}
	snap.Lucky.Failed = failed
	// Each token's pool against SUPRA, in the order the token is read.
	byToken := make(map[supra.CoinType]chain.Reserves, len(s.pools))
	poolErr := make(map[supra.CoinType]error, len(s.pools))
	var luckyUSDC *chain.Reserves
	for _, p := range s.pools {
		r := l.poolFor(v, p.key)
		switch {
		case p.usd && r.err == nil:
			res := r.reserves(p.swapped)
			luckyUSDC = &res
		case p.usd:
		case r.err == nil:
			byToken[p.a.Coin()] = r.reserves(p.swapped)
		default:
			poolErr[p.a.Coin()] = r.err
		}
	}

	snap.USDDetail = "the registry names no dollar stable coin"
	if haveUSDC {
		snap.USDDetail = "the " + supraTok.Symbol + "/" + usdcTok.Symbol + " pool does not exist"
		res, ok := byToken[usdcTok.Coin()]
		switch {
		case ok:
			// dexUSDC per SUPRA = (reserve dexUSDC / 10^6) / (reserve SUPRA / 10^8).
			snap.SupraUSD = SpotPrice(res.B, supraTok.Decimals, res.A, usdcTok.Decimals)
			snap.USDDetail = "the " + supraTok.Symbol + "/" + usdcTok.Symbol + " pool is empty"
		case !errors.Is(poolErr[usdcTok.Coin()], chain.ErrPairNotFound):
			snap.USDDetail = "the " + supraTok.Symbol + "/" + usdcTok.Symbol + " pool could not be read"
		}
	}
	if snap.SupraUSD != nil {
		snap.USDDetail = ""
	}

	for _, t := range all {
		f, haveFig := s.figureLocked(l, t.Coin())
		m := TokenMarket{Token: t, Burned: new(big.Int)}
		if f.burned != nil {
			m.Burned.Set(f.burned)
		}
		res, havePool := byToken[t.Coin()]
		isLucky := haveLucky && t.Name == luckyTok.Name
		switch {
		case t.Coin().IsNative():
			m.PriceSupra = big.NewRat(1, 1)
		case !havePool && errors.Is(poolErr[t.Coin()], chain.ErrPairNotFound):
			snap.Skipped = append(snap.Skipped, Skipped{Token: t, Reason: SkipNoPool})
		case !havePool:
			snap.Skipped = append(snap.Skipped, Skipped{Token: t, Reason: SkipUnreadable})
		case !isLucky && (!haveFig || f.burned == nil):
			// Never a made-up zero burned: a token whose figures are unknown is left out.
			snap.Skipped = append(snap.Skipped, Skipped{Token: t, Reason: SkipUnreadable})
		default:
			m.ReserveToken, m.ReserveSupra = res.A, res.B
			m.PriceSupra = SpotPrice(res.A, t.Decimals, res.B, supraTok.Decimals)
			if m.PriceSupra == nil {
				snap.Skipped = append(snap.Skipped, Skipped{Token: t, Reason: SkipEmptyPool})
			}
		}
		if m.PriceSupra != nil && !t.Coin().IsNative() {
			m.PriceRoute = t.Symbol + "/" + supraTok.Symbol
		}
		if m.PriceSupra != nil && snap.SupraUSD != nil {
			m.PriceUSD = new(big.Rat).Mul(m.PriceSupra, snap.SupraUSD)
			m.USDRoute = supraTok.Symbol + "/" + usdcTok.Symbol
			if m.PriceRoute != "" {
				m.USDRoute = m.PriceRoute + " × " + m.USDRoute
			}
		}
		switch {
		case haveFig && f.supplyErr == nil && f.supply != nil:
			m.TotalSupply, m.SupplySource = new(big.Int).Set(f.supply), SourceChain
		case t.TotalSupply != nil:
			m.TotalSupply, _ = new(big.Int).SetString(*t.TotalSupply, 10)
			m.SupplySource = SourceRegistry
		}
		m.Circulating = CirculatingSupply(m.TotalSupply, m.Burned)
		luckyFailed := isLucky && (partErr[PartLucky] != nil || partErr[PartBurned] != nil)
		switch {
		case luckyFailed && havePool && m.PriceSupra != nil:
			// A LUCKY row without its supply or burned amount would be wrong, not partial.
			snap.Skipped = append(snap.Skipped, Skipped{Token: t, Reason: SkipUnreadable})
		case m.PriceSupra != nil:
			snap.Tokens = append(snap.Tokens, m)
		}
		if isLucky {
			priced := m.PriceSupra != nil
			if partErr[PartBurned] != nil {
				m.Burned, m.Circulating = nil, nil
			}
			if partErr[PartLucky] != nil {
				// Not the registry's supply either: the dashboard says the part failed.
				m.TotalSupply, m.SupplySource, m.Circulating = nil, "", nil
				m.PriceSupra, m.PriceUSD, m.PriceRoute, m.USDRoute = nil, nil, "", ""
			}
			snap.Lucky.Market = m
			if priced && partErr[PartLiquidity] == nil {
				snap.Lucky.LuckySupra = &Pool{Base: t, Quote: supraTok, BaseAmt: m.ReserveToken, QuoteAmt: m.ReserveSupra}
			}
		}
	}
	snap.Lucky.HouseVault = l.vault
	snap.Lucky.Staking = l.staking
	if luckyUSDC != nil && partErr[PartLiquidity] == nil {
		snap.Lucky.LuckyUSDC = &Pool{Base: luckyTok, Quote: usdcTok, BaseAmt: luckyUSDC.A, QuoteAmt: luckyUSDC.B}
	}
	return snap
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
