package seed

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"sort"
	"time"

	"github.com/luckycoin/lucky/internal/devnet"
	"github.com/luckycoin/lucky/internal/devnet/contracts"
	"github.com/luckycoin/lucky/internal/devnet/contracts/miners"
	"github.com/luckycoin/lucky/internal/draw"
	"github.com/luckycoin/lucky/internal/supra"
)

// writer writes a past event by event. It decides who acts and for how much when an
// event happens, from the chain as it is then (balances, pool reserves) and from what the
// past's accounts did before (their stakes, their rigs).
type writer struct {
	c      *nodeChain
	r      *rand.Rand // who acts and for how much
	seed   string
	start  time.Time
	span   time.Duration
	events []event

	native, lucky *token
	others        []*token // the other tokens with a SUPRA pool
	slotTokens    []*token // the other tokens with a pool and a house fund
	mineCoin      string

	people  []*account // in order of arrival
	cum     []int      // cum[i] is the activity of people[:i+1]
	arrived int        // people[:arrived] have been funded
	faucet  signer

	// bank is the dev account whose MINE starts the miners (nil: no miners); it keeps
	// bankFloor of it. miners are the accounts it started, up to minerTarget.
	bank        *signer
	bankFloor   uint64
	miners      []*account
	minerTarget int
	stakers     []*account // accounts that ever staked, in order

	arb   *signer // the arbitrage trader (arbitrage.go)
	cross []cross // the pools it keeps in line with the SUPRA pools
	arbs  int     // arbitrage cycles run

	anchor map[*token]int64 // each pool's price walk is scaled to meet its price after the launch
	gifts  int              // keyless addresses gifted LUCKY so far
	now    time.Duration    // the event being written, from the start
	done   [numKinds]int    // events that sent a transaction, by kind
}

func newWriter(n *devnet.Node, cfg Config, span time.Duration) (*writer, error) {
	seed := n.Seed()
	hours := int((span + time.Hour - 1) / time.Hour)
	native, lucky, others, err := market(randFor(seed, "market"), cfg.Genesis, hours)
	if err != nil {
		return nil, err
	}
	people := newcomers(randFor(seed, "people"), seed, population(span))
	start := cfg.End.Add(-span)
	w := &writer{
		c: newNodeChain(n, cfg.Log), r: randFor(seed, "acts"), seed: seed, start: start, span: span,
		native: native, lucky: lucky, others: others,
		people: people, cum: make([]int, len(people)),
		faucet:      signer{n.FaucetAccount().PrivateKey, n.FaucetAccount().Address},
		anchor:      map[*token]int64{},
		minerTarget: min(max(len(people)/25, 4), 12),
	}
	w.events = plan(randFor(seed, "plan"), start, span, arrivalTimes(randFor(seed, "arrivals"), len(people), span))
	total := 0
	for i, p := range people {
		total += p.activity
		w.cum[i] = total
		p.early = i < len(people)/5 // the first community, as arrivalTimes places it
	}
	for _, t := range others {
		if t.minBet > 0 {
			w.slotTokens = append(w.slotTokens, t)
		}
	}
	if err := w.findBank(n, cfg.Genesis); err != nil {
		return nil, err
	}
	if w.cross = crossPools(cfg.Genesis, native, lucky, others); len(w.cross) > 0 {
		a := arbitrageur(seed)
		w.arb = &a
	}
	return w, nil
}

// findBank finds the dev account genesis gives MINE to: the miners' starter MINE comes
// from it, which keeps at least three fifths of what it had.
func (w *writer) findBank(n *devnet.Node, g *contracts.Genesis) error {
	gt, ok := g.Token("MINE")
	if !ok {
		return nil
	}
	coin, err := supra.ParseCoinType(gt.CoinType)
	if err != nil {
		return fmt.Errorf("%w: MINE: %v", ErrConfig, err)
	}
	w.mineCoin = coin.String()
	dev := n.Accounts()
	for _, d := range g.DevAccounts {
		if d.Balances["MINE"] == "" || d.Index < 0 || d.Index >= len(dev) {
			continue
		}
		held, err := g.Amount("MINE", d.Balances["MINE"])
		if err != nil {
			return fmt.Errorf("%w: %w", ErrConfig, err)
		}
		w.bank = &signer{dev[d.Index].PrivateKey, dev[d.Index].Address}
		w.bankFloor = held / 5 * 3
		return nil
	}
	return nil
}

