package devnet

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/luckycoin/lucky/internal/supra"
)

const (
	maxBodyBytes     = 1 << 20
	defaultPageCount = 15
	maxPageCount     = 100
	maxEventBlocks   = supra.MaxEventBlocks
	faucetMaxGas     = 2_000
	faucetExpirySecs = 300
	maxTxTTLSeconds  = 7200
)

// Handler serves RPC v1 under /rpc/v1/ and the admin API under /devnet/. Every other
// path is 404. Panics are recovered per request.
func (n *Node) Handler() http.Handler {
	rpc := http.NewServeMux()
	rpc.HandleFunc("GET /rpc/v1/transactions/chain_id", n.chainIDHandler)
	rpc.HandleFunc("GET /rpc/v1/transactions/estimate_gas_price", n.gasPriceHandler)
	rpc.HandleFunc("GET /rpc/v1/transactions/parameters", n.txParametersHandler)
	rpc.HandleFunc("GET /rpc/v1/transactions/{hash}", n.transactionHandler)
	rpc.HandleFunc("POST /rpc/v1/transactions/submit", n.submitHandler)
	rpc.HandleFunc("POST /rpc/v1/transactions/simulate", n.simulateHandler)
	rpc.HandleFunc("GET /rpc/v1/wallet/faucet/{address}", n.faucetHandler)
	rpc.HandleFunc("GET /rpc/v1/accounts/{address}", n.accountHandler)
	rpc.HandleFunc("GET /rpc/v1/accounts/{address}/resources", n.resourcesHandler)
	rpc.HandleFunc("GET /rpc/v1/accounts/{address}/resources/{type}", n.resourceHandler)
	rpc.HandleFunc("GET /rpc/v1/accounts/{address}/modules/{name}", n.moduleHandler)
	rpc.HandleFunc("GET /rpc/v1/accounts/{address}/transactions", n.accountTxsHandler)
	rpc.HandleFunc("GET /rpc/v1/accounts/{address}/coin_transactions", n.coinTxsHandler)
	rpc.HandleFunc("POST /rpc/v1/view", n.viewHandler)
	rpc.HandleFunc("POST /rpc/v1/tables/{handle}/item", n.tableItemHandler)
	rpc.HandleFunc("GET /rpc/v1/block", n.latestBlockHandler)
	rpc.HandleFunc("GET /rpc/v1/block/height/{height}", n.blockByHeightHandler)
	rpc.HandleFunc("GET /rpc/v1/events/{type}", n.eventsHandler)
	rpc.HandleFunc("/rpc/v1/", func(w http.ResponseWriter, r *http.Request) {
		rpcError(w, http.StatusNotFound, "web_framework_error", "Invalid URL, Path Not Found")
	})

	mux := http.NewServeMux()
	mux.Handle("/rpc/v1/", n.faultMiddleware(rpc))
	mux.Handle("/devnet/", n.adminMux())
	return recoverMiddleware(n, mux)
}

func recoverMiddleware(n *Node, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				n.log.Error("devnet: panic in handler", "method", r.Method, "path", r.URL.Path, "panic", fmt.Sprint(v))
				rpcError(w, http.StatusInternalServerError, "internal_error", "internal error")
			}
		}()
		next.ServeHTTP(w, r)
	})
}

// faults is latency and error-rate injection for /rpc/v1 (tests of slow or failing nodes).
type faults struct {
	mu          sync.Mutex
	LatencyMS   int `json:"latency_ms"`
	ErrorRate   int `json:"error_rate_percent"` // 0..100 of requests answered with ErrorStatus
	ErrorStatus int `json:"error_status"`       // default 503
	rng         *rand.Rand
}

type faultConfig struct {
	LatencyMS   int `json:"latency_ms"`
	ErrorRate   int `json:"error_rate_percent"`
	ErrorStatus int `json:"error_status"`
}

func (f *faults) get() faultConfig {
	f.mu.Lock()
	defer f.mu.Unlock()
	return faultConfig{f.LatencyMS, f.ErrorRate, f.ErrorStatus}
}

func (f *faults) set(c faultConfig) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.LatencyMS, f.ErrorRate, f.ErrorStatus = c.LatencyMS, c.ErrorRate, c.ErrorStatus
}

