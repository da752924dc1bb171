package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
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
		{"bots"},                                // devnet needs --rpc
		{"bots", "--rpc", "http://127.0.0.1:1"}, // no token file
		{"bots", "--rpc", "http://127.0.0.1:1", "--telegram-token-file", "t", "--telegram-webhook-url", "http://x/hook"},
		{"serve", "--suprabot-username", "not a name"},
		{"serve", "--telegram-api", "ftp://x"},
		{"serve", "--telegram-token-file", "/nonexistent/tokens"},
		{"serve", "--rpc", "ftp://x"},
		{"serve", "--rpc", "http://127.0.0.1:1,"},
		// A devnet bound beyond loopback needs --allow-remote-devnet.
		{"serve", "--addr", "0.0.0.0:8080"},
		{"serve", "--addr", ":8080"},
		{"devnet", "--addr", "0.0.0.0:27001"},
		{"devnet", "--addr", "[::]:27001"},
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
	var out bytes.Buffer
	base, res, stop := startServe(t, &out, io.Discard, "/healthz")
	res.Body.Close()
	for _, path := range []string{"/rpc/v1/transactions/chain_id", "/devnet/wallet.js", "/api/v1/config", "/"} {
		res, err := http.Get(base + path)
		if err != nil || res.StatusCode != 200 {
			t.Fatalf("%s: %v %v", path, err, res)
		}
		res.Body.Close()
	}
	stop()
	// The banner lists each dev account with what it holds, the contracts' tokens included.
	for _, want := range []string{"Available Accounts", "1000000 LUCKY", "10000 MINE", "Private Keys"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("banner lacks %q:\n%s", want, out.String())
		}
	}
}

