package chain

import (
	"context"
	"crypto/ed25519"
	"errors"
	"fmt"

	"github.com/luckycoin/lucky/internal/supra"
)

// ErrNoPublicKey: the sender's public key is not known (an account that has never sent a
// transaction, or one whose key was rotated), so its transaction cannot be simulated.
var ErrNoPublicKey = errors.New("chain: the sender's public key is not known")

// SenderPublicKey finds addr's Ed25519 public key in its own first transaction on chain:
// every signed transaction carries its signer's key, and a key whose address is addr is
// the key the account still uses unless it was rotated (then a simulation with it answers
// INVALID_AUTH_KEY). A wallet (StarKey, the dev wallet) hands out the key only with a
// signed message, which asks the user; reading it from the chain asks nobody.
func (c *Core) SenderPublicKey(ctx context.Context, addr supra.Address) (ed25519.PublicKey, error) {
	txs, err := c.node.AccountTransactions(ctx, addr, 1, 0)
	if errors.Is(err, supra.ErrAccountNotFound) {
		return nil, ErrNoPublicKey
	}
	if err != nil {
		return nil, fmt.Errorf("public key of %s: %w", addr, err)
	}
	for _, tx := range txs {
		for _, a := range tx.Authenticator.Move {
			if len(a.PublicKey) == ed25519.PublicKeySize && supra.AddressFromPublicKey(ed25519.PublicKey(a.PublicKey)) == addr {
				return ed25519.PublicKey(append([]byte(nil), a.PublicKey...)), nil
			}
		}
	}
	return nil, ErrNoPublicKey
}

// Simulate runs raw on the node without committing it, signed as the SDK simulates: the
// sender's public key with a zeroed signature (the node checks the key against the account's
// authentication key, not the signature). A transaction that would fail returns its info
// with a *supra.SimulationError.
func (c *Core) Simulate(ctx context.Context, raw *supra.RawTransaction, pub ed25519.PublicKey) (*supra.TransactionInfo, error) {
	if len(pub) != ed25519.PublicKeySize {
		return nil, fmt.Errorf("%w: public key of %d bytes", supra.ErrInvalidKey, len(pub))
	}
	st := &supra.SignedTransaction{Raw: *raw}
	copy(st.Auth.PublicKey[:], pub)
	return c.node.Simulate(ctx, supra.NewSubmitBody(st))
}