// fail decides whether this request fails.
func (f *faults) fail() (bool, int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.ErrorRate <= 0 {
		return false, 0
	}
	if f.rng == nil {
		f.rng = rand.New(rand.NewPCG(7, 11))
	}
	st := f.ErrorStatus
	if st == 0 {
		st = http.StatusServiceUnavailable
	}
	return f.rng.IntN(100) < f.ErrorRate, st
}

func (n *Node) faultMiddleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		cfg := n.faults.get()
		if cfg.LatencyMS > 0 {
			t := time.NewTimer(time.Duration(cfg.LatencyMS) * time.Millisecond)
			select {
			case <-r.Context().Done():
				t.Stop()
				return
			case <-t.C:
			}
		}
		if fail, status := n.faults.fail(); fail {
			if status == http.StatusTooManyRequests {
				w.Header().Set("Retry-After", "1")
			}
			rpcError(w, status, "internal_error", "injected fault (devnet /devnet/faults)")
			return
		}
		next.ServeHTTP(w, r)
	})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	// The node (serde) does not HTML-escape '<' and '>' in type strings; neither do we.
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	b := buf.Bytes()
	if err := enc.Encode(v); err != nil {
		status = http.StatusInternalServerError
		b = []byte(`{"message":"internal error","error_code":"internal_error"}`)
	} else {
		b = bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	w.Write(b)
}

func rpcError(w http.ResponseWriter, status int, code, msg string) {
	writeJSON(w, status, supra.ErrorResponse{Message: msg, ErrorCode: code})
}

func pathAddress(w http.ResponseWriter, r *http.Request) (supra.Address, bool) {
	a, err := supra.ParseAddress(r.PathValue("address"))
	if err != nil {
		rpcError(w, http.StatusBadRequest, "invalid_input", err.Error())
		return a, false
	}
	return a, true
}

func queryUint(r *http.Request, name string, def uint64) (uint64, error) {
	s := r.URL.Query().Get(name)
	if s == "" {
		return def, nil
	}
	v, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("%s: Invalid number string. %q", name, s)
	}
	return v, nil
}

func pageCount(r *http.Request) (int, error) {
	c, err := queryUint(r, "count", defaultPageCount)
	if err != nil {
		return 0, err
	}
	if c == 0 {
		c = defaultPageCount
	}
	return int(min(c, maxPageCount)), nil
}

func (n *Node) chainIDHandler(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusOK, ChainID)
}

func (n *Node) gasPriceHandler(w http.ResponseWriter, _ *http.Request) {
	p := n.opts.MinGasPrice
	writeJSON(w, http.StatusOK, supra.GasPrice{MeanGasPrice: p, MaxGasPrice: p, MedianGasPrice: p})
}

func (n *Node) txParametersHandler(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusOK, map[string]uint64{"max_transaction_time_to_live_seconds": maxTxTTLSeconds})
}

func parseHash(s string) ([32]byte, error) {
	var h [32]byte
	b, err := supra.DecodeHex(s)
	if err != nil || len(b) != 32 {
		return h, fmt.Errorf("invalid transaction hash %q", s)
	}
	copy(h[:], b)
	return h, nil
}

func (n *Node) transactionHandler(w http.ResponseWriter, r *http.Request) {
	h, err := parseHash(r.PathValue("hash"))
	if err != nil {
		rpcError(w, http.StatusBadRequest, "invalid_input", err.Error())
		return
	}
	n.mu.RLock()
	i, ok := n.ch.txByHash[h]
	var ti supra.TransactionInfo
	if ok {
		ti = n.ch.info(n.ch.txs[i])
	}
	n.mu.RUnlock()
	if !ok {
		writeJSON(w, http.StatusOK, nil) // the node answers null for unknown hashes
		return
	}
	writeJSON(w, http.StatusOK, ti)
}

