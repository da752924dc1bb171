// Package simulate keeps a devnet alive: agents with simple strategies build, sign and
// submit real transactions through the node's RPC, as wallets do, for as long as asked and
// at a target rate:
//
//   - momentum traders buy what has been rising and sell what has been falling; mean
//     reverters lean the other way, towards the average of the prices they saw; both
//     trade LUCKY most, and the other tokens with a SUPRA pool;
//   - whales, now and then, buy or dump a large share of a pool;
//   - slot players spin LUCKY or SUPRA until they have lost half of their best bankroll,
//     then buy LUCKY to play on;
//   - burners send a share of their LUCKY to the burn address.
//
// Every transaction goes through the app's own builders (internal/chain: swaps, spins,
// burns, with their rules) and the node's normal submit path, so a run is also a load
// test of both. The agents' accounts derive from a seed and are funded by the devnet's
// faucet; each agent draws its choices from its own stream of that seed, with integers
// only (internal/draw), so the same seed makes the same choices whenever the chain answers
// the same. Amounts follow the chain as it is when an agent acts.
//
// A run reports what it sent, what was confirmed, what failed and why, and the latency
// from submit to a final status (Report). Ledger, Check and CheckCandles check a devnet
// afterwards: every coin's supply against its balances and the gas paid, and the app's
// index against the chain (holders, burns, and the candles recomputed from the swaps).
package simulate

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/luckycoin/lucky/internal/chain"
	"github.com/luckycoin/lucky/internal/supra"
)

// Sentinel errors.
var (
	// ErrConfig reports a Config a run cannot start with.
	ErrConfig = errors.New("simulate: bad configuration")
	// ErrSetup reports a run that could not get going: the node refused to fund the
	// accounts, or has no pool to trade.
	ErrSetup = errors.New("simulate: setup failed")
	// ErrCheck reports a check of the chain or the index that failed.
	ErrCheck = errors.New("simulate: check failed")
)

// Limits of a Config.
const (
	MaxAccounts = 1000
	MaxRate     = 1000 // transactions a second
)

// Config is a run.
type Config struct {
	// Chain is the app's bindings over the node's RPC client; their clock (chain.Options.Now)
	// should be the chain's, or transactions built after a devnet time travel expire at once.
	Chain *chain.Client
	// Accounts is how many agents act, each with its own account.
	Accounts int
	// Seed derives the accounts' keys, their roles and every choice they make.
	Seed string
	// Rate is the target number of transactions a second.
	Rate float64
	// Duration bounds the run; 0 runs until ctx ends.
	Duration time.Duration
	// ProgressEvery logs what the run did so far at that interval (0: never).
	ProgressEvery time.Duration
	// Log gets the setup, the progress and, at debug level, every transaction (default: discard).
	Log *slog.Logger
}

func (c *Config) validate() error {
	switch {
	case c.Chain == nil:
		return fmt.Errorf("%w: no chain client", ErrConfig)
	case c.Accounts < 1 || c.Accounts > MaxAccounts:
		return fmt.Errorf("%w: accounts %d: want 1 to %d", ErrConfig, c.Accounts, MaxAccounts)
	case !(c.Rate > 0 && c.Rate <= MaxRate): // also refuses NaN
		return fmt.Errorf("%w: rate %v: want more than 0 and at most %d transactions a second", ErrConfig, c.Rate, MaxRate)
	case c.Duration < 0:
		return fmt.Errorf("%w: duration %s is negative", ErrConfig, c.Duration)
	}
	if c.Log == nil {
		c.Log = slog.New(slog.DiscardHandler)
	}
	return nil
}

// maxCatchUp is how many actions one tick turns at most when ticks were late.
const maxCatchUp = 8

// waitFinal bounds how long a submitted transaction is waited for: a node that has not
// finalised it by then has lost it, as far as a wallet can tell.
const waitFinal = 30 * time.Second

