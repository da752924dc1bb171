package indexer_test

import (
	"context"
	"database/sql"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/luckycoin/lucky/internal/devnet"
	"github.com/luckycoin/lucky/internal/indexer"
	"github.com/luckycoin/lucky/internal/store"
	"github.com/luckycoin/lucky/internal/store/pgtest"
	"github.com/luckycoin/lucky/internal/tokens"
)

// An index written before the trades table existed migrates once, by itself: opening it
// runs the migration, which empties the index, and the indexer rebuilds it from the chain
// until it equals a clean run exactly, on SQLite and on PostgreSQL. The old derived rows
// (a candle made wrong on purpose here) do not survive.
func TestOldSchemaIsRebuiltLikeACleanRun(t *testing.T) {
	n := newNode(t)
	traffic(t, n, rand.New(rand.NewPCG(21, 22)), 60)
	want := cleanDump(t, n, "\ntrades|", "\ncandles|")
	// The previous schema: no trades table nor anything migrated after it, and derived rows
	// the old code could have left different.
	old := []string{"DROP TABLE trades", "DELETE FROM schema_migrations WHERE version = '004_trades.sql'",
		"DROP TABLE holder_counts", "DELETE FROM schema_migrations WHERE version = '005_holder_counts.sql'",
		"UPDATE candles SET close = close * 2"}
	forEachOldIndex(t, n, old, func(t *testing.T, db *store.DB) {
		if cur, err := db.Cursors(context.Background()); err != nil || len(cur) != 0 {
			t.Fatalf("after the migration the cursors are %v %v: the index is not rebuilt", cur, err)
		}
		syncIndex(t, newIndexer(t, n, db, nil), n)
		if got := dump(t, db); got != want {
			t.Fatalf("the migrated index differs from a clean run:\n%s\n---\n%s", got, want)
		}
	})
}

// An index written before the holder count was kept gets it at the next start, counted
// once from its balances, with no rebuild: it then equals a clean run exactly.
func TestHolderCountMigratesInPlace(t *testing.T) {
	n := newNode(t)
	traffic(t, n, rand.New(rand.NewPCG(23, 24)), 40)
	want := cleanDump(t, n, "\nholder_counts|")
	old := []string{"DROP TABLE holder_counts", "DELETE FROM schema_migrations WHERE version = '005_holder_counts.sql'"}
	forEachOldIndex(t, n, old, func(t *testing.T, db *store.DB) {
		if cur, err := db.Cursors(context.Background()); err != nil || len(cur) == 0 {
			t.Fatalf("the cursors are %v %v: the index was emptied", cur, err)
		}
		if got := dump(t, db); got != want {
			t.Fatalf("the migrated index differs from a clean run:\n%s\n---\n%s", got, want)
		}
	})
}

// cleanDump indexes n into a new SQLite store and returns its dump, which must hold each
// of the rows named (so that the comparison has something to compare).
func cleanDump(t *testing.T, n *devnet.Node, rows ...string) string {
	t.Helper()
	clean := openSQLite(t)
	syncIndex(t, newIndexer(t, n, clean, nil), n)
	want := dump(t, clean)
	for _, r := range rows {
		if !strings.Contains(want, r) {
			t.Fatalf("the clean run has no %q rows to compare", strings.TrimSpace(r))
		}
	}
	return want
}

func dump(t *testing.T, db *store.DB) string {
	t.Helper()
	d, err := db.Dump(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// forEachOldIndex, on SQLite and on PostgreSQL, indexes n, turns the index into one of an
// older schema by running old on it directly, opens it again (which migrates it) and hands
// it to check.
func forEachOldIndex(t *testing.T, n *devnet.Node, old []string, check func(t *testing.T, db *store.DB)) {
	t.Helper()
	ctx := context.Background()
	sqliteDir := t.TempDir()
	pgURL := pgtest.URL(t)
	for _, tc := range []struct {
		name        string
		opts        store.Options
		driver, dsn string
	}{
		{store.SQLite, store.Options{DataDir: sqliteDir}, "sqlite", sqliteDir + "/" + store.DBFile},
		{store.Postgres, store.Options{DatabaseURL: pgURL}, "pgx", pgURL},
	} {
		t.Run(tc.name, func(t *testing.T) {
			db, err := store.Open(ctx, tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			syncIndex(t, newIndexer(t, n, db, nil), n)
			db.Close()
			raw, err := sql.Open(tc.driver, tc.dsn)
			if err != nil {
				t.Fatal(err)
			}
			for _, q := range old {
				if _, err := raw.ExecContext(ctx, q); err != nil {
					t.Fatalf("%s: %v", q, err)
				}
			}
			raw.Close()
			if db, err = store.Open(ctx, tc.opts); err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			check(t, db)
		})
	}
}

// The trading rules are built from the network and the token registry; a coin type that
// does not parse stops the start with a clear error instead of an index that never
// recognises a trade.
func TestRulesRejectABadCoinType(t *testing.T) {
	reg, err := tokens.Load(nil)
	if err != nil {
		t.Fatal(err)
	}
	net := network(t)
	r, err := indexer.NetworkRules(net, reg)
	if err != nil || !r.Native.IsNative() || r.Lucky.IsZero() || r.USDCoin.IsZero() || r.BurnAddress == "" {
		t.Fatalf("devnet rules %+v %v", r, err)
	}
	if d, ok := r.Decimals(r.Native); !ok || d != 8 {
		t.Fatalf("SUPRA decimals %d %v", d, ok)
	}
	net.Modules.NativeCoin = "not a type"
	if _, err := indexer.NetworkRules(net, reg); !errors.Is(err, indexer.ErrRules) {
		t.Fatalf("bad native coin: %v", err)
	}
}
