package devnet

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/luckycoin/lucky/internal/supra"
)

// adminError writes the admin error shape {"error":{"code","message"}}.
func adminError(w http.ResponseWriter, status int, code, msg string) {
	writeJSON(w, status, map[string]any{"error": map[string]string{"code": code, "message": msg}})
}

// readAdminBody decodes an optional JSON body into v (empty body = zero value).
func readAdminBody(w http.ResponseWriter, r *http.Request, v any) bool {
	b, ok := readAdminBytes(w, r)
	if !ok {
		return false
	}
	if len(bytes.TrimSpace(b)) == 0 {
		return true
	}
	if err := json.Unmarshal(b, v); err != nil {
		adminError(w, http.StatusBadRequest, "invalid_body", err.Error())
		return false
	}
	return true
}

// MaxStateBytes bounds POST /devnet/state; other admin bodies are bounded by maxBodyBytes.
const MaxStateBytes = 64 << 20

// readAdminBytes reads an admin body of at most maxBodyBytes; a longer one is refused
// whole (413) rather than cut short and misread.
func readAdminBytes(w http.ResponseWriter, r *http.Request) ([]byte, bool) {
	b, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBodyBytes))
	var tooLarge *http.MaxBytesError
	switch {
	case errors.As(err, &tooLarge):
		adminError(w, http.StatusRequestEntityTooLarge, "body_too_large", fmt.Sprintf("request body over %d bytes", maxBodyBytes))
		return nil, false
	case err != nil:
		adminError(w, http.StatusBadRequest, "invalid_body", err.Error())
		return nil, false
	}
	return b, true
}

// devAccountJSON is one entry of GET /devnet/accounts.
type devAccountJSON struct {
	Index      int    `json:"index"`
	Address    string `json:"address"`
	PublicKey  string `json:"publicKey"`
	PrivateKey string `json:"privateKey"`
}

