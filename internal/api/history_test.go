package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"math"
	"math/big"
	"net/http"
	"os"
	"strconv"
	"testing"
	"testing/fstest"
	"time"

	"github.com/luckycoin/lucky/internal/api"
	"github.com/luckycoin/lucky/internal/chain"
	"github.com/luckycoin/lucky/internal/config"
	"github.com/luckycoin/lucky/internal/devnet/contracts"
	"github.com/luckycoin/lucky/internal/devnet/devnettest"
	"github.com/luckycoin/lucky/internal/history"
	"github.com/luckycoin/lucky/internal/indexer"
	"github.com/luckycoin/lucky/internal/server"
	"github.com/luckycoin/lucky/internal/store"
	"github.com/luckycoin/lucky/internal/supra"
	"github.com/luckycoin/lucky/internal/tokens"
)

const (
	idxLucky = "0x4205c82380bff5708cd7c59e0043a45890a457a6cdb60c9191d818958fd7ac26::LUCKY::LUCKY"
	idxSwap  = "0x0dc694898dff98a1b0447e0992d0413e123ea80da1021d464a4fbaf0265870d8::scripts::swap"
	idxPlay  = "0xb4ba040eb59c3b3c3776b7a603d896781e48bbf5fcea559c495814b5cde29b2b::slots_v3::play"
)

// indexEnv is env with the event index wired into the real route table.
type indexEnv struct {
	*env
	ix *indexer.Indexer
	db *store.DB
}

func newIndexEnv(t *testing.T) *indexEnv {
	t.Helper()
	e := newEnv(t, nil)
	n, _ := config.Lookup(config.Devnet)
	ctx := context.Background()
	db, err := store.Open(ctx, store.Options{DataDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	b := chain.New(e.client, n, e.reg, chain.Options{})
	ix, err := indexer.New(e.client, db, indexer.Config{Streams: indexer.Streams(n.Modules), Rules: rules(t, n, e.reg),
		Decoders: b.Decoders(), DAOShare: b.PoolDAOShare, Stores: b.Stores(), StoreOwner: b.StoreOwner})
	if err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(e.logs, nil))
	index := api.NewHistory(api.HistoryDeps{Network: n, Tokens: e.reg, Rules: rules(t, n, e.reg), Store: db, Log: log, Now: e.node.Now,
		Status:   func(context.Context) (uint64, uint64, error) { i, h := ix.Status(); return i, h, nil },
		WaitHead: ix.WaitHead})
	h, err := server.New(server.Options{
		Network: n, Web: fstest.MapFS{"index.html": {Data: []byte("<html><head></head></html>")}},
		// Assets: the token logos the web build ships, which burn certificates draw.
		API: api.New(api.Deps{Network: n, Tokens: e.reg, Chain: api.ChainOf(b), Market: api.NewMarket(b, log), Index: index,
			Assets: os.DirFS("../../web/public"), Log: log}),
		Index:  index,
		Devnet: e.node.Handler(), Log: log,
	})
	if err != nil {
		t.Fatal(err)
	}
	// The indexer runs as in lucky serve; sync waits for it through WaitHead.
	runCtx, stop := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); ix.Run(runCtx) }()
	t.Cleanup(func() { stop(); <-done })
	e.h = h
	return &indexEnv{env: e, ix: ix, db: db}
}

// submit signs and submits call from dev account i; it must succeed.
func (e *env) submit(i int, c devnettest.Call) supra.TransactionInfo {
	e.t.Helper()
	h, err := devnettest.Submit(e.node, e.key(i), c)
	if err != nil {
		e.t.Fatal(err)
	}
	info, ok := e.node.Transaction(h)
	if !ok || info.Status != supra.StatusSuccess {
		e.t.Fatalf("tx %x: %+v", h, info.Output)
	}
	return info
}

// waitIndexed waits for ix to hold the node's head.
func waitIndexed(t *testing.T, ix *indexer.Indexer) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := ix.WaitHead(ctx); err != nil {
		t.Fatal(err)
	}
}

func (e *indexEnv) sync() { e.t.Helper(); waitIndexed(e.t, e.ix) }

func eventData(t *testing.T, info supra.TransactionInfo, suffix string) map[string]any {
	t.Helper()
	for _, ev := range info.Output.Move.Events {
		if len(ev.Type) >= len(suffix) && ev.Type[len(ev.Type)-len(suffix):] == suffix {
			var m map[string]any
			if err := json.Unmarshal(ev.Data, &m); err != nil {
				t.Fatal(err)
			}
			return m
		}
	}
	t.Fatalf("no %s event", suffix)
	return nil
}

