package bots

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/luckycoin/lucky/internal/amount"
)

// units renders base units with 2 decimals (floored), grouped: "1,495.48".
func units(base *big.Int, decimals uint8) string {
	return amount.Group(amount.Format(base, decimals, min(2, decimals)))
}

// ratFixed renders a non-negative rational with places decimals, floored.
func ratFixed(r *big.Rat, places int) string {
	scale := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(places)), nil)
	q := new(big.Int).Quo(new(big.Int).Mul(r.Num(), scale), r.Denom())
	return amount.Format(q, uint8(places), uint8(places))
}

// dollars renders a USD value: cents from $1, else 4 significant-ish decimals.
func dollars(r *big.Rat) string {
	if r == nil {
		return "USD n/a"
	}
	if r.Cmp(big.NewRat(1, 1)) >= 0 {
		return "$" + amount.Group(ratFixed(r, 2))
	}
	return "$" + trimZeros(ratFixed(r, 6))
}

// price renders a unit price with 8 decimals (10 below 0.0001), like the app's chart.
func price(r *big.Rat) string {
	places := 8
	if r.Cmp(big.NewRat(1, 10_000)) < 0 {
		places = 10
	}
	return amount.Group(ratFixed(r, places))
}

func trimZeros(s string) string {
	if !strings.Contains(s, ".") {
		return s
	}
	s = strings.TrimRight(s, "0")
	if strings.HasSuffix(s, ".") {
		s += "00"
	}
	return s
}

// percentOf is part/whole in percent with 4 decimals, floored ("5.0004").
func percentOf(part, whole *big.Int) string {
	if whole == nil || whole.Sign() == 0 {
		return ""
	}
	return ratFixed(new(big.Rat).SetFrac(new(big.Int).Mul(part, big.NewInt(100)), whole), 4)
}

// short is an address as 0x1234…abcd.
func short(addr string) string {
	if len(addr) <= 12 {
		return addr
	}
	return addr[:6] + "…" + addr[len(addr)-4:]
}

// tierNames are the slot's prize tiers (docs/product.md), by tier index.
var tierNames = []string{"No Win", "Tiny 0.5x", "Small 0.8x", "Medium 1.5x", "High 3x", "Jackpot 10x", "Super Jackpot 50x"}

func tierName(i int) string {
	if i >= 0 && i < len(tierNames) {
		return tierNames[i]
	}
	return fmt.Sprintf("tier %d", i)
}
