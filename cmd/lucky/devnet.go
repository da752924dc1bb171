package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/luckycoin/lucky/internal/config"
	"github.com/luckycoin/lucky/internal/devnet"
	"github.com/luckycoin/lucky/internal/devnet/contracts"
	"github.com/luckycoin/lucky/internal/seed"
)

// runDevnet runs the emulated Supra node alone: `lucky devnet [--addr] [--block-time]
// [--state] [--seed] [--history] [--min-gas-price] [-v]` (flags parsed by internal/config).
// It prints the dev accounts, serves /rpc/v1/, /rpc/v3/ and /devnet/ until ctx is
// cancelled, then shuts down gracefully and saves --state.
func runDevnet(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	cfg, err := config.ParseDevnet(args, getenv, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("%w: devnet: %v", errUsage, err)
	}
	level := slog.LevelInfo
	if cfg.Verbose {
		level = slog.LevelDebug
	}
	log := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: level}))
	node, err := newNode(ctx, cfg.Node, log)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		node.Close()
		return fmt.Errorf("devnet: %w", err)
	}
	node.WriteBanner(stdout)
	fmt.Fprintf(stdout, "\nListening on http://%s (RPC /rpc/v1/ and /rpc/v3/, admin /devnet/)\n", ln.Addr())

	srv := &http.Server{Handler: devGuard(cfg.Addr, cfg.Node, "", log).Devnet(node.Handler()), ReadHeaderTimeout: 10 * time.Second}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err = <-errc:
	case <-ctx.Done():
		shutdownCtx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		err = srv.Shutdown(shutdownCtx)
		cancel()
	}
	if errors.Is(err, http.ErrServerClosed) {
		err = nil
	}
	return errors.Join(err, node.Close())
}

// devnetModules lists the contract modules (internal/devnet/contracts/...) registered on
// top of the framework; `lucky serve` uses the same list so both commands run the same chain.
func devnetModules() ([]devnet.Module, error) {
	mods, err := contracts.All()
	if err != nil {
		return nil, fmt.Errorf("devnet: contracts: %w", err)
	}
	return mods, nil
}

// newNode starts the devnet of the parsed node flags with the contracts; a fresh chain
// (no --state file to load) starts with --history of seeded past, which ctx stops.
func newNode(ctx context.Context, c config.DevnetNode, log *slog.Logger) (*devnet.Node, error) {
	modules, err := devnetModules()
	if err != nil {
		return nil, err
	}
	opts, err := nodeOptions(c, log, modules)
	if err != nil {
		return nil, err
	}
	node, err := devnet.NewContext(ctx, opts)
	if err != nil {
		return nil, fmt.Errorf("devnet: %w", err)
	}
	return node, nil
}

// nodeOptions maps the parsed node flags to the devnet's options (zero values take the
// node's defaults).
func nodeOptions(c config.DevnetNode, log *slog.Logger, modules []devnet.Module) (devnet.Options, error) {
	end := c.HistoryEnd
	if end.IsZero() {
		// The past ends now, so the chain's clock runs on as the wall clock: what a browser
		// counts "5 s ago" from agrees with the chain's times.
		end = time.Now().UTC().Truncate(time.Second)
	}
	past, err := seed.Past(seed.Config{History: c.History, End: end, Log: log})
	if err != nil {
		return devnet.Options{}, fmt.Errorf("%w: --history: %v", errUsage, err)
	}
	return devnet.Options{Seed: c.Seed, BlockTime: c.BlockTime, StatePath: c.StatePath,
		MinGasPrice: c.MinGasPrice, MinimalEvents: c.MinimalEvents, Logger: log, Modules: modules, Past: past}, nil
}