func TestIndexEndpoints(t *testing.T) {
	e := newIndexEnv(t)
	buyer, player, burner := 2, 1, 0
	spot := func() float64 {
		r, err := chain.New(e.client, config.Presets()[0], e.reg, chain.Options{}).Reserves(context.Background(), idxLucky, contracts.SupraCoinType)
		if err != nil {
			t.Fatal(err)
		}
		f, _ := new(big.Rat).SetFrac(new(big.Int).Mul(new(big.Int).SetUint64(r.B), big.NewInt(1_000_000)),
			new(big.Int).Mul(new(big.Int).SetUint64(r.A), big.NewInt(100_000_000))).Float64()
		return f
	}
	before := spot()
	buy := e.submit(buyer, devnettest.Call{Function: idxSwap, TypeArgs: []string{contracts.SupraCoinType, idxLucky, contracts.UncorrelatedType},
		Args: [][]byte{devnettest.U64(1_000_000_000), devnettest.U64(0)}})
	play := e.submit(player, devnettest.Call{Function: idxPlay, TypeArgs: []string{idxLucky},
		Args: [][]byte{devnettest.U64(10_000_000), devnettest.U64(2), devnettest.Str(idxLucky), devnettest.Addr(contracts.PlaceholderAddress)}})
	burn := supra.MustParseAddress(config.Presets()[0].Modules.BurnAddress)
	e.submit(burner, devnettest.Call{Function: "0x1::supra_account::transfer_coins", TypeArgs: []string{idxLucky},
		Args: [][]byte{devnettest.Addr(burn), devnettest.U64(7_000_000)}})
	fresh := supra.MustParseAddress("0xf00d")
	e.submit(burner, devnettest.Call{Function: "0x1::supra_account::transfer_coins", TypeArgs: []string{idxLucky},
		Args: [][]byte{devnettest.Addr(fresh), devnettest.U64(12_345_678_901)}})
	e.sync()
	head := strconv.FormatUint(e.node.Height(), 10)
	checkHeights := func(out map[string]any) {
		t.Helper()
		if out["indexedHeight"] != head || out["headHeight"] != head {
			t.Fatalf("heights %v/%v, node at %s", out["indexedHeight"], out["headHeight"], head)
		}
	}

	// Candles: the 1m close is the pool's spot price after the swap (its reserves' ratio),
	// SUPRA per whole LUCKY, decimals applied; the volume is the swap's.
	sw := eventData(t, buy, "::SwapEvent")
	xOut, _ := new(big.Int).SetString(sw["x_out"].(string), 10)
	want := spot()
	ts := devnettest.FixedTime.Unix()
	out := e.mustOK("GET", fmt.Sprintf("/api/v1/market/candles?pair=LUCKY-SUPRA&interval=1m&from=%d&to=%d", ts-600, ts+600), "")
	checkHeights(out)
	cs := out["candles"].([]any)
	if len(cs) != 1 {
		t.Fatalf("candles %v", cs)
	}
	c := cs[0].(map[string]any)
	// It opened at the spot price before the swap; a buy only raises the price.
	if c["close"] != want || c["open"] != before || c["low"] != before || c["high"] != want || before >= want || c["volume"] != xOut.String() || c["volumeQuote"] != "1000000000" ||
		c["buys"] != 1.0 || c["sells"] != 0.0 || c["time"] != float64(ts-ts%60) || out["pair"] != "LUCKY-SUPRA" {
		t.Fatalf("candle %v, want close %v", c, want)
	}

	// A token whose name holds a dash: the pair is cut at its last dash.
	if out := e.mustOK("GET", "/api/v1/market/candles?pair=SUPRA-MUMMY-SUPRA", ""); out["pair"] != "SUPRA-MUMMY-SUPRA" || len(out["candles"].([]any)) != 0 {
		t.Fatalf("dashed pair %v", out)
	}

	out = e.mustOK("GET", "/api/v1/burns?limit=5", "")
	checkHeights(out)
	// Newest first: the test's burn, then the genesis allocation to the burn address (0x1).
	bs := out["burns"].([]any)
	if len(bs) != 2 {
		t.Fatalf("burns %v", bs)
	}
	// The shape of a verified burn (GET /api/v1/burns/{hash}).
	b := bs[0].(map[string]any)
	tok := b["token"].(map[string]any)
	if b["burner"] != e.addr(burner).String() || tok["name"] != "LUCKY" || tok["decimals"] != 6.0 || tok["coinType"] != idxLucky ||
		b["amount"] != "7000000" || b["timestamp"] == "" || b["url"] != "/burn/"+b["txHash"].(string) {
		t.Fatalf("burn %v", b)
	}
	if g := bs[1].(map[string]any); g["burner"] != supra.FrameworkAddress.String() || g["blockNumber"] != "0" || g["amount"] != "50000000000000" {
		t.Fatalf("genesis burn %v", g)
	}

	out = e.mustOK("GET", "/api/v1/burns/leaderboard?token=LUCKY", "")
	checkHeights(out)
	ls := out["leaders"].([]any)
	if len(ls) != 2 || ls[1].(map[string]any)["total"] != "7000000" || ls[1].(map[string]any)["rank"] != 2.0 ||
		ls[1].(map[string]any)["burner"] != e.addr(burner).String() {
		t.Fatalf("leaders %v", ls)
	}

	out = e.mustOK("GET", "/api/v1/slots/feed", "")
	checkHeights(out)
	ps := out["plays"].([]any)
	pe := eventData(t, play, "::PlayEvent")
	if len(ps) != 1 {
		t.Fatalf("plays %v", ps)
	}
	p := ps[0].(map[string]any)
	if p["player"] != e.addr(player).String() || p["token"] != "LUCKY" || p["won"] != pe["total_prize"] || p["wagered"] != "20000000" ||
		len(p["tiers"].([]any)) != 2 || p["txHash"] != play.Hash {
		t.Fatalf("play %v (event %v)", p, pe)
	}

	out = e.mustOK("GET", "/api/v1/holders?limit=100", "")
	checkHeights(out)
	found := false
	for _, x := range out["holders"].([]any) {
		h := x.(map[string]any)
		if h["account"] == burn.String() {
			t.Fatal("burn address listed as a holder")
		}
		if h["account"] == fresh.String() {
			found = true
			// 12,345.678901 LUCKY of 1,000,000,000: 0.0012345678901 % → 0.0012.
			if h["balance"] != "12345678901" || h["percentOfSupply"] != "0.0012" {
				t.Fatalf("holder %v", h)
			}
		}
	}
	if !found || out["holderCount"].(float64) < 1 || out["totalSupply"] != "1000000000000000" {
		t.Fatalf("holders %v", out)
	}
}

