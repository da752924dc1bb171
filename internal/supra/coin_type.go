package supra

import (
	"fmt"
)

// CoinType is a coin's Move type ("0x1::supra_coin::SupraCoin"), parsed once and held in the
// node's canonical form (short address, no spaces). Two CoinTypes are the same coin exactly
// when they are ==, whichever way the address was written ("0x01", 64 digits, upper case), so
// it can key maps and be compared without re-parsing. The zero value is "no coin".
//
// Parse at the edge (a request, a node response, a config file) and pass CoinType inward:
// a string that reaches the rules or the store as a CoinType has already been checked.
type CoinType struct {
	canon string
}

// NativeCoin is SUPRA, the chain's own coin (8 decimals).
func NativeCoin() CoinType { return CoinType{canon: SupraCoinType} }

// ParseCoinType parses a coin type: a struct type "address::module::Name", with type
// arguments where the coin has them (an LP coin). Anything else is ErrInvalidTypeTag.
func ParseCoinType(s string) (CoinType, error) {
	st, err := ParseStructTag(s)
	if err != nil {
		return CoinType{}, err
	}
	return CoinType{canon: st.String()}, nil
}

// MustCoinType is ParseCoinType for constants in code and tests; it panics on a bad type.
func MustCoinType(s string) CoinType {
	c, err := ParseCoinType(s)
	if err != nil {
		panic(fmt.Sprintf("supra.MustCoinType(%q): %v", s, err))
	}
	return c
}

// String is the canonical form, the one the node writes in its JSON.
func (c CoinType) String() string { return c.canon }

// IsZero reports the zero CoinType (no coin).
func (c CoinType) IsZero() bool { return c.canon == "" }

// IsNative reports whether this is SUPRA.
func (c CoinType) IsNative() bool { return c.canon == SupraCoinType }

// StructTag is the parsed type, for transaction type arguments and BCS.
func (c CoinType) StructTag() StructTag {
	st, err := ParseStructTag(c.canon)
	if err != nil {
		return StructTag{} // only the zero CoinType gets here
	}
	return st
}

// TypeTag is the type as a transaction type argument.
func (c CoinType) TypeTag() TypeTag {
	st := c.StructTag()
	return TypeTag{Kind: KindStruct, Struct: &st}
}

// Compare is the on-chain pair order (CompareCoinOrder): −1 when c sorts before o, 0 for
// the same coin. Dexlyn stores a pool's reserves in this order.
func (c CoinType) Compare(o CoinType) int {
	return CompareCoinOrder(c.StructTag(), o.StructTag())
}

// MarshalText writes the canonical form (JSON strings, map keys).
func (c CoinType) MarshalText() ([]byte, error) { return []byte(c.canon), nil }

// UnmarshalText parses a coin type; an empty text is the zero CoinType.
func (c *CoinType) UnmarshalText(b []byte) error {
	if len(b) == 0 {
		*c = CoinType{}
		return nil
	}
	v, err := ParseCoinType(string(b))
	if err != nil {
		return err
	}
	*c = v
	return nil
}