func decodeSubmit(w http.ResponseWriter, r *http.Request) (*supra.SignedTransaction, bool) {
	var body supra.SubmitBody
	dec := json.NewDecoder(io.LimitReader(r.Body, maxBodyBytes))
	if err := dec.Decode(&body); err != nil {
		rpcError(w, http.StatusBadRequest, "invalid_input", "invalid transaction body: "+err.Error())
		return nil, false
	}
	tx, err := body.SignedTransaction()
	if err != nil {
		rpcError(w, http.StatusBadRequest, "invalid_input", err.Error())
		return nil, false
	}
	return tx, true
}

func writeReject(w http.ResponseWriter, err error) {
	var rej *RejectError
	if errors.As(err, &rej) {
		rpcError(w, http.StatusBadRequest, rej.ErrorCode, rej.Error())
		return
	}
	if errors.Is(err, supra.ErrInvalidTransaction) {
		rpcError(w, http.StatusBadRequest, "invalid_input", err.Error())
		return
	}
	rpcError(w, http.StatusInternalServerError, "internal_error", "internal error")
}

func (n *Node) submitHandler(w http.ResponseWriter, r *http.Request) {
	tx, ok := decodeSubmit(w, r)
	if !ok {
		return
	}
	h, err := n.Submit(tx)
	if err != nil {
		writeReject(w, err)
		return
	}
	writeJSON(w, http.StatusOK, supra.EncodeHex(h[:]))
}

func (n *Node) simulateHandler(w http.ResponseWriter, r *http.Request) {
	tx, ok := decodeSubmit(w, r)
	if !ok {
		return
	}
	ti, err := n.Simulate(tx)
	if err != nil {
		var rej *RejectError
		if errors.As(err, &rej) {
			// A transaction the prologue rejects simulates as Invalid with that status.
			writeJSON(w, http.StatusOK, supra.TransactionInfo{
				Hash:   "0x" + strings.Repeat("0", 64),
				Status: supra.StatusInvalid,
				Output: &supra.TxOutput{Move: supra.MoveOutput{Events: []supra.Event{}, VMStatus: rej.VMStatus}},
			})
			return
		}
		writeReject(w, err)
		return
	}
	writeJSON(w, http.StatusOK, ti)
}

// Faucet funds addr with FaucetAmount SUPRA through a real supra_account::transfer signed
// by the faucet account, and returns the transaction hash.
func (n *Node) Faucet(addr supra.Address) ([32]byte, error) {
	n.mu.RLock()
	seq := n.ch.st.accounts[n.faucet.Address].SequenceNumber
	expiry := uint64(n.ch.blockTime().Unix()) + faucetExpirySecs
	n.mu.RUnlock()
	raw := &supra.RawTransaction{
		Sender:         n.faucet.Address,
		SequenceNumber: seq,
		Payload: supra.EntryFunction{
			Module:   supra.ModuleID{Address: supra.FrameworkAddress, Name: "supra_account"},
			Function: "transfer",
			Args:     [][]byte{addr[:], leU64(n.opts.FaucetAmount)},
		},
		MaxGasAmount:            faucetMaxGas,
		GasUnitPrice:            n.opts.MinGasPrice,
		ExpirationTimestampSecs: expiry,
		ChainID:                 ChainID,
	}
	tx, err := supra.Sign(raw, n.faucet.PrivateKey)
	if err != nil {
		return [32]byte{}, err
	}
	return n.Submit(tx)
}

func leU64(v uint64) []byte {
	b := make([]byte, 8)
	for i := 0; i < 8; i++ {
		b[i] = byte(v >> (8 * i))
	}
	return b
}

func (n *Node) faucetHandler(w http.ResponseWriter, r *http.Request) {
	addr, ok := pathAddress(w, r)
	if !ok {
		return
	}
	var h [32]byte
	var err error
	// Concurrent faucet calls can race for the faucet's sequence number; retry.
	for range 5 {
		h, err = n.Faucet(addr)
		var rej *RejectError
		if !errors.As(err, &rej) || !strings.HasPrefix(rej.VMStatus, "SEQUENCE_NUMBER") {
			break
		}
	}
	if err != nil {
		writeReject(w, err)
		return
	}
	writeJSON(w, http.StatusOK, supra.FaucetResponse{Accepted: supra.EncodeHex(h[:])})
}

