package supra

import (
	"encoding/hex"
	"fmt"
	"strings"
)

// EncodeHex returns "0x" + lower-case hex.
func EncodeHex(b []byte) string { return "0x" + hex.EncodeToString(b) }

// DecodeHex decodes hex with or without a 0x prefix.
func DecodeHex(s string) ([]byte, error) {
	s = strings.TrimPrefix(strings.TrimPrefix(s, "0x"), "0X")
	b, err := hex.DecodeString(s)
	if err != nil {
		return nil, fmt.Errorf("%w: bad hex: %v", ErrInvalidTransaction, err)
	}
	return b, nil
}
