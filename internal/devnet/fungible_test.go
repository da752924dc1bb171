package devnet_test

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/luckycoin/lucky/internal/devnet"
	"github.com/luckycoin/lucky/internal/devnet/devnettest"
	"github.com/luckycoin/lucky/internal/supra"
)

const testCoin = "0xc0::test_coin::TC"

// testCoinModule publishes one coin at genesis and gives each dev account 1,000 of it.
type testCoinModule struct{}

func (testCoinModule) ID() supra.ModuleID {
	return supra.ModuleID{Address: supra.MustParseAddress("0xc0"), Name: "test_coin"}
}
func (testCoinModule) ABI() devnet.ABI { return devnet.ABI{} }
func (testCoinModule) Genesis(ex *devnet.Exec) error {
	if err := ex.RegisterCoin(devnet.CoinInfo{CoinType: testCoin, Name: "Test", Symbol: "TC", Decimals: 6}); err != nil {
		return err
	}
	for _, a := range ex.DevAccounts() {
		if err := ex.Mint(a, testCoin, 1000); err != nil {
			return err
		}
	}
	return nil
}
func (testCoinModule) Execute(*devnet.Exec, devnet.EntryCall) error {
	return fmt.Errorf("no entry functions")
}
func (testCoinModule) View(*devnet.Exec, devnet.ViewCall) ([]any, error) {
	return nil, fmt.Errorf("no views")
}

func migrateCall(coin string) devnettest.Call {
	return devnettest.Call{Function: "0x1::coin::migrate_to_fungible_store", TypeArgs: []string{coin}}
}

// submitOK submits c and returns the transaction's events (the fee statement left out).
func submitOK(t *testing.T, n *devnet.Node, key []byte, c devnettest.Call) []supra.Event {
	t.Helper()
	h, err := devnettest.Submit(n, key, c)
	if err != nil {
		t.Fatal(err)
	}
	tx, ok := n.Transaction(h)
	if !ok || tx.Output == nil {
		t.Fatalf("%s: no transaction", c.Function)
	}
	if tx.Status != supra.StatusSuccess {
		t.Fatalf("%s: %s", c.Function, tx.Output.Move.VMStatus)
	}
	evs := tx.Output.Move.Events
	return evs[:len(evs)-1]
}

func eventTypes(evs []supra.Event) string {
	var s []string
	for _, e := range evs {
		s = append(s, e.Type+string(e.Data))
	}
	return strings.Join(s, "\n")
}

func resource(t *testing.T, n *devnet.Node, addr supra.Address, typ string) map[string]any {
	t.Helper()
	code, body := doJSON(t, n.Handler(), "GET", "/rpc/v1/accounts/"+addr.String()+"/resources/"+typ, "")
	if code != 200 {
		t.Fatalf("resource %s at %s: %d %s", typ, addr, code, body)
	}
	var out struct {
		Result []map[string]any `json:"result"`
	}
	if err := json.Unmarshal(body, &out); err != nil || len(out.Result) != 1 {
		t.Fatalf("resource %s: %s", typ, body)
	}
	return out.Result[0]
}

func viewU64(t *testing.T, n *devnet.Node, fn, coin string, addr supra.Address) string {
	t.Helper()
	res, err := n.View(fn, []string{coin}, []json.RawMessage{json.RawMessage(`"` + addr.String() + `"`)})
	if err != nil {
		t.Fatal(err)
	}
	return string(res[0])
}

