package devnet

import (
	"crypto/ed25519"

	"github.com/luckycoin/lucky/internal/supra"
)

// DevAccount is a well-known, pre-funded account derived from the seed.
type DevAccount struct {
	Index      int
	Address    supra.Address
	PublicKey  ed25519.PublicKey
	PrivateKey ed25519.PrivateKey
}

// Node is the emulated Supra L1 node.
type Node struct {
	seed string
	dev  []DevAccount
}
