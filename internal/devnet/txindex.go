package devnet

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/luckycoin/lucky/internal/supra"
	_ "modernc.org/sqlite" // registers "sqlite"
)

// txIndex finds the transactions in the scratch file without keeping anything of them in
// memory: by hash, in their sender's listing (by sequence number) and in the coin listings
// of the accounts whose balances they changed (in chain order). An index in memory costs
// some 150 bytes a transaction, which a devnet left running for days would never give
// back; this one is a small SQLite database beside the scratch file, unlinked as soon as
// it is opened like the file, with a page cache of one mebibyte.
//
// Rows are keyed by a transaction's place in the chain, and the chain and its snapshots
// share the index as they share the file. That holds because only the node's current
// chain asks, and every other chain sharing the file is a prefix of it: a snapshot, or
// the chain a reset returns to. So the rows at places the asking chain has in the file
// are its own, and rows at later places belong to a chain it replaced: each call first
// deletes those (sync).
type txIndex struct {
	dir string
	log *slog.Logger

	mu   sync.Mutex
	db   *sql.DB
	conn *sql.Conn // one connection, kept: the database lives as long as it does
	name string    // set while the file could not be unlinked, to remove it on close
	rows int       // places 0 to rows-1 are indexed
	// err is the first failure to create or write the index: old transactions stay in
	// memory after it (as blocks do when the file fails), and no write is tried again.
	err error
}

// The two listings of an account: the transactions it sent (read from a sequence number
// on) and those that changed its coin balances (read from a number in the listing on). A
// row's n numbers it in its listing from 0; seq is the transaction's sequence number (an
// injected event's is 0, so it does not order a listing).
const (
	sentList = 0
	coinList = 1
)

const txIndexSchema = `
CREATE TABLE hashes (hash BLOB PRIMARY KEY, pos INTEGER NOT NULL) WITHOUT ROWID;
CREATE INDEX hashes_pos ON hashes (pos);
CREATE TABLE listings (account BLOB NOT NULL, list INTEGER NOT NULL, n INTEGER NOT NULL,
	pos INTEGER NOT NULL, seq INTEGER NOT NULL, PRIMARY KEY (account, list, n)) WITHOUT ROWID;
CREATE INDEX listings_pos ON listings (pos);`

var errTxIndexClosed = errors.New("transaction index closed")

func newTxIndex(dir string, log *slog.Logger) *txIndex { return &txIndex{dir: dir, log: log} }

// open creates the database; the caller holds x.mu.
func (x *txIndex) open() error {
	f, err := os.CreateTemp(x.dir, "lucky-devnet-index-*")
	if err != nil {
		return err
	}
	name := f.Name()
	f.Close()
	// No journal and no syncs: the index is rebuilt with the chain after any crash, and
	// an exclusive lock spares the lock calls.
	db, err := sql.Open("sqlite", "file:"+name+"?_pragma=journal_mode(OFF)&_pragma=synchronous(OFF)"+
		"&_pragma=locking_mode(EXCLUSIVE)&_pragma=cache_size(-1024)&_pragma=mmap_size(0)")
	if err != nil {
		os.Remove(name)
		return err
	}
	ctx := context.Background()
	conn, err := db.Conn(ctx)
	if err == nil {
		_, err = conn.ExecContext(ctx, txIndexSchema)
		if err != nil {
			conn.Close()
		}
	}
	if err != nil {
		db.Close()
		os.Remove(name)
		return err
	}
	if os.Remove(name) != nil {
		x.name = name
	}
	x.db, x.conn = db, conn
	// A chain a reset or a load replaced is collected with its index: the connection goes
	// with it (the database's memory is not the Go heap's, and its file is open).
	runtime.AddCleanup(x, func(c *sql.Conn) { c.Close(); db.Close() }, conn)
	return nil
}

// fail records the first failure to write; the caller holds x.mu.
func (x *txIndex) fail(err error) error {
	x.err = fmt.Errorf("%w: indexing old transactions in %q: %w", ErrBlockStorage, x.dir, err)
	x.log.Error("devnet: old transactions stay in memory", "err", x.err)
	return x.err
}

// sync drops the rows at places from limit on: they belong to a chain the caller's
// replaced. The caller holds x.mu.
func (x *txIndex) sync(ctx context.Context, limit int) error {
	if x.rows <= limit {
		return nil
	}
	for _, q := range []string{`DELETE FROM hashes WHERE pos >= ?`, `DELETE FROM listings WHERE pos >= ?`} {
		if _, err := x.conn.ExecContext(ctx, q, limit); err != nil {
			return err
		}
	}
	x.rows = limit
	return nil
}

// add indexes recs, the transactions at places from, from+1, … (from is the caller's
// number of transactions in the file). On an error nothing is indexed.
func (x *txIndex) add(from int, recs []*txRecord) error {
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.err != nil {
		return x.err
	}
	if x.conn == nil {
		if err := x.open(); err != nil {
			return x.fail(err)
		}
	}
	ctx := context.Background()
	if err := x.sync(ctx, from); err != nil {
		return x.fail(err)
	}
	if x.rows != from {
		return fmt.Errorf("%w: indexing transactions from %d, with %d indexed", ErrBlockStorage, from, x.rows)
	}
	if err := x.insert(ctx, from, recs); err != nil {
		return x.fail(err)
	}
	x.rows = from + len(recs)
	return nil
}

