package indexer_test

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"math/rand/v2"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/luckycoin/lucky/internal/indexer"
	"github.com/luckycoin/lucky/internal/supra"
)

// Fault modes of badSource.
const (
	sourceOK        = iota
	sourceFails     // every read fails
	sourceEmpties   // every read "succeeds" with nothing: a zero head, an empty block, no events
	sourceLowHeadx1 // the next head read alone says height 1 (a lagging replica), then normal
)

// badSource is a node whose reads fail or come back empty on demand, as a slow node did
// through a transport that turned a timeout into an empty 200.
type badSource struct {
	indexer.Source
	mode atomic.Int32
}

var errNodeDown = errors.New("node down")

func (b *badSource) LatestBlock(ctx context.Context) (supra.BlockHeader, error) {
	switch b.mode.Load() {
	case sourceFails:
		return supra.BlockHeader{}, errNodeDown
	case sourceEmpties:
		return supra.BlockHeader{}, nil
	case sourceLowHeadx1:
		if b.mode.CompareAndSwap(sourceLowHeadx1, sourceOK) {
			return supra.BlockHeader{Hash: "0x01", Height: 1}, nil
		}
	}
	return b.Source.LatestBlock(ctx)
}

func (b *badSource) BlockByHeight(ctx context.Context, h uint64, withTxs bool) (supra.Block, error) {
	switch b.mode.Load() {
	case sourceFails:
		return supra.Block{}, errNodeDown
	case sourceEmpties:
		return supra.Block{}, nil
	}
	return b.Source.BlockByHeight(ctx, h, withTxs)
}

func (b *badSource) Events(ctx context.Context, typ string, start, end uint64) ([]supra.Event, error) {
	switch b.mode.Load() {
	case sourceFails:
		return nil, errNodeDown
	case sourceEmpties:
		return nil, nil
	}
	return b.Source.Events(ctx, typ, start, end)
}

func (b *badSource) EventsRange(ctx context.Context, typ string, start, end uint64, limit int, cursor string) (supra.EventPage, error) {
	switch b.mode.Load() {
	case sourceFails:
		return supra.EventPage{}, errNodeDown
	case sourceEmpties:
		return supra.EventPage{}, nil
	}
	return b.Source.(indexer.RangeSource).EventsRange(ctx, typ, start, end, limit, cursor)
}

// A node that fails or answers nothing is no evidence of a rewind: with ResetOnRewind on
// (as on devnet), the index keeps every row through the fault and, once the node is back,
// ends equal to a clean index of the chain. A single head read below the index (a replica
// behind) is not believed either; only a second one would be.
func TestFailedOrEmptyReadsNeverRewindTheIndex(t *testing.T) {
	for _, mode := range []int32{sourceFails, sourceEmpties, sourceLowHeadx1} {
		t.Run([]string{"", "fails", "empties", "low head once"}[mode], func(t *testing.T) {
			n := newNode(t)
			rng := rand.New(rand.NewPCG(41, 42))
			hashes := traffic(t, n, rng, 30)
			db := openSQLite(t)
			logs := &lockedBuffer{}
			src := &badSource{Source: source(t, n)}
			b := bindings(t, src.Source.(*supra.Client))
			ix, err := indexer.New(src, db, indexer.Config{Streams: indexer.Streams(network(t).Modules), Rules: Rules(t), Decoders: b.Decoders(),
				DAOShare: b.PoolDAOShare, BackoffMin: time.Millisecond, BackoffMax: 5 * time.Millisecond,
				PollInterval: 5 * time.Millisecond, ResetOnRewind: true, Log: slog.New(slog.NewTextHandler(logs, nil))})
			if err != nil {
				t.Fatal(err)
			}
			syncIndex(t, ix, n)
			before, _ := db.Dump(context.Background())

			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan error, 1)
			go func() { done <- ix.Run(ctx) }()
			src.mode.Store(mode)
			time.Sleep(150 * time.Millisecond) // many polls under the fault
			during, _ := db.Dump(context.Background())
			if during != before {
				t.Fatal("the index changed while the node failed")
			}
			src.mode.Store(sourceOK)
			if strings.Contains(logs.String(), "rewound") {
				t.Fatalf("the index was reset:\n%s", logs.String())
			}
			hashes = append(hashes, traffic(t, n, rng, 10)...)
			deadline := time.Now().Add(30 * time.Second)
			for got, _ := ix.Status(); got != n.Height(); got, _ = ix.Status() {
				if time.Now().After(deadline) {
					t.Fatal("the index did not catch up after the fault")
				}
				time.Sleep(5 * time.Millisecond)
			}
			cancel()
			<-done
			checkAgainstChain(t, n, db, hashes)
		})
	}
}

type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
