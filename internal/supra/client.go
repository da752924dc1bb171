package supra

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"
)

// Client errors. The texts of the node messages (docs/product.md, Transactions and the node)
// are kept verbatim because the app shows them.
var (
	// ErrUnavailable: no node URL answered (all refused, timed out or failed with 5xx).
	ErrUnavailable = errors.New("supra: node unavailable")
	// ErrAccountNotFound: the account does not exist (null body or HTTP 202).
	ErrAccountNotFound = errors.New("Account Not Exists, Or Invalid Account Is Passed")
	// ErrResourceNotFound: the resource is absent (result[0] is null).
	ErrResourceNotFound = errors.New("Resource not found")
	// ErrPathNotFound: the node answered 404 without an error body.
	ErrPathNotFound = errors.New("Invalid URL, Path Not Found") //nolint:staticcheck // the node's own words
	// ErrFaucetUnexpected: the faucet answered an object without "Accepted".
	ErrFaucetUnexpected = errors.New("something went wrong, getting unexpected response from rpc_node")
	// ErrFaucetLater: the faucet answered something that is not an object.
	ErrFaucetLater = errors.New("try faucet later")
	// ErrSimulationFailed: a simulated transaction would fail; see SimulationError.
	ErrSimulationFailed = errors.New("supra: simulation failed")
	// ErrNoBody: a POST without a body (the SDK's "'data' Should Not Be 'undefined'").
	ErrNoBody = errors.New("For Post Request 'data' Should Not Be 'undefined'") //nolint:staticcheck // the node's own words
	// ErrInvalidResponse: the node answered 2xx, but with an empty or malformed body
	// where a value was expected. A proxy in front of a node can send an empty 200 (and
	// the in-process devnet once did on a timeout); read as a zero value it would say
	// "balance 0", "no such transaction" or "the chain is at block 0".
	ErrInvalidResponse = errors.New("supra: empty or malformed node answer")
)

// NodeError is a non-2xx answer of a node, with the node's error body when it sent one.
type NodeError struct {
	Status    int
	Code      string // error_code of the node's catalogue, e.g. "invalid_transaction_update"
	Message   string
	VMErrCode *int
	// RetryAfter is how long the node asked to be left alone (its Retry-After header, sent
	// with 429 and 503); 0 when it did not say.
	RetryAfter time.Duration
}

func (e *NodeError) Error() string {
	if e.Code != "" {
		return fmt.Sprintf("node answered %d %s: %s", e.Status, e.Code, e.Message)
	}
	return fmt.Sprintf("node answered %d: %s", e.Status, e.Message)
}

// Unwrap maps statuses to sentinels so callers can use errors.Is.
func (e *NodeError) Unwrap() error {
	if e.Status == http.StatusNotFound && e.Code == "" {
		return ErrPathNotFound
	}
	return nil
}

// NodeFailed reports whether err is the node failing to answer (down, slow, a 5xx, an
// empty or malformed answer) rather than an answer about the chain. Such an error says
// nothing about the data: it must never be read as "no", "zero" or "not found".
func NodeFailed(err error) bool {
	if err == nil {
		return false
	}
	var ne *NodeError
	return errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) ||
		errors.Is(err, ErrUnavailable) || errors.Is(err, ErrInvalidResponse) ||
		(errors.As(err, &ne) && ne.Status >= http.StatusInternalServerError)
}

// SimulationError carries the vm_status of a failing simulation. Its text is the product's
// "Transaction Can Be Failed, Reason: {vm status}" (docs/product.md, Transactions and the node).
type SimulationError struct{ VMStatus string }

func (e *SimulationError) Error() string { return "Transaction Can Be Failed, Reason: " + e.VMStatus }

// Unwrap lets errors.Is(err, ErrSimulationFailed) hold.
func (e *SimulationError) Unwrap() error { return ErrSimulationFailed }

// HTTPDoer is the transport; *http.Client satisfies it. The devnet is reached through an
// in-memory transport, so the client's code path is the same as against a real node.
type HTTPDoer interface {
	Do(*http.Request) (*http.Response, error)
}