func TestMigrateToFungibleStore(t *testing.T) {
	n := devnettest.New(t, devnet.Options{Modules: []devnet.Module{testCoinModule{}}})
	acc, other := n.Accounts()[0], n.Accounts()[1]
	coin := supra.MustCoinType(testCoin)
	meta := supra.PairedMetadataAddress(coin)
	store := supra.PrimaryStoreAddress(acc.Address, meta)

	evs := submitOK(t, n, acc.PrivateKey, migrateCall(testCoin))
	want := []string{
		`0x1::coin::PairCreation{"coin_type":{"account_address":"0xc0","module_name":"0x` + hex.EncodeToString([]byte("test_coin")) +
			`","struct_name":"0x` + hex.EncodeToString([]byte("TC")) + `"},"fungible_asset_metadata_address":"` + meta.String() + `"}`,
		`0x1::coin::CoinEventHandleDeletion{"deleted_deposit_event_handle_creation_number":"2","deleted_withdraw_event_handle_creation_number":"3","event_handle_creation_address":"` + acc.Address.String() + `"}`,
		`0x1::fungible_asset::Deposit{"store":"` + store.String() + `","amount":"1000"}`,
	}
	if got := eventTypes(evs); got != strings.Join(want, "\n") {
		t.Fatalf("migration events:\n%s\nwant:\n%s", got, strings.Join(want, "\n"))
	}
	// coin::balance counts the primary store; the CoinStore is gone, the account still
	// registered; the store is an object the account owns, holding the balance.
	if got := viewU64(t, n, "0x1::coin::balance", testCoin, acc.Address); got != `"1000"` {
		t.Fatalf("coin::balance after migration = %s", got)
	}
	if got := viewU64(t, n, "0x1::coin::is_account_registered", testCoin, acc.Address); got != "true" {
		t.Fatalf("is_account_registered = %s", got)
	}
	_, body := doJSON(t, n.Handler(), "GET", "/rpc/v1/accounts/"+acc.Address.String()+"/resources/0x1::coin::CoinStore<"+testCoin+">", "")
	if !bytes.Contains(body, []byte(`[null]`)) {
		t.Fatalf("CoinStore after migration: %s", body)
	}
	core := resource(t, n, store, "0x1::object::ObjectCore")
	if core["owner"] != acc.Address.String() || core["allow_ungated_transfer"] != false {
		t.Fatalf("ObjectCore of the store: %v", core)
	}
	fs := resource(t, n, store, "0x1::fungible_asset::FungibleStore")
	if fs["balance"] != "1000" || fs["metadata"].(map[string]any)["inner"] != meta.String() {
		t.Fatalf("FungibleStore: %v", fs)
	}
	if f := resource(t, n, store, "0x1::coin::MigrationFlag"); f["dummy_field"] != false {
		t.Fatalf("MigrationFlag: %v", f)
	}
	if md := resource(t, n, meta, "0x1::fungible_asset::Metadata"); md["symbol"] != "TC" || md["decimals"] != float64(6) {
		t.Fatalf("Metadata: %v", md)
	}
	res, err := n.View("0x1::coin::paired_metadata", []string{testCoin}, nil)
	if err != nil || string(res[0]) != `{"vec":[{"inner":"`+meta.String()+`"}]}` {
		t.Fatalf("paired_metadata = %s, %v", res, err)
	}
	if s, _ := n.View("0x1::coin::supply", []string{testCoin}, nil); !strings.Contains(string(s[0]), fmt.Sprint(1000*len(n.Accounts()))) {
		t.Fatalf("supply after migration = %s", s)
	}

	// Migrating again is a no-op.
	if evs := submitOK(t, n, acc.PrivateKey, migrateCall(testCoin)); len(evs) != 0 {
		t.Fatalf("second migration emitted:\n%s", eventTypes(evs))
	}

	// Out through the store, into a coin store, and back.
	transfer := func(to supra.Address, amount uint64) devnettest.Call {
		return devnettest.Call{Function: "0x1::coin::transfer", TypeArgs: []string{testCoin}, Args: [][]byte{devnettest.Addr(to), devnettest.U64(amount)}}
	}
	if got, want := eventTypes(submitOK(t, n, acc.PrivateKey, transfer(other.Address, 300))),
		`0x1::fungible_asset::Withdraw{"store":"`+store.String()+`","amount":"300"}`+"\n"+
			`0x1::coin::CoinDeposit{"account":"`+other.Address.String()+`","amount":"300","coin_type":"`+testCoin+`"}`; got != want {
		t.Fatalf("transfer out:\n%s\nwant\n%s", got, want)
	}
	if got, want := eventTypes(submitOK(t, n, other.PrivateKey, devnettest.Call{Function: "0x1::supra_account::transfer_coins",
		TypeArgs: []string{testCoin}, Args: [][]byte{devnettest.Addr(acc.Address), devnettest.U64(50)}})),
		`0x1::coin::CoinWithdraw{"account":"`+other.Address.String()+`","amount":"50","coin_type":"`+testCoin+`"}`+"\n"+
			`0x1::fungible_asset::Deposit{"store":"`+store.String()+`","amount":"50"}`; got != want {
		t.Fatalf("transfer in:\n%s\nwant\n%s", got, want)
	}
	if got := n.Balance(acc.Address, testCoin); got != 750 {
		t.Fatalf("balance = %d, want 750", got)
	}
	// More than the store holds: the fungible asset's abort, nothing moved.
	h, err := devnettest.Submit(n, acc.PrivateKey, transfer(other.Address, 751))
	if err != nil {
		t.Fatal(err)
	}
	if tx, _ := n.Transaction(h); tx.Status != supra.StatusFail || !strings.Contains(tx.Output.Move.VMStatus, "fungible_asset") ||
		!strings.Contains(tx.Output.Move.VMStatus, "EINSUFFICIENT_BALANCE") {
		t.Fatalf("overdraw: %s %s", tx.Status, tx.Output.Move.VMStatus)
	}
	if err := n.CheckInvariants(); err != nil {
		t.Fatal(err)
	}

	// The paired asset sent with primary_fungible_store::transfer: the recipient gets a
	// primary store without MigrationFlag, so its coin deposits still go to its CoinStore,
	// and coin::balance counts both.
	third := n.Accounts()[2]
	thirdStore := supra.PrimaryStoreAddress(third.Address, meta)
	faTransfer := devnettest.Call{Function: "0x1::primary_fungible_store::transfer", TypeArgs: []string{"0x1::fungible_asset::Metadata"},
		Args: [][]byte{devnettest.Addr(meta), devnettest.Addr(third.Address), devnettest.U64(40)}}
	if got, want := eventTypes(submitOK(t, n, acc.PrivateKey, faTransfer)),
		`0x1::fungible_asset::Withdraw{"store":"`+store.String()+`","amount":"40"}`+"\n"+
			`0x1::fungible_asset::Deposit{"store":"`+thirdStore.String()+`","amount":"40"}`; got != want {
		t.Fatalf("asset transfer:\n%s\nwant\n%s", got, want)
	}
	if got := eventTypes(submitOK(t, n, acc.PrivateKey, transfer(third.Address, 10))); !strings.Contains(got, `0x1::coin::CoinDeposit{"account":"`+third.Address.String()) {
		t.Fatalf("a coin transfer to an account with an unflagged store:\n%s", got)
	}
	if got := viewU64(t, n, "0x1::coin::balance", testCoin, third.Address); got != `"1050"` {
		t.Fatalf("coin::balance of the recipient = %s, want 1000 + 10 + 40", got)
	}
	if res, err := n.View("0x1::primary_fungible_store::balance", []string{"0x1::fungible_asset::Metadata"},
		[]json.RawMessage{json.RawMessage(`"` + third.Address.String() + `"`), json.RawMessage(`"` + meta.String() + `"`)}); err != nil || string(res[0]) != `"40"` {
		t.Fatalf("primary_fungible_store::balance = %s, %v", res, err)
	}
	if got := n.Balance(acc.Address, testCoin); got != 700 {
		t.Fatalf("balance = %d, want 700", got)
	}

	// SUPRA's pairing is governance's: migrating it aborts like the framework.
	h, err = devnettest.Submit(n, acc.PrivateKey, migrateCall(supra.SupraCoinType))
	if err != nil {
		t.Fatal(err)
	}
	if tx, _ := n.Transaction(h); tx.Status != supra.StatusFail || !strings.Contains(tx.Output.Move.VMStatus, "EAPT_PAIRING_IS_NOT_ENABLED") {
		t.Fatalf("SUPRA migration: %s %s", tx.Status, tx.Output.Move.VMStatus)
	}

	// The state file keeps the store; a node loading it has the same balances.
	state := dump(t, n)
	m := devnettest.New(t, devnet.Options{Modules: []devnet.Module{testCoinModule{}}})
	if err := m.LoadState(bytes.NewReader(state)); err != nil {
		t.Fatal(err)
	}
	if got := m.Balance(acc.Address, testCoin); got != 700 {
		t.Fatalf("balance after load = %d, want 700", got)
	}
	if got := m.Balance(third.Address, testCoin); got != 1050 {
		t.Fatalf("recipient's balance after load = %d, want 1050", got)
	}
	// The per-account coin listing finds the migrated account's transfers.
	_, body = doJSON(t, m.Handler(), "GET", "/rpc/v1/accounts/"+acc.Address.String()+"/coin_transactions?count=20", "")
	if c := bytes.Count(body, []byte(`"0x1::fungible_asset::`)); c < 3 {
		t.Fatalf("coin_transactions of the migrated account list %d fungible-asset events: %s", c, body)
	}
}