// The holders are read once per indexed block: every limit answers from that read, and
// the next block's transfer shows at once.
func TestHoldersFollowEachIndexedBlock(t *testing.T) {
	e := newIndexEnv(t)
	e.sync()
	before := e.mustOK("GET", "/api/v1/holders?limit=100", "")
	one := e.mustOK("GET", "/api/v1/holders?limit=1", "")
	if one["holderCount"] != before["holderCount"] || len(one["holders"].([]any)) != 1 ||
		fmt.Sprint(one["holders"].([]any)[0]) != fmt.Sprint(before["holders"].([]any)[0]) {
		t.Fatalf("limit 1 %v, limit 100 %v", one, before)
	}
	// A gift to a new account makes it a holder.
	fresh := supra.MustParseAddress("0xbeef")
	gift := big.NewInt(12_000_000_000)
	e.submit(0, devnettest.Call{Function: "0x1::supra_account::transfer_coins", TypeArgs: []string{idxLucky},
		Args: [][]byte{devnettest.Addr(fresh), devnettest.U64(gift.Uint64())}})
	e.sync()
	for _, q := range []string{"limit=1", "limit=100"} {
		after := e.mustOK("GET", "/api/v1/holders?"+q, "")
		hs := after["holders"].([]any)
		if after["holderCount"].(float64) != before["holderCount"].(float64)+1 || after["indexedHeight"] == before["indexedHeight"] {
			t.Fatalf("%s after the gift: %v (before %v)", q, after, before)
		}
		found := false
		for _, x := range hs {
			h := x.(map[string]any)
			found = found || h["account"] == fresh.String() && h["balance"] == gift.String()
		}
		if !found && q == "limit=100" {
			t.Fatalf("%s: %s not listed: %v", q, fresh, hs)
		}
	}
}

