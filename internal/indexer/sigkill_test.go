package indexer_test

import (
	"context"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/luckycoin/lucky/internal/devnet"
	"github.com/luckycoin/lucky/internal/indexer"
	"github.com/luckycoin/lucky/internal/store"
)

// The child process of TestSIGKILLAndRestartEqualsCleanRun: it loads the saved devnet
// chain and backfills the SQLite index in LUCKY_SIGKILL_DIR until done or killed. Run
// alone (without the variable) it has nothing to do.
func TestSIGKILLChild(t *testing.T) {
	dir := os.Getenv("LUCKY_SIGKILL_DIR")
	if dir == "" {
		return
	}
	n := loadNode(t, filepath.Join(dir, "chain.json"))
	db, err := store.Open(context.Background(), store.Options{DataDir: filepath.Join(dir, "index")})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	// Narrow windows, so that the backfill takes many commits for the kills to land between.
	syncIndex(t, newIndexer(t, n, db, func(c *indexer.Config) { c.Prefetch, c.Span = 2, 20 }), n)
}

func loadNode(t testing.TB, path string) *devnet.Node {
	t.Helper()
	n := newNode(t)
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := n.LoadState(f); err != nil {
		t.Fatal(err)
	}
	return n
}

// SIGKILL at random points of a backfill (a real process death: no deferred code, no
// rollback but SQLite's own recovery), restart, repeat: the store ends equal to a clean
// run's.
func TestSIGKILLAndRestartEqualsCleanRun(t *testing.T) {
	dir := t.TempDir()
	n := newNode(t)
	traffic(t, n, rand.New(rand.NewPCG(21, 22)), 600)
	chain := filepath.Join(dir, "chain.json")
	f, err := os.Create(chain)
	if err != nil {
		t.Fatal(err)
	}
	if err := n.DumpState(f); err != nil {
		t.Fatal(err)
	}
	f.Close()
	clean := openSQLite(t)
	syncIndex(t, newIndexer(t, loadNode(t, chain), clean, nil), loadNode(t, chain))
	want, _ := clean.Dump(context.Background())

	// Kills land at random moments, at first in start-up, then (as the bound grows) deep in the
	// backfill; once enough have landed mid-backfill, the last run goes to the end.
	const wantMidway = 6
	rng := rand.New(rand.NewPCG(23, 24))
	kills, midway := 0, 0
	for attempt := 0; ; attempt++ {
		if attempt > 200 {
			t.Fatalf("the child never finished: indexed to %d of %d after %d kills", progress(t, dir), n.Height(), kills)
		}
		cmd := exec.Command(os.Args[0], "-test.run=^TestSIGKILLChild$", "-test.count=1")
		cmd.Env = append(os.Environ(), "LUCKY_SIGKILL_DIR="+dir)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		var kill <-chan time.Time
		if midway < wantMidway {
			kill = time.After(50*time.Millisecond + time.Duration(rng.Int64N(int64(100*time.Millisecond)*int64(1+attempt))))
		}
		select {
		case err := <-done:
			if err != nil {
				t.Fatalf("child failed: %v", err)
			}
		case <-kill:
			cmd.Process.Kill() // SIGKILL
			<-done
			kills++
			if h := progress(t, dir); h > 0 && h <= n.Height() {
				midway++
			}
			continue
		}
		break
	}
	db, err := store.Open(context.Background(), store.Options{DataDir: filepath.Join(dir, "index")})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	got, _ := db.Dump(context.Background())
	if got != want {
		t.Fatalf("after %d kills the store differs from a clean run", kills)
	}
	if midway == 0 {
		t.Fatalf("none of %d kills landed mid-backfill: the test proved nothing", kills)
	}
	t.Logf("%d SIGKILLs, %d mid-backfill", kills, midway)
}

// progress is the lowest cursor of the child's index (0 before its first commit).
func progress(t *testing.T, dir string) uint64 {
	t.Helper()
	path := filepath.Join(dir, "index", store.DBFile)
	if _, err := os.Stat(path); err != nil {
		return 0
	}
	db, err := store.Open(context.Background(), store.Options{DataDir: filepath.Join(dir, "index")})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	cur, err := db.Cursors(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	low := uint64(0)
	for _, h := range cur {
		if low == 0 || h < low {
			low = h
		}
	}
	return low
}
