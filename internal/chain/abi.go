package chain

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
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

// HTTPABISource reads ABIs from GET {url}/rpc/v1/accounts/{addr}/modules/{name}, trying
// the URLs in order (primary first). supra.Client has no call for this endpoint, so it is
// read here over the same transport.
type HTTPABISource struct {
	URLs    []string
	HTTP    supra.HTTPDoer // default http.DefaultClient
	Timeout time.Duration  // per request, default 10 s
}

// ModuleABI implements ABISource. A 404 is ErrModuleNotFound.
func (s *HTTPABISource) ModuleABI(ctx context.Context, id supra.ModuleID) (*MoveModule, error) {
	doer := s.HTTP
	if doer == nil {
		doer = http.DefaultClient
	}
	timeout := s.Timeout
	if timeout <= 0 {
		timeout = 10 * time.Second
	}
	var lastErr error = errors.New("no node URL")
	for _, base := range s.URLs {
		m, err := s.fetch(ctx, doer, timeout, strings.TrimRight(base, "/")+"/rpc/v1/accounts/"+id.Address.String()+"/modules/"+id.Name)
		if err == nil || errors.Is(err, ErrModuleNotFound) || errors.Is(err, ErrBadResponse) {
			if err != nil {
				return nil, fmt.Errorf("module %s: %w", id, err)
			}
			return m, nil
		}
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		lastErr = err
	}
	return nil, fmt.Errorf("module %s: %w: %v", id, supra.ErrUnavailable, lastErr)
}

func (s *HTTPABISource) fetch(ctx context.Context, doer supra.HTTPDoer, timeout time.Duration, url string) (*MoveModule, error) {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", "application/json")
	res, err := doer.Do(req)
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	body, err := io.ReadAll(io.LimitReader(res.Body, 8<<20))
	if err != nil {
		return nil, err
	}
	switch {
	case res.StatusCode == http.StatusNotFound:
		return nil, ErrModuleNotFound
	case res.StatusCode >= 500:
		return nil, fmt.Errorf("node answered %d", res.StatusCode)
	case res.StatusCode < 200 || res.StatusCode > 299:
		return nil, fmt.Errorf("%w: status %d: %s", ErrBadResponse, res.StatusCode, strings.TrimSpace(string(body)))
	}
	var m MoveModule
	if err := json.Unmarshal(body, &m); err != nil || m.Name == "" {
		return nil, fmt.Errorf("%w: module ABI: %v", ErrBadResponse, err)
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