// sim is one run.
type sim struct {
	cfg    Config
	c      *chain.Client
	node   *supra.Client
	agents []*agent
	mkt    *market
	arb    *agent        // the arbitrage trader (arbitrage.go)
	cross  []crossPool   // the pools it keeps in line with the SUPRA pools
	moved  chan struct{} // a trade of the crowd was confirmed (noteTrade)
	st     *stats
	r      *rand.Rand // the dispatcher's: which agent acts at each tick
	total  int        // the agents' summed activity
}

// Run funds the agents' accounts, then has them act at cfg.Rate until cfg.Duration has
// passed or ctx ends, waits for the transactions in flight, and reports. The report is
// returned with the error when the run stopped early.
func Run(ctx context.Context, cfg Config) (*Report, error) {
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	s := &sim{cfg: cfg, c: cfg.Chain, node: cfg.Chain.Core.Node(), st: newStats(), r: streamFor(cfg.Seed, "dispatch")}
	s.agents = newAgents(cfg.Seed, cfg.Accounts)
	for _, a := range s.agents {
		s.total += a.role.activity()
	}
	setupStart := time.Now()
	var err error
	if s.mkt, err = discover(ctx, s.c); err != nil {
		return nil, err
	}
	if s.cross, err = discoverCross(ctx, s.c, s.mkt); err != nil {
		return nil, err
	}
	if len(s.cross) > 0 {
		s.arb = newArbitrageur(cfg.Seed)
		s.moved = make(chan struct{}, 1)
	}
	if err := s.fund(ctx); err != nil {
		return nil, err
	}
	cfg.Log.Info("simulate: agents ready", "accounts", len(s.agents), "roles", rolesOf(s.agents),
		"pools", len(s.mkt.pools), "cross_pools", len(s.cross), "setup", time.Since(setupStart).Round(time.Millisecond), "rate", cfg.Rate)
	return s.drive(ctx)
}

// drive dispatches the actions due at each tick until the run ends, then waits for the
// actions in flight: their transactions were sent and count.
func (s *sim) drive(ctx context.Context) (*Report, error) {
	dctx, stop := ctx, context.CancelFunc(func() {})
	if s.cfg.Duration > 0 {
		dctx, stop = context.WithTimeout(ctx, s.cfg.Duration)
	}
	defer stop()
	tick := time.NewTicker(max(time.Duration(float64(time.Second)/s.cfg.Rate), time.Microsecond))
	defer tick.Stop()
	var progress <-chan time.Time
	if s.cfg.ProgressEvery > 0 {
		t := time.NewTicker(s.cfg.ProgressEvery)
		defer t.Stop()
		progress = t.C
	}
	var wg sync.WaitGroup
	if s.arb != nil {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s.arbitrage(ctx, dctx)
		}()
	}
	start := time.Now()
	var dispatched int64
loop:
	for {
		select {
		case <-dctx.Done():
			break loop
		case <-progress:
			rep := s.st.report(time.Since(start), s.cfg)
			s.cfg.Log.Info("simulate: progress", "sent", rep.Sent, "confirmed", rep.Confirmed, "failed", rep.FailedTotal(),
				"tx_per_s", fmt.Sprintf("%.1f", rep.TxPerSecond()), "p50", rep.Latency.P50, "p99", rep.Latency.P99)
		case <-tick.C:
			// A busy machine delays ticks and the ticker drops them: every tick turns
			// the actions due by now, a few at most, so the rate holds on average.
			due := int64(float64(time.Since(start)) * s.cfg.Rate / float64(time.Second))
			for n := 0; dispatched < due && n < maxCatchUp; n++ {
				dispatched++
				a := s.pick()
				if a == nil {
					s.st.skip("any", "every agent busy")
					continue
				}
				wg.Add(1)
				go func() {
					defer wg.Done()
					defer a.busy.Store(false)
					s.act(ctx, a)
				}()
			}
			dispatched = max(dispatched, due-maxCatchUp) // a long stall is not made up in one burst
		}
	}
	elapsed := time.Since(start)
	wg.Wait()
	if s.arb != nil && ctx.Err() == nil {
		// The crowd's last trades are in: the market closes in line.
		s.arbitrageAll(ctx)
	}
	rep := s.st.report(elapsed, s.cfg)
	if err := ctx.Err(); err != nil {
		return rep, fmt.Errorf("simulate: stopped: %w", err)
	}
	return rep, nil
}