// run writes every event, then moves the clock to the end of the past.
func (w *writer) run(ctx context.Context) (stats, error) {
	if w.arb != nil {
		if _, err := w.send(w.faucet, call{fn: framework("transfer"), args: [][]byte{addressArg(w.arb.addr), u64Arg(arbFunding)}}); err != nil {
			return stats{}, fmt.Errorf("seed: fund the arbitrageur: %w", err)
		}
		if err := w.arbitrage(); err != nil { // genesis's pools may disagree already
			return stats{}, err
		}
	}
	for _, ev := range w.events {
		if err := ctx.Err(); err != nil {
			return stats{}, fmt.Errorf("seed: %w", err)
		}
		if err := w.c.advanceTo(w.start.Add(ev.At)); err != nil {
			return stats{}, err
		}
		w.now = ev.At
		before := w.c.txs
		if err := w.do(ev); err != nil {
			return stats{}, fmt.Errorf("seed: %s at %s: %w", ev.Kind, w.start.Add(ev.At).UTC().Format(time.RFC3339), err)
		}
		if w.c.txs > before {
			w.done[ev.Kind]++
		}
		if ev.Kind == debut || ev.Kind == tradeLucky || ev.Kind == tradeAlt {
			if err := w.arbitrage(); err != nil {
				return stats{}, err
			}
		}
	}
	if err := w.c.advanceTo(w.start.Add(w.span)); err != nil {
		return stats{}, err
	}
	st := stats{Transactions: w.c.txs, Failed: w.c.failed, Accounts: len(w.people), Events: map[string]int{"arbitrage": w.arbs}}
	for k := range numKinds {
		st.Events[k.String()] = w.done[k]
	}
	return st, nil
}

func (w *writer) do(ev event) error {
	switch ev.Kind {
	case arrive:
		return w.arrive(ev.Who)
	case debut:
		t := w.lucky
		if draw.Chance(w.r, 150) {
			t = w.other()
		}
		return w.trade(t, w.people[ev.Who])
	case tradeLucky:
		return w.trade(w.lucky, nil)
	case tradeAlt:
		return w.trade(w.other(), nil)
	case spin:
		return w.spin()
	case burn:
		return w.burn()
	case gift:
		return w.gift()
	case stake:
		return w.stake()
	case mine:
		return w.mine()
	}
	return fmt.Errorf("seed: unknown event kind %d", ev.Kind)
}

// send submits cl as s and reports whether it executed successfully.
func (w *writer) send(s signer, cl call) (bool, error) { return w.c.submit(s, cl) }

// pick returns an arrived newcomer, the busy ones more often, that ok accepts (any when
// ok is nil). It tries a few dozen and gives nil when none is accepted.
func (w *writer) pick(ok func(*account) bool) *account {
	if w.arrived == 0 {
		return nil
	}
	for range 40 {
		x := w.r.IntN(w.cum[w.arrived-1])
		a := w.people[sort.SearchInts(w.cum[:w.arrived], x+1)]
		if ok == nil || ok(a) {
			return a
		}
	}
	return nil
}

func (w *writer) holds(a *account, t *token, atLeast uint64) bool {
	return w.c.balance(a.addr, t.coin) >= max(atLeast, 1)
}

// other picks a token other than LUCKY to trade, the deeper pools more often.
func (w *writer) other() *token {
	table := make([]draw.Weighted[*token], len(w.others))
	for i, t := range w.others {
		table[i] = draw.Weighted[*token]{Weight: t.weight, Value: t}
	}
	return draw.Choose(w.r, table)
}

// hour is the hour of the past being written.
func (w *writer) hour() int { return int(w.now / time.Hour) }

// gasReserve is the SUPRA an account keeps for gas.
const gasReserve = supraUnit

