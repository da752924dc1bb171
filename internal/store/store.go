// Package store keeps the event index in SQL: the rows the indexer ingests (swaps, plays,
// coin events, burns, raw events), what the trading and holding rules (package history)
// derived from them (trades, candles, pool reserves, burn totals, holder balances) and the
// per-stream cursors. It decides nothing itself. One implementation over database/sql
// serves SQLite (modernc.org/sqlite, pure Go, WAL; the default, in the data directory) and
// PostgreSQL (pgx); each dialect has its own embedded migrations, applied at Open.
package store

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	_ "github.com/jackc/pgx/v5/stdlib" // registers "pgx"
	"github.com/luckycoin/lucky/internal/supra"
	"modernc.org/sqlite" // registers "sqlite"
)

//go:embed migrations
var migrations embed.FS

// Dialects.
const (
	SQLite   = "sqlite"
	Postgres = "postgres"
)

// ErrInvalid marks a bad store configuration (URL, data directory).
var ErrInvalid = errors.New("store: invalid configuration")

// DBFile is the SQLite file name inside the data directory.
const DBFile = "index.db"

// Options configure Open.
type Options struct {
	// DatabaseURL postgres://… selects PostgreSQL; empty selects SQLite in DataDir.
	DatabaseURL string
	DataDir     string
}

// DB is the index in one of the two dialects.
type DB struct {
	db      *sql.DB
	dialect string
	path    string // SQLite file ("" on PostgreSQL)
}

// Open connects (creating the SQLite file and directory when needed) and applies the
// dialect's migrations.
func Open(ctx context.Context, o Options) (*DB, error) {
	s := &DB{}
	var err error
	switch {
	case strings.HasPrefix(o.DatabaseURL, "postgres://"), strings.HasPrefix(o.DatabaseURL, "postgresql://"):
		s.dialect = Postgres
		if s.db, err = sql.Open("pgx", o.DatabaseURL); err != nil {
			return nil, fmt.Errorf("store: open postgres: %w", err)
		}
		s.db.SetMaxOpenConns(8)
	case o.DatabaseURL != "":
		return nil, fmt.Errorf("%w: --database-url must start with postgres:// (got %q)", ErrInvalid, redact(o.DatabaseURL))
	default:
		if o.DataDir == "" {
			return nil, fmt.Errorf("%w: no data directory", ErrInvalid)
		}
		if err := os.MkdirAll(o.DataDir, 0o755); err != nil {
			return nil, fmt.Errorf("store: data directory: %w", err)
		}
		s.dialect = SQLite
		s.path = filepath.Join(o.DataDir, DBFile)
		// WAL lets the API read while the indexer writes; write transactions take the lock
		// up front (immediate) so they never fail half way on a lock upgrade.
		// The page cache is bounded: 256 KiB per connection, 4 connections, and no
		// memory-mapped reads (a mapped file counts in the process's memory as far as it is
		// read, up to the map's size), so memory does not grow with the index; the kernel's
		// file cache serves the reads that miss it. A cached page costs twice its size in
		// the C allocator (a 4 KiB page and its header take an 8 KiB slot), and the readers'
		// caches fill slowly (the API answers most reads from its own caches), so a larger
		// cache is memory that keeps growing for tens of thousands of transactions: at 1 MiB
		// a connection, about 7 MB over a soak's first 40,000. At 256 KiB the index's
		// benchmarks (backfill, history reads) measure the same.
		dsn := "file:" + s.path + "?_pragma=journal_mode(WAL)&_pragma=synchronous(NORMAL)" +
			"&_pragma=busy_timeout(10000)&_pragma=cache_size(-256)&_pragma=mmap_size(0)&_txlock=immediate"
		if s.db, err = sql.Open("sqlite", dsn); err != nil {
			return nil, fmt.Errorf("store: open sqlite: %w", err)
		}
		s.db.SetMaxOpenConns(4)
	}
	if err := s.db.PingContext(ctx); err != nil {
		s.db.Close()
		// A truncated file, or one whose header is not SQLite's, fails already here (the
		// connection sets the journal mode): the same remedy as a failed quick check.
		if s.dialect == SQLite && sqliteDamaged(err) {
			return nil, s.corrupt(err.Error())
		}
		return nil, fmt.Errorf("store: connect %s: %w", s.dialect, err)
	}
	if s.dialect == SQLite {
		if err := s.quickCheck(ctx); err != nil {
			s.db.Close()
			return nil, err
		}
	}
	if err := s.migrate(ctx); err != nil {
		s.db.Close()
		return nil, err
	}
	return s, nil
}

