package history

import (
	"math/big"

	"github.com/luckycoin/lucky/internal/supra"
)

// Holding names an account's balance of a coin.
type Holding struct {
	Coin    supra.CoinType
	Account string
}

// BurnKey names a burner's total of one coin.
type BurnKey struct {
	Burner string
	Coin   supra.CoinType
}

// BurnTotal is what one burner has burned of one coin, and in how many burns.
type BurnTotal struct {
	Total *big.Int
	Burns int64
}

// Burn is one deposit to the burn address: the transaction's sender burned it.
type Burn struct {
	Meta
	Coin   supra.CoinType
	Amount uint64
}

// Tracked reports whether a coin event moves a tracked holder balance (LUCKY's).
func (r Rules) Tracked(c CoinEvent) bool { return !r.Lucky.IsZero() && c.Coin == r.Lucky }

// IsBurn reports whether a coin event is a burn: a deposit, of any coin, to the burn address.
func (r Rules) IsBurn(c CoinEvent) bool {
	return c.Deposit && r.BurnAddress != "" && c.Account == r.BurnAddress
}

// Delta is what a coin event does to its account's balance.
func Delta(c CoinEvent) *big.Int {
	d := new(big.Int).SetUint64(c.Amount)
	if !c.Deposit {
		d.Neg(d)
	}
	return d
}
