package devnet

import (
	"github.com/luckycoin/lucky/internal/supra"
)

// The framework modules 0x1::coin and 0x1::supra_account, written against the same
// Module interface as the app's contracts.

var coinModuleID = supra.ModuleID{Address: supra.FrameworkAddress, Name: "coin"}

type coinModule struct{}

func (coinModule) ID() supra.ModuleID { return coinModuleID }

func (coinModule) ABI() ABI {
	return ABI{
		Friends: []string{"0x1::supra_account", "0x1::supra_coin"},
		Functions: []Function{
			{Name: "transfer", IsEntry: true, GenericTypeParams: 1, Params: []string{"&signer", "address", "u64"}},
			{Name: "register", IsEntry: true, GenericTypeParams: 1, Params: []string{"&signer"}},
			{Name: "migrate_to_fungible_store", IsEntry: true, GenericTypeParams: 1, Params: []string{"&signer"}},
			{Name: "paired_metadata", IsView: true, GenericTypeParams: 1, Return: []string{"0x1::option::Option<0x1::object::Object<0x1::fungible_asset::Metadata>>"}},
			{Name: "balance", IsView: true, GenericTypeParams: 1, Params: []string{"address"}, Return: []string{"u64"}},
			{Name: "is_account_registered", IsView: true, GenericTypeParams: 1, Params: []string{"address"}, Return: []string{"bool"}},
			{Name: "is_coin_initialized", IsView: true, GenericTypeParams: 1, Return: []string{"bool"}},
			{Name: "name", IsView: true, GenericTypeParams: 1, Return: []string{"0x1::string::String"}},
			{Name: "symbol", IsView: true, GenericTypeParams: 1, Return: []string{"0x1::string::String"}},
			{Name: "decimals", IsView: true, GenericTypeParams: 1, Return: []string{"u8"}},
			{Name: "supply", IsView: true, GenericTypeParams: 1, Return: []string{"0x1::option::Option<u128>"}},
		},
		Structs: []Struct{
			{Name: "Coin", Abilities: []string{"store"}, GenericTypeParams: 1, Fields: []Field{{"value", "u64"}}},
			{Name: "CoinStore", Abilities: []string{"key"}, GenericTypeParams: 1, Fields: []Field{
				{"coin", "0x1::coin::Coin<T0>"}, {"frozen", "bool"},
				{"deposit_events", "0x1::event::EventHandle<0x1::coin::DepositEvent>"},
				{"withdraw_events", "0x1::event::EventHandle<0x1::coin::WithdrawEvent>"}}},
			{Name: "CoinInfo", Abilities: []string{"key"}, GenericTypeParams: 1, Fields: []Field{
				{"name", "0x1::string::String"}, {"symbol", "0x1::string::String"}, {"decimals", "u8"},
				{"supply", "0x1::option::Option<0x1::optional_aggregator::OptionalAggregator>"}}},
			{Name: "CoinDeposit", Abilities: []string{"drop", "store"}, Fields: []Field{
				{"coin_type", "0x1::string::String"}, {"account", "address"}, {"amount", "u64"}}},
			{Name: "CoinWithdraw", Abilities: []string{"drop", "store"}, Fields: []Field{
				{"coin_type", "0x1::string::String"}, {"account", "address"}, {"amount", "u64"}}},
			{Name: "CoinEventHandleDeletion", Abilities: []string{"drop", "store"}, Fields: []Field{
				{"event_handle_creation_address", "address"}, {"deleted_deposit_event_handle_creation_number", "u64"},
				{"deleted_withdraw_event_handle_creation_number", "u64"}}},
			{Name: "PairCreation", Abilities: []string{"drop", "store"}, Fields: []Field{
				{"coin_type", "0x1::type_info::TypeInfo"}, {"fungible_asset_metadata_address", "address"}}},
			{Name: "MigrationFlag", Abilities: []string{"key"}, Fields: []Field{{"dummy_field", "bool"}}},
			{Name: "PairedCoinType", Abilities: []string{"key"}, Fields: []Field{{"type", "0x1::type_info::TypeInfo"}}},
		},
	}
}

func (coinModule) Genesis(*Exec) error { return nil }