// arrive: the faucet funds newcomer i.
func (w *writer) arrive(i int) error {
	a := w.people[i]
	w.arrived = max(w.arrived, i+1)
	_, err := w.send(w.faucet, call{fn: framework("transfer"), args: [][]byte{addressArg(a.addr), u64Arg(a.funding)}})
	return err
}

// tradeSize is a trade's size in whole SUPRA on a pool as deep as LUCKY's: many small
// trades, few large.
func tradeSize(r *rand.Rand) uint64 {
	return draw.LogUniform(r, draw.Choose(r, []draw.Weighted[draw.Band]{
		{Weight: 550, Value: draw.Band{Lo: 20, Hi: 600}},
		{Weight: 300, Value: draw.Band{Lo: 600, Hi: 5_000}},
		{Weight: 120, Value: draw.Band{Lo: 5_000, Hi: 25_000}},
		{Weight: 30, Value: draw.Band{Lo: 25_000, Hi: 80_000}},
	}))
}

// priceOf is a pool's price (SUPRA per token) in millionths of its genesis price.
func priceOf(t *token, rs, rt uint64) int64 {
	if rt == 0 || t.s0 == 0 {
		return ppmScale
	}
	num := new(big.Int).Mul(new(big.Int).SetUint64(rs), new(big.Int).SetUint64(t.t0))
	num.Mul(num, big.NewInt(ppmScale))
	den := new(big.Int).Mul(new(big.Int).SetUint64(rt), new(big.Int).SetUint64(t.s0))
	q := num.Quo(num, den)
	if !q.IsInt64() {
		return 1 << 62
	}
	return q.Int64()
}

// trade swaps t against SUPRA on its pool. A debut (newcomer set) is the newcomer's
// first buy, a share of what the faucet gave it: a large one for the first community,
// a small one later. Otherwise a trader buys or sells as the pool's price stands to its
// target, an amount that grows with the pool's depth (and for a buyer with its wealth),
// never more than 6 % of the pool's reserves (which moves its price about 12 %).
func (w *writer) trade(t *token, newcomer *account) error {
	rs, rt, err := w.c.reserves(w.native.coin, t.coin)
	if err != nil {
		return err
	}
	price := priceOf(t, rs, rt)
	if newcomer == nil && !draw.Chance(w.r, draw.BuyOdds(price, w.target(t, price))) {
		size := w.tradeSize(nil, rs)
		if a, held := w.seller(t, draw.MulDiv(size, rt, rs)); a != nil {
			// A seller keeps part of its bag, but for the odd one who sells out: holders
			// mostly stay holders.
			amount := min(draw.MulDiv(size, rt, rs), draw.MulDiv(held, draw.LogUniform(w.r, draw.Band{Lo: 500, Hi: 951}), 1000))
			if draw.Chance(w.r, 20) {
				amount = held
			}
			amount = min(amount, rt/100*6)
			if amount == 0 {
				return nil
			}
			return w.swap(a, t, w.native, amount)
		}
		// Nobody to sell: someone buys instead.
	}
	a := newcomer
	if a == nil {
		a = w.pick(func(a *account) bool { return w.holds(a, w.native, 20*supraUnit) })
	}
	if a == nil {
		return nil
	}
	size := w.tradeSize(a, rs)
	switch {
	case newcomer != nil && newcomer.early:
		// The first community buys in big: its bags are what the market sells from later.
		size = min(draw.MulDiv(a.funding, draw.LogUniform(w.r, draw.Band{Lo: 80, Hi: 250}), 1000), 15_000*supraUnit)
	case newcomer != nil:
		size = min(draw.MulDiv(a.funding, draw.LogUniform(w.r, draw.Band{Lo: 10, Hi: 50}), 1000), 2_000*supraUnit)
	}
	bal := w.c.balance(a.addr, w.native.coin)
	if bal <= gasReserve {
		return nil
	}
	spend := min(size, (bal-gasReserve)/10*6, rs/100*6)
	if spend < supraUnit/10 {
		return nil
	}
	return w.swap(a, w.native, t, spend)
}

