package indexer_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/luckycoin/lucky/internal/indexer"
	"github.com/luckycoin/lucky/internal/supra"
)

// pageCounter is the node client, counting the range query's pages per stream and window.
type pageCounter struct {
	*supra.Client
	mu    sync.Mutex
	pages map[string]int
}

func (p *pageCounter) EventsRange(ctx context.Context, eventType string, start, end uint64, limit int, cursor string) (supra.EventPage, error) {
	p.mu.Lock()
	p.pages[fmt.Sprintf("%s [%d, %d)", eventType, start, end)]++
	p.mu.Unlock()
	return p.Client.EventsRange(ctx, eventType, start, end, limit, cursor)
}

// A wide window whose coin streams are dense is not paged through one round trip after
// another: it is read in pieces sized from its first page, at once, and the index equals
// the one read 10 blocks at a time through the v1 query.
func TestDenseWideWindowIsReadInPieces(t *testing.T) {
	n, _ := denseBenchNode(t, 600, 10)
	want := func() string {
		db := openSQLite(t)
		syncIndex(t, newIndexer(t, n, db, func(c *indexer.Config) { c.NoRangeQuery = true }), n)
		return dump(t, db)
	}()
	src := &pageCounter{Client: source(t, n), pages: map[string]int{}}
	b := bindings(t, src.Client)
	db := openSQLite(t)
	ix, err := indexer.New(src, db, indexer.Config{Streams: indexer.Streams(network(t).Modules), Rules: Rules(t), Decoders: b.Decoders(),
		DAOShare: b.PoolDAOShare, BackoffMin: time.Millisecond, BackoffMax: 5 * time.Millisecond, PollInterval: 5 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	syncIndex(t, ix, n)
	if got := dump(t, db); got != want {
		t.Fatalf("the index read in pieces differs from the one read 10 blocks at a time:\n%s\n---\n%s", got, want)
	}
	most, where := 0, ""
	for k, v := range src.pages {
		if v > most {
			most, where = v, k
		}
	}
	// A piece holds about 1,000 events of its densest stream: 10 pages, and one more
	// where the estimate from the first page fell short.
	if most > 12 {
		t.Errorf("%d pages read one after another for %s", most, where)
	}
	if most < 2 {
		t.Errorf("no stream needed a second page (%v): the chain is not dense enough to test this", src.pages)
	}
}
