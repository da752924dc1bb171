package contracts

import (
	"encoding/json"
	"errors"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/luckycoin/lucky/internal/devnet/contracts/slots"
	"github.com/luckycoin/lucky/internal/supra"
)

func TestGenesisClonesMainnet(t *testing.T) {
	g, err := DefaultGenesis()
	if err != nil {
		t.Fatal(err)
	}
	n := newNode(t)
	if err := n.CheckInvariants(); err != nil {
		t.Fatal(err)
	}
	// Every token at its coin type, decimals and supply.
	for _, tok := range g.Tokens {
		supply, _ := ParseUnits(tok.Supply, tok.Decimals)
		dec := view(t, n, "0x1::coin::decimals", []string{tok.CoinType})
		if string(dec[0]) != string(rune('0'+tok.Decimals)) {
			t.Errorf("%s decimals %s", tok.Symbol, dec[0])
		}
		got := view(t, n, "0x1::coin::supply", []string{tok.CoinType})
		want := `{"vec":["` + supraU64(supply) + `"]}`
		if string(got[0]) != want {
			t.Errorf("%s supply %s want %s", tok.Symbol, got[0], want)
		}
	}
	if len(g.Tokens) != 19 { // 18 registry tokens + MINE
		t.Fatalf("%d tokens", len(g.Tokens))
	}
	acct := n.Accounts()
	lucky0 := n.Balance(acct[0].Address, luckyType)
	lucky1 := n.Balance(acct[1].Address, luckyType)
	if lucky0 <= 250_000_000_000 || lucky1 == 0 || lucky1 >= 250_000_000_000 {
		t.Fatalf("LUCKY spread: %d %d", lucky0, lucky1)
	}
	for _, tok := range g.Tokens {
		if tok.Symbol != "MINE" && n.Balance(acct[0].Address, tok.CoinType) == 0 {
			t.Errorf("account 0 has no %s", tok.Symbol)
		}
		if tok.Symbol != "SUPRA" && n.Balance(acct[2].Address, tok.CoinType) != 0 {
			t.Errorf("account 2 holds %s", tok.Symbol)
		}
	}
	if n.Balance(acct[3].Address, MineCoinType) == 0 {
		t.Error("no MINE holder")
	}
	if n.Balance(BurnAddress, luckyType) != 50_000_000_000_000 {
		t.Error("burned LUCKY")
	}
	// House funds for the 16 slot tokens, through both views.
	if len(g.HouseFunds) != 16 {
		t.Fatalf("%d house funds", len(g.HouseFunds))
	}
	if got := viewU64(t, n, "0xb4ba040eb59c3b3c3776b7a603d896781e48bbf5fcea559c495814b5cde29b2b::slots_v3::get_supra_coin_house_fund_balance_view", nil); got != 1_000_000*100_000_000 {
		t.Errorf("SUPRA house fund %d", got)
	}
	for sym := range g.HouseFunds {
		tok, _ := g.Token(sym)
		want, _ := g.Amount(sym, g.HouseFunds[sym])
		got := viewU64(t, n, "0xb4ba040eb59c3b3c3776b7a603d896781e48bbf5fcea559c495814b5cde29b2b::slots_v3::get_house_fund_balance_view", []string{tok.CoinType}, tok.CoinType)
		if got != want {
			t.Errorf("%s house fund %d want %d", sym, got, want)
		}
	}
	// Pools: both argument orders, prices as documented.
	for _, p := range g.Pools {
		tok, _ := g.Token(p.Token)
		quote, _ := g.Token(g.QuoteSymbol(p))
		rt, _ := g.Amount(p.Token, p.TokenAmount)
		rs, _ := g.Amount(quote.Symbol, p.QuoteWhole())
		curve := []string{tok.CoinType, quote.CoinType, UncorrelatedType}
		res := view(t, n, "0xdc694898dff98a1b0447e0992d0413e123ea80da1021d464a4fbaf0265870d8::router::get_reserves_size", curve)
		if string(res[0]) != `"`+supraU64(rt)+`"` || string(res[1]) != `"`+supraU64(rs)+`"` {
			t.Errorf("%s reserves %s %s", p.Token, res[0], res[1])
		}
		ok := view(t, n, "0xdc694898dff98a1b0447e0992d0413e123ea80da1021d464a4fbaf0265870d8::router::is_swap_exists", []string{quote.CoinType, tok.CoinType, UncorrelatedType})
		if string(ok[0]) != "true" {
			t.Errorf("%s pool missing", p.Token)
		}
	}
	// The LUCKY/dexUSDC pool quotes LUCKY at the price the two SUPRA pools imply:
	// (1,000,000 SUPRA / 150,000,000 LUCKY) × (75,000 dexUSDC / 10,000,000 SUPRA) = $0.00005
	// = 1,000 dexUSDC / 20,000,000 LUCKY.
	res := view(t, n, "0xdc694898dff98a1b0447e0992d0413e123ea80da1021d464a4fbaf0265870d8::router::get_reserves_size", []string{usdcType, luckyType, UncorrelatedType})
	if string(res[0]) != `"1000000000"` || string(res[1]) != `"20000000000000"` {
		t.Errorf("dexUSDC/LUCKY reserves %s %s", res[0], res[1])
	}
	// SUPRA ≈ $0.0075: 1 SUPRA buys about 0.0075 dexUSDC.
	out := viewU64(t, n, "0xdc694898dff98a1b0447e0992d0413e123ea80da1021d464a4fbaf0265870d8::router::get_amount_out", []string{SupraCoinType, usdcType, UncorrelatedType}, "100000000")
	if out < 7_400 || out > 7_500 {
		t.Errorf("1 SUPRA → %d dexUSDC base units", out)
	}
}

