// Package supra holds the Supra L1 protocol pieces the app and the devnet share: account
// addresses, Move type tags, BCS transactions (RawTransaction, SignedTransaction with the
// Ed25519 authenticator), the signing message and transaction hash exactly as supra-l1-sdk
// derives them, Ed25519 key helpers, and the JSON shapes of the node's RPC v1.
//
// It knows nothing about this app. The RPC client lives in client.go (added separately).
//
// Address rendering. Two renderings exist on the wire and both are used here on purpose:
//   - Address.String() is the full form, "0x" + 64 lower-case hex digits, as the SDK's
//     normalizeAddress and the node's account fields produce.
//   - Inside type strings (TypeTag.String, StructTag.String, event and resource types,
//     function ids) addresses use Move's short form: "0x" + hex with leading zeros stripped
//     ("0x1::coin::CoinStore<0x1::supra_coin::SupraCoin>"). This is what the node prints
//     (real coin types have 63-digit addresses, such as SPIKE's 0xfec1164…),
//     so type strings from the node compare equal to ours byte for byte. Parsing accepts both.
package supra
