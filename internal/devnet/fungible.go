package devnet

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math"

	"github.com/luckycoin/lucky/internal/supra"
)

// The framework's coin ↔ fungible-asset pairing (0x1::coin, 0x1::fungible_asset,
// 0x1::primary_fungible_store, 0x1::object in Supra's framework). A coin is paired the
// first time an account migrates it: its metadata object is created under 0xA, named by
// the coin's type name. migrate_to_fungible_store moves the account's CoinStore into its
// primary fungible store (an object at an address derived from owner and metadata, owned
// by the account); from then on the account's deposits and withdrawals of that coin go
// through the store and emit 0x1::fungible_asset::Deposit / Withdraw, keyed by the store.
//
// A primary store is also created by 0x1::primary_fungible_store::transfer of the paired
// asset (for its recipient, without MigrationFlag: coin deposits then still go to the
// recipient's CoinStore). The balance of a store lives in state.fa; its object resources
// (ObjectCore, MigrationFlag) and the metadata's (ObjectCore, Metadata, PairedCoinType)
// are ordinary resources, written once. CoinInfo.Supply stays the coin's whole supply,
// coin and paired asset together, which is what coin::supply answers for a paired coin.

// Framework types of the pairing.
const (
	objectCoreType      = "0x1::object::ObjectCore"
	faMetadataType      = "0x1::fungible_asset::Metadata"
	fungibleStoreType   = "0x1::fungible_asset::FungibleStore"
	pairedCoinTypeType  = "0x1::coin::PairedCoinType"
	migrationFlagType   = "0x1::coin::MigrationFlag"
	faDepositEvent      = "0x1::fungible_asset::Deposit"
	faWithdrawEvent     = "0x1::fungible_asset::Withdraw"
	pairCreationEvent   = "0x1::coin::PairCreation"
	handleDeletionEvent = "0x1::coin::CoinEventHandleDeletion"
)

// Abort codes of the pairing (category << 16 | reason, from the framework's sources).
const (
	codeCoinInfoNotPublishedArg = 0x10003 // coin: error::invalid_argument(ECOIN_INFO_NOT_PUBLISHED)
	codeSupraPairingNotEnabled  = 0x3001c // coin: error::invalid_state(EAPT_PAIRING_IS_NOT_ENABLED)
	codeFAInsufficientBalance   = 0x10004 // fungible_asset: error::invalid_argument(EINSUFFICIENT_BALANCE)
)

// objectGUIDStart is object::INIT_GUID_CREATION_NUM: an object's transfer_events handle
// takes it, and guid_creation_num is one past it.
const objectGUIDStart = 0x4000000000000

// objectCore is 0x1::object::ObjectCore as the node renders it.
type objectCore struct {
	GUIDCreationNum      supra.U64   `json:"guid_creation_num"`
	Owner                string      `json:"owner"`
	AllowUngatedTransfer bool        `json:"allow_ungated_transfer"`
	TransferEvents       eventHandle `json:"transfer_events"`
}

func newObjectCore(obj, owner supra.Address, ungated bool) objectCore {
	return objectCore{GUIDCreationNum: objectGUIDStart + 1, Owner: owner.String(), AllowUngatedTransfer: ungated,
		TransferEvents: newHandle(obj, objectGUIDStart)}
}

type objectRef struct {
	Inner string `json:"inner"`
}

// typeInfo is 0x1::type_info::TypeInfo (module and struct names are vector<u8>, hex).
type typeInfo struct {
	AccountAddress string `json:"account_address"`
	ModuleName     string `json:"module_name"`
	StructName     string `json:"struct_name"`
}

func typeInfoOf(st supra.StructTag) typeInfo {
	name := st.Name
	if len(st.TypeArgs) > 0 {
		// type_info's struct_name carries the type arguments.
		full := st.String()
		name = full[len(st.Address.ShortString()+"::"+st.Module+"::"):]
	}
	return typeInfo{AccountAddress: st.Address.ShortString(),
		ModuleName: "0x" + hex.EncodeToString([]byte(st.Module)), StructName: "0x" + hex.EncodeToString([]byte(name))}
}

