package chain

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"

	"github.com/luckycoin/lucky/internal/supra"
	"github.com/luckycoin/lucky/internal/tokens"
)

// An account that ran 0x1::coin::migrate_to_fungible_store<T> holds T in its primary
// fungible store: its deposits and withdrawals of T emit 0x1::fungible_asset::Deposit /
// Withdraw, which name the store, not the owner or the coin. The store's address is
// derived from its owner and the coin's paired metadata (supra.PrimaryStoreAddress), so
// for the registry's coins a store is traced to its owner by deriving the stores of the
// accounts a transaction names; failing that, by the store's ObjectCore and FungibleStore
// on the node, read once.

// Framework fungible-asset event types.
const (
	FADepositType  = "0x1::fungible_asset::Deposit"
	FAWithdrawType = "0x1::fungible_asset::Withdraw"
)

// FAEvent is 0x1::fungible_asset::Deposit or Withdraw.
type FAEvent struct {
	Deposit bool
	Store   supra.Address
	Amount  uint64
}

// DecodeFAEvent reads a fungible_asset Deposit / Withdraw event; ok is false for other types.
func DecodeFAEvent(ev supra.Event) (FAEvent, bool, error) {
	var dep bool
	switch {
	case sameStruct(ev.Type, FADepositType):
		dep = true
	case sameStruct(ev.Type, FAWithdrawType):
	default:
		return FAEvent{}, false, nil
	}
	var in struct {
		Store  string     `json:"store"`
		Amount *supra.U64 `json:"amount"`
	}
	if err := json.Unmarshal(ev.Data, &in); err != nil || in.Amount == nil {
		return FAEvent{}, true, fmt.Errorf("%w: %s: %s", ErrBadResponse, ev.Type, ev.Data)
	}
	a, err := supra.ParseAddress(in.Store)
	if err != nil {
		return FAEvent{}, true, fmt.Errorf("%w: %s store: %v", ErrBadResponse, ev.Type, err)
	}
	return FAEvent{Deposit: dep, Store: a, Amount: uint64(*in.Amount)}, true, nil
}

// CoinEventHandleDeletionType is the event coin::migrate_to_fungible_store emits when it
// removes an account's CoinStore.
const CoinEventHandleDeletionType = "0x1::coin::CoinEventHandleDeletion"

// IsMigrationDeposit reports whether events[i] is the fungible_asset::Deposit by which a
// migration moves the removed CoinStore's balance into the primary store (the framework
// emits it right after CoinEventHandleDeletion). It moves no value: the account held those
// coins already, so a holder's balance must not count it again.
func IsMigrationDeposit(events []supra.Event, i int) bool {
	return i > 0 && i < len(events) && sameStruct(events[i].Type, FADepositType) &&
		sameStruct(events[i-1].Type, CoinEventHandleDeletionType)
}

// StoreOwner is what a primary fungible store holds and for whom.
type StoreOwner struct {
	Owner supra.Address
	Coin  supra.CoinType
}

// PrimaryStores traces primary fungible stores of the registry's coins to their owners.
// Safe for concurrent use; what it learns it keeps (a primary store's owner never
// changes: the framework disables its transfer).
type PrimaryStores struct {
	metas  map[supra.Address]supra.CoinType // paired metadata address → coin
	coins  []supra.CoinType
	mu     sync.Mutex
	known  map[supra.Address]StoreOwner
	others map[supra.Address]bool // stores read from the node that hold no registry coin
}

// NewPrimaryStores knows the registry's coins.
func NewPrimaryStores(reg *tokens.Registry) *PrimaryStores {
	p := &PrimaryStores{metas: map[supra.Address]supra.CoinType{}, known: map[supra.Address]StoreOwner{}, others: map[supra.Address]bool{}}
	if reg == nil {
		return p
	}
	for _, t := range reg.All() {
		c := t.Coin()
		p.metas[supra.PairedMetadataAddress(c)] = c
		p.coins = append(p.coins, c)
	}
	return p
}

// Resolve finds the owner and coin of store among the primary stores of candidates.
func (p *PrimaryStores) Resolve(store supra.Address, candidates ...supra.Address) (StoreOwner, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if o, ok := p.known[store]; ok {
		return o, true
	}
	for _, a := range candidates {
		for _, c := range p.coins {
			if supra.PrimaryStoreAddress(a, supra.PairedMetadataAddress(c)) == store {
				o := StoreOwner{Owner: a, Coin: c}
				p.known[store] = o
				return o, true
			}
		}
	}
	return StoreOwner{}, false
}

