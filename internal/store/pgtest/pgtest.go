// Package pgtest gives tests a real PostgreSQL: the server at LUCKY_TEST_DATABASE_URL when
// set, otherwise a throwaway cluster (initdb in a temp dir, a free loopback port, fsync
// off) started on first use and stopped when the test binary ends. Each call to URL gets
// a fresh database. PostgreSQL missing is a test failure, not a skip: scripts/
// ensure-postgres.sh installs it from Debian's packages (make test runs it).
package pgtest

import (
	"context"
	"database/sql"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib"
)

var (
	once    sync.Once
	baseURL string
	dir     string
	runAs   []string
	pgBin   string
	errMain error
	seq     atomic.Int64
)

// Main runs the tests and stops the cluster afterwards: call it from TestMain.
func Main(m *testing.M) int {
	code := m.Run()
	stop()
	return code
}

// URL returns the URL of a new, empty database.
func URL(t testing.TB) string {
	t.Helper()
	once.Do(start)
	if errMain != nil {
		t.Fatalf("pgtest: %v (scripts/ensure-postgres.sh installs PostgreSQL)", errMain)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	db, err := sql.Open("pgx", baseURL+"/postgres?sslmode=disable")
	if err != nil {
		t.Fatalf("pgtest: %v", err)
	}
	defer db.Close()
	name := fmt.Sprintf("t%d_%d", os.Getpid(), seq.Add(1))
	if _, err := db.ExecContext(ctx, "CREATE DATABASE "+name); err != nil {
		t.Fatalf("pgtest: create database: %v", err)
	}
	t.Cleanup(func() {
		db, err := sql.Open("pgx", baseURL+"/postgres?sslmode=disable")
		if err == nil {
			_, _ = db.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)")
			db.Close()
		}
	})
	return baseURL + "/" + name + "?sslmode=disable"
}

func findBin() (string, error) {
	if p, err := exec.LookPath("initdb"); err == nil {
		return filepath.Dir(p), nil
	}
	m, _ := filepath.Glob("/usr/lib/postgresql/*/bin/initdb")
	if len(m) > 0 {
		return filepath.Dir(m[len(m)-1]), nil
	}
	return "", fmt.Errorf("PostgreSQL (initdb) not found")
}

func run(name string, args ...string) ([]byte, error) {
	full := append(append(append([]string{}, runAs...), filepath.Join(pgBin, name)), args...)
	cmd := exec.Command(full[0], full[1:]...)
	return cmd.CombinedOutput()
}

func start() {
	if u := os.Getenv("LUCKY_TEST_DATABASE_URL"); u != "" {
		baseURL = u
		return
	}
	var err error
	if pgBin, err = findBin(); err != nil {
		errMain = err
		return
	}
	if dir, err = os.MkdirTemp("", "lucky-pg-"); err != nil {
		errMain = err
		return
	}
	// PostgreSQL refuses to run as root: run it as the postgres user then.
	if os.Geteuid() == 0 {
		u, err := user.Lookup("postgres")
		if err != nil {
			errMain = fmt.Errorf("running as root and no postgres user: %w", err)
			return
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		if err := os.Chown(dir, uid, gid); err != nil {
			errMain = err
			return
		}
		runAs = []string{"runuser", "-u", "postgres", "--"}
	}
	data := filepath.Join(dir, "data")
	if out, err := run("initdb", "-D", data, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"); err != nil {
		errMain = fmt.Errorf("initdb: %v: %s", err, out)
		return
	}
	port, err := freePort()
	if err != nil {
		errMain = err
		return
	}
	opts := fmt.Sprintf("-p %d -k %s -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200", port, dir)
	if out, err := run("pg_ctl", "-D", data, "-o", opts, "-l", filepath.Join(dir, "log"), "-w", "-t", "60", "start"); err != nil {
		log, _ := os.ReadFile(filepath.Join(dir, "log"))
		errMain = fmt.Errorf("pg_ctl start: %v: %s %s", err, out, log)
		return
	}
	baseURL = fmt.Sprintf("postgres://postgres@127.0.0.1:%d", port)
}

func stop() {
	if dir == "" {
		return
	}
	_, _ = run("pg_ctl", "-D", filepath.Join(dir, "data"), "-m", "immediate", "-w", "stop") // best effort at exit
	_ = os.RemoveAll(dir)                                                                   // a leftover temp dir is harmless
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}