type faEvent struct {
	Store  string    `json:"store"`
	Amount supra.U64 `json:"amount"`
}

// pairedMetadata returns the metadata object paired with a (canonical) coin type; ok is
// false while the coin is unpaired.
func (c *Exec) pairedMetadata(coin string) (supra.Address, bool) {
	ct, err := supra.ParseCoinType(coin)
	if err != nil {
		return supra.Address{}, false
	}
	meta := supra.PairedMetadataAddress(ct)
	return meta, c.ResourceExists(meta, pairedCoinTypeType)
}

// ensurePairing is coin::ensure_paired_metadata: it creates the coin's metadata object
// (emitting PairCreation) unless it exists. SUPRA's pairing is made by governance only.
func (c *Exec) ensurePairing(coin string) (supra.Address, error) {
	if meta, ok := c.pairedMetadata(coin); ok {
		return meta, nil
	}
	info, ok := c.ov.coinInfo(coin)
	if !ok {
		return supra.Address{}, c.frameworkAbort("coin", codeCoinInfoNotPublishedArg, "ECOIN_INFO_NOT_PUBLISHED", "")
	}
	ct, err := supra.ParseCoinType(coin)
	if err != nil {
		return supra.Address{}, err
	}
	if ct.IsNative() {
		return supra.Address{}, c.frameworkAbort("coin", codeSupraPairingNotEnabled, "EAPT_PAIRING_IS_NOT_ENABLED", "")
	}
	meta := supra.PairedMetadataAddress(ct)
	ti := typeInfoOf(ct.StructTag())
	for _, r := range []struct {
		typ string
		v   any
	}{
		{objectCoreType, newObjectCore(meta, supra.FungibleAssetAddress, true)},
		{faMetadataType, map[string]any{"name": info.Name, "symbol": info.Symbol, "decimals": info.Decimals, "icon_uri": "", "project_uri": ""}},
		{pairedCoinTypeType, map[string]any{"type": ti}},
	} {
		if err := c.SetResource(meta, r.typ, r.v); err != nil {
			return supra.Address{}, err
		}
	}
	return meta, c.Emit(pairCreationEvent, map[string]any{"coin_type": ti, "fungible_asset_metadata_address": meta.String()})
}

// primaryStore is owner's primary store of coin: its address and balance; ok is false
// when it does not exist.
func (c *Exec) primaryStore(owner supra.Address, coin string) (store supra.Address, bal uint64, ok bool) {
	bal, ok = c.ov.faStore(coinKey{owner, coin})
	if !ok {
		return supra.Address{}, 0, false
	}
	ct, _ := supra.ParseCoinType(coin)
	return supra.PrimaryStoreAddress(owner, supra.PairedMetadataAddress(ct)), bal, true
}

// MigrateToFungibleStore is coin::migrate_to_fungible_store<coinType> for account: the
// coin is paired if it was not, the account's primary store is created if missing, and
// its CoinStore (if any) is removed with its balance deposited into the store. Migrating
// again changes nothing.
func (c *Exec) MigrateToFungibleStore(account supra.Address, coinType string) error {
	t, err := c.canonicalCoin(coinType)
	if err != nil {
		return err
	}
	if _, ok := c.ov.coinInfo(t); !ok {
		return c.frameworkAbort("coin", codeCoinInfoNotPublishedArg, "ECOIN_INFO_NOT_PUBLISHED", "")
	}
	meta, err := c.ensurePairing(t)
	if err != nil {
		return err
	}
	k := coinKey{account, t}
	store, err := c.ensurePrimaryStore(account, t, meta)
	if err != nil {
		return err
	}
	if bal, ok := c.ov.coin(k); ok {
		c.ov.deleteCoin(k)
		if err := c.Emit(handleDeletionEvent, map[string]any{
			"event_handle_creation_address":                 account.String(),
			"deleted_deposit_event_handle_creation_number":  supra.U64(2),
			"deleted_withdraw_event_handle_creation_number": supra.U64(3),
		}); err != nil {
			return err
		}
		if bal > 0 {
			if err := c.faDeposit(account, t, bal); err != nil {
				return err
			}
		}
	}
	if !c.ResourceExists(store, migrationFlagType) {
		// An empty Move struct has one field, dummy_field.
		return c.SetResource(store, migrationFlagType, map[string]bool{"dummy_field": false})
	}
	return nil
}