// ErrNotRegistryStore: the store holds no registry coin (or is not a fungible store).
var ErrNotRegistryStore = errors.New("chain: not a store of a listed coin")

// Lookup reads store's ObjectCore (owner) and FungibleStore (metadata) from the node, once
// per store; ErrNotRegistryStore when it holds no registry coin.
func (p *PrimaryStores) Lookup(ctx context.Context, node *supra.Client, store supra.Address) (StoreOwner, error) {
	p.mu.Lock()
	o, ok := p.known[store]
	other := p.others[store]
	p.mu.Unlock()
	switch {
	case ok:
		return o, nil
	case other:
		return StoreOwner{}, ErrNotRegistryStore
	}
	var fs struct {
		Metadata struct {
			Inner string `json:"inner"`
		} `json:"metadata"`
	}
	var core struct {
		Owner string `json:"owner"`
	}
	raw, err := node.Resource(ctx, store, "0x1::fungible_asset::FungibleStore")
	if err == nil {
		err = json.Unmarshal(raw, &fs)
	}
	if errors.Is(err, supra.ErrResourceNotFound) {
		p.remember(store, nil)
		return StoreOwner{}, ErrNotRegistryStore
	}
	if err != nil {
		return StoreOwner{}, fmt.Errorf("fungible store %s: %w", store, err)
	}
	meta, err := supra.ParseAddress(fs.Metadata.Inner)
	coin, listed := p.metas[meta]
	if err != nil || !listed {
		p.remember(store, nil)
		return StoreOwner{}, ErrNotRegistryStore
	}
	raw, err = node.Resource(ctx, store, "0x1::object::ObjectCore")
	if err == nil {
		err = json.Unmarshal(raw, &core)
	}
	if err != nil {
		return StoreOwner{}, fmt.Errorf("object %s: %w", store, err)
	}
	owner, err := supra.ParseAddress(core.Owner)
	if err != nil {
		return StoreOwner{}, fmt.Errorf("%w: owner of %s: %q", ErrBadResponse, store, core.Owner)
	}
	o = StoreOwner{Owner: owner, Coin: coin}
	p.remember(store, &o)
	return o, nil
}

func (p *PrimaryStores) remember(store supra.Address, o *StoreOwner) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if o == nil {
		p.others[store] = true
	} else {
		p.known[store] = *o
	}
}

// TxParties are the accounts a transaction names: its sender, its address arguments, and
// the accounts of its coin events. A primary store in its events is most often one of theirs.
func TxParties(tx *supra.TransactionInfo) []supra.Address {
	var out []supra.Address
	seen := map[supra.Address]bool{}
	add := func(s string) {
		if a, err := supra.ParseAddress(s); err == nil && !seen[a] {
			seen[a] = true
			out = append(out, a)
		}
	}
	add(tx.Header.Sender.Move)
	for _, arg := range tx.Payload.Move.Arguments {
		if s, ok := arg.(string); ok && len(s) > 2 && s[:2] == "0x" {
			add(s)
		}
	}
	if tx.Output != nil {
		for _, ev := range tx.Output.Move.Events {
			if ce, ok, err := DecodeCoinEvent(ev); ok && err == nil {
				add(ce.Account.String())
			}
		}
	}
	return out
}

// Stores returns the client's primary-store resolver.
func (c *Core) Stores() *PrimaryStores { return c.stores }

// StoreOwner reads a primary store's owner and coin from the node (once per store);
// ErrNotRegistryStore when it holds no registry coin.
func (c *Core) StoreOwner(ctx context.Context, store supra.Address) (StoreOwner, error) {
	return c.stores.Lookup(ctx, c.node, store)
}

// Stores is Core.Stores, for the indexer's configuration.
func (c *Client) Stores() *PrimaryStores { return c.Core.Stores() }

// StoreOwner is Core.StoreOwner, for the indexer's configuration.
func (c *Client) StoreOwner(ctx context.Context, store supra.Address) (StoreOwner, error) {
	return c.Core.StoreOwner(ctx, store)
}
