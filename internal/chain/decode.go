package chain

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/luckycoin/lucky/internal/supra"
)

// ErrEventNotFound: none of a transaction's events has the asked type.
var ErrEventNotFound = errors.New("chain: event not found")

// A Decoder reads the events of one struct type into a typed value of the app. The
// registry finds it by Tag; the value appears under Key in Decoded (and in the API's
// "decoded" object). A new contract feature adds decoders in its own file and lists its
// set once in (*Client).decoders: the tx endpoint then returns it with no new code.
type Decoder struct {
	// Key names the value in Decoded: "play", "swap", "burn", …
	Key string
	// Tag is the event struct type, address::module::Name. Type arguments and the way
	// the address is written do not matter.
	Tag string
	// All collects every accepted event as a list; otherwise the first one wins.
	All bool
	// Decode reads one event. ok false means "not this decoder's event" (several
	// decoders may share a tag: a burn is a CoinDeposit to the burn address).
	Decode func(ev supra.Event) (v any, ok bool, err error)
	// DecodeTx, when set, is used instead of Decode: it reads one event with what its
	// transaction says (sender, entry function, type arguments, arguments), for an event
	// whose documented fields leave out what the transaction already names (PlayEvent).
	DecodeTx func(tx TxContext, ev supra.Event) (v any, ok bool, err error)
}

// TxContext is what a transaction says about the events it emitted beyond their data:
// who sent it and which entry function it called with what. The zero value is "not
// known" (events read without their transaction). It is kept with a quarantined event
// (as JSON) so a later decoder can read the event as it was first seen.
type TxContext struct {
	Sender   string   `json:"sender,omitempty"`   // "0x…", as the node wrote it
	Function string   `json:"function,omitempty"` // "0x…::module::name"
	TypeArgs []string `json:"typeArguments,omitempty"`
	// Args are the call's arguments in the node's JSON (u64 as decimal strings,
	// addresses "0x…").
	Args []json.RawMessage `json:"arguments,omitempty"`
}

// TxContextOf reads a transaction's context (nil: none).
func TxContextOf(tx *supra.TransactionInfo) TxContext {
	if tx == nil {
		return TxContext{}
	}
	c := TxContext{Sender: tx.Header.Sender.Move, Function: tx.Payload.Move.Function, TypeArgs: tx.Payload.Move.TypeArguments}
	for _, a := range tx.Payload.Move.Arguments {
		b, err := json.Marshal(a)
		if err != nil {
			b = []byte("null") // a value the node's JSON decoded always marshals again
		}
		c.Args = append(c.Args, b)
	}
	return c
}

// decode runs d on ev within tx.
func (d Decoder) decode(tx TxContext, ev supra.Event) (any, bool, error) {
	if d.DecodeTx != nil {
		return d.DecodeTx(tx, ev)
	}
	return d.Decode(ev)
}

// Decoded is the decoded events of one transaction by Decoder.Key: a value, or a slice of
// values for decoders with All.
type Decoded map[string]any

// tagKey is a struct tag without type arguments, the registry's key.
type tagKey struct {
	addr   supra.Address
	module string
	name   string
}

func keyOf(tag string) (tagKey, bool) {
	st, err := supra.ParseStructTag(tag)
	if err != nil {
		return tagKey{}, false
	}
	return tagKey{st.Address, st.Module, st.Name}, true
}

// Registry maps event struct tags to their decoders.
type Registry struct {
	byTag map[tagKey][]Decoder
}

// NewRegistry indexes decoders by tag; decoders without a valid tag (a contract the
// network does not have) are left out.
func NewRegistry(ds ...Decoder) *Registry {
	r := &Registry{byTag: map[tagKey][]Decoder{}}
	for _, d := range ds {
		if k, ok := keyOf(d.Tag); ok && (d.Decode != nil || d.DecodeTx != nil) {
			r.byTag[k] = append(r.byTag[k], d)
		}
	}
	return r
}

// With returns a registry that tries ds before r's own decoders of the same tags: a
// decoder fixed for data the app's could not read (replaying the index's quarantine).
func (r *Registry) With(ds ...Decoder) *Registry {
	out := NewRegistry(ds...)
	for k, list := range r.byTag {
		out.byTag[k] = append(out.byTag[k], list...)
	}
	return out
}

// Decode runs every event through the decoders of its tag, without their transaction
// (see DecodeTx). A malformed event of a known type is an error (ErrBadResponse): the
// node and the contract disagree.
func (r *Registry) Decode(events []supra.Event) (Decoded, error) {
	return r.DecodeTx(TxContext{}, events)
}

// DecodeTx runs the events of one transaction, described by tx, through the decoders of
// their tags.
func (r *Registry) DecodeTx(tx TxContext, events []supra.Event) (Decoded, error) {
	out := Decoded{}
	for _, ev := range events {
		k, ok := keyOf(ev.Type)
		if !ok {
			continue
		}
		for _, d := range r.byTag[k] {
			v, ok, err := d.decode(tx, ev)
			if err != nil {
				return nil, err
			}
			if !ok {
				continue
			}
			switch prev, seen := out[d.Key]; {
			case d.All && seen:
				out[d.Key] = append(prev.([]any), v)
			case d.All:
				out[d.Key] = []any{v}
			case !seen:
				out[d.Key] = v
			}
		}
	}
	return out, nil
}

// First returns the first event the decoder with key accepts, or ErrEventNotFound; the
// events are read without their transaction (see FirstTx).
func (r *Registry) First(key string, events []supra.Event) (any, error) {
	return r.FirstTx(TxContext{}, key, events)
}

// FirstTx is First over the events of one transaction, described by tx.
func (r *Registry) FirstTx(tx TxContext, key string, events []supra.Event) (any, error) {
	for _, ev := range events {
		k, ok := keyOf(ev.Type)
		if !ok {
			continue
		}
		for _, d := range r.byTag[k] {
			if d.Key != key {
				continue
			}
			v, ok, err := d.decode(tx, ev)
			if err != nil {
				return nil, err
			}
			if ok {
				return v, nil
			}
		}
	}
	return nil, fmt.Errorf("%w: %s", ErrEventNotFound, key)
}

// decoders lists the app's event decoders on this network, one set per contract file.
//
// A contract adds its events with a method on core next to its binding, as miners.go does
// (minersDecoders): a Decoder per event with its key, struct tag and decode function, the
// value's JSON tags giving the API's shape (u64 as `json:",string"`). Listed here, GET
// /api/v1/tx/{hash} returns it under decoded.<key> with no change to the handler.
func (c *core) decoders() []Decoder {
	return slices.Concat(c.slotsDecoders(), dexDecoders(c.net), coinDecoders(), c.burnDecoders(), c.minersDecoders(),
		c.stakingDecoders())
}

// Decoders returns the registry of the app's events on this network.
func (c *Core) Decoders() *Registry { return c.events }

// DecodeEvents decodes events through the registry without their transaction: an event
// that needs it (PlayEvent without the fields it can derive) is an error. DecodeTransaction
// is the one to use for a transaction read from the node.
func (c *Core) DecodeEvents(events []supra.Event) (Decoded, error) { return c.events.Decode(events) }

// DecodeTransaction decodes a transaction's events with what the transaction says
// (sender, entry function, arguments); nothing when it has no output yet.
func (c *Core) DecodeTransaction(tx *supra.TransactionInfo) (Decoded, error) {
	if tx == nil || tx.Output == nil {
		return Decoded{}, nil
	}
	return c.events.DecodeTx(TxContextOf(tx), tx.Output.Move.Events)
}
