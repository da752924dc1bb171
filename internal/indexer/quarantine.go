package indexer

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/luckycoin/lucky/internal/chain"
	"github.com/luckycoin/lucky/internal/history"
	"github.com/luckycoin/lucky/internal/store"
	"github.com/luckycoin/lucky/internal/supra"
)

// quarantine keeps an event the decoder could not read (why: reason) in the batch's
// quarantine, to be written with the batch, and logs the first one of each event type.
func (ix *Indexer) quarantine(b *store.Batch, s Stream, meta history.Meta, ev supra.Event, tx chain.TxContext, reason error) error {
	sender, err := store.CanonAddress(meta.Sender)
	if err != nil {
		return fmt.Errorf("%w: %s sender: %v", ErrInconsistent, meta.TxHash, err)
	}
	meta.Sender = sender
	txj, err := json.Marshal(tx)
	if err != nil {
		return fmt.Errorf("indexer: quarantine %s: %w", meta.TxHash, err)
	}
	data := ev.Data
	if !json.Valid(data) {
		// The column holds JSON; data that is not JSON is kept as a JSON string.
		data, _ = json.Marshal(string(ev.Data))
	}
	b.Quarantine = append(b.Quarantine, store.Quarantined{Meta: meta, Stream: s.Name, Type: ev.Type, Data: data, Tx: txj, Reason: reason.Error()})
	key := ev.Type
	if st, err := supra.ParseStructTag(ev.Type); err == nil {
		key = st.Address.String() + "::" + st.Module + "::" + st.Name
	}
	if _, seen := ix.qlogged.LoadOrStore(key, true); !seen {
		ix.log.Warn("indexer: an event the decoder cannot read is quarantined; the index goes on "+
			"(further events of this type are counted in /healthz, not logged; `lucky index --replay-quarantine` re-derives them)",
			"type", key, "tx", meta.TxHash, "height", meta.Height, "reason", reason)
	}
	return nil
}

// countQuarantine reads how many events the store holds in quarantine.
func (ix *Indexer) countQuarantine(ctx context.Context) error {
	n, err := ix.st.QuarantineCount(ctx)
	if err != nil {
		return err
	}
	ix.quarantined.Store(n)
	return nil
}

// Quarantined is how many events the index holds in quarantine, as last read.
func (ix *Indexer) Quarantined() uint64 { return ix.quarantined.Load() }

// Replay is what ReplayQuarantine did.
type Replay struct {
	Released int  // quarantined events the current decoder reads, now in the index
	Remain   int  // events still quarantined
	Rebuilt  bool // the index was rebuilt from the start height
}

// ErrNotIngester: another replica holds the ingester's role; a replay writes the index
// and must be the only writer.
var ErrNotIngester = errors.New("indexer: another process ingests into this store")

// ReplayQuarantine reads every quarantined event again with the current decoders and
// puts those it now reads into the index as if they had been decoded in order.
//
// Plays and raw events (Cosmic Miners) are rows keyed by their own chain position from
// which nothing running is derived, so they are written in place with the quarantine
// rows they replace, in one transaction. Swaps, liquidity and coin events feed state the
// rules derive in chain order (pool reserves and so each later trade's price, candles'
// open and close, holder balances), which the store keeps as running values with no
// history to wind back: inserting one late would leave every later row derived without
// it. So when any of those now decodes, the index is emptied and ingested again from the
// start height with the current decoders: the simplest way to the rows a clean run
// would hold. Events still unreadable are quarantined again on the way.
func (ix *Indexer) ReplayQuarantine(ctx context.Context) (Replay, error) {
	lease, err := ix.st.Lead(ctx, store.RoleIngester)
	if err != nil {
		return Replay{}, err
	}
	if lease == nil {
		return Replay{}, ErrNotIngester
	}
	ix.lease.Store(lease)
	defer func() { ix.lease.Store(nil); lease.Release() }()
	list, err := ix.st.Quarantine(ctx)
	if err != nil {
		return Replay{}, err
	}
	streams := map[string]Stream{}
	for _, s := range ix.cfg.Streams {
		streams[s.Name] = s
	}
	b := &store.Batch{Cursors: map[string]uint64{}, Lease: lease}
	var out Replay
	for _, q := range list {
		s, ok := streams[q.Stream]
		// A fungible-asset event is resolved to its owner through its whole transaction,
		// which the quarantine does not keep: it stays until the index is rebuilt.
		if !ok || s.Kind == KindFA {
			out.Remain++
			continue
		}
		var tx chain.TxContext
		if len(q.Tx) > 0 {
			if err := json.Unmarshal(q.Tx, &tx); err != nil {
				return out, fmt.Errorf("indexer: quarantined %s/%d: transaction context: %w", q.TxHash, q.EventIndex, err)
			}
		}
		err := decode(ix.cfg.Decoders, b, s, q.Meta, supra.Event{Type: q.Type, Data: q.Data}, tx)
		switch {
		case errors.Is(err, chain.ErrBadResponse):
			out.Remain++
		case err != nil:
			return out, err
		default:
			out.Released++
			b.Released = append(b.Released, q.Key())
		}
	}
	if out.Released == 0 {
		_, err := ix.cursors(ctx)
		return out, err
	}
	if ev := b.Events; len(ev.Swaps)+len(ev.Liquidity)+len(ev.Coins) > 0 {
		ix.log.Info("indexer: replaying the quarantine: events that feed running state now decode; rebuilding the index from the start",
			"released", out.Released, "start", ix.cfg.StartHeight)
		if err := ix.st.Reset(ctx); err != nil {
			return out, err
		}
		if err := ix.Sync(ctx); err != nil {
			return out, err
		}
		n, err := ix.st.QuarantineCount(ctx)
		return Replay{Released: out.Released + out.Remain - int(n), Remain: int(n), Rebuilt: true}, err
	}
	if err := Ingest(ctx, ix.st, ix.cfg.Rules, b); err != nil {
		return out, err
	}
	_, err = ix.cursors(ctx) // the progress and the quarantine count as they are now
	return out, err
}
