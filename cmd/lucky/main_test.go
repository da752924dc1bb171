package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/luckycoin/lucky/internal/config"
	"github.com/luckycoin/lucky/internal/devnet/contracts"
	"github.com/luckycoin/lucky/internal/supra"
)

func noEnv(string) string { return "" }

func TestBadFlagsExitTwo(t *testing.T) {
	tests := [][]string{
		{"serve", "--network", "moonnet"},
		{"--addr", "not-an-address"},
		{"serve", "--colour"},
		{"bogus"},
		{"devnet", "--block-time", "-1s"},
		{"devnet", "extra"},
		{"serve", "--database-url", "mysql://x"},
		{"serve", "--index-start", "-3"},
		{"index"}, // devnet needs --rpc
		{"index", "--network", "mainnet", "--rpc", "ftp://x"},
	}
	for _, args := range tests {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			var out, errOut bytes.Buffer
			err := run(context.Background(), args, noEnv, &out, &errOut)
			if !errors.Is(err, errUsage) {
				t.Fatalf("err = %v, want a usage error", err)
			}
			if code := exitCode(err, io.Discard); code != 2 {
				t.Fatalf("exit code %d, want 2", code)
			}
		})
	}
	if code := exitCode(errors.New("boom"), io.Discard); code != 1 {
		t.Fatalf("runtime error exit code %d, want 1", code)
	}
}

func TestVersion(t *testing.T) {
	var out bytes.Buffer
	if err := run(context.Background(), []string{"version"}, noEnv, &out, io.Discard); err != nil || !strings.HasPrefix(out.String(), "lucky ") {
		t.Fatalf("version: %q %v", out.String(), err)
	}
}

// The network preset and the devnet contracts must agree on where every contract lives,
// or the app would call modules the devnet does not have.
func TestDevnetAddressesMatchContracts(t *testing.T) {
	n, err := config.Lookup(config.Devnet)
	if err != nil {
		t.Fatal(err)
	}
	check := func(name, moduleID string, want supra.Address) {
		t.Helper()
		id, err := supra.ParseModuleID(moduleID)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if id.Address != want {
			t.Errorf("%s: config %s, contracts %s", name, id.Address, want)
		}
	}
	check("slots", n.Modules.Slots, contracts.SlotsAddress)
	check("staking", n.Modules.Staking, contracts.StakingAddress)
	check("miners", n.Modules.Miners, contracts.MinersAddress)
	if dex := supra.MustParseAddress(n.Modules.DexPackage); dex != contracts.DexlynAddress {
		t.Errorf("dex: config %s, contracts %s", dex, contracts.DexlynAddress)
	}
	if burn := supra.MustParseAddress(n.Modules.BurnAddress); burn != contracts.BurnAddress {
		t.Errorf("burn: config %s, contracts %s", burn, contracts.BurnAddress)
	}
}

// TestServeEndToEnd starts `lucky serve` on devnet, reads through the API (which reaches
// the in-process node over the in-memory transport), and shuts it down gracefully.
func TestServeEndToEnd(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()

	ctx, cancel := context.WithCancel(context.Background())
	var out bytes.Buffer
	done := make(chan error, 1)
	go func() { done <- run(ctx, []string{"serve", "--addr", addr}, noEnv, &out, io.Discard) }()

	base := "http://" + addr
	var res *http.Response
	for i := 0; i < 100; i++ {
		if res, err = http.Get(base + "/healthz"); err == nil {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	for _, path := range []string{"/rpc/v1/transactions/chain_id", "/devnet/wallet.js", "/api/v1/config", "/"} {
		res, err := http.Get(base + path)
		if err != nil || res.StatusCode != 200 {
			t.Fatalf("%s: %v %v", path, err, res)
		}
		res.Body.Close()
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("serve returned %v", err)
		}
	case <-time.After(15 * time.Second):
		t.Fatal("serve did not shut down")
	}
	// The banner lists each dev account with what it holds, the contracts' tokens included.
	for _, want := range []string{"Available Accounts", "1000000 LUCKY", "10000 MINE", "Private Keys"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("banner lacks %q:\n%s", want, out.String())
		}
	}
}

// TestServeDevnetFlags: `lucky serve` passes the node's own flags to the in-process devnet.
func TestServeDevnetFlags(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"serve", "--addr", addr, "--min-gas-price", "150", "--block-time", "1h"}, noEnv, io.Discard, io.Discard)
	}()
	defer func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("serve returned %v", err)
		}
	}()
	var res *http.Response
	for i := 0; i < 100; i++ {
		if res, err = http.Get("http://" + addr + "/rpc/v1/transactions/estimate_gas_price"); err == nil {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var g struct {
		Mean uint64 `json:"mean_gas_price"`
	}
	if err := json.NewDecoder(res.Body).Decode(&g); err != nil || g.Mean != 150 {
		t.Fatalf("gas price %+v %v, want 150", g, err)
	}
	if err := run(context.Background(), []string{"serve", "--block-time", "-1s"}, noEnv, io.Discard, io.Discard); !errors.Is(err, errUsage) {
		t.Fatalf("negative block time: %v", err)
	}
}
