package history

import (
	"encoding/json"

	"github.com/luckycoin/lucky/internal/supra"
)

// Meta places an event: its transaction, its index among the transaction's events (the
// row key), the block and the transaction's position in it (the order).
type Meta struct {
	TxHash     string
	EventIndex int
	Height     uint64
	TxPos      int
	TimeUS     int64 // block timestamp, microseconds since the Unix epoch
	Sender     string
}

// Key is an event's identity: a transaction's events are numbered once, whatever their kind.
type Key struct {
	TxHash     string
	EventIndex int
}

// Key names the event.
func (m Meta) Key() Key { return Key{m.TxHash, m.EventIndex} }

// Before orders events as the chain did.
func Before(a, b Meta) bool {
	if a.Height != b.Height {
		return a.Height < b.Height
	}
	if a.TxPos != b.TxPos {
		return a.TxPos < b.TxPos
	}
	return a.EventIndex < b.EventIndex
}

// Swap is a Dexlyn SwapEvent. DaoX and DaoY are the parts of the inputs that left the
// reserves for the pool's DAO storage (the indexer computes them from the pool's fees):
// with them the reserves are followed exactly.
type Swap struct {
	Meta
	PairX, PairY         supra.CoinType
	XIn, XOut, YIn, YOut uint64
	DaoX, DaoY           uint64
}

// Liquidity is a Dexlyn LiquidityAddedEvent (Added) or LiquidityRemovedEvent.
type Liquidity struct {
	Meta
	PairX, PairY supra.CoinType
	X, Y, LP     uint64
	Added        bool
}

// Play is a slots PlayEvent.
type Play struct {
	Meta
	Player string
	Token  supra.CoinType
	Bet    uint64
	Spins  uint64
	Won    uint64
	Tiers  []uint8
}

// CoinEvent is a 0x1::coin::CoinDeposit or CoinWithdraw, or a 0x1::fungible_asset::Deposit
// or Withdraw of the primary store of an account that migrated the coin to a fungible
// store: Account is then the store's owner, so holders and burns follow both families.
type CoinEvent struct {
	Meta
	Deposit bool
	Coin    supra.CoinType
	Account string
	Amount  uint64
	// Store is set, while its owner is not known yet, on a fungible-asset event: the
	// indexer resolves it before the event is derived or stored.
	Store string
}

// RawEvent is an event kept as it came, with the account it belongs to when its contract
// names one (a Cosmic Miners event's buyer or player), so an account's activity finds it.
type RawEvent struct {
	Meta
	Type    string
	Data    json.RawMessage
	Account string // long form; "" when the event names no account
}

// Events are the decoded events of a block range, each kind in chain order.
type Events struct {
	Swaps     []Swap
	Liquidity []Liquidity
	Plays     []Play
	Coins     []CoinEvent
	Raw       []RawEvent
}

// Len is how many events e holds.
func (e *Events) Len() int {
	return len(e.Swaps) + len(e.Liquidity) + len(e.Plays) + len(e.Coins) + len(e.Raw)
}

// Append adds the next range's events after e's.
func (e *Events) Append(next Events) {
	e.Swaps = append(e.Swaps, next.Swaps...)
	e.Liquidity = append(e.Liquidity, next.Liquidity...)
	e.Plays = append(e.Plays, next.Plays...)
	e.Coins = append(e.Coins, next.Coins...)
	e.Raw = append(e.Raw, next.Raw...)
}
