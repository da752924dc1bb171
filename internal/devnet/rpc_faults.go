package devnet

import (
	"math/rand/v2"
	"net/http"
	"sync"
	"time"
)

// faults is latency and error-rate injection for the RPC, /rpc/v1 and /rpc/v3 (tests of
// slow or failing nodes).
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

// SetFaults sets what POST /devnet/faults sets, for a test that drives the node
// in-process: latency before every RPC answer, and the share of requests (percent)
// answered with errorStatus (0: 503).
func (n *Node) SetFaults(latency time.Duration, errorRatePercent, errorStatus int) {
	n.faults.set(faultConfig{LatencyMS: int(latency / time.Millisecond), ErrorRate: errorRatePercent, ErrorStatus: errorStatus})
}