// ErrCorrupt: the SQLite file is damaged.
var ErrCorrupt = errors.New("store: database file is damaged")

// quickCheck runs SQLite's quick_check so a damaged file stops the start with a remedy,
// instead of passing health checks and failing requests later. It reads every page once
// (not the index cross-checks of integrity_check).
func (s *DB) quickCheck(ctx context.Context) error {
	rows, err := s.db.QueryContext(ctx, "PRAGMA quick_check(5)")
	var problems []string
	if err == nil {
		for rows.Next() {
			var line string
			if err = rows.Scan(&line); err != nil {
				break
			}
			if line != "ok" {
				problems = append(problems, line)
			}
		}
		if err == nil {
			err = rows.Err()
		}
		rows.Close()
	}
	if err != nil {
		problems = append(problems, err.Error())
	}
	if len(problems) == 0 {
		return nil
	}
	return s.corrupt("fails SQLite's quick check: " + strings.Join(problems, "; "))
}

// corrupt is ErrCorrupt with the file's path, what is wrong with it and the remedy.
func (s *DB) corrupt(problem string) error {
	return fmt.Errorf("%w: %s is damaged (%s). The event index holds only what the chain says: "+
		"stop lucky, delete %s (and %s-wal, %s-shm if present) and start it again; it re-indexes from the chain "+
		"(the Telegram bots' chat settings kept in the same file are lost)",
		ErrCorrupt, s.path, problem, s.path, s.path, s.path)
}

// sqliteDamaged reports SQLite's own verdict on a file: malformed (SQLITE_CORRUPT) or not
// a database at all (SQLITE_NOTADB), extended codes included.
func sqliteDamaged(err error) bool {
	var se *sqlite.Error
	if !errors.As(err, &se) {
		return false
	}
	const corrupt, notADB = 11, 26
	code := se.Code() & 0xff
	return code == corrupt || code == notADB
}

// redact hides a password in a URL for error messages.
func redact(u string) string {
	if i := strings.Index(u, "@"); i > 0 {
		if j := strings.Index(u, "://"); j > 0 && j < i {
			return u[:j+3] + "…" + u[i:]
		}
	}
	return u
}

// Dialect is SQLite or Postgres.
func (s *DB) Dialect() string { return s.dialect }

// Path is the SQLite file ("" on PostgreSQL).
func (s *DB) Path() string { return s.path }

// Close closes the connections.
func (s *DB) Close() error { return s.db.Close() }