func (n *Node) accountHandler(w http.ResponseWriter, r *http.Request) {
	addr, ok := pathAddress(w, r)
	if !ok {
		return
	}
	n.mu.RLock()
	a, exists := n.ch.st.accounts[addr]
	n.mu.RUnlock()
	if !exists {
		writeJSON(w, http.StatusOK, nil)
		return
	}
	writeJSON(w, http.StatusOK, supra.AccountInfo{SequenceNumber: a.SequenceNumber, AuthenticationKey: a.AuthKey.String()})
}

// resourceEntries lists addr's resources (type string → JSON value) under the read lock.
func (n *Node) resourceEntries(addr supra.Address) map[string]json.RawMessage {
	st := n.ch.st
	out := map[string]json.RawMessage{}
	if a, ok := st.accounts[addr]; ok {
		out["0x1::account::Account"] = accountResource(addr, a)
	}
	for k, v := range st.coins {
		if k.Addr == addr {
			out["0x1::coin::CoinStore<"+k.Coin+">"] = coinStoreResource(addr, v)
		}
	}
	for t, info := range st.coinInfos {
		if st, err := supra.ParseStructTag(t); err == nil && st.Address == addr {
			out["0x1::coin::CoinInfo<"+t+">"] = coinInfoResource(info)
		}
	}
	for k, v := range st.resources {
		if k.Addr == addr {
			out[k.Type] = v
		}
	}
	return out
}

type eventHandle struct {
	Counter supra.U64 `json:"counter"`
	GUID    struct {
		ID struct {
			Addr        string    `json:"addr"`
			CreationNum supra.U64 `json:"creation_num"`
		} `json:"id"`
	} `json:"guid"`
}

func newHandle(addr supra.Address, num uint64) eventHandle {
	var h eventHandle
	h.GUID.ID.Addr = addr.String()
	h.GUID.ID.CreationNum = supra.U64(num)
	return h
}

type optionEmpty struct {
	Vec []any `json:"vec"`
}

func accountResource(addr supra.Address, a accountState) json.RawMessage {
	v := map[string]any{
		"authentication_key":        a.AuthKey.String(),
		"coin_register_events":      newHandle(addr, 0),
		"guid_creation_num":         supra.U64(4),
		"key_rotation_events":       newHandle(addr, 1),
		"rotation_capability_offer": map[string]any{"for": optionEmpty{Vec: []any{}}},
		"sequence_number":           supra.U64(a.SequenceNumber),
		"signer_capability_offer":   map[string]any{"for": optionEmpty{Vec: []any{}}},
	}
	b, _ := json.Marshal(v)
	return b
}

func coinStoreResource(addr supra.Address, value uint64) json.RawMessage {
	v := map[string]any{
		"coin":            map[string]any{"value": supra.U64(value)},
		"deposit_events":  newHandle(addr, 2),
		"frozen":          false,
		"withdraw_events": newHandle(addr, 3),
	}
	b, _ := json.Marshal(v)
	return b
}

func coinInfoResource(info CoinInfo) json.RawMessage {
	// Aptos shape: supply is Option<OptionalAggregator>.
	supply := map[string]any{"vec": []any{map[string]any{
		"aggregator": optionEmpty{Vec: []any{}},
		"integer": map[string]any{"vec": []any{map[string]any{
			"limit": "340282366920938463463374607431768211455",
			"value": supra.U64(info.Supply),
		}}},
	}}}
	b, _ := json.Marshal(map[string]any{"decimals": info.Decimals, "name": info.Name, "supply": supply, "symbol": info.Symbol})
	return b
}

