package simulate

import (
	"context"
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"math/big"
	"math/rand/v2"
	"strconv"
	"sync/atomic"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/luckycoin/lucky/internal/chain"
	"github.com/luckycoin/lucky/internal/draw"
	"github.com/luckycoin/lucky/internal/supra"
	"github.com/luckycoin/lucky/internal/tokens"
)

// role is an agent's strategy.
type role uint8

const (
	momentum     role = iota // buys what rose, sells what fell
	meanReverter             // leans towards the average price it saw
	player                   // spins with a budget
	burner                   // burns LUCKY
	whale                    // now and then, a large buy or a dump
	numRoles
)

func (r role) String() string {
	return [numRoles]string{"momentum", "mean-reverter", "player", "burner", "whale"}[r]
}

// activity is how often an agent of the role acts relative to the others: a whale is
// seen now and then, a burner less often than a trader.
func (r role) activity() int {
	return [numRoles]int{4, 4, 3, 2, 1}[r]
}

// bankroll is the SUPRA an agent of the role starts with, in whole SUPRA: whales hold
// enough to move LUCKY's pool by several percent.
func (r role) bankroll() uint64 {
	return [numRoles]uint64{5_000, 5_000, 3_000, 2_000, 40_000}[r]
}

// supraUnit is one SUPRA in quants.
const supraUnit = 100_000_000

// gasReserve is the SUPRA an agent keeps for gas: a transaction's most (max gas 500,000
// at the minimum price of 100 is half a SUPRA) with room for a dearer gas price.
const gasReserve = supraUnit

// agent is one account and its strategy. It has at most one transaction in flight, so
// its fields are only ever used by one goroutine at a time (busy hands it over).
type agent struct {
	role role
	key  ed25519.PrivateKey
	addr supra.Address
	r    *rand.Rand // its choices, from the seed
	busy atomic.Bool
	// best is a player's best bankroll per coin type since it last bought in: it stops
	// playing a coin once it has lost half of that.
	best map[string]uint64
	// bankroll, when set, is the SUPRA the account starts with instead of its role's.
	bankroll uint64
}

// newAgents derives n agents from seed. The first five take one role each, so a small
// run still has every kind of activity; the others draw theirs.
func newAgents(seed string, n int) []*agent {
	r := streamFor(seed, "roles")
	table := []draw.Weighted[role]{
		{Weight: 250, Value: momentum}, {Weight: 250, Value: meanReverter}, {Weight: 300, Value: player},
		{Weight: 120, Value: burner}, {Weight: 80, Value: whale},
	}
	out := make([]*agent, n)
	for i := range out {
		ro := role(i)
		if i >= int(numRoles) {
			ro = draw.Choose(r, table)
		}
		key := accountKey(seed, i)
		out[i] = &agent{role: ro, key: key, addr: supra.AddressFromPublicKey(key.Public().(ed25519.PublicKey)),
			r: streamFor(seed, fmt.Sprintf("agent %d", i)), best: map[string]uint64{}}
	}
	return out
}

func rolesOf(as []*agent) map[string]int {
	out := map[string]int{}
	for _, a := range as {
		out[a.role.String()]++
	}
	return out
}

// accountKey is agent i's key: a hash of the seed, so that anyone with the seed can sign
// as the simulator's accounts (and a second run with the seed acts as the same people).
func accountKey(seed string, i int) ed25519.PrivateKey {
	h := sha256.New()
	h.Write([]byte("LUCKY::simulate::account\x00"))
	h.Write([]byte(seed))
	h.Write(binary.LittleEndian.AppendUint32(nil, uint32(i)))
	return ed25519.NewKeyFromSeed(h.Sum(nil))
}

// streamFor is the randomness of one part of a run: parts drawing from streams of their
// own keep their draws when another part changes.
func streamFor(seed, part string) *rand.Rand {
	h := sha256.Sum256([]byte("LUCKY::simulate::" + part + "\x00" + seed))
	return rand.New(rand.NewPCG(binary.LittleEndian.Uint64(h[:8]), binary.LittleEndian.Uint64(h[8:16])))
}

// faucetCalls bounds the faucet calls funding one account: a faucet that pays too little
// to reach a bankroll in that many is not one to simulate on.
const faucetCalls = 100

// fund has the faucet top every account up to its role's bankroll, a few accounts at a
// time (the faucet signs with one account, whose sequence number concurrent calls race
// for). An account that already holds its bankroll (a second run with the same seed) is
// left as it is.
func (s *sim) fund(ctx context.Context) error {
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(4)
	for _, a := range s.agents {
		g.Go(func() error { return s.fundOne(gctx, a) })
	}
	return g.Wait()
}

