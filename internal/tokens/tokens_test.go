package tokens

import (
	"bytes"
	"encoding/json"
	"errors"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/luckycoin/lucky/internal/supra"
)

func TestEmbeddedRegistry(t *testing.T) {
	r, err := Load(slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	if n := len(r.All()); n != 18 {
		t.Fatalf("tokens = %d, want 18", n)
	}
	slots := r.Slots()
	if len(slots) != 16 || slots[0].Name != "SUPRA" || slots[1].Name != "LUCKY" || slots[15].Name != "NANA" {
		t.Fatalf("slot list wrong: %d tokens, first %s", len(slots), slots[0].Name)
	}
	minBets := map[string]string{"SUPRA": "10000000", "SPIKE": "10000000", "LUCKY": "10000000", "NANA": "10000000"}
	for name, want := range minBets {
		tok, ok := r.ByName(strings.ToLower(name))
		if !ok || tok.Slots.MinBetBase != want {
			t.Errorf("%s min bet = %+v, want %s", name, tok.Slots, want)
		}
	}
	for _, name := range []string{"SUPRA", "dexUSDC", "CASH"} {
		if tok, _ := r.ByName(name); tok.Burnable {
			t.Errorf("%s must not be burnable", name)
		}
	}
	if tok, ok := r.ByCoinType("0xfec116479f1fd3cb9732cc768e6061b0e45b178a610b9bc23c2143a6493e794::memecoins::SPIKE"); !ok || tok.Name != "SPIKE" || tok.Decimals != 3 {
		t.Errorf("SPIKE by short coin type: %+v %v", tok, ok)
	}
	lucky, _ := r.ByName("LuCkY")
	if lucky.TotalSupply == nil || *lucky.TotalSupply != "1000000000000000" || lucky.Telegram == "" {
		t.Errorf("LUCKY = %+v", lucky)
	}
	if _, ok := r.ByName("nope"); ok {
		t.Error("unknown name found")
	}
}

func TestParse(t *testing.T) {
	const ok = `{"name":"A","symbol":"A","coinType":"0x1::a::A","decimals":6,"logo":"/a.svg","totalSupply":"1"`
	tests := []struct {
		name    string
		json    string
		wantErr bool
		wantLog string
	}{
		{name: "minimal", json: `{"tokens":[` + ok + `}]}`},
		{name: "http link dropped", json: `{"tokens":[` + ok + `,"website":"http://a.example","x":"https://x.com/a"}]}`, wantLog: "not https"},
		{name: "javascript link dropped", json: `{"tokens":[` + ok + `,"telegram":"javascript:alert(1)"}]}`, wantLog: "not https"},
		{name: "bad coin type", json: `{"tokens":[{"name":"A","coinType":"A::B","decimals":6}]}`, wantErr: true},
		{name: "duplicate", json: `{"tokens":[` + ok + `},` + ok + `}]}`, wantErr: true},
		{name: "negative decimals", json: `{"tokens":[{"name":"A","coinType":"0x1::a::A","decimals":-1}]}`, wantErr: true},
		{name: "bad min bet", json: `{"tokens":[` + ok + `,"slots":{"minBet":"0.0000001"}}]}`, wantErr: true},
		{name: "bad supply", json: `{"tokens":[{"name":"A","coinType":"0x1::a::A","decimals":6,"totalSupply":"1e9"}]}`, wantErr: true},
		{name: "not json", json: `{`, wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var logs bytes.Buffer
			r, err := Parse([]byte(tt.json), slog.New(slog.NewTextHandler(&logs, nil)))
			if tt.wantErr {
				if !errors.Is(err, ErrInvalid) {
					t.Fatalf("err = %v", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(logs.String(), tt.wantLog) {
				t.Fatalf("log %q lacks %q", logs.String(), tt.wantLog)
			}
			tok := r.All()[0]
			for _, l := range []string{tok.Telegram, tok.Website, tok.X} {
				if l != "" && !strings.HasPrefix(l, "https://") {
					t.Fatalf("non-https link kept: %q", l)
				}
			}
		})
	}
}

// Every logo the registry names is shipped with the web app, so no token shows a broken
// image or costs a failed request.
func TestLogosShipped(t *testing.T) {
	r, err := Load(slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	for _, tok := range r.All() {
		if _, err := os.Stat(filepath.Join("..", "..", "web", "public", filepath.FromSlash(tok.Logo))); err != nil {
			t.Errorf("%s: logo %s: %v", tok.Name, tok.Logo, err)
		}
	}
}

// However a request writes a coin type's address (short, padded to 64 digits, with leading
// zeros, upper case), the registry finds the same token; text that is not a coin type
// finds nothing.
func TestByCoinTypeSpellings(t *testing.T) {
	r, err := Load(slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		in   string
		want string
	}{
		{"0x1::supra_coin::SupraCoin", "SUPRA"},
		{"0x01::supra_coin::SupraCoin", "SUPRA"},
		{"0x0000000000000000000000000000000000000000000000000000000000000001::supra_coin::SupraCoin", "SUPRA"},
		{" 0x1::supra_coin::SupraCoin ", "SUPRA"},
		{"0xfec116479f1fd3cb9732cc768e6061b0e45b178a610b9bc23c2143a6493e794::memecoins::SPIKE", "SPIKE"},
		{"0x0fec116479f1fd3cb9732cc768e6061b0e45b178a610b9bc23c2143a6493e794::memecoins::SPIKE", "SPIKE"},
		{"0x4205C82380BFF5708CD7C59E0043A45890A457A6CDB60C9191D818958FD7AC26::LUCKY::LUCKY", "LUCKY"},
		{"0x1::supra_coin::supracoin", ""},
		{"LUCKY", ""},
		{"", ""},
	}
	for _, tt := range tests {
		tok, ok := r.ByCoinType(tt.in)
		if ok != (tt.want != "") || tok.Name != tt.want {
			t.Errorf("ByCoinType(%q) = %q, %v; want %q", tt.in, tok.Name, ok, tt.want)
		}
		if c, err := supra.ParseCoinType(strings.TrimSpace(tt.in)); err == nil {
			if byCoin, _ := r.ByCoin(c); byCoin.Name != tok.Name {
				t.Errorf("ByCoin(%s) = %q, ByCoinType = %q", c, byCoin.Name, tok.Name)
			}
		}
	}
}

// The registry's JSON (what GET /api/v1/config sends) writes each coin type exactly as
// tokens.json does, even where that is not the canonical form (SPIKE's leading zero).
func TestTokenJSONKeepsRegistryText(t *testing.T) {
	r, err := Load(slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Tokens []json.RawMessage `json:"tokens"`
	}
	if err := json.Unmarshal(embedded, &doc); err != nil {
		t.Fatal(err)
	}
	for i, tok := range r.All() {
		got, err := json.Marshal(tok)
		if err != nil {
			t.Fatal(err)
		}
		var want, have map[string]any
		if err := json.Unmarshal(doc.Tokens[i], &want); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(got, &have); err != nil {
			t.Fatal(err)
		}
		if have["coinType"] != want["coinType"] {
			t.Errorf("%s coinType = %v, registry writes %v", tok.Name, have["coinType"], want["coinType"])
		}
		if tok.Coin().IsZero() || tok.Coin() != supra.MustCoinType(tok.CoinType) {
			t.Errorf("%s Coin() = %v", tok.Name, tok.Coin())
		}
	}
}

func TestRoles(t *testing.T) {
	r, err := Load(slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	app, ok := r.App()
	if !ok || app.Symbol != "LUCKY" {
		t.Errorf("App() = %q, %v", app.Symbol, ok)
	}
	usd, ok := r.USD()
	if !ok || usd.Symbol != "dexUSDC" {
		t.Errorf("USD() = %q, %v", usd.Symbol, ok)
	}
	native, ok := r.Native()
	if !ok || !native.Coin().IsNative() {
		t.Errorf("Native() = %q, %v", native.Symbol, ok)
	}
	none, err := Parse([]byte(`{"tokens":[{"name":"A","symbol":"A","coinType":"0x2::a::A","decimals":6}]}`), slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := none.App(); ok {
		t.Error("App() without a role")
	}
	if _, ok := none.Native(); ok {
		t.Error("Native() without SUPRA listed")
	}
	if _, err := Parse([]byte(`{"roles":{"app":"B"},"tokens":[{"name":"A","coinType":"0x2::a::A","decimals":6}]}`), slog.New(slog.DiscardHandler)); !errors.Is(err, ErrInvalid) {
		t.Errorf("role naming an unknown token: err = %v", err)
	}
	if _, err := Parse([]byte(`{"tokens":[{"name":"A","coinType":"0x2::a::A","decimals":6},{"name":"B","coinType":"0x02::a::A","decimals":6}]}`), slog.New(slog.DiscardHandler)); !errors.Is(err, ErrInvalid) {
		t.Errorf("one coin type listed twice: err = %v", err)
	}
}