func (x *txIndex) insert(ctx context.Context, from int, recs []*txRecord) error {
	tx, err := x.conn.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback() //nolint:errcheck // after a commit it does nothing
	type key struct {
		account supra.Address
		list    int
	}
	next := map[key]int64{} // the next number in each listing written to
	var hashes, listings []any
	list := func(a supra.Address, list int, pos int, seq uint64) error {
		k := key{a, list}
		n, ok := next[k]
		if !ok {
			if n, err = listingLen(ctx, tx, a, list); err != nil {
				return err
			}
		}
		next[k] = n + 1
		listings = append(listings, a[:], list, n, pos, int64(seq))
		return nil
	}
	for i, r := range recs {
		pos := from + i
		hashes = append(hashes, r.Hash[:], pos)
		if !r.listed {
			continue
		}
		if err := list(r.Sender, sentList, pos, r.Seq); err != nil {
			return err
		}
		for _, a := range r.coins {
			if err := list(a, coinList, pos, r.Seq); err != nil {
				return err
			}
		}
	}
	if err := insertRows(ctx, tx, "hashes", 2, hashes); err != nil {
		return err
	}
	if err := insertRows(ctx, tx, "listings", 5, listings); err != nil {
		return err
	}
	return tx.Commit()
}

// insertRows inserts rows of cols values each (args holds them one after the other), a few
// hundred to a statement: one statement a row costs more than the row.
func insertRows(ctx context.Context, tx *sql.Tx, table string, cols int, args []any) error {
	const perStatement = 200
	row := "(?" + strings.Repeat(", ?", cols-1) + ")"
	for chunk := range slices.Chunk(args, perStatement*cols) {
		n := len(chunk) / cols
		q := "INSERT OR REPLACE INTO " + table + " VALUES " + row + strings.Repeat(", "+row, n-1)
		if _, err := tx.ExecContext(ctx, q, chunk...); err != nil {
			return err
		}
	}
	return nil
}

// query runs read with the index in step with a chain of limit transactions in the file.
func (x *txIndex) query(limit int, read func(context.Context) error) error {
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.conn == nil {
		if limit == 0 {
			return nil // nothing is in the file yet
		}
		return fmt.Errorf("%w: %w", ErrBlockStorage, errTxIndexClosed)
	}
	ctx := context.Background()
	if err := x.sync(ctx, limit); err != nil {
		return fmt.Errorf("%w: %w", ErrBlockStorage, err)
	}
	if err := read(ctx); err != nil {
		return fmt.Errorf("%w: transaction index: %w", ErrBlockStorage, err)
	}
	return nil
}

// find returns the place of the transaction with hash among the first limit.
func (x *txIndex) find(limit int, hash [32]byte) (pos int, ok bool, err error) {
	err = x.query(limit, func(ctx context.Context) error {
		err := x.conn.QueryRowContext(ctx, `SELECT pos FROM hashes WHERE hash = ?`, hash[:]).Scan(&pos)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		ok = err == nil
		return err
	})
	return pos, ok, err
}

// sent returns the places of up to count of the transactions addr sent, in order, from
// sequence number from on.
func (x *txIndex) sent(limit int, addr supra.Address, from uint64, count int) (places []int, err error) {
	err = x.query(limit, func(ctx context.Context) error {
		places, err = x.places(ctx, `SELECT pos FROM listings WHERE account = ? AND list = ? AND seq >= ?
			ORDER BY n LIMIT ?`, addr[:], sentList, int64(from), count)
		return err
	})
	return places, err
}

// coins returns the places of up to count transactions in addr's coin listing, from
// number from on, and the number of transactions the listing has in the file.
func (x *txIndex) coins(limit int, addr supra.Address, from uint64, count int) (places []int, total int64, err error) {
	err = x.query(limit, func(ctx context.Context) error {
		places, err = x.places(ctx, `SELECT pos FROM listings WHERE account = ? AND list = ? AND n >= ?
			ORDER BY n LIMIT ?`, addr[:], coinList, int64(from), count)
		if err == nil {
			total, err = listingLen(ctx, x.conn, addr, coinList)
		}
		return err
	})
	return places, total, err
}

// places runs a query of places; the caller holds x.mu.
func (x *txIndex) places(ctx context.Context, query string, args ...any) ([]int, error) {
	rows, err := x.conn.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var places []int
	for rows.Next() {
		var p int
		if err := rows.Scan(&p); err != nil {
			return nil, err
		}
		places = append(places, p)
	}
	return places, rows.Err()
}

// listingLen is the number of transactions in one of addr's listings.
func listingLen(ctx context.Context, q interface {
	QueryRowContext(context.Context, string, ...any) *sql.Row
}, addr supra.Address, list int) (int64, error) {
	var n int64
	err := q.QueryRowContext(ctx, `SELECT COALESCE(MAX(n) + 1, 0) FROM listings WHERE account = ? AND list = ?`,
		addr[:], list).Scan(&n)
	return n, err
}

// close releases the database; old transactions can no longer be found after it.
func (x *txIndex) close() error {
	x.mu.Lock()
	defer x.mu.Unlock()
	x.err = errTxIndexClosed
	if x.conn == nil {
		return nil
	}
	err := errors.Join(x.conn.Close(), x.db.Close())
	if x.name != "" {
		err = errors.Join(err, os.Remove(x.name))
	}
	x.db, x.conn = nil, nil
	return err
}
