package supra

import "crypto/sha3"

// Object address derivation of the framework's 0x1::object module, and the two addresses
// the coin ↔ fungible-asset pairing derives from it (0x1::coin, 0x1::primary_fungible_store).
// A node and an indexer compute them alike, so a primary store found in an event can be
// traced to its owner without asking the node.
const (
	// objectFromSeedScheme is object::OBJECT_FROM_SEED_ADDRESS_SCHEME (named objects).
	objectFromSeedScheme = 0xFE
	// objectDerivedScheme is object::OBJECT_DERIVED_SCHEME (user-derived objects).
	objectDerivedScheme = 0xFC
)

// FungibleAssetAddress is @aptos_fungible_asset (0xA in the Supra framework's Move.toml):
// the creator of every paired coin's metadata object, and SUPRA's own metadata address.
var FungibleAssetAddress = Address{31: 0xA}

// ObjectAddressFromSeed is object::create_object_address: sha3_256(creator ‖ seed ‖ 0xFE),
// the address of a named object.
func ObjectAddressFromSeed(creator Address, seed []byte) Address {
	h := sha3.New256()
	h.Write(creator[:]) // bcs of an address is its 32 bytes
	h.Write(seed)
	h.Write([]byte{objectFromSeedScheme})
	var a Address
	h.Sum(a[:0])
	return a
}

// UserDerivedObjectAddress is object::create_user_derived_object_address:
// sha3_256(source ‖ deriveFrom ‖ 0xFC).
func UserDerivedObjectAddress(source, deriveFrom Address) Address {
	h := sha3.New256()
	h.Write(source[:])
	h.Write(deriveFrom[:])
	h.Write([]byte{objectDerivedScheme})
	var a Address
	h.Sum(a[:0])
	return a
}

// PairedMetadataAddress is where 0x1::coin creates the fungible-asset metadata paired with
// a coin: for SUPRA the sticky object at 0xA, for any other coin the object named by the
// coin's type_name (short addresses, as CoinType.String writes it) under 0xA.
func PairedMetadataAddress(coin CoinType) Address {
	if coin.IsNative() {
		return FungibleAssetAddress
	}
	return ObjectAddressFromSeed(FungibleAssetAddress, []byte(coin.String()))
}

// PrimaryStoreAddress is primary_fungible_store::primary_store_address(owner, metadata).
func PrimaryStoreAddress(owner, metadata Address) Address {
	return UserDerivedObjectAddress(owner, metadata)
}
