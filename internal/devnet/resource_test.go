package devnet

import (
	"bytes"
	"fmt"
	"sync"
	"testing"

	"github.com/luckycoin/lucky/internal/supra"
)

// counterState is a module state for the tests of SharedResource.
type counterState struct {
	N supra.U64 `json:"n"`
}

var counterAddr = supra.MustParseAddress("0xc0ffee")

const counterType = "0xc0ffee::counter::State"

// counterNode is a node whose chain holds a counterState of n = 1.
func counterNode(t *testing.T) *Node {
	t.Helper()
	n, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { n.Close() })
	if err := n.setCounter(1, true); err != nil {
		t.Fatal(err)
	}
	return n
}

// setCounter writes the counter in a transaction of its own, committed or dropped.
func (n *Node) setCounter(v uint64, commit bool) error {
	n.mu.Lock()
	defer n.mu.Unlock()
	ex := n.newExec(n.ch, counterAddr, supra.ModuleID{Address: counterAddr, Name: "counter"}, 0)
	if err := ex.SetResource(counterAddr, counterType, counterState{N: supra.U64(v)}); err != nil {
		return err
	}
	if commit {
		ex.ov.commit()
	}
	return nil
}

// readCounter reads the counter as a view does: under the read lock, on a read-only Exec.
func (n *Node) readCounter(t *testing.T) *counterState {
	t.Helper()
	n.mu.RLock()
	defer n.mu.RUnlock()
	ex := n.newExec(n.ch, supra.Address{}, supra.ModuleID{}, 0)
	ex.readOnly = true
	v, ok, err := SharedResource[counterState](ex, counterAddr, counterType)
	if err != nil || !ok {
		t.Fatalf("SharedResource: %v, found %v", err, ok)
	}
	return v
}

func TestSharedResourceFollowsTheStoredVersion(t *testing.T) {
	tests := []struct {
		name string
		// change acts on the chain between two reads; want is the counter after it, and
		// same whether the second read shares the first one's value.
		change func(t *testing.T, n *Node)
		want   uint64
		same   bool
	}{
		{name: "no change: decoded once", change: func(*testing.T, *Node) {}, want: 1, same: true},
		{name: "committed write", change: func(t *testing.T, n *Node) {
			if err := n.setCounter(2, true); err != nil {
				t.Fatal(err)
			}
		}, want: 2},
		{name: "dropped write", change: func(t *testing.T, n *Node) {
			if err := n.setCounter(2, false); err != nil {
				t.Fatal(err)
			}
		}, want: 1, same: true},
		{name: "write then revert", change: func(t *testing.T, n *Node) {
			id := n.Snapshot()
			if err := n.setCounter(2, true); err != nil {
				t.Fatal(err)
			}
			if got := n.readCounter(t).N; got != 2 {
				t.Fatalf("before revert n = %d, want 2", got)
			}
			if err := n.Revert(id); err != nil {
				t.Fatal(err)
			}
		}, want: 1, same: true},
		{name: "reset", change: func(t *testing.T, n *Node) {
			if err := n.Reset(); err != nil {
				t.Fatal(err)
			}
			if err := n.setCounter(7, true); err != nil {
				t.Fatal(err)
			}
		}, want: 7},
		{name: "dump and load", change: func(t *testing.T, n *Node) {
			var b bytes.Buffer
			if err := n.DumpState(&b); err != nil {
				t.Fatal(err)
			}
			if err := n.setCounter(3, true); err != nil {
				t.Fatal(err)
			}
			if err := n.LoadState(&b); err != nil {
				t.Fatal(err)
			}
		}, want: 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n := counterNode(t)
			first := n.readCounter(t)
			tt.change(t, n)
			second := n.readCounter(t)
			if second.N != supra.U64(tt.want) {
				t.Errorf("n = %d, want %d", second.N, tt.want)
			}
			if (first == second) != tt.same {
				t.Errorf("second read shares the first one's value: %v, want %v", first == second, tt.same)
			}
			if first.N != 1 {
				t.Errorf("the first read's value changed to %d", first.N)
			}
		})
	}
}

