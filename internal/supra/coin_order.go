package supra

import (
	"bytes"

	"github.com/aptos-labs/aptos-go-sdk/bcs"
)

// CompareCoinOrder is Liquidswap's coin_helper::compare<X, Y>, the order in which a
// pool stores its two coins on chain (Dexlyn is a Liquidswap fork): struct names first,
// then module names, then addresses. Names compare as the BCS bytes of a vector<u8>
// (ULEB128 length first, so a shorter name sorts first: LUCKY before SupraCoin),
// addresses as their 32 raw bytes; comparator::compare_u8_vector is bytes.Compare.
// It returns −1 when x sorts first and 0 for the same coin. Type arguments are ignored:
// coin types have none.
//
// The devnet's Dexlyn and the app's bindings both order pairs with it, so the emulated
// pool and the client can never disagree on which reserve is which.
func CompareCoinOrder(x, y StructTag) int {
	if c := bytes.Compare(bcsVector(x.Name), bcsVector(y.Name)); c != 0 {
		return c
	}
	if c := bytes.Compare(bcsVector(x.Module), bcsVector(y.Module)); c != 0 {
		return c
	}
	return bytes.Compare(x.Address[:], y.Address[:])
}

// bcsVector is the BCS encoding of a vector<u8>: ULEB128 length, then the bytes.
func bcsVector(s string) []byte {
	ser := &bcs.Serializer{}
	ser.WriteBytes([]byte(s))
	return ser.ToBytes()
}
