package contracts

import (
	"bytes"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/luckycoin/lucky/internal/devnet"
	"github.com/luckycoin/lucky/internal/devnet/contracts/slots"
	"github.com/luckycoin/lucky/internal/devnet/devnettest"
	"github.com/luckycoin/lucky/internal/supra"
)

const (
	slotsFn  = "0xb4ba040eb59c3b3c3776b7a603d896781e48bbf5fcea559c495814b5cde29b2b::slots_v3::"
	dexFn    = "0x0dc694898dff98a1b0447e0992d0413e123ea80da1021d464a4fbaf0265870d8::"
	stakeFn  = "0xde01::staking::"
	minersFn = "0xde02::cosmic_miners::"
)

// rpc drives a node through its HTTP handler, like the SDK does.
type rpc struct {
	t   *testing.T
	n   *devnet.Node
	srv *httptest.Server
}

func (r rpc) do(method, path string, body any, out any) int {
	r.t.Helper()
	var rd *bytes.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	} else {
		rd = bytes.NewReader(nil)
	}
	req, _ := http.NewRequest(method, r.srv.URL+path, rd)
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		r.t.Fatal(err)
	}
	defer res.Body.Close()
	if out != nil {
		if err := json.NewDecoder(res.Body).Decode(out); err != nil {
			r.t.Fatalf("%s %s: decode: %v", method, path, err)
		}
	}
	return res.StatusCode
}

// submit signs call with key, posts it to /transactions/submit and reads
// the transaction back by hash.
func (r rpc) submit(key ed25519.PrivateKey, c devnettest.Call) (supra.TransactionInfo, [32]byte) {
	r.t.Helper()
	if c.MaxGas == 0 {
		c.MaxGas = 100_000
	}
	raw, err := devnettest.Build(r.n, key, c)
	if err != nil {
		r.t.Fatal(err)
	}
	tx, err := supra.Sign(raw, key)
	if err != nil {
		r.t.Fatal(err)
	}
	var hash string
	if code := r.do("POST", "/rpc/v1/transactions/submit", supra.NewSubmitBody(tx), &hash); code != 200 {
		r.t.Fatalf("submit %s: HTTP %d", c.Function, code)
	}
	var info supra.TransactionInfo
	r.do("GET", "/rpc/v1/transactions/"+hash, nil, &info)
	var h [32]byte
	b, _ := hex.DecodeString(strings.TrimPrefix(hash, "0x"))
	copy(h[:], b)
	return info, h
}

func (r rpc) view(fn string, typeArgs []string, args ...string) []json.RawMessage {
	r.t.Helper()
	raw := []json.RawMessage{}
	for _, a := range args {
		b, _ := json.Marshal(a)
		raw = append(raw, b)
	}
	var out supra.ViewResponse
	if code := r.do("POST", "/rpc/v1/view", supra.ViewRequest{Function: fn, TypeArguments: typeArgs, Arguments: raw}, &out); code != 200 {
		r.t.Fatalf("view %s: HTTP %d", fn, code)
	}
	return out.Result
}

func (r rpc) viewU64(fn string, typeArgs []string, args ...string) uint64 {
	r.t.Helper()
	var v supra.U64
	if err := json.Unmarshal(r.view(fn, typeArgs, args...)[0], &v); err != nil {
		r.t.Fatal(err)
	}
	return uint64(v)
}

func newRPC(t *testing.T) rpc {
	n := newNode(t)
	srv := httptest.NewServer(n.Handler())
	t.Cleanup(srv.Close)
	return rpc{t, n, srv}
}

type playEvent struct {
	Player        string `json:"player"`
	TokenType     string `json:"token_type"`
	BetPerSpin    string `json:"bet_per_spin"`
	NumberOfSpins string `json:"number_of_spins"`
	SpinResults   []struct {
		TierIndex int    `json:"tier_index"`
		PrizeWon  string `json:"prize_won"`
	} `json:"spin_results"`
	TotalPrize string `json:"total_prize"`
}