// Client talks to a Supra node's RPC v1, and v3 for events over wide ranges and for the
// gas price. Reads are retried and fail over from the primary URL to the backups; a submit
// fails over only when the request provably never reached a node (connection refused), so
// a transaction is never sent twice by accident. The URL that last answered stays
// preferred. Every call ends within its budget, retries included, so a hung node costs a
// request a bounded time and then an error. A node's Retry-After is honoured between retries.
type Client struct {
	urls      []string
	slots     []chan struct{} // per URL: its requests in flight (the node's budget)
	perNode   int
	http      HTTPDoer
	timeout   time.Duration
	budget    time.Duration
	retries   int
	backoff   time.Duration
	preferred atomic.Int32
	// noGasV3 is when (Unix ns) to try v3 estimate_gas_price again after a 404; 0: try it.
	noGasV3 atomic.Int64
}

// ClientOption configures a Client.
type ClientOption func(*Client)

// WithHTTP sets the transport.
func WithHTTP(d HTTPDoer) ClientOption { return func(c *Client) { c.http = d } }

// WithTimeout sets the per-request timeout (default 10 s). Zero is not allowed: a server
// must never wait forever on a node.
func WithTimeout(d time.Duration) ClientOption {
	return func(c *Client) {
		if d > 0 {
			c.timeout = d
		}
	}
}

// WithBudget sets the longest one call may take, every retry and failover included
// (default one and a half times the timeout): a retry starts only while the budget and
// the caller's deadline leave time for it.
func WithBudget(d time.Duration) ClientOption {
	return func(c *Client) {
		if d > 0 {
			c.budget = d
		}
	}
}

// WithRetries sets how many extra rounds over all URLs a read gets (default 2) and the
// first backoff between rounds (default 200 ms, doubling).
func WithRetries(n int, backoff time.Duration) ClientOption {
	return func(c *Client) { c.retries, c.backoff = max(n, 0), backoff }
}

// DefaultPerNode is how many requests one client keeps in flight to one node URL at most.
// A node behind a public gateway rate-limits a burst of hundreds of reads (a cold market
// refresh of a long token list is 3 per token); past this many, a read waits for a slot,
// and that wait counts against its budget like the node's own latency.
const DefaultPerNode = 96

// WithPerNode sets how many requests are in flight to one node URL at most (default
// DefaultPerNode).
func WithPerNode(n int) ClientOption {
	return func(c *Client) {
		if n > 0 {
			c.perNode = n
		}
	}
}

// NewClient returns a client for the given base URLs, primary first.
func NewClient(urls []string, opts ...ClientOption) (*Client, error) {
	if len(urls) == 0 {
		return nil, errors.New("supra: client needs at least one node URL")
	}
	c := &Client{timeout: 10 * time.Second, retries: 2, backoff: 200 * time.Millisecond, perNode: DefaultPerNode}
	for _, u := range urls {
		if _, err := url.ParseRequestURI(u); err != nil {
			return nil, fmt.Errorf("supra: node URL %q: %w", u, err)
		}
		c.urls = append(c.urls, strings.TrimRight(u, "/"))
	}
	for _, o := range opts {
		o(c)
	}
	if c.budget == 0 {
		c.budget = c.timeout * 3 / 2
	}
	if c.http == nil {
		// Keep as many idle connections per node as requests may be in flight, so the next
		// burst reuses them (the default keeps 2 and dials, with TLS, for the rest).
		t := http.DefaultTransport.(*http.Transport).Clone()
		t.MaxIdleConnsPerHost = c.perNode
		c.http = &http.Client{Transport: t}
	}
	for range c.urls {
		c.slots = append(c.slots, make(chan struct{}, c.perNode))
	}
	return c, nil
}

