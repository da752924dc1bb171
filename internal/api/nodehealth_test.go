package api_test

import (
	"encoding/json"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/luckycoin/lucky/internal/api"
)

// /healthz says whether the node answers, with the time of its last answer; the index is
// caught up only against a head read within the poll budget; /readyz is 503 once the node
// has not answered for longer than the readiness bound, and 200 again when it does.
func TestHealthKnowsTheNode(t *testing.T) {
	now := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	ago := func(d time.Duration) time.Time { return now.Add(-d) }
	index := &api.IndexHealth{Indexed: 100, Head: 100}
	for _, tc := range []struct {
		name        string
		node        api.NodeHealth
		reachable   bool
		lastAnswer  string // "" for null
		caughtUp    bool
		unreachable int64
		readyCode   int
	}{
		{"answering", api.NodeHealth{LastAnswer: ago(time.Second), HeadRead: ago(time.Second), Since: ago(time.Hour)},
			true, "2026-11-28T11:59:59Z", true, 0, 200},
		{"answering, head read long ago (a backfill)", api.NodeHealth{LastAnswer: ago(time.Second), HeadRead: ago(time.Minute), Since: ago(time.Hour)},
			true, "2026-11-28T11:59:59Z", false, 0, 200},
		{"silent within the budget", api.NodeHealth{LastAnswer: ago(api.NodePollBudget), HeadRead: ago(api.NodePollBudget), Since: ago(time.Hour)},
			true, "2026-11-28T11:59:55Z", true, 0, 200},
		{"silent past the budget", api.NodeHealth{LastAnswer: ago(6 * time.Second), HeadRead: ago(6 * time.Second), Since: ago(time.Hour)},
			false, "2026-11-28T11:59:54Z", false, 6, 200},
		{"silent past the readiness bound", api.NodeHealth{LastAnswer: ago(31 * time.Second), HeadRead: ago(31 * time.Second), Since: ago(time.Hour)},
			false, "2026-11-28T11:59:29Z", false, 31, 503},
		{"never answered, just started", api.NodeHealth{Since: ago(2 * time.Second)}, false, "", false, 2, 200},
		{"never answered since the start", api.NodeHealth{Since: ago(40 * time.Second)}, false, "", false, 40, 503},
		{"a shorter readiness bound", api.NodeHealth{LastAnswer: ago(8 * time.Second), HeadRead: ago(8 * time.Second), Since: ago(time.Hour), UnreadyAfter: 7 * time.Second},
			false, "2026-11-28T11:59:52Z", false, 8, 503},
	} {
		t.Run(tc.name, func(t *testing.T) {
			node := tc.node
			node.Now = now
			h := func() api.Health { return api.Health{Index: index, Node: &node} }
			res := serve(api.Healthz("devnet", h), "/healthz")
			var body struct {
				Index struct {
					CaughtUp bool `json:"caughtUp"`
				} `json:"index"`
				Node struct {
					Reachable          bool    `json:"reachable"`
					LastAnswerAt       *string `json:"lastAnswerAt"`
					UnreachableSeconds int64   `json:"unreachableSeconds"`
				} `json:"node"`
			}
			if err := json.NewDecoder(res.Body).Decode(&body); err != nil || res.StatusCode != 200 {
				t.Fatalf("/healthz %d %v", res.StatusCode, err)
			}
			last := ""
			if body.Node.LastAnswerAt != nil {
				last = *body.Node.LastAnswerAt
			}
			if body.Node.Reachable != tc.reachable || last != tc.lastAnswer || body.Index.CaughtUp != tc.caughtUp ||
				body.Node.UnreachableSeconds != tc.unreachable {
				t.Fatalf("/healthz %+v", body)
			}
			res = serve(api.Readyz("devnet", h), "/readyz")
			b, _ := io.ReadAll(res.Body)
			if res.StatusCode != tc.readyCode {
				t.Fatalf("/readyz %d %s", res.StatusCode, b)
			}
			if tc.readyCode == 503 && !strings.Contains(string(b), `"code":"node_unavailable"`) {
				t.Fatalf("/readyz body %s", b)
			}
		})
	}
}