func supraU64(v uint64) string {
	b, _ := supra.U64(v).MarshalJSON()
	return string(b[1 : len(b)-1])
}

func TestParseUnits(t *testing.T) {
	cases := []struct {
		in   string
		dec  uint8
		want uint64
		err  bool
	}{
		{"0.1", 8, 10_000_000, false},
		{"10000", 3, 10_000_000, false},
		{"100000000000", 8, 10_000_000_000_000_000_000, false},
		{"1.5", 0, 0, true},
		{"1e9", 6, 0, true},
		{"", 6, 0, true},
		{"-1", 6, 0, true},
		{"200000000000", 8, 0, true}, // above u64
	}
	for _, c := range cases {
		got, err := ParseUnits(c.in, c.dec)
		if (err != nil) != c.err || got != c.want {
			t.Errorf("ParseUnits(%q,%d) = %d,%v", c.in, c.dec, got, err)
		}
		if err != nil && !errors.Is(err, ErrGenesis) {
			t.Errorf("error not wrapped: %v", err)
		}
	}
	if _, err := ParseGenesis([]byte(`{"version":1,"tokens":[{"symbol":"SUPRA","coin_type":"0x1::supra_coin::SupraCoin","decimals":8,"supply":"1"}],"burned":{"SUPRA":"2"}}`)); !errors.Is(err, ErrGenesis) {
		t.Fatal("over-distribution accepted", err)
	}
	// The native coin is found by its type, however its address is written; a genesis
	// without it is refused for that reason.
	def, err := DefaultGenesis()
	if err != nil || def.NativeSymbol() != "SUPRA" || def.QuoteSymbol(GenesisPool{Token: "LUCKY"}) != "SUPRA" {
		t.Fatalf("default genesis native coin: %v", err)
	}
	padded := strings.Replace(string(genesisJSON), `"0x1::supra_coin::SupraCoin"`,
		`"0x0000000000000000000000000000000000000000000000000000000000000001::supra_coin::SupraCoin"`, 1)
	if g, err := ParseGenesis([]byte(padded)); err != nil || g.NativeSymbol() != "SUPRA" {
		t.Fatalf("native coin with a padded address: %v", err)
	}
	if _, err := ParseGenesis([]byte(`{"version":1,"tokens":[{"symbol":"USDC","coin_type":"0x2::usdc::USDC","decimals":6,"supply":"100"}]}`)); !errors.Is(err, ErrGenesis) || !strings.Contains(err.Error(), "no native coin") {
		t.Errorf("genesis without the native coin: %v", err)
	}
	for _, pool := range []string{
		`{"token":"SUPRA","token_amount":"1","supra_amount":"1"}`,                // SUPRA/SUPRA
		`{"token":"USDC","quote":"SUPRA","token_amount":"1","supra_amount":"1"}`, // quote and supra_amount
	} {
		doc := `{"version":1,"tokens":[{"symbol":"SUPRA","coin_type":"0x1::supra_coin::SupraCoin","decimals":8,"supply":"100"},` +
			`{"symbol":"USDC","coin_type":"0x2::usdc::USDC","decimals":6,"supply":"100"}],"pools":[` + pool + `]}`
		if _, err := ParseGenesis([]byte(doc)); !errors.Is(err, ErrGenesis) {
			t.Errorf("pool %s accepted: %v", pool, err)
		}
	}
}

