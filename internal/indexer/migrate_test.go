package indexer_test

import (
	"context"
	"database/sql"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

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
	ctx := context.Background()
	n := newNode(t)
	traffic(t, n, rand.New(rand.NewPCG(21, 22)), 60)
	clean := openSQLite(t)
	syncIndex(t, newIndexer(t, n, clean, nil), n)
	want, err := clean.Dump(ctx)
	if err != nil || !strings.Contains(want, "\ntrades|") || !strings.Contains(want, "\ncandles|") {
		t.Fatalf("the clean run has no trades or candles to compare (%v)", err)
	}

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
			old, err := store.Open(ctx, tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			syncIndex(t, newIndexer(t, n, old, nil), n)
			old.Close()
			// Turn it into an index of the previous schema: no trades table, the migration
			// not applied, and derived rows the old code could have left different.
			raw, err := sql.Open(tc.driver, tc.dsn)
			if err != nil {
				t.Fatal(err)
			}
			for _, q := range []string{"DROP TABLE trades", "DELETE FROM schema_migrations WHERE version = '004_trades.sql'",
				"DROP TABLE holder_counts", "DELETE FROM schema_migrations WHERE version = '005_holder_counts.sql'",
				"UPDATE candles SET close = close * 2"} {
				if _, err := raw.ExecContext(ctx, q); err != nil {
					t.Fatalf("%s: %v", q, err)
				}
			}
			raw.Close()

			db, err := store.Open(ctx, tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			if cur, err := db.Cursors(ctx); err != nil || len(cur) != 0 {
				t.Fatalf("after the migration the cursors are %v %v: the index is not rebuilt", cur, err)
			}
			syncIndex(t, newIndexer(t, n, db, nil), n)
			got, err := db.Dump(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if got != want {
				t.Fatalf("the migrated index differs from a clean run:\n%s\n---\n%s", got, want)
			}
		})
	}
}

// An index written before the holder count was kept gets it at the next start, counted
// once from its balances, with no rebuild: it then equals a clean run exactly.
func TestHolderCountMigratesInPlace(t *testing.T) {
	ctx := context.Background()
	n := newNode(t)
	traffic(t, n, rand.New(rand.NewPCG(23, 24)), 40)
	clean := openSQLite(t)
	syncIndex(t, newIndexer(t, n, clean, nil), n)
	want, err := clean.Dump(ctx)
	if err != nil || !strings.Contains(want, "\nholder_counts|") {
		t.Fatalf("the clean run keeps no holder count (%v)", err)
	}
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
			old, err := store.Open(ctx, tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			syncIndex(t, newIndexer(t, n, old, nil), n)
			old.Close()
			raw, err := sql.Open(tc.driver, tc.dsn)
			if err != nil {
				t.Fatal(err)
			}
			for _, q := range []string{"DROP TABLE holder_counts", "DELETE FROM schema_migrations WHERE version = '005_holder_counts.sql'"} {
				if _, err := raw.ExecContext(ctx, q); err != nil {
					t.Fatalf("%s: %v", q, err)
				}
			}
			raw.Close()
			db, err := store.Open(ctx, tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			if cur, err := db.Cursors(ctx); err != nil || len(cur) == 0 {
				t.Fatalf("the cursors are %v %v: the index was emptied", cur, err)
			}
			if got, err := db.Dump(ctx); err != nil || got != want {
				t.Fatalf("the migrated index differs from a clean run (%v):\n%s\n---\n%s", err, got, want)
			}
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
