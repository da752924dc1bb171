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

	"github.com/luckycoin/lucky/internal/devnet"
	"github.com/luckycoin/lucky/internal/devnet/contracts"
)

// runDevnet runs the emulated Supra node alone: `lucky devnet [--addr] [--block-time]
// [--state] [--seed] [--min-gas-price]`. It prints the dev accounts, serves /rpc/v1/ and
// /devnet/ until ctx is cancelled, then shuts down gracefully and saves --state.
func runDevnet(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("devnet", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", "127.0.0.1:27001", "listen address")
	blockTime := fs.Duration("block-time", 0, "seal a block every interval (0: one block per transaction)")
	statePath := fs.String("state", "", "state file: loaded at start if present, saved on exit")
	seed := fs.String("seed", devnet.DefaultSeed, "seed (mnemonic) the dev account keys derive from")
	minGas := fs.Uint64("min-gas-price", devnet.DefaultMinGasPrice, "minimum gas unit price")
	verbose := fs.Bool("v", false, "log every transaction")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return fmt.Errorf("%w: devnet: %v", errUsage, err)
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("%w: devnet: unexpected argument %q", errUsage, fs.Arg(0))
	}
	if *blockTime < 0 {
		return fmt.Errorf("%w: devnet: --block-time must not be negative", errUsage)
	}
	if *minGas == 0 {
		return fmt.Errorf("%w: devnet: --min-gas-price must be positive", errUsage)
	}
	level := slog.LevelInfo
	if *verbose {
		level = slog.LevelDebug
	}
	log := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: level}))
	modules, err := devnetModules()
	if err != nil {
		return err
	}
	node, err := devnet.New(devnet.Options{
		Seed:        *seed,
		BlockTime:   *blockTime,
		StatePath:   *statePath,
		MinGasPrice: *minGas,
		Logger:      log,
		Modules:     modules,
	})
	if err != nil {
		return fmt.Errorf("devnet: %w", err)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		node.Close()
		return fmt.Errorf("devnet: %w", err)
	}
	node.WriteBanner(stdout)
	fmt.Fprintf(stdout, "\nListening on http://%s (RPC /rpc/v1/, admin /devnet/)\n", ln.Addr())

	srv := &http.Server{Handler: node.Handler(), ReadHeaderTimeout: 10 * time.Second}
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
