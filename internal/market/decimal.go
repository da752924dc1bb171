package market

import (
	"math/big"
	"strings"
)

// Places is the number of decimals prices and USD values carry in the API: enough for
// the 12-decimal price format (docs/product.md, Display rules) with digits to spare.
const Places = 18

// Decimal renders r as a decimal string with exactly Places decimals, truncated toward
// zero (never rounded up: a price is never shown above what the reserves say).
func Decimal(r *big.Rat) string {
	scaled := new(big.Int).Mul(r.Num(), pow10(Places))
	neg := scaled.Sign() < 0
	scaled.Abs(scaled)
	scaled.Quo(scaled, r.Denom())
	s := scaled.String()
	if len(s) <= Places {
		s = strings.Repeat("0", Places-len(s)+1) + s
	}
	out := s[:len(s)-Places] + "." + s[len(s)-Places:]
	if neg && strings.Trim(out, "0.") != "" {
		out = "-" + out
	}
	return out
}

// DecimalPtr is Decimal for an optional value (nil stays nil, JSON null).
func DecimalPtr(r *big.Rat) *string {
	if r == nil {
		return nil
	}
	s := Decimal(r)
	return &s
}
