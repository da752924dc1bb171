package supra

import (
	"crypto/ed25519"
	"encoding/json"
	"fmt"
	"strconv"
)

// Num is a u64 written as a JSON number and read from a number or a decimal string.
type Num uint64

// MarshalJSON writes a number.
func (n Num) MarshalJSON() ([]byte, error) { return strconv.AppendUint(nil, uint64(n), 10), nil }

// UnmarshalJSON accepts 123 or "123".
func (n *Num) UnmarshalJSON(b []byte) error {
	var u U64
	if err := u.UnmarshalJSON(b); err != nil {
		return err
	}
	*n = Num(u)
	return nil
}

// SubmitBody is the POST /rpc/v1/transactions/submit and /simulate body:
// {"Move":{"raw_txn":{…},"authenticator":{"Ed25519":{…}}}}.
type SubmitBody struct {
	Move *MoveSubmit `json:"Move"`
}

// MoveSubmit is the inner object.
type MoveSubmit struct {
	RawTxn        RawTxnJSON        `json:"raw_txn"`
	Authenticator AuthenticatorJSON `json:"authenticator"`
}

// RawTxnJSON is the SDK's getRawTxnJSON shape.
type RawTxnJSON struct {
	Sender                  string      `json:"sender"`
	SequenceNumber          Num         `json:"sequence_number"`
	Payload                 PayloadJSON `json:"payload"`
	MaxGasAmount            Num         `json:"max_gas_amount"`
	GasUnitPrice            Num         `json:"gas_unit_price"`
	ExpirationTimestampSecs Num         `json:"expiration_timestamp_secs"`
	ChainID                 uint8       `json:"chain_id"`
}

// PayloadJSON holds one payload variant; only EntryFunction is supported by this package.
type PayloadJSON struct {
	EntryFunction *EntryFunctionJSON `json:"EntryFunction,omitempty"`
	Script        json.RawMessage    `json:"Script,omitempty"`
	Multisig      json.RawMessage    `json:"Multisig,omitempty"`
	Automation    json.RawMessage    `json:"AutomationRegistration,omitempty"`
}

// EntryFunctionJSON is {"module":{"address","name"},"function","ty_args","args"}.
type EntryFunctionJSON struct {
	Module   ModuleIDJSON `json:"module"`
	Function string       `json:"function"`
	TyArgs   []TypeTag    `json:"ty_args"`
	Args     []Bytes      `json:"args"`
}

// ModuleIDJSON is {"address":"0x…","name":"coin"}.
type ModuleIDJSON struct {
	Address string `json:"address"`
	Name    string `json:"name"`
}

// AuthenticatorJSON holds one authenticator variant; only Ed25519 is supported.
type AuthenticatorJSON struct {
	Ed25519    *Ed25519AuthJSON `json:"Ed25519,omitempty"`
	MultiAgent json.RawMessage  `json:"MultiAgent,omitempty"`
	FeePayer   json.RawMessage  `json:"FeePayer,omitempty"`
}

// SignedTransaction converts the body to a SignedTransaction. Unsupported variants fail
// with ErrUnsupported, malformed input with ErrInvalidTransaction/ErrInvalidAddress.
func (b *SubmitBody) SignedTransaction() (*SignedTransaction, error) {
	if b.Move == nil {
		return nil, fmt.Errorf("%w: missing \"Move\"", ErrInvalidTransaction)
	}
	r := b.Move.RawTxn
	sender, err := ParseAddress(r.Sender)
	if err != nil {
		return nil, fmt.Errorf("sender: %w", err)
	}
	ef := r.Payload.EntryFunction
	if ef == nil {
		return nil, fmt.Errorf("%w: only EntryFunction payloads are supported", ErrUnsupported)
	}
	modAddr, err := ParseAddress(ef.Module.Address)
	if err != nil {
		return nil, fmt.Errorf("module address: %w", err)
	}
	if !isIdent(ef.Module.Name) || !isIdent(ef.Function) {
		return nil, fmt.Errorf("%w: bad identifier %q::%q", ErrInvalidTransaction, ef.Module.Name, ef.Function)
	}
	if len(ef.TyArgs) > MaxTypeArgs || len(ef.Args) > MaxArgs {
		return nil, fmt.Errorf("%w: too many arguments", ErrInvalidTransaction)
	}
	args := make([][]byte, len(ef.Args))
	for i, a := range ef.Args {
		args[i] = a
	}
	st := &SignedTransaction{Raw: RawTransaction{
		Sender:         sender,
		SequenceNumber: uint64(r.SequenceNumber),
		Payload: EntryFunction{
			Module:   ModuleID{Address: modAddr, Name: ef.Module.Name},
			Function: ef.Function,
			TypeArgs: ef.TyArgs,
			Args:     args,
		},
		MaxGasAmount:            uint64(r.MaxGasAmount),
		GasUnitPrice:            uint64(r.GasUnitPrice),
		ExpirationTimestampSecs: uint64(r.ExpirationTimestampSecs),
		ChainID:                 r.ChainID,
	}}
	a := b.Move.Authenticator.Ed25519
	if a == nil {
		return nil, fmt.Errorf("%w: only Ed25519 authenticators are supported", ErrUnsupported)
	}
	if len(a.PublicKey) != ed25519.PublicKeySize || len(a.Signature) != ed25519.SignatureSize {
		return nil, fmt.Errorf("%w: ed25519 public key %d bytes, signature %d bytes", ErrInvalidTransaction, len(a.PublicKey), len(a.Signature))
	}
	copy(st.Auth.PublicKey[:], a.PublicKey)
	copy(st.Auth.Signature[:], a.Signature)
	return st, nil
}

// NewSubmitBody renders a signed transaction as the SDK would post it.
func NewSubmitBody(s *SignedTransaction) SubmitBody {
	args := make([]Bytes, len(s.Raw.Payload.Args))
	for i, a := range s.Raw.Payload.Args {
		args[i] = a
	}
	tys := s.Raw.Payload.TypeArgs
	if tys == nil {
		tys = []TypeTag{}
	}
	return SubmitBody{Move: &MoveSubmit{
		RawTxn: RawTxnJSON{
			Sender:         s.Raw.Sender.String(),
			SequenceNumber: Num(s.Raw.SequenceNumber),
			Payload: PayloadJSON{EntryFunction: &EntryFunctionJSON{
				Module:   ModuleIDJSON{Address: s.Raw.Payload.Module.Address.String(), Name: s.Raw.Payload.Module.Name},
				Function: s.Raw.Payload.Function,
				TyArgs:   tys,
				Args:     args,
			}},
			MaxGasAmount:            Num(s.Raw.MaxGasAmount),
			GasUnitPrice:            Num(s.Raw.GasUnitPrice),
			ExpirationTimestampSecs: Num(s.Raw.ExpirationTimestampSecs),
			ChainID:                 s.Raw.ChainID,
		},
		Authenticator: AuthenticatorJSON{Ed25519: &Ed25519AuthJSON{
			PublicKey: append(HexBytes(nil), s.Auth.PublicKey[:]...),
			Signature: append(HexBytes(nil), s.Auth.Signature[:]...),
		}},
	}}
}
