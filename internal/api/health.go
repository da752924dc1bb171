package api

import (
	"fmt"
	"log/slog"
	"math"
	"net/http"
	"strconv"
	"time"
)

// ReadyLag is how many blocks behind the node's head an index may be and still count as
// caught up: one window of the indexer, which a devnet sealing a block per transaction
// passes in a moment.
const ReadyLag = 10

// Health is what a replica says about itself on /healthz and /readyz.
type Health struct {
	// Roles are the jobs this replica holds of those one replica runs ("ingester",
	// "bots"); empty when another one does.
	Roles []string
	// Index is how far the event index this replica reads has got; nil without one.
	Index *IndexHealth
	// Node is what this replica's reads know of the chain node (nodehealth.go); nil when
	// it does not watch one.
	Node *NodeHealth
}

// IndexHealth is the index's progress as this replica sees it.
type IndexHealth struct {
	Indexed, Head uint64
	// Quarantined is how many events the index holds aside, undecodable.
	Quarantined uint64
	// Backfill is the catch-up this replica's ingester is running; nil when none runs.
	Backfill *Backfill
}

// Backfill is a long catch-up's pace: blocks and events ingested per second so far, and
// the time left at that pace (0: not known yet, before its first blocks are in).
type Backfill struct {
	BlocksPerSec, EventsPerSec, ETASeconds float64
}

// behind is how many blocks the index lags the head (0 when it is ahead of the head last
// read).
func (i IndexHealth) behind() uint64 {
	if i.Head > i.Indexed {
		return i.Head - i.Indexed
	}
	return 0
}

type indexHealthJSON struct {
	IndexedHeight string        `json:"indexedHeight"`
	HeadHeight    string        `json:"headHeight"`
	Behind        string        `json:"behind"`
	CaughtUp      bool          `json:"caughtUp"`
	Quarantined   uint64        `json:"quarantined"`
	Backfill      *backfillJSON `json:"backfill"`
}

type backfillJSON struct {
	BlocksPerSecond float64  `json:"blocksPerSecond"`
	EventsPerSecond float64  `json:"eventsPerSecond"`
	ETASeconds      *float64 `json:"etaSeconds"` // null until a pace is known
}

type healthJSON struct {
	Status  string           `json:"status"`
	Network string           `json:"network"`
	Roles   []string         `json:"roles"`
	Index   *indexHealthJSON `json:"index"`
	Node    *nodeHealthJSON  `json:"node,omitempty"`
}

func (h Health) json(network string) healthJSON {
	out := healthJSON{Status: "ok", Network: network, Roles: h.Roles}
	if out.Roles == nil {
		out.Roles = []string{}
	}
	if i := h.Index; i != nil {
		out.Index = &indexHealthJSON{IndexedHeight: strconv.FormatUint(i.Indexed, 10), HeadHeight: strconv.FormatUint(i.Head, 10),
			Behind: strconv.FormatUint(i.behind(), 10), CaughtUp: i.behind() <= ReadyLag && h.headFresh(), Quarantined: i.Quarantined}
		if b := i.Backfill; b != nil {
			out.Index.Backfill = &backfillJSON{BlocksPerSecond: math.Round(b.BlocksPerSec), EventsPerSecond: math.Round(b.EventsPerSec)}
			if b.ETASeconds > 0 {
				eta := math.Ceil(b.ETASeconds)
				out.Index.Backfill.ETASeconds = &eta
			}
		}
	}
	if h.Node != nil {
		out.Node = h.Node.json()
	}
	return out
}

// headFresh: the head the index's lag is measured against was read within the poll
// budget (a lag measured against a head from before the node went away says nothing).
func (h Health) headFresh() bool { return h.Node == nil || h.Node.headFresh() }

// Healthz serves GET /healthz: 200 while the process serves (a load balancer's liveness
// check), with the roles it holds and how far its index is behind the head.
func Healthz(network string, health func() Health) http.HandlerFunc {
	return func(w http.ResponseWriter, _ *http.Request) {
		WriteJSON(w, http.StatusOK, health().json(network))
	}
}

// Readyz serves GET /readyz: 200 once this replica's index has caught up with the node
// (or it has none), 503 while it catches up or after the node has not answered for
// NodeUnreadyAfter, so a load balancer sends traffic only to replicas whose history pages
// are current and whose node answers; 200 again once the node does.
func Readyz(network string, health func() Health) http.HandlerFunc {
	// Not ready is this replica's state, polled by every probe while it catches up, not a
	// failure to log at each poll.
	quiet := slog.New(slog.DiscardHandler)
	return func(w http.ResponseWriter, r *http.Request) {
		h := health()
		if n := h.Node; n != nil && n.unready() {
			WriteError(w, r, quiet, http.StatusServiceUnavailable, CodeUnavailable,
				fmt.Sprintf("The chain node has not answered for %d s.", n.unreachableFor()/time.Second))
			return
		}
		if i := h.Index; i != nil && i.behind() > ReadyLag {
			WriteError(w, r, quiet, http.StatusServiceUnavailable, CodeCatchingUp,
				fmt.Sprintf("The index is catching up: block %d of %d.", i.Indexed, i.Head))
			return
		}
		WriteJSON(w, http.StatusOK, h.json(network))
	}
}