// The reference slots game through HTTP: forced Super Jackpot, No Win,
// Medium at 10 LUCKY → Total Won 515, player +485 LUCKY, pot −486.5.
func TestHTTPForcedLuckySpins(t *testing.T) {
	r := newRPC(t)
	player := r.n.Accounts()[1]
	var q struct {
		Queued []int `json:"queued"`
	}
	if code := r.do("POST", "/devnet/slots/outcomes", map[string]any{"tiers": []int{6, 0, 3}}, &q); code != 200 || len(q.Queued) != 3 {
		t.Fatalf("queue: %d %v", code, q)
	}
	if code := r.do("POST", "/devnet/slots/outcomes", map[string]any{"tiers": []int{9}}, nil); code != 400 {
		t.Fatalf("bad tier: HTTP %d", code)
	}
	luckyBefore := r.n.Balance(player.Address, luckyType)
	potBefore := r.viewU64(slotsFn+"get_house_fund_balance_view", []string{luckyType}, luckyType)
	info, _ := r.submit(player.PrivateKey, devnettest.Call{
		Function: slotsFn + "play", TypeArgs: []string{luckyType},
		Args: [][]byte{devnettest.U64(10_000_000), devnettest.U64(3), devnettest.Str(luckyType), devnettest.Addr(PlaceholderAddress)},
	})
	mustSucceed(t, info)
	evs := eventsOf(info, PlayEventType)
	if len(evs) != 1 {
		t.Fatalf("%d PlayEvents", len(evs))
	}
	var ev playEvent
	_ = json.Unmarshal(evs[0], &ev)
	if ev.NumberOfSpins != "3" || ev.TotalPrize != "515000000" || len(ev.SpinResults) != 3 {
		t.Fatalf("event %s", evs[0])
	}
	var fields map[string]json.RawMessage
	_ = json.Unmarshal(evs[0], &fields)
	if devnettest.MinimalEvents() {
		// The documented fields only: the player, token and bet are the transaction's.
		if len(fields) != 3 {
			t.Fatalf("minimal event %s", evs[0])
		}
	} else if ev.Player != player.Address.String() || coinOf(ev.TokenType) != coinOf(luckyType) || ev.BetPerSpin != "10000000" {
		t.Fatalf("event %s", evs[0])
	}
	for i, want := range []struct {
		tier  int
		prize string
	}{{6, "500000000"}, {0, "0"}, {3, "15000000"}} {
		if ev.SpinResults[i].TierIndex != want.tier || ev.SpinResults[i].PrizeWon != want.prize {
			t.Errorf("spin %d = %+v", i, ev.SpinResults[i])
		}
	}
	if got := r.n.Balance(player.Address, luckyType); got != luckyBefore+485_000_000 {
		t.Errorf("player LUCKY %d → %d", luckyBefore, got)
	}
	potAfter := r.viewU64(slotsFn+"get_house_fund_balance_view", []string{luckyType}, luckyType)
	if potAfter != potBefore-486_500_000 {
		t.Errorf("pot %d → %d", potBefore, potAfter)
	}
	if got := r.n.Balance(SlotsFeeCollector, luckyType); got != 1_500_000 {
		t.Errorf("fee %d", got)
	}
	if err := r.n.CheckInvariants(); err != nil {
		t.Fatal(err)
	}
}

// A random SUPRA play with a real partner: every spin recomputes from the
// seed and the transaction hash, and the partner gets 20 % of the fee.
func TestHTTPSupraSpinsRecomputable(t *testing.T) {
	r := newRPC(t)
	player, partner := r.n.Accounts()[2], r.n.Accounts()[5]
	partnerBefore := r.n.Balance(partner.Address, SupraCoinType)
	info, hash := r.submit(player.PrivateKey, devnettest.Call{
		Function: slotsFn + "play_supra_coin",
		Args:     [][]byte{devnettest.U64(10_000_000), devnettest.U64(50), devnettest.Addr(partner.Address)},
	})
	mustSucceed(t, info)
	var ev playEvent
	_ = json.Unmarshal(eventsOf(info, PlayEventType)[0], &ev)
	var total uint64
	for i, s := range ev.SpinResults {
		tier := slots.DrawTier(slots.SpinRandom([]byte(r.n.Seed()), hash, uint64(i)))
		prize, _ := slots.Prize(10_000_000, tier)
		if s.TierIndex != int(tier) || s.PrizeWon != supraU64(prize) {
			t.Fatalf("spin %d = %+v, recomputed tier %d prize %d", i, s, tier, prize)
		}
		total += prize
	}
	if ev.TotalPrize != supraU64(total) {
		t.Fatal("total")
	}
	// 50 × 0.1 SUPRA = 5 SUPRA; fee 0.25; partner 0.05.
	if got := r.n.Balance(partner.Address, SupraCoinType); got != partnerBefore+5_000_000 {
		t.Fatalf("partner %d → %d", partnerBefore, got)
	}
	if r.n.Balance(SlotsFeeCollector, SupraCoinType) != 20_000_000 {
		t.Fatal("dev fee")
	}
}

