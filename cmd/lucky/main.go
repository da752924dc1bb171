// Command lucky is the LuckyCoin app in one binary: `lucky serve` serves the React app,
// the JSON API and, on the default devnet network, an emulated Supra node; `lucky devnet`
// runs the node alone; `lucky index` runs the event indexer alone; `lucky bots` runs the
// Telegram bots; `lucky simulate` has simulated traders, players and burners act on a
// devnet for a while, then checks it; `lucky doctor` checks a node against what the app
// expects of it; `lucky version` prints the build.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"

	"github.com/luckycoin/lucky/internal/config"
)

// errUsage marks a command-line mistake; it exits with code 2.
var errUsage = errors.New("usage")

// version is set at build time with -ldflags "-X main.version=…".
var version = "dev"

const usageText = `lucky: the LuckyCoin app

Usage:
  lucky [serve] [--addr 127.0.0.1:8080] [--network devnet|testnet|mainnet]
                [--data-dir DIR | --database-url postgres://…] [--no-index]
                [--telegram-token-file FILE] [--simulate[=RATE]]
  lucky index   [--network …] [--rpc URL] [--data-dir DIR | --database-url postgres://…]
  lucky bots    --telegram-token-file FILE [the index flags] [--telegram-webhook-url URL]
  lucky devnet  [--addr …] [--block-time 0s] [--state FILE] [--seed S]
  lucky doctor  [--network …] [--rpc URL]
  lucky simulate --rpc URL [--rate 5] [--duration 1m] [--accounts 20] [--seed S] [--api URL]
  lucky version

Run 'lucky <command> --help' for the flags of a command.
`

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Getenv, os.Stdout, os.Stderr)
	stop()
	os.Exit(exitCode(err, os.Stderr))
}

// usage marks a configuration error as a command-line mistake (exit code 2).
func usage(err error) error {
	if errors.Is(err, config.ErrInvalid) {
		return fmt.Errorf("%w: %v", errUsage, err)
	}
	return err
}

func exitCode(err error, stderr io.Writer) int {
	switch {
	case err == nil:
		return 0
	case errors.Is(err, errUsage):
		fmt.Fprintln(stderr, "lucky:", err)
		return 2
	default:
		fmt.Fprintln(stderr, "lucky:", err)
		return 1
	}
}

func run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	cmd := "serve"
	if len(args) > 0 && (args[0] == "" || args[0][0] != '-') {
		cmd, args = args[0], args[1:]
	}
	switch cmd {
	case "serve":
		return runServe(ctx, args, getenv, stdout, stderr)
	case "index":
		return runIndex(ctx, args, getenv, stdout, stderr)
	case "bots":
		return runBots(ctx, args, getenv, stdout, stderr)
	case "devnet":
		return runDevnet(ctx, args, getenv, stdout, stderr)
	case "simulate":
		return runSimulate(ctx, args, getenv, stdout, stderr)
	case "doctor":
		return runDoctor(ctx, args, getenv, stdout, stderr)
	case "version":
		fmt.Fprintln(stdout, "lucky", buildVersion())
		return nil
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usageText)
		return nil
	default:
		fmt.Fprint(stderr, usageText)
		return fmt.Errorf("%w: unknown command %q", errUsage, cmd)
	}
}

func buildVersion() string {
	v := version
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, s := range info.Settings {
			if s.Key == "vcs.revision" && len(s.Value) >= 12 {
				v += " (" + s.Value[:12] + ")"
			}
		}
	}
	return v
}
