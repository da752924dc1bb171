package devnet

import (
	"crypto/ed25519"
	"crypto/hmac"
	"crypto/pbkdf2"
	"crypto/sha512"
	"encoding/binary"
	"fmt"

	"github.com/luckycoin/lucky/internal/supra"
)

// DefaultSeed is Anvil's well-known mnemonic. Keys are derived like a wallet would from
// this mnemonic (BIP-39 seed, SLIP-0010 Ed25519, path m/44'/637'/i'/0'/0'), so a wallet
// that imports the mnemonic sees the same accounts. Any string works as a seed.
const DefaultSeed = "test test test test test test test test test test test junk"

// faucetIndex is the derivation index of the faucet account (outside the dev range).
const faucetIndex = 1_000_000

// deriveKey derives the Ed25519 key at m/44'/637'/index'/0'/0' from a mnemonic-like seed
// string. BIP-39 NFKD normalisation is skipped: it is the identity for ASCII mnemonics.
func deriveKey(seed string, index uint32) (ed25519.PrivateKey, error) {
	master, err := pbkdf2.Key(sha512.New, seed, []byte("mnemonic"), 2048, 64)
	if err != nil {
		return nil, fmt.Errorf("devnet: derive key: %w", err)
	}
	mac := hmac.New(sha512.New, []byte("ed25519 seed"))
	mac.Write(master)
	I := mac.Sum(nil)
	key, chain := I[:32], I[32:]
	for _, idx := range []uint32{44, 637, index, 0, 0} {
		data := make([]byte, 0, 37)
		data = append(data, 0)
		data = append(data, key...)
		data = binary.BigEndian.AppendUint32(data, idx|0x80000000)
		m := hmac.New(sha512.New, chain)
		m.Write(data)
		I = m.Sum(nil)
		key, chain = I[:32], I[32:]
	}
	return ed25519.NewKeyFromSeed(key), nil
}

func newDevAccount(seed string, index int) (DevAccount, error) {
	k, err := deriveKey(seed, uint32(index))
	if err != nil {
		return DevAccount{}, err
	}
	pub := k.Public().(ed25519.PublicKey)
	return DevAccount{Index: index, Address: supra.AddressFromPublicKey(pub), PublicKey: pub, PrivateKey: k}, nil
}
