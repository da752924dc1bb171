package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/luckycoin/lucky/internal/chain"
	"github.com/luckycoin/lucky/internal/config"
	"github.com/luckycoin/lucky/internal/supra"
)

// Dev account 3 is the Cosmic Miners player: 10,000 MINE, one Cyber Gem (+10 %) and one
// Neon Shard (+15 %) at genesis.
const minePlayer = 3

// mine reads an address's MINE stash through the miners endpoint.
func (e *env) mine(addr supra.Address) uint64 {
	e.t.Helper()
	out := e.mustOK("GET", "/api/v1/miners/"+addr.String(), "")
	return mustU64(e.t, out["balance"])
}

func mustU64(t *testing.T, v any) uint64 {
	t.Helper()
	s, ok := v.(string)
	if !ok {
		t.Fatalf("not a decimal string: %v", v)
	}
	n, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// submitOK signs and submits a built transaction and waits for its success.
func (e *env) submitOK(built map[string]any, i int) map[string]any {
	e.t.Helper()
	hash := e.signSubmit(built["rawTransaction"].(string), e.key(i))
	d := e.mustOK("GET", "/api/v1/tx/"+hash+"?wait=5s", "")
	if d["status"] != "Success" {
		e.t.Fatalf("tx %s: %v", hash, d)
	}
	return d
}

const mineUnit = 100_000_000

func TestMinersCatalogue(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	out := e.mustOK("GET", "/api/v1/miners", "")
	if out["live"] != true || out["decimals"] != float64(8) || out["maxBoostPercent"] != float64(50) || out["crewSize"] != "0" {
		t.Fatalf("miners %v", out)
	}
	cat := out["catalogue"].([]any)
	want := []struct{ name, level, cost, out, power string }{
		{"Nano Rig", "Common", "10000000000", "500000000", "1"},
		{"Quantum Core", "Rare", "50000000000", "3000000000", "5"},
		{"Nebula Forge", "Legendary", "200000000000", "15000000000", "20"},
	}
	if len(cat) != len(want) {
		t.Fatalf("catalogue %v", cat)
	}
	for i, w := range want {
		m := cat[i].(map[string]any)
		if m["id"] != strconv.Itoa(i+1) || m["name"] != w.name || m["level"] != w.level || m["cost"] != w.cost ||
			m["dailyOutput"] != w.out || m["power"] != w.power {
			t.Errorf("rig %d = %v", i, m)
		}
	}
	b := out["boosterCatalogue"].([]any)
	if len(b) != 2 || b[0].(map[string]any)["name"] != "Cyber Gem" || b[1].(map[string]any)["boost"] != "15" {
		t.Fatalf("boosters %v", b)
	}
	if _, ok := out["fleet"]; ok {
		t.Fatal("the walletless view has no fleet")
	}

	p := e.mustOK("GET", "/api/v1/miners/"+e.addr(minePlayer).String(), "")
	if p["balance"] != strconv.Itoa(10_000*mineUnit) || p["boostPercent"] != "25" || p["powerUnits"] != "0" ||
		p["dailyOutput"] != "0" || p["pendingOutput"] != "0" || len(p["fleet"].([]any)) != 0 ||
		p["referralPath"] != "/minerz?ref="+e.addr(minePlayer).String() {
		t.Fatalf("player %v", p)
	}
	if bs := p["boosters"].([]any); len(bs) != 2 || bs[0].(map[string]any)["count"] != "1" {
		t.Fatalf("player boosters %v", bs)
	}
	code, body := e.do("GET", "/api/v1/miners/0xnothex", "")
	if c, _ := errCode(body); code != http.StatusBadRequest || c != "invalid_address" {
		t.Fatalf("bad address: %d %v", code, body)
	}
}

func TestMinerPurchase(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name     string
		referrer int // dev account index, -1 for none
		qty      string
		cost     uint64
		bonus    uint64
	}{
		{"no referrer", -1, `"1"`, 100 * mineUnit, 0},
		{"with referrer", 0, `2`, 200 * mineUnit, 10 * mineUnit},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			e := newEnv(t, nil)
			buyer := e.addr(minePlayer)
			ref := ""
			var refBefore uint64
			if tc.referrer >= 0 {
				ref = e.addr(tc.referrer).String()
				refBefore = e.mine(e.addr(tc.referrer))
			}
			before := e.mine(buyer)
			body := fmt.Sprintf(`{"sender":%q,"minerId":"1","quantity":%s,"referrer":%q}`, buyer, tc.qty, ref)
			built := e.mustOK("POST", "/api/v1/miners/purchase", body)
			sum := built["summary"].(map[string]any)
			if sum["miner"] != "Nano Rig" || sum["cost"] != strconv.FormatUint(tc.cost, 10) ||
				sum["function"] != "0x000000000000000000000000000000000000000000000000000000000000de02::cosmic_miners::purchase_miner" {
				t.Fatalf("summary %v", sum)
			}
			d := e.submitOK(built, minePlayer)

			if got := e.mine(buyer); got != before-tc.cost {
				t.Fatalf("buyer MINE %d → %d, want −%d", before, got, tc.cost)
			}
			ev := d["decoded"].(map[string]any)["minerPurchase"].(map[string]any)
			if ev["cost"] != strconv.FormatUint(tc.cost, 10) || ev["referralBonus"] != strconv.FormatUint(tc.bonus, 10) {
				t.Fatalf("event %v", ev)
			}
			if tc.referrer >= 0 {
				if got := e.mine(e.addr(tc.referrer)); got != refBefore+tc.bonus {
					t.Fatalf("referrer MINE %d → %d, want +%d", refBefore, got, tc.bonus)
				}
				if ev["referrer"] != ref {
					t.Fatalf("event referrer %v", ev["referrer"])
				}
			} else if ev["referrer"] != nil {
				t.Fatalf("event referrer %v, want none", ev["referrer"])
			}
			p := e.mustOK("GET", "/api/v1/miners/"+buyer.String(), "")
			q, _ := strconv.ParseUint(sum["arguments"].([]any)[1].(string), 10, 64)
			fleet := p["fleet"].([]any)
			if len(fleet) != 1 || fleet[0].(map[string]any)["count"] != strconv.FormatUint(q, 10) ||
				p["powerUnits"] != strconv.FormatUint(q, 10) || p["crewSize"] != "1" {
				t.Fatalf("after purchase %v", p)
			}
			// 5 MINE/day per rig, +25 % boost.
			if p["dailyOutput"] != strconv.FormatUint(q*5*mineUnit*125/100, 10) {
				t.Fatalf("daily output %v", p["dailyOutput"])
			}
		})
	}
}

