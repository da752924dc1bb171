package chain

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/luckycoin/lucky/internal/supra"
)

func faEvent(t *testing.T, typ string, store supra.Address, amount string) supra.Event {
	t.Helper()
	raw, err := json.Marshal(map[string]string{"store": store.String(), "amount": amount})
	if err != nil {
		t.Fatal(err)
	}
	return supra.Event{Type: typ, Data: raw}
}

// A burn is proved by either event family: a CoinDeposit to the burn address, or a
// fungible_asset::Deposit to the burn address's primary store of a listed coin (a transfer
// of the paired asset), which resolves to the coin by the store's derivation alone.
func TestBurnOfFungibleAssetDeposit(t *testing.T) {
	c := testClient(t)
	burn, _ := c.Burns.BurnAddress()
	lucky, ok := c.Core.Tokens().App()
	if !ok {
		t.Fatal("no app token")
	}
	sender := supra.MustParseAddress("0xabc")
	meta := supra.PairedMetadataAddress(lucky.Coin())
	burnStore := supra.PrimaryStoreAddress(burn, meta)
	senderStore := supra.PrimaryStoreAddress(sender, meta)
	tx := func(fn string, args []any, evs ...supra.Event) *supra.TransactionInfo {
		return &supra.TransactionInfo{
			Hash:    "0x01",
			Status:  supra.StatusSuccess,
			Header:  supra.TxHeader{Sender: supra.SenderInfo{Move: sender.String()}},
			Payload: supra.TxPayloadInfo{Move: supra.EntryFunctionPayloadInfo{Type: "entry_function_payload", Function: fn, Arguments: args}},
			Output:  &supra.TxOutput{Move: supra.MoveOutput{Events: evs, VMStatus: supra.VMStatusSuccess}},
		}
	}
	transfer := "0x1::primary_fungible_store::transfer"
	cases := []struct {
		name   string
		tx     *supra.TransactionInfo
		amount uint64
		err    error
	}{
		{"paired asset to the burn address", tx(transfer, []any{map[string]any{"inner": meta.String()}, burn.String(), "25"},
			faEvent(t, FAWithdrawType, senderStore, "25"), faEvent(t, FADepositType, burnStore, "25")), 25, nil},
		{"paired asset elsewhere", tx(transfer, []any{map[string]any{"inner": meta.String()}, "0xdef", "25"},
			faEvent(t, FAWithdrawType, senderStore, "25"), faEvent(t, FADepositType, supra.PrimaryStoreAddress(supra.MustParseAddress("0xdef"), meta), "25")), 0, ErrNotToBurn},
		{"a script's deposit to a store the burn address does not own", tx("0x1::m::f", nil,
			faEvent(t, FADepositType, senderStore, "25")), 0, ErrNotToBurn},
		{"malformed fungible-asset event", tx("0x1::m::f", nil, supra.Event{Type: FADepositType, Data: json.RawMessage(`{"store":"0x1"}`)}), 0, ErrBadResponse},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			b, err := c.Burns.BurnOf(tc.tx)
			if !errors.Is(err, tc.err) || (err == nil && (b.Amount != tc.amount || b.Token.Name != lucky.Name || b.Burner != sender)) {
				t.Fatalf("BurnOf = %+v, %v; want %d, %v", b, err, tc.amount, tc.err)
			}
			if tc.err == nil {
				dec, err := c.Core.DecodeEvents(tc.tx.Output.Move.Events)
				if be, _ := dec["burn"].(*BurnEvent); err != nil || be == nil || be.Token != lucky.Name || be.Amount != tc.amount {
					t.Fatalf("decoded burn %+v, %v", dec["burn"], err)
				}
			}
		})
	}
}

// The migration's own deposit (right after CoinEventHandleDeletion) moves nothing; a
// store is traced to its owner among the transaction's accounts, and cached.
func TestPrimaryStoresResolve(t *testing.T) {
	c := testClient(t)
	lucky, _ := c.Core.Tokens().App()
	owner, other := supra.MustParseAddress("0xabc"), supra.MustParseAddress("0xdef")
	store := supra.PrimaryStoreAddress(owner, supra.PairedMetadataAddress(lucky.Coin()))
	deletion := supra.Event{Type: CoinEventHandleDeletionType, Data: json.RawMessage(`{"event_handle_creation_address":"` + owner.String() + `"}`)}
	evs := []supra.Event{deletion, faEvent(t, FADepositType, store, "100"), faEvent(t, FAWithdrawType, store, "7")}
	if !IsMigrationDeposit(evs, 1) || IsMigrationDeposit(evs, 2) || IsMigrationDeposit(evs, 0) {
		t.Fatal("IsMigrationDeposit")
	}
	tx := &supra.TransactionInfo{Header: supra.TxHeader{Sender: supra.SenderInfo{Move: other.String()}},
		Payload: supra.TxPayloadInfo{Move: supra.EntryFunctionPayloadInfo{Arguments: []any{owner.String(), "5"}}}}
	p := NewPrimaryStores(c.Core.Tokens())
	if _, ok := p.Resolve(store, other); ok {
		t.Fatal("resolved to an account that does not own it")
	}
	if o, ok := p.Resolve(store, TxParties(tx)...); !ok || o.Owner != owner || o.Coin != lucky.Coin() {
		t.Fatalf("Resolve = %+v, %v", o, ok)
	}
	if o, ok := p.Resolve(store); !ok || o.Owner != owner {
		t.Fatal("a resolved store is not remembered")
	}
}
