package api_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"log/slog"
	"math/big"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/luckycoin/lucky/internal/supra"
	"github.com/luckycoin/lucky/internal/tokens"
)

const luckyType = "0x4205c82380bff5708cd7c59e0043a45890a457a6cdb60c9191d818958fd7ac26::LUCKY::LUCKY"

func TestBalances(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	fresh := supra.MustParseAddress("0xabc123")
	tests := []struct {
		name, addr string
		status     int
		code       string
		want       map[string]string
	}{
		{"player", e.addr(1).String(), 200, "", map[string]string{"SUPRA": "100000000000000", "LUCKY": "50000000000", "DAWGZ": "0", "MINE": "0"}},
		// The Cosmic Miners player's MINE (genesis: 10,000 MINE, 8 decimals), after the token list.
		{"miner", e.addr(minePlayer).String(), 200, "", map[string]string{"MINE": "1000000000000"}},
		{"short address is padded", "0xABC123", 200, "", map[string]string{"SUPRA": "0", "LUCKY": "0"}},
		{"unknown account holds zero", fresh.String(), 200, "", map[string]string{"SUPRA": "0", "CASH": "0"}},
		{"too long", "0x" + strings.Repeat("a", 65), 400, "invalid_address", nil},
		{"not hex", "0xzz", 400, "invalid_address", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out := e.do("GET", "/api/v1/accounts/"+tt.addr+"/balances", "")
			if code != tt.status {
				t.Fatalf("status %d, want %d: %v", code, tt.status, out)
			}
			if tt.code != "" {
				c, msg := errCode(out)
				if c != tt.code {
					t.Fatalf("code %q, want %q", c, tt.code)
				}
				if tt.name == "too long" && msg != supra.AddressLengthMessage {
					t.Fatalf("message %q", msg)
				}
				return
			}
			// Every registry token, then the game's coin (the devnet has the miners module).
			if len(out["balances"].([]any)) != len(e.reg.All())+1 {
				t.Fatalf("want every registry token and MINE, got %d", len(out["balances"].([]any)))
			}
			if !strings.HasPrefix(out["address"].(string), "0x") || len(out["address"].(string)) != 66 {
				t.Fatalf("address %v", out["address"])
			}
			got := map[string]string{}
			for _, b := range out["balances"].([]any) {
				m := b.(map[string]any)
				got[m["name"].(string)] = m["amount"].(string)
				if _, ok := m["decimals"].(float64); !ok || m["coinType"] == "" || m["symbol"] == "" {
					t.Fatalf("bad entry %v", m)
				}
			}
			for k, v := range tt.want {
				if got[k] != v {
					t.Errorf("%s = %s, want %s", k, got[k], v)
				}
			}
		})
	}
}

