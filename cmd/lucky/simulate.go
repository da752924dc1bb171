package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"time"

	"github.com/luckycoin/lucky/internal/chain"
	"github.com/luckycoin/lucky/internal/config"
	"github.com/luckycoin/lucky/internal/simulate"
	"github.com/luckycoin/lucky/internal/supra"
	"github.com/luckycoin/lucky/internal/tokens"
)

// runSimulate is `lucky simulate`: the simulator's agents against a devnet for a bounded
// time; then the report, and the checks: every coin conserved on the node and, with
// --api, the app's index equal to the chain (holders, burns, the app token's candles).
// A failed check exits non-zero.
func runSimulate(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	cfg, err := config.ParseSimulate(args, getenv, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return nil
	}
	if err != nil {
		return usage(err)
	}
	level := logLevel(getenv)
	if cfg.Verbose {
		level = slog.LevelDebug
	}
	log := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: level}))
	reg, err := tokens.Load(log)
	if err != nil {
		return err
	}
	dev := simulate.NewDevnet(cfg.RPC, nil)
	// Transactions expire by the chain's clock, which a devnet's time travel moves ahead.
	now, err := dev.Clock(ctx)
	if err != nil {
		return fmt.Errorf("simulate: --rpc %s is not a devnet that answers: %w", cfg.RPC, err)
	}
	net, err := config.Lookup(config.Devnet)
	if err != nil {
		return err
	}
	net.RPC = []string{cfg.RPC}
	client, err := supra.NewClient(net.RPC)
	if err != nil {
		return usage(err)
	}
	rep, err := simulate.Run(ctx, simulate.Config{Chain: chain.New(client, net, reg, chain.Options{Now: now}),
		Accounts: cfg.Accounts, Seed: cfg.Seed, Rate: cfg.Rate, Duration: cfg.Duration, ProgressEvery: 30 * time.Second, Log: log})
	if rep != nil {
		rep.Write(stdout)
	}
	if err != nil {
		return err
	}
	c, err := checkChain(ctx, cfg, client, dev, reg, net, stdout)
	if err != nil {
		return err
	}
	c.report = rep
	c.write(stdout)
	return errors.Join(rep.Err(), c.cons.Err(), c.indexErr())
}

// checks are the end-of-run checks.
type checks struct {
	report *simulate.Report
	cons   simulate.Conservation
	index  *simulate.IndexCheck
}

func (c checks) indexErr() error {
	if c.index == nil {
		return nil
	}
	return c.index.Err()
}

// write prints one line with the figures, for scripts (bench/soak.sh) to read.
func (c checks) write(w io.Writer) {
	result := "ok"
	if errors.Join(c.report.Err(), c.cons.Err(), c.indexErr()) != nil {
		result = "FAILED"
	}
	rows := 0
	if c.index != nil {
		rows = c.index.Rows()
	}
	l := c.report.Latency
	fmt.Fprintf(w, "summary: sent=%d confirmed=%d failed=%d unexpected=%d tx_per_s=%.2f p50_ms=%.1f p99_ms=%.1f coin_stores=%d index_rows=%d result=%s\n",
		c.report.Sent, c.report.Confirmed, c.report.FailedTotal(), len(c.report.Unexpected()), c.report.TxPerSecond(),
		float64(l.P50.Microseconds())/1000, float64(l.P99.Microseconds())/1000, c.cons.Stores, rows, result)
}

// indexWait bounds how long the index may take to catch up with the chain at the end.
const indexWait = 2 * time.Minute

// checkChain reads the node's ledger and checks conservation; with --api it first waits
// for the index to take in the chain's last block and compares the index with that same
// ledger, which needs a chain nobody else writes to meanwhile (it reads again when a
// block came in between).
func checkChain(ctx context.Context, cfg config.Simulate, client *supra.Client, dev *simulate.Devnet, reg *tokens.Registry,
	net config.Network, stdout io.Writer) (checks, error) {
	var api *simulate.API
	if cfg.API != "" {
		api = simulate.NewAPI(cfg.API, nil)
	}
	for try := 0; ; try++ {
		head, err := client.LatestBlock(ctx)
		if err != nil {
			return checks{}, fmt.Errorf("simulate: %w", err)
		}
		var indexed uint64
		if api != nil {
			wctx, cancel := context.WithTimeout(ctx, indexWait)
			indexed, err = api.WaitIndexed(wctx, head.Height)
			cancel()
			if err != nil {
				return checks{}, err
			}
		}
		l, err := dev.Ledger(ctx)
		if err != nil {
			return checks{}, err
		}
		if api != nil {
			after, err := client.LatestBlock(ctx)
			if err != nil {
				return checks{}, fmt.Errorf("simulate: %w", err)
			}
			if after.Height != head.Height && try < 5 {
				continue // a block came in while the index caught up: compare again at the new head
			}
		}
		c := checks{cons: l.Conservation()}
		c.cons.Write(stdout)
		if api == nil {
			return c, nil
		}
		lucky, ok := reg.App()
		burn, err := supra.ParseAddress(net.Modules.BurnAddress)
		if !ok || err != nil {
			return checks{}, fmt.Errorf("simulate: no app token or burn address to compare the index on")
		}
		ic, err := api.Check(ctx, l, lucky.CoinType, burn, indexed)
		if err != nil {
			return checks{}, err
		}
		// The same ledger holds the swaps the candles come from: one instant for both.
		native, ok := reg.Native()
		if !ok {
			return checks{}, fmt.Errorf("simulate: no native coin to compare the candles on")
		}
		want, err := l.Candles(simulate.CandlePool{Pair: lucky.Name + "-" + native.Name, Base: lucky.Coin(), Quote: native.Coin(),
			SwapEvent: net.Modules.SwapEvent})
		if err != nil {
			return checks{}, err
		}
		cc, err := api.CheckCandles(ctx, want)
		if err != nil {
			return checks{}, err
		}
		ic.Candles = &cc
		ic.Write(stdout)
		c.index = &ic
		return c, nil
	}
}

// serveSimulateAccounts is how many agents `lucky serve --simulate` runs: a crowd the
// pages show, at a rate of about one transaction a second.
const serveSimulateAccounts = 16

// startSimulation runs the simulator's agents in-process on the served devnet at rate
// until ctx ends; the returned stop ends them and waits for them.
func startSimulation(ctx context.Context, rate float64, seed string, bindings *chain.Client, log *slog.Logger) (stop func()) {
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		rep, err := simulate.Run(ctx, simulate.Config{Chain: bindings, Accounts: serveSimulateAccounts, Seed: "lucky serve " + seed,
			Rate: rate, ProgressEvery: 5 * time.Minute, Log: log})
		switch {
		case err != nil && !errors.Is(err, context.Canceled):
			log.Error("simulate", "err", err)
		case rep != nil:
			log.Info("simulate: stopped", "sent", rep.Sent, "confirmed", rep.Confirmed, "failed", rep.FailedTotal())
		}
	}()
	return func() { cancel(); <-done }
}
