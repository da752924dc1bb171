package api_test

import (
	"fmt"
	"log/slog"
	"net/http"
	"testing"
	"testing/fstest"

	"github.com/luckycoin/lucky/internal/api"
	"github.com/luckycoin/lucky/internal/chain"
	"github.com/luckycoin/lucky/internal/config"
	"github.com/luckycoin/lucky/internal/server"
)

func TestStakingGlobalAndNonStaker(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	g := e.mustOK("GET", "/api/v1/staking", "")
	// Genesis: no stakers, pass price 100 SUPRA, reward reserve 1,000,000 SUPRA.
	if g["live"] != true || g["decimals"] != float64(8) || g["activeUsers"] != "0" || g["totalStaked"] != "0" ||
		g["passPrice"] != "10000000000" || g["rewardReserve"] != "100000000000000" {
		t.Fatalf("global %v", g)
	}
	u := e.mustOK("GET", "/api/v1/staking/"+e.addr(1).String(), "")
	want := map[string]any{"live": true, "deposit": "0", "pendingRewards": "0", "dailyYield": "0", "stakeTime": "0",
		"lockHoursLeft": float64(24), "lockSecondsLeft": "86400", "hasTaxFreePass": false, "apyTier": "500"}
	for k, v := range want {
		if u[k] != v {
			t.Errorf("non-staker %s = %v, want %v", k, u[k], v)
		}
	}
	code, out := e.do("GET", "/api/v1/staking/0x12345g", "")
	if c, _ := errCode(out); code != http.StatusBadRequest || c != "invalid_address" {
		t.Fatalf("bad address: %d %v", code, out)
	}
}

func TestStakingStaker(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	staker := e.addr(2)
	const deposit = 1_000 * 100_000_000 // 1,000 SUPRA
	body := fmt.Sprintf(`{"sender":%q,"function":"0xde01::staking::stake","typeArguments":[],"arguments":["%d"]}`, staker, deposit)
	e.submitOK(e.mustOK("POST", "/api/v1/tx/build", body), 2)

	cases := []struct {
		advance   uint64 // seconds, cumulative
		stakeTime string
		hours     float64
		secsLeft  string
	}{
		{0, "0", 24, "86400"},
		{5400, "5400", 22.5, "81000"},
		{86400, "86400", 0, "0"},
		{90000, "90000", 0, "0"},
	}
	var at uint64
	for _, tc := range cases {
		e.mustOK("POST", "/devnet/time/advance", fmt.Sprintf(`{"seconds":%d}`, tc.advance-at))
		at = tc.advance
		u := e.mustOK("GET", "/api/v1/staking/"+staker.String(), "")
		// 5 % APY: deposit × 500 × t / (10,000 × 31,536,000), floored.
		pending := fmt.Sprint(uint64(deposit) * 500 * at / 315_360_000_000)
		if u["deposit"] != fmt.Sprint(deposit) || u["stakeTime"] != tc.stakeTime || u["lockHoursLeft"] != tc.hours ||
			u["lockSecondsLeft"] != tc.secsLeft || u["apyTier"] != "500" || u["pendingRewards"] != pending ||
			u["dailyYield"] != fmt.Sprint(uint64(deposit)*500*86400/315_360_000_000) || u["hasTaxFreePass"] != false {
			t.Fatalf("after %d s: %v (pending want %s)", at, u, pending)
		}
		dbg := u["debug"].(map[string]any)
		if dbg["secondsStaked"] != tc.stakeTime || dbg["claimed"] != "0" || dbg["startTime"] == "0" {
			t.Fatalf("debug %v", dbg)
		}
	}
	g := e.mustOK("GET", "/api/v1/staking", "")
	if g["activeUsers"] != "1" || g["totalStaked"] != fmt.Sprint(deposit) {
		t.Fatalf("global after stake %v", g)
	}
}

// TestGamesNotLive: on a network without the miners and staking modules (mainnet and
// testnet today) the reads say live false and the writes are refused with not_live.
func TestGamesNotLive(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	n, err := config.Lookup(config.Mainnet)
	if err != nil {
		t.Fatal(err)
	}
	if n.Modules.Miners != "" || n.Modules.Staking != "" {
		t.Fatalf("mainnet preset names the devnet-only modules: %+v", n.Modules)
	}
	log := slog.New(slog.DiscardHandler)
	bindings := chain.New(e.client, n, e.reg, chain.Options{ABIs: chain.ClientABISource{Client: e.client}})
	h, err := server.New(server.Options{Network: n, Web: fstest.MapFS{"index.html": {Data: []byte("<html></html>")}},
		API: api.New(api.Deps{Network: n, Tokens: e.reg, Chain: api.ChainOf(bindings), Market: api.NewMarket(bindings, log), Log: log}), Log: log})
	if err != nil {
		t.Fatal(err)
	}
	e.h = h
	addr := e.addr(minePlayer).String()
	for _, path := range []string{"/api/v1/miners", "/api/v1/miners/" + addr, "/api/v1/staking", "/api/v1/staking/" + addr} {
		out := e.mustOK("GET", path, "")
		if len(out) != 1 || out["live"] != false {
			t.Errorf("%s = %v, want only live false", path, out)
		}
	}
	for _, path := range []string{"/api/v1/miners/purchase", "/api/v1/miners/claim"} {
		code, out := e.do("POST", path, fmt.Sprintf(`{"sender":%q,"minerId":"1"}`, addr))
		if c, msg := errCode(out); code != http.StatusNotFound || c != "not_live" || msg != "Demo data: the game is not live on this network yet" {
			t.Errorf("%s: %d %v", path, code, out)
		}
	}
}