func TestBuildValidation(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	sender := e.addr(0).String()
	to := e.addr(5).String()
	body := func(fn string, tys []string, args ...string) string {
		b, _ := json.Marshal(map[string]any{"sender": sender, "function": fn, "typeArguments": tys, "arguments": args})
		return string(b)
	}
	tests := []struct {
		name, body string
		code, msg  string // msg: substring of the message
	}{
		{"missing body", "", "invalid_json", "For Post Request 'data' Should Not Be 'undefined'"},
		{"null body", "null", "invalid_json", "For Post Request 'data' Should Not Be 'undefined'"},
		{"bad json", "{", "invalid_json", "Invalid JSON"},
		{"wrong json type", `{"sender":1}`, "invalid_json", "sender"},
		{"bad sender", `{"sender":"0xnothex","function":"0x1::supra_account::transfer","arguments":[]}`, "invalid_address", "Invalid address"},
		{"long sender", `{"sender":"0x` + strings.Repeat("1", 70) + `","function":"0x1::supra_account::transfer"}`, "invalid_address", supra.AddressLengthMessage},
		{"two parts", body("0x1::supra_account", nil), "invalid_function", "address::module::function"},
		{"four parts", body("0x1::supra_account::transfer::x", nil), "invalid_function", "address::module::function"},
		{"bad module id", body("zz::supra_account::transfer", nil), "invalid_function", "Invalid module id."},
		{"bad module name", body("0x1::9coin::transfer", nil), "invalid_function", "Invalid module id."},
		{"unknown module", body("0x1::nope::transfer", nil, to, "1"), "invalid_function", "not found"},
		{"unknown function", body("0x1::supra_account::nope", nil), "invalid_function", "not an entry function"},
		{"view is not entry", body("0x1::coin::balance", []string{supra.SupraCoinType}, to), "invalid_function", "not an entry function"},
		{"extra type argument", body("0x1::supra_account::transfer", []string{supra.SupraCoinType}, to, "1"), "invalid_type_arguments", "Expected 0 type arguments, received 1."},
		{"missing type argument", body("0x1::coin::transfer", nil, to, "1"), "invalid_type_arguments", "Expected 1 type arguments, received 0."},
		{"bad type argument", body("0x1::coin::transfer", []string{"not a type"}, to, "1"), "invalid_type_arguments", "Invalid type argument"},
		{"too few arguments", body("0x1::supra_account::transfer", nil, to), "invalid_argument", "Wrong number of args provided. Expected 2"},
		{"too many arguments", body("0x1::supra_account::transfer", nil, to, "1", "2"), "invalid_argument", "Wrong number of args provided. Expected 2"},
		{"bad number", body("0x1::supra_account::transfer", nil, to, "12a"), "invalid_argument", "Invalid number string."},
		{"negative number", body("0x1::supra_account::transfer", nil, to, "-1"), "invalid_argument", "Invalid number string."},
		{"u64 overflow", body("0x1::supra_account::transfer", nil, to, "18446744073709551616"), "invalid_argument", "out of range"},
		{"bad address argument", body("0x1::supra_account::transfer", nil, "0xq", "1"), "invalid_address", "Invalid address"},
	}
	before := e.node.Height()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out := e.do("POST", "/api/v1/tx/build", tt.body)
			c, msg := errCode(out)
			if code != http.StatusBadRequest || c != tt.code || !strings.Contains(msg, tt.msg) {
				t.Fatalf("got %d %q %q, want 400 %q containing %q", code, c, msg, tt.code, tt.msg)
			}
		})
	}
	if e.node.Height() != before {
		t.Fatal("bad input changed the chain")
	}
	// The same endpoint builds a good call; the hex decodes to what the summary says.
	out := e.mustOK("POST", "/api/v1/tx/build", body("0x1::supra_account::transfer", nil, to, "7"))
	raw := decodeRaw(t, out["rawTransaction"].(string))
	s := out["summary"].(map[string]any)
	if s["function"] != "0x0000000000000000000000000000000000000000000000000000000000000001::supra_account::transfer" ||
		s["maxGasAmount"] != fmt.Sprint(supra.DefaultMaxGas) || s["gasUnitPrice"] != fmt.Sprint(e.node.MinGasPrice()) || s["chainId"] != float64(255) ||
		s["sequenceNumber"] != "0" || s["sender"] != sender {
		t.Fatalf("summary %v", s)
	}
	if raw.MaxGasAmount != supra.DefaultMaxGas || raw.ChainID != 255 || fmt.Sprint(raw.ExpirationTimestampSecs) != s["expirationTimestampSecs"] ||
		raw.Payload.Function != "transfer" || len(raw.Payload.Args) != 2 || !bytes.Equal(raw.Payload.Args[1], []byte{7, 0, 0, 0, 0, 0, 0, 0}) {
		t.Fatalf("raw %+v", raw)
	}
}

func decodeRaw(t *testing.T, h string) *supra.RawTransaction {
	t.Helper()
	if strings.HasPrefix(h, "0x") {
		t.Fatal("rawTransaction must not carry 0x")
	}
	b, err := supra.DecodeHex(h)
	if err != nil {
		t.Fatal(err)
	}
	raw, err := supra.DecodeRawTransaction(b)
	if err != nil {
		t.Fatal(err)
	}
	return raw
}

