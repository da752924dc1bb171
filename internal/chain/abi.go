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

// The module ABI types are supra's, shared with the devnet that renders them.
type (
	MoveModule   = supra.MoveModule
	MoveFunction = supra.MoveFunction
	MoveStruct   = supra.MoveStruct
)

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
func (c *Core) ModuleABI(ctx context.Context, id supra.ModuleID) (*MoveModule, error) {
	return c.abis.get(ctx, id)
}
