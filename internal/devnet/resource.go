package devnet

import (
	"encoding/json"
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/luckycoin/lucky/internal/supra"
)

// storedResource is one version of a resource in the state: its JSON (what the RPC
// serves and the state file holds) and the Go value a module last decoded from it with
// SharedResource. A write stores a new storedResource and never changes an old one, so
// the decoded value is right for as long as its resource lives, in whichever ledger holds
// it: the live chain, a snapshot, the chain a revert restored, or a transaction's overlay
// that is then dropped.
//
// A version stored from a value (SetSharedResource) gets its JSON only when something
// reads it (the RPC, a state file, Exec.Resource): the DEX rewrites its whole exchange on
// every swap, and encoding each version that no one reads was most of a swap's cost.
type storedResource struct {
	// mu is held while encoding or decoding, so that readers arriving together (a page of
	// views run at once) share one result instead of each computing it.
	mu      sync.Mutex
	raw     json.RawMessage // nil until encoded, for a version stored from a value
	decoded atomic.Pointer[decodedResource]
}

// decodedResource holds a *T for the T that SharedResource was called with.
type decodedResource struct{ v any }

func newStoredResource(raw json.RawMessage) *storedResource {
	return &storedResource{raw: raw}
}

// storedValue is a version whose JSON is encoded from v when first read.
func storedValue(v any) *storedResource {
	r := &storedResource{}
	r.decoded.Store(&decodedResource{v})
	return r
}

// json returns the version's JSON, encoding it from its value the first time.
func (r *storedResource) json() (json.RawMessage, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.encodeLocked()
}

// encodeLocked is json with mu held.
func (r *storedResource) encodeLocked() (json.RawMessage, error) {
	if r.raw == nil {
		raw, err := json.Marshal(r.decoded.Load().v)
		if err != nil {
			return nil, err
		}
		r.raw = raw
	}
	return r.raw, nil
}

// SharedResource returns the resource of struct type typ at addr decoded from its JSON
// into a *T, decoding each stored version once. Every reader of that version gets the
// same *T, views running at the same time included, so it must not be modified: a
// transaction that changes the state changes a copy and stores it with SetResource, which
// makes a new version. It reports false when addr holds no such resource.
//
// It is for a module whose state is one resource that views read often and that is
// costly to decode (the DEX's pools); Exec.Resource decodes a private copy every time.
// Values decoded as another type T are not shared: the last type asked for is kept.
func SharedResource[T any](ex *Exec, addr supra.Address, typ string) (*T, bool, error) {
	k, err := ex.resKey(addr, typ)
	if err != nil {
		return nil, false, err
	}
	r, ok := ex.ov.resource(k)
	if !ok {
		return nil, false, nil
	}
	v, err := decodedAs[T](r)
	if err != nil {
		return nil, true, fmt.Errorf("devnet: decode resource %s at %s: %w", k.Type, addr, err)
	}
	return v, true, nil
}

func decodedAs[T any](r *storedResource) (*T, error) {
	if d := r.decoded.Load(); d != nil {
		if v, ok := d.v.(*T); ok {
			return v, nil
		}
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if d := r.decoded.Load(); d != nil {
		if v, ok := d.v.(*T); ok {
			return v, nil
		}
	}
	// Stored from a value of another type, it is encoded first.
	raw, err := r.encodeLocked()
	if err != nil {
		return nil, err
	}
	v := new(T)
	if err := json.Unmarshal(raw, v); err != nil {
		return nil, err
	}
	r.decoded.Store(&decodedResource{v})
	return v, nil
}
