package store

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/luckycoin/lucky/internal/history"
)

// Quarantined is an event the index could not decode, as it came: where it was, its
// stream, type and data, its transaction's call (Tx, the JSON of the decoder's context)
// and why it could not be read.
type Quarantined struct {
	history.Meta
	Stream string
	Type   string
	Data   json.RawMessage
	Tx     json.RawMessage
	Reason string
}

// QuarantineCount is how many events are quarantined.
func (s *DB) QuarantineCount(ctx context.Context) (uint64, error) {
	var n int64
	if err := s.db.QueryRowContext(ctx, "SELECT COUNT(*) FROM quarantine").Scan(&n); err != nil {
		return 0, fmt.Errorf("store: quarantine count: %w", err)
	}
	return uint64(n), nil
}

// Quarantine lists the quarantined events in chain order.
func (s *DB) Quarantine(ctx context.Context) ([]Quarantined, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT tx_hash, event_index, height, tx_pos, time_us, sender, stream, type, data, tx, reason
		FROM quarantine ORDER BY height, tx_pos, event_index`)
	if err != nil {
		return nil, fmt.Errorf("store: quarantine: %w", err)
	}
	defer rows.Close()
	var out []Quarantined
	for rows.Next() {
		var q Quarantined
		var height int64
		var data, tx string
		if err := rows.Scan(&q.TxHash, &q.EventIndex, &height, &q.TxPos, &q.TimeUS, &q.Sender, &q.Stream, &q.Type, &data, &tx, &q.Reason); err != nil {
			return nil, fmt.Errorf("store: quarantine: %w", err)
		}
		q.Height, q.Data, q.Tx = uint64(height), json.RawMessage(data), json.RawMessage(tx)
		out = append(out, q)
	}
	return out, rows.Err()
}