func (coinModule) Execute(ex *Exec, call EntryCall) error {
	coin := call.TypeArgs[0].String()
	switch call.Function {
	case "transfer":
		a := call.Args()
		to, amount := a.Address(), a.U64()
		if err := a.Done(); err != nil {
			return err
		}
		if !ex.IsRegistered(to, coin) {
			return ex.frameworkAbort("coin", codeCoinStoreNotFound, "ECOIN_STORE_NOT_PUBLISHED", "Account hasn't registered `CoinStore` for `CoinType`")
		}
		return ex.Transfer(ex.Sender(), to, coin, amount)
	case "register":
		return ex.RegisterCoinStore(ex.Sender(), coin)
	case "migrate_to_fungible_store":
		return ex.MigrateToFungibleStore(ex.Sender(), coin)
	}
	return vmError("FUNCTION_RESOLUTION_FAILURE")
}

// optionObject is Move's Option<Object<T>> in JSON: {"vec":[{"inner":"0x…"}]}.
type optionObject struct {
	Vec []objectRef `json:"vec"`
}

// optionU128 is Move's Option<u128> in JSON: {"vec":["n"]}.
type optionU128 struct {
	Vec []supra.U64 `json:"vec"`
}

func (coinModule) View(ex *Exec, call ViewCall) ([]any, error) {
	coin := call.TypeArgs[0].String()
	a := call.Args()
	switch call.Function {
	case "balance":
		addr := a.Address()
		if err := a.Done(); err != nil {
			return nil, err
		}
		return []any{supra.U64(ex.Balance(addr, coin))}, nil
	case "is_account_registered":
		addr := a.Address()
		if err := a.Done(); err != nil {
			return nil, err
		}
		return []any{ex.IsRegistered(addr, coin)}, nil
	case "is_coin_initialized":
		_, ok := ex.CoinInfo(coin)
		return []any{ok}, nil
	case "paired_metadata":
		t, err := ex.canonicalCoin(coin)
		if err != nil {
			return nil, err
		}
		out := optionObject{Vec: []objectRef{}}
		if meta, ok := ex.pairedMetadata(t); ok {
			out.Vec = append(out.Vec, objectRef{Inner: meta.String()})
		}
		return []any{out}, nil
	}
	info, ok := ex.CoinInfo(coin)
	if !ok {
		return nil, ex.frameworkAbort("coin", codeCoinInfoNotFound, "ECOIN_INFO_NOT_PUBLISHED", "")
	}
	switch call.Function {
	case "name":
		return []any{info.Name}, nil
	case "symbol":
		return []any{info.Symbol}, nil
	case "decimals":
		return []any{info.Decimals}, nil
	case "supply":
		return []any{optionU128{Vec: []supra.U64{supra.U64(info.Supply)}}}, nil
	}
	return nil, vmError("FUNCTION_RESOLUTION_FAILURE")
}

type supraAccountModule struct{}

func (supraAccountModule) ID() supra.ModuleID {
	return supra.ModuleID{Address: supra.FrameworkAddress, Name: "supra_account"}
}

func (supraAccountModule) ABI() ABI {
	return ABI{Functions: []Function{
		{Name: "transfer", IsEntry: true, Params: []string{"&signer", "address", "u64"}},
		{Name: "transfer_coins", IsEntry: true, GenericTypeParams: 1, Params: []string{"&signer", "address", "u64"}},
		{Name: "create_account", IsEntry: true, Params: []string{"address"}},
	}}
}

func (supraAccountModule) Genesis(*Exec) error { return nil }

func (supraAccountModule) Execute(ex *Exec, call EntryCall) error {
	a := call.Args()
	to := a.Address()
	switch call.Function {
	case "create_account":
		if err := a.Done(); err != nil {
			return err
		}
		if ex.AccountExists(to) {
			return ex.frameworkAbort("account", 0x80001, "EACCOUNT_ALREADY_EXISTS", "Account already exists")
		}
		return ex.CreateAccount(to)
	case "transfer", "transfer_coins":
		amount := a.U64()
		if err := a.Done(); err != nil {
			return err
		}
		coin := supra.SupraCoinType
		if call.Function == "transfer_coins" {
			coin = call.TypeArgs[0].String()
		}
		if err := ex.CreateAccount(to); err != nil {
			return err
		}
		return ex.Transfer(ex.Sender(), to, coin, amount)
	}
	return vmError("FUNCTION_RESOLUTION_FAILURE")
}

func (supraAccountModule) View(*Exec, ViewCall) ([]any, error) {
	return nil, vmError("FUNCTION_RESOLUTION_FAILURE")
}
