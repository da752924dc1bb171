package history

import (
	"math/big"

	"github.com/luckycoin/lucky/internal/supra"
)

// Rules say how the network's events become trades, candles, holders and burns.
type Rules struct {
	// Native is the coin the pools quote in (SUPRA); a pool without it has no trades.
	Native supra.CoinType
	// USDCoin is a dollar stable coin with a pool against Native; its reserves give
	// SUPRA's dollar price. Zero: no dollar prices.
	USDCoin supra.CoinType
	// Lucky is the coin whose holders are tracked.
	Lucky supra.CoinType
	// BurnAddress is where deposits are burns (long form, as the store keys accounts).
	BurnAddress string
	// Decimals of a coin (from the token registry); a pool whose coins have unknown
	// decimals has no trades, since its price cannot be expressed per whole token.
	Decimals func(supra.CoinType) (uint8, bool)
}

func (r Rules) decimals(c supra.CoinType) (uint8, bool) {
	if r.Decimals == nil {
		return 0, false
	}
	return r.Decimals(c)
}

func pow10(n uint8) *big.Int { return new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(n)), nil) }

// Ratio is (a / 10^da) / (b / 10^db) as a display price: exact until the final rounding.
// With a pool's reserves it is the spot price of b's coin in a's coin.
func Ratio(a, b *big.Int, da, db uint8) float64 {
	if b.Sign() == 0 {
		return 0
	}
	r := new(big.Rat).SetFrac(new(big.Int).Mul(a, pow10(db)), new(big.Int).Mul(b, pow10(da)))
	f, _ := r.Float64()
	return f
}

// SupraUSD is the dollar price of one whole SUPRA from a USD/SUPRA pool's reserves.
func SupraUSD(usdReserve, nativeReserve *big.Int, usdDecimals, nativeDecimals uint8) float64 {
	return Ratio(usdReserve, nativeReserve, usdDecimals, nativeDecimals)
}
