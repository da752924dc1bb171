package supra

import (
	"crypto/ed25519"
	"crypto/sha3"
	"fmt"

	"github.com/aptos-labs/aptos-go-sdk/bcs"

	// Keccak-256 (pre-standard padding) exists only here; the standard library has SHA3 alone.
	keccak "golang.org/x/crypto/sha3"
)

// Payload variant indexes (TransactionPayload enum).
const (
	payloadScript        = 0
	payloadEntryFunction = 2
)

// Authenticator variant indexes (TransactionAuthenticator enum).
const authEd25519 = 0

// Size limits for decoded transactions; the node rejects anything larger anyway and the
// limits keep hostile input cheap.
const (
	MaxTypeArgs = 32
	MaxArgs     = 256
)

// EntryFunction is the EntryFunction payload: module::function<ty_args>(args…), each arg
// already BCS-encoded.
type EntryFunction struct {
	Module   ModuleID
	Function string
	TypeArgs []TypeTag
	Args     [][]byte
}

// RawTransaction is the unsigned transaction; only EntryFunction payloads are supported.
type RawTransaction struct {
	Sender                  Address
	SequenceNumber          uint64
	Payload                 EntryFunction
	MaxGasAmount            uint64
	GasUnitPrice            uint64
	ExpirationTimestampSecs uint64
	ChainID                 uint8
}

// MarshalBCS writes the BCS encoding (field order of supra-l1-sdk-core RawTransaction).
func (r *RawTransaction) MarshalBCS(ser *bcs.Serializer) {
	r.Sender.MarshalBCS(ser)
	ser.U64(r.SequenceNumber)
	ser.Uleb128(payloadEntryFunction)
	r.Payload.MarshalBCS(ser)
	ser.U64(r.MaxGasAmount)
	ser.U64(r.GasUnitPrice)
	ser.U64(r.ExpirationTimestampSecs)
	ser.U8(r.ChainID)
}

// UnmarshalBCS reads a RawTransaction; non-EntryFunction payloads fail with ErrUnsupported.
func (r *RawTransaction) UnmarshalBCS(des *bcs.Deserializer) {
	r.Sender.UnmarshalBCS(des)
	r.SequenceNumber = des.U64()
	v := des.Uleb128()
	if des.Error() != nil {
		return
	}
	if v != payloadEntryFunction {
		des.SetError(fmt.Errorf("%w: transaction payload variant %d", ErrUnsupported, v))
		return
	}
	r.Payload.UnmarshalBCS(des)
	r.MaxGasAmount = des.U64()
	r.GasUnitPrice = des.U64()
	r.ExpirationTimestampSecs = des.U64()
	r.ChainID = des.U8()
}

// MarshalBCS writes ModuleId | function | ty_args | args (each arg as bytes).
func (e *EntryFunction) MarshalBCS(ser *bcs.Serializer) {
	e.Module.Address.MarshalBCS(ser)
	ser.WriteString(e.Module.Name)
	ser.WriteString(e.Function)
	ser.Uleb128(uint32(len(e.TypeArgs)))
	for i := range e.TypeArgs {
		e.TypeArgs[i].MarshalBCS(ser)
	}
	ser.Uleb128(uint32(len(e.Args)))
	for _, a := range e.Args {
		ser.WriteBytes(a)
	}
}

// UnmarshalBCS reads an EntryFunction with bounded lengths.
func (e *EntryFunction) UnmarshalBCS(des *bcs.Deserializer) {
	e.Module.Address.UnmarshalBCS(des)
	e.Module.Name = readIdent(des)
	e.Function = readIdent(des)
	n := readLen(des)
	if n > MaxTypeArgs {
		des.SetError(fmt.Errorf("%w: %d type arguments", ErrInvalidTransaction, n))
		return
	}
	e.TypeArgs = make([]TypeTag, 0, n)
	for i := 0; i < n && des.Error() == nil; i++ {
		var t TypeTag
		t.UnmarshalBCS(des)
		e.TypeArgs = append(e.TypeArgs, t)
	}
	n = readLen(des)
	if n > MaxArgs {
		des.SetError(fmt.Errorf("%w: %d arguments", ErrInvalidTransaction, n))
		return
	}
	e.Args = make([][]byte, 0, n)
	for i := 0; i < n && des.Error() == nil; i++ {
		e.Args = append(e.Args, readBytes(des))
	}
}

// Ed25519Authenticator is the single-signer authenticator.
type Ed25519Authenticator struct {
	PublicKey [ed25519.PublicKeySize]byte
	Signature [ed25519.SignatureSize]byte
}

// SignedTransaction is RawTransaction + Ed25519 authenticator.
type SignedTransaction struct {
	Raw  RawTransaction
	Auth Ed25519Authenticator
}

// MarshalBCS writes raw | variant 0 | pubkey bytes | signature bytes. (The SDK's
// createSignedTransaction uses AccountAuthenticatorEd25519, whose variant index is also 0,
// so the bytes are the same.)
func (s *SignedTransaction) MarshalBCS(ser *bcs.Serializer) {
	s.Raw.MarshalBCS(ser)
	ser.Uleb128(authEd25519)
	ser.WriteBytes(s.Auth.PublicKey[:])
	ser.WriteBytes(s.Auth.Signature[:])
}

