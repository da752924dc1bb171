package devnet

import (
	"crypto/sha3"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"math"
	"net/http"
	"strconv"
	"strings"

	"github.com/luckycoin/lucky/internal/supra"
)

// RPC v3 events: a type's events over any block range, a page at a time, as a real node
// serves them (its handler and snapshot tests in the rpc_node sources): limit defaults to
// 20 and is capped at 100, a range whose end is not past its start is refused, and the
// x-supra-cursor header names the last event of the page. An indexer walks a chain with
// it in a few calls where the v1 query takes one per 10 blocks.

const (
	defaultEventsPage = 20
	maxEventsPage     = supra.MaxEventsPage
	// eventCursorLen is a cursor's bytes: the type's hash, then the height, the
	// transaction and the event of the last event returned (the node's cursor has this
	// length too; it is opaque to clients either way).
	eventCursorLen = 32 + 3*8
)

// eventMatches reports whether an event of type got is one of want's: the type itself or,
// for a type without type arguments, any of its generic instances (both versions of the
// query behave alike).
func eventMatches(got, want string) bool {
	return got == want || strings.HasPrefix(got, want+"<")
}

// eventKey places an event in the chain: its block, its transaction (the ledger's index,
// in chain order) and its index in the transaction's events.
type eventKey struct {
	height uint64
	tx     uint64
	event  uint64
}

func (k eventKey) after(o eventKey) bool {
	if k.tx != o.tx {
		return k.tx > o.tx
	}
	return k.event > o.event
}

func typeHash(t string) [32]byte { return sha3.Sum256([]byte(t)) }

func (k eventKey) cursor(eventType string) string {
	h := typeHash(eventType)
	b := append(make([]byte, 0, eventCursorLen), h[:]...)
	b = binary.BigEndian.AppendUint64(b, k.height)
	b = binary.BigEndian.AppendUint64(b, k.tx)
	b = binary.BigEndian.AppendUint64(b, k.event)
	return hex.EncodeToString(b)
}

var errBadCursor = errors.New("Invalid cursor") //nolint:staticcheck // the answer's words

// parseEventCursor reads a cursor this node gave for eventType.
func parseEventCursor(s, eventType string) (eventKey, error) {
	b, err := hex.DecodeString(s)
	if err != nil || len(b) != eventCursorLen {
		return eventKey{}, errBadCursor
	}
	if h := typeHash(eventType); string(b[:32]) != string(h[:]) {
		return eventKey{}, errBadCursor
	}
	return eventKey{height: binary.BigEndian.Uint64(b[32:]), tx: binary.BigEndian.Uint64(b[40:]),
		event: binary.BigEndian.Uint64(b[48:])}, nil
}

// eventsV3Handler is GET /rpc/v3/events/{type}?start_height=&end_height=&limit=&start=:
// the type's events in blocks [start_height, end_height) (from genesis and to the head
// when not given), at most limit of them, in chain order, each with its block height and
// transaction hash. start is the cursor of the previous page: this one begins after it.
func (n *Node) eventsV3Handler(w http.ResponseWriter, r *http.Request) {
	want, err := supra.NormalizeTypeString(r.PathValue("type"))
	if err != nil {
		rpcError(w, http.StatusBadRequest, "invalid_input", err.Error())
		return
	}
	start, err1 := queryUint(r, "start_height", 0)
	end, err2 := queryUint(r, "end_height", math.MaxUint64)
	limit, err3 := queryUint(r, "limit", defaultEventsPage)
	if err := errors.Join(err1, err2, err3); err != nil {
		rpcError(w, http.StatusBadRequest, "invalid_input", err.Error())
		return
	}
	q := r.URL.Query()
	if q.Get("start_height") != "" && q.Get("end_height") != "" && end <= start {
		rpcError(w, http.StatusBadRequest, "invalid_input", "`end` must be greater than `start`")
		return
	}
	limit = min(limit, maxEventsPage)
	var from *eventKey
	if c := q.Get("start"); c != "" {
		k, err := parseEventCursor(c, want)
		if err != nil {
			rpcError(w, http.StatusBadRequest, "invalid_input", err.Error())
			return
		}
		from = &k
	}

	n.mu.RLock()
	defer n.mu.RUnlock()
	// Transactions are recorded in chain order, so the range is found by height without
	// reading a block: a wide range of empty blocks costs nothing.
	// Old transactions in the file are read only when their event summary may hold the type.
	txs := &n.ch.txs
	rd := txs.reader()
	i, err := txs.search(rd, start)
	if err != nil {
		n.internalError(w, err)
		return
	}
	if from != nil {
		i = max(i, int(min(from.tx, uint64(txs.len()))))
	}
	filter := eventFilterOf(want)
	out := []supra.EventV3{}
	cursor := ""
scan:
	for ; i < txs.len(); i++ {
		h, err := rd.height(i)
		if err != nil {
			n.internalError(w, err)
			return
		}
		if h >= end || txs.pending(i) {
			break // past the range, or in the open block: not final yet, nor is what follows
		}
		may, err := rd.mayHaveEvent(i, filter)
		if err != nil {
			n.internalError(w, err)
			return
		}
		if !may {
			continue
		}
		rec, err := rd.at(i)
		if err != nil {
			n.internalError(w, err)
			return
		}
		for j, e := range rec.Output.Move.Events {
			k := eventKey{height: rec.Height, tx: uint64(i), event: uint64(j)}
			if (from != nil && !k.after(*from)) || !eventMatches(e.Type, want) {
				continue
			}
			if uint64(len(out)) == limit {
				break scan
			}
			out = append(out, supra.EventV3{Event: e, BlockHeight: rec.Height, TransactionHash: rec.Info.Hash})
			cursor = k.cursor(want)
		}
	}
	w.Header().Set("X-Supra-Chain-Id", strconv.Itoa(ChainID))
	w.Header().Set(supra.CursorHeader, cursor)
	writeJSON(w, http.StatusOK, supra.EventsV3Response{Data: out})
}
