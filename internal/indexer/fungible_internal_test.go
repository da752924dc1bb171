package indexer

import (
	"context"
	"encoding/json"
	"log/slog"
	"testing"
	"time"

	"github.com/luckycoin/lucky/internal/chain"
	"github.com/luckycoin/lucky/internal/history"
	"github.com/luckycoin/lucky/internal/store"
	"github.com/luckycoin/lucky/internal/supra"
	"github.com/luckycoin/lucky/internal/tokens"
)

func faEv(t *testing.T, typ string, store supra.Address, amount string) supra.Event {
	t.Helper()
	raw, _ := json.Marshal(map[string]string{"store": store.String(), "amount": amount})
	return supra.Event{Type: typ, Data: raw}
}

// Fungible-asset events become their store owner's coin events: from the transaction's
// accounts when one owns the store, else from the node (StoreOwner); a migration's own
// deposit and a store of an unlisted coin are left out.
func TestFungibleAssetEventsByOwner(t *testing.T) {
	reg, err := tokens.Load(slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	lucky, _ := reg.App()
	owner, payee, sender := supra.MustParseAddress("0xabc"), supra.MustParseAddress("0xdef"), supra.MustParseAddress("0x5e")
	meta := supra.PairedMetadataAddress(lucky.Coin())
	ownerStore, payeeStore := supra.PrimaryStoreAddress(owner, meta), supra.PrimaryStoreAddress(payee, meta)
	foreign := supra.MustParseAddress("0xf0")
	asked := map[supra.Address]int{}
	ix, err := New(nil, nil, Config{Streams: []Stream{{"fa_deposit", chain.FADepositType, KindFA}}, Decoders: chain.NewRegistry(),
		Stores: chain.NewPrimaryStores(reg), BackoffMin: time.Millisecond, Log: slog.New(slog.DiscardHandler),
		StoreOwner: func(_ context.Context, s supra.Address) (chain.StoreOwner, error) {
			asked[s]++
			if s == payeeStore {
				return chain.StoreOwner{Owner: payee, Coin: lucky.Coin()}, nil
			}
			return chain.StoreOwner{}, chain.ErrNotRegistryStore
		}})
	if err != nil {
		t.Fatal(err)
	}
	deletion := supra.Event{Type: chain.CoinEventHandleDeletionType, Data: json.RawMessage(`{}`)}
	evs := []supra.Event{deletion, faEv(t, chain.FADepositType, ownerStore, "100"), faEv(t, chain.FAWithdrawType, ownerStore, "7"),
		faEv(t, chain.FADepositType, payeeStore, "5"), faEv(t, chain.FADepositType, foreign, "1")}
	tx := &supra.TransactionInfo{Hash: "0x01", Header: supra.TxHeader{Sender: supra.SenderInfo{Move: sender.String()}},
		Payload: supra.TxPayloadInfo{Move: supra.EntryFunctionPayloadInfo{Arguments: []any{owner.String()}}},
		Output:  &supra.TxOutput{Move: supra.MoveOutput{Events: evs}}}
	b := &store.Batch{}
	for i, ev := range evs[1:] {
		meta := history.Meta{TxHash: tx.Hash, EventIndex: i + 1, Sender: sender.String()}
		if err := decodeFA(ix.cfg.Stores, b, meta, ev, tx); err != nil {
			t.Fatal(err)
		}
	}
	if err := ix.storeOwners(context.Background(), b); err != nil {
		t.Fatal(err)
	}
	got := b.Events.Coins
	if len(got) != 2 || got[0].Account != owner.String() || got[0].Deposit || got[0].Amount != 7 || got[0].Coin != lucky.Coin() ||
		got[1].Account != payee.String() || !got[1].Deposit || got[1].Amount != 5 || got[1].Store != "" {
		t.Fatalf("coin events %+v", got)
	}
	if asked[ownerStore] != 0 || asked[payeeStore] != 1 || asked[foreign] != 1 {
		t.Fatalf("node reads %v: only the stores no account of the transaction owns", asked)
	}
}
