package config

import (
	"flag"
	"fmt"
	"io"
	"strconv"
	"time"

	"github.com/luckycoin/lucky/internal/devguard"
)

// DevnetNode are the emulated node's settings, the same flags for `lucky devnet` and
// `lucky serve` on devnet (parsed here, once). Zero values mean the node's defaults.
type DevnetNode struct {
	// StatePath: loaded at start if present, saved at exit ("" keeps state in memory).
	StatePath string
	// Seed of the dev accounts and the slot randomness ("" is the devnet's).
	Seed string
	// BlockTime seals a block every interval; 0 seals one block per transaction.
	BlockTime time.Duration
	// MinGasPrice is the minimum gas unit price (0: the node's, 100); the node answers
	// estimate_gas_price with it and refuses a lower price. Mainnet's is 100,000.
	MinGasPrice uint64
	// MinimalEvents has the contracts emit only the event fields the product documents or
	// the published sources name (a PlayEvent without player, token_type, bet_per_spin).
	MinimalEvents bool
	// AllowRemote lets the devnet listen on a non-loopback address, which hands its dev
	// accounts' keys, balances and reset to anyone on the network.
	AllowRemote bool
	// History is how much seeded past a fresh chain starts with (0: none, an empty chain).
	History time.Duration
	// HistoryEnd is when that past ends on the chain's clock; zero: when the devnet starts,
	// so the chain's clock is the wall clock. The same seed and end write the same chain.
	HistoryEnd time.Time

	// envErr is a LUCKY_DEVNET_HISTORY that is not a duration, reported by validate
	// unless --history overrides it; minimalErr a LUCKY_DEVNET_MINIMAL_EVENTS that is not
	// a boolean, unless --minimal-events does.
	envErr, minimalErr error
	// minGasEnvErr is a LUCKY_DEVNET_MIN_GAS_PRICE that is not a positive number, reported
	// by validate unless --min-gas-price overrides it.
	minGasEnvErr error
}

// DefaultHistory is the seeded past of a fresh devnet chain unless --history says
// otherwise: a week, the longest window the app shows.
const DefaultHistory = 7 * 24 * time.Hour

// register adds the node's flags to fs, with LUCKY_DEVNET_* environment fallbacks.
func (d *DevnetNode) register(fs *flag.FlagSet, getenv func(string) string) {
	fs.StringVar(&d.StatePath, "state", getenv("LUCKY_DEVNET_STATE"), "devnet: state file to load at start and save at exit (env LUCKY_DEVNET_STATE)")
	fs.StringVar(&d.Seed, "seed", getenv("LUCKY_DEVNET_SEED"), "devnet: seed of the dev accounts and slot randomness (default: the devnet's; env LUCKY_DEVNET_SEED)")
	fs.DurationVar(&d.BlockTime, "block-time", 0, "devnet: seal a block every interval (0: one block per transaction)")
	minGas := uint64(0)
	if v := getenv("LUCKY_DEVNET_MIN_GAS_PRICE"); v != "" {
		n, err := strconv.ParseUint(v, 10, 64)
		if err != nil || n == 0 {
			d.minGasEnvErr = fmt.Errorf("%w: LUCKY_DEVNET_MIN_GAS_PRICE %q must be a positive whole number", ErrInvalid, v)
		}
		minGas = n
	}
	fs.Uint64Var(&d.MinGasPrice, "min-gas-price", minGas, "devnet: minimum gas unit price, answered by estimate_gas_price; a lower price is refused "+
		"(default: the node's, 100; mainnet's is 100000; env LUCKY_DEVNET_MIN_GAS_PRICE)")
	minimal, err := strconv.ParseBool(envOr(getenv, "LUCKY_DEVNET_MINIMAL_EVENTS", "false"))
	if err != nil {
		d.minimalErr = fmt.Errorf("%w: LUCKY_DEVNET_MINIMAL_EVENTS %q: want 1 or 0", ErrInvalid, getenv("LUCKY_DEVNET_MINIMAL_EVENTS"))
	}
	fs.BoolVar(&d.MinimalEvents, "minimal-events", minimal, "devnet: events carry only the fields the product documents or published sources name "+
		"(PlayEvent: spin_results, total_prize, number_of_spins); the app derives the rest from the transaction (env LUCKY_DEVNET_MINIMAL_EVENTS=1)")
	history := DefaultHistory
	if v := getenv("LUCKY_DEVNET_HISTORY"); v != "" {
		var err error
		if history, err = time.ParseDuration(v); err != nil {
			d.envErr = fmt.Errorf("%w: LUCKY_DEVNET_HISTORY %q: %v", ErrInvalid, v, err)
			history = DefaultHistory
		}
	}
	fs.DurationVar(&d.History, "history", history, "devnet: seeded past a fresh chain starts with: traders, slot players, burners, stakers, miners "+
		"(0: an empty chain; ignored when --state loads a chain; env LUCKY_DEVNET_HISTORY)")
	fs.Func("history-end", "devnet: when the seeded past ends, RFC 3339 (default: when the devnet starts; with the same --seed, the same end writes the same chain byte for byte; env LUCKY_DEVNET_HISTORY_END)",
		func(v string) error { return d.setHistoryEnd(v) })
	if v := getenv("LUCKY_DEVNET_HISTORY_END"); v != "" && d.envErr == nil {
		if err := d.setHistoryEnd(v); err != nil {
			d.envErr = fmt.Errorf("%w: LUCKY_DEVNET_HISTORY_END: %v", ErrInvalid, err)
		}
	}
	fs.BoolVar(&d.AllowRemote, "allow-remote-devnet", false, "devnet: allow a non-loopback --addr (anyone who can reach it can read the dev keys, move their coins and reset the chain)")
}