// ensurePrimaryStore is primary_fungible_store::ensure_primary_store_exists: owner's
// store of the coin paired with meta, created (an object owned by owner, its ungated
// transfer disabled) when missing.
func (c *Exec) ensurePrimaryStore(owner supra.Address, coin string, meta supra.Address) (supra.Address, error) {
	store := supra.PrimaryStoreAddress(owner, meta)
	k := coinKey{owner, coin}
	if _, ok := c.ov.faStore(k); ok {
		return store, nil
	}
	if err := c.SetResource(store, objectCoreType, newObjectCore(store, owner, false)); err != nil {
		return store, err
	}
	c.ov.setFAStore(k, 0)
	return store, nil
}

// migratedStore reports whether owner's primary store of coin exists and was made by a
// migration (it carries MigrationFlag): coin::deposit and coin::is_account_registered
// use such a store, and only such a one, in place of a CoinStore.
func (c *Exec) migratedStore(owner supra.Address, coin string) bool {
	store, _, ok := c.primaryStore(owner, coin)
	return ok && c.ResourceExists(store, migrationFlagType)
}

// faDeposit adds amount to owner's primary store of coin (which must exist), emitting
// fungible_asset::Deposit.
func (c *Exec) faDeposit(owner supra.Address, coin string, amount uint64) error {
	store, bal, _ := c.primaryStore(owner, coin)
	if amount == 0 {
		return nil
	}
	if bal > math.MaxUint64-amount {
		return c.frameworkAbort("coin", codeSupplyOverflow, "ECOIN_SUPPLY_OVERFLOW", "balance overflow")
	}
	c.ov.setFAStore(coinKey{owner, coin}, bal+amount)
	return c.Emit(faDepositEvent, faEvent{Store: store.String(), Amount: supra.U64(amount)})
}

// faWithdraw takes amount from owner's primary store of coin (which must exist), emitting
// fungible_asset::Withdraw.
func (c *Exec) faWithdraw(owner supra.Address, coin string, amount uint64) error {
	store, bal, _ := c.primaryStore(owner, coin)
	if amount == 0 {
		return nil
	}
	if bal < amount {
		return c.frameworkAbort("fungible_asset", codeFAInsufficientBalance, "EINSUFFICIENT_BALANCE", "")
	}
	c.ov.setFAStore(coinKey{owner, coin}, bal-amount)
	return c.Emit(faWithdrawEvent, faEvent{Store: store.String(), Amount: supra.U64(amount)})
}

// storeOwner finds the owner and coin of a primary store of a state to their owner and coin (for the
// resources RPC and the per-account listings).
func (s *state) storeOwner(store supra.Address) (coinKey, bool) {
	for k := range s.fa {
		ct, err := supra.ParseCoinType(k.Coin)
		if err != nil {
			continue
		}
		if supra.PrimaryStoreAddress(k.Addr, supra.PairedMetadataAddress(ct)) == store {
			return k, true
		}
	}
	return coinKey{}, false
}

// fungibleStoreResource is 0x1::fungible_asset::FungibleStore as the node renders it.
func fungibleStoreResource(coin string, bal uint64) json.RawMessage {
	ct, _ := supra.ParseCoinType(coin)
	b, _ := json.Marshal(map[string]any{
		"metadata": objectRef{Inner: supra.PairedMetadataAddress(ct).String()},
		"balance":  supra.U64(bal),
		"frozen":   false,
	})
	return b
}