// call performs one RPC and returns the status and body of the first usable answer.
// accept, when set, judges a 2xx body (it decodes it); an answer it refuses counts as a
// failed attempt, so a read is retried and fails over, and a submit reports it.
func (c *Client) call(ctx context.Context, method, path string, body []byte, idempotent bool, accept func(int, []byte) error) (answer, error) {
	ctx, cancel := context.WithTimeout(ctx, c.budget)
	defer cancel()
	rounds := 1
	if idempotent {
		rounds += c.retries
	}
	var lastErr error
	wait := c.backoff
	for round := 0; round < rounds; round++ {
		if round > 0 {
			// A node that said when to come back is not asked again sooner.
			var ne *NodeError
			if errors.As(lastErr, &ne) {
				wait = max(wait, ne.RetryAfter)
			}
			if d, ok := ctx.Deadline(); ok && time.Until(d) <= wait {
				break // no time left for another round: report what failed
			}
			select {
			case <-ctx.Done():
				return answer{}, ctx.Err()
			case <-time.After(wait):
			}
			wait *= 2
		}
		start := int(c.preferred.Load())
		for i := range c.urls {
			idx := (start + i) % len(c.urls)
			r, err := c.once(ctx, idx, method, path, body)
			if err == nil && r.status >= 500 && idempotent {
				err = &NodeError{Status: r.status, Message: strings.TrimSpace(string(r.body)), RetryAfter: retryAfter(r.header)}
			}
			if err == nil && r.status >= 200 && r.status <= 299 && accept != nil {
				if err = accept(r.status, r.body); err != nil && !idempotent {
					return answer{}, err // the node may have acted on it: report, never resend
				}
			}
			if err == nil {
				c.preferred.Store(int32(idx))
				return r, nil
			}
			if ctx.Err() != nil {
				return answer{}, ctx.Err()
			}
			lastErr = err
			if !idempotent && !refused(err) {
				// The node may have received it: report, never resend.
				return answer{}, fmt.Errorf("%w: %w", ErrUnavailable, err)
			}
		}
	}
	return answer{}, fmt.Errorf("%w: %w", ErrUnavailable, lastErr)
}

// answer is one answer of a node.
type answer struct {
	status int
	header http.Header
	body   []byte
}

// retryAfter reads a Retry-After header given in seconds (what nodes and gateways send);
// 0 when absent or in another form.
func retryAfter(h http.Header) time.Duration {
	s, err := strconv.Atoi(strings.TrimSpace(h.Get("Retry-After")))
	if err != nil || s < 0 {
		return 0
	}
	return time.Duration(s) * time.Second
}

// once sends one request to node idx, after waiting for one of its slots.
func (c *Client) once(ctx context.Context, idx int, method, path string, body []byte) (answer, error) {
	select {
	case c.slots[idx] <- struct{}{}:
	case <-ctx.Done():
		return answer{}, ctx.Err()
	}
	defer func() { <-c.slots[idx] }()
	ctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	url := c.urls[idx] + path
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, url, rd)
	if err != nil {
		return answer{}, err
	}
	req.Header.Set("Accept", "application/json")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := c.http.Do(req)
	if err != nil {
		return answer{}, err
	}
	defer res.Body.Close()
	data, err := io.ReadAll(io.LimitReader(res.Body, 32<<20))
	if err != nil {
		return answer{}, err
	}
	return answer{status: res.StatusCode, header: res.Header, body: data}, nil
}

func refused(err error) bool { return errors.Is(err, syscall.ECONNREFUSED) }

// get decodes a 2xx JSON answer into out; a non-2xx answer becomes a *NodeError.
func (c *Client) get(ctx context.Context, path string, out any) (int, error) {
	return c.do(ctx, http.MethodGet, path, nil, true, out)
}

func (c *Client) do(ctx context.Context, method, path string, in any, idempotent bool, out any) (int, error) {
	r, err := c.exchange(ctx, method, path, in, idempotent, out)
	return r.status, err
}

// exchange is do that also returns the answer's headers (a v3 listing's cursor is one).
func (c *Client) exchange(ctx context.Context, method, path string, in any, idempotent bool, out any) (answer, error) {
	var body []byte
	if method == http.MethodPost {
		if in == nil {
			return answer{}, ErrNoBody
		}
		var err error
		if body, err = json.Marshal(in); err != nil {
			return answer{}, fmt.Errorf("supra: encode request: %w", err)
		}
	}
	var accept func(int, []byte) error
	if out != nil {
		accept = func(status int, data []byte) error {
			if len(bytes.TrimSpace(data)) == 0 {
				if status == http.StatusAccepted {
					return nil // "accepted, nothing yet" (an account the node is creating)
				}
				return fmt.Errorf("%w: %s %s: empty body with status %d", ErrInvalidResponse, method, path, status)
			}
			if err := json.Unmarshal(data, out); err != nil {
				return fmt.Errorf("%w: %s %s: %v", ErrInvalidResponse, method, path, err)
			}
			return nil
		}
	}
	r, err := c.call(ctx, method, path, body, idempotent, accept)
	if err != nil {
		return answer{}, err
	}
	if r.status < 200 || r.status > 299 {
		ne := &NodeError{Status: r.status, RetryAfter: retryAfter(r.header)}
		var eb ErrorResponse
		if json.Unmarshal(r.body, &eb) == nil && (eb.Message != "" || eb.ErrorCode != "") {
			ne.Code, ne.Message, ne.VMErrCode = eb.ErrorCode, eb.Message, eb.VMErrorCode
		} else {
			ne.Message = strings.TrimSpace(string(r.body))
		}
		return r, ne
	}
	return r, nil
}

