package devnet

// This file is the module registry: the extension point through which Move modules written
// in Go (the framework's 0x1::coin and 0x1::supra_account here; slots_v3, Dexlyn, staking
// and Cosmic Miners in internal/devnet/contracts/<name>/) plug into the node.
//
// # Writing a module
//
// A module is a value implementing Module. It lives at a fixed address and name (the
// mainnet ones for this app's contracts) and describes itself with an ABI, which the node
// serves at GET /rpc/v1/accounts/{addr}/modules/{name} and uses to check calls before they
// reach the module (unknown function → FUNCTION_RESOLUTION_FAILURE, wrong argument count →
// NUMBER_OF_ARGUMENTS_MISMATCH, wrong type-argument count →
// NUMBER_OF_TYPE_ARGUMENTS_MISMATCH, a view called as entry or the reverse → failure).
//
//	type Slots struct{}
//	func (Slots) ID() supra.ModuleID { return supra.ModuleID{Address: slotsAddr, Name: "slots_v3"} }
//	func (Slots) ABI() devnet.ABI    { return devnet.ABI{Functions: []devnet.Function{
//		{Name: "play_supra_coin", Visibility: "public", IsEntry: true,
//		 Params: []string{"&signer", "u64", "u64", "address"}},
//		{Name: "get_house_fund_balance_view", Visibility: "public", IsView: true,
//		 GenericTypeParams: 1, Params: []string{"0x1::string::String"}, Return: []string{"u64"}},
//	}}}
//	func (Slots) Genesis(ex *devnet.Exec) error { … ex.SetResource(addr, "0x…::slots_v3::Config", cfg) … }
//	func (Slots) Execute(ex *devnet.Exec, call devnet.EntryCall) error {
//		a := call.Args()
//		bet, spins, partner := a.U64(), a.U64(), a.Address()
//		if err := a.Done(); err != nil { return err }
//		if spins == 0 { return ex.Abort(0x10001, "EINVALID_SPINS") }
//		return ex.Transfer(ex.Sender(), house, supra.SupraCoinType, bet*spins)
//	}
//	func (Slots) View(ex *devnet.Exec, call devnet.ViewCall) ([]any, error) {
//		return []any{supra.U64(ex.Balance(house, call.TypeArgs[0].String()))}, nil
//	}
//
// Register modules with Options.Modules (devnet never imports the contracts: cmd/lucky wires
// them in). Several Move modules of one package (Dexlyn's router, scripts, liquidity_pool,
// curves) are several Module values that share state through resources at the package's
// addresses.
//
// # State
//
// A module keeps all of its state in the node, never in Go fields, so that every failed
// transaction, snapshot, revert, reset, dump and load covers it automatically:
//   - coins: Exec.Balance / Withdraw / Deposit / Transfer / Mint / Burn / RegisterCoin;
//     deposits and withdrawals emit the framework's 0x1::coin::CoinDeposit / CoinWithdraw
//     events like the real chain, and supply accounting is done by the node;
//   - resources: Exec.Resource / SetResource / DeleteResource store any JSON-serialisable Go
//     value under (address, struct type), exactly like Move global storage. Use the node's
//     JSON encodings in those values (supra.U64 for u64 fields) and they are served as-is by
//     GET /rpc/v1/accounts/{addr}/resources/{type}. A module that wants a single typed state
//     object stores it as one resource at its own address (e.g. "0x…::slots_v3::State").
//
// A module whose state is one resource that views read often reads it with
// SharedResource: each stored version is decoded once and the value is shared by every
// reader of that version, so views do not pay for decoding the whole state each time.
// Shared values must never be modified: a transaction changes a copy and stores it with
// SetResource, which makes a new version, or with SetSharedResource, which also hands the
// copy to that version's readers so they need not decode it (the transaction leaves it
// alone from then on).
//
// Writes go to a per-transaction overlay: if Execute returns an error (or panics, or runs out
// of gas) the overlay is dropped and only the gas charge and the sequence-number bump are
// applied. Go fields of a Module must therefore be immutable configuration only.
//
// # Errors and aborts
//
// Return ex.Abort(code, "ENAME") (an *AbortError) to abort like Move; the node reports
// vm_status "Move abort in 0x…::slots_v3: EHOUSE_FUND_INSUFFICIENT(0x…): <description>".
// Argument decoding errors (ErrBadArgument) become FAILED_TO_DESERIALIZE_ARGUMENT. Any other
// error is reported as a generic execution failure (and logged): prefer aborts.
//
// # Views
//
// View receives the JSON arguments exactly as the client sent them (the SDK sends strings:
// "123", "0x…", "true"); ViewArgs decodes them leniently. Results are JSON values in the
// node's encoding: u8/u16/u32 as numbers, u64/u128/u256 as decimal strings (supra.U64),
// bool, address "0x…" (full form), vector<u8> as "0x…" hex (supra.HexBytes), Option<T> as
// {"vec":[…]}, structs as objects. Views run on a throw-away overlay: writes are discarded.
//
// # Optional interfaces
//
// A module may also implement AdminModule (extra JSON endpoints under /devnet/, e.g.
// POST /devnet/slots/outcomes) and InvariantModule (checks the conservation test and
// Node.CheckInvariants run after every operation).

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/luckycoin/lucky/internal/supra"
)