// resourcesHandler pages through an account's resource types sorted by type string. The
// cursor is opaque (hex of the last type returned); "" means no more pages.
func (n *Node) resourcesHandler(w http.ResponseWriter, r *http.Request) {
	addr, ok := pathAddress(w, r)
	if !ok {
		return
	}
	count, err := pageCount(r)
	if err != nil {
		rpcError(w, http.StatusBadRequest, "invalid_input", err.Error())
		return
	}
	after := ""
	if s := r.URL.Query().Get("start"); s != "" {
		b, err := hex.DecodeString(strings.TrimPrefix(s, "0x"))
		if err != nil {
			rpcError(w, http.StatusBadRequest, "invalid_input", "invalid cursor")
			return
		}
		after = string(b)
	}
	n.mu.RLock()
	entries := n.resourceEntries(addr)
	n.mu.RUnlock()
	types := make([]string, 0, len(entries))
	for t := range entries {
		if t > after {
			types = append(types, t)
		}
	}
	sort.Strings(types)
	page := supra.ResourcePage{Resource: []supra.ResourceEntry{}}
	for _, t := range types {
		if len(page.Resource) == count {
			page.Cursor = hex.EncodeToString([]byte(page.Resource[len(page.Resource)-1].Type))
			break
		}
		st, err := supra.ParseStructTag(t)
		if err != nil {
			continue
		}
		page.Resource = append(page.Resource, supra.ResourceEntry{Type: t, Tag: st})
	}
	writeJSON(w, http.StatusOK, supra.ResourceList{Resources: page})
}

func (n *Node) resourceHandler(w http.ResponseWriter, r *http.Request) {
	addr, ok := pathAddress(w, r)
	if !ok {
		return
	}
	t, err := supra.NormalizeTypeString(r.PathValue("type"))
	if err != nil {
		rpcError(w, http.StatusBadRequest, "invalid_input", err.Error())
		return
	}
	n.mu.RLock()
	v, found := n.resourceEntries(addr)[t]
	n.mu.RUnlock()
	if !found {
		writeJSON(w, http.StatusOK, supra.MoveValueResponse{Result: []json.RawMessage{json.RawMessage("null")}})
		return
	}
	writeJSON(w, http.StatusOK, supra.MoveValueResponse{Result: []json.RawMessage{v}})
}

// abiJSON renders a module ABI in the node's shape (supra.MoveModule, the type
// internal/chain reads it into).
func abiJSON(id supra.ModuleID, abi ABI) supra.MoveModule {
	generic := func(k int) []supra.GenericTypeParam {
		out := make([]supra.GenericTypeParam, k)
		for i := range out {
			out[i] = supra.GenericTypeParam{Constraints: []string{}}
		}
		return out
	}
	nz := func(s []string) []string {
		if s == nil {
			return []string{}
		}
		return s
	}
	m := supra.MoveModule{Address: id.Address.ShortString(), Name: id.Name, Friends: nz(abi.Friends),
		ExposedFunctions: make([]supra.MoveFunction, 0, len(abi.Functions)), Structs: make([]supra.MoveStruct, 0, len(abi.Structs))}
	for _, f := range abi.Functions {
		vis := f.Visibility
		if vis == "" {
			vis = "public"
		}
		m.ExposedFunctions = append(m.ExposedFunctions, supra.MoveFunction{Name: f.Name, Visibility: vis, IsEntry: f.IsEntry,
			IsView: f.IsView, GenericTypeParams: generic(f.GenericTypeParams), Params: nz(f.Params), Return: nz(f.Return)})
	}
	for _, s := range abi.Structs {
		fields := make([]supra.MoveField, 0, len(s.Fields))
		for _, f := range s.Fields {
			fields = append(fields, supra.MoveField{Name: f.Name, Type: f.Type})
		}
		m.Structs = append(m.Structs, supra.MoveStruct{Name: s.Name, Abilities: nz(s.Abilities),
			GenericTypeParams: generic(s.GenericTypeParams), Fields: fields})
	}
	return m
}

func (n *Node) moduleHandler(w http.ResponseWriter, r *http.Request) {
	addr, ok := pathAddress(w, r)
	if !ok {
		return
	}
	id := supra.ModuleID{Address: addr, Name: r.PathValue("name")}
	m, found := n.modules[id]
	if !found {
		rpcError(w, http.StatusNotFound, "module_not_found", "Module not found: "+id.String())
		return
	}
	writeJSON(w, http.StatusOK, abiJSON(id, m.ABI()))
}

// pageRequest reads the account and the count/start paging parameters shared by the
// transaction listings; it answers the error itself and reports false on bad input.
func pageRequest(w http.ResponseWriter, r *http.Request) (addr supra.Address, count int, start uint64, ok bool) {
	if addr, ok = pathAddress(w, r); !ok {
		return
	}
	var err error
	if count, err = pageCount(r); err == nil {
		start, err = queryUint(r, "start", 0)
	}
	if err != nil {
		rpcError(w, http.StatusBadRequest, "invalid_input", err.Error())
		return addr, 0, 0, false
	}
	return addr, count, start, true
}