// pick chooses the agent that acts at this tick, the busier roles more often; an agent
// still waiting for its last transaction passes its turn to the next idle one (an
// account has one transaction in flight at most, so its sequence number is the node's).
// nil: every agent is busy.
func (s *sim) pick() *agent {
	x := s.r.IntN(s.total)
	i := 0
	for ; i < len(s.agents)-1; i++ {
		if x < s.agents[i].role.activity() {
			break
		}
		x -= s.agents[i].role.activity()
	}
	for k := range s.agents {
		a := s.agents[(i+k)%len(s.agents)]
		if a.busy.CompareAndSwap(false, true) {
			return a
		}
	}
	return nil
}

// act has a decide what to do, then signs, submits and follows the transaction to a
// final status, recording it.
func (s *sim) act(ctx context.Context, a *agent) {
	p, err := a.decide(ctx, s)
	if err != nil {
		s.noSend(a, p.kind, err)
		return
	}
	s.execute(ctx, a, p)
}

// execute signs, submits and follows p's transaction to a final status, recording it;
// true when it succeeded.
func (s *sim) execute(ctx context.Context, a *agent, p plan) bool {
	signed, err := supra.Sign(p.built.Raw, a.key)
	if err != nil {
		s.st.errored(p.kind, "sign: "+err.Error())
		return false
	}
	start := time.Now()
	hash, err := s.node.Submit(ctx, supra.NewSubmitBody(signed))
	if err != nil {
		if ctx.Err() == nil {
			s.st.rejected(p.kind, submitReason(err))
			s.cfg.Log.Debug("simulate: submit refused", "kind", p.kind, "account", a.addr.ShortString(), "err", err)
		}
		return false
	}
	s.st.sent(p.kind)
	// A run that reached its duration still follows what it sent to its outcome; one
	// whose ctx ended (a server shutting down) does not wait.
	wctx, cancel := context.WithTimeout(ctx, waitFinal)
	defer cancel()
	tx, status, err := s.node.WaitForTransaction(wctx, hash)
	took := time.Since(start)
	switch {
	case ctx.Err() != nil && (err != nil || status == supra.TxPending):
		s.st.unfollowed()
	case err != nil || status == supra.TxPending:
		s.st.lost()
		s.cfg.Log.Warn("simulate: transaction not final", "kind", p.kind, "hash", hash, "waited", took.Round(time.Millisecond), "err", err)
	case status == supra.TxSuccess:
		s.st.confirmed(p.kind, took)
		s.noteTrade(p.kind)
		if p.after != nil {
			p.after(tx)
		}
		s.cfg.Log.Debug("simulate: confirmed", "kind", p.kind, "account", a.addr.ShortString(), "hash", hash, "took", took)
		return true
	default:
		vm := ""
		if tx != nil && tx.Output != nil {
			vm = tx.Output.Move.VMStatus
		}
		s.st.failed(p.kind, vmReason(vm), vm, took)
		s.cfg.Log.Debug("simulate: failed", "kind", p.kind, "account", a.addr.ShortString(), "hash", hash, "vm_status", vm)
	}
	return false
}

// noSend records a decision that sent nothing: nothing to do, a rule of the app that
// refused the transaction before it was built, or the node failing a read.
func (s *sim) noSend(a *agent, kind string, err error) {
	var sk skip
	var ie *chain.InputError
	switch {
	case errors.As(err, &sk):
		s.st.skip(kind, string(sk))
	case errors.As(err, &ie):
		s.st.skip(kind, "app rule: "+ie.Code)
	case errors.Is(err, context.Canceled):
		// the run is over
	default:
		s.st.errored(kind, errReason(err))
		s.cfg.Log.Debug("simulate: no transaction", "kind", kind, "account", a.addr.ShortString(), "err", err)
	}
}

// skip is a decision to send nothing, and why.
type skip string

func (s skip) Error() string { return string(s) }
