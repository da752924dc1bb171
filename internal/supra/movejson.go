package supra

import (
	"encoding/json"
	"fmt"
	"strconv"
)

// U64 is a u64 in the node's JSON encoding: a decimal string ("12345"). Use it in view
// results, event data and resource fields so that they look exactly like the node's.
// Unmarshalling also accepts a bare JSON number.
type U64 uint64

// MarshalJSON writes a decimal string.
func (u U64) MarshalJSON() ([]byte, error) {
	b := make([]byte, 0, 22)
	b = append(b, '"')
	b = strconv.AppendUint(b, uint64(u), 10)
	return append(b, '"'), nil
}

// UnmarshalJSON accepts "123" or 123.
func (u *U64) UnmarshalJSON(b []byte) error {
	s := string(b)
	if len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"' {
		s = s[1 : len(s)-1]
	}
	v, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		return fmt.Errorf("supra: u64 %s: %w", truncate(b), err)
	}
	*u = U64(v)
	return nil
}

// Bytes is a byte string that JSON-encodes as an array of numbers ([0,225,245,5]), the
// shape of EntryFunction args in the submit body.
type Bytes []byte

// MarshalJSON writes an array of numbers.
func (b Bytes) MarshalJSON() ([]byte, error) {
	out := make([]byte, 0, 2+4*len(b))
	out = append(out, '[')
	for i, c := range b {
		if i > 0 {
			out = append(out, ',')
		}
		out = strconv.AppendUint(out, uint64(c), 10)
	}
	return append(out, ']'), nil
}

// UnmarshalJSON reads an array of numbers 0..255.
func (b *Bytes) UnmarshalJSON(data []byte) error {
	var nums []uint16
	if err := json.Unmarshal(data, &nums); err != nil {
		return fmt.Errorf("%w: byte array: %v", ErrInvalidTransaction, err)
	}
	out := make([]byte, len(nums))
	for i, n := range nums {
		if n > 255 {
			return fmt.Errorf("%w: byte %d out of range", ErrInvalidTransaction, n)
		}
		out[i] = byte(n)
	}
	*b = out
	return nil
}

// HexBytes is a byte string that JSON-encodes as "0x…" hex (public keys, signatures,
// vector<u8> view results). Unmarshalling accepts an optional 0x.
type HexBytes []byte

// MarshalJSON writes "0x…".
func (h HexBytes) MarshalJSON() ([]byte, error) { return json.Marshal(EncodeHex(h)) }

// UnmarshalJSON reads hex with or without 0x.
func (h *HexBytes) UnmarshalJSON(data []byte) error {
	var s string
	if err := json.Unmarshal(data, &s); err != nil {
		return fmt.Errorf("%w: hex string: %v", ErrInvalidTransaction, err)
	}
	b, err := DecodeHex(s)
	if err != nil {
		return err
	}
	*h = b
	return nil
}
