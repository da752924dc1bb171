// Package amount converts between decimal strings that people type and integer base units
// that the chain stores. Parsing is exact: no floating point touches an amount.
package amount

import (
	"errors"
	"fmt"
	"math/big"
	"strings"
)

// Sentinel errors; messages of returned errors wrap one of these.
var (
	ErrSyntax    = errors.New("amount: not a decimal number")
	ErrPrecision = errors.New("amount: too many decimal places")
	ErrRange     = errors.New("amount: out of range")
)

var maxUint64 = new(big.Int).SetUint64(^uint64(0))

// Parse reads a non-negative decimal string such as "12.5" into base units with the given
// number of decimals ("12.5" with 6 decimals is 12500000). It rejects signs, exponents,
// thousands separators and more fractional digits than decimals.
func Parse(s string, decimals uint8) (*big.Int, error) {
	s = strings.TrimSpace(s)
	whole, frac, hasDot := strings.Cut(s, ".")
	if (whole == "" && frac == "") || !digits(whole) || !digits(frac) || (hasDot && frac == "" && whole == "") {
		return nil, fmt.Errorf("%w: %q", ErrSyntax, s)
	}
	if len(frac) > int(decimals) {
		return nil, fmt.Errorf("%w: %q has more than %d", ErrPrecision, s, decimals)
	}
	n, ok := new(big.Int).SetString(whole+frac+strings.Repeat("0", int(decimals)-len(frac)), 10)
	if !ok { // only when whole+frac is empty, e.g. "." which is rejected above
		return nil, fmt.Errorf("%w: %q", ErrSyntax, s)
	}
	return n, nil
}

// ParseUint64 is Parse for amounts that must fit a Move u64.
func ParseUint64(s string, decimals uint8) (uint64, error) {
	n, err := Parse(s, decimals)
	if err != nil {
		return 0, err
	}
	if n.Cmp(maxUint64) > 0 {
		return 0, fmt.Errorf("%w: %q exceeds u64", ErrRange, s)
	}
	return n.Uint64(), nil
}

// Format renders base units as a decimal string with exactly places fractional digits,
// rounding down (places ≤ decimals), the way balances are shown: floored, never inflated.
func Format(base *big.Int, decimals, places uint8) string {
	if places > decimals {
		places = decimals
	}
	neg := base.Sign() < 0
	abs := new(big.Int).Abs(base)
	unit := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(decimals)), nil)
	whole, rem := new(big.Int).QuoRem(abs, unit, new(big.Int))
	out := whole.String()
	if places > 0 {
		frac := fmt.Sprintf("%0*s", decimals, rem.String())[:places]
		out += "." + frac
	}
	if neg && strings.Trim(out, "0.") != "" {
		out = "-" + out
	}
	return out
}

// Exact renders base units as the shortest exact decimal string ("9.5", "10", "0.00000001").
func Exact(base *big.Int, decimals uint8) string {
	s := Format(base, decimals, decimals)
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	return s
}

func digits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// Group renders a decimal string with thousands separators in its whole part
// ("1234567.5" → "1,234,567.5").
func Group(dec string) string {
	whole, frac, hasFrac := strings.Cut(dec, ".")
	neg := strings.HasPrefix(whole, "-")
	whole = strings.TrimPrefix(whole, "-")
	var b strings.Builder
	for i, ch := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(ch)
	}
	out := b.String()
	if neg {
		out = "-" + out
	}
	if hasFrac {
		out += "." + frac
	}
	return out
}
