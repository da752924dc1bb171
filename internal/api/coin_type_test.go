package api_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// A coin type is parsed once where the request enters: however the address is written
// (short, with a leading zero, padded to 64 digits, upper case) the API answers exactly as
// it does for the token's name.
func TestCoinTypeSpellingsSameAnswer(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	lucky, _ := e.reg.ByName("LUCKY")
	luckyAddr, luckyRest, _ := strings.Cut(lucky.CoinType, "::")
	supraSpellings := []string{
		"SUPRA",
		"0x1::supra_coin::SupraCoin",
		"0x01::supra_coin::SupraCoin",
		"0x0000000000000000000000000000000000000000000000000000000000000001::supra_coin::SupraCoin",
	}
	luckySpellings := []string{"LUCKY", lucky.CoinType, "0x" + strings.ToUpper(luckyAddr[2:]) + "::" + luckyRest}

	var want string
	for _, from := range supraSpellings {
		for _, to := range luckySpellings {
			code, q := e.quote(from, to, "10", 500)
			if code != 200 {
				t.Fatalf("quote %s → %s: %d %v", from, to, code, q)
			}
			b, _ := json.Marshal(q)
			if want == "" {
				want = string(b)
				if f := q["from"].(map[string]any); f["coinType"] != "0x1::supra_coin::SupraCoin" || f["name"] != "SUPRA" {
					t.Fatalf("from = %v", f)
				}
				continue
			}
			if string(b) != want {
				t.Errorf("quote %s → %s:\n%s\nwant (SUPRA → LUCKY)\n%s", from, to, b, want)
			}
		}
	}

	// The same coin written two ways is one coin: refused as a pair, not quoted.
	code, out := e.quote(supraSpellings[1], supraSpellings[3], "10", 500)
	if errObj, _ := out["error"].(map[string]any); code != 400 || errObj["code"] != "invalid_pair" {
		t.Fatalf("SUPRA against itself: %d %v", code, out)
	}
	// Bad input keeps its message.
	code, out = e.quote("0x1::supra_coin", "LUCKY", "10", 500)
	if errObj, _ := out["error"].(map[string]any); code != 400 || errObj["code"] != "unknown_token" ||
		errObj["message"] != fmt.Sprintf("Unknown token %q: use a token name or a coin type address::module::Name.", "0x1::supra_coin") {
		t.Fatalf("bad coin type: %d %v", code, out)
	}

	// Burn build: LUCKY named by its type, also in upper case, builds the same transfer.
	var summaries []string
	for _, tok := range luckySpellings {
		code, b := e.do("POST", "/api/v1/burn/build", fmt.Sprintf(`{"sender":%q,"token":%q,"amount":"1"}`, e.addr(0).String(), tok))
		if code != 200 {
			t.Fatalf("burn build %s: %d %v", tok, code, b)
		}
		sum, _ := b["summary"].(map[string]any)
		delete(sum, "expirationTimestampSecs") // wall clock: may tick between the builds
		s, _ := json.Marshal(sum)
		summaries = append(summaries, string(s))
	}
	for i, s := range summaries[1:] {
		if s != summaries[0] {
			t.Errorf("burn of %s: summary\n%s\nwant\n%s", luckySpellings[i+1], s, summaries[0])
		}
	}
}