func (n *Node) accountTxsHandler(w http.ResponseWriter, r *http.Request) {
	addr, count, start, ok := pageRequest(w, r)
	if !ok {
		return
	}
	n.mu.RLock()
	out := supra.AccountTransactions{Record: []supra.TransactionInfo{}}
	for _, i := range n.ch.bySender[addr] {
		rec := n.ch.txs[i]
		if rec.Seq < start || rec.Pending {
			continue
		}
		if len(out.Record) == count {
			break
		}
		out.Record = append(out.Record, n.ch.info(rec))
	}
	n.mu.RUnlock()
	writeJSON(w, http.StatusOK, out)
}

// coinTxsHandler pages through the transactions that changed addr's coin balances; the
// cursor is the index of the next record.
func (n *Node) coinTxsHandler(w http.ResponseWriter, r *http.Request) {
	addr, count, start, ok := pageRequest(w, r)
	if !ok {
		return
	}
	n.mu.RLock()
	list := n.ch.coinTxs[addr]
	out := supra.CoinTransactions{Record: []supra.TransactionInfo{}, Cursor: start}
	for i := start; i < uint64(len(list)) && len(out.Record) < count; i++ {
		rec := n.ch.txs[list[i]]
		if rec.Pending {
			break
		}
		out.Record = append(out.Record, n.ch.info(rec))
		out.Cursor = i + 1
	}
	n.mu.RUnlock()
	writeJSON(w, http.StatusOK, out)
}

// View runs a view function (function "0x1::coin::balance", type argument strings, JSON
// arguments as the node's /view takes them) and returns the JSON results.
func (n *Node) View(function string, typeArgs []string, args []json.RawMessage) ([]json.RawMessage, error) {
	fid, err := supra.ParseFunctionID(function)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrBadArgument, err)
	}
	m, ok := n.modules[fid.Module]
	if !ok {
		return nil, fmt.Errorf("%w: module %s", ErrNotFound, fid.Module)
	}
	fn := findFunction(m.ABI(), fid.Name)
	if fn == nil || !fn.IsView {
		return nil, fmt.Errorf("%w: view function %s", ErrNotFound, fid)
	}
	tys := make([]supra.TypeTag, len(typeArgs))
	for i, s := range typeArgs {
		if tys[i], err = supra.ParseTypeTag(s); err != nil {
			return nil, fmt.Errorf("%w: type argument %d: %v", ErrBadArgument, i, err)
		}
	}
	if len(tys) != fn.GenericTypeParams {
		return nil, fmt.Errorf("%w: NUMBER_OF_TYPE_ARGUMENTS_MISMATCH: %s takes %d", ErrBadArgument, fid, fn.GenericTypeParams)
	}
	if len(args) != fn.argCount() {
		return nil, fmt.Errorf("%w: NUMBER_OF_ARGUMENTS_MISMATCH: %s takes %d", ErrBadArgument, fid, fn.argCount())
	}
	n.mu.RLock()
	ex := n.newExec(n.ch, supra.Address{}, fid.Module, 0)
	ex.readOnly = true
	var res []any
	err = safeCall(func() error {
		var e error
		res, e = m.View(ex, ViewCall{Function: fid.Name, TypeArgs: tys, RawArgs: args})
		return e
	})
	n.mu.RUnlock()
	if err != nil {
		var ab *AbortError
		if errors.As(err, &ab) && ab.Module == (supra.ModuleID{}) {
			ab.Module = fid.Module
		}
		return nil, err
	}
	out := make([]json.RawMessage, len(res))
	for i, v := range res {
		if out[i], err = json.Marshal(v); err != nil {
			return nil, fmt.Errorf("devnet: view %s result %d: %w", fid, i, err)
		}
	}
	return out, nil
}

