package supra

import (
	"crypto/sha3"
	"testing"
)

// The derivations hash BCS bytes (an address is its 32 bytes, a vector<u8> seed is
// appended raw by create_object_address) and end with the scheme byte.
func TestObjectAddressDerivation(t *testing.T) {
	owner := MustParseAddress("0xb0b")
	lucky := MustCoinType("0x0b0b::lucky::LUCKY")

	seedInput := append(append(append([]byte{}, FungibleAssetAddress[:]...), "0xb0b::lucky::LUCKY"...), 0xFE)
	want := Address(sha3.Sum256(seedInput))
	meta := PairedMetadataAddress(lucky)
	if meta != want {
		t.Fatalf("metadata of LUCKY = %s, want %s", meta, want)
	}
	if got := PairedMetadataAddress(NativeCoin()); got != FungibleAssetAddress {
		t.Fatalf("SUPRA metadata = %s, want 0xa", got)
	}
	storeInput := append(append(append([]byte{}, owner[:]...), meta[:]...), 0xFC)
	if got, want := PrimaryStoreAddress(owner, meta), Address(sha3.Sum256(storeInput)); got != want {
		t.Fatalf("primary store = %s, want %s", got, want)
	}
	if PrimaryStoreAddress(owner, meta) == PrimaryStoreAddress(meta, owner) {
		t.Fatal("the derivation must not be symmetric")
	}
}
