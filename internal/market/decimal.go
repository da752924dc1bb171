package market

import (
	"math/big"
	"strconv"
)

// Places is the number of decimals prices and USD values carry in the API: enough for
// the 12-decimal price format (docs/product.md, Display rules) with digits to spare.
const Places = 18

// Decimal renders r as a decimal string with exactly Places decimals, truncated toward
// zero (never rounded up: a price is never shown above what the reserves say). The whole
// part and the decimals are formatted apart, the decimals as a uint64 (below 10^18): a big
// integer's decimal formatting showed in the token index's rendering, six values a token.
func Decimal(r *big.Rat) string {
	den := r.Denom()
	whole, rem := new(big.Int).QuoRem(new(big.Int).Abs(r.Num()), den, new(big.Int))
	// ⌊|r| × 10^18⌋ = whole × 10^18 + ⌊rem × 10^18 / den⌋, and rem < den.
	frac := rem.Mul(rem, pow10(Places)).Quo(rem, den).Uint64()
	b := make([]byte, 0, 48)
	if r.Sign() < 0 && (whole.Sign() != 0 || frac != 0) {
		b = append(b, '-')
	}
	if whole.IsUint64() {
		b = strconv.AppendUint(b, whole.Uint64(), 10)
	} else {
		b = whole.Append(b, 10)
	}
	b = append(b, '.')
	digits := strconv.AppendUint(make([]byte, 0, Places), frac, 10)
	for range Places - len(digits) {
		b = append(b, '0')
	}
	return string(append(b, digits...))
}

// DecimalPtr is Decimal for an optional value (nil stays nil, JSON null).
func DecimalPtr(r *big.Rat) *string {
	if r == nil {
		return nil
	}
	s := Decimal(r)
	return &s
}