var primaryStoreModuleID = supra.ModuleID{Address: supra.FrameworkAddress, Name: "primary_fungible_store"}

// primaryStoreModule is 0x1::primary_fungible_store for the paired assets of the devnet's
// coins (the only fungible assets it has).
type primaryStoreModule struct{}

func (primaryStoreModule) ID() supra.ModuleID { return primaryStoreModuleID }

func (primaryStoreModule) ABI() ABI {
	obj := "0x1::object::Object<T0>"
	return ABI{Functions: []Function{
		{Name: "transfer", IsEntry: true, GenericTypeParams: 1, Params: []string{"&signer", obj, "address", "u64"}},
		{Name: "balance", IsView: true, GenericTypeParams: 1, Params: []string{"address", obj}, Return: []string{"u64"}},
		{Name: "primary_store_address", IsView: true, GenericTypeParams: 1, Params: []string{"address", obj}, Return: []string{"address"}},
		{Name: "primary_store_exists", IsView: true, GenericTypeParams: 1, Params: []string{"address", obj}, Return: []string{"bool"}},
	}}
}

func (primaryStoreModule) Genesis(*Exec) error { return nil }

// pairedCoin is the coin whose paired metadata object is meta; object::address_to_object
// aborts when there is none.
func (c *Exec) pairedCoin(meta supra.Address) (string, error) {
	var pc struct {
		Type typeInfo `json:"type"`
	}
	ok, err := c.Resource(meta, pairedCoinTypeType, &pc)
	if err != nil {
		return "", err
	}
	if !ok {
		return "", c.frameworkAbort("object", 0x60002, "EOBJECT_DOES_NOT_EXIST", "")
	}
	mod, err1 := hex.DecodeString(pc.Type.ModuleName[2:])
	name, err2 := hex.DecodeString(pc.Type.StructName[2:])
	if err1 != nil || err2 != nil {
		return "", fmt.Errorf("devnet: PairedCoinType at %s: %+v", meta, pc.Type)
	}
	return c.canonicalCoin(pc.Type.AccountAddress + "::" + string(mod) + "::" + string(name))
}

func (primaryStoreModule) Execute(ex *Exec, call EntryCall) error {
	if call.Function != "transfer" {
		return vmError("FUNCTION_RESOLUTION_FAILURE")
	}
	a := call.Args()
	meta, to, amount := a.Address(), a.Address(), a.U64()
	if err := a.Done(); err != nil {
		return err
	}
	coin, err := ex.pairedCoin(meta)
	if err != nil {
		return err
	}
	if _, err := ex.ensurePrimaryStore(ex.Sender(), coin, meta); err != nil {
		return err
	}
	if _, err := ex.ensurePrimaryStore(to, coin, meta); err != nil {
		return err
	}
	if err := ex.faWithdraw(ex.Sender(), coin, amount); err != nil {
		return err
	}
	return ex.faDeposit(to, coin, amount)
}

func (primaryStoreModule) View(ex *Exec, call ViewCall) ([]any, error) {
	a := call.Args()
	owner, meta := a.Address(), a.Address()
	if err := a.Done(); err != nil {
		return nil, err
	}
	store := supra.PrimaryStoreAddress(owner, meta)
	var bal uint64
	exists := false
	if coin, err := ex.pairedCoin(meta); err == nil {
		_, bal, exists = ex.primaryStore(owner, coin)
	}
	switch call.Function {
	case "balance":
		return []any{supra.U64(bal)}, nil
	case "primary_store_address":
		return []any{store.String()}, nil
	case "primary_store_exists":
		return []any{exists}, nil
	}
	return nil, vmError("FUNCTION_RESOLUTION_FAILURE")
}