func (n *Node) adminMux() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /devnet/accounts", func(w http.ResponseWriter, _ *http.Request) {
		out := make([]devAccountJSON, len(n.dev))
		for i, d := range n.dev {
			out[i] = devAccountJSON{d.Index, d.Address.String(), supra.EncodeHex(d.PublicKey), supra.EncodeHex(d.PrivateKey.Seed())}
		}
		writeJSON(w, http.StatusOK, out)
	})
	mux.HandleFunc("GET /devnet/info", func(w http.ResponseWriter, _ *http.Request) {
		n.mu.RLock()
		defer n.mu.RUnlock()
		writeJSON(w, http.StatusOK, map[string]any{
			"chain_id": ChainID, "height": n.ch.height(), "timestamp_us": n.ch.blockTime().UnixMicro(),
			"seed": n.seed, "block_time_ms": n.opts.BlockTime.Milliseconds(), "min_gas_price": n.opts.MinGasPrice,
			"faucet": n.faucet.Address.String(), "gas_collected": supra.U64(n.ch.st.gasCollected), "minimal_events": n.opts.MinimalEvents,
		})
	})
	mux.HandleFunc("POST /devnet/snapshot", func(w http.ResponseWriter, _ *http.Request) {
		writeJSON(w, http.StatusOK, map[string]uint64{"id": n.Snapshot()})
	})
	mux.HandleFunc("POST /devnet/revert", func(w http.ResponseWriter, r *http.Request) {
		var req struct {
			ID uint64 `json:"id"`
		}
		if !readAdminBody(w, r, &req) {
			return
		}
		if err := n.Revert(req.ID); err != nil {
			adminError(w, http.StatusNotFound, "unknown_snapshot", err.Error())
			return
		}
		writeJSON(w, http.StatusOK, map[string]bool{"reverted": true})
	})
	mux.HandleFunc("POST /devnet/reset", func(w http.ResponseWriter, _ *http.Request) {
		if err := n.Reset(); err != nil {
			adminError(w, http.StatusInternalServerError, "internal_error", err.Error())
			return
		}
		writeJSON(w, http.StatusOK, map[string]bool{"reset": true})
	})
	mux.HandleFunc("POST /devnet/time/advance", func(w http.ResponseWriter, r *http.Request) {
		var req struct {
			Seconds uint64 `json:"seconds"`
		}
		if !readAdminBody(w, r, &req) {
			return
		}
		if req.Seconds > 100*365*24*3600 {
			adminError(w, http.StatusBadRequest, "invalid_body", "seconds: at most 100 years")
			return
		}
		t, err := n.AdvanceTime(time.Duration(req.Seconds) * time.Second)
		if err != nil {
			adminError(w, http.StatusBadRequest, "invalid_body", err.Error())
			return
		}
		writeJSON(w, http.StatusOK, map[string]int64{"timestamp_us": t.UnixMicro()})
	})
	mux.HandleFunc("POST /devnet/mine", func(w http.ResponseWriter, r *http.Request) {
		var req struct {
			Blocks int `json:"blocks"`
		}
		if !readAdminBody(w, r, &req) {
			return
		}
		if req.Blocks <= 0 {
			req.Blocks = 1
		}
		if req.Blocks > 10_000 {
			adminError(w, http.StatusBadRequest, "invalid_body", "blocks: at most 10000")
			return
		}
		writeJSON(w, http.StatusOK, map[string]uint64{"height": n.Mine(req.Blocks)})
	})
	mux.HandleFunc("POST /devnet/balance", func(w http.ResponseWriter, r *http.Request) {
		var req struct {
			Address  string    `json:"address"`
			CoinType string    `json:"coin_type"`
			Amount   supra.U64 `json:"amount"`
		}
		if !readAdminBody(w, r, &req) {
			return
		}
		addr, err := supra.ParseAddress(req.Address)
		if err != nil {
			adminError(w, http.StatusBadRequest, "invalid_address", err.Error())
			return
		}
		if req.CoinType == "" {
			req.CoinType = supra.SupraCoinType
		}
		if err := n.SetBalance(addr, req.CoinType, uint64(req.Amount)); err != nil {
			status, code := http.StatusBadRequest, "invalid_body"
			if errors.Is(err, ErrNotFound) {
				status, code = http.StatusNotFound, "coin_not_found"
			}
			adminError(w, status, code, err.Error())
			return
		}
		writeJSON(w, http.StatusOK, map[string]any{"address": addr.String(), "coin_type": req.CoinType,
			"amount": supra.U64(n.Balance(addr, req.CoinType))})
	})
	mux.HandleFunc("GET /devnet/faults", func(w http.ResponseWriter, _ *http.Request) {
		writeJSON(w, http.StatusOK, n.faults.get())
	})
	mux.HandleFunc("POST /devnet/faults", func(w http.ResponseWriter, r *http.Request) {
		var req faultConfig
		if !readAdminBody(w, r, &req) {
			return
		}
		if req.LatencyMS < 0 || req.LatencyMS > 60_000 || req.ErrorRate < 0 || req.ErrorRate > 100 ||
			(req.ErrorStatus != 0 && (req.ErrorStatus < 400 || req.ErrorStatus > 599)) {
			adminError(w, http.StatusBadRequest, "invalid_body", "latency_ms 0..60000, error_rate_percent 0..100, error_status 400..599")
			return
		}
		n.faults.set(req)
		writeJSON(w, http.StatusOK, n.faults.get())
	})
	mux.HandleFunc("GET /devnet/state", func(w http.ResponseWriter, _ *http.Request) {
		// The dump is streamed: a long chain is hundreds of megabytes of JSON.
		out := &sentWriter{w: w}
		w.Header().Set("Content-Type", "application/json")
		if err := n.DumpState(out); err != nil {
			switch {
			case out.err != nil: // the client is gone: nobody to tell
			case !out.sent:
				adminError(w, http.StatusInternalServerError, "internal_error", err.Error())
			default:
				// Part of a 200 is out: cut the connection, so that the client sees a
				// broken answer rather than a short document that happens to parse.
				n.log.Error("devnet: state dump cut short", "err", err)
				panic(http.ErrAbortHandler)
			}
		}
	})
	mux.HandleFunc("POST /devnet/state", func(w http.ResponseWriter, r *http.Request) {
		var err error
		if r.ContentLength > MaxStateBytes {
			// Refused before reading a byte; a body of unknown length is cut at the limit.
			err = &http.MaxBytesError{Limit: MaxStateBytes}
		} else {
			err = n.LoadState(http.MaxBytesReader(w, r.Body, MaxStateBytes))
		}
		var tooLarge *http.MaxBytesError
		switch {
		case errors.As(err, &tooLarge):
			adminError(w, http.StatusRequestEntityTooLarge, "body_too_large",
				fmt.Sprintf("%v: at most %d MiB", ErrStateTooLarge, MaxStateBytes>>20))
			return
		case err != nil:
			adminError(w, http.StatusBadRequest, "invalid_state", err.Error())
			return
		}
		writeJSON(w, http.StatusOK, map[string]bool{"loaded": true})
	})
	mux.HandleFunc("POST /devnet/events", n.injectHandler)
	for key, route := range n.admin {
		mux.HandleFunc(route.Method+" /devnet/"+route.Path, n.moduleAdminHandler(key, route))
	}
	mux.HandleFunc("/devnet/", func(w http.ResponseWriter, _ *http.Request) {
		adminError(w, http.StatusNotFound, "not_found", "unknown devnet endpoint")
	})
	return mux
}

// moduleAdminHandler runs a module's admin route on an overlay committed on success.
func (n *Node) moduleAdminHandler(key string, route AdminRoute) http.HandlerFunc {
	var mod supra.ModuleID
	for _, m := range n.order {
		if am, ok := m.(AdminModule); ok {
			for _, r := range am.AdminRoutes() {
				if r.Method+" "+r.Path == key {
					mod = m.ID()
				}
			}
		}
	}
	return func(w http.ResponseWriter, r *http.Request) {
		body, ok := readAdminBytes(w, r)
		if !ok {
			return
		}
		n.mu.Lock()
		ex := n.newExec(n.ch, mod.Address, mod, 0)
		var res any
		err := safeCall(func() error {
			var e error
			res, e = route.Handle(ex, body)
			return e
		})
		if err == nil {
			ex.ov.commit()
		}
		n.mu.Unlock()
		if err != nil {
			var ae *AdminError
			if errors.As(err, &ae) {
				adminError(w, ae.Status, ae.Code, ae.Message)
				return
			}
			adminError(w, http.StatusBadRequest, "module_error", err.Error())
			return
		}
		writeJSON(w, http.StatusOK, res)
	}
}

// sentWriter records whether anything was written through it, and the first write error.
type sentWriter struct {
	w    io.Writer
	sent bool
	err  error
}

func (s *sentWriter) Write(p []byte) (int, error) {
	s.sent = true
	n, err := s.w.Write(p)
	if s.err == nil {
		s.err = err
	}
	return n, err
}
