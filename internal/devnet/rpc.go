package devnet

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"

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

// Handler serves RPC v1 under /rpc/v1/, the v3 events query under /rpc/v3/ and the admin
// API under /devnet/. Every other path is 404. Panics are recovered per request.
func (n *Node) Handler() http.Handler {
	rpc := http.NewServeMux()
	rpc.HandleFunc("GET /rpc/v1/transactions/chain_id", n.chainIDHandler)
	rpc.HandleFunc("GET /rpc/v1/transactions/estimate_gas_price", n.gasPriceHandler)
	rpc.HandleFunc("GET /rpc/v3/transactions/estimate_gas_price", n.gasPriceV3Handler)
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
	rpc.HandleFunc("GET /rpc/v3/events/{type}", n.eventsV3Handler)
	notFound := func(w http.ResponseWriter, r *http.Request) {
		rpcError(w, http.StatusNotFound, "web_framework_error", "Invalid URL, Path Not Found")
	}
	rpc.HandleFunc("/rpc/v1/", notFound)
	rpc.HandleFunc("/rpc/v3/", notFound)

	mux := http.NewServeMux()
	mux.Handle("/rpc/v1/", n.faultMiddleware(rpc))
	mux.Handle("/rpc/v3/", n.faultMiddleware(rpc))
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

func writeJSON(w http.ResponseWriter, status int, v any) {
	// The node (serde) does not HTML-escape '<' and '>' in type strings; neither do we.
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	var b []byte
	if err := enc.Encode(v); err != nil {
		status = http.StatusInternalServerError
		b = []byte(`{"message":"internal error","error_code":"internal_error"}`)
	} else {
		b = bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(b) // a client gone mid-answer is not an error here
}

func rpcError(w http.ResponseWriter, status int, code, msg string) {
	writeJSON(w, status, supra.ErrorResponse{Message: msg, ErrorCode: code})
}

// internalError answers a failure of the node itself (an old block it could not read
// back) and logs it: the client can do nothing about it.
func (n *Node) internalError(w http.ResponseWriter, err error) {
	n.log.Error("devnet: request failed", "err", err)
	rpcError(w, http.StatusInternalServerError, "internal_error", "internal error")
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

func parseHash(s string) ([32]byte, error) {
	var h [32]byte
	b, err := supra.DecodeHex(s)
	if err != nil || len(b) != 32 {
		return h, fmt.Errorf("invalid transaction hash %q", s)
	}
	copy(h[:], b)
	return h, nil
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
