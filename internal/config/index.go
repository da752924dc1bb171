package config

import (
	"flag"
	"fmt"
	"io"
	"net/url"
	"strconv"
	"strings"
)

// Index is where the event index lives and what feeds it, for `lucky serve` and
// `lucky index`.
type Index struct {
	// DataDir holds the SQLite index (one file per network). "" on devnet without a state
	// file means a throwaway directory: the devnet's chain starts afresh each run, so
	// must its index.
	DataDir string
	// DatabaseURL postgres://… puts the index in PostgreSQL instead.
	DatabaseURL string
	// StartHeight is the first block ingested by a fresh index, when --index-start is
	// given (see Start).
	StartHeight uint64
	// Off (serve only): never ingest here; the endpoints read what another process
	// (`lucky index`, or the replica holding the lock) writes to the shared database.
	Off bool

	start string
}

// register adds the index flags to fs, with LUCKY_* environment fallbacks.
func (x *Index) register(fs *flag.FlagSet, getenv func(string) string, serve bool) {
	fs.StringVar(&x.DataDir, "data-dir", getenv("LUCKY_DATA_DIR"), "directory of the SQLite event index (env LUCKY_DATA_DIR; default ./lucky-data, or a temporary one on devnet without --state)")
	fs.StringVar(&x.DatabaseURL, "database-url", getenv("LUCKY_DATABASE_URL"), "PostgreSQL URL postgres://… for the event index instead of SQLite (env LUCKY_DATABASE_URL)")
	fs.StringVar(&x.start, "index-start", getenv("LUCKY_INDEX_START"), "first block height a fresh index ingests (env LUCKY_INDEX_START; default: the network's, where the app's contracts begin)")
	if serve {
		fs.BoolVar(&x.Off, "no-index", false, "do not ingest in this process: the history endpoints read the database another process fills")
	}
}

// Start is the first block a fresh index ingests on net: --index-start when given, else
// the network's preset.
func (x Index) Start(net Network) uint64 {
	if x.start != "" || x.StartHeight != 0 {
		return x.StartHeight
	}
	return net.IndexStart
}

// StartGiven reports whether --index-start (or its environment variable) named the start.
func (x Index) StartGiven() bool { return x.start != "" || x.StartHeight != 0 }

func (x *Index) validate() error {
	if x.start != "" {
		h, err := strconv.ParseUint(x.start, 10, 64)
		if err != nil {
			return fmt.Errorf("%w: --index-start %q: want a block height", ErrInvalid, x.start)
		}
		x.StartHeight = h
	}
	if x.DatabaseURL != "" {
		u, err := url.Parse(x.DatabaseURL)
		if err != nil || (u.Scheme != "postgres" && u.Scheme != "postgresql") {
			return fmt.Errorf("%w: --database-url must be a postgres:// URL", ErrInvalid)
		}
	}
	return nil
}

// IndexCmd is the configuration of `lucky index` (the indexer alone).
type IndexCmd struct {
	Network Network
	// RPC overrides the preset's node URLs (required on devnet: the address of a running
	// `lucky devnet`).
	RPC   []string
	Index Index
	// ReplayQuarantine reads the quarantined events again with this binary's decoders,
	// puts those it reads into the index and exits (lucky index only).
	ReplayQuarantine bool
}

// ParseIndex reads `lucky index [--network] [--rpc URL] [--data-dir] [--database-url]
// [--index-start] [--replay-quarantine]`.
func ParseIndex(args []string, getenv func(string) string, stderr io.Writer) (IndexCmd, error) {
	fs := flag.NewFlagSet("index", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var c IndexCmd
	network, rpc := c.register(fs, getenv)
	fs.BoolVar(&c.ReplayQuarantine, "replay-quarantine", false, "re-derive the events the index quarantined (it could not decode them) "+
		"with this binary's decoders, then exit")
	if _, err := parse(fs, args); err != nil {
		return IndexCmd{}, err
	}
	if err := c.finish(*network, *rpc); err != nil {
		return IndexCmd{}, err
	}
	return c, nil
}

// register adds the flags of a process that runs the indexer (`lucky index`, `lucky bots`).
func (c *IndexCmd) register(fs *flag.FlagSet, getenv func(string) string) (network, rpc *string) {
	network = fs.String("network", envOr(getenv, "LUCKY_NETWORK", Devnet), "network: devnet, testnet or mainnet (env LUCKY_NETWORK)")
	rpc = fs.String("rpc", getenv("LUCKY_RPC"), "node URL(s), comma-separated, instead of the network's (env LUCKY_RPC; required on devnet: a running `lucky devnet`)")
	c.Index.register(fs, getenv, false)
	return network, rpc
}

func (c *IndexCmd) finish(network, rpc string) error {
	n, err := Lookup(network)
	if err != nil {
		return err
	}
	c.Network = n
	if err := c.Index.validate(); err != nil {
		return err
	}
	if c.RPC, err = parseRPC(rpc); err != nil {
		return err
	}
	if n.Devnet && len(c.RPC) == 0 {
		return fmt.Errorf("%w: on devnet, --rpc must name a running `lucky devnet` (e.g. http://127.0.0.1:27001)", ErrInvalid)
	}
	return nil
}

// parseRPC reads --rpc: node URLs, comma-separated (none when empty).
func parseRPC(rpc string) ([]string, error) {
	if rpc == "" {
		return nil, nil
	}
	var out []string
	for _, s := range strings.Split(rpc, ",") {
		u, err := url.Parse(strings.TrimSpace(s))
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return nil, fmt.Errorf("%w: --rpc %q: want http(s)://host", ErrInvalid, s)
		}
		out = append(out, strings.TrimRight(u.String(), "/"))
	}
	return out, nil
}
