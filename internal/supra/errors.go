package supra

import "errors"

// Sentinel errors. Functions wrap them with context; callers use errors.Is.
var (
	// ErrInvalidAddress: the input is not an account address (docs/product.md, Transactions and the node).
	ErrInvalidAddress = errors.New("supra: invalid address")
	// ErrInvalidTypeTag: a Move type tag string or BCS encoding could not be parsed.
	ErrInvalidTypeTag = errors.New("supra: invalid type tag")
	// ErrInvalidTransaction: BCS or JSON transaction bytes could not be decoded.
	ErrInvalidTransaction = errors.New("supra: invalid transaction")
	// ErrUnsupported: a valid but unsupported variant (script payloads, multi-agent authenticators...).
	ErrUnsupported = errors.New("supra: unsupported variant")
	// ErrInvalidKey: a private or public key has the wrong length or encoding.
	ErrInvalidKey = errors.New("supra: invalid key")
)

// AddressLengthMessage is the exact text supra-l1-sdk's normalizeAddress throws; the app
// shows it to users, so AddressError.Error returns it verbatim.
const AddressLengthMessage = "Invalid address. With '0x', address length should be exactly 66 characters."

// AddressError reports an address that failed to parse. Error() is the SDK's message (for
// length errors) so it can be shown unchanged; errors.Is(err, ErrInvalidAddress) holds.
type AddressError struct {
	Input string
	Msg   string
}

func (e *AddressError) Error() string { return e.Msg }

// Unwrap makes errors.Is(err, ErrInvalidAddress) true.
func (e *AddressError) Unwrap() error { return ErrInvalidAddress }