// UnmarshalBCS reads a SignedTransaction with an Ed25519 authenticator.
func (s *SignedTransaction) UnmarshalBCS(des *bcs.Deserializer) {
	s.Raw.UnmarshalBCS(des)
	if des.Error() != nil {
		return
	}
	v := des.Uleb128()
	if des.Error() != nil {
		return
	}
	if v != authEd25519 {
		des.SetError(fmt.Errorf("%w: authenticator variant %d", ErrUnsupported, v))
		return
	}
	pk := readBytes(des)
	sig := readBytes(des)
	if des.Error() != nil {
		return
	}
	if len(pk) != ed25519.PublicKeySize || len(sig) != ed25519.SignatureSize {
		des.SetError(fmt.Errorf("%w: ed25519 key %d bytes, signature %d bytes", ErrInvalidTransaction, len(pk), len(sig)))
		return
	}
	copy(s.Auth.PublicKey[:], pk)
	copy(s.Auth.Signature[:], sig)
}

// Bytes returns the BCS encoding.
func (r *RawTransaction) Bytes() ([]byte, error) { return bcs.Serialize(r) }

// Bytes returns the BCS encoding.
func (s *SignedTransaction) Bytes() ([]byte, error) { return bcs.Serialize(s) }

// DecodeRawTransaction decodes BCS bytes (no trailing bytes allowed).
func DecodeRawTransaction(b []byte) (*RawTransaction, error) {
	var r RawTransaction
	if err := bcs.Deserialize(&r, b); err != nil {
		return nil, fmt.Errorf("%w: raw transaction: %w", ErrInvalidTransaction, err)
	}
	return &r, nil
}

// DecodeSignedTransaction decodes BCS bytes (no trailing bytes allowed).
func DecodeSignedTransaction(b []byte) (*SignedTransaction, error) {
	var s SignedTransaction
	if err := bcs.Deserialize(&s, b); err != nil {
		return nil, fmt.Errorf("%w: signed transaction: %w", ErrInvalidTransaction, err)
	}
	return &s, nil
}

// rawTxSalt is sha3_256("SUPRA::RawTransaction").
var rawTxSalt = sha3.Sum256([]byte("SUPRA::RawTransaction"))

// SigningMessage is sha3_256("SUPRA::RawTransaction") || BCS(raw), what Ed25519 signs.
func SigningMessage(raw *RawTransaction) ([]byte, error) {
	b, err := raw.Bytes()
	if err != nil {
		return nil, fmt.Errorf("supra: signing message: %w", err)
	}
	out := make([]byte, 0, len(rawTxSalt)+len(b))
	out = append(out, rawTxSalt[:]...)
	return append(out, b...), nil
}

// Sign signs raw with key and returns the signed transaction.
func Sign(raw *RawTransaction, key ed25519.PrivateKey) (*SignedTransaction, error) {
	if len(key) != ed25519.PrivateKeySize {
		return nil, ErrInvalidKey
	}
	msg, err := SigningMessage(raw)
	if err != nil {
		return nil, err
	}
	s := &SignedTransaction{Raw: *raw}
	copy(s.Auth.PublicKey[:], key.Public().(ed25519.PublicKey))
	copy(s.Auth.Signature[:], ed25519.Sign(key, msg))
	return s, nil
}

// Verify checks the Ed25519 signature over the signing message.
func (s *SignedTransaction) Verify() bool {
	msg, err := SigningMessage(&s.Raw)
	if err != nil {
		return false
	}
	return ed25519.Verify(s.Auth.PublicKey[:], msg, s.Auth.Signature[:])
}

// Hash is keccak256(BCS(SignedTransaction)), exactly supra-l1-sdk's
// SupraClient.deriveTransactionHash.
func (s *SignedTransaction) Hash() ([32]byte, error) {
	b, err := s.Bytes()
	if err != nil {
		return [32]byte{}, err
	}
	var h [32]byte
	k := keccak.NewLegacyKeccak256()
	k.Write(b)
	k.Sum(h[:0])
	return h, nil
}

// AddressFromPublicKey is the single-Ed25519 authentication key = address:
// sha3_256(pubkey || 0x00).
func AddressFromPublicKey(pub ed25519.PublicKey) Address {
	h := sha3.New256()
	h.Write(pub)
	h.Write([]byte{0})
	var a Address
	h.Sum(a[:0])
	return a
}

// PrivateKeyFromHex parses a 32-byte Ed25519 seed ("0x…" or bare hex), the form
// /devnet/accounts and the SDK's SupraAccount use; a 64-byte expanded key is accepted too.
func PrivateKeyFromHex(s string) (ed25519.PrivateKey, error) {
	b, err := DecodeHex(s)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrInvalidKey, err)
	}
	switch len(b) {
	case ed25519.SeedSize:
		return ed25519.NewKeyFromSeed(b), nil
	case ed25519.PrivateKeySize:
		k := ed25519.NewKeyFromSeed(b[:32])
		return k, nil
	}
	return nil, fmt.Errorf("%w: private key is %d bytes", ErrInvalidKey, len(b))
}
