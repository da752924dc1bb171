package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"
)

// Bad simulate flags are usage errors (exit code 2) that say what is wrong.
func TestSimulateFlags(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{}, "--rpc is required"},
		{[]string{"--rpc", "ftp://x"}, "want an http(s) URL"},
		{[]string{"--rpc", "127.0.0.1:27001"}, "want an http(s) URL"},
		{[]string{"--rpc", "http://127.0.0.1:1", "--api", "nope"}, "want an http(s) URL"},
		{[]string{"--rpc", "http://127.0.0.1:1", "--rate", "0"}, "--rate 0: want more than 0"},
		{[]string{"--rpc", "http://127.0.0.1:1", "--rate", "-3"}, "--rate -3"},
		{[]string{"--rpc", "http://127.0.0.1:1", "--rate", "NaN"}, "--rate NaN"},
		{[]string{"--rpc", "http://127.0.0.1:1", "--rate", "5000"}, "at most 1000"},
		{[]string{"--rpc", "http://127.0.0.1:1", "--rate", "fast"}, "invalid value"},
		{[]string{"--rpc", "http://127.0.0.1:1", "--duration", "0s"}, "--duration 0s"},
		{[]string{"--rpc", "http://127.0.0.1:1", "--duration", "-1m"}, "--duration -1m0s"},
		{[]string{"--rpc", "http://127.0.0.1:1", "--duration", "10"}, "invalid value"},
		{[]string{"--rpc", "http://127.0.0.1:1", "--duration", "48h"}, "at most 24h"},
		{[]string{"--rpc", "http://127.0.0.1:1", "--accounts", "0"}, "--accounts 0"},
		{[]string{"--rpc", "http://127.0.0.1:1", "--accounts", "5000"}, "--accounts 5000"},
		{[]string{"--rpc", "http://127.0.0.1:1", "extra"}, "unexpected argument"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			err := run(context.Background(), append([]string{"simulate"}, tt.args...), noEnv, io.Discard, io.Discard)
			if !errors.Is(err, errUsage) {
				t.Fatalf("err = %v, want a usage error", err)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q does not say %q", err, tt.want)
			}
			var stderr bytes.Buffer
			if code := exitCode(err, &stderr); code != 2 {
				t.Errorf("exit code %d, want 2", code)
			}
		})
	}
}

// A node that is not a devnet (here: nothing listens) fails at once, exit code 1.
func TestSimulateNotADevnet(t *testing.T) {
	err := run(context.Background(), []string{"simulate", "--rpc", "http://" + freeAddr(t), "--duration", "1s"}, noEnv, io.Discard, io.Discard)
	if err == nil || errors.Is(err, errUsage) || !strings.Contains(err.Error(), "is not a devnet") {
		t.Fatalf("err = %v, want a runtime error naming the devnet", err)
	}
	if code := exitCode(err, io.Discard); code != 1 {
		t.Fatalf("exit code %d, want 1", code)
	}
}

// `lucky simulate` against `lucky devnet` (on a seeded past) for a few seconds: it sends,
// confirms, and finds every coin conserved.
func TestSimulateAgainstDevnet(t *testing.T) {
	addr := freeAddr(t)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"devnet", "--addr", addr, "--history", "1h"}, noEnv, io.Discard, io.Discard)
	}()
	defer func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("devnet: %v", err)
		}
	}()
	base := "http://" + addr
	waitFor(t, base+"/devnet/info")
	var out bytes.Buffer
	err := run(context.Background(), []string{"simulate", "--rpc", base, "--rate", "15", "--duration", "3s", "--accounts", "8"},
		noEnv, &out, io.Discard)
	if err != nil {
		t.Fatalf("simulate: %v\n%s", err, out.String())
	}
	for _, want := range []string{"confirmed", "latency submit→final", "conservation: ", ": ok", "result=ok"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
}

// With --api, the run also compares lucky serve's index with the chain once it has
// caught up: holders, burns, and LUCKY's candles recomputed from the chain's swaps.
func TestSimulateComparesIndex(t *testing.T) {
	base, res, _ := startServe(t, io.Discard, io.Discard, "/healthz", "--history", "1h")
	res.Body.Close()
	var out bytes.Buffer
	err := run(context.Background(), []string{"simulate", "--rpc", base, "--api", base, "--rate", "15", "--duration", "3s", "--accounts", "8"},
		noEnv, &out, io.Discard)
	if err != nil {
		t.Fatalf("simulate: %v\n%s", err, out.String())
	}
	for _, want := range []string{"index at block", "holders: chain", "burned: chain", "result=ok"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	m := regexp.MustCompile(`candles: 4 intervals, (\d+) buckets compared, 0 differ \(LUCKY-SUPRA, (\d+) trades\): ok`).FindStringSubmatch(out.String())
	if m == nil || m[1] == "0" || m[2] == "0" {
		t.Errorf("output lacks a passed candle check over some buckets:\n%s", out.String())
	}
	if !strings.Contains(out.String(), "last candles = spot") {
		t.Errorf("output lacks the close compared with the spot price:\n%s", out.String())
	}
}

// `lucky serve --simulate=RATE` keeps the devnet moving on its own; without the flag the
// chain stands still.
func TestServeSimulate(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		moving bool
	}{
		{"off by default", nil, false},
		{"on at 10 tx/s", []string{"--simulate=10"}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			base, res, stop := startServe(t, io.Discard, io.Discard, "/devnet/info", tt.args...)
			start := height(t, res)
			deadline := time.Now().Add(10 * time.Second)
			if !tt.moving {
				deadline = time.Now().Add(time.Second)
			}
			moved := false
			for time.Now().Before(deadline) && !moved {
				time.Sleep(100 * time.Millisecond)
				r, err := http.Get(base + "/devnet/info")
				if err != nil {
					t.Fatal(err)
				}
				moved = height(t, r) > start+20 // the faucet's payments and the agents' own
			}
			if moved != tt.moving {
				t.Errorf("chain moved: %v, want %v", moved, tt.moving)
			}
			stop()
		})
	}
	if err := run(context.Background(), []string{"serve", "--network", "mainnet", "--simulate"}, noEnv, io.Discard, io.Discard); !errors.Is(err, errUsage) {
		t.Errorf("--simulate on mainnet: %v, want a usage error", err)
	}
	if err := run(context.Background(), []string{"serve", "--simulate=-1"}, noEnv, io.Discard, io.Discard); !errors.Is(err, errUsage) {
		t.Errorf("--simulate=-1: %v, want a usage error", err)
	}
}

func height(t *testing.T, res *http.Response) uint64 {
	t.Helper()
	defer res.Body.Close()
	var info struct {
		Height uint64 `json:"height"`
	}
	if err := json.NewDecoder(res.Body).Decode(&info); err != nil {
		t.Fatal(err)
	}
	return info.Height
}

// waitFor polls url until it answers.
func waitFor(t *testing.T, url string) {
	t.Helper()
	for range 400 {
		if res, err := http.Get(url); err == nil {
			res.Body.Close()
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("%s never answered", url)
}
