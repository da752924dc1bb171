package chain

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/luckycoin/lucky/internal/supra"
)

// MoveModule is a module ABI as GET /rpc/v1/accounts/{addr}/modules/{name} returns it.
type MoveModule struct {
	Address          string         `json:"address"`
	Name             string         `json:"name"`
	ExposedFunctions []MoveFunction `json:"exposed_functions"`
	Structs          []MoveStruct   `json:"structs"`
}

// MoveFunction is one exposed function.
type MoveFunction struct {
	Name              string            `json:"name"`
	Visibility        string            `json:"visibility"`
	IsEntry           bool              `json:"is_entry"`
	IsView            bool              `json:"is_view"`
	GenericTypeParams []json.RawMessage `json:"generic_type_params"`
	Params            []string          `json:"params"`
	Return            []string          `json:"return"`
}

// MoveStruct is one struct of the module.
type MoveStruct struct {
	Name   string `json:"name"`
	Fields []struct {
		Name string `json:"name"`
		Type string `json:"type"`
	} `json:"fields"`
}

// Function finds an exposed function by name.
func (m *MoveModule) Function(name string) (*MoveFunction, bool) {
	for i := range m.ExposedFunctions {
		if m.ExposedFunctions[i].Name == name {
			return &m.ExposedFunctions[i], true
		}
	}
	return nil, false
}

// ArgParams are the parameters a caller supplies: the leading signer parameters of an
// entry function are dropped (the transaction's sender fills them).
func (f *MoveFunction) ArgParams() []string {
	p := f.Params
	for len(p) > 0 && (p[0] == "signer" || p[0] == "&signer") {
		p = p[1:]
	}
	return p
}

// ABISource fetches a module's ABI.
type ABISource interface {
	ModuleABI(ctx context.Context, id supra.ModuleID) (*MoveModule, error)
}

// ClientABISource reads ABIs through the node client, so it shares the client's transport,
// timeouts, retries and failover.
type ClientABISource struct{ Client *supra.Client }

// ModuleABI implements ABISource. A missing module is ErrModuleNotFound.
func (s ClientABISource) ModuleABI(ctx context.Context, id supra.ModuleID) (*MoveModule, error) {
	raw, err := s.Client.Module(ctx, id.Address, id.Name)
	if errors.Is(err, supra.ErrModuleNotFound) {
		return nil, fmt.Errorf("module %s: %w", id, ErrModuleNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("module %s: %w", id, err)
	}
	var m MoveModule
	if err := json.Unmarshal(raw, &m); err != nil || m.Name == "" {
		return nil, fmt.Errorf("module %s: %w: module ABI: %v", id, ErrBadResponse, err)
	}
	return &m, nil
}

// abiCache memoises ABIs for a TTL, like the SDK's @MemoizeExpiring(10 minutes). Failed
// fetches are not cached.
type abiCache struct {
	src ABISource
	ttl time.Duration
	now func() time.Time
	mu  sync.Mutex
	m   map[supra.ModuleID]abiEntry
}

type abiEntry struct {
	mod     *MoveModule
	expires time.Time
}

func newABICache(src ABISource, ttl time.Duration, now func() time.Time) *abiCache {
	return &abiCache{src: src, ttl: ttl, now: now, m: map[supra.ModuleID]abiEntry{}}
}

func (c *abiCache) get(ctx context.Context, id supra.ModuleID) (*MoveModule, error) {
	if c.src == nil {
		return nil, fmt.Errorf("%w: no ABI source", ErrNotConfigured)
	}
	c.mu.Lock()
	e, ok := c.m[id]
	c.mu.Unlock()
	if ok && c.now().Before(e.expires) {
		return e.mod, nil
	}
	mod, err := c.src.ModuleABI(ctx, id)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	c.m[id] = abiEntry{mod: mod, expires: c.now().Add(c.ttl)}
	c.mu.Unlock()
	return mod, nil
}

// ModuleABI returns a module's ABI through the cache.
func (c *Client) ModuleABI(ctx context.Context, id supra.ModuleID) (*MoveModule, error) {
	return c.abis.get(ctx, id)
}
