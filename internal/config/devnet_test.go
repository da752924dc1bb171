package config

import (
	"errors"
	"flag"
	"io"
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
		{name: "defaults", want: DevnetNode{}},
		{name: "all flags", args: []string{"--block-time", "2s", "--min-gas-price", "150", "--state", "/tmp/s.json", "--seed", "abc"},
			want: DevnetNode{StatePath: "/tmp/s.json", Seed: "abc", BlockTime: 2 * time.Second, MinGasPrice: 150}},
		{name: "env", env: map[string]string{"LUCKY_DEVNET_STATE": "st", "LUCKY_DEVNET_SEED": "sd"}, want: DevnetNode{StatePath: "st", Seed: "sd"}},
		{name: "flag beats env", args: []string{"--state", "flag"}, env: map[string]string{"LUCKY_DEVNET_STATE": "env"}, want: DevnetNode{StatePath: "flag"}},
		{name: "negative block time", args: []string{"--block-time", "-1s"}, wantErr: true},
		{name: "zero min gas price", args: []string{"--min-gas-price", "0"}, wantErr: true},
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
