package devnet

import (
	"maps"

	"github.com/luckycoin/lucky/internal/supra"
)

// accountState is 0x1::account::Account reduced to what the node checks.
type accountState struct {
	SequenceNumber uint64
	AuthKey        supra.Address
}

type coinKey struct {
	Addr supra.Address
	Coin string // canonical type string
}

type resKey struct {
	Addr supra.Address
	Type string // canonical struct type string
}

// CoinInfo is 0x1::coin::CoinInfo<T>. Supply is a uint64: every balance is a u64 and the
// node refuses mints that would overflow it.
type CoinInfo struct {
	CoinType string `json:"coin_type"`
	Name     string `json:"name"`
	Symbol   string `json:"symbol"`
	Decimals uint8  `json:"decimals"`
	Supply   uint64 `json:"supply,string"`
}

// state is the ledger state proper (no history). Maps hold values, or pointers to
// resources that are never changed once stored, so a shallow maps.Clone is a full copy
// (snapshots).
type state struct {
	accounts map[supra.Address]accountState
	coins    map[coinKey]uint64 // presence = CoinStore registered
	// fa holds primary fungible stores of paired coins, keyed by owner and coin:
	// presence = the owner's primary store exists (the store's own address is derived,
	// supra.PrimaryStoreAddress; a migrated one also holds the MigrationFlag resource).
	fa           map[coinKey]uint64
	coinInfos    map[string]CoinInfo
	resources    map[resKey]*storedResource
	gasCollected uint64 // SUPRA paid as gas; kept (not burned) so conservation is checkable
	// writes counts commits, so the state file is rewritten only after something changed.
	writes uint64
}

func newState() *state {
	return &state{
		accounts:  map[supra.Address]accountState{},
		coins:     map[coinKey]uint64{},
		fa:        map[coinKey]uint64{},
		coinInfos: map[string]CoinInfo{},
		resources: map[resKey]*storedResource{},
	}
}

func (s *state) clone() *state {
	return &state{
		accounts:     maps.Clone(s.accounts),
		coins:        maps.Clone(s.coins),
		fa:           maps.Clone(s.fa),
		coinInfos:    maps.Clone(s.coinInfos),
		resources:    maps.Clone(s.resources),
		gasCollected: s.gasCollected,
	}
}

// overlay buffers one transaction's writes over the base state (copy-on-write at the key
// level). commit applies them; dropping the overlay is the rollback. Maps are allocated
// lazily because most transactions touch few kinds of state.
type overlay struct {
	base      *state
	accounts  map[supra.Address]accountState
	coins     map[coinKey]uint64
	coinsGone map[coinKey]bool // CoinStores removed (a migration moves them into fa)
	fa        map[coinKey]uint64
	coinInfos map[string]CoinInfo
	resources map[resKey]*storedResource // nil value = deleted
	gas       uint64                     // added to gasCollected on commit
}

func newOverlay(base *state) *overlay { return &overlay{base: base} }

func (o *overlay) account(a supra.Address) (accountState, bool) {
	if v, ok := o.accounts[a]; ok {
		return v, true
	}
	v, ok := o.base.accounts[a]
	return v, ok
}

func (o *overlay) setAccount(a supra.Address, v accountState) {
	if o.accounts == nil {
		o.accounts = map[supra.Address]accountState{}
	}
	o.accounts[a] = v
}

func (o *overlay) coin(k coinKey) (uint64, bool) {
	if v, ok := o.coins[k]; ok {
		return v, true
	}
	if o.coinsGone[k] {
		return 0, false
	}
	v, ok := o.base.coins[k]
	return v, ok
}

func (o *overlay) setCoin(k coinKey, v uint64) {
	if o.coins == nil {
		o.coins = map[coinKey]uint64{}
	}
	o.coins[k] = v
	delete(o.coinsGone, k)
}

// deleteCoin removes a CoinStore (move_from).
func (o *overlay) deleteCoin(k coinKey) {
	delete(o.coins, k)
	if o.coinsGone == nil {
		o.coinsGone = map[coinKey]bool{}
	}
	o.coinsGone[k] = true
}

// faStore is the balance of owner's primary fungible store of a coin; ok is false when
// it has none.
func (o *overlay) faStore(k coinKey) (uint64, bool) {
	if v, ok := o.fa[k]; ok {
		return v, true
	}
	v, ok := o.base.fa[k]
	return v, ok
}

func (o *overlay) setFAStore(k coinKey, v uint64) {
	if o.fa == nil {
		o.fa = map[coinKey]uint64{}
	}
	o.fa[k] = v
}

func (o *overlay) coinInfo(t string) (CoinInfo, bool) {
	if v, ok := o.coinInfos[t]; ok {
		return v, true
	}
	v, ok := o.base.coinInfos[t]
	return v, ok
}

func (o *overlay) setCoinInfo(v CoinInfo) {
	if o.coinInfos == nil {
		o.coinInfos = map[string]CoinInfo{}
	}
	o.coinInfos[v.CoinType] = v
}

func (o *overlay) resource(k resKey) (*storedResource, bool) {
	if v, ok := o.resources[k]; ok {
		return v, v != nil
	}
	v, ok := o.base.resources[k]
	return v, ok
}

func (o *overlay) setResource(k resKey, v *storedResource) {
	if o.resources == nil {
		o.resources = map[resKey]*storedResource{}
	}
	o.resources[k] = v
}

func (o *overlay) commit() {
	b := o.base
	for k, v := range o.accounts {
		b.accounts[k] = v
	}
	for k := range o.coinsGone {
		delete(b.coins, k)
	}
	for k, v := range o.coins {
		b.coins[k] = v
	}
	for k, v := range o.fa {
		b.fa[k] = v
	}
	for k, v := range o.coinInfos {
		b.coinInfos[k] = v
	}
	for k, v := range o.resources {
		if v == nil {
			delete(b.resources, k)
		} else {
			b.resources[k] = v
		}
	}
	b.gasCollected += o.gas
	b.writes++
}