// target is the price traders of t lean towards, in millionths of its genesis price.
// During the launch window it is the price itself: the first community buys in, and
// nobody leans. Then it is the pool's price walk from where the launch left the price,
// rising by up to a tenth as newcomers keep arriving.
func (w *writer) target(t *token, price int64) int64 {
	if w.now < launchWindow(w.span) {
		return price
	}
	walk := t.walk[min(w.hour(), len(t.walk)-1)]
	if w.anchor[t] == 0 {
		w.anchor[t] = max(price*ppmScale/walk, 1)
	}
	v := walk * w.anchor[t] / ppmScale
	return v + v*int64(w.arrived)/int64(len(w.people))/10
}

// tradeSize is the SUPRA a trader a (nil: a seller, whose bag bounds the trade) trades
// on a pool holding poolSupra: many small trades and few large, smaller for the poor (a
// quarter for an account the faucet gave 5,000 SUPRA or less) and on thin pools.
func (w *writer) tradeSize(a *account, poolSupra uint64) uint64 {
	size := tradeSize(w.r) * supraUnit
	if a != nil {
		wealth := min(max(a.funding, 5_000*supraUnit), 20_000*supraUnit)
		size = draw.MulDiv(size, wealth, 20_000*supraUnit)
	}
	depth := min(max(poolSupra, w.lucky.s0/10), 3*w.lucky.s0)
	return draw.MulDiv(size, depth, w.lucky.s0)
}

// seller picks who sells about want of t: a holder with that much, or of the few it
// tries the one with the largest bag, so that sells are as large as buys and prices come
// down as well as go up (large holders make most of a market's selling). It returns nil
// when it finds no holder.
func (w *writer) seller(t *token, want uint64) (*account, uint64) {
	var best *account
	var most uint64
	for range 8 {
		a := w.pick(func(a *account) bool { return w.holds(a, t, 0) })
		if a == nil {
			break
		}
		if held := w.c.balance(a.addr, t.coin); held > most {
			best, most = a, held
		}
		if most >= want {
			break
		}
	}
	return best, most
}

// swap sells amount of in for out, accepting 1 % less than the pool quotes.
func (w *writer) swap(a *account, in, out *token, amount uint64) error {
	quote, err := w.c.amountOut(in.coin, out.coin, amount)
	if err != nil {
		return err
	}
	if quote == 0 {
		return nil
	}
	_, err = w.send(a.signer(), call{fn: dexFunction("scripts", "swap"),
		typeArgs: []string{in.coin, out.coin, contracts.UncorrelatedType},
		args:     [][]byte{u64Arg(amount), u64Arg(quote - quote/100)}})
	return err
}

// spin: a player plays LUCKY most often, then SUPRA, then another token it holds; the
// bet is a multiple of the token's minimum, mostly small, and the spins 1 to 500, about 40
// a play (a day of them holds every tier of the paytable, the Super Jackpot's 1 in 1,000
// included), never betting more than half of what the player holds.
func (w *writer) spin() error {
	a := w.pick(nil)
	if a == nil {
		return nil
	}
	t := draw.Choose(w.r, []draw.Weighted[*token]{{Weight: 550, Value: w.lucky}, {Weight: 250, Value: w.native}, {Weight: 200, Value: nil}})
	if t == nil && len(w.slotTokens) > 0 {
		t = w.slotTokens[w.r.IntN(len(w.slotTokens))]
	}
	if t == nil || t.minBet == 0 || !w.holds(a, t, 2*t.minBet) {
		t = w.native
	}
	budget := w.c.balance(a.addr, t.coin)
	if t == w.native {
		budget = max(budget, gasReserve) - gasReserve
	}
	budget /= 2
	bet := t.minBet * draw.Choose(w.r, []draw.Weighted[uint64]{
		{Weight: 300, Value: 1},
		{Weight: 200, Value: 2},
		{Weight: 200, Value: 5},
		{Weight: 150, Value: 10},
		{Weight: 90, Value: 25},
		{Weight: 40, Value: 50},
		{Weight: 20, Value: 100},
	})
	spins := draw.Choose(w.r, []draw.Weighted[uint64]{
		{Weight: 150, Value: 1},
		{Weight: 100, Value: 3},
		{Weight: 120, Value: 5},
		{Weight: 200, Value: 10},
		{Weight: 130, Value: 20},
		{Weight: 150, Value: 50},
		{Weight: 100, Value: 100},
		{Weight: 40, Value: 250},
		{Weight: 10, Value: 500},
	})
	for bet*spins > budget && spins > 1 {
		spins /= 2
	}
	for bet*spins > budget && bet > t.minBet {
		bet = max(bet/2, t.minBet)
	}
	if t.minBet == 0 || bet*spins > budget {
		return nil
	}
	partner := contracts.PlaceholderAddress
	if draw.Chance(w.r, 120) {
		if p := w.pick(func(p *account) bool { return p != a }); p != nil {
			partner = p.addr
		}
	}
	cl := call{fn: slotsFunction("play_supra_coin"), args: [][]byte{u64Arg(bet), u64Arg(spins), addressArg(partner)}}
	if t != w.native {
		cl = call{fn: slotsFunction("play"), typeArgs: []string{t.coin},
			args: [][]byte{u64Arg(bet), u64Arg(spins), stringArg(t.coin), addressArg(partner)}}
	}
	_, err := w.send(a.signer(), cl)
	return err
}

