package api_test

import (
	"context"
	"encoding/json"
	"math/big"
	"testing"

	"github.com/luckycoin/lucky/internal/chain"
	"github.com/luckycoin/lucky/internal/config"
	"github.com/luckycoin/lucky/internal/devnet/contracts"
	"github.com/luckycoin/lucky/internal/devnet/devnettest"
	"github.com/luckycoin/lucky/internal/supra"
)

// chainBalance reads 0x1::coin::balance<coin>(addr) from the node, as a wallet would.
func (e *env) chainBalance(addr supra.Address, coin string) string {
	e.t.Helper()
	res, err := e.client.View(context.Background(), "0x1::coin::balance", []string{coin}, []string{addr.String()})
	if err != nil {
		e.t.Fatal(err)
	}
	var v string
	if err := json.Unmarshal(res[0], &v); err != nil {
		e.t.Fatal(err)
	}
	return v
}

// An account that moved its LUCKY into its primary fungible store (migrate_to_fungible_store,
// built as the app's build endpoint does, signed and submitted as a wallet would) receives, spins,
// swaps and burns LUCKY: the burn verifies and has its certificate, and the index's holder
// row, the portfolio and the balances agree with the chain's coin::balance, as the burned
// total agrees with the burn address's.
func TestMigratedAccountBurnsLucky(t *testing.T) {
	e := newIndexEnv(t)
	const acct = 1
	n, _ := config.Lookup(config.Devnet)
	ctx := context.Background()
	addr := e.addr(acct)
	lucky := supra.MustCoinType(idxLucky)

	before := e.chainBalance(addr, idxLucky)
	// The build behind POST /api/v1/tx/build, the call checked against the node's ABI of
	// 0x1::coin (the index env's router has no ABI source).
	b := chain.New(e.client, n, e.reg, chain.Options{ABIs: chain.ClientABISource{Client: e.client}})
	built, err := b.Core.Build(ctx, chain.CallRequest{Sender: addr.String(), Function: "0x1::coin::migrate_to_fungible_store",
		TypeArgs: []string{idxLucky}})
	if err != nil {
		t.Fatal(err)
	}
	if st := e.waitTx(e.signSubmit(built.RawHex, e.key(acct))); st != "Success" {
		t.Fatalf("migration: %s", st)
	}
	if got := e.chainBalance(addr, idxLucky); got != before {
		t.Fatalf("coin::balance after migration %s, before %s", got, before)
	}
	store := supra.PrimaryStoreAddress(addr, supra.PairedMetadataAddress(lucky))
	if raw, err := e.client.Resource(ctx, addr, "0x1::coin::CoinStore<"+idxLucky+">"); err == nil {
		t.Fatalf("the CoinStore is still there: %s", raw)
	}

	// In from another account (its deposit names the store only), a spin paid from and to
	// the store, a sell through the DEX, then the burn through the app's build endpoint.
	in := e.submit(0, devnettest.Call{Function: "0x1::supra_account::transfer_coins", TypeArgs: []string{idxLucky},
		Args: [][]byte{devnettest.Addr(addr), devnettest.U64(1_000_000_000)}})
	if eventData(t, in, "fungible_asset::Deposit")["store"] != store.String() {
		t.Fatalf("the transfer in did not reach the primary store: %+v", in.Output.Move.Events)
	}
	spin := e.submit(acct, devnettest.Call{Function: idxPlay, TypeArgs: []string{idxLucky},
		Args: [][]byte{devnettest.U64(10_000_000), devnettest.U64(2), devnettest.Str(idxLucky), devnettest.Addr(contracts.PlaceholderAddress)}})
	e.submit(acct, devnettest.Call{Function: idxSwap, TypeArgs: []string{idxLucky, contracts.SupraCoinType, contracts.UncorrelatedType},
		Args: [][]byte{devnettest.U64(5_000_000), devnettest.U64(0)}})
	hash := e.burnVia(acct, "LUCKY", "1234.5")

	// The burn: verified from the chain, the burner the migrated account.
	burn := e.mustOK("GET", "/api/v1/burns/"+hash, "")
	if burn["burner"] != addr.String() || burn["amount"] != "1234500000" || burn["token"].(map[string]any)["name"] != "LUCKY" {
		t.Fatalf("burn %v", burn)
	}
	if tot, _ := burn["burnerTotal"].(map[string]any); tot == nil || tot["amount"] != "1234500000" || tot["burns"] != 1.0 {
		t.Fatalf("burnerTotal %v (%v)", burn["burnerTotal"], burn["burnerTotalNote"])
	}
	reqPNG(t, e, hash)

	// A second burn in the fungible-asset family: the paired asset sent to the burn
	// address with primary_fungible_store::transfer, proved by the Deposit to the burn
	// address's new primary store.
	burnAddr := supra.MustParseAddress(n.Modules.BurnAddress)
	faBurn := e.submit(acct, devnettest.Call{Function: "0x1::primary_fungible_store::transfer", TypeArgs: []string{"0x1::fungible_asset::Metadata"},
		Args: [][]byte{devnettest.Addr(supra.PairedMetadataAddress(lucky)), devnettest.Addr(burnAddr), devnettest.U64(1_000_000)}})
	if eventData(t, faBurn, "fungible_asset::Deposit")["store"] != supra.PrimaryStoreAddress(burnAddr, supra.PairedMetadataAddress(lucky)).String() {
		t.Fatalf("the asset did not reach the burn address's store: %+v", faBurn.Output.Move.Events)
	}
	e.sync()
	burn = e.mustOK("GET", "/api/v1/burns/"+faBurn.Hash, "")
	if burn["burner"] != addr.String() || burn["amount"] != "1000000" || burn["token"].(map[string]any)["name"] != "LUCKY" {
		t.Fatalf("fungible-asset burn %v", burn)
	}
	if tot, _ := burn["burnerTotal"].(map[string]any); tot == nil || tot["amount"] != "1235500000" || tot["burns"] != 2.0 {
		t.Fatalf("burnerTotal after both burns %v (%v)", burn["burnerTotal"], burn["burnerTotalNote"])
	}
	reqPNG(t, e, faBurn.Hash)

	want := e.chainBalance(addr, idxLucky)
	if want == before {
		t.Fatal("the account's LUCKY did not move")
	}
	// The spin's page: the account's LUCKY change is its winnings less its bets, though
	// both moved through its store.
	won, _ := new(big.Int).SetString(eventData(t, spin, "::PlayEvent")["total_prize"].(string), 10)
	change := ""
	for _, c := range e.mustOK("GET", "/api/v1/tx/"+spin.Hash, "")["transactionInsights"].(map[string]any)["coinChange"].([]any) {
		if c := c.(map[string]any); c["coinType"] == idxLucky {
			change = c["amount"].(string)
		}
	}
	if want := new(big.Int).Sub(won, big.NewInt(20_000_000)).String(); change != want {
		t.Fatalf("the spin's LUCKY change %q, want %s", change, want)
	}
	// The index's holder row.
	found := false
	for _, x := range e.mustOK("GET", "/api/v1/holders?limit=100", "")["holders"].([]any) {
		if h := x.(map[string]any); h["account"] == addr.String() {
			found = true
			if h["balance"] != want {
				t.Fatalf("holder row %v, coin::balance %s", h, want)
			}
		}
	}
	if !found {
		t.Fatalf("no holder row for the migrated account (coin::balance %s)", want)
	}
	// The portfolio and the balances read the chain's coin::balance.
	for _, x := range e.mustOK("GET", "/api/v1/accounts/"+addr.String()+"/portfolio", "")["holdings"].([]any) {
		if h := x.(map[string]any); h["name"] == "LUCKY" && h["balance"] != want {
			t.Fatalf("portfolio LUCKY %v, coin::balance %s", h["balance"], want)
		}
	}
	if got := e.balance(addr, "LUCKY"); got != want {
		t.Fatalf("balances LUCKY %s, coin::balance %s", got, want)
	}
	// The burned total the index holds (every burner's, genesis included) is what the burn
	// address holds on chain; the account's own is its burn.
	burned, mine := new(big.Int), ""
	for _, l := range e.mustOK("GET", "/api/v1/burns/leaderboard?token=LUCKY", "")["leaders"].([]any) {
		m := l.(map[string]any)
		v, _ := new(big.Int).SetString(m["total"].(string), 10)
		burned.Add(burned, v)
		if m["burner"] == addr.String() {
			mine = m["total"].(string)
		}
	}
	if got := e.chainBalance(burnAddr, idxLucky); burned.String() != got || mine != "1235500000" {
		t.Fatalf("burned in the index %s (the account's %q), the burn address holds %s", burned, mine, got)
	}
	hist := e.mustOK("GET", "/api/v1/accounts/"+addr.String()+"/burns", "")
	if bs := hist["burns"].([]any); len(bs) != 2 || bs[0].(map[string]any)["txHash"] != faBurn.Hash || bs[1].(map[string]any)["txHash"] != hash {
		t.Fatalf("account burns %v", bs)
	}

	// Activity: the transfer in, the spin, the sale and both burns (the migration itself
	// moves nothing).
	kinds := map[string]int{}
	for _, x := range e.mustOK("GET", "/api/v1/accounts/"+addr.String()+"/activity?limit=50", "")["activity"].([]any) {
		a := x.(map[string]any)
		kinds[a["kind"].(string)]++
	}
	if kinds["received"] < 1 || kinds["burn"] != 2 || kinds["spin"] != 1 || kinds["swap"] != 1 {
		t.Fatalf("activity kinds %v", kinds)
	}

	// A store no transaction explains is read from the node once: its ObjectCore's owner.
	o, err := chain.NewPrimaryStores(e.reg).Lookup(ctx, e.client, store)
	if err != nil || o.Owner != addr || o.Coin != lucky {
		t.Fatalf("store lookup %+v, %v", o, err)
	}
}
