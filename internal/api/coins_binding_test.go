package api_test

import (
	"context"
	"errors"
	"strconv"
	"testing"
	"time"

	"github.com/luckycoin/lucky/internal/chain"
	"github.com/luckycoin/lucky/internal/config"
	"github.com/luckycoin/lucky/internal/supra"
)

// TestCoinAndBurnBindings drives chain's typed coin and burn bindings against the real
// devnet: coin info and supply, a transfer and a burn built from Go values, signed,
// submitted and checked through the API's balances and decoded events.
func TestCoinAndBurnBindings(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	n, _ := config.Lookup(config.Devnet)
	c := chain.New(e.client, n, e.reg, chain.Options{})
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()

	info, err := c.Coins.CoinInfo(ctx, supra.MustCoinType(luckyType))
	if err != nil || info.Symbol != "LUCKY" || info.Decimals != 6 || info.Name == "" || info.Supply == nil || info.Supply.Sign() <= 0 {
		t.Fatalf("CoinInfo %+v %v", info, err)
	}
	if s, err := c.Coins.CoinSupply(ctx, supra.MustCoinType(supra.SupraCoinType)); err != nil || s.Sign() <= 0 {
		t.Fatalf("SUPRA supply %v %v", s, err)
	}
	if _, err := c.Coins.CoinSupply(ctx, supra.MustCoinType("0x1::nope::Nope")); err == nil {
		t.Fatal("supply of a coin that does not exist")
	}

	to := supra.MustParseAddress("0x5eed77")
	b, err := c.Coins.BuildTransfer(ctx, e.addr(0), to, supra.MustCoinType(luckyType), 1_234_567)
	if err != nil || b.Summary.Function != "0x0000000000000000000000000000000000000000000000000000000000000001::supra_account::transfer_coins" ||
		b.Summary.TypeArguments[0] != luckyType || b.Summary.MaxGasAmount != strconv.Itoa(supra.DefaultMaxGas) {
		t.Fatalf("BuildTransfer %+v %v", b, err)
	}
	_, dec := e.decodedOf(e.signSubmit(b.RawHex, e.key(0)))
	if got := e.balance(to, "LUCKY"); got != "1234567" || dec["burn"] != nil {
		t.Fatalf("recipient LUCKY %s, decoded %v", got, dec)
	}
	if _, err := c.Coins.BuildTransfer(ctx, e.addr(0), to, supra.MustCoinType(luckyType), 0); !errors.Is(err, chain.ErrInvalidInput) {
		t.Fatalf("zero transfer: %v", err)
	}

	burn := supra.MustParseAddress(n.Modules.BurnAddress)
	before := e.balance(burn, "LUCKY")
	b, err = c.Burns.BuildBurn(ctx, e.addr(0), supra.MustCoinType(luckyType), 3_000_000)
	if err != nil {
		t.Fatal(err)
	}
	_, dec = e.decodedOf(e.signSubmit(b.RawHex, e.key(0)))
	if bm, _ := dec["burn"].(map[string]any); bm["amount"] != "3000000" || bm["token"] != "LUCKY" {
		t.Fatalf("decoded burn %v", dec)
	}
	if got := sub(t, e.balance(burn, "LUCKY"), before); got != "3000000" {
		t.Fatalf("burn address gained %s", got)
	}
	// A burn is a transfer: the supply the coin reports is unchanged.
	if s, err := c.Coins.CoinSupply(ctx, supra.MustCoinType(luckyType)); err != nil || s.Cmp(info.Supply) != 0 {
		t.Fatalf("supply after burn %v (was %v) %v", s, info.Supply, err)
	}
}