// burn: a holder, most often one of the burners, sends a share of its LUCKY to the burn
// address, now and then most of it.
func (w *writer) burn() error {
	a := w.pick(func(a *account) bool { return (a.burner || draw.Chance(w.r, 100)) && w.holds(a, w.lucky, 0) })
	if a == nil {
		return nil
	}
	share := draw.LogUniform(w.r, draw.Band{Lo: 10, Hi: 250})
	if draw.Chance(w.r, 80) {
		share = draw.LogUniform(w.r, draw.Band{Lo: 400, Hi: 1001})
	}
	amount := draw.MulDiv(w.c.balance(a.addr, w.lucky.coin), min(share, 1000), 1000)
	if amount == 0 {
		return nil
	}
	_, err := w.send(a.signer(), w.transferLucky(contracts.BurnAddress, amount))
	return err
}

// gift: a holder sends some LUCKY to a new address, or to another of the past's accounts.
func (w *writer) gift() error {
	a := w.pick(func(a *account) bool { return w.holds(a, w.lucky, 0) })
	if a == nil {
		return nil
	}
	amount := draw.MulDiv(w.c.balance(a.addr, w.lucky.coin), draw.LogUniform(w.r, draw.Band{Lo: 50, Hi: 300}), 1000)
	if amount == 0 {
		return nil
	}
	to := giftAddress(w.seed, w.gifts)
	if p := w.pick(func(p *account) bool { return p != a }); p != nil && draw.Chance(w.r, 450) {
		to = p.addr
	} else {
		w.gifts++
	}
	_, err := w.send(a.signer(), w.transferLucky(to, amount))
	return err
}

func (w *writer) transferLucky(to supra.Address, amount uint64) call {
	return call{fn: framework("transfer_coins"), typeArgs: []string{w.lucky.coin}, args: [][]byte{addressArg(to), u64Arg(amount)}}
}

