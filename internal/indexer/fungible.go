package indexer

import (
	"context"
	"errors"
	"fmt"

	"github.com/luckycoin/lucky/internal/chain"
	"github.com/luckycoin/lucky/internal/history"
	"github.com/luckycoin/lucky/internal/store"
	"github.com/luckycoin/lucky/internal/supra"
)

// decodeFA adds a fungible_asset Deposit/Withdraw to the batch as its store owner's coin
// event (a migration's own deposit moves nothing and is left out). The owner is found among the accounts the transaction names (no node call);
// a store it does not explain is left with its Store set for storeOwners.
func decodeFA(stores *chain.PrimaryStores, b *store.Batch, meta history.Meta, ev supra.Event, tx *supra.TransactionInfo) error {
	var err error
	if meta.Sender, err = store.CanonAddress(meta.Sender); err != nil {
		return fmt.Errorf("%w: %s sender: %v", ErrInconsistent, meta.TxHash, err)
	}
	fe, ok, err := chain.DecodeFAEvent(ev)
	if err != nil || !ok {
		return err
	}
	if tx.Output != nil && chain.IsMigrationDeposit(tx.Output.Move.Events, meta.EventIndex) {
		return nil // the coins were the owner's already
	}
	c := history.CoinEvent{Meta: meta, Deposit: fe.Deposit, Amount: fe.Amount}
	if o, ok := stores.Resolve(fe.Store, chain.TxParties(tx)...); ok {
		c.Coin, c.Account = o.Coin, o.Owner.String()
	} else {
		c.Store = fe.Store.String()
	}
	b.Events.Coins = append(b.Events.Coins, c)
	return nil
}

// storeOwners resolves the batch's fungible-asset events whose store no account of their
// transaction owns, through Config.StoreOwner (one node read per store, remembered), and
// drops those of stores that hold no registry coin.
func (ix *Indexer) storeOwners(ctx context.Context, b *store.Batch) error {
	coins := b.Events.Coins[:0]
	for _, c := range b.Events.Coins {
		if c.Store == "" {
			coins = append(coins, c)
			continue
		}
		if ix.cfg.StoreOwner == nil {
			continue
		}
		addr, err := supra.ParseAddress(c.Store)
		if err != nil {
			return fmt.Errorf("%w: store %q", chain.ErrBadResponse, c.Store)
		}
		o, err := fetch(ctx, ix, "owner of store "+c.Store, func() (chain.StoreOwner, error) {
			o, err := ix.cfg.StoreOwner(ctx, addr)
			if errors.Is(err, chain.ErrNotRegistryStore) {
				return chain.StoreOwner{}, nil
			}
			return o, err
		})
		if err != nil {
			return err
		}
		if o.Coin.IsZero() {
			continue
		}
		c.Coin, c.Account, c.Store = o.Coin, o.Owner.String(), ""
		coins = append(coins, c)
	}
	b.Events.Coins = coins
	return nil
}
