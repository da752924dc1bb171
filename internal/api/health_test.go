package api_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/luckycoin/lucky/internal/api"
)

// /healthz answers 200 while the process serves, naming its roles and its index's lag;
// /readyz answers 200 only once the index is within ReadyLag blocks of the head.
func TestHealthAndReadiness(t *testing.T) {
	for _, tc := range []struct {
		name      string
		health    api.Health
		readyCode int
		roles     string
		index     string
	}{
		{"no index, no roles", api.Health{}, 200, `[]`, `null`},
		{"both roles, caught up", api.Health{Roles: []string{"ingester", "bots"}, Index: &api.IndexHealth{Indexed: 100, Head: 100}}, 200,
			`["ingester","bots"]`, `{"indexedHeight":"100","headHeight":"100","behind":"0","caughtUp":true,"quarantined":0,"backfill":null}`},
		{"within a window", api.Health{Index: &api.IndexHealth{Indexed: 90, Head: 100}}, 200,
			`[]`, `{"indexedHeight":"90","headHeight":"100","behind":"10","caughtUp":true,"quarantined":0,"backfill":null}`},
		{"catching up", api.Health{Roles: []string{"ingester"}, Index: &api.IndexHealth{Indexed: 89, Head: 100,
			Backfill: &api.Backfill{BlocksPerSec: 1520.4, EventsPerSec: 20.6, ETASeconds: 0.2}}}, 503, `["ingester"]`,
			`{"indexedHeight":"89","headHeight":"100","behind":"11","caughtUp":false,"quarantined":0,"backfill":{"blocksPerSecond":1520,"eventsPerSecond":21,"etaSeconds":1}}`},
		{"catching up, no block in yet", api.Health{Roles: []string{"ingester"}, Index: &api.IndexHealth{Indexed: 0, Head: 4024,
			Backfill: &api.Backfill{}}}, 503, `["ingester"]`,
			`{"indexedHeight":"0","headHeight":"4024","behind":"4024","caughtUp":false,"quarantined":0,"backfill":{"blocksPerSecond":0,"eventsPerSecond":0,"etaSeconds":null}}`},
		{"events quarantined", api.Health{Index: &api.IndexHealth{Indexed: 100, Head: 100, Quarantined: 2}}, 200,
			`[]`, `{"indexedHeight":"100","headHeight":"100","behind":"0","caughtUp":true,"quarantined":2,"backfill":null}`},
		{"index past the head last read", api.Health{Index: &api.IndexHealth{Indexed: 101, Head: 100}}, 200,
			`[]`, `{"indexedHeight":"101","headHeight":"100","behind":"0","caughtUp":true,"quarantined":0,"backfill":null}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := func() api.Health { return tc.health }
			res := serve(api.Healthz("devnet", h), "/healthz")
			var body struct {
				Status, Network string
				Roles, Index    json.RawMessage
			}
			if err := json.NewDecoder(res.Body).Decode(&body); err != nil || res.StatusCode != 200 {
				t.Fatalf("/healthz %d %v", res.StatusCode, err)
			}
			if body.Status != "ok" || body.Network != "devnet" || string(body.Roles) != tc.roles || string(body.Index) != tc.index {
				t.Fatalf("/healthz %+v", body)
			}
			res = serve(api.Readyz("devnet", h), "/readyz")
			b, _ := io.ReadAll(res.Body)
			if res.StatusCode != tc.readyCode {
				t.Fatalf("/readyz %d %s", res.StatusCode, b)
			}
			if tc.readyCode == 503 {
				want := fmt.Sprintf(`{"error":{"code":"catching_up","message":"The index is catching up: block %d of %d."}}`+"\n",
					tc.health.Index.Indexed, tc.health.Index.Head)
				if string(b) != want {
					t.Fatalf("/readyz body %s", b)
				}
			}
		})
	}
}

func serve(h http.HandlerFunc, path string) *http.Response {
	rec := httptest.NewRecorder()
	h(rec, httptest.NewRequest("GET", path, nil))
	return rec.Result()
}