// q rewrites ? placeholders to $n for PostgreSQL.
func (s *DB) q(query string) string {
	if s.dialect != Postgres {
		return query
	}
	var b strings.Builder
	n := 0
	for _, r := range query {
		if r == '?' {
			n++
			b.WriteString("$" + strconv.Itoa(n))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

func (s *DB) migrate(ctx context.Context) error {
	dir := "migrations/" + s.dialect
	entries, err := fs.ReadDir(migrations, dir)
	if err != nil {
		return fmt.Errorf("store: migrations: %w", err)
	}
	names := make([]string, 0, len(entries))
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".sql") {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	conn, err := s.db.Conn(ctx)
	if err != nil {
		return fmt.Errorf("store: migrate: %w", err)
	}
	defer conn.Close()
	if s.dialect == Postgres {
		// Replicas starting together migrate one at a time.
		if _, err := conn.ExecContext(ctx, "SELECT pg_advisory_lock($1)", migrateLockKey); err != nil {
			return fmt.Errorf("store: migrate lock: %w", err)
		}
		// The lock also ends with the connection, so a failed unlock only delays the next replica.
		defer func() {
			_, _ = conn.ExecContext(context.WithoutCancel(ctx), "SELECT pg_advisory_unlock($1)", migrateLockKey)
		}()
	}
	if _, err := conn.ExecContext(ctx, "CREATE TABLE IF NOT EXISTS schema_migrations (version TEXT PRIMARY KEY)"); err != nil {
		return fmt.Errorf("store: migrate: %w", err)
	}
	for _, name := range names {
		var one int
		err := conn.QueryRowContext(ctx, s.q("SELECT 1 FROM schema_migrations WHERE version = ?"), name).Scan(&one)
		if err == nil {
			continue
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("store: migrate %s: %w", name, err)
		}
		body, err := migrations.ReadFile(dir + "/" + name)
		if err != nil {
			return fmt.Errorf("store: migrate %s: %w", name, err)
		}
		tx, err := conn.BeginTx(ctx, nil)
		if err != nil {
			return fmt.Errorf("store: migrate %s: %w", name, err)
		}
		for _, stmt := range splitSQL(string(body)) {
			if _, err := tx.ExecContext(ctx, stmt); err != nil {
				_ = tx.Rollback() // the error that caused it is the one to report
				return fmt.Errorf("store: migrate %s: %w", name, err)
			}
		}
		if _, err := tx.ExecContext(ctx, s.q("INSERT INTO schema_migrations (version) VALUES (?)"), name); err != nil {
			tx.Rollback()
			return fmt.Errorf("store: migrate %s: %w", name, err)
		}
		if err := tx.Commit(); err != nil {
			return fmt.Errorf("store: migrate %s: %w", name, err)
		}
	}
	return nil
}

// splitSQL splits a migration into statements at ';' line ends, dropping comments.
func splitSQL(body string) []string {
	var out []string
	var cur strings.Builder
	for _, line := range strings.Split(body, "\n") {
		t := strings.TrimSpace(line)
		if t == "" || strings.HasPrefix(t, "--") {
			continue
		}
		cur.WriteString(line + "\n")
		if strings.HasSuffix(t, ";") {
			out = append(out, strings.TrimSpace(cur.String()))
			cur.Reset()
		}
	}
	if strings.TrimSpace(cur.String()) != "" {
		out = append(out, strings.TrimSpace(cur.String()))
	}
	return out
}

// migrateLockKey serialises migrations across replicas starting together ("LUCKY" 1).
const migrateLockKey = 0x4c55434b59_01

// Cursors returns every stream's next height to ingest.
func (s *DB) Cursors(ctx context.Context) (map[string]uint64, error) {
	rows, err := s.db.QueryContext(ctx, "SELECT stream, height FROM cursors")
	if err != nil {
		return nil, fmt.Errorf("store: cursors: %w", err)
	}
	defer rows.Close()
	out := map[string]uint64{}
	for rows.Next() {
		var k string
		var h int64
		if err := rows.Scan(&k, &h); err != nil {
			return nil, fmt.Errorf("store: cursors: %w", err)
		}
		out[k] = uint64(h)
	}
	return out, rows.Err()
}

// SizeBytes is the database size (SQLite: main file plus WAL; PostgreSQL: the database).
func (s *DB) SizeBytes(ctx context.Context) (int64, error) {
	if s.dialect == Postgres {
		var n int64
		err := s.db.QueryRowContext(ctx, "SELECT pg_database_size(current_database())").Scan(&n)
		return n, err
	}
	var total int64
	for _, p := range []string{s.path, s.path + "-wal"} {
		if fi, err := os.Stat(p); err == nil {
			total += fi.Size()
		}
	}
	return total, nil
}

// Checkpoint folds the SQLite WAL into the main file (a no-op on PostgreSQL).
func (s *DB) Checkpoint(ctx context.Context) error {
	if s.dialect != SQLite {
		return nil
	}
	_, err := s.db.ExecContext(ctx, "PRAGMA wal_checkpoint(TRUNCATE)")
	return err
}

// CanonAddress writes an address the one way the store keys it (long form).
func CanonAddress(s string) (string, error) {
	a, err := supra.ParseAddress(s)
	if err != nil {
		return "", err
	}
	return a.String(), nil
}

// LastBlock is the last block the index has ingested (ok false before the first).
func (s *DB) LastBlock(ctx context.Context) (BlockRef, bool, error) {
	var v string
	err := s.db.QueryRowContext(ctx, s.q("SELECT v FROM kv WHERE k = ?"), "last_block").Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return BlockRef{}, false, nil
	}
	if err != nil {
		return BlockRef{}, false, fmt.Errorf("store: last block: %w", err)
	}
	b, err := parseBlockRef(v)
	if err != nil {
		return BlockRef{}, false, err
	}
	return b, true, nil
}

// Reset empties the index (every table but the migrations), in one transaction. The
// market's coin supplies go with it: the index is reset when the chain was rewound under
// it, and they may show blocks that are gone.
func (s *DB) Reset(ctx context.Context) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: reset: %w", err)
	}
	names := []string{"coin_supplies", "quarantine"}
	for _, t := range dumpTables {
		names = append(names, t.name)
	}
	for _, name := range names {
		if _, err := tx.ExecContext(ctx, "DELETE FROM "+name); err != nil {
			tx.Rollback()
			return fmt.Errorf("store: reset %s: %w", name, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: reset: %w", err)
	}
	return nil
}