// ChainID reads the chain id.
func (c *Client) ChainID(ctx context.Context) (uint8, error) {
	var id uint8
	_, err := c.get(ctx, "/rpc/v1/transactions/chain_id", &id)
	return id, err
}

// GasPrice reads the gas price estimate: v3 (with the chain's minimum price) where the
// node serves it, else v1. A node that answers v3 with 404 is asked v1 from then on for
// GasV3Retry, so a node without v3 costs one round trip per build, not two.
func (c *Client) GasPrice(ctx context.Context) (GasPrice, error) {
	var g GasPrice
	if until := c.noGasV3.Load(); until == 0 || time.Now().UnixNano() > until {
		_, err := c.get(ctx, "/rpc/v3/transactions/estimate_gas_price", &g)
		var ne *NodeError
		switch {
		case err == nil && g.MinConfiguredGasPrice == 0:
			return GasPrice{}, fmt.Errorf("%w: v3 estimate_gas_price without min_configured_gas_price", ErrInvalidResponse)
		case err == nil:
			g.V3 = true
			return g, nil
		case !errors.As(err, &ne) || ne.Status != http.StatusNotFound:
			return GasPrice{}, err
		}
		c.noGasV3.Store(time.Now().Add(GasV3Retry).UnixNano())
	}
	g = GasPrice{}
	_, err := c.get(ctx, "/rpc/v1/transactions/estimate_gas_price", &g)
	return g, err
}

// GasV3Retry is how long a node that has no v3 estimate_gas_price is asked v1 before v3
// is tried again (an upgraded node is noticed within it).
const GasV3Retry = 10 * time.Minute

// Account reads an account; ErrAccountNotFound when it does not exist.
func (c *Client) Account(ctx context.Context, addr Address) (AccountInfo, error) {
	var info *AccountInfo
	status, err := c.get(ctx, "/rpc/v1/accounts/"+addr.String(), &info)
	if err != nil {
		var ne *NodeError
		if errors.As(err, &ne) && ne.Code == "account_not_found" {
			return AccountInfo{}, ErrAccountNotFound
		}
		return AccountInfo{}, err
	}
	if status == http.StatusAccepted || info == nil {
		return AccountInfo{}, ErrAccountNotFound
	}
	return *info, nil
}

// Resources reads one page of an account's resource types; start is the cursor of the
// previous page ("" for the first) and count 0 means the node's default (15).
func (c *Client) Resources(ctx context.Context, addr Address, count int, start string) (ResourcePage, error) {
	q := url.Values{}
	if count > 0 {
		q.Set("count", strconv.Itoa(count))
	}
	if start != "" {
		q.Set("start", start)
	}
	var list ResourceList
	_, err := c.get(ctx, "/rpc/v1/accounts/"+addr.String()+"/resources"+query(q), &list)
	return list.Resources, err
}

// Resource reads one resource's data; ErrResourceNotFound when absent.
func (c *Client) Resource(ctx context.Context, addr Address, resourceType string) (json.RawMessage, error) {
	var res MoveValueResponse
	if _, err := c.get(ctx, "/rpc/v1/accounts/"+addr.String()+"/resources/"+url.PathEscape(resourceType), &res); err != nil {
		var ne *NodeError
		if errors.As(err, &ne) && ne.Status == http.StatusNotFound {
			return nil, ErrResourceNotFound
		}
		return nil, err
	}
	if len(res.Result) == 0 || string(res.Result[0]) == "null" {
		return nil, ErrResourceNotFound
	}
	return res.Result[0], nil
}

// ErrTxNotFound: the node does not know the transaction (yet: it may still arrive).
var ErrTxNotFound = errors.New("supra: transaction not found")

// Transaction reads a transaction; ErrTxNotFound while the node does not know it.
func (c *Client) Transaction(ctx context.Context, hash string) (*TransactionInfo, error) {
	var tx *TransactionInfo
	if _, err := c.get(ctx, "/rpc/v1/transactions/"+url.PathEscape(hash), &tx); err != nil {
		var ne *NodeError
		if errors.As(err, &ne) && ne.Status == http.StatusNotFound && ne.Code != "" {
			return nil, fmt.Errorf("%w: %s", ErrTxNotFound, hash)
		}
		return nil, err
	}
	if tx == nil {
		return nil, fmt.Errorf("%w: %s", ErrTxNotFound, hash)
	}
	if tx.Hash == "" {
		return nil, fmt.Errorf("%w: transaction %s without a hash", ErrInvalidResponse, hash)
	}
	return tx, nil
}