// Module is a Move module implemented in Go. See the file comment for the contract.
type Module interface {
	// ID is the module's address and name, e.g. 0x1::coin.
	ID() supra.ModuleID
	// ABI lists the exposed functions and structs. It must be constant.
	ABI() ABI
	// Genesis initialises the module's state on a fresh chain (no state file, or reset).
	// It runs after the framework and the dev accounts are set up, with Sender() = the
	// module's address, in registration order.
	Genesis(ex *Exec) error
	// Execute runs the entry function call.Function. A returned error fails the
	// transaction and rolls back everything the module did.
	Execute(ex *Exec, call EntryCall) error
	// View runs the view function call.Function and returns its results.
	View(ex *Exec, call ViewCall) ([]any, error)
}

// AdminModule is implemented by modules that add admin endpoints under /devnet/.
type AdminModule interface {
	Module
	AdminRoutes() []AdminRoute
}

// AdminRoute is one admin endpoint. Path is relative to /devnet/ (e.g. "slots/outcomes").
// Handle runs under the node's write lock on an overlay that is committed when it returns
// nil (and dropped otherwise); body is the raw JSON request body (may be empty). The
// returned value is written as JSON. Return an *AdminError for a 4xx answer.
type AdminRoute struct {
	Method string // "GET" or "POST"
	Path   string
	Handle func(ex *Exec, body json.RawMessage) (any, error)
}

// AdminError is a client error answered as {"error":{"code","message"}} with Status.
type AdminError struct {
	Status  int
	Code    string
	Message string
}

func (e *AdminError) Error() string { return e.Code + ": " + e.Message }

// InvariantModule is implemented by modules with extra invariants (e.g. a pool's recorded
// reserves equal its coin balances). CheckInvariants must not write.
type InvariantModule interface {
	Module
	CheckInvariants(ex *Exec) error
}

// ABI is the module ABI in the node's JSON shape
// ({address,name,friends,exposed_functions,structs}).
type ABI struct {
	Friends   []string
	Functions []Function
	Structs   []Struct
}

// Function describes an exposed function. Params and Return are Move type strings
// ("&signer", "u64", "address", "0x1::string::String", "vector<u8>", "T0"). A leading
// "&signer" / "signer" param is the transaction sender and is not counted as an argument.
type Function struct {
	Name              string
	Visibility        string // "public" (default) | "friend" | "private"
	IsEntry           bool
	IsView            bool
	GenericTypeParams int // number of type parameters T0..Tn-1 (no constraints are modelled)
	Params            []string
	Return            []string
}

// Struct describes a struct for the ABI listing.
type Struct struct {
	Name              string
	Abilities         []string // "copy", "drop", "store", "key"
	GenericTypeParams int
	Fields            []Field
}

// Field is one struct field.
type Field struct {
	Name string
	Type string
}

// argCount is the number of non-signer parameters.
func (f Function) argCount() int {
	n := 0
	for _, p := range f.Params {
		if p == "&signer" || p == "signer" {
			continue
		}
		n++
	}
	return n
}