// checkBind refuses a devnet listening beyond this machine unless --allow-remote-devnet.
func (d *DevnetNode) checkBind(addr string) error {
	if d.AllowRemote || devguard.LoopbackAddr(addr) {
		return nil
	}
	return fmt.Errorf("%w: --addr %q reaches beyond this machine: the devnet would hand its dev accounts' private keys, "+
		"balances and reset to the network. Listen on 127.0.0.1, or pass --allow-remote-devnet if that is what you want", ErrInvalid, addr)
}

func (d *DevnetNode) setHistoryEnd(v string) error {
	t, err := time.Parse(time.RFC3339, v)
	if err != nil {
		return fmt.Errorf("%q is not an RFC 3339 time such as 2026-01-01T00:00:00Z", v)
	}
	d.HistoryEnd = t.UTC()
	return nil
}

// validate checks the parsed values; set tells which flags were given.
func (d *DevnetNode) validate(set map[string]bool) error {
	if d.envErr != nil && !set["history"] && !set["history-end"] {
		return d.envErr
	}
	d.envErr = nil
	if d.minimalErr != nil && !set["minimal-events"] {
		return d.minimalErr
	}
	d.minimalErr = nil
	if d.History < 0 {
		return fmt.Errorf("%w: --history must not be negative", ErrInvalid)
	}
	if d.BlockTime < 0 {
		return fmt.Errorf("%w: --block-time must not be negative", ErrInvalid)
	}
	if d.minGasEnvErr != nil && !set["min-gas-price"] {
		return d.minGasEnvErr
	}
	d.minGasEnvErr = nil
	if set["min-gas-price"] && d.MinGasPrice == 0 {
		return fmt.Errorf("%w: --min-gas-price must be positive", ErrInvalid)
	}
	return nil
}

// DevnetCmd is the configuration of `lucky devnet` (the node alone).
type DevnetCmd struct {
	Addr    string
	Node    DevnetNode
	Verbose bool
}

// ParseDevnet reads `lucky devnet [--addr] [--block-time] [--state] [--seed] [--history]
// [--min-gas-price] [-v]`.
func ParseDevnet(args []string, getenv func(string) string, stderr io.Writer) (DevnetCmd, error) {
	fs := flag.NewFlagSet("devnet", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var d DevnetCmd
	fs.StringVar(&d.Addr, "addr", "127.0.0.1:27001", "listen address")
	fs.BoolVar(&d.Verbose, "v", false, "log every transaction")
	d.Node.register(fs, getenv)
	set, err := parse(fs, args)
	if err != nil {
		return DevnetCmd{}, err
	}
	if err := validateAddr(d.Addr); err != nil {
		return DevnetCmd{}, err
	}
	if err := d.Node.checkBind(d.Addr); err != nil {
		return DevnetCmd{}, err
	}
	if err := d.Node.validate(set); err != nil {
		return DevnetCmd{}, err
	}
	return d, nil
}

// parse runs fs over args, refusing extra arguments, and returns the flags given.
func parse(fs *flag.FlagSet, args []string) (map[string]bool, error) {
	if err := fs.Parse(args); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrInvalid, err) // flag.ErrHelp stays visible
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("%w: unexpected argument %q", ErrInvalid, fs.Arg(0))
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	return set, nil
}