func TestTransferRoundTrip(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	to := supra.MustParseAddress("0x5eed0001")
	if got := e.balance(to, "SUPRA"); got != "0" {
		t.Fatalf("recipient starts with %s", got)
	}
	body := fmt.Sprintf(`{"sender":%q,"function":"0x1::supra_account::transfer","typeArguments":[],"arguments":[%q,"123456789"]}`,
		e.addr(0).String(), to.String())
	built := e.mustOK("POST", "/api/v1/tx/build", body)
	hash := e.signSubmit(built["rawTransaction"].(string), e.key(0))

	d := e.mustOK("GET", "/api/v1/tx/"+hash+"?wait=5s", "")
	if d["status"] != "Success" || d["vmStatus"] != supra.VMStatusSuccess || d["txHash"] != hash {
		t.Fatalf("detail %v", d)
	}
	gasUsed, _ := new(big.Int).SetString(d["gasUsed"].(string), 10)
	price, _ := new(big.Int).SetString(d["gasUnitPrice"].(string), 10)
	if d["transactionCost"] != new(big.Int).Mul(gasUsed, price).String() || gasUsed.Sign() == 0 {
		t.Fatalf("transactionCost %v, gasUsed %v, price %v", d["transactionCost"], gasUsed, price)
	}
	for _, k := range []string{"sender", "sequenceNumber", "maxGasAmount", "txExpirationTimestamp", "txConfirmationTime", "blockNumber", "blockHash"} {
		if s, ok := d[k].(string); !ok || s == "" {
			t.Errorf("%s = %v", k, d[k])
		}
	}
	ins := d["transactionInsights"].(map[string]any)
	if ins["type"] != "CoinTransfer" || ins["coinReceiver"] != to.String() {
		t.Fatalf("insights %v", ins)
	}
	ch := ins["coinChange"].([]any)[0].(map[string]any)
	if ch["amount"] != "-123456789" || ch["coinType"] != supra.SupraCoinType {
		t.Fatalf("coinChange %v", ch)
	}
	if d["play"] != nil || d["swap"] != nil {
		t.Fatalf("play %v swap %v", d["play"], d["swap"])
	}
	evs := d["events"].([]any)
	if len(evs) == 0 || evs[0].(map[string]any)["type"] == "" {
		t.Fatalf("events %v", evs)
	}
	// Waits below a millisecond mean no wait: a final transaction is answered, not timed out.
	for _, wait := range []string{"1ns", "1us", "999us", "0"} {
		if code, d := e.do("GET", "/api/v1/tx/"+hash+"?wait="+wait, ""); code != 200 || d["status"] != "Success" {
			t.Fatalf("wait=%s: %d %v", wait, code, d)
		}
	}
	// The recipient's view of the same transaction.
	d = e.mustOK("GET", "/api/v1/tx/"+hash+"?account="+to.String(), "")
	if a := d["transactionInsights"].(map[string]any)["coinChange"].([]any)[0].(map[string]any)["amount"]; a != "123456789" {
		t.Fatalf("recipient coinChange %v", a)
	}
	if got := e.balance(to, "SUPRA"); got != "123456789" {
		t.Fatalf("recipient balance %s, want 123456789", got)
	}
}

func TestGetTxErrors(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	unknown := "0x" + strings.Repeat("ab", 32)
	tests := []struct {
		name, path string
		status     int
		code       string
	}{
		{"short hash", "/api/v1/tx/0x1234", 400, "invalid_hash"},
		{"not hex", "/api/v1/tx/0x" + strings.Repeat("zz", 32), 400, "invalid_hash"},
		{"bad wait", "/api/v1/tx/" + unknown + "?wait=soon", 400, "invalid_query"},
		{"bad account", "/api/v1/tx/" + unknown + "?account=0xq", 400, "invalid_address"},
		{"unknown, no wait", "/api/v1/tx/" + unknown, 200, ""},
		{"unknown after wait", "/api/v1/tx/" + strings.Repeat("AB", 32) + "?wait=150ms", 200, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out := e.do("GET", tt.path, "")
			if code != tt.status {
				t.Fatalf("status %d: %v", code, out)
			}
			if tt.code != "" {
				if c, _ := errCode(out); c != tt.code {
					t.Fatalf("code %q", c)
				}
				return
			}
			if out["status"] != "Pending" || out["txHash"] != unknown || len(out) != 2 {
				t.Fatalf("got %v", out)
			}
		})
	}
}

// spinBody is a POST /api/v1/slots/spins body.
func spinBody(sender, token, bet string, spins any) string {
	b, _ := json.Marshal(map[string]any{"sender": sender, "token": token, "betPerSpin": bet, "spins": spins})
	return string(b)
}

