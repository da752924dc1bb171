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

// Client errors. The texts of the spec's node messages (doc 1 §8) are kept verbatim
// because the app shows them.
var (
	// ErrUnavailable: no node URL answered (all refused, timed out or failed with 5xx).
	ErrUnavailable = errors.New("supra: node unavailable")
	// ErrAccountNotFound: the account does not exist (null body or HTTP 202).
	ErrAccountNotFound = errors.New("Account Not Exists, Or Invalid Account Is Passed")
	// ErrResourceNotFound: the resource is absent (result[0] is null).
	ErrResourceNotFound = errors.New("Resource not found")
	// ErrPathNotFound: the node answered 404 without an error body.
	ErrPathNotFound = errors.New("Invalid URL, Path Not Found")
	// ErrFaucetUnexpected: the faucet answered an object without "Accepted".
	ErrFaucetUnexpected = errors.New("something went wrong, getting unexpected response from rpc_node")
	// ErrFaucetLater: the faucet answered something that is not an object.
	ErrFaucetLater = errors.New("try faucet later")
	// ErrSimulationFailed: a simulated transaction would fail; see SimulationError.
	ErrSimulationFailed = errors.New("supra: simulation failed")
	// ErrNoBody: a POST without a body (the SDK's "'data' Should Not Be 'undefined'").
	ErrNoBody = errors.New("For Post Request 'data' Should Not Be 'undefined'")
)

