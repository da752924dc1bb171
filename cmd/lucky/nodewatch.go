package main

import (
	"context"
	"sync/atomic"
	"time"

	"github.com/luckycoin/lucky/internal/api"
	"github.com/luckycoin/lucky/internal/indexer"
	"github.com/luckycoin/lucky/internal/supra"
)

// nodeWatch is the indexer's node client with a note of when the node last answered and
// when its head was last read: what /healthz says of the node, learned from the reads the
// indexer makes anyway (it reads the head every second once caught up, leading or not).
type nodeWatch struct {
	src        indexer.RangeSource
	since      time.Time
	lastAnswer atomic.Int64 // Unix nanoseconds; 0: never
	headRead   atomic.Int64
	// unreadyAfter is how long the node may not answer before /readyz says 503 (0:
	// api.NodeUnreadyAfter); set before the server starts.
	unreadyAfter time.Duration
}

func newNodeWatch(src indexer.RangeSource) *nodeWatch {
	return &nodeWatch{src: src, since: time.Now()}
}

// unreadyAfterEnv is LUCKY_NODE_UNREADY_AFTER (a duration such as 30s), the readiness
// bound; 0 (the default) when unset or not a positive duration.
func unreadyAfterEnv(getenv func(string) string) time.Duration {
	d, err := time.ParseDuration(getenv("LUCKY_NODE_UNREADY_AFTER"))
	if err != nil || d <= 0 {
		return 0
	}
	return d
}

func (w *nodeWatch) answered(err error) {
	if err == nil {
		w.lastAnswer.Store(time.Now().UnixNano())
	}
}

func (w *nodeWatch) LatestBlock(ctx context.Context) (supra.BlockHeader, error) {
	h, err := w.src.LatestBlock(ctx)
	w.answered(err)
	if err == nil {
		w.headRead.Store(time.Now().UnixNano())
	}
	return h, err
}

func (w *nodeWatch) BlockByHeight(ctx context.Context, height uint64, withTxs bool) (supra.Block, error) {
	b, err := w.src.BlockByHeight(ctx, height, withTxs)
	w.answered(err)
	return b, err
}

func (w *nodeWatch) Events(ctx context.Context, eventType string, start, end uint64) ([]supra.Event, error) {
	evs, err := w.src.Events(ctx, eventType, start, end)
	w.answered(err)
	return evs, err
}

func (w *nodeWatch) EventsRange(ctx context.Context, eventType string, start, end uint64, limit int, cursor string) (supra.EventPage, error) {
	p, err := w.src.EventsRange(ctx, eventType, start, end, limit, cursor)
	w.answered(err)
	return p, err
}

// health is the node's part of /healthz as of now.
func (w *nodeWatch) health() *api.NodeHealth {
	at := func(ns int64) time.Time {
		if ns == 0 {
			return time.Time{}
		}
		return time.Unix(0, ns)
	}
	return &api.NodeHealth{LastAnswer: at(w.lastAnswer.Load()), HeadRead: at(w.headRead.Load()), Since: w.since,
		Now: time.Now(), UnreadyAfter: w.unreadyAfter}
}