// AccountTransactions reads transactions sent by an account.
func (c *Client) AccountTransactions(ctx context.Context, addr Address, count int, start uint64) ([]TransactionInfo, error) {
	q := url.Values{}
	if count > 0 {
		q.Set("count", strconv.Itoa(count))
	}
	if start > 0 {
		q.Set("start", strconv.FormatUint(start, 10))
	}
	var res *AccountTransactions
	if _, err := c.get(ctx, "/rpc/v1/accounts/"+addr.String()+"/transactions"+query(q), &res); err != nil {
		return nil, err
	}
	if res == nil {
		return nil, ErrAccountNotFound
	}
	return res.Record, nil
}

// CoinTransactions reads coin transactions touching an account, with the next cursor.
func (c *Client) CoinTransactions(ctx context.Context, addr Address, count int, start uint64) (CoinTransactions, error) {
	q := url.Values{}
	if count > 0 {
		q.Set("count", strconv.Itoa(count))
	}
	if start > 0 {
		q.Set("start", strconv.FormatUint(start, 10))
	}
	var res CoinTransactions
	_, err := c.get(ctx, "/rpc/v1/accounts/"+addr.String()+"/coin_transactions"+query(q), &res)
	return res, err
}

// ErrModuleNotFound: the account has no module of that name.
var ErrModuleNotFound = errors.New("supra: module not found")

// Module reads a module's ABI JSON ({address,name,friends,exposed_functions,structs}).
func (c *Client) Module(ctx context.Context, addr Address, name string) (json.RawMessage, error) {
	var abi json.RawMessage
	if _, err := c.get(ctx, "/rpc/v1/accounts/"+addr.String()+"/modules/"+url.PathEscape(name), &abi); err != nil {
		var ne *NodeError
		if errors.As(err, &ne) && ne.Status == http.StatusNotFound {
			return nil, fmt.Errorf("%w: %s::%s", ErrModuleNotFound, addr, name)
		}
		return nil, err
	}
	return abi, nil
}

// View calls a view function. Arguments are JSON strings as the node expects ("123", "0x…").
func (c *Client) View(ctx context.Context, function string, typeArgs []string, args []string) ([]json.RawMessage, error) {
	req := ViewRequest{Function: function, TypeArguments: typeArgs, Arguments: make([]json.RawMessage, 0, len(args))}
	if req.TypeArguments == nil {
		req.TypeArguments = []string{}
	}
	for _, a := range args {
		b, _ := json.Marshal(a)
		req.Arguments = append(req.Arguments, b)
	}
	var res ViewResponse
	if _, err := c.do(ctx, http.MethodPost, "/rpc/v1/view", req, true, &res); err != nil {
		return nil, err
	}
	return res.Result, nil
}

// TableItem reads an item of a Move table.
func (c *Client) TableItem(ctx context.Context, handle, keyType, valueType string, key any) (json.RawMessage, error) {
	body := map[string]any{"key_type": keyType, "value_type": valueType, "key": key}
	var res json.RawMessage
	_, err := c.do(ctx, http.MethodPost, "/rpc/v1/tables/"+url.PathEscape(handle)+"/item", body, true, &res)
	return res, err
}

// Submit sends a signed transaction body ({"Move":{raw_txn, authenticator}}) and returns
// its hash. It is never retried once a node may have received it.
func (c *Client) Submit(ctx context.Context, body any) (string, error) {
	var hash string
	if _, err := c.do(ctx, http.MethodPost, "/rpc/v1/transactions/submit", body, false, &hash); err != nil {
		return "", err
	}
	if hash == "" {
		return "", fmt.Errorf("%w: submit answered without a transaction hash", ErrInvalidResponse)
	}
	return hash, nil
}

// Simulate runs a transaction without committing it. A failing simulation returns the
// transaction info together with a *SimulationError.
func (c *Client) Simulate(ctx context.Context, body any) (*TransactionInfo, error) {
	var tx TransactionInfo
	if _, err := c.do(ctx, http.MethodPost, "/rpc/v1/transactions/simulate", body, true, &tx); err != nil {
		return nil, err
	}
	if tx.Output == nil || tx.Output.Move.VMStatus != VMStatusSuccess {
		vm := "unknown"
		if tx.Output != nil {
			vm = tx.Output.Move.VMStatus
		}
		return &tx, &SimulationError{VMStatus: vm}
	}
	return &tx, nil
}