// EntryCall is one entry-function invocation from a transaction payload.
type EntryCall struct {
	Function string          // function name within the module
	TypeArgs []supra.TypeTag // already parsed; TypeArgs[i].String() is the canonical type string
	RawArgs  [][]byte        // BCS-encoded arguments, one per non-signer parameter
}

// Args returns a sequential decoder over the BCS arguments.
func (c EntryCall) Args() *Args { return &Args{raw: c.RawArgs} }

// ViewCall is one view-function invocation from POST /rpc/v1/view.
type ViewCall struct {
	Function string
	TypeArgs []supra.TypeTag
	RawArgs  []json.RawMessage // as sent; the SDK sends strings
}

// Args returns a sequential decoder over the JSON arguments.
func (c ViewCall) Args() *ViewArgs { return &ViewArgs{raw: c.RawArgs} }

// ErrBadArgument marks an argument that could not be decoded; the node reports it as
// FAILED_TO_DESERIALIZE_ARGUMENT (entry) or a 400 invalid_input (view).
var ErrBadArgument = errors.New("devnet: bad argument")

// Args decodes BCS entry arguments in order. The first error sticks; later calls return
// zero values; check Done (or Err) once at the end.
type Args struct {
	raw [][]byte
	i   int
	err error
}

func (a *Args) next(kind string, size int) []byte {
	if a.err != nil {
		return nil
	}
	if a.i >= len(a.raw) {
		a.err = fmt.Errorf("%w: missing argument %d (%s)", ErrBadArgument, a.i, kind)
		return nil
	}
	b := a.raw[a.i]
	a.i++
	if size >= 0 && len(b) != size {
		a.err = fmt.Errorf("%w: argument %d: %s needs %d bytes, got %d", ErrBadArgument, a.i-1, kind, size, len(b))
		return nil
	}
	return b
}

// U8 decodes a u8.
func (a *Args) U8() uint8 {
	if b := a.next("u8", 1); b != nil {
		return b[0]
	}
	return 0
}

// U64 decodes a little-endian u64.
func (a *Args) U64() uint64 {
	if b := a.next("u64", 8); b != nil {
		return binary.LittleEndian.Uint64(b)
	}
	return 0
}

// Bool decodes a bool (0 or 1).
func (a *Args) Bool() bool {
	b := a.next("bool", 1)
	if b == nil {
		return false
	}
	if b[0] > 1 {
		a.err = fmt.Errorf("%w: argument %d: bool byte %d", ErrBadArgument, a.i-1, b[0])
	}
	return b[0] == 1
}

// Address decodes a 32-byte address.
func (a *Args) Address() supra.Address {
	var out supra.Address
	if b := a.next("address", 32); b != nil {
		copy(out[:], b)
	}
	return out
}

// Bytes decodes a vector<u8> (ULEB128 length + bytes).
func (a *Args) Bytes() []byte {
	b := a.next("vector<u8>", -1)
	if b == nil {
		return nil
	}
	n, used, ok := uleb(b)
	if !ok || uint64(len(b)-used) != n {
		a.err = fmt.Errorf("%w: argument %d: bad vector<u8> length", ErrBadArgument, a.i-1)
		return nil
	}
	return b[used:]
}

// String decodes a 0x1::string::String (a UTF-8 vector<u8>).
func (a *Args) String() string {
	b := a.Bytes()
	if a.err == nil && !utf8.Valid(b) {
		a.err = fmt.Errorf("%w: argument %d: string is not UTF-8", ErrBadArgument, a.i-1)
	}
	return string(b)
}

// Raw returns the next argument's raw BCS bytes for types without a helper.
func (a *Args) Raw() []byte { return a.next("raw", -1) }

// Err returns the first decoding error.
func (a *Args) Err() error { return a.err }

// Done returns the first decoding error, or an error if arguments are left over.
func (a *Args) Done() error {
	if a.err == nil && a.i != len(a.raw) {
		a.err = fmt.Errorf("%w: %d unused argument(s)", ErrBadArgument, len(a.raw)-a.i)
	}
	return a.err
}

