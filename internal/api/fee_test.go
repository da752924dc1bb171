package api_test

import (
	"context"
	"crypto/ed25519"
	"encoding/json"
	"fmt"
	"log/slog"
	"math/big"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/luckycoin/lucky/internal/api"
	"github.com/luckycoin/lucky/internal/supra"
	"github.com/luckycoin/lucky/internal/tokens"
)

// withKey adds the account's public key to a JSON build body, as the app sends it when the
// wallet exposes the key.
func withKey(body string, pub ed25519.PublicKey) string {
	var m map[string]any
	if err := json.Unmarshal([]byte(body), &m); err != nil {
		panic(err)
	}
	m["publicKey"] = supra.EncodeHex(pub)
	b, _ := json.Marshal(m)
	return string(b)
}

func (e *env) pub(i int) ed25519.PublicKey { return e.key(i).Public().(ed25519.PublicKey) }

// feeOf returns a build answer's fee, after checking amount = gasUnits × gasUnitPrice to the
// base unit.
func feeOf(t *testing.T, built map[string]any) map[string]any {
	t.Helper()
	f, ok := built["fee"].(map[string]any)
	if !ok {
		t.Fatalf("no fee in %v", built)
	}
	units, price := bigOf(t, f["gasUnits"].(string)), bigOf(t, f["gasUnitPrice"].(string))
	if f["amount"] != new(big.Int).Mul(units, price).String() || f["decimals"] != float64(8) {
		t.Fatalf("fee amount %v is not gasUnits × gasUnitPrice: %v", f["amount"], f)
	}
	if f["gasUnitPrice"] != built["summary"].(map[string]any)["gasUnitPrice"] {
		t.Fatalf("fee price %v, transaction's %v", f["gasUnitPrice"], built["summary"])
	}
	return f
}

// TestBuildFeeIsTheChargedGas builds one transaction per build endpoint with the sender's
// public key, checks its fee comes from a simulation, then signs and submits it and checks
// the chain charged exactly that: the transaction's gas_used equals the fee's gas units,
// its cost the fee's amount, and the sender's SUPRA moved by exactly what it paid plus the
// fee. The devnet executes the same code for a simulation and a submit on the same state,
// so the match is exact; on a live chain, state that changes between the build and the
// submit (another transaction first) can move the gas used.
func TestBuildFeeIsTheChargedGas(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	const (
		sender  = 0
		staker  = 2
		miner   = minePlayer
		spinner = 1
	)
	type step struct {
		name  string
		acct  int
		path  string
		body  string
		paid  *big.Int // SUPRA the action itself moves out of the sender (negative: in), nil: unknown (a spin's prize)
		after func()   // runs after the step (time advances)
	}
	addr := func(i int) string { return e.addr(i).String() }
	advance := func(s int) func() {
		return func() { e.mustOK("POST", "/devnet/time/advance", fmt.Sprintf(`{"seconds":%d}`, s)) }
	}
	steps := []step{
		{name: "transfer", acct: sender, path: "/api/v1/tx/build", paid: big.NewInt(12_345),
			body: fmt.Sprintf(`{"sender":%q,"function":"0x1::supra_account::transfer","typeArguments":[],"arguments":[%q,"12345"]}`, addr(sender), addr(5))},
		{name: "swap", acct: sender, path: "/api/v1/swap/build", paid: big.NewInt(10 * supraUnit),
			body: fmt.Sprintf(`{"sender":%q,"from":"SUPRA","to":"LUCKY","amountIn":"10","minOut":"1"}`, addr(sender))},
		{name: "burn", acct: sender, path: "/api/v1/burn/build", paid: big.NewInt(0),
			body: fmt.Sprintf(`{"sender":%q,"token":"LUCKY","amount":"1000"}`, addr(sender))},
		{name: "spin", acct: spinner, path: "/api/v1/slots/spins", body: spinBody(addr(spinner), "LUCKY", "10", 3)},
		{name: "miner purchase", acct: miner, path: "/api/v1/miners/purchase", paid: big.NewInt(0), after: advance(86_400),
			body: fmt.Sprintf(`{"sender":%q,"minerId":"2","quantity":"1"}`, addr(miner))},
		{name: "miner claim", acct: miner, path: "/api/v1/miners/claim", paid: big.NewInt(0),
			body: fmt.Sprintf(`{"sender":%q}`, addr(miner))},
		{name: "stake", acct: staker, path: "/api/v1/staking/stake", paid: big.NewInt(1_000 * supraUnit),
			body: fmt.Sprintf(`{"sender":%q,"amount":"1000"}`, addr(staker))},
		{name: "pass", acct: staker, path: "/api/v1/staking/pass", paid: big.NewInt(100 * supraUnit), after: advance(3_600),
			body: fmt.Sprintf(`{"sender":%q}`, addr(staker))},
		{name: "unstake", acct: staker, path: "/api/v1/staking/unstake", paid: big.NewInt(-100 * supraUnit),
			body: fmt.Sprintf(`{"sender":%q,"amount":"100"}`, addr(staker))},
	}
	units := map[string]string{}
	var slowest time.Duration
	for _, s := range steps {
		before := e.supraOf(e.addr(s.acct))
		start := time.Now()
		built := e.mustOK("POST", s.path, withKey(s.body, e.pub(s.acct)))
		slowest = max(slowest, time.Since(start))
		f := feeOf(t, built)
		if f["estimate"] != api.FeeSimulated || f["simulationError"] != nil || !strings.HasPrefix(f["note"].(string), "Simulated on the node") {
			t.Fatalf("%s: fee %v", s.name, f)
		}
		if f["usd"] == nil || f["usdUnavailable"] != nil {
			t.Fatalf("%s: the devnet has a SUPRA/USD pool, usd %v", s.name, f)
		}
		// USD = amount / 10^8 × 3/400 (the genesis SUPRA price), 18 decimals truncated.
		wantUSD := new(big.Rat).Mul(new(big.Rat).SetFrac(bigOf(t, f["amount"].(string)), big.NewInt(supraUnit)), big.NewRat(3, 400))
		if f["usd"] != wantUSD.FloatString(18) {
			t.Fatalf("%s: usd %v, want %s", s.name, f["usd"], wantUSD.FloatString(18))
		}
		// The transaction signed has the max gas its measure gives, and says so.
		wantMax := strconv.FormatUint(supra.MaxGasForUsed(uint64(bigOf(t, f["gasUnits"].(string)).Int64())), 10)
		if f["maxGasAmount"] != wantMax || built["summary"].(map[string]any)["maxGasAmount"] != wantMax {
			t.Fatalf("%s: max gas %v (summary %v), want %s", s.name, f["maxGasAmount"], built["summary"].(map[string]any)["maxGasAmount"], wantMax)
		}
		d := e.submitOK(built, s.acct)
		if d["gasUsed"] != f["gasUnits"] || d["transactionCost"] != f["amount"] {
			t.Fatalf("%s: charged %v gas (%v), fee said %v (%v)", s.name, d["gasUsed"], d["transactionCost"], f["gasUnits"], f["amount"])
		}
		if s.paid != nil {
			wantDelta(t, s.name+" SUPRA", before, e.supraOf(e.addr(s.acct)), new(big.Int).Neg(sum(s.paid, bigOf(t, f["amount"].(string)))))
		}
		units[s.name] = f["gasUnits"].(string)
		if s.after != nil {
			s.after()
		}
	}
	names := make([]string, 0, len(units))
	for n := range units {
		names = append(names, n+" "+units[n])
	}
	sort.Strings(names)
	t.Logf("gas units per action: %s; slowest build with its fee: %s", strings.Join(names, ", "), slowest)
}