func TestMinerPurchaseRefused(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	player := e.addr(minePlayer).String()
	cases := []struct {
		name, body string
		status     int
		code, msg  string
	}{
		{"no MINE", fmt.Sprintf(`{"sender":%q,"minerId":"1","quantity":"1"}`, e.addr(2)), 409, "insufficient_balance", "Insufficient MINE tokens!"},
		{"above the stash", fmt.Sprintf(`{"sender":%q,"minerId":"3","quantity":"6"}`, player), 409, "insufficient_balance", "Insufficient MINE tokens!"},
		{"unknown rig", fmt.Sprintf(`{"sender":%q,"minerId":"9"}`, player), 400, "unknown_miner", "Unknown miner 9."},
		{"bad rig id", fmt.Sprintf(`{"sender":%q,"minerId":"x"}`, player), 400, "unknown_miner", "Invalid miner id."},
		{"quantity 0", fmt.Sprintf(`{"sender":%q,"minerId":"1","quantity":"0"}`, player), 400, "invalid_amount", "Quantity must be between 1 and 1000."},
		{"quantity 1001", fmt.Sprintf(`{"sender":%q,"minerId":"1","quantity":1001}`, player), 400, "invalid_amount", "Quantity must be between 1 and 1000."},
		{"self referral", fmt.Sprintf(`{"sender":%q,"minerId":"1","referrer":%q}`, player, player), 400, "invalid_address", "You cannot refer yourself."},
		{"bad referrer", fmt.Sprintf(`{"sender":%q,"minerId":"1","referrer":"0xzz"}`, player), 400, "invalid_address", ""},
		{"bad sender", `{"sender":"nope","minerId":"1"}`, 400, "invalid_address", ""},
		{"no body", "", 400, "invalid_json", "For Post Request 'data' Should Not Be 'undefined'"},
	}
	for _, tc := range cases {
		code, out := e.do("POST", "/api/v1/miners/purchase", tc.body)
		c, msg := errCode(out)
		if code != tc.status || c != tc.code || (tc.msg != "" && msg != tc.msg) {
			t.Errorf("%s: %d %s %q", tc.name, code, c, msg)
		}
	}
	if got := e.mine(e.addr(minePlayer)); got != 10_000*mineUnit {
		t.Fatalf("refused purchases moved MINE: %d", got)
	}
}

func TestMinerClaimAfterADay(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	player := e.addr(minePlayer)
	code, out := e.do("POST", "/api/v1/miners/claim", fmt.Sprintf(`{"sender":%q}`, player))
	if c, msg := errCode(out); code != 400 || c != "nothing_to_claim" || msg != "No MINE to claim yet." {
		t.Fatalf("claim with nothing pending: %d %v", code, out)
	}
	e.submitOK(e.mustOK("POST", "/api/v1/miners/purchase", fmt.Sprintf(`{"sender":%q,"minerId":"2","quantity":"1"}`, player)), minePlayer)
	before := e.mine(player)

	e.mustOK("POST", "/devnet/time/advance", `{"seconds":86400}`)
	p := e.mustOK("GET", "/api/v1/miners/"+player.String(), "")
	daily := mustU64(t, p["dailyOutput"])
	if want := uint64(30 * mineUnit * 125 / 100); daily != want { // Quantum Core 30/day, +25 %
		t.Fatalf("daily output %d, want %d", daily, want)
	}
	if got := mustU64(t, p["pendingOutput"]); got != daily {
		t.Fatalf("pending after a day %d, want %d", got, daily)
	}
	d := e.submitOK(e.mustOK("POST", "/api/v1/miners/claim", fmt.Sprintf(`{"sender":%q}`, player)), minePlayer)
	if got := e.mine(player); got != before+daily {
		t.Fatalf("stash %d → %d, want +%d", before, got, daily)
	}
	if ev := d["decoded"].(map[string]any)["minerClaim"].(map[string]any); ev["amount"] != strconv.FormatUint(daily, 10) {
		t.Fatalf("claim event %v", ev)
	}
}