// stake: a newcomer with SUPRA to spare stakes a share of it; a staker claims its
// rewards (at most every 2 hours), stakes more, unstakes half or all, or buys the
// tax-free pass.
func (w *writer) stake() error {
	var a *account
	if len(w.stakers) > 0 && draw.Chance(w.r, 700) {
		a = w.stakers[w.r.IntN(len(w.stakers))] // stakers come back more often than newcomers start
	} else {
		a = w.pick(func(a *account) bool { return a.deposit > 0 || w.holds(a, w.native, 2_000*supraUnit) })
	}
	if a == nil {
		return nil
	}
	type action int
	const (
		deposit action = iota
		claim
		withdraw
		pass
	)
	act := deposit
	if a.deposit > 0 || a.staker && draw.Chance(w.r, 500) {
		act = draw.Choose(w.r, []draw.Weighted[action]{
			{Weight: 450, Value: claim},
			{Weight: 200, Value: deposit},
			{Weight: 250, Value: withdraw},
			{Weight: 100, Value: pass},
		})
	}
	switch {
	case act == claim && (a.deposit == 0 || w.now-a.claimed < 2*time.Hour), act == pass && a.pass, act == withdraw && a.deposit == 0:
		return nil
	case act == claim:
		ok, err := w.send(a.signer(), call{fn: stakingFunction("claim")})
		if ok {
			a.claimed = w.now
		}
		return err
	case act == pass:
		ok, err := w.send(a.signer(), call{fn: stakingFunction("buy_tax_free_pass")})
		a.pass = a.pass || ok
		return err
	case act == withdraw:
		amount := a.deposit
		if draw.Chance(w.r, 500) {
			amount = max(amount/2, 1)
		}
		ok, err := w.send(a.signer(), call{fn: stakingFunction("unstake"), args: [][]byte{u64Arg(amount)}})
		if ok {
			a.deposit -= amount
		}
		return err
	}
	share := draw.Band{Lo: 100, Hi: 500}
	if a.deposit > 0 {
		share = draw.Band{Lo: 50, Hi: 300}
	}
	amount := draw.MulDiv(max(w.c.balance(a.addr, w.native.coin), gasReserve)-gasReserve, draw.LogUniform(w.r, share), 1000)
	if amount < supraUnit {
		return nil
	}
	ok, err := w.send(a.signer(), call{fn: stakingFunction("stake"), args: [][]byte{u64Arg(amount)}})
	if ok {
		if !a.staker {
			a.staker = true
			w.stakers = append(w.stakers, a)
		}
		if a.deposit == 0 {
			a.claimed = w.now
		}
		a.deposit += amount
	}
	return err
}

// mine: the bank starts a new player with some MINE until there are enough players;
// otherwise a player buys a rig with the MINE it has (a Quantum Core when it can afford
// one and feels like it, else Nano Rigs), or claims its output (at most every 4 hours).
func (w *writer) mine() error {
	if w.bank == nil {
		return nil
	}
	if len(w.miners) < w.minerTarget && (len(w.miners) == 0 || draw.Chance(w.r, 350)) {
		a := w.pick(func(a *account) bool { return !a.miner })
		amount := draw.Choose(w.r, []draw.Weighted[uint64]{
			{Weight: 400, Value: 100},
			{Weight: 250, Value: 200},
			{Weight: 150, Value: 300},
			{Weight: 200, Value: 500},
		}) * miners.Unit
		if a != nil && w.c.balance(w.bank.addr, w.mineCoin) >= w.bankFloor+amount {
			ok, err := w.send(*w.bank, call{fn: framework("transfer_coins"), typeArgs: []string{w.mineCoin},
				args: [][]byte{addressArg(a.addr), u64Arg(amount)}})
			if ok {
				a.miner = true
				if len(w.miners) > 0 && draw.Chance(w.r, 500) {
					a.referrer = w.miners[w.r.IntN(len(w.miners))]
				}
				w.miners = append(w.miners, a)
			}
			return err
		}
	}
	if len(w.miners) == 0 {
		return nil
	}
	a := w.miners[w.r.IntN(len(w.miners))]
	held := w.c.balance(a.addr, w.mineCoin)
	nano, core := miners.Catalogue()[0], miners.Catalogue()[1]
	var rig miners.Miner
	qty := uint64(1)
	switch {
	case held >= core.Cost && draw.Chance(w.r, 400):
		rig = core
	case held >= nano.Cost:
		rig, qty = nano, min(held/nano.Cost, 3)
	case a.rigs > 0 && w.now-a.mined >= 4*time.Hour:
		ok, err := w.send(a.signer(), call{fn: minersFunction("claim")})
		if ok {
			a.mined = w.now
		}
		return err
	default:
		return nil
	}
	ref := contracts.PlaceholderAddress // the app's "no referrer"
	if a.referrer != nil {
		ref = a.referrer.addr
	}
	ok, err := w.send(a.signer(), call{fn: minersFunction("purchase_miner"),
		args: [][]byte{u64Arg(rig.ID), u64Arg(qty), addressesArg(ref)}})
	if ok {
		if a.rigs == 0 {
			a.mined = w.now
		}
		a.rigs += qty
	}
	return err
}