// fundOne learns what the faucet pays from its first payment, then asks for the rest at
// once and waits for them together: on a devnet that seals blocks on an interval, one
// wait per payment would cost a block each.
func (s *sim) fundOne(ctx context.Context, a *agent) error {
	want := a.role.bankroll() * supraUnit
	if a.bankroll > 0 {
		want = a.bankroll * supraUnit
	}
	bal, err := s.c.Coins.CoinBalance(ctx, a.addr, supra.NativeCoin())
	if err != nil || bal >= want {
		return wrapSetup(err, "balance of %s", a.addr)
	}
	h, err := s.faucet(ctx, a.addr)
	if err != nil {
		return err
	}
	if err := s.waitFunded(ctx, a.addr, h); err != nil {
		return err
	}
	after, err := s.c.Coins.CoinBalance(ctx, a.addr, supra.NativeCoin())
	if err != nil || after >= want {
		return wrapSetup(err, "balance of %s", a.addr)
	}
	paid := after - min(after, bal)
	if paid == 0 || (want-after+paid-1)/paid >= faucetCalls {
		return fmt.Errorf("%w: the faucet paid %s %d quants: too little to reach %d SUPRA", ErrSetup, a.addr, paid, want/supraUnit)
	}
	hashes := make([]string, 0, (want-after+paid-1)/paid)
	for have := after; have < want; have += paid {
		h, err := s.faucet(ctx, a.addr)
		if err != nil {
			return err
		}
		hashes = append(hashes, h)
	}
	for _, h := range hashes {
		if err := s.waitFunded(ctx, a.addr, h); err != nil {
			return err
		}
	}
	return nil
}

func wrapSetup(err error, format string, args ...any) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("%w: %s: %w", ErrSetup, fmt.Sprintf(format, args...), err)
}

// faucet asks the node's faucet for one payment to addr, trying again a few times when a
// concurrent caller won the faucet's sequence number.
func (s *sim) faucet(ctx context.Context, addr supra.Address) (string, error) {
	var err error
	for try := range 5 {
		if try > 0 {
			select {
			case <-ctx.Done():
				return "", ctx.Err()
			case <-time.After(time.Duration(try*try) * 20 * time.Millisecond):
			}
		}
		var hash string
		if hash, err = s.node.Faucet(ctx, addr); err == nil {
			return hash, nil
		}
	}
	return "", fmt.Errorf("%w: faucet for %s: %w", ErrSetup, addr, err)
}

func (s *sim) waitFunded(ctx context.Context, addr supra.Address, hash string) error {
	wctx, cancel := context.WithTimeout(ctx, waitFinal)
	defer cancel()
	_, status, err := s.node.WaitForTransaction(wctx, hash)
	if err != nil || status != supra.TxSuccess {
		return fmt.Errorf("%w: faucet transaction %s for %s: %s %v", ErrSetup, hash, addr, status, err)
	}
	return nil
}

// plan is what an agent decided to send: its kind for the report, the built transaction,
// and what to do once it is confirmed.
type plan struct {
	kind  string
	built *chain.Built
	after func(*supra.TransactionInfo)
}

// decide is the agent's next transaction, or why it sends none (a skip, an app rule, a
// failed read).
func (a *agent) decide(ctx context.Context, s *sim) (plan, error) {
	switch a.role {
	case momentum, meanReverter:
		return s.trade(ctx, a)
	case whale:
		return s.whale(ctx, a)
	case player:
		return s.play(ctx, a)
	case burner:
		return s.burn(ctx, a)
	}
	return plan{kind: "none"}, skip("no strategy")
}

func (s *sim) balance(ctx context.Context, a *agent, coin supra.CoinType) (uint64, error) {
	return s.c.Coins.CoinBalance(ctx, a.addr, coin)
}

// sizing is how large an agent's trades are: a share in permille of its free SUPRA (a
// buy) or of its bag (a sell), never more than 1/poolCap of the pool's side it trades
// into, accepting slippageBps less than the quote.
type sizing struct {
	buy, sell   draw.Band
	poolCap     uint64
	slippageBps int
	kind        string // prefix of the report's kinds
}