func TestHTTPSlotAborts(t *testing.T) {
	r := newRPC(t)
	player := r.n.Accounts()[0]
	cases := []struct {
		name string
		call devnettest.Call
		want string
	}{
		{"below minimum", devnettest.Call{Function: slotsFn + "play_supra_coin",
			Args: [][]byte{devnettest.U64(9_999_999), devnettest.U64(1), devnettest.Addr(PlaceholderAddress)}}, "EBET_TOO_SMALL"},
		{"1001 spins", devnettest.Call{Function: slotsFn + "play_supra_coin",
			Args: [][]byte{devnettest.U64(10_000_000), devnettest.U64(1001), devnettest.Addr(PlaceholderAddress)}}, "EINVALID_NUMBER_OF_SPINS"},
		{"token_type names another coin", devnettest.Call{Function: slotsFn + "play", TypeArgs: []string{luckyType},
			Args: [][]byte{devnettest.U64(10_000_000), devnettest.U64(1), devnettest.Str(spikeType), devnettest.Addr(PlaceholderAddress)}}, "ETOKEN_TYPE_MISMATCH"},
		{"no house fund", devnettest.Call{Function: slotsFn + "play", TypeArgs: []string{usdcType},
			Args: [][]byte{devnettest.U64(10_000_000), devnettest.U64(1), devnettest.Str(usdcType), devnettest.Addr(PlaceholderAddress)}}, "EHOUSE_FUND_NOT_FOUND"},
		// 50 × 30,000 SUPRA = 1.5M SUPRA > the 1M pot + 28,500 net bet.
		{"insolvent", devnettest.Call{Function: slotsFn + "play_supra_coin",
			Args: [][]byte{devnettest.U64(30_000 * 100_000_000), devnettest.U64(1), devnettest.Addr(PlaceholderAddress)}}, "EHOUSE_FUND_INSUFFICIENT"},
	}
	r.do("POST", "/devnet/slots/outcomes", map[string]any{"tiers": []int{}, "replace": true}, nil)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.name == "insolvent" {
				r.do("POST", "/devnet/slots/outcomes", map[string]any{"tiers": []int{6}}, nil)
			}
			pot := r.viewU64(slotsFn+"get_supra_coin_house_fund_balance_view", nil)
			lucky := r.n.Balance(player.Address, luckyType)
			info, _ := r.submit(player.PrivateKey, c.call)
			if info.Status == "Success" || info.Output == nil || !strings.Contains(info.Output.Move.VMStatus, c.want) {
				t.Fatalf("status %s %+v", info.Status, info.Output)
			}
			if r.viewU64(slotsFn+"get_supra_coin_house_fund_balance_view", nil) != pot || r.n.Balance(player.Address, luckyType) != lucky {
				t.Fatal("state changed")
			}
		})
	}
	// The aborted insolvent play left its forced tier queued.
	var q struct {
		Queued []int `json:"queued"`
	}
	r.do("GET", "/devnet/slots/outcomes", nil, &q)
	if len(q.Queued) != 1 || q.Queued[0] != 6 {
		t.Fatalf("queue %v", q.Queued)
	}
}

type swapEvent struct {
	PairX, PairY             string
	XIn, XOut, YIn, YOut, TS string
}

func decodeSwap(t *testing.T, raw json.RawMessage) swapEvent {
	var m map[string]string
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	return swapEvent{m["pair_x"], m["pair_y"], m["x_in"], m["x_out"], m["y_in"], m["y_out"], m["timestamp"]}
}

