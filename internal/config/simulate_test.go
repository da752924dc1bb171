package config

import (
	"errors"
	"io"
	"testing"
	"time"
)

// `lucky serve --simulate` stands alone or takes a rate; it is off unless given.
func TestServeSimulateFlag(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		want    SimulateRate
		wantErr bool
	}{
		{name: "off by default", want: 0},
		{name: "alone", args: []string{"--simulate"}, want: DefaultServeSimulateRate},
		{name: "a rate", args: []string{"--simulate=2.5"}, want: 2.5},
		{name: "explicitly off", args: []string{"--simulate=false"}, want: 0},
		{name: "zero is off", args: []string{"--simulate=0"}, want: 0},
		{name: "negative", args: []string{"--simulate=-1"}, wantErr: true},
		{name: "too fast", args: []string{"--simulate=1e6"}, wantErr: true},
		{name: "not a number", args: []string{"--simulate=lots"}, wantErr: true},
		{name: "not on mainnet", args: []string{"--network", "mainnet", "--simulate"}, wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseServe(tt.args, func(string) string { return "" }, io.Discard)
			if tt.wantErr {
				if !errors.Is(err, ErrInvalid) {
					t.Fatalf("err = %v, want ErrInvalid", err)
				}
				return
			}
			if err != nil || got.Simulate != tt.want {
				t.Fatalf("Simulate = %v, %v; want %v", got.Simulate, err, tt.want)
			}
		})
	}
}

func TestParseSimulate(t *testing.T) {
	got, err := ParseSimulate([]string{"--rpc", "http://127.0.0.1:27001", "--rate", "12.5", "--duration", "90s",
		"--accounts", "7", "--seed", "s", "--api", "http://127.0.0.1:8080"}, nil, io.Discard)
	want := Simulate{RPC: "http://127.0.0.1:27001", API: "http://127.0.0.1:8080", Rate: 12.5, Duration: 90 * time.Second, Accounts: 7, Seed: "s"}
	if err != nil || got != want {
		t.Fatalf("got %+v, %v; want %+v", got, err, want)
	}
	if _, err := ParseSimulate([]string{"--rpc", "http://x", "--rate", "0"}, nil, io.Discard); !errors.Is(err, ErrInvalid) {
		t.Fatalf("rate 0: %v, want ErrInvalid", err)
	}
}