var (
	// A trader moves a twentieth of a percent of a pool at most: many small trades.
	traderSize = sizing{buy: draw.Band{Lo: 20, Hi: 200}, sell: draw.Band{Lo: 100, Hi: 700}, poolCap: 2000, slippageBps: 100}
	// A whale moves up to 5 % of a pool's reserves, about 10 % of its price.
	whaleSize = sizing{buy: draw.Band{Lo: 300, Hi: 800}, sell: draw.Band{Lo: 500, Hi: 1001}, poolCap: 20, slippageBps: 300, kind: "whale "}
	// A player buying LUCKY to play on spends a share of its SUPRA.
	buyInSize = sizing{buy: draw.Band{Lo: 100, Hi: 300}, sell: draw.Band{Lo: 100, Hi: 300}, poolCap: 2000, slippageBps: 100}
)

// minSpend is the smallest buy worth a transaction: a tenth of a SUPRA.
const minSpend = supraUnit / 10

// trade: a momentum trader buys while the pool's price has been rising and sells while
// it has been falling, at odds of 70 to 30; a mean reverter leans towards the average of
// the prices seen (draw.BuyOdds, the seeded past's traders' lean).
func (s *sim) trade(ctx context.Context, a *agent) (plan, error) {
	p := s.mkt.pick(a.r)
	rs, rt, price, err := s.mkt.observe(ctx, s.c, p)
	if err != nil {
		return plan{kind: "trade"}, err
	}
	odds := 500
	if a.role == momentum {
		odds += 200 * p.trend()
	} else {
		odds = draw.BuyOdds(price, p.mean())
	}
	return s.swap(ctx, a, p, draw.Chance(a.r, odds), rs, rt, traderSize)
}

// whale: now and then a whale buys a large share of a pool (LUCKY's most often) or dumps
// most of what it holds of it.
func (s *sim) whale(ctx context.Context, a *agent) (plan, error) {
	p := s.mkt.lucky
	if !draw.Chance(a.r, 800) {
		p = s.mkt.pick(a.r)
	}
	rs, rt, _, err := s.mkt.observe(ctx, s.c, p)
	if err != nil {
		return plan{kind: "whale trade"}, err
	}
	return s.swap(ctx, a, p, !draw.Chance(a.r, 450), rs, rt, whaleSize)
}

// swap buys p's token with SUPRA or sells it for SUPRA, sized by z from the pool's
// reserves (rs SUPRA, rt token). An agent that wants to buy without SUPRA to spare sells
// instead, and the other way round.
func (s *sim) swap(ctx context.Context, a *agent, p *pool, buy bool, rs, rt uint64, z sizing) (plan, error) {
	native := supra.NativeCoin()
	sup, err := s.balance(ctx, a, native)
	if err != nil {
		return plan{kind: z.kind + "trade"}, err
	}
	held, err := s.balance(ctx, a, p.coin)
	if err != nil {
		return plan{kind: z.kind + "trade"}, err
	}
	free := sup - min(sup, gasReserve)
	switch {
	case buy && free < minSpend && held > 0:
		buy = false
	case !buy && held == 0 && free >= minSpend:
		buy = true
	}
	in, out, amount := native, p.coin, uint64(0)
	kind := z.kind + "buy"
	if buy {
		if free < minSpend {
			return plan{kind: kind}, skip("no SUPRA to spend")
		}
		amount = min(draw.MulDiv(free, draw.LogUniform(a.r, z.buy), 1000), rs/z.poolCap)
	} else {
		kind = z.kind + "sell"
		if held == 0 {
			return plan{kind: kind}, skip("nothing to sell")
		}
		in, out = p.coin, native
		amount = min(draw.MulDiv(held, min(draw.LogUniform(a.r, z.sell), 1000), 1000), rt/z.poolCap)
	}
	if amount == 0 {
		return plan{kind: kind}, skip("amount rounds to zero")
	}
	quote, err := s.c.Dex.AmountOut(ctx, in, out, amount)
	if err != nil {
		return plan{kind: kind}, err
	}
	if quote == 0 {
		return plan{kind: kind}, skip("quote rounds to zero")
	}
	b, err := s.c.Dex.BuildSwap(ctx, a.addr, in, out, amount, chain.MinOut(quote, z.slippageBps))
	return plan{kind: kind, built: b}, err
}

// Slot habits: the bet, in multiples of the minimum, and the spins of a play; many small
// plays, few large.
var (
	betTable = []draw.Weighted[uint64]{
		{Weight: 350, Value: 1}, {Weight: 250, Value: 2}, {Weight: 200, Value: 5},
		{Weight: 120, Value: 10}, {Weight: 60, Value: 25}, {Weight: 20, Value: 100},
	}
	spinTable = []draw.Weighted[uint64]{
		{Weight: 200, Value: 1}, {Weight: 150, Value: 3}, {Weight: 200, Value: 5}, {Weight: 200, Value: 10},
		{Weight: 150, Value: 25}, {Weight: 80, Value: 50}, {Weight: 20, Value: 100},
	}
)

