package supra

import "github.com/aptos-labs/aptos-go-sdk/bcs"

// Typed encoders of entry-function arguments: each argument of an EntryFunction is its
// own BCS blob. Bindings build calls from Go values with these, with no JSON or ABI step.

// ArgU64 is a u64 argument.
func ArgU64(v uint64) []byte {
	var ser bcs.Serializer
	ser.U64(v)
	return ser.ToBytes()
}

// ArgBool is a bool argument.
func ArgBool(v bool) []byte {
	var ser bcs.Serializer
	ser.Bool(v)
	return ser.ToBytes()
}

// ArgAddress is an address argument.
func ArgAddress(a Address) []byte { return append([]byte(nil), a[:]...) }

// ArgString is a 0x1::string::String argument (ULEB128 length, then UTF-8 bytes).
func ArgString(s string) []byte {
	var ser bcs.Serializer
	ser.WriteString(s)
	return ser.ToBytes()
}
