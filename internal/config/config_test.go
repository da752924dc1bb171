package config

import (
	"errors"
	"io"
	"testing"
)

func TestParseServe(t *testing.T) {
	tests := []struct {
		name        string
		args        []string
		env         map[string]string
		wantAddr    string
		wantNetwork string
		wantChain   uint8
		wantErr     bool
	}{
		{name: "defaults", wantAddr: "127.0.0.1:8080", wantNetwork: "devnet", wantChain: 255},
		{name: "flags", args: []string{"--addr", "127.0.0.1:9000", "--network", "mainnet"}, wantAddr: "127.0.0.1:9000", wantNetwork: "mainnet", wantChain: 8},
		{name: "env", env: map[string]string{"LUCKY_ADDR": ":7000", "LUCKY_NETWORK": "testnet"}, wantAddr: ":7000", wantNetwork: "testnet", wantChain: 6},
		{name: "flag beats env", args: []string{"--network", "devnet"}, env: map[string]string{"LUCKY_NETWORK": "mainnet"}, wantAddr: "127.0.0.1:8080", wantNetwork: "devnet", wantChain: 255},
		{name: "unknown network", args: []string{"--network", "moonnet"}, wantErr: true},
		{name: "unknown network from env", env: map[string]string{"LUCKY_NETWORK": "x"}, wantErr: true},
		{name: "bad addr", args: []string{"--addr", "nope"}, wantErr: true},
		{name: "bad port", args: []string{"--addr", "127.0.0.1:99999"}, wantErr: true},
		{name: "bad host", args: []string{"--addr", "example.com:80"}, wantErr: true},
		{name: "unknown flag", args: []string{"--colour", "red"}, wantErr: true},
		{name: "stray argument", args: []string{"extra"}, wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			getenv := func(k string) string { return tt.env[k] }
			got, err := ParseServe(tt.args, getenv, io.Discard)
			if tt.wantErr {
				if !errors.Is(err, ErrInvalid) {
					t.Fatalf("err = %v, want ErrInvalid", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got.Addr != tt.wantAddr || got.Network.Name != tt.wantNetwork || got.Network.ChainID != tt.wantChain {
				t.Fatalf("got %s %s %d", got.Addr, got.Network.Name, got.Network.ChainID)
			}
		})
	}
}

func TestPresets(t *testing.T) {
	for _, n := range Presets() {
		if len(n.RPC) == 0 {
			t.Errorf("%s: no RPC URL", n.Name)
		}
		if n.Modules.Slots == "" || n.Modules.DexPackage == "" || n.Modules.NativeCoin == "" {
			t.Errorf("%s: module addresses missing", n.Name)
		}
		if (n.Modules.Staking != "") != n.Devnet {
			t.Errorf("%s: staking pool must be devnet-only", n.Name)
		}
	}
	mainnet, _ := Lookup(Mainnet)
	if len(mainnet.RPC) < 2 {
		t.Error("mainnet needs a backup RPC URL")
	}
	if got := mainnet.KnownChainIDs(); len(got) != 2 {
		t.Errorf("mainnet known ids = %v", got)
	}
	devnet, _ := Lookup(Devnet)
	if got := devnet.KnownChainIDs(); len(got) != 3 || got[2] != 255 {
		t.Errorf("devnet known ids = %v", got)
	}
}