// play: a player spins LUCKY (when it holds some, six times in ten) or SUPRA, never
// risking more than half of what it holds in one play, until it has lost half of its best
// bankroll in that coin; out of LUCKY budget, it buys LUCKY to play on.
func (s *sim) play(ctx context.Context, a *agent) (plan, error) {
	native, lucky := s.mkt.nativeTok, s.mkt.luckyTok
	sup, err := s.balance(ctx, a, native.Coin())
	if err != nil {
		return plan{kind: "spin"}, err
	}
	held, err := s.balance(ctx, a, lucky.Coin())
	if err != nil {
		return plan{kind: "spin"}, err
	}
	free := sup - min(sup, gasReserve)
	type option struct {
		t         tokens.Token
		min, left uint64
		bankroll  uint64
	}
	var opts []option
	if m := minBet(lucky); m > 0 && held >= 2*m {
		opts = append(opts, option{lucky, m, a.budget(lucky.CoinType, held), held})
	}
	if m := minBet(native); m > 0 && free >= 2*m {
		opts = append(opts, option{native, m, a.budget(native.CoinType, free), free})
	}
	var o *option
	for i := range opts {
		if opts[i].left >= opts[i].min && (o == nil || draw.Chance(a.r, 400)) {
			o = &opts[i]
		}
	}
	if o == nil {
		if free < 50*supraUnit {
			return plan{kind: "spin"}, skip("out of budget")
		}
		// Lost its LUCKY budget, or never had one: buy in, and play with a new bankroll.
		p := s.mkt.lucky
		rs, rt, _, err := s.mkt.observe(ctx, s.c, p)
		if err != nil {
			return plan{kind: "buy"}, err
		}
		pl, err := s.swap(ctx, a, p, true, rs, rt, buyInSize)
		pl.after = func(*supra.TransactionInfo) { delete(a.best, lucky.CoinType) }
		return pl, err
	}
	bet := o.min * draw.Choose(a.r, betTable)
	spins := draw.Choose(a.r, spinTable)
	limit := min(o.left, o.bankroll/2)
	for bet*spins > limit && spins > 1 {
		spins /= 2
	}
	for bet*spins > limit && bet > o.min {
		bet = max(bet/2, o.min)
	}
	if bet*spins > limit {
		return plan{kind: "spin"}, skip("bankroll too small")
	}
	b, err := s.c.Slots.BuildSpin(ctx, chain.SpinRequest{Sender: a.addr, Token: o.t, BetPerSpin: bet, Spins: new(big.Int).SetUint64(spins)})
	if err != nil {
		return plan{kind: "spin"}, err
	}
	return plan{kind: "spin", built: b.Built}, nil
}

// budget is what a player may still lose of coinType holding bankroll: half of its best
// bankroll, less what it has lost since.
func (a *agent) budget(coinType string, bankroll uint64) uint64 {
	best := max(a.best[coinType], bankroll)
	a.best[coinType] = best
	lost := best - bankroll
	return best/2 - min(best/2, lost)
}

// minBet is a token's minimum bet per spin in base units (0: not playable).
func minBet(t tokens.Token) uint64 {
	if t.Slots == nil {
		return 0
	}
	v, err := strconv.ParseUint(t.Slots.MinBetBase, 10, 64)
	if err != nil {
		return 0
	}
	return v
}

// burn: a burner sends a share of its LUCKY to the burn address, now and then most of
// it; without LUCKY, it buys some first.
func (s *sim) burn(ctx context.Context, a *agent) (plan, error) {
	lucky := s.mkt.luckyTok.Coin()
	held, err := s.balance(ctx, a, lucky)
	if err != nil {
		return plan{kind: "burn"}, err
	}
	if held == 0 {
		rs, rt, _, err := s.mkt.observe(ctx, s.c, s.mkt.lucky)
		if err != nil {
			return plan{kind: "buy"}, err
		}
		return s.swap(ctx, a, s.mkt.lucky, true, rs, rt, traderSize)
	}
	share := draw.LogUniform(a.r, draw.Band{Lo: 10, Hi: 250})
	if draw.Chance(a.r, 80) {
		share = min(draw.LogUniform(a.r, draw.Band{Lo: 400, Hi: 1001}), 1000)
	}
	amount := draw.MulDiv(held, share, 1000)
	if amount == 0 {
		return plan{kind: "burn"}, skip("amount rounds to zero")
	}
	b, err := s.c.Burns.BuildBurn(ctx, a.addr, lucky, amount)
	return plan{kind: "burn", built: b}, err
}