// TestBuildFeeFindsTheKeyOnChain: without a publicKey the server reads the sender's key
// from its first transaction; an account that has sent none gets the labelled upper
// bound, max gas × price.
func TestBuildFeeFindsTheKeyOnChain(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	transfer := func(from, to int, amt string) string {
		return fmt.Sprintf(`{"sender":%q,"function":"0x1::supra_account::transfer","typeArguments":[],"arguments":[%q,%q]}`,
			e.addr(from), e.addr(to), amt)
	}
	// Account 6 has sent nothing yet: no key anywhere.
	f := feeOf(t, e.mustOK("POST", "/api/v1/tx/build", transfer(6, 5, "1")))
	unsimulated := strconv.Itoa(supra.DefaultMaxGas)
	if f["estimate"] != api.FeeUpperBound || f["gasUnits"] != f["maxGasAmount"] || f["gasUnits"] != unsimulated ||
		!strings.HasPrefix(f["note"].(string), "At most: the max gas of "+unsimulated+" units") || !strings.Contains(f["note"].(string), "public key is not known") {
		t.Fatalf("no key: %v", f)
	}
	// With its key in the request the same account's first transaction is simulated.
	built := e.mustOK("POST", "/api/v1/tx/build", withKey(transfer(6, 5, "1"), e.pub(6)))
	f = feeOf(t, built)
	if f["estimate"] != api.FeeSimulated {
		t.Fatalf("with key: %v", f)
	}
	e.submitOK(built, 6)
	// Now the chain has its key: no publicKey needed, and the figure is the charged one.
	built = e.mustOK("POST", "/api/v1/tx/build", transfer(6, 5, "2"))
	f = feeOf(t, built)
	if f["estimate"] != api.FeeSimulated {
		t.Fatalf("key from chain: %v", f)
	}
	if d := e.submitOK(built, 6); d["gasUsed"] != f["gasUnits"] {
		t.Fatalf("charged %v, fee %v", d["gasUsed"], f["gasUnits"])
	}
	// Another account's key does not sign for this one: upper bound, said so.
	f = feeOf(t, e.mustOK("POST", "/api/v1/tx/build", withKey(transfer(7, 5, "1"), e.pub(6))))
	if f["estimate"] != api.FeeUpperBound || !strings.Contains(f["note"].(string), "does not match this account") || f["simulationError"] != nil {
		t.Fatalf("wrong key: %v", f)
	}
}

