package chain

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"log/slog"
	"math/big"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/luckycoin/lucky/internal/config"
	"github.com/luckycoin/lucky/internal/supra"
	"github.com/luckycoin/lucky/internal/tokens"
)

func mustType(t *testing.T, s string) supra.TypeTag {
	t.Helper()
	tt, err := supra.ParseTypeTag(s)
	if err != nil {
		t.Fatal(err)
	}
	return tt
}

func TestEncodeArg(t *testing.T) {
	addr1 := "0x" + strings.Repeat("0", 63) + "1"
	tests := []struct {
		typ, arg string
		want     string // hex
		code     string
		msg      string
	}{
		{"u8", `"255"`, "ff", "", ""},
		{"u8", `7`, "07", "", ""},
		{"u8", `"256"`, "", CodeInvalidArgument, "out of range"},
		{"u16", `"513"`, "0102", "", ""},
		{"u32", `"1"`, "01000000", "", ""},
		{"u64", `"100000000"`, "00e1f50500000000", "", ""},
		{"u64", `"18446744073709551615"`, "ffffffffffffffff", "", ""},
		{"u64", `"18446744073709551616"`, "", CodeInvalidArgument, "out of range"},
		{"u64", `"1.5"`, "", CodeInvalidArgument, MsgInvalidNumber},
		{"u64", `"abc"`, "", CodeInvalidArgument, MsgInvalidNumber},
		{"u64", `""`, "", CodeInvalidArgument, MsgInvalidNumber},
		{"u64", `"-1"`, "", CodeInvalidArgument, MsgInvalidNumber},
		{"u64", `"1e3"`, "", CodeInvalidArgument, MsgInvalidNumber},
		{"u64", `true`, "", CodeInvalidArgument, MsgInvalidNumber},
		{"u128", `"1"`, "01" + strings.Repeat("00", 15), "", ""},
		{"u256", `"340282366920938463463374607431768211456"`, strings.Repeat("00", 16) + "01" + strings.Repeat("00", 15), "", ""},
		{"bool", `"true"`, "01", "", ""},
		{"bool", `false`, "00", "", ""},
		{"bool", `"yes"`, "", CodeInvalidArgument, MsgInvalidBool},
		{"bool", `1`, "", CodeInvalidArgument, MsgInvalidBool},
		{"address", `"0x1"`, strings.Repeat("00", 31) + "01", "", ""},
		{"address", `"` + addr1 + `"`, strings.Repeat("00", 31) + "01", "", ""},
		{"address", `"0x` + strings.Repeat("1", 65) + `"`, "", CodeInvalidAddress, supra.AddressLengthMessage},
		{"address", `12`, "", CodeInvalidAddress, ""},
		{"0x1::string::String", `"hi"`, "026869", "", ""},
		{"0x1::string::String", `5`, "", CodeInvalidArgument, "string"},
		{"vector<u8>", `"0x0102"`, "020102", "", ""},
		{"vector<u8>", `[1,2,3]`, "03010203", "", ""},
		{"vector<u8>", `"hello"`, "", CodeInvalidArgument, "hex"},
		{"vector<u64>", `["1","2"]`, "02" + "0100000000000000" + "0200000000000000", "", ""},
		{"vector<u64>", `"1"`, "", CodeInvalidArgument, "array"},
		{"vector<bool>", `["true","x"]`, "", CodeInvalidArgument, MsgInvalidBool},
		{"vector<address>", `[]`, "00", "", ""},
		{"vector<0x1::string::String>", `["a","bc"]`, "02016102626300"[:12], "", ""},
		{"0x1::option::Option<u64>", `null`, "00", "", ""},
		{"0x1::option::Option<u64>", `["5"]`, "010500000000000000", "", ""},
		{"0x1::option::Option<u64>", `{"vec":["5"]}`, "010500000000000000", "", ""},
		{"0x1::option::Option<u64>", `"5"`, "010500000000000000", "", ""},
		{"0x1::option::Option<u64>", `["1","2"]`, "", CodeInvalidArgument, "at most one"},
		{"0x1::option::Option", `null`, "", CodeInvalidTypeArgs, "Option"},
		{"0x1::object::Object<0x1::coin::CoinInfo>", `"0x1"`, strings.Repeat("00", 31) + "01", "", ""},
		{"0x1::coin::Coin<u8>", `"1"`, "", CodeInvalidArgument, "Unsupported"},
		{"signer", `"0x1"`, "", CodeInvalidArgument, "Unsupported"},
	}
	for _, tt := range tests {
		t.Run(tt.typ+" "+tt.arg, func(t *testing.T) {
			got, err := EncodeArg(mustType(t, tt.typ), json.RawMessage(tt.arg))
			if tt.code != "" {
				var ie *InputError
				if !errors.As(err, &ie) || ie.Code != tt.code || !strings.Contains(ie.Msg, tt.msg) || !errors.Is(err, ErrInvalidInput) {
					t.Fatalf("err %v, want %s containing %q", err, tt.code, tt.msg)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if h := hex.EncodeToString(got); h != tt.want {
				t.Fatalf("got %s, want %s", h, tt.want)
			}
		})
	}
}

func TestResolveParamType(t *testing.T) {
	lucky := mustType(t, "0x42::LUCKY::LUCKY")
	tests := []struct{ param, want string }{
		{"u64", "u64"},
		{"&signer", "signer"},
		{"T0", "0x42::LUCKY::LUCKY"},
		{"vector<T0>", "vector<0x42::LUCKY::LUCKY>"},
		{"0x1::option::Option<T0>", "0x1::option::Option<0x42::LUCKY::LUCKY>"},
		{"0x1::string::String", "0x1::string::String"},
	}
	for _, tt := range tests {
		got, err := ResolveParamType(tt.param, []supra.TypeTag{lucky})
		if err != nil || got.String() != tt.want {
			t.Errorf("%s: %v %v", tt.param, got, err)
		}
	}
	if _, err := ResolveParamType("T1", []supra.TypeTag{lucky}); !errors.Is(err, ErrBadResponse) {
		t.Errorf("T1 with one type argument: %v", err)
	}
}

func TestParseFunction(t *testing.T) {
	tests := []struct{ in, msg string }{
		{"0x1::coin::transfer", ""},
		{"0x1::coin", "address::module::function"},
		{"0x1::coin::transfer::x", "address::module::function"},
		{"zz::coin::transfer", MsgInvalidModuleID},
		{"0x1::::transfer", MsgInvalidModuleID},
		{"0x1::coin::", "Invalid function name"},
	}
	for _, tt := range tests {
		_, err := ParseFunction(tt.in)
		if tt.msg == "" {
			if err != nil {
				t.Errorf("%s: %v", tt.in, err)
			}
			continue
		}
		var ie *InputError
		if !errors.As(err, &ie) || ie.Code != CodeInvalidFunction || !strings.Contains(ie.Msg, tt.msg) {
			t.Errorf("%s: %v", tt.in, err)
		}
	}
}

// Node-shaped events, as the Supra node and the devnet write them.
const (
	playEventFixture = `{"guid":{"creation_number":"0","account_address":"0x0"},"sequence_number":"0",
"type":"0xb4ba040eb59c3b3c3776b7a603d896781e48bbf5fcea559c495814b5cde29b2b::slots_v3::PlayEvent",
"data":{"player":"0x85e8","token_type":"0x4205c82380bff5708cd7c59e0043a45890a457a6cdb60c9191d818958fd7ac26::LUCKY::LUCKY",
"bet_per_spin":"10000000","number_of_spins":"3","spin_results":[{"tier_index":6,"prize_won":"500000000"},{"tier_index":0,"prize_won":"0"},{"tier_index":"3","prize_won":15000000}],"total_prize":"515000000"}}`
	swapEventFixture = `{"guid":{"creation_number":"0","account_address":"0x0"},"sequence_number":"0",
"type":"0xdc694898dff98a1b0447e0992d0413e123ea80da1021d464a4fbaf0265870d8::liquidity_pool::SwapEvent<0x1::supra_coin::SupraCoin, 0x42::LUCKY::LUCKY, 0xdc694898dff98a1b0447e0992d0413e123ea80da1021d464a4fbaf0265870d8::curves::Uncorrelated>",
"data":{"pair_x":"0x1::supra_coin::SupraCoin","pair_y":"0x42::LUCKY::LUCKY","x_in":"100","x_out":"0","y_in":"0","y_out":"95","timestamp":"1700000000"}}`
	depositFixture  = `{"guid":{"creation_number":"0","account_address":"0x0"},"sequence_number":"0","type":"0x1::coin::CoinDeposit","data":{"account":"0x85e8","amount":"515000000","coin_type":"0x42::LUCKY::LUCKY"}}`
	withdrawFixture = `{"guid":{"creation_number":"0","account_address":"0x0"},"sequence_number":"0","type":"0x1::coin::CoinWithdraw","data":{"account":"0x85e8","amount":"30000000","coin_type":"0x42::LUCKY::LUCKY"}}`
	feeFixture      = `{"guid":{"creation_number":"0","account_address":"0x0"},"sequence_number":"0","type":"0x1::transaction_fee::FeeStatement","data":{"total_charge_gas_units":"9"}}`
)

func events(t *testing.T, raw ...string) []supra.Event {
	t.Helper()
	out := make([]supra.Event, len(raw))
	for i, r := range raw {
		if err := json.Unmarshal([]byte(r), &out[i]); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

func testClient(t *testing.T) *Client {
	t.Helper()
	reg, err := tokens.Load(slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	n, _ := config.Lookup(config.Mainnet)
	node, _ := supra.NewClient([]string{"http://127.0.0.1:1"})
	return New(node, n, reg, Options{})
}

func TestDecodeEvents(t *testing.T) {
	c := testClient(t)
	evs := events(t, withdrawFixture, depositFixture, feeFixture, playEventFixture, swapEventFixture)
	p, err := c.Slots.FindPlayEvent(TxContext{}, evs)
	if err != nil || p == nil {
		t.Fatalf("play %v %v", p, err)
	}
	if p.TotalPrize != 515_000_000 || p.NumberOfSpins != 3 || p.BetPerSpin != 10_000_000 || len(p.SpinResults) != 3 ||
		p.SpinResults[0] != (SpinResult{6, 500_000_000}) || p.SpinResults[2] != (SpinResult{3, 15_000_000}) ||
		p.Player != supra.MustParseAddress("0x85e8") || p.Wagered().Cmp(big.NewInt(30_000_000)) != 0 {
		t.Fatalf("play %+v", p)
	}
	pj := jsonOf(t, p)
	if pj["token"] != "LUCKY" || pj["totalPrize"] != "515000000" || pj["spinResults"].([]any)[1].(map[string]any)["prizeWon"] != "0" {
		t.Fatalf("play json %+v", pj)
	}
	s, err := c.Dex.FindSwapEvent(evs)
	if err != nil || s == nil || s.XIn != 100 || s.YOut != 95 || s.PairY != "0x42::LUCKY::LUCKY" || s.Timestamp != 1_700_000_000 {
		t.Fatalf("swap %+v %v", s, err)
	}
	if sj := jsonOf(t, s); sj["xIn"] != "100" || sj["yOut"] != "95" {
		t.Fatalf("swap json %+v", sj)
	}
	ce, ok, err := DecodeCoinEvent(evs[0])
	if !ok || err != nil || ce.Deposit || ce.Amount != 30_000_000 || ce.CoinType != "0x42::LUCKY::LUCKY" {
		t.Fatalf("withdraw %+v %v %v", ce, ok, err)
	}
	if _, ok, _ := DecodeCoinEvent(evs[2]); ok {
		t.Fatal("fee statement decoded as a coin event")
	}
	if p, err := c.Slots.FindPlayEvent(TxContext{}, evs[:3]); p != nil || !errors.Is(err, ErrEventNotFound) {
		t.Fatalf("no PlayEvent: %v %v", p, err)
	}
	bad := events(t, strings.Replace(playEventFixture, `"total_prize":"515000000"`, `"total_prize":"x"`, 1))
	if _, err := c.Slots.FindPlayEvent(TxContext{}, bad); !errors.Is(err, ErrBadResponse) {
		t.Fatalf("bad PlayEvent: %v", err)
	}
}

// jsonOf is v as the API writes it.
func jsonOf(t *testing.T, v any) map[string]any {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

type countingSource struct{ calls atomic.Int32 }

func (s *countingSource) ModuleABI(_ context.Context, id supra.ModuleID) (*MoveModule, error) {
	s.calls.Add(1)
	if id.Name == "missing" {
		return nil, ErrModuleNotFound
	}
	return &MoveModule{Name: id.Name}, nil
}

func TestABICache(t *testing.T) {
	src := &countingSource{}
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	c := newABICache(src, ABICacheTTL, func() time.Time { return now })
	id := supra.ModuleID{Address: supra.FrameworkAddress, Name: "coin"}
	ctx := context.Background()
	for range 3 {
		if m, err := c.get(ctx, id); err != nil || m.Name != "coin" {
			t.Fatal(m, err)
		}
	}
	if src.calls.Load() != 1 {
		t.Fatalf("fetched %d times within the TTL", src.calls.Load())
	}
	now = now.Add(ABICacheTTL - time.Second)
	c.get(ctx, id)
	if src.calls.Load() != 1 {
		t.Fatal("refetched before 10 minutes")
	}
	now = now.Add(2 * time.Second)
	c.get(ctx, id)
	if src.calls.Load() != 2 {
		t.Fatal("not refetched after 10 minutes")
	}
	missing := supra.ModuleID{Address: supra.FrameworkAddress, Name: "missing"}
	for range 2 {
		if _, err := c.get(ctx, missing); !errors.Is(err, ErrModuleNotFound) {
			t.Fatal(err)
		}
	}
	if src.calls.Load() != 4 {
		t.Fatal("failures must not be cached")
	}
	if _, err := newABICache(nil, time.Minute, time.Now).get(ctx, id); !errors.Is(err, ErrNotConfigured) {
		t.Fatal(err)
	}
}

// TestValidateSpin covers the order and texts of the slots' "Before spinning" rule (docs/product.md), including a
// registry entry with a bad partner address (the shipped registry's partners are valid).
func TestValidateSpin(t *testing.T) {
	reg, err := tokens.Parse([]byte(`{"tokens":[
	 {"name":"LUCKY","symbol":"LUCKY","coinType":"0x42::LUCKY::LUCKY","decimals":6,"slots":{"order":0,"minBet":"10","partner":"0x`+strings.Repeat("f", 64)+`"}},
	 {"name":"BADP","symbol":"BADP","coinType":"0x43::B::B","decimals":6,"slots":{"order":1,"minBet":"10","partner":"0xffff"}},
	 {"name":"BADH","symbol":"BADH","coinType":"0x44::B::B","decimals":6,"slots":{"order":2,"minBet":"10","partner":"0x`+strings.Repeat("g", 64)+`"}},
	 {"name":"SPIKE","symbol":"SPIKE","coinType":"0x45::S::S","decimals":3,"slots":{"order":3,"minBet":"10000","partner":"0x`+strings.Repeat("1", 64)+`"}}]}`),
		slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	tok := func(n string) tokens.Token { x, _ := reg.ByName(n); return x }
	u := func(v uint64) *uint64 { return &v }
	tests := []struct {
		name string
		s    SpinCheck
		code string
		msg  string
	}{
		{"pot not loaded", SpinCheck{Token: tok("LUCKY"), BetPerSpin: 10e6, Spins: big.NewInt(1), Balance: u(1e12)}, CodePotUnavailable, "House pot balance is unavailable or zero!"},
		{"pot zero beats everything", SpinCheck{Token: tok("LUCKY"), BetPerSpin: 1, Spins: big.NewInt(0), Pot: u(0)}, CodePotUnavailable, "House pot balance is unavailable or zero!"},
		{"5x pot, floored display", SpinCheck{Token: tok("LUCKY"), BetPerSpin: 10_005_559, Spins: big.NewInt(1), Pot: u(2_001_111), Balance: u(1e12)}, CodeTotalBetTooLarge,
			"Total bet (10.00 LUCKY) exceeds 5x house pot (10.00 LUCKY)!"},
		{"5x pot, exactly at the limit is fine then min bet", SpinCheck{Token: tok("LUCKY"), BetPerSpin: 5_000_000, Spins: big.NewInt(1), Pot: u(1_000_000), Balance: u(1e12)}, CodeMinBet, "Minimum bet is 10 LUCKY!"},
		{"huge spins overflow u64 but compare exactly", SpinCheck{Token: tok("LUCKY"), BetPerSpin: 1 << 62, Spins: big.NewInt(1000), Pot: u(1 << 62), Balance: u(1e12)}, CodeTotalBetTooLarge, ""},
		{"min bet SPIKE", SpinCheck{Token: tok("SPIKE"), BetPerSpin: 9_999_999, Spins: big.NewInt(1), Pot: u(1e12), Balance: u(1e12)}, CodeMinBet, "Minimum bet is 10000 SPIKE!"},
		{"spins 0", SpinCheck{Token: tok("LUCKY"), BetPerSpin: 10e6, Spins: big.NewInt(0), Pot: u(1e12), Balance: u(1e12)}, CodeSpinsOutOfRange, "Number of spins must be between 1 and 1000!"},
		{"spins 1001", SpinCheck{Token: tok("LUCKY"), BetPerSpin: 10e6, Spins: big.NewInt(1001), Pot: u(1e12), Balance: u(1e12)}, CodeSpinsOutOfRange, "Number of spins must be between 1 and 1000!"},
		{"balance not loaded", SpinCheck{Token: tok("LUCKY"), BetPerSpin: 10e6, Spins: big.NewInt(1), Pot: u(1e12)}, CodeInsufficient, "Insufficient LUCKY balance!"},
		{"balance one short", SpinCheck{Token: tok("LUCKY"), BetPerSpin: 10e6, Spins: big.NewInt(3), Pot: u(1e12), Balance: u(30e6 - 1)}, CodeInsufficient, "Insufficient LUCKY balance!"},
		{"bad partner length", SpinCheck{Token: tok("BADP"), BetPerSpin: 10e6, Spins: big.NewInt(1), Pot: u(1e12), Balance: u(1e12)}, CodeInvalidPartner, "Invalid partner address for BADP: 0xffff"},
		{"bad partner hex", SpinCheck{Token: tok("BADH"), BetPerSpin: 10e6, Spins: big.NewInt(1), Pot: u(1e12), Balance: u(1e12)}, CodeInvalidPartner, "Invalid partner address for BADH: 0x" + strings.Repeat("g", 64)},
		{"ok", SpinCheck{Token: tok("LUCKY"), BetPerSpin: 10e6, Spins: big.NewInt(3), Pot: u(1e12), Balance: u(30e6)}, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := ValidateSpin(tt.s)
			if tt.code == "" {
				if err != nil || p != supra.MustParseAddress("0x"+strings.Repeat("f", 64)) {
					t.Fatalf("%v %v", p, err)
				}
				return
			}
			var ie *InputError
			if !errors.As(err, &ie) || ie.Code != tt.code || (tt.msg != "" && ie.Msg != tt.msg) {
				t.Fatalf("got %v, want %s %q", err, tt.code, tt.msg)
			}
		})
	}
}