func TestSpinRules(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	rich, player, supraOnly := e.addr(0).String(), e.addr(1).String(), e.addr(2).String()
	tests := []struct {
		name, body string
		status     int
		code, msg  string
	}{
		{"total bet above 5x pot", spinBody(rich, "SUPRA", "5000.01", 1000), 409, "total_bet_exceeds_pot",
			"Total bet (5000010.00 SUPRA) exceeds 5x house pot (5000000.00 SUPRA)!"},
		{"total bet above 5x pot beats min bet", spinBody(rich, "SUPRA", "5000000.00000001", 1000), 409, "total_bet_exceeds_pot",
			"Total bet (5000000000.00 SUPRA) exceeds 5x house pot (5000000.00 SUPRA)!"},
		{"min bet SUPRA", spinBody(rich, "supra", "0.09", 1), 400, "min_bet", "Minimum bet is 0.1 SUPRA!"},
		{"min bet LUCKY", spinBody(player, "LUCKY", "9.99", 3), 400, "min_bet", "Minimum bet is 10 LUCKY!"},
		{"min bet SPIKE", spinBody(rich, "spike", "9999.999", 1), 400, "min_bet", "Minimum bet is 10000 SPIKE!"},
		{"zero spins", spinBody(player, "LUCKY", "10", 0), 400, "spins_out_of_range", "Number of spins must be between 1 and 1000!"},
		{"1001 spins", spinBody(player, "LUCKY", "10", 1001), 400, "spins_out_of_range", "Number of spins must be between 1 and 1000!"},
		{"spins as string out of range", spinBody(player, "LUCKY", "10", "-3"), 400, "spins_out_of_range", "Number of spins must be between 1 and 1000!"},
		{"fractional spins", spinBody(player, "LUCKY", "10", 1.5), 400, "spins_out_of_range", "Number of spins must be between 1 and 1000!"},
		{"spins not a number", spinBody(player, "LUCKY", "10", "many"), 400, "spins_out_of_range", "Number of spins must be between 1 and 1000!"},
		{"insufficient LUCKY (SUPRA-only account)", spinBody(supraOnly, "LUCKY", "10", 1), 409, "insufficient_balance", "Insufficient LUCKY balance!"},
		{"insufficient for the total", spinBody(player, "LUCKY", "100", 1000), 409, "insufficient_balance", "Insufficient LUCKY balance!"},
		{"bad sender", spinBody("0x"+strings.Repeat("1", 65), "LUCKY", "10", 1), 400, "invalid_address", supra.AddressLengthMessage},
		{"bet not a number", spinBody(player, "LUCKY", "ten", 1), 400, "invalid_amount", ""},
		{"bet with too many decimals", spinBody(player, "LUCKY", "10.0000001", 1), 400, "invalid_amount", ""},
		{"negative bet", spinBody(player, "LUCKY", "-10", 1), 400, "invalid_amount", ""},
		{"unknown token", spinBody(player, "nope", "10", 1), 400, "unknown_token", ""},
		{"token not in the slot list", spinBody(player, "CASH", "10", 1), 400, "unknown_token", ""},
		{"missing body", "", 400, "invalid_json", "For Post Request 'data' Should Not Be 'undefined'"},
	}
	before := e.node.Height()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out := e.do("POST", "/api/v1/slots/spins", tt.body)
			c, msg := errCode(out)
			if code != tt.status || c != tt.code || (tt.msg != "" && msg != tt.msg) {
				t.Fatalf("got %d %q %q, want %d %q %q", code, c, msg, tt.status, tt.code, tt.msg)
			}
		})
	}
	if e.node.Height() != before {
		t.Fatal("rejected spins changed the chain")
	}
}

