package config

import (
	"errors"
	"flag"
	"io"
	"strings"
	"testing"
	"time"
)

// TestDevnetNodeFlags: `lucky serve` and `lucky devnet` read the node's flags the same way.
func TestDevnetNodeFlags(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		env     map[string]string
		want    DevnetNode
		wantErr bool
	}{
		{name: "defaults", want: DevnetNode{History: DefaultHistory}},
		{name: "all flags", args: []string{"--block-time", "2s", "--min-gas-price", "150", "--state", "/tmp/s.json", "--seed", "abc", "--history", "24h"},
			want: DevnetNode{StatePath: "/tmp/s.json", Seed: "abc", BlockTime: 2 * time.Second, MinGasPrice: 150, History: 24 * time.Hour}},
		{name: "env", env: map[string]string{"LUCKY_DEVNET_STATE": "st", "LUCKY_DEVNET_SEED": "sd", "LUCKY_DEVNET_HISTORY": "0"},
			want: DevnetNode{StatePath: "st", Seed: "sd"}},
		{name: "flag beats env", args: []string{"--state", "flag", "--history", "1h"}, env: map[string]string{"LUCKY_DEVNET_STATE": "env", "LUCKY_DEVNET_HISTORY": "2h"},
			want: DevnetNode{StatePath: "flag", History: time.Hour}},
		{name: "no history", args: []string{"--history", "0"}, want: DevnetNode{}},
		{name: "flag beats a bad env history", args: []string{"--history", "0"}, env: map[string]string{"LUCKY_DEVNET_HISTORY": "a week"}, want: DevnetNode{}},
		{name: "bad env history", env: map[string]string{"LUCKY_DEVNET_HISTORY": "a week"}, wantErr: true},
		{name: "minimal events", args: []string{"--minimal-events"}, want: DevnetNode{History: DefaultHistory, MinimalEvents: true}},
		{name: "minimal events from env", env: map[string]string{"LUCKY_DEVNET_MINIMAL_EVENTS": "1"}, want: DevnetNode{History: DefaultHistory, MinimalEvents: true}},
		{name: "flag beats env minimal events", args: []string{"--minimal-events=false"}, env: map[string]string{"LUCKY_DEVNET_MINIMAL_EVENTS": "1"},
			want: DevnetNode{History: DefaultHistory}},
		{name: "bad env minimal events", env: map[string]string{"LUCKY_DEVNET_MINIMAL_EVENTS": "sure"}, wantErr: true},
		{name: "flag beats a bad env minimal events", args: []string{"--minimal-events"}, env: map[string]string{"LUCKY_DEVNET_MINIMAL_EVENTS": "sure"},
			want: DevnetNode{History: DefaultHistory, MinimalEvents: true}},
		{name: "negative history", args: []string{"--history", "-1h"}, wantErr: true},
		{name: "negative block time", args: []string{"--block-time", "-1s"}, wantErr: true},
		{name: "zero min gas price", args: []string{"--min-gas-price", "0"}, wantErr: true},
		{name: "env min gas price", env: map[string]string{"LUCKY_DEVNET_MIN_GAS_PRICE": "100000", "LUCKY_DEVNET_HISTORY": "0"}, want: DevnetNode{MinGasPrice: 100_000}},
		{name: "flag beats env min gas price", args: []string{"--min-gas-price", "150", "--history", "0"}, env: map[string]string{"LUCKY_DEVNET_MIN_GAS_PRICE": "100000"},
			want: DevnetNode{MinGasPrice: 150}},
		{name: "flag beats a bad env min gas price", args: []string{"--min-gas-price", "150", "--history", "0"}, env: map[string]string{"LUCKY_DEVNET_MIN_GAS_PRICE": "lots"},
			want: DevnetNode{MinGasPrice: 150}},
		{name: "bad env min gas price", env: map[string]string{"LUCKY_DEVNET_MIN_GAS_PRICE": "lots"}, wantErr: true},
		{name: "zero env min gas price", env: map[string]string{"LUCKY_DEVNET_MIN_GAS_PRICE": "0"}, wantErr: true},
		{name: "bad duration", args: []string{"--block-time", "soon"}, wantErr: true},
	}
	for _, tt := range tests {
		getenv := func(k string) string { return tt.env[k] }
		t.Run("serve/"+tt.name, func(t *testing.T) {
			got, err := ParseServe(tt.args, getenv, io.Discard)
			if tt.wantErr {
				if !errors.Is(err, ErrInvalid) {
					t.Fatalf("err = %v, want ErrInvalid", err)
				}
				return
			}
			if err != nil || got.Devnet != tt.want {
				t.Fatalf("got %+v %v, want %+v", got.Devnet, err, tt.want)
			}
		})
		t.Run("devnet/"+tt.name, func(t *testing.T) {
			got, err := ParseDevnet(append([]string{"-v", "--addr", "127.0.0.1:1"}, tt.args...), getenv, io.Discard)
			if tt.wantErr {
				if !errors.Is(err, ErrInvalid) {
					t.Fatalf("err = %v, want ErrInvalid", err)
				}
				return
			}
			if err != nil || got.Node != tt.want || !got.Verbose || got.Addr != "127.0.0.1:1" {
				t.Fatalf("got %+v %v, want %+v", got, err, tt.want)
			}
		})
	}
	if _, err := ParseDevnet([]string{"-h"}, func(string) string { return "" }, io.Discard); !errors.Is(err, flag.ErrHelp) {
		t.Fatalf("-h: %v", err)
	}
	if _, err := ParseDevnet([]string{"extra"}, func(string) string { return "" }, io.Discard); !errors.Is(err, ErrInvalid) {
		t.Fatalf("stray argument: %v", err)
	}
}

// A devnet listening beyond loopback hands its keys to the network: refused unless
// --allow-remote-devnet; other networks bind where they are told.
func TestDevnetBindNeedsAllowRemote(t *testing.T) {
	noEnv := func(string) string { return "" }
	tests := []struct {
		args []string
		ok   bool
	}{
		{[]string{"--addr", "127.0.0.1:8080"}, true},
		{[]string{"--addr", "127.0.0.2:8080"}, true},
		{[]string{"--addr", "[::1]:8080"}, true},
		{[]string{"--addr", "localhost:8080"}, true},
		{[]string{"--addr", "0.0.0.0:8080"}, false},
		{[]string{"--addr", ":8080"}, false},
		{[]string{"--addr", "192.168.1.5:8080"}, false},
		{[]string{"--addr", "0.0.0.0:8080", "--allow-remote-devnet"}, true},
		{[]string{"--addr", "0.0.0.0:8080", "--network", "mainnet"}, true},
	}
	for _, tt := range tests {
		_, err := ParseServe(tt.args, noEnv, io.Discard)
		if (err == nil) != tt.ok {
			t.Errorf("serve %v: %v", tt.args, err)
		}
		if err != nil && (!errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), "--allow-remote-devnet")) {
			t.Errorf("serve %v: %v, want a usage error naming --allow-remote-devnet", tt.args, err)
		}
	}
	if _, err := ParseDevnet([]string{"--addr", "0.0.0.0:27001"}, noEnv, io.Discard); !errors.Is(err, ErrInvalid) {
		t.Errorf("devnet on 0.0.0.0: %v", err)
	}
	if d, err := ParseDevnet([]string{"--addr", "0.0.0.0:27001", "--allow-remote-devnet"}, noEnv, io.Discard); err != nil || !d.Node.AllowRemote {
		t.Errorf("devnet allowed remote: %+v %v", d, err)
	}
}
