package config

import (
	"flag"
	"fmt"
	"io"
)

// DoctorCmd is the configuration of `lucky doctor`.
type DoctorCmd struct {
	Network Network
	// RPC overrides the preset's node URLs (required on devnet: a running `lucky devnet`).
	RPC []string
}

// ParseDoctor reads `lucky doctor [--network] [--rpc URL]`.
func ParseDoctor(args []string, getenv func(string) string, stderr io.Writer) (DoctorCmd, error) {
	fs := flag.NewFlagSet("doctor", flag.ContinueOnError)
	fs.SetOutput(stderr)
	network := fs.String("network", envOr(getenv, "LUCKY_NETWORK", Devnet), "network: devnet, testnet or mainnet (env LUCKY_NETWORK)")
	rpc := fs.String("rpc", getenv("LUCKY_RPC"), "node URL(s), comma-separated, instead of the network's (env LUCKY_RPC; required on devnet: a running `lucky devnet`)")
	if _, err := parse(fs, args); err != nil {
		return DoctorCmd{}, err
	}
	n, err := Lookup(*network)
	if err != nil {
		return DoctorCmd{}, err
	}
	c := DoctorCmd{Network: n}
	if c.RPC, err = parseRPC(*rpc); err != nil {
		return DoctorCmd{}, err
	}
	if n.Devnet && len(c.RPC) == 0 {
		return DoctorCmd{}, fmt.Errorf("%w: on devnet, --rpc must name a running `lucky devnet` (e.g. http://127.0.0.1:27001)", ErrInvalid)
	}
	return c, nil
}
