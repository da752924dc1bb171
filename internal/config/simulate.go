package config

import (
	"flag"
	"fmt"
	"io"
	"net/url"
	"strconv"
	"time"
)

// Limits of the simulator's flags: a rate or a run beyond them is a typo, not a test.
const (
	MaxSimulateRate     = 1000 // transactions a second
	MaxSimulateAccounts = 1000
	MaxSimulateDuration = 24 * time.Hour
	// DefaultServeSimulateRate is `lucky serve --simulate`'s rate without a value: enough
	// for the pages to move, little enough to leave the machine to the developer.
	DefaultServeSimulateRate = 1.0
)

// Simulate is the configuration of `lucky simulate`.
type Simulate struct {
	RPC      string // the devnet's base URL
	API      string // the app's base URL whose index is compared with the chain ("": none)
	Rate     float64
	Duration time.Duration
	Accounts int
	Seed     string
	Verbose  bool
}

// ParseSimulate reads `lucky simulate --rpc URL [--rate N] [--duration D] [--accounts K]
// [--seed S] [--api URL] [-v]`.
func ParseSimulate(args []string, _ func(string) string, stderr io.Writer) (Simulate, error) {
	fs := flag.NewFlagSet("simulate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var s Simulate
	fs.StringVar(&s.RPC, "rpc", "", "the devnet's base URL, e.g. http://127.0.0.1:27001 (lucky devnet) or a lucky serve on devnet (required)")
	fs.StringVar(&s.API, "api", "", "also compare the app's index at this base URL (lucky serve) with the chain once it caught up")
	fs.Float64Var(&s.Rate, "rate", 5, fmt.Sprintf("target transactions a second (more than 0, at most %d)", MaxSimulateRate))
	fs.DurationVar(&s.Duration, "duration", time.Minute, "how long the agents act (at most 24h)")
	fs.IntVar(&s.Accounts, "accounts", 20, fmt.Sprintf("agents, each with its own account funded by the faucet (1 to %d)", MaxSimulateAccounts))
	fs.StringVar(&s.Seed, "seed", "lucky-simulate", "seed of the agents' keys, roles and choices")
	fs.BoolVar(&s.Verbose, "v", false, "log every transaction")
	if _, err := parse(fs, args); err != nil {
		return Simulate{}, err
	}
	if s.RPC == "" {
		return Simulate{}, fmt.Errorf("%w: --rpc is required: the devnet to simulate on", ErrInvalid)
	}
	for name, v := range map[string]string{"--rpc": s.RPC, "--api": s.API} {
		if err := checkHTTPURL(name, v); err != nil {
			return Simulate{}, err
		}
	}
	if err := checkRate("--rate", s.Rate); err != nil {
		return Simulate{}, err
	}
	if s.Duration <= 0 || s.Duration > MaxSimulateDuration {
		return Simulate{}, fmt.Errorf("%w: --duration %s: want more than 0 and at most %s", ErrInvalid, s.Duration, MaxSimulateDuration)
	}
	if s.Accounts < 1 || s.Accounts > MaxSimulateAccounts {
		return Simulate{}, fmt.Errorf("%w: --accounts %d: want 1 to %d", ErrInvalid, s.Accounts, MaxSimulateAccounts)
	}
	return s, nil
}

func checkHTTPURL(name, v string) error {
	if v == "" {
		return nil
	}
	u, err := url.ParseRequestURI(v)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fmt.Errorf("%w: %s %q: want an http(s) URL", ErrInvalid, name, v)
	}
	return nil
}

func checkRate(name string, v float64) error {
	if !(v > 0 && v <= MaxSimulateRate) { // NaN too
		return fmt.Errorf("%w: %s %v: want more than 0 and at most %d transactions a second", ErrInvalid, name, v, MaxSimulateRate)
	}
	return nil
}

// SimulateRate is `lucky serve --simulate[=RATE]`: off (0) unless given; given alone, the
// default rate. It is a boolean flag that also takes a number, so `--simulate` reads as
// on and `--simulate=3` as three transactions a second.
type SimulateRate float64

// String is the flag's value as text.
func (r *SimulateRate) String() string {
	if r == nil || *r == 0 {
		return "off"
	}
	return strconv.FormatFloat(float64(*r), 'g', -1, 64)
}

// IsBoolFlag lets the flag stand alone.
func (r *SimulateRate) IsBoolFlag() bool { return true }

// Set reads "true" (given alone), "false" or a rate ("0" and "1" read as false and true).
func (r *SimulateRate) Set(v string) error {
	if b, err := strconv.ParseBool(v); err == nil {
		*r = 0
		if b {
			*r = DefaultServeSimulateRate
		}
		return nil
	}
	f, err := strconv.ParseFloat(v, 64)
	if err != nil {
		return fmt.Errorf("want on, off or transactions a second, e.g. --simulate=2")
	}
	if err := checkRate("--simulate", f); err != nil {
		return err
	}
	*r = SimulateRate(f)
	return nil
}

var _ flag.Value = (*SimulateRate)(nil)
