package main

import (
	"io"
	"net/http"
	"testing"
	"time"

	"github.com/luckycoin/lucky/internal/api"
)

// With the node stopped (every read of it fails), /healthz says unreachable within the
// poll budget, with the time of the last answer, and the index no longer caught up;
// /readyz turns 503 once the readiness bound has passed, not before; both recover when
// the node answers again. The readiness bound is shortened to 3 s for the test.
func TestHealthFollowsTheNode(t *testing.T) {
	const unreadyAfter = 3 * time.Second
	env := func(k string) string {
		if k == "LUCKY_NODE_UNREADY_AFTER" {
			return unreadyAfter.String()
		}
		return ""
	}
	base, first, _ := startServeEnv(t, env, io.Discard, io.Discard, "/healthz", "--node-timeout", "1s")
	first.Body.Close()
	type health struct {
		Index struct {
			CaughtUp bool `json:"caughtUp"`
		} `json:"index"`
		Node *struct {
			Reachable    bool    `json:"reachable"`
			LastAnswerAt *string `json:"lastAnswerAt"`
		} `json:"node"`
	}
	read := func() health {
		var h health
		mustJSON(t, "GET", base+"/healthz", "", 200, &h)
		if h.Node == nil {
			t.Fatal("/healthz has no node")
		}
		return h
	}
	ready := func() int {
		status, _ := get(t, base+"/readyz")
		return status
	}
	eventually(t, "a reachable node and a caught-up index", 15*time.Second, func() bool {
		h := read()
		return h.Node.Reachable && h.Index.CaughtUp && ready() == http.StatusOK
	})

	mustJSON(t, "POST", base+"/devnet/faults", `{"error_rate_percent":100}`, 200, nil)
	stopped := time.Now()
	var down health
	eventually(t, "/healthz to say unreachable", api.NodePollBudget+3*time.Second, func() bool {
		down = read()
		return !down.Node.Reachable
	})
	if down.Index.CaughtUp {
		t.Errorf("node unreachable, index still caught up: %+v", down)
	}
	last, err := time.Parse(time.RFC3339Nano, *down.Node.LastAnswerAt)
	if err != nil || last.After(time.Now()) || time.Since(last) > api.NodePollBudget+3*time.Second {
		t.Errorf("lastAnswerAt %q: %v", *down.Node.LastAnswerAt, err)
	}
	eventually(t, "/readyz 503", unreadyAfter+api.NodePollBudget, func() bool { return ready() == http.StatusServiceUnavailable })
	if took := time.Since(stopped); took < unreadyAfter {
		t.Errorf("/readyz 503 after %v, before the bound of %v", took, unreadyAfter)
	}

	mustJSON(t, "POST", base+"/devnet/faults", `{"error_rate_percent":0}`, 200, nil)
	eventually(t, "health to recover", 15*time.Second, func() bool {
		h := read()
		return h.Node.Reachable && h.Index.CaughtUp && ready() == http.StatusOK
	})
}