// TestSpinHousePotZero drains the LUCKY house pot to zero in the node's state (dump,
// edit, load through the devnet admin) and expects the spec's refusal.
func TestSpinHousePotZero(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	rec := httptest.NewRecorder()
	e.node.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/devnet/state", nil))
	state := rec.Body.String()
	// The slots State resource stores each fund as {"coin_type":…,"decimals":…,"min_bet":…,"house_fund":"…"}.
	key := `\"coin_type\":\"` + luckyType + `\",\"decimals\":6,\"min_bet\":\"10000000\",\"house_fund\":\"10000000000000\"`
	plain := strings.ReplaceAll(key, `\"`, `"`)
	switch {
	case strings.Contains(state, key):
		state = strings.Replace(state, key, strings.Replace(key, `10000000000000`, `0`, 1), 1)
	case strings.Contains(state, plain):
		state = strings.Replace(state, plain, strings.Replace(plain, `10000000000000`, `0`, 1), 1)
	default:
		t.Fatalf("LUCKY house fund not found in the state dump")
	}
	rec = httptest.NewRecorder()
	e.node.Handler().ServeHTTP(rec, httptest.NewRequest("POST", "/devnet/state", strings.NewReader(state)))
	if rec.Code != 200 {
		t.Fatalf("load state: %d %s", rec.Code, rec.Body)
	}
	if p := e.pot("LUCKY"); p != "0" {
		t.Fatalf("pot %v", p)
	}
	code, out := e.do("POST", "/api/v1/slots/spins", spinBody(e.addr(1).String(), "LUCKY", "10", 1))
	if c, msg := errCode(out); code != 409 || c != "house_pot_unavailable" || msg != "House pot balance is unavailable or zero!" {
		t.Fatalf("got %d %q %q", code, c, msg)
	}
}

