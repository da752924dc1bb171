package api_test

import (
	"math/big"
	"testing"

	"github.com/luckycoin/lucky/internal/chain"
	"github.com/luckycoin/lucky/internal/config"
	"github.com/luckycoin/lucky/internal/devnet/contracts"
	"github.com/luckycoin/lucky/internal/devnet/devnettest"
	"github.com/luckycoin/lucky/internal/supra"
)

// The burn figures the pages show beside their claims (burned by sells, by play, by fees)
// are sums of the chain's events: through the real route table and index, each figure
// grows by exactly the LUCKY deposits to the burn address in the transactions of its kind
// (a sell, a play, one sent by the fee collector), and the spin fees by the LUCKY the fee
// collector received in the plays. On the devnet, whose contracts burn nothing on a sell
// or a play, those sums are zero: the figure says so rather than the copy claiming a burn.
func TestBurnSourcesAreChainSums(t *testing.T) {
	e := newIndexEnv(t)
	n := config.Presets()[0]
	burn := supra.MustParseAddress(n.Modules.BurnAddress)
	collector := supra.MustParseAddress(n.SlotsFeeCollector())
	e.sync()
	before := e.mustOK("GET", "/api/v1/burns/sources", "")

	sell := e.submit(0, devnettest.Call{Function: idxSwap, TypeArgs: []string{idxLucky, contracts.SupraCoinType, contracts.UncorrelatedType},
		Args: [][]byte{devnettest.U64(5_000_000_000), devnettest.U64(0)}})
	buy := e.submit(2, devnettest.Call{Function: idxSwap, TypeArgs: []string{contracts.SupraCoinType, idxLucky, contracts.UncorrelatedType},
		Args: [][]byte{devnettest.U64(1_000_000_000), devnettest.U64(0)}})
	play := e.submit(1, devnettest.Call{Function: idxPlay, TypeArgs: []string{idxLucky},
		Args: [][]byte{devnettest.U64(10_000_000), devnettest.U64(5), devnettest.Str(idxLucky), devnettest.Addr(contracts.PlaceholderAddress)}})
	own := e.submit(0, devnettest.Call{Function: "0x1::supra_account::transfer_coins", TypeArgs: []string{idxLucky},
		Args: [][]byte{devnettest.Addr(burn), devnettest.U64(3_000_000)}})
	e.sync()
	after := e.mustOK("GET", "/api/v1/burns/sources", "")

	// deposits sums the LUCKY deposited to addr by the transactions' events.
	lucky, err := supra.ParseCoinType(idxLucky)
	if err != nil {
		t.Fatal(err)
	}
	deposits := func(addr supra.Address, txs ...supra.TransactionInfo) *big.Int {
		sum := new(big.Int)
		for _, tx := range txs {
			for _, ev := range tx.Output.Move.Events {
				ce, ok, err := chain.DecodeCoinEvent(ev)
				if err != nil {
					t.Fatal(err)
				}
				if ok && ce.Deposit && ce.Account == addr && sameCoin(ce.CoinType, lucky) {
					sum.Add(sum, new(big.Int).SetUint64(ce.Amount))
				}
			}
		}
		return sum
	}
	grew := func(key string) *big.Int {
		t.Helper()
		field := func(m map[string]any) *big.Int {
			v, ok := new(big.Int).SetString(m[key].(map[string]any)["amount"].(string), 10)
			if !ok {
				t.Fatalf("%s: %v", key, m[key])
			}
			return v
		}
		return new(big.Int).Sub(field(after), field(before))
	}
	for _, c := range []struct {
		key  string
		want *big.Int
	}{
		{"bySells", deposits(burn, sell, buy)},
		{"byPlay", deposits(burn, play)},
		{"byFees", new(big.Int)}, // no transaction here was sent by the collector
		{"byHolders", deposits(burn, own)},
		{"spinFees", deposits(collector, play)},
	} {
		if got := grew(c.key); got.Cmp(c.want) != 0 {
			t.Errorf("%s grew by %s, the chain's events sum to %s", c.key, got, c.want)
		}
	}
	// The devnet's contracts: a sell and a play burn nothing, the play pays its fee to the
	// collector, and a holder's transfer to the burn address is the one burn.
	if deposits(burn, sell, buy, play).Sign() != 0 || deposits(collector, play).Sign() <= 0 || deposits(burn, own).Int64() != 3_000_000 {
		t.Fatalf("the devnet's contracts changed: the copy about sells, play and fees must follow")
	}
	if after["burnAddress"] != burn.String() || after["feeCollector"] != collector.String() || after["token"] != "LUCKY" {
		t.Fatalf("sources: %v %v %v", after["burnAddress"], after["feeCollector"], after["token"])
	}
}

func sameCoin(s string, c supra.CoinType) bool {
	got, err := supra.ParseCoinType(s)
	return err == nil && got == c
}