// TestBuildFeeSurfacesAFailingSimulation: a transaction that would abort is still priced
// (a failed transaction is charged its gas) and the simulation's verdict comes with it.
func TestBuildFeeSurfacesAFailingSimulation(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	// Account 4 sends more SUPRA than it has: the transfer aborts in the coin module.
	body := fmt.Sprintf(`{"sender":%q,"function":"0x1::supra_account::transfer","typeArguments":[],"arguments":[%q,"9000000000000000000"]}`,
		e.addr(4), e.addr(5))
	built := e.mustOK("POST", "/api/v1/tx/build", withKey(body, e.pub(4)))
	f := feeOf(t, built)
	msg, _ := f["simulationError"].(string)
	if f["estimate"] != api.FeeSimulated || !strings.HasPrefix(msg, "Transaction Can Be Failed, Reason: Move abort") ||
		!strings.Contains(msg, "EINSUFFICIENT_BALANCE") || !strings.Contains(f["note"].(string), "would fail") {
		t.Fatalf("failing simulation: %v", f)
	}
	hash := e.signSubmit(built["rawTransaction"].(string), e.key(4))
	d := e.mustOK("GET", "/api/v1/tx/"+hash+"?wait=5s", "")
	if d["status"] != "Failed" || d["gasUsed"] != f["gasUnits"] {
		t.Fatalf("submitted: %v, fee %v", d, f)
	}
}

// TestBuildFeeBadKeyAndNoUSD: a malformed publicKey is refused before anything else, and
// a registry without a USD token has no SUPRA/USD price: usd null with the reason.
func TestBuildFeeBadKeyAndNoUSD(t *testing.T) {
	t.Parallel()
	reg, err := tokens.Parse([]byte(`{"tokens":[
	 {"name":"SUPRA","symbol":"SUPRA","coinType":"0x1::supra_coin::SupraCoin","decimals":8},
	 {"name":"LUCKY","symbol":"LUCKY","coinType":"`+luckyType+`","decimals":6,"burnable":true}]}`), slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	e := newEnv(t, reg)
	body := fmt.Sprintf(`{"sender":%q,"token":"LUCKY","amount":"1"}`, e.addr(0))
	for _, bad := range []string{"0x1234", "zz", "0x" + strings.Repeat("ab", 33)} {
		b := strings.TrimSuffix(body, "}") + fmt.Sprintf(`,"publicKey":%q}`, bad)
		code, out := e.do("POST", "/api/v1/burn/build", b)
		if c, msg := errCode(out); code != http.StatusBadRequest || c != api.CodeInvalidPublicKey || msg != api.MsgInvalidPublicKey {
			t.Fatalf("publicKey %q: %d %v", bad, code, out)
		}
	}
	f := feeOf(t, e.mustOK("POST", "/api/v1/burn/build", withKey(body, e.pub(0))))
	if f["estimate"] != api.FeeSimulated || f["usd"] != nil || f["usdUnavailable"] != "USD price unavailable" {
		t.Fatalf("no USD price: %v", f)
	}
}

// TestBuildFeeLatency times what the fee adds to a build on the devnet: a build answered
// with its simulated fee, against the simulation of the same transaction alone. It reports
// the figures for the record (the machine's load moves them); it fails only if a build with
// its fee takes longer than the fee's own bound, FeeWait, plus a second.
func TestBuildFeeLatency(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	body := withKey(fmt.Sprintf(`{"sender":%q,"function":"0x1::supra_account::transfer","typeArguments":[],"arguments":[%q,"1"]}`,
		e.addr(0), e.addr(5)), e.pub(0))
	const n = 30
	var build, sim time.Duration
	for range n {
		start := time.Now()
		built := e.mustOK("POST", "/api/v1/tx/build", body)
		took := time.Since(start)
		build += took
		if took > api.FeeWait+time.Second {
			t.Fatalf("a build with its fee took %s", took)
		}
		raw, err := supra.DecodeRawTransaction(mustHex(t, built["rawTransaction"].(string)))
		if err != nil {
			t.Fatal(err)
		}
		st := &supra.SignedTransaction{Raw: *raw}
		copy(st.Auth.PublicKey[:], e.pub(0))
		start = time.Now()
		if _, err := e.client.Simulate(context.Background(), supra.NewSubmitBody(st)); err != nil {
			t.Fatal(err)
		}
		sim += time.Since(start)
	}
	t.Logf("mean over %d: build with its fee %s, of which the simulation alone ≈ %s", n, build/n, sim/n)
}

func mustHex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := supra.DecodeHex(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