func TestIndexEndpointErrors(t *testing.T) {
	e := newIndexEnv(t)
	for _, tc := range []struct{ path, msg string }{
		{"/api/v1/burns?limit=0", "limit must be a whole number from 1 to 100."},
		{"/api/v1/slots/feed?limit=101", "limit must be a whole number from 1 to 100."},
		{"/api/v1/holders?limit=x", "limit must be a whole number from 1 to 100."},
		{"/api/v1/burns/leaderboard?token=NOPE", `Unknown token "NOPE".`},
		{"/api/v1/market/candles?pair=NOPE-SUPRA", `Unknown pair "NOPE-SUPRA": use TOKEN-SUPRA, e.g. LUCKY-SUPRA.`},
		{"/api/v1/market/candles?pair=LUCKY-DAWGZ", `Unknown pair "LUCKY-DAWGZ": use TOKEN-SUPRA, e.g. LUCKY-SUPRA.`},
		{"/api/v1/market/candles?pair=LUCKY", `Unknown pair "LUCKY": use TOKEN-SUPRA, e.g. LUCKY-SUPRA.`},
		{"/api/v1/market/candles?pair=-SUPRA", `Unknown pair "-SUPRA": use TOKEN-SUPRA, e.g. LUCKY-SUPRA.`},
		{"/api/v1/market/candles?interval=2h", "interval must be one of 1m, 5m, 1h, 1d."},
		{"/api/v1/market/candles?from=10&to=5", "from must not be after to."},
		{"/api/v1/market/candles?to=-1", "to must be unix seconds."},
		{"/api/v1/market/candles?from=x", "from must be unix seconds."},
	} {
		code, out := e.do("GET", tc.path, "")
		if c, msg := errCode(out); code != http.StatusBadRequest || c != api.CodeInvalidQuery || msg != tc.msg {
			t.Errorf("%s: %d %s %q", tc.path, code, c, msg)
		}
	}
}

// Without an index the endpoints say so (503), in the one error shape.
func TestIndexEndpointsWithoutIndex(t *testing.T) {
	e := newEnv(t, nil)
	for _, p := range []string{"/api/v1/market/candles", "/api/v1/burns", "/api/v1/burns/leaderboard", "/api/v1/slots/feed", "/api/v1/holders",
		"/api/v1/slots/history/0x1"} {
		code, out := e.do("GET", p, "")
		if c, msg := errCode(out); code != http.StatusServiceUnavailable || c != api.CodeIndexUnavailable || msg != "The event index is not running on this server." {
			t.Errorf("%s: %d %s %q", p, code, c, msg)
		}
	}
	// The dashboard still answers; its index figures are null, not zero.
	out := e.mustOK("GET", "/api/v1/market/lucky", "")
	for _, k := range []string{"change24h", "volume24h", "buys24h", "sells24h", "holders", "indexedHeight"} {
		if v, ok := out[k]; !ok || v != nil {
			t.Errorf("%s = %v (present %v), want null", k, v, ok)
		}
	}
}

// GET /api/v1/market/lucky carries the index's last 24 hours: the price change (pool spot
// prices) against the last trade before the window, the volume and the buys and sells
// inside it, and the holder count; its spot price is the last candle's close.
func TestMarketLuckyDay(t *testing.T) {
	e := newIndexEnv(t)
	curveBuy := []string{contracts.SupraCoinType, idxLucky, contracts.UncorrelatedType}
	curveSell := []string{idxLucky, contracts.SupraCoinType, contracts.UncorrelatedType}
	bindings := chain.New(e.client, config.Presets()[0], e.reg, chain.Options{})
	spot := func() float64 {
		r, err := bindings.Reserves(context.Background(), idxLucky, contracts.SupraCoinType)
		if err != nil {
			t.Fatal(err)
		}
		f, _ := new(big.Rat).SetFrac(new(big.Int).Mul(new(big.Int).SetUint64(r.B), big.NewInt(1_000_000)),
			new(big.Int).Mul(new(big.Int).SetUint64(r.A), big.NewInt(100_000_000))).Float64()
		return f
	}
	luckyMoved := func(info supra.TransactionInfo) *big.Int {
		sw := eventData(t, info, "::SwapEvent")
		in, _ := new(big.Int).SetString(sw["x_in"].(string), 10)
		out, _ := new(big.Int).SetString(sw["x_out"].(string), 10)
		return in.Add(in, out) // LUCKY sorts first: it is x
	}
	e.submit(2, devnettest.Call{Function: idxSwap, TypeArgs: curveBuy, Args: [][]byte{devnettest.U64(5_000_000_000), devnettest.U64(0)}})
	ref := spot()
	if _, err := e.node.AdvanceTime(25 * time.Hour); err != nil {
		t.Fatal(err)
	}
	sell := e.submit(0, devnettest.Call{Function: idxSwap, TypeArgs: curveSell, Args: [][]byte{devnettest.U64(300_000_000), devnettest.U64(0)}})
	buy := e.submit(2, devnettest.Call{Function: idxSwap, TypeArgs: curveBuy, Args: [][]byte{devnettest.U64(2_000_000_000), devnettest.U64(0)}})
	last := spot()
	e.sync()
	out := e.mustOK("GET", "/api/v1/market/lucky?refresh=true", "")
	wantChange := (last - ref) / ref * 100
	holders := e.mustOK("GET", "/api/v1/holders?limit=1", "")["holderCount"]
	if out["change24h"] != wantChange || out["volume24h"] != new(big.Int).Add(luckyMoved(buy), luckyMoved(sell)).String() ||
		out["buys24h"] != 1.0 || out["sells24h"] != 1.0 || out["holders"] != holders || holders.(float64) < 5 ||
		out["indexedHeight"] != strconv.FormatUint(e.node.Height(), 10) {
		t.Fatalf("24 h figures %v; want change %v, holders %v", out, wantChange, holders)
	}
	// The dashboard's spot price (exact, truncated to 18 decimals) is the last close.
	p, err := strconv.ParseFloat(out["priceSupra"].(string), 64)
	if err != nil || math.Abs(p-last) > last*1e-15 {
		t.Fatalf("priceSupra %v, last close %v", out["priceSupra"], last)
	}
	// The figures are summed once per indexed block: a new block shows at once, and with
	// no new block, time moving on ages trades out of the window.
	e.submit(2, devnettest.Call{Function: idxSwap, TypeArgs: curveBuy, Args: [][]byte{devnettest.U64(1_000_000_000), devnettest.U64(0)}})
	e.sync()
	if out := e.mustOK("GET", "/api/v1/market/lucky", ""); out["buys24h"] != 2.0 || out["sells24h"] != 1.0 {
		t.Fatalf("after another buy: %v", out)
	}
	if _, err := e.node.AdvanceTime(25 * time.Hour); err != nil {
		t.Fatal(err)
	}
	if out := e.mustOK("GET", "/api/v1/market/lucky", ""); out["buys24h"] != 0.0 || out["sells24h"] != 0.0 {
		t.Fatalf("a day later: %v", out)
	}
}

