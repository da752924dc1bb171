package supra

import (
	"encoding/hex"
	"strings"

	"github.com/aptos-labs/aptos-go-sdk/bcs"
)

// Address is a 32-byte Supra account address.
type Address [32]byte

// Well-known addresses.
var (
	// FrameworkAddress is 0x1, home of coin, supra_account and supra_coin.
	FrameworkAddress = Address{31: 1}
)

// ParseAddress normalises and parses an address exactly as supra-l1-sdk's
// normalizeAddress does (docs/product.md, Transactions and the node): lower-case; shorter than 66 characters → strip an optional 0x and pad
// to 64 hex digits; exactly 66 characters starting with 0x → as is; anything else fails with
// AddressLengthMessage. Non-hex digits fail too (the SDK would fail later, on hex decoding).
func ParseAddress(s string) (Address, error) {
	var a Address
	n := strings.ToLower(s)
	var digits string
	switch {
	case len(n) < 66:
		digits = strings.TrimPrefix(n, "0x")
		if len(digits) > 64 { // 65 digits without 0x: padStart is a no-op and the result is too long
			return a, &AddressError{Input: s, Msg: AddressLengthMessage}
		}
	case len(n) == 66 && strings.HasPrefix(n, "0x"):
		digits = n[2:]
	default:
		return a, &AddressError{Input: s, Msg: AddressLengthMessage}
	}
	if digits == "" {
		return a, &AddressError{Input: s, Msg: "Invalid address: empty"}
	}
	var buf [64]byte
	pad := 64 - len(digits)
	for i := 0; i < pad; i++ {
		buf[i] = '0'
	}
	copy(buf[pad:], digits)
	if _, err := hex.Decode(a[:], buf[:]); err != nil {
		return Address{}, &AddressError{Input: s, Msg: "Invalid address: not a hex string"}
	}
	return a, nil
}

// MustParseAddress is for constants in code and tests; it panics on bad input.
func MustParseAddress(s string) Address {
	a, err := ParseAddress(s)
	if err != nil {
		panic(err)
	}
	return a
}

// String returns the full form "0x" + 64 lower-case hex digits.
func (a Address) String() string {
	var b [66]byte
	b[0], b[1] = '0', 'x'
	hex.Encode(b[2:], a[:])
	return string(b[:])
}

// ShortString returns Move's short form with leading zero digits removed ("0x1", "0x0").
// Used inside type strings; see the package doc.
func (a Address) ShortString() string {
	h := hex.EncodeToString(a[:])
	h = strings.TrimLeft(h, "0")
	if h == "" {
		h = "0"
	}
	return "0x" + h
}

// IsZero reports whether a is 0x0.
func (a Address) IsZero() bool { return a == Address{} }

// MarshalText renders the full form (JSON uses it too).
func (a Address) MarshalText() ([]byte, error) { return []byte(a.String()), nil }

// UnmarshalText accepts every form ParseAddress accepts.
func (a *Address) UnmarshalText(b []byte) error {
	p, err := ParseAddress(string(b))
	if err != nil {
		return err
	}
	*a = p
	return nil
}

// MarshalBCS writes the 32 raw bytes (no length prefix).
func (a *Address) MarshalBCS(ser *bcs.Serializer) { ser.FixedBytes(a[:]) }

// UnmarshalBCS reads 32 raw bytes.
func (a *Address) UnmarshalBCS(des *bcs.Deserializer) { des.ReadFixedBytesInto(a[:]) }

// SupraCoinType is the native coin's canonical type string (8 decimals).
const SupraCoinType = "0x1::supra_coin::SupraCoin"