// TestSpinHousePotUnavailable: a registry token the contract has no house fund for; the
// view aborts, the pot is unavailable, the pots endpoint shows null and logs it.
func TestSpinHousePotUnavailableAndBadPartner(t *testing.T) {
	t.Parallel()
	reg, err := tokens.Parse([]byte(`{"tokens":[
	 {"name":"SUPRA","symbol":"SUPRA","coinType":"0x1::supra_coin::SupraCoin","decimals":8,"slots":{"order":0,"minBet":"0.1","partner":"0x`+strings.Repeat("f", 64)+`"}},
	 {"name":"LUCKY","symbol":"LUCKY","coinType":"`+luckyType+`","decimals":6,"slots":{"order":1,"minBet":"10","partner":"0xffff"}},
	 {"name":"CASH","symbol":"CASH","coinType":"0x9176f70f125199a3e3d5549ce795a8e906eed75901d535ded623802f15ae3637::cdp_multi::CASH","decimals":8,"slots":{"order":2,"minBet":"10","partner":"0x`+strings.Repeat("f", 64)+`"}}]}`),
		slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	e := newEnv(t, reg)
	out := e.mustOK("GET", "/api/v1/slots/pots", "")
	pots := out["pots"].([]any)
	if len(pots) != 3 || pots[2].(map[string]any)["name"] != "CASH" || pots[2].(map[string]any)["amount"] != nil {
		t.Fatalf("pots %v", pots)
	}
	if !strings.Contains(e.logs.String(), "house pot read failed") {
		t.Fatal("a failed pot read must be logged")
	}
	code, out := e.do("POST", "/api/v1/slots/spins", spinBody(e.addr(0).String(), "cash", "10", 1))
	if c, msg := errCode(out); code != 409 || c != "house_pot_unavailable" || msg != "House pot balance is unavailable or zero!" {
		t.Fatalf("got %d %q %q", code, c, msg)
	}
	code, out = e.do("POST", "/api/v1/slots/spins", spinBody(e.addr(1).String(), "LUCKY", "10", 1))
	if c, msg := errCode(out); code != 500 || c != "invalid_partner" || msg != "Invalid partner address for LUCKY: 0xffff" {
		t.Fatalf("got %d %q %q", code, c, msg)
	}
}

func TestPots(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	out := e.mustOK("GET", "/api/v1/slots/pots", "")
	pots := out["pots"].([]any)
	slots := e.reg.Slots()
	if len(pots) != len(slots) {
		t.Fatalf("%d pots for %d slot tokens", len(pots), len(slots))
	}
	for i, p := range pots {
		m := p.(map[string]any)
		if m["name"] != slots[i].Name || m["coinType"] != slots[i].CoinType || m["decimals"] != float64(slots[i].Decimals) {
			t.Fatalf("pot %d = %v, want %s", i, m, slots[i].Name)
		}
		if a, ok := m["amount"].(string); !ok || a == "0" {
			t.Fatalf("pot %s amount %v", slots[i].Name, m["amount"])
		}
	}
	if pots[0].(map[string]any)["amount"] != "100000000000000" || pots[1].(map[string]any)["amount"] != "10000000000000" {
		t.Fatalf("SUPRA/LUCKY pots %v %v", pots[0], pots[1])
	}
}

func sub(t *testing.T, a, b string) string {
	t.Helper()
	x, ok1 := new(big.Int).SetString(a, 10)
	y, ok2 := new(big.Int).SetString(b, 10)
	if !ok1 || !ok2 {
		t.Fatalf("not integers: %q %q", a, b)
	}
	return x.Sub(x, y).String()
}

// TestForcedLuckyGame is the acceptance game: 3 LUCKY spins at bet 10 with tiers
// Super Jackpot, No Win, Medium: total prize 515 LUCKY, player +485 LUCKY, pot −486.5
// LUCKY (it receives the 28.5 net bet and pays 515). Then history shows it, newest first.
func TestForcedLuckyGame(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	player := e.addr(1)
	rec := httptest.NewRecorder()
	e.node.Handler().ServeHTTP(rec, httptest.NewRequest("POST", "/devnet/slots/outcomes", strings.NewReader(`{"tiers":[6,0,3]}`)))
	if rec.Code != 200 {
		t.Fatalf("force outcomes: %d %s", rec.Code, rec.Body)
	}
	balBefore, potBefore := e.balance(player, "LUCKY"), e.pot("LUCKY").(string)

	built := e.mustOK("POST", "/api/v1/slots/spins", spinBody(player.String(), "LuCkY", "10", 3))
	s := built["summary"].(map[string]any)
	if s["token"] != "LUCKY" || s["betPerSpinBase"] != "10000000" || s["totalBet"] != "30000000" ||
		!strings.HasSuffix(s["function"].(string), "::slots_v3::play") || s["typeArguments"].([]any)[0] != luckyType {
		t.Fatalf("summary %v", s)
	}
	hash := e.signSubmit(built["rawTransaction"].(string), e.key(1))
	d := e.mustOK("GET", "/api/v1/tx/"+hash+"?wait=5s", "")
	if d["status"] != "Success" {
		t.Fatalf("status %v: %v", d["status"], d["vmStatus"])
	}
	play := d["play"].(map[string]any)
	if play["totalPrize"] != "515000000" || play["token"] != "LUCKY" || play["numberOfSpins"] != "3" ||
		play["betPerSpin"] != "10000000" || play["player"] != player.String() || play["tokenType"] == "" {
		t.Fatalf("play %v", play)
	}
	wantSpins := []struct {
		tier  float64
		prize string
	}{{6, "500000000"}, {0, "0"}, {3, "15000000"}}
	for i, r := range play["spinResults"].([]any) {
		m := r.(map[string]any)
		if m["tierIndex"] != wantSpins[i].tier || m["prizeWon"] != wantSpins[i].prize {
			t.Fatalf("spin %d = %v", i, m)
		}
	}
	ins := d["transactionInsights"].(map[string]any)
	if ins["type"] != "EntryFunctionCall" {
		t.Fatalf("insights %v", ins)
	}
	if got := sub(t, e.balance(player, "LUCKY"), balBefore); got != "485000000" {
		t.Fatalf("player LUCKY changed by %s, want 485000000", got)
	}
	if got := sub(t, e.pot("LUCKY").(string), potBefore); got != "-486500000" {
		t.Fatalf("pot changed by %s, want -486500000", got)
	}

	// A SUPRA game afterwards (random outcome). (The player's history is the index's:
	// index_test.go.)
	built = e.mustOK("POST", "/api/v1/slots/spins", spinBody(player.String(), "supra", "0.1", 2))
	if fn := built["summary"].(map[string]any)["function"].(string); !strings.HasSuffix(fn, "::slots_v3::play_supra_coin") {
		t.Fatalf("SUPRA function %s", fn)
	}
	hash2 := e.signSubmit(built["rawTransaction"].(string), e.key(1))
	if d := e.mustOK("GET", "/api/v1/tx/"+hash2+"?wait=5s", ""); d["status"] != "Success" || d["play"].(map[string]any)["token"] != "SUPRA" {
		t.Fatalf("SUPRA game %v", d)
	}
}