func TestHTTPSwapBothDirections(t *testing.T) {
	r := newRPC(t)
	buyer := r.n.Accounts()[2] // SUPRA only
	curve := []string{SupraCoinType, luckyType, UncorrelatedType}
	quote := r.viewU64(dexFn+"router::get_amount_out", curve, "1000000000")
	// min_out above the quote aborts with ERR_COIN_OUT_NUM_LESS_THAN_EXPECTED_MINIMUM (205 = 0xcd).
	info, _ := r.submit(buyer.PrivateKey, devnettest.Call{Function: dexFn + "scripts::swap", TypeArgs: curve,
		Args: [][]byte{devnettest.U64(1_000_000_000), devnettest.U64(quote + 1)}})
	if info.Status == "Success" || !strings.Contains(info.Output.Move.VMStatus, "0xcd") {
		t.Fatalf("min_out: %s %s", info.Status, info.Output.Move.VMStatus)
	}
	// Buy LUCKY with 10 SUPRA at 95 % minimum out, as the app does.
	info, _ = r.submit(buyer.PrivateKey, devnettest.Call{Function: dexFn + "scripts::swap", TypeArgs: curve,
		Args: [][]byte{devnettest.U64(1_000_000_000), devnettest.U64(quote * 95 / 100)}})
	mustSucceed(t, info)
	ev := decodeSwap(t, eventsOf(info, SwapEventType)[0])
	// LUCKY sorts before SupraCoin (shorter struct name), so LUCKY is x.
	if coinOf(ev.PairX) != coinOf(luckyType) || ev.PairY != SupraCoinType || ev.YIn != "1000000000" || ev.XOut != supraU64(quote) ||
		ev.XIn != "0" || ev.YOut != "0" || ev.TS != supraU64(uint64(r.n.Now().Unix())) {
		t.Fatalf("buy event %+v", ev)
	}
	if r.n.Balance(buyer.Address, luckyType) != quote {
		t.Fatal("LUCKY received")
	}
	// Sell half back.
	back := []string{luckyType, SupraCoinType, UncorrelatedType}
	q2 := r.viewU64(dexFn+"router::get_amount_out", back, supraU64(quote/2))
	info, _ = r.submit(buyer.PrivateKey, devnettest.Call{Function: dexFn + "scripts::swap", TypeArgs: back,
		Args: [][]byte{devnettest.U64(quote / 2), devnettest.U64(q2)}})
	mustSucceed(t, info)
	ev = decodeSwap(t, eventsOf(info, SwapEventType)[0])
	if ev.XIn != supraU64(quote/2) || ev.YOut != supraU64(q2) || ev.YIn != "0" || ev.XOut != "0" {
		t.Fatalf("sell event %+v", ev)
	}
	// Missing pool aborts with ERR_POOL_DOES_NOT_EXIST (107 = 0x6b). (LUCKY/dexUSDC has a
	// genesis pool, LUCKY/DAWGZ does not.)
	const dawgzType = "0xb8e94e7204d8eeb565a653d262ae6f7434a3a452e2aaf624810b33dfa3b64d09::DAWGZ::DAWGZ"
	info, _ = r.submit(buyer.PrivateKey, devnettest.Call{Function: dexFn + "scripts::swap",
		TypeArgs: []string{luckyType, dawgzType, UncorrelatedType}, Args: [][]byte{devnettest.U64(1), devnettest.U64(0)}})
	if info.Status == "Success" || !strings.Contains(info.Output.Move.VMStatus, "0x6b") {
		t.Fatalf("missing pool: %s", info.Output.Move.VMStatus)
	}
	fees := r.view(dexFn+"router::get_fees_config", back)
	if string(fees[0]) != `"30"` || string(fees[1]) != `"10000"` {
		t.Fatalf("fees %s", fees)
	}
	if err := r.n.CheckInvariants(); err != nil {
		t.Fatal(err)
	}
}

func TestHTTPStakeAccruesWithDevnetTime(t *testing.T) {
	r := newRPC(t)
	u := r.n.Accounts()[2]
	addr := u.Address.String()
	if r.viewU64(stakeFn+"get_user_apy_tier", nil, addr) != 500 {
		t.Fatal("default tier")
	}
	info, _ := r.submit(u.PrivateKey, devnettest.Call{Function: stakeFn + "stake", Args: [][]byte{devnettest.U64(1_000 * 100_000_000)}})
	mustSucceed(t, info)
	if _, err := r.n.AdvanceTime(24 * time.Hour); err != nil {
		t.Fatal(err)
	}
	// 1,000 SUPRA × 5 % / 365 = 0.13698630 SUPRA after exactly one day.
	if got := r.viewU64(stakeFn+"get_user_pending_rewards", nil, addr); got != 13_698_630 {
		t.Fatalf("pending %d", got)
	}
	if got := r.viewU64(stakeFn+"get_user_stake_time", nil, addr); got != 86_400 {
		t.Fatalf("stake time %d", got)
	}
	debug := r.view(stakeFn+"get_user_debug", nil, addr)
	if len(debug) != 3 || string(debug[1]) != `"86400"` || string(debug[2]) != `"0"` {
		t.Fatalf("debug %s", debug)
	}
	before := r.n.Balance(u.Address, SupraCoinType)
	info, _ = r.submit(u.PrivateKey, devnettest.Call{Function: stakeFn + "claim"})
	mustSucceed(t, info)
	gas := info.Output.Move.GasUsed * info.Header.GasUnitPrice
	if got := r.n.Balance(u.Address, SupraCoinType); got != before+13_698_630-gas {
		t.Fatalf("claim paid %d", got-before+gas)
	}
	for fn, want := range map[string]string{"get_active_users": `"1"`, "get_global_deposit": `"100000000000"`, "get_pass_price": `"10000000000"`} {
		if got := r.view(stakeFn+fn, nil); string(got[0]) != want {
			t.Errorf("%s = %s", fn, got[0])
		}
	}
	if got := r.view(stakeFn+"get_has_tax_free_pass", nil, addr); string(got[0]) != "false" {
		t.Error("pass")
	}
	if err := r.n.CheckInvariants(); err != nil {
		t.Fatal(err)
	}
}

