package api_test

import (
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/luckycoin/lucky/internal/supra"
)

// emptyProxy stands between the app and the node like a misbehaving proxy: while on, it
// answers every /rpc/v1 request with an empty 200.
type emptyProxy struct {
	on   atomic.Bool
	next http.Handler
}

func (p *emptyProxy) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if p.on.Load() && strings.HasPrefix(r.URL.Path, "/rpc/v1/") {
		w.WriteHeader(http.StatusOK)
		return
	}
	p.next.ServeHTTP(w, r)
}

// A node that is slow, failing or answering nothing makes each endpoint answer an error
// in the one shape (504 node_timeout, 502), never a value it did not give: not "Pending"
// for a final transaction, not 404 for a real burn, not "House pot balance is unavailable
// or zero!" for a spin, not a zero balance. Once the node is back, the same requests
// answer the truth again.
func TestNodeFailureIsAnErrorNeverAValue(t *testing.T) {
	t.Parallel()
	proxy := &emptyProxy{}
	// Short client limits keep the test fast; generous enough for a loaded machine.
	e := newEnvOver(t, nil, func(h http.Handler) http.Handler { proxy.next = h; return proxy },
		supra.WithTimeout(500*time.Millisecond), supra.WithBudget(750*time.Millisecond))
	burner := e.addr(0)
	built := e.mustOK("POST", "/api/v1/burn/build", fmt.Sprintf(`{"sender":%q,"token":"LUCKY","amount":"1000"}`, burner))
	hash := e.signSubmit(built["rawTransaction"].(string), e.key(0))
	if st := e.waitTx(hash); st != "Success" {
		t.Fatalf("burn status %s", st)
	}
	luckyBefore := e.balance(burner, "LUCKY")

	requests := []struct{ method, path, body string }{
		{"GET", "/api/v1/tx/" + hash, ""},
		{"GET", "/api/v1/tx/" + hash + "?wait=1s", ""},
		{"GET", "/api/v1/burns/" + hash, ""},
		{"GET", "/api/v1/burns/" + hash + "/certificate.png", ""},
		{"GET", "/api/v1/accounts/" + burner.String() + "/balances", ""},
		{"GET", "/api/v1/accounts/" + burner.String() + "/burns", ""},
		{"GET", "/api/v1/slots/pots", ""},
		{"POST", "/api/v1/slots/spins", spinBody(burner.String(), "LUCKY", "10", 1)},
		{"POST", "/api/v1/burn/build", fmt.Sprintf(`{"sender":%q,"token":"LUCKY","amount":"1"}`, burner)},
		{"GET", "/api/v1/market/lucky?refresh=true", ""},
	}
	faults := []struct {
		name       string
		on, off    func()
		wantStatus int
		wantCode   string
	}{
		{"slower than the client waits", func() { e.node.SetFaults(2*time.Second, 0, 0) }, func() { e.node.SetFaults(0, 0, 0) },
			http.StatusGatewayTimeout, "node_timeout"},
		{"answering 503", func() { e.node.SetFaults(0, 100, 503) }, func() { e.node.SetFaults(0, 0, 0) },
			http.StatusBadGateway, "node_unavailable"},
		{"empty 200 from a proxy", func() { proxy.on.Store(true) }, func() { proxy.on.Store(false) },
			http.StatusBadGateway, "node_unavailable"},
	}
	for _, f := range faults {
		t.Run(f.name, func(t *testing.T) {
			f.on()
			defer f.off()
			for _, rq := range requests {
				rec := e.raw2(rq.method, rq.path, rq.body)
				body := decodeJSON(rec.Body.Bytes())
				if strings.HasPrefix(rq.path, "/api/v1/market/") && rec.Code == http.StatusOK {
					// The builds above priced their fee in USD, so the market holds the node's last
					// figures: it may answer them, said to be stale with their age, never as current.
					if body["stale"] != true || body["ageSeconds"] == nil {
						t.Errorf("%s: 200 without saying stale: %v", rq.path, body)
					}
					continue
				}
				code, msg := errCode(body)
				if rec.Code != f.wantStatus || code != f.wantCode {
					t.Errorf("%s %s: %d %s %q, want %d %s", rq.method, rq.path, rec.Code, code, msg, f.wantStatus, f.wantCode)
				}
			}
		})
	}
	// Back to normal: the truth again.
	if st := e.mustOK("GET", "/api/v1/tx/"+hash, "")["status"]; st != "Success" {
		t.Fatalf("after the fault: status %v", st)
	}
	if b := e.mustOK("GET", "/api/v1/burns/"+hash, ""); b["amount"] != "1000000000" {
		t.Fatalf("after the fault: burn %v", b)
	}
	if got := e.balance(burner, "LUCKY"); got != luckyBefore {
		t.Fatalf("after the fault: LUCKY %s, want %s", got, luckyBefore)
	}
	if _, ok := e.mustOK("POST", "/api/v1/slots/spins", spinBody(burner.String(), "LUCKY", "10", 1))["rawTransaction"].(string); !ok {
		t.Fatal("after the fault: no spin built")
	}
}

// raw2 sends a request with an optional JSON body and returns the recorder.
func (e *env) raw2(method, path, body string) *httptest.ResponseRecorder {
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req := httptest.NewRequest(method, path, rd)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	return e.serve(req)
}

func decodeJSON(b []byte) map[string]any {
	var out map[string]any
	_ = json.Unmarshal(b, &out)
	return out
}

// During an outage the market endpoints answer the last figures the node gave, marked
// stale with their age, instead of an error (or of figures the node did not give); once
// the node is back, fresh figures, not marked.
func TestMarketServedStaleDuringOutage(t *testing.T) {
	t.Parallel()
	e := newEnvOver(t, nil, nil, supra.WithTimeout(time.Second), supra.WithBudget(1500*time.Millisecond))
	paths := []string{"/api/v1/market/lucky", "/api/v1/market/tokens"}
	fresh := map[string]map[string]any{}
	for _, p := range paths {
		fresh[p] = e.mustOK("GET", p, "")
		if fresh[p]["stale"] != false || fresh[p]["ageSeconds"] != nil {
			t.Fatalf("%s fresh: stale %v age %v", p, fresh[p]["stale"], fresh[p]["ageSeconds"])
		}
	}
	time.Sleep(1100 * time.Millisecond) // past the forced refresh's minimum age
	e.node.SetFaults(3*time.Second, 0, 0)
	for _, p := range paths {
		got := e.mustOK("GET", p+"?refresh=true", "")
		age, _ := got["ageSeconds"].(float64)
		if got["stale"] != true || age < 1 || got["updatedAt"] != fresh[p]["updatedAt"] {
			t.Fatalf("%s during the outage: stale %v age %v updatedAt %v (was %v)", p, got["stale"], got["ageSeconds"], got["updatedAt"], fresh[p]["updatedAt"])
		}
		delete(got, "stale")
		delete(got, "ageSeconds")
		want := maps.Clone(fresh[p])
		delete(want, "stale")
		delete(want, "ageSeconds")
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%s during the outage differs from the node's last figures", p)
		}
	}
	e.node.SetFaults(0, 0, 0)
	for _, p := range paths {
		got := e.mustOK("GET", p+"?refresh=true", "")
		if got["stale"] != false || got["updatedAt"] == fresh[p]["updatedAt"] {
			t.Fatalf("%s after the outage: stale %v updatedAt %v", p, got["stale"], got["updatedAt"])
		}
	}
}