// A player's history comes from the index, newest first, as soon as the play is confirmed.
func TestSpinHistoryFromIndex(t *testing.T) {
	e := newIndexEnv(t)
	player := 1
	play := func(token string, bet uint64, spins uint64) supra.TransactionInfo {
		return e.submit(player, devnettest.Call{Function: idxPlay, TypeArgs: []string{token},
			Args: [][]byte{devnettest.U64(bet), devnettest.U64(spins), devnettest.Str(token), devnettest.Addr(contracts.PlaceholderAddress)}})
	}
	first := play(idxLucky, 10_000_000, 3)
	second := play(idxLucky, 20_000_000, 1)
	// No sync: the handler waits for the index to reach the head itself.
	path := "/api/v1/slots/history/" + e.addr(player).String()
	out := e.mustOK("GET", path, "")
	spins := out["spins"].([]any)
	if len(spins) != 2 {
		t.Fatalf("history %v", out)
	}
	newest, older := spins[0].(map[string]any), spins[1].(map[string]any)
	pe := eventData(t, first, "::PlayEvent")
	won, _ := new(big.Int).SetString(pe["total_prize"].(string), 10)
	if newest["txHash"] != second.Hash || newest["wagered"] != "20000000" || newest["spins"] != "1" ||
		older["txHash"] != first.Hash || older["token"] != "LUCKY" || older["coinType"] != idxLucky || older["betPerSpin"] != "10000000" ||
		older["wagered"] != "30000000" || older["won"] != won.String() || older["net"] != new(big.Int).Sub(won, big.NewInt(30_000_000)).String() ||
		older["status"] != "Success" || older["time"] == "" {
		t.Fatalf("history %v (event %v)", spins, pe)
	}
	if h := e.mustOK("GET", path+"?limit=1", ""); len(h["spins"].([]any)) != 1 {
		t.Fatal("limit ignored")
	}
	for _, bad := range []string{"?limit=0", "?limit=101", "?limit=x"} {
		if code, out := e.do("GET", path+bad, ""); code != http.StatusBadRequest {
			t.Fatalf("%s: %d %v", bad, code, out)
		}
	}
	if code, out := e.do("GET", "/api/v1/slots/history/0xzz", ""); code != http.StatusBadRequest {
		t.Fatalf("bad address: %d %v", code, out)
	}
	if h := e.mustOK("GET", "/api/v1/slots/history/0x5eed", ""); len(h["spins"].([]any)) != 0 {
		t.Fatal("unknown account has history")
	}
}

// rules are the app's trading rules on a network.
func rules(t testing.TB, n config.Network, reg *tokens.Registry) history.Rules {
	t.Helper()
	r, err := indexer.NetworkRules(n, reg)
	if err != nil {
		t.Fatal(err)
	}
	return r
}