// NodeError is a non-2xx answer of a node, with the node's error body when it sent one.
type NodeError struct {
	Status    int
	Code      string // error_code of the node's catalogue, e.g. "invalid_transaction_update"
	Message   string
	VMErrCode *int
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

// SimulationError carries the vm_status of a failing simulation. Its text is the spec's
// "Transaction Can Be Failed, Reason: {vm status}".
type SimulationError struct{ VMStatus string }

func (e *SimulationError) Error() string { return "Transaction Can Be Failed, Reason: " + e.VMStatus }

// Unwrap lets errors.Is(err, ErrSimulationFailed) hold.
func (e *SimulationError) Unwrap() error { return ErrSimulationFailed }

// HTTPDoer is the transport; *http.Client satisfies it. The devnet is reached through an
// in-memory transport, so the client's code path is the same as against a real node.
type HTTPDoer interface {
	Do(*http.Request) (*http.Response, error)
}

// Client talks to a Supra node's RPC v1. Reads are retried and fail over from the primary
// URL to the backups; a submit fails over only when the request provably never reached a
// node (connection refused), so a transaction is never sent twice by accident. The URL
// that last answered stays preferred.
type Client struct {
	urls      []string
	http      HTTPDoer
	timeout   time.Duration
	retries   int
	backoff   time.Duration
	preferred atomic.Int32
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

// WithRetries sets how many extra rounds over all URLs a read gets (default 2) and the
// first backoff between rounds (default 200 ms, doubling).
func WithRetries(n int, backoff time.Duration) ClientOption {
	return func(c *Client) { c.retries, c.backoff = max(n, 0), backoff }
}

// NewClient returns a client for the given base URLs, primary first.
func NewClient(urls []string, opts ...ClientOption) (*Client, error) {
	if len(urls) == 0 {
		return nil, errors.New("supra: client needs at least one node URL")
	}
	c := &Client{http: http.DefaultClient, timeout: 10 * time.Second, retries: 2, backoff: 200 * time.Millisecond}
	for _, u := range urls {
		if _, err := url.ParseRequestURI(u); err != nil {
			return nil, fmt.Errorf("supra: node URL %q: %w", u, err)
		}
		c.urls = append(c.urls, strings.TrimRight(u, "/"))
	}
	for _, o := range opts {
		o(c)
	}
	return c, nil
}

// call performs one RPC and returns the status and body of the first usable answer.
func (c *Client) call(ctx context.Context, method, path string, body []byte, idempotent bool) (int, []byte, error) {
	rounds := 1
	if idempotent {
		rounds += c.retries
	}
	var lastErr error
	wait := c.backoff
	for round := 0; round < rounds; round++ {
		if round > 0 {
			select {
			case <-ctx.Done():
				return 0, nil, ctx.Err()
			case <-time.After(wait):
			}
			wait *= 2
		}
		start := int(c.preferred.Load())
		for i := range c.urls {
			idx := (start + i) % len(c.urls)
			status, data, err := c.once(ctx, method, c.urls[idx]+path, body)
			if err == nil && (status < 500 || !idempotent) {
				c.preferred.Store(int32(idx))
				return status, data, nil
			}
			if err == nil {
				err = &NodeError{Status: status, Message: strings.TrimSpace(string(data))}
			}
			if ctx.Err() != nil {
				return 0, nil, ctx.Err()
			}
			lastErr = err
			if !idempotent && !refused(err) {
				// The node may have received it: report, never resend.
				return 0, nil, fmt.Errorf("%w: %v", ErrUnavailable, err)
			}
		}
	}
	return 0, nil, fmt.Errorf("%w: %v", ErrUnavailable, lastErr)
}

func (c *Client) once(ctx context.Context, method, url string, body []byte) (int, []byte, error) {
	ctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, url, rd)
	if err != nil {
		return 0, nil, err
	}
	req.Header.Set("Accept", "application/json")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := c.http.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer res.Body.Close()
	data, err := io.ReadAll(io.LimitReader(res.Body, 32<<20))
	if err != nil {
		return 0, nil, err
	}
	return res.StatusCode, data, nil
}

func refused(err error) bool { return errors.Is(err, syscall.ECONNREFUSED) }

// get decodes a 2xx JSON answer into out; a non-2xx answer becomes a *NodeError.
func (c *Client) get(ctx context.Context, path string, out any) (int, error) {
	return c.do(ctx, http.MethodGet, path, nil, true, out)
}

func (c *Client) do(ctx context.Context, method, path string, in any, idempotent bool, out any) (int, error) {
	var body []byte
	if method == http.MethodPost {
		if in == nil {
			return 0, ErrNoBody
		}
		var err error
		if body, err = json.Marshal(in); err != nil {
			return 0, fmt.Errorf("supra: encode request: %w", err)
		}
	}
	status, data, err := c.call(ctx, method, path, body, idempotent)
	if err != nil {
		return 0, err
	}
	if status < 200 || status > 299 {
		ne := &NodeError{Status: status}
		var eb ErrorResponse
		if json.Unmarshal(data, &eb) == nil && (eb.Message != "" || eb.ErrorCode != "") {
			ne.Code, ne.Message, ne.VMErrCode = eb.ErrorCode, eb.Message, eb.VMErrorCode
		} else {
			ne.Message = strings.TrimSpace(string(data))
		}
		return status, ne
	}
	if out != nil && len(data) > 0 {
		if err := json.Unmarshal(data, out); err != nil {
			return status, fmt.Errorf("supra: decode %s %s: %w", method, path, err)
		}
	}
	return status, nil
}

// ChainID reads the chain id.
func (c *Client) ChainID(ctx context.Context) (uint8, error) {
	var id uint8
	_, err := c.get(ctx, "/rpc/v1/transactions/chain_id", &id)
	return id, err
}

// GasPrice reads the gas price estimate.
func (c *Client) GasPrice(ctx context.Context) (GasPrice, error) {
	var g GasPrice
	_, err := c.get(ctx, "/rpc/v1/transactions/estimate_gas_price", &g)
	return g, err
}

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
	_, err := c.do(ctx, http.MethodPost, "/rpc/v1/transactions/submit", body, false, &hash)
	return hash, err
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

// App-level transaction statuses (doc 1 §4).
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
// never knew the transaction, status Pending and ErrTxNotFound.
func (c *Client) WaitForTransaction(ctx context.Context, hash string) (*TransactionInfo, string, error) {
	interval := 50 * time.Millisecond
	var last *TransactionInfo
	for {
		tx, err := c.Transaction(ctx, hash)
		if err != nil && !errors.Is(err, ErrTxNotFound) && ctx.Err() == nil {
			return nil, "", err
		}
		if tx != nil {
			last = tx
		}
		if st := AppStatus(last); st != TxPending {
			return last, st, nil
		}
		select {
		case <-ctx.Done():
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

func query(q url.Values) string {
	if len(q) == 0 {
		return ""
	}
	return "?" + q.Encode()
}
