package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync"
	"time"
)

// Role is a job that exactly one of the replicas sharing a PostgreSQL database runs: two
// ingesters would write every row twice, two bot runners would post every alert twice.
type Role string

// The roles.
const (
	RoleIngester Role = "ingester"
	RoleBots     Role = "bots"
)

// lockKey is the role's PostgreSQL advisory lock ("LUCKY" 2, 3).
func (r Role) lockKey() int64 {
	if r == RoleBots {
		return 0x4c55434b59_03
	}
	return 0x4c55434b59_02
}

// ErrLeaseLost: another replica took the role; this one must stop writing for it.
var ErrLeaseLost = errors.New("store: lease lost")

// LeaseCheck is how often a held lease checks that its connection, and with it the lock,
// is still alive. A replica that loses it (the database restarted, the network dropped
// it) stops the role within this time; another one may already have taken it.
const LeaseCheck = time.Second

// Lease is a role this process holds. On PostgreSQL it is a session advisory lock on a
// connection of its own: when the process dies, even by SIGKILL, the server closes the
// session and the lock is free at once for the next replica that asks. SQLite has one
// process per data directory, which holds every role.
type Lease struct {
	Role  Role
	epoch int64 // this holder's turn (PostgreSQL)
	conn  *sql.Conn
	lost  chan struct{} // closed when the lease ends without Release
	stop  chan struct{}
	done  chan struct{}
	once  sync.Once
}

// Lead tries to take role: nil (and no error) when another replica holds it.
func (s *DB) Lead(ctx context.Context, role Role) (*Lease, error) {
	l := &Lease{Role: role, lost: make(chan struct{}), stop: make(chan struct{}), done: make(chan struct{})}
	if s.dialect != Postgres {
		close(l.done)
		return l, nil
	}
	conn, err := s.db.Conn(ctx)
	if err != nil {
		return nil, fmt.Errorf("store: %s lease: %w", role, err)
	}
	var ok bool
	if err := conn.QueryRowContext(ctx, "SELECT pg_try_advisory_lock($1)", role.lockKey()).Scan(&ok); err != nil {
		conn.Close()
		return nil, fmt.Errorf("store: %s lease: %w", role, err)
	}
	if !ok {
		conn.Close()
		return nil, nil
	}
	// A new turn: writes fenced with the previous holder's epoch fail from now on.
	if err := conn.QueryRowContext(ctx, `INSERT INTO leases (role, epoch) VALUES ($1, 1)
		ON CONFLICT (role) DO UPDATE SET epoch = leases.epoch + 1 RETURNING epoch`, string(role)).Scan(&l.epoch); err != nil {
		_, _ = conn.ExecContext(context.WithoutCancel(ctx), "SELECT pg_advisory_unlock($1)", role.lockKey())
		conn.Close()
		return nil, fmt.Errorf("store: %s lease: %w", role, err)
	}
	l.conn = conn
	go l.watch()
	return l, nil
}

// watch checks the lease's connection every LeaseCheck and closes lost when it fails.
func (l *Lease) watch() {
	defer close(l.done)
	t := time.NewTicker(LeaseCheck)
	defer t.Stop()
	for {
		select {
		case <-l.stop:
			return
		case <-t.C:
			ctx, cancel := context.WithTimeout(context.Background(), LeaseCheck)
			err := l.conn.PingContext(ctx)
			cancel()
			if err != nil {
				close(l.lost)
				l.conn.Close()
				return
			}
		}
	}
}

// fence fails a write transaction with ErrLeaseLost when another replica has taken the
// role since this lease began. It locks the role's row until tx ends, so a new holder's
// turn begins either before (and this write fails) or after this write commits (and it
// reads what the write left).
func (l *Lease) fence(ctx context.Context, s *DB, tx *sql.Tx) error {
	if l == nil || l.conn == nil {
		return nil
	}
	res, err := tx.ExecContext(ctx, s.q("UPDATE leases SET epoch = epoch WHERE role = ? AND epoch = ?"), string(l.Role), l.epoch)
	if err != nil {
		return fmt.Errorf("store: %s lease: %w", l.Role, err)
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return fmt.Errorf("%w: %s", ErrLeaseLost, l.Role)
	}
	return nil
}

// Lost is closed when the lease ended without Release: stop the role's work at once.
func (l *Lease) Lost() <-chan struct{} { return l.lost }

// Release gives the role back (a no-op after it was lost, and the second time).
func (l *Lease) Release() {
	l.once.Do(func() {
		close(l.stop)
		<-l.done
		if l.conn == nil {
			return
		}
		select {
		case <-l.lost:
			return
		default:
		}
		// The lock also ends with the connection closed just below.
		_, _ = l.conn.ExecContext(context.Background(), "SELECT pg_advisory_unlock($1)", l.Role.lockKey())
		l.conn.Close()
	})
}