// Views run at the same time under the read lock: they all get one decoded value.
func TestSharedResourceConcurrentReaders(t *testing.T) {
	n := counterNode(t)
	const readers = 32
	got := make([]*counterState, readers)
	var wg sync.WaitGroup
	for i := range readers {
		wg.Go(func() { got[i] = n.readCounter(t) })
	}
	wg.Wait()
	for i, v := range got {
		if v != got[0] || v.N != 1 {
			t.Fatalf("reader %d got %p (n = %d), reader 0 %p", i, v, v.N, got[0])
		}
	}
}

// A reader asking for another Go type gets a value of that type, not the shared one.
func TestSharedResourceOtherType(t *testing.T) {
	n := counterNode(t)
	typed := n.readCounter(t)
	n.mu.RLock()
	ex := n.newExec(n.ch, supra.Address{}, supra.ModuleID{}, 0)
	m, ok, err := SharedResource[map[string]string](ex, counterAddr, counterType)
	n.mu.RUnlock()
	if err != nil || !ok || (*m)["n"] != "1" {
		t.Fatalf("as a map: %v %v %v", m, ok, err)
	}
	if again := n.readCounter(t); again.N != typed.N {
		t.Fatalf("typed read after the map read: n = %d", again.N)
	}
}

func TestSharedResourceMissing(t *testing.T) {
	n := counterNode(t)
	n.mu.RLock()
	defer n.mu.RUnlock()
	ex := n.newExec(n.ch, supra.Address{}, supra.ModuleID{}, 0)
	v, ok, err := SharedResource[counterState](ex, counterAddr, "0xc0ffee::counter::Other")
	if v != nil || ok || err != nil {
		t.Fatalf("missing resource: %v %v %v", v, ok, err)
	}
}

// A state stored with SetSharedResource is what the next reader gets, undecoded; its JSON,
// encoded when first asked for, is the same as SetResource's, and a dropped transaction
// leaves no trace of it.
func TestSetSharedResource(t *testing.T) {
	tests := []struct {
		name   string
		commit bool
		want   uint64 // the counter read afterwards
		shared bool   // whether that read is the stored value itself
	}{
		{name: "committed", commit: true, want: 5, shared: true},
		{name: "dropped", commit: false, want: 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n := counterNode(t)
			stored := &counterState{N: 5}
			n.mu.Lock()
			ex := n.newExec(n.ch, counterAddr, supra.ModuleID{Address: counterAddr, Name: "counter"}, 0)
			err := SetSharedResource(ex, counterAddr, counterType, stored)
			if tt.commit {
				ex.ov.commit()
			}
			n.mu.Unlock()
			if err != nil {
				t.Fatal(err)
			}
			got := n.readCounter(t)
			if got.N != supra.U64(tt.want) || (got == stored) != tt.shared {
				t.Fatalf("read n = %d (the stored value: %v), want %d (%v)", got.N, got == stored, tt.want, tt.shared)
			}
			raw, err := n.resourceJSON(counterAddr, counterType)
			if err != nil || string(raw) != fmt.Sprintf(`{"n":"%d"}`, tt.want) {
				t.Fatalf("JSON %s %v", raw, err)
			}
		})
	}
}

// resourceJSON is the stored JSON of a resource, as the RPC serves it.
func (n *Node) resourceJSON(addr supra.Address, typ string) ([]byte, error) {
	n.mu.RLock()
	defer n.mu.RUnlock()
	ex := n.newExec(n.ch, supra.Address{}, supra.ModuleID{}, 0)
	k, err := ex.resKey(addr, typ)
	if err != nil {
		return nil, err
	}
	r, ok := ex.ov.resource(k)
	if !ok {
		return nil, ErrNotFound
	}
	return r.json()
}
