package indexer

import (
	"context"

	"github.com/luckycoin/lucky/internal/history"
	"github.com/luckycoin/lucky/internal/store"
)

// Ingest derives a decoded batch and writes it: it reads from the store the state the
// batch touches (pool reserves, open candles, balances, burn totals, which rows are
// already stored), runs the rules once over it, and has the store persist the rows, what
// they derived and the cursors in one transaction.
func Ingest(ctx context.Context, st *store.DB, rules history.Rules, b *store.Batch) error {
	state, err := st.Load(ctx, rules.Needs(b.Events))
	if err != nil {
		return err
	}
	b.Derived = rules.Derive(state, b.Events)
	return st.Apply(ctx, b)
}