// TestServeDevnetFlags: `lucky serve` passes the node's own flags to the in-process devnet.
func TestServeDevnetFlags(t *testing.T) {
	_, res, _ := startServe(t, io.Discard, io.Discard, "/rpc/v1/transactions/estimate_gas_price", "--min-gas-price", "150", "--block-time", "1h")
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

// TestServeSeededPast: with --history the devnet starts on a seeded past that ends on the
// chain's clock at --history-end, which the banner shows, or by default when it starts (the
// chain's clock is then the wall clock); the seeder pays the node's gas price.
func TestServeSeededPast(t *testing.T) {
	var out bytes.Buffer
	base, res, stop := startServe(t, &out, io.Discard, "/devnet/info", "--history", "2h", "--min-gas-price", "150",
		"--history-end", "2026-01-01T00:00:00Z")
	defer res.Body.Close()
	var info struct {
		Height      uint64 `json:"height"`
		TimestampUS int64  `json:"timestamp_us"`
	}
	if err := json.NewDecoder(res.Body).Decode(&info); err != nil {
		t.Fatal(err)
	}
	end := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	if at := time.UnixMicro(info.TimestampUS); info.Height < 100 || at.Before(end) || at.After(end.Add(time.Minute)) {
		t.Fatalf("devnet at height %d, time %s; want a seeded past ending at %s", info.Height, at, end)
	}
	r, err := http.Get(base + "/rpc/v1/transactions/chain_id")
	if err != nil {
		t.Fatal(err)
	}
	r.Body.Close()
	stop()
	if !strings.Contains(out.String(), "Chain clock: 2026-01-01T00:00:00Z") {
		t.Errorf("banner lacks the chain clock:\n%s", out.String())
	}
	_, res, stop = startServe(t, io.Discard, io.Discard, "/devnet/info", "--history", "1h")
	defer res.Body.Close()
	if err := json.NewDecoder(res.Body).Decode(&info); err != nil {
		t.Fatal(err)
	}
	stop()
	if at := time.UnixMicro(info.TimestampUS); info.Height < 20 || time.Since(at).Abs() > time.Minute {
		t.Fatalf("devnet at height %d, time %s; want a seeded past ending now", info.Height, at)
	}
	for _, args := range [][]string{{"--history", "-1h"}, {"--history", "1000h"}, {"--history-end", "yesterday"}} {
		if err := run(context.Background(), append([]string{"serve", "--addr", "127.0.0.1:0"}, args...), noEnv, io.Discard, io.Discard); !errors.Is(err, errUsage) {
			t.Errorf("%v: %v, want a usage error", args, err)
		}
	}
}

// With a token file, lucky serve runs the bots (here against a fake Bot API) and the
// config tells the /bots page their usernames; a bot without a token is off.
func TestServeRunsBots(t *testing.T) {
	var mu sync.Mutex
	calls := map[string]int{}
	fake := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		method := r.URL.Path[strings.LastIndex(r.URL.Path, "/")+1:]
		mu.Lock()
		calls[method]++
		mu.Unlock()
		switch method {
		case "getMe":
			fmt.Fprint(w, `{"ok":true,"result":{"id":1,"is_bot":true,"first_name":"L","username":"lucky_supra_bot"}}`)
		case "getUpdates":
			time.Sleep(50 * time.Millisecond)
			fmt.Fprint(w, `{"ok":true,"result":[]}`)
		default:
			fmt.Fprint(w, `{"ok":false,"error_code":404,"description":"Not Found"}`)
		}
	}))
	defer fake.Close()
	tokens := filepath.Join(t.TempDir(), "tokens")
	if err := os.WriteFile(tokens, []byte("# BotFather tokens\nsuprabot=123456:ABC-def\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	_, res, stop := startServe(t, io.Discard, io.Discard, "/api/v1/config", "--telegram-token-file", tokens, "--telegram-api", fake.URL)
	var body struct {
		Bots map[string]botStatusJSON `json:"bots"`
	}
	json.NewDecoder(res.Body).Decode(&body)
	res.Body.Close()
	if s := body.Bots["suprabot"]; s.Status != "running" || s.Username == nil || *s.Username != "lucky_supra_bot" {
		t.Fatalf("suprabot %+v", s)
	}
	if s := body.Bots["burnbot"]; s.Status != "off" || s.Username != nil {
		t.Fatalf("burnbot %+v", s)
	}
	time.Sleep(200 * time.Millisecond)
	stop()
	mu.Lock()
	defer mu.Unlock()
	if calls["getMe"] != 1 || calls["getUpdates"] == 0 {
		t.Fatalf("Bot API calls %v", calls)
	}
}

// startServe runs `lucky serve` on a free port with args until the test ends (or stop is
// called), its output in stdout and its log in stderr, and waits until path answers; it
// returns the base URL and the first answer. The devnet starts on an empty chain unless
// args give a --history.
func startServe(t *testing.T, stdout, stderr io.Writer, path string, args ...string) (base string, first *http.Response, stop func()) {
	t.Helper()
	return startServeEnv(t, noEnv, stdout, stderr, path, args...)
}

// startServeEnv is startServe with an environment.
func startServeEnv(t *testing.T, getenv func(string) string, stdout, stderr io.Writer, path string, args ...string) (base string, first *http.Response, stop func()) {
	t.Helper()
	addr := freeAddr(t)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, append([]string{"serve", "--addr", addr, "--history", "0"}, args...), getenv, stdout, stderr)
	}()
	var stopped bool
	stop = func() {
		t.Helper()
		if stopped {
			return
		}
		stopped = true
		cancel()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("serve returned %v", err)
			}
		case <-time.After(15 * time.Second):
			t.Error("serve did not shut down")
		}
	}
	t.Cleanup(stop)
	base = "http://" + addr
	var err error
	for i := 0; i < 400; i++ {
		if first, err = http.Get(base + path); err == nil {
			return base, first, stop
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatal(err)
	return "", nil, nil
}

// A devnet opened to the network with --allow-remote-devnet warns at start, answers the
// machine's IP addresses, and still refuses a DNS-rebinding name.
func TestServeAllowRemoteDevnet(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	var stderr syncBuffer
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"serve", "--addr", fmt.Sprintf("0.0.0.0:%d", port), "--allow-remote-devnet", "--history", "0"}, noEnv, io.Discard, &stderr)
	}()
	defer func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("serve: %v", err)
		}
	}()
	base := fmt.Sprintf("http://127.0.0.1:%d", port)
	for i := 0; i < 100; i++ {
		if res, err := http.Get(base + "/healthz"); err == nil {
			res.Body.Close()
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if !strings.Contains(stderr.String(), "devnet reachable from the network") {
		t.Errorf("no warning at start:\n%s", stderr.String())
	}
	for host, want := range map[string]int{"192.0.2.7:8080": 200, "rebind.attacker.example": 403} {
		req, _ := http.NewRequest("GET", base+"/devnet/accounts", nil)
		req.Host = host
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != want {
			t.Errorf("Host %s: %d, want %d", host, res.StatusCode, want)
		}
	}
}