func TestHTTPMinerPurchaseAndOutput(t *testing.T) {
	r := newRPC(t)
	p, ref := r.n.Accounts()[3], r.n.Accounts()[4]
	mine := r.n.Balance(p.Address, MineCoinType)
	refs := append([]byte{2}, append(PlaceholderAddress[:], ref.Address[:]...)...) // vector<address> [placeholder, referrer]
	info, _ := r.submit(p.PrivateKey, devnettest.Call{Function: minersFn + "purchase_miner",
		Args: [][]byte{devnettest.U64(1), devnettest.U64(1), refs}})
	mustSucceed(t, info)
	if r.n.Balance(p.Address, MineCoinType) != mine-100*100_000_000 || r.n.Balance(ref.Address, MineCoinType) != 5*100_000_000 {
		t.Fatal("cost or referral bonus")
	}
	if len(eventsOf(info, MinerPurchasedType)) != 1 {
		t.Fatal("no purchase event")
	}
	addr := p.Address.String()
	// Account 3 holds a Cyber Gem and a Neon Shard from genesis: +25 %.
	if r.viewU64(minersFn+"get_boost", nil, addr) != 25 || r.viewU64(minersFn+"get_power", nil, addr) != 1 ||
		r.viewU64(minersFn+"get_crew_size", nil) != 1 {
		t.Fatal("boost, power or crew")
	}
	_, _ = r.n.AdvanceTime(24 * time.Hour)
	if got := r.viewU64(minersFn+"get_pending_output", nil, addr); got != 625_000_000 {
		t.Fatalf("pending %d", got)
	}
	info, _ = r.submit(p.PrivateKey, devnettest.Call{Function: minersFn + "claim"})
	mustSucceed(t, info)
	if got := r.viewU64(minersFn+"get_balance", nil, addr); got != mine-100*100_000_000+625_000_000 {
		t.Fatalf("balance %d", got)
	}
	var fleet [][]map[string]any
	raw := r.view(minersFn+"get_fleet", nil, addr)
	_ = json.Unmarshal([]byte("["+string(raw[0])+"]"), &fleet)
	if len(fleet) != 1 || len(fleet[0]) != 1 || fleet[0][0]["name"] != "Nano Rig" || fleet[0][0]["count"] != "1" {
		t.Fatalf("fleet %s", raw[0])
	}
	if err := r.n.CheckInvariants(); err != nil {
		t.Fatal(err)
	}
}

func TestHTTPModuleABIs(t *testing.T) {
	r := newRPC(t)
	cases := []struct {
		addr, name, fn string
	}{
		{SlotsAddress.String(), "slots_v3", "play"},
		{DexlynAddress.String(), "router", "get_amount_out"},
		{DexlynAddress.String(), "scripts", "swap"},
		{DexlynAddress.String(), "liquidity_pool", ""},
		{DexlynAddress.String(), "curves", "is_uncorrelated"},
		{StakingAddress.String(), "staking", "get_user_debug"},
		{MinersAddress.String(), "cosmic_miners", "purchase_miner"},
	}
	for _, c := range cases {
		var abi map[string]any
		if code := r.do("GET", "/rpc/v1/accounts/"+c.addr+"/modules/"+c.name, nil, &abi); code != 200 {
			t.Errorf("%s: HTTP %d", c.name, code)
			continue
		}
		b, _ := json.Marshal(abi)
		if c.fn != "" && !strings.Contains(string(b), `"name":"`+c.fn+`"`) {
			t.Errorf("%s ABI lacks %s: %s", c.name, c.fn, b)
		}
	}
}