// Faucet asks the node's faucet (testnet and devnet) to fund an account; it returns the
// funding transaction's hash.
func (c *Client) Faucet(ctx context.Context, addr Address) (string, error) {
	var raw json.RawMessage
	if _, err := c.get(ctx, "/rpc/v1/wallet/faucet/"+addr.String(), &raw); err != nil {
		return "", err
	}
	var obj map[string]json.RawMessage
	if json.Unmarshal(raw, &obj) != nil || obj == nil {
		return "", ErrFaucetLater
	}
	var hash string
	if json.Unmarshal(obj["Accepted"], &hash) != nil || hash == "" {
		return "", ErrFaucetUnexpected
	}
	return hash, nil
}

// App-level transaction statuses (docs/product.md, Transactions and the node).
const (
	TxSuccess = "Success"
	TxFailed  = "Failed"
	TxPending = "Pending"
)

// AppStatus maps a node status to the app's: Unexecuted (and anything not final) →
// Pending, Fail and Invalid → Failed, Success stays. A nil transaction is Pending.
func AppStatus(tx *TransactionInfo) string {
	if tx == nil {
		return TxPending
	}
	switch tx.Status {
	case StatusSuccess:
		return TxSuccess
	case StatusFail, StatusInvalid:
		return TxFailed
	default:
		return TxPending
	}
}

// WaitForTransaction polls until the transaction is final or ctx ends. It polls quickly
// at first (a devnet or a fast chain finalises in well under a second) and backs off to
// once a second, the SDK's rate. When ctx ends first it returns the last state seen
// with status Pending and no error, as the SDK does after its 300 polls; when the node
// said it does not know the transaction, status Pending and ErrTxNotFound. When the node
// never answered at all it returns the failure: "not found" would be a guess.
func (c *Client) WaitForTransaction(ctx context.Context, hash string) (*TransactionInfo, string, error) {
	interval := 50 * time.Millisecond
	var last *TransactionInfo
	var pollErr error // the last poll's failure while the node has not answered yet
	answered := false
	for {
		tx, err := c.Transaction(ctx, hash)
		if err != nil && !errors.Is(err, ErrTxNotFound) && ctx.Err() == nil {
			return nil, "", err
		}
		if err == nil || errors.Is(err, ErrTxNotFound) {
			answered = true
		} else {
			pollErr = err
		}
		if tx != nil {
			last = tx
		}
		if st := AppStatus(last); st != TxPending {
			return last, st, nil
		}
		select {
		case <-ctx.Done():
			if !answered {
				if pollErr == nil {
					pollErr = ctx.Err()
				}
				return nil, "", pollErr
			}
			if last == nil {
				return nil, TxPending, fmt.Errorf("%w: %s", ErrTxNotFound, hash)
			}
			return last, TxPending, nil
		case <-time.After(interval):
		}
		interval = min(interval*2, time.Second)
	}
}

// ErrBlockNotFound: the node has no block at that height (yet).
var ErrBlockNotFound = errors.New("supra: block not found")

// MaxEventBlocks is how many blocks one events query may span (the node refuses more).
const MaxEventBlocks = 10

// LatestBlock reads the header of the newest block: GET /rpc/v1/block.
func (c *Client) LatestBlock(ctx context.Context) (BlockHeader, error) {
	var h BlockHeader
	if _, err := c.get(ctx, "/rpc/v1/block", &h); err != nil {
		return BlockHeader{}, fmt.Errorf("latest block: %w", err)
	}
	if h.Hash == "" {
		// Every block has a hash, genesis included: a header without one is no answer,
		// and taken for height 0 it would look like a chain rewound to genesis.
		return BlockHeader{}, fmt.Errorf("%w: latest block without a hash", ErrInvalidResponse)
	}
	return h, nil
}