func uleb(b []byte) (v uint64, n int, ok bool) {
	var shift uint
	for i, c := range b {
		if i >= 5 {
			return 0, 0, false
		}
		v |= uint64(c&0x7f) << shift
		if c&0x80 == 0 {
			return v, i + 1, true
		}
		shift += 7
	}
	return 0, 0, false
}

// ViewArgs decodes JSON view arguments in order, as leniently as the node: numbers may be
// strings or numbers, bools may be "true"/true, addresses any ParseAddress form. Errors
// stick like Args.
type ViewArgs struct {
	raw []json.RawMessage
	i   int
	err error
}

func (v *ViewArgs) next(kind string) (string, bool) {
	if v.err != nil {
		return "", false
	}
	if v.i >= len(v.raw) {
		v.err = fmt.Errorf("%w: missing argument %d (%s)", ErrBadArgument, v.i, kind)
		return "", false
	}
	r := v.raw[v.i]
	v.i++
	var s string
	if err := json.Unmarshal(r, &s); err == nil {
		return s, true
	}
	// Bare numbers and bools: use the literal text.
	t := strings.TrimSpace(string(r))
	if t == "" || t[0] == '{' || t[0] == '[' || t == "null" {
		v.err = fmt.Errorf("%w: argument %d: want %s, got %s", ErrBadArgument, v.i-1, kind, t)
		return "", false
	}
	return t, true
}

// U64 decodes "123" or 123.
func (v *ViewArgs) U64() uint64 {
	s, ok := v.next("u64")
	if !ok {
		return 0
	}
	n, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		v.err = fmt.Errorf("%w: argument %d: Invalid number string. %q", ErrBadArgument, v.i-1, s)
	}
	return n
}

// Bool decodes true/"true"/false/"false".
func (v *ViewArgs) Bool() bool {
	s, ok := v.next("bool")
	if !ok {
		return false
	}
	switch s {
	case "true":
		return true
	case "false":
		return false
	}
	v.err = fmt.Errorf("%w: argument %d: Invalid boolean string. %q", ErrBadArgument, v.i-1, s)
	return false
}

// Address decodes an address string.
func (v *ViewArgs) Address() supra.Address {
	s, ok := v.next("address")
	if !ok {
		return supra.Address{}
	}
	a, err := supra.ParseAddress(s)
	if err != nil {
		v.err = fmt.Errorf("%w: argument %d: %v", ErrBadArgument, v.i-1, err)
	}
	return a
}

// String decodes a string argument (0x1::string::String).
func (v *ViewArgs) String() string {
	s, _ := v.next("string")
	return s
}

// Raw returns the next argument's raw JSON.
func (v *ViewArgs) Raw() json.RawMessage {
	if v.err != nil || v.i >= len(v.raw) {
		if v.err == nil {
			v.err = fmt.Errorf("%w: missing argument %d", ErrBadArgument, v.i)
		}
		return nil
	}
	v.i++
	return v.raw[v.i-1]
}

// Err returns the first decoding error.
func (v *ViewArgs) Err() error { return v.err }

// Done returns the first decoding error, or an error if arguments are left over.
func (v *ViewArgs) Done() error {
	if v.err == nil && v.i != len(v.raw) {
		v.err = fmt.Errorf("%w: %d unused argument(s)", ErrBadArgument, len(v.raw)-v.i)
	}
	return v.err
}

// AbortError is a Move abort. Module is filled in by the node when zero.
type AbortError struct {
	Module      supra.ModuleID
	Code        uint64
	Name        string // e.g. "EINSUFFICIENT_BALANCE"
	Description string // optional human text
}

// Error renders the node's vm_status text:
// "Move abort in 0x1::coin: EINSUFFICIENT_BALANCE(0x10006): Not enough coins…".
func (e *AbortError) Error() string {
	var b strings.Builder
	b.WriteString("Move abort in ")
	b.WriteString(e.Module.String())
	b.WriteString(": ")
	if e.Name != "" {
		b.WriteString(e.Name)
		fmt.Fprintf(&b, "(0x%x)", e.Code)
	} else {
		fmt.Fprintf(&b, "0x%x", e.Code)
	}
	if e.Description != "" {
		b.WriteString(": ")
		b.WriteString(e.Description)
	}
	return b.String()
}