// TestMinerBuildMatchesABIPath: the typed purchase_miner and claim encode exactly what
// the ABI-driven JSON path encodes for the same call (the vector<address> included).
func TestMinerBuildMatchesABIPath(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	n, _ := config.Lookup(config.Devnet)
	now := time.Unix(1_800_000_000, 0)
	c := chain.New(e.client, n, e.reg, chain.Options{Now: func() time.Time { return now }, ABIs: chain.ClientABISource{Client: e.client}})
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	player := e.addr(minePlayer)
	ref := e.addr(0)
	q := func(s string) json.RawMessage { return json.RawMessage(strconv.Quote(s)) }
	for _, tc := range []struct {
		name string
		ref  *supra.Address
		vec  string
	}{
		{"placeholder", nil, chain.PlaceholderAddress.String()},
		{"referrer", &ref, ref.String()},
	} {
		typed, err := c.Miners.BuildMinerPurchase(ctx, chain.MinerPurchase{Sender: player, MinerID: 2, Quantity: 3, Referrer: tc.ref})
		if err != nil {
			t.Fatal(err)
		}
		viaABI, err := c.Core.Build(ctx, chain.CallRequest{Sender: player.String(), Function: n.Modules.Miners + "::purchase_miner",
			Arguments: []json.RawMessage{q("2"), q("3"), json.RawMessage(`[` + strconv.Quote(tc.vec) + `]`)}})
		if err != nil {
			t.Fatal(err)
		}
		if typed.RawHex != viaABI.RawHex {
			t.Fatalf("%s: typed %s\n  abi %s", tc.name, typed.RawHex, viaABI.RawHex)
		}
	}
}

// A new wallet (SUPRA only) claims its starter MINE once: 100 MINE, exactly a Nano Rig's
// price, from the emission reserve; then it can launch its first rig. A second claim is
// refused before anything is signed.
func TestMinerStarterGrant(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	const newcomer = 2 // SUPRA only at genesis
	me := e.addr(newcomer)
	reserve := func() uint64 {
		res, err := e.node.View("0xde02::cosmic_miners::get_emission_reserve", nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		v, _ := strconv.ParseUint(strings.Trim(string(res[0]), `"`), 10, 64)
		return v
	}
	p := e.mustOK("GET", "/api/v1/miners/"+me.String(), "")
	if p["starterClaimed"] != false || p["starterGrant"] != strconv.FormatUint(100*mineUnit, 10) || p["balance"] != "0" {
		t.Fatalf("before: %v %v %v", p["starterClaimed"], p["starterGrant"], p["balance"])
	}
	before := reserve()
	built := e.mustOK("POST", "/api/v1/miners/starter", fmt.Sprintf(`{"sender":%q}`, me))
	d := e.submitOK(built, newcomer)
	if got := e.mine(me); got != 100*mineUnit {
		t.Fatalf("MINE after the grant %d", got)
	}
	if got := reserve(); got != before-100*mineUnit {
		t.Fatalf("reserve %d → %d", before, got)
	}
	found := false
	for _, ev := range d["events"].([]any) {
		if strings.HasSuffix(ev.(map[string]any)["type"].(string), "::StarterClaimedEvent") {
			found = true
		}
	}
	if !found {
		t.Fatalf("no StarterClaimedEvent: %v", d["events"])
	}
	if p := e.mustOK("GET", "/api/v1/miners/"+me.String(), ""); p["starterClaimed"] != true {
		t.Fatalf("after: %v", p["starterClaimed"])
	}
	code, out := e.do("POST", "/api/v1/miners/starter", fmt.Sprintf(`{"sender":%q}`, me))
	if c, msg := errCode(out); code != 400 || c != "starter_claimed" || msg != "This wallet has already claimed its starter MINE." {
		t.Fatalf("second claim: %d %s %q", code, c, msg)
	}
	// The grant buys the first rig.
	e.submitOK(e.mustOK("POST", "/api/v1/miners/purchase", fmt.Sprintf(`{"sender":%q,"minerId":"1","quantity":"1"}`, me)), newcomer)
	if got := e.mine(me); got != 0 {
		t.Fatalf("MINE after the rig %d", got)
	}
}