// BlockByHeight reads one block, with its finalized transactions when withTxs:
// GET /rpc/v1/block/height/{h}. A height the node does not have is ErrBlockNotFound.
func (c *Client) BlockByHeight(ctx context.Context, height uint64, withTxs bool) (Block, error) {
	q := url.Values{}
	if withTxs {
		q.Set("with_finalized_transactions", "true")
	}
	var b Block
	if _, err := c.get(ctx, "/rpc/v1/block/height/"+strconv.FormatUint(height, 10)+query(q), &b); err != nil {
		var ne *NodeError
		if errors.As(err, &ne) && ne.Status == http.StatusNotFound && ne.Code != "" {
			return Block{}, fmt.Errorf("%w: %d", ErrBlockNotFound, height)
		}
		return Block{}, fmt.Errorf("block %d: %w", height, err)
	}
	if b.Header.Hash == "" || b.Header.Height != height {
		return Block{}, fmt.Errorf("%w: asked block %d, got height %d hash %q", ErrInvalidResponse, height, b.Header.Height, b.Header.Hash)
	}
	return b, nil
}

// Events reads the events of one type emitted in blocks [start, end), at most
// MaxEventBlocks blocks: GET /rpc/v1/events/{type}?start=&end=. A type without type
// arguments also matches its generic instances.
func (c *Client) Events(ctx context.Context, eventType string, start, end uint64) ([]Event, error) {
	if end < start || end-start > MaxEventBlocks {
		return nil, fmt.Errorf("%w: block range [%d, %d) spans more than %d blocks", ErrInvalidRange, start, end, MaxEventBlocks)
	}
	q := url.Values{"start": {strconv.FormatUint(start, 10)}, "end": {strconv.FormatUint(end, 10)}}
	var res EventsResponse
	if _, err := c.get(ctx, "/rpc/v1/events/"+url.PathEscape(eventType)+query(q), &res); err != nil {
		return nil, fmt.Errorf("events %s [%d, %d): %w", eventType, start, end, err)
	}
	if res.Data == nil {
		res.Data = []Event{}
	}
	return res.Data, nil
}

// ErrInvalidRange: a block range the node would refuse.
var ErrInvalidRange = errors.New("supra: invalid block range")

// MaxEventsPage is the most events one RPC v3 events page holds (the node caps limit there).
const MaxEventsPage = 100

// ErrNoEventsRange: the node has no RPC v3 events query (it answered 404 for the path);
// use Events, ten blocks at a time, instead.
var ErrNoEventsRange = errors.New("supra: the node has no v3 events query")

// EventsRange reads one page of the events of one type emitted in blocks [start, end),
// however wide: GET /rpc/v3/events/{type}?start_height=&end_height=&limit=&start=. limit
// is held to [1, MaxEventsPage]; cursor is "" for the first page, then the previous page's
// Cursor. A page shorter than limit is the last; a full one may be followed by an empty
// one. Events come in chain order with their block height and transaction hash.
func (c *Client) EventsRange(ctx context.Context, eventType string, start, end uint64, limit int, cursor string) (EventPage, error) {
	if end <= start {
		return EventPage{}, fmt.Errorf("%w: block range [%d, %d) is empty", ErrInvalidRange, start, end)
	}
	q := url.Values{
		"start_height": {strconv.FormatUint(start, 10)},
		"end_height":   {strconv.FormatUint(end, 10)},
		"limit":        {strconv.Itoa(min(max(limit, 1), MaxEventsPage))},
	}
	if cursor != "" {
		q.Set("start", cursor)
	}
	var res EventsV3Response
	r, err := c.exchange(ctx, http.MethodGet, "/rpc/v3/events/"+url.PathEscape(eventType)+query(q), nil, true, &res)
	if err != nil {
		var ne *NodeError
		if errors.As(err, &ne) && ne.Status == http.StatusNotFound {
			return EventPage{}, fmt.Errorf("%w: %s", ErrNoEventsRange, ne.Message)
		}
		return EventPage{}, fmt.Errorf("events %s [%d, %d): %w", eventType, start, end, err)
	}
	if res.Data == nil {
		res.Data = []EventV3{}
	}
	// The node names the header X_SUPRA_CURSOR in its docs and sends x-supra-cursor; a
	// proxy may pass either spelling.
	next := r.header.Get(CursorHeader)
	if next == "" {
		next = r.header.Get("X_SUPRA_CURSOR")
	}
	return EventPage{Events: res.Data, Cursor: next}, nil
}

// CursorHeader carries the cursor of the next page of a v3 listing.
const CursorHeader = "X-Supra-Cursor"

func query(q url.Values) string {
	if len(q) == 0 {
		return ""
	}
	return "?" + q.Encode()
}