func (n *Node) viewHandler(w http.ResponseWriter, r *http.Request) {
	var req supra.ViewRequest
	if err := json.NewDecoder(io.LimitReader(r.Body, maxBodyBytes)).Decode(&req); err != nil {
		rpcError(w, http.StatusBadRequest, "invalid_input", "invalid view request: "+err.Error())
		return
	}
	if req.Arguments == nil {
		req.Arguments = []json.RawMessage{}
	}
	res, err := n.View(req.Function, req.TypeArguments, req.Arguments)
	if err != nil {
		var ab *AbortError
		switch {
		case errors.As(err, &ab):
			rpcError(w, http.StatusBadRequest, "vm_error", ab.Error())
		case errors.Is(err, ErrNotFound):
			rpcError(w, http.StatusNotFound, "module_not_found", err.Error())
		case errors.Is(err, ErrBadArgument):
			rpcError(w, http.StatusBadRequest, "invalid_input", err.Error())
		default:
			n.log.Warn("devnet: view failed", "function", req.Function, "err", err)
			rpcError(w, http.StatusBadRequest, "vm_error", err.Error())
		}
		return
	}
	writeJSON(w, http.StatusOK, supra.ViewResponse{Result: res})
}

func (n *Node) tableItemHandler(w http.ResponseWriter, _ *http.Request) {
	// The devnet's modules keep no Move tables.
	rpcError(w, http.StatusNotFound, "table_item_not_found", "Table item not found")
}

func (n *Node) latestBlockHandler(w http.ResponseWriter, _ *http.Request) {
	n.mu.RLock()
	h := n.ch.header(n.ch.blocks[len(n.ch.blocks)-1])
	n.mu.RUnlock()
	writeJSON(w, http.StatusOK, h)
}

func (n *Node) blockByHeightHandler(w http.ResponseWriter, r *http.Request) {
	height, err := strconv.ParseUint(r.PathValue("height"), 10, 64)
	if err != nil {
		rpcError(w, http.StatusBadRequest, "invalid_input", "invalid block height")
		return
	}
	withTxs := r.URL.Query().Get("with_finalized_transactions") == "true"
	n.mu.RLock()
	defer n.mu.RUnlock()
	if height >= uint64(len(n.ch.blocks)) {
		rpcError(w, http.StatusNotFound, "block_not_found", fmt.Sprintf("Block not found: %d", height))
		return
	}
	b := n.ch.blocks[height]
	out := supra.Block{Header: n.ch.header(b), Transactions: []supra.TransactionInfo{}}
	if withTxs {
		for _, i := range b.Txs {
			out.Transactions = append(out.Transactions, n.ch.info(n.ch.txs[i]))
		}
	}
	writeJSON(w, http.StatusOK, out)
}

// eventsHandler returns events of a type in blocks [start, end) (at most 10 blocks, like
// the node). A type without type arguments also matches its generic instances.
func (n *Node) eventsHandler(w http.ResponseWriter, r *http.Request) {
	want, err := supra.NormalizeTypeString(r.PathValue("type"))
	if err != nil {
		rpcError(w, http.StatusBadRequest, "invalid_input", err.Error())
		return
	}
	n.mu.RLock()
	defer n.mu.RUnlock()
	latest := n.ch.height()
	end, err1 := queryUint(r, "end", latest+1)
	start, err2 := queryUint(r, "start", 0)
	if err := errors.Join(err1, err2); err != nil {
		rpcError(w, http.StatusBadRequest, "invalid_input", err.Error())
		return
	}
	if r.URL.Query().Get("start") == "" && end > maxEventBlocks {
		start = end - maxEventBlocks
	}
	if end < start || end-start > maxEventBlocks {
		rpcError(w, http.StatusBadRequest, "invalid_input",
			fmt.Sprintf("Invalid block range [%d, %d): at most %d blocks, end exclusive", start, end, maxEventBlocks))
		return
	}
	end = min(end, latest+1)
	out := supra.EventsResponse{Data: []supra.Event{}}
	for h := start; h < end; h++ {
		for _, i := range n.ch.blocks[h].Txs {
			for _, e := range n.ch.txs[i].Output.Move.Events {
				if e.Type == want || strings.HasPrefix(e.Type, want+"<") {
					out.Data = append(out.Data, e)
				}
			}
		}
	}
	writeJSON(w, http.StatusOK, out)
}
