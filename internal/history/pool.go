package history

import (
	"math/big"

	"github.com/luckycoin/lucky/internal/supra"
)

// Pair names a pool by its two coins in the pool's own order.
type Pair struct{ X, Y supra.CoinType }

// Reserves are a pool's reserves in base units.
type Reserves struct{ X, Y *big.Int }

func (r Reserves) clone() Reserves {
	return Reserves{new(big.Int).Set(r.X), new(big.Int).Set(r.Y)}
}

// afterSwap moves the reserves like Liquidswap's swap: the inputs join them, the outputs
// and the DAO's share of the inputs leave.
func (r Reserves) afterSwap(sw Swap) Reserves {
	n := r.clone()
	n.X.Add(n.X, new(big.Int).SetUint64(sw.XIn))
	n.X.Sub(n.X, new(big.Int).SetUint64(sw.XOut))
	n.X.Sub(n.X, new(big.Int).SetUint64(sw.DaoX))
	n.Y.Add(n.Y, new(big.Int).SetUint64(sw.YIn))
	n.Y.Sub(n.Y, new(big.Int).SetUint64(sw.YOut))
	n.Y.Sub(n.Y, new(big.Int).SetUint64(sw.DaoY))
	return n
}

// MinimalLiquidity is the LP Liquidswap locks at a pool's first deposit.
const MinimalLiquidity = 1000

// IsCreation recognises a pool's first deposit by Liquidswap's LP rule: sqrt(x·y) − 1000
// minted. A later deposit into a pool created before the index's start does not match, so
// an index that missed a pool's creation never guesses its reserves (it prices that
// pool's swaps at their own execution price instead).
func IsCreation(l Liquidity) bool {
	if !l.Added {
		return false
	}
	root := new(big.Int).Sqrt(new(big.Int).Mul(new(big.Int).SetUint64(l.X), new(big.Int).SetUint64(l.Y)))
	min := big.NewInt(MinimalLiquidity)
	return root.Cmp(min) > 0 && new(big.Int).Sub(root, min).Cmp(new(big.Int).SetUint64(l.LP)) == 0
}

// afterLiquidity moves a known pool's reserves by a deposit or withdrawal; ok is false
// when the pool stays unknown.
func afterLiquidity(r *Reserves, l Liquidity) (Reserves, bool) {
	x, y := new(big.Int).SetUint64(l.X), new(big.Int).SetUint64(l.Y)
	switch {
	case r == nil && IsCreation(l):
		return Reserves{x, y}, true
	case r == nil:
		return Reserves{}, false
	case l.Added:
		n := r.clone()
		n.X.Add(n.X, x)
		n.Y.Add(n.Y, y)
		return n, true
	default:
		n := r.clone()
		n.X.Sub(n.X, x)
		n.Y.Sub(n.Y, y)
		return n, true
	}
}
