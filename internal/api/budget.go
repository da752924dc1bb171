package api

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/luckycoin/lucky/internal/market"
)

// RequestBudget is how long one API request may wait on the chain node in all, for a
// node timeout: one and a half of it, the budget of one node call with its retries. Every
// read a route makes shares it, those run concurrently and those one after another alike,
// so no route answers later than that (docs/operations-bounds.md).
func RequestBudget(nodeTimeout time.Duration) time.Duration { return nodeTimeout * 3 / 2 }

// Budget gives every /api/ request one deadline, d from its start, for all its node
// reads: past it a route answers with what it has (stale-marked market figures, the
// index's rows) or 504 node_timeout. Two are exempt: a transaction long-poll (GET
// /api/v1/tx/{hash} with ?wait), which waits as long as it was asked to, up to MaxWait; and
// the activity export (activity.csv), which streams from the index, not the node, for as
// long as the account's history takes. d <= 0 adds no deadline.
func Budget(d time.Duration, next http.Handler) http.Handler {
	if d <= 0 {
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasPrefix(r.URL.Path, "/api/") || longPoll(r) || strings.HasSuffix(r.URL.Path, "/activity.csv") {
			next.ServeHTTP(w, r)
			return
		}
		ctx, cancel := context.WithTimeout(r.Context(), d)
		defer cancel()
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

// longPoll: a transaction read that asks to wait for finality.
func longPoll(r *http.Request) bool {
	if !strings.HasPrefix(r.URL.Path, "/api/v1/tx/") || r.URL.Path == "/api/v1/tx/build" {
		return false
	}
	wait, ok := parseWait(r.URL.Query().Get("wait"))
	return ok && wait > 0
}

// snapshotAside starts reading the market snapshot beside a route's own reads and
// returns what collects it: the snapshot, or nil when it failed or did not come within
// usdWait of the start. USD values are a nicety that must not add its wait to the reads
// before it.
func (h *Handler) snapshotAside(ctx context.Context, what string) func() *market.Snapshot {
	ctx, cancel := context.WithTimeout(ctx, usdWait)
	got := make(chan *market.Snapshot, 1)
	go func() {
		snap, err := h.market.Snapshot(ctx, false)
		if err != nil {
			h.log.Warn(what+": no market snapshot for USD values", "err", err)
			snap = nil
		}
		got <- snap
	}()
	return func() *market.Snapshot {
		defer cancel()
		return <-got
	}
}