func TestAddresses(t *testing.T) {
	if slots.Address(PlaceholderAddress) != slots.PlaceholderPartner() {
		t.Fatal("placeholder address differs from the slots placeholder")
	}
	for _, a := range []supra.Address{TreasuryAddress, StakingAddress, MinersAddress, SlotsFeeCollector} {
		if a[30] != 0xde || a.ShortString()[:4] != "0xde" {
			t.Errorf("%s is not a 0x…deNN devnet address", a)
		}
	}
	if BurnAddress.String() != "0x00000000000000000000000000000000ffffffffffffffffffffffffffffffff" {
		t.Fatal(BurnAddress)
	}
}

// Block 0 holds the genesis transaction: every genesis balance and pool as the deposit and
// liquidity events that made them, found by hash and by the events query, and listed for
// no account (nobody sent it).
func TestGenesisTransaction(t *testing.T) {
	n := newNode(t)
	get := func(path string, out any) {
		t.Helper()
		rec := httptest.NewRecorder()
		n.Handler().ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		if rec.Code != 200 {
			t.Fatalf("%s: %d %s", path, rec.Code, rec.Body)
		}
		if err := json.Unmarshal(rec.Body.Bytes(), out); err != nil {
			t.Fatal(err)
		}
	}
	var b0 supra.Block
	get("/rpc/v1/block/height/0?with_finalized_transactions=true", &b0)
	if len(b0.Transactions) != 1 {
		t.Fatalf("block 0 has %d transactions", len(b0.Transactions))
	}
	g := b0.Transactions[0]
	if g.Status != supra.StatusSuccess || g.Header.Sender.Move != supra.FrameworkAddress.String() || g.Payload.Move.Function != "0x1::genesis::initialize" {
		t.Fatalf("genesis tx %+v", g)
	}
	deposited := map[string]uint64{} // LUCKY per account, from the events alone
	pools := 0
	for _, ev := range g.Output.Move.Events {
		var d struct {
			Account  string    `json:"account"`
			Amount   supra.U64 `json:"amount"`
			CoinType string    `json:"coin_type"`
		}
		switch {
		case ev.Type == "0x1::coin::CoinDeposit" || ev.Type == "0x1::coin::CoinWithdraw":
			if err := json.Unmarshal(ev.Data, &d); err != nil {
				t.Fatal(err)
			}
			if d.CoinType != luckyType {
				continue
			}
			if ev.Type == "0x1::coin::CoinDeposit" {
				deposited[d.Account] += uint64(d.Amount)
			} else {
				deposited[d.Account] -= uint64(d.Amount)
			}
		case ev.Type == LiquidityAddedEventType || strings.HasPrefix(ev.Type, LiquidityAddedEventType+"<"): // minimal events: generic
			pools++
		}
	}
	acct := n.Accounts()
	for _, a := range []supra.Address{acct[0].Address, acct[1].Address, BurnAddress, TreasuryAddress, DexlynPoolAccount} {
		if got, want := deposited[a.String()], n.Balance(a, luckyType); got != want {
			t.Errorf("%s: genesis events give %d LUCKY, balance %d", a, got, want)
		}
	}
	gen, _ := DefaultGenesis()
	if pools != len(gen.Pools) {
		t.Errorf("%d LiquidityAddedEvents, %d genesis pools", pools, len(gen.Pools))
	}
	var byHash supra.TransactionInfo
	get("/rpc/v1/transactions/"+g.Hash, &byHash)
	if byHash.Hash != g.Hash || byHash.BlockHeader == nil || byHash.BlockHeader.Height != 0 {
		t.Fatalf("by hash %+v", byHash)
	}
	var evs supra.EventsResponse
	get("/rpc/v1/events/"+LiquidityAddedEventType+"?start=0&end=1", &evs)
	if len(evs.Data) != len(gen.Pools) {
		t.Fatalf("events query: %d liquidity events in block 0", len(evs.Data))
	}
	var txs supra.AccountTransactions
	get("/rpc/v1/accounts/0x1/transactions?count=10", &txs)
	if len(txs.Record) != 0 {
		t.Fatalf("0x1 lists %d transactions", len(txs.Record))
	}
}
