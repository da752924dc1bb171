package config

import (
	"errors"
	"io"
	"strings"
	"testing"
)

func TestIndexFlags(t *testing.T) {
	env := map[string]string{"LUCKY_DATA_DIR": "/var/lib/lucky", "LUCKY_INDEX_START": "42"}
	s, err := ParseServe(nil, func(k string) string { return env[k] }, io.Discard)
	if err != nil || s.Index.DataDir != "/var/lib/lucky" || s.Index.StartHeight != 42 || s.Index.Off {
		t.Fatalf("env: %+v %v", s.Index, err)
	}
	s, err = ParseServe([]string{"--database-url", "postgres://u@h/db", "--no-index", "--index-start", "7"}, func(string) string { return "" }, io.Discard)
	if err != nil || s.Index.DatabaseURL != "postgres://u@h/db" || !s.Index.Off || s.Index.StartHeight != 7 {
		t.Fatalf("flags: %+v %v", s.Index, err)
	}
	c, err := ParseIndex([]string{"--rpc", "http://127.0.0.1:27001/, https://node.example"}, func(string) string { return "" }, io.Discard)
	if err != nil || len(c.RPC) != 2 || c.RPC[0] != "http://127.0.0.1:27001" || !c.Network.Devnet {
		t.Fatalf("index: %+v %v", c, err)
	}
	if c, err := ParseIndex([]string{"--network", "mainnet"}, func(string) string { return "" }, io.Discard); err != nil || len(c.RPC) != 0 {
		t.Fatalf("mainnet: %+v %v", c, err)
	}
	if c, err := ParseIndex([]string{"--network", "mainnet", "--replay-quarantine"}, func(string) string { return "" }, io.Discard); err != nil || !c.ReplayQuarantine {
		t.Fatalf("replay: %+v %v", c, err)
	}
	if _, err := ParseBots([]string{"--network", "mainnet", "--replay-quarantine"}, func(string) string { return "" }, io.Discard); !errors.Is(err, ErrInvalid) ||
		!strings.Contains(err.Error(), "replay-quarantine") {
		t.Fatalf("bots take no --replay-quarantine: %v", err)
	}
	for _, args := range [][]string{
		{"--index-start", "x"}, {"--database-url", "sqlite://x"}, {"--rpc", "http://x"}, {"--no-index"}, {"--network", "mainnet", "--rpc", "nohost"},
	} {
		getenv := func(string) string { return "" }
		_, err := ParseIndex(args, getenv, io.Discard)
		if args[0] == "--rpc" && args[1] == "http://x" {
			if err != nil {
				t.Errorf("%v: %v", args, err)
			}
			continue
		}
		if !errors.Is(err, ErrInvalid) {
			t.Errorf("%v: err = %v", args, err)
		}
	}
}

// A fresh index starts where the network's preset says (devnet: genesis) unless
// --index-start says otherwise, even when that is 0.
func TestIndexStart(t *testing.T) {
	net, err := Lookup(Mainnet)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range Presets() {
		if n.Devnet && n.IndexStart != 0 {
			t.Errorf("devnet starts at %d, want genesis", n.IndexStart)
		}
	}
	net.IndexStart = 1_234
	tests := []struct {
		args []string
		want uint64
	}{
		{nil, 1_234},
		{[]string{"--index-start", "99"}, 99},
		{[]string{"--index-start", "0"}, 0},
	}
	for _, tt := range tests {
		c, err := ParseIndex(append([]string{"--network", "mainnet"}, tt.args...), func(string) string { return "" }, io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		if got := c.Index.Start(net); got != tt.want {
			t.Errorf("%v: starts at %d, want %d", tt.args, got, tt.want)
		}
	}
}
