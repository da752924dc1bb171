package indexer_test

import (
	"bytes"
	"context"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
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
// run's. A kill counts only when it lands mid-backfill (after the first commit, before the
// last); a child that finishes before enough have landed proves nothing about recovery, so
// its index is wiped and the kills go on from scratch, aimed between the latest start-up and
// the earliest finish seen so far. The attempts are bounded; a run that never landed one
// mid-backfill kill is skipped, neither passed nor failed.
func TestSIGKILLAndRestartEqualsCleanRun(t *testing.T) {
	dir := t.TempDir()
	fx := sigkillFixture(t)
	chain := filepath.Join(dir, "chain.json")
	if err := os.WriteFile(chain, fx.state, 0o600); err != nil {
		t.Fatal(err)
	}
	want, height := fx.want, fx.height
	index := filepath.Join(dir, "index")

	const maxAttempts = 150
	// Six kills mid-backfill; four under the race detector, whose children start several
	// times slower (most of a run is their start-ups), so that -count=20 fits the default
	// ten minutes there too.
	wantMidway := 6
	if raceDetector {
		wantMidway = 4
	}
	rng := rand.New(rand.NewPCG(23, 24))
	// lo: the longest delay after which a fresh child had not committed yet; hi: the shortest
	// after which one had finished (0 until one has).
	var lo, hi time.Duration
	kills, midway, wipes := 0, 0, 0
	fresh := true
	for attempt := 0; ; attempt++ {
		if attempt >= maxAttempts {
			if midway == 0 {
				t.Skipf("none of %d kills in %d attempts landed mid-backfill (start-up ~%v, a whole run ~%v): the run proved nothing", kills, attempt, lo, hi)
			}
			// Some landed: the run to the end below is the proof.
		}
		var kill <-chan time.Time
		var delay time.Duration
		if midway < wantMidway && attempt < maxAttempts {
			delay = killDelay(rng, lo, hi, attempt)
			kill = time.After(delay)
		}
		cmd := exec.Command(os.Args[0], "-test.run=^TestSIGKILLChild$", "-test.count=1")
		cmd.Env = append(os.Environ(), "LUCKY_SIGKILL_DIR="+dir)
		began := time.Now()
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case err := <-done:
			if err != nil {
				t.Fatalf("child failed: %v", err)
			}
			// A finished index must equal the clean run's, whatever the kills before it.
			if got := indexDump(t, index); got != want {
				t.Fatalf("after %d kills (%d mid-backfill) the store differs from a clean run", kills, midway)
			}
			if kill == nil {
				t.Logf("%d SIGKILLs, %d mid-backfill, %d fresh starts", kills, midway, wipes)
				return
			}
			if took := time.Since(began); fresh && (hi == 0 || took < hi) {
				hi = took
			}
		case <-kill:
			cmd.Process.Kill() // SIGKILL
			<-done
			kills++
			switch h := progress(t, dir); {
			case h == 0:
				lo = max(lo, delay)
				continue
			case h < height:
				midway++
				fresh = false
				continue
			default: // killed after the last commit, on its way out
				if fresh && (hi == 0 || delay < hi) {
					hi = delay
				}
			}
		}
		// The backfill is complete but too few kills landed in it: start over.
		if err := os.RemoveAll(index); err != nil {
			t.Fatal(err)
		}
		fresh = true
		wipes++
	}
}

// killDelay is when to kill the next child: while no child has finished, past the
// longest start-up seen, within a bound that grows with the attempts; once one has,
// anywhere between start-up and that finish.
func killDelay(rng *rand.Rand, lo, hi time.Duration, attempt int) time.Duration {
	if hi == 0 {
		return lo + 50*time.Millisecond + time.Duration(rng.Int64N(int64(100*time.Millisecond)*int64(1+attempt)))
	}
	// Timings vary: a start-up seen longer than a whole run leaves a window of 50 ms.
	return lo + time.Duration(rng.Int64N(int64(max(hi-lo, 50*time.Millisecond))))
}

// indexDump is the SQLite index in dir, as Dump renders it.
func indexDump(t *testing.T, dir string) string {
	t.Helper()
	db, err := store.Open(context.Background(), store.Options{DataDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	got, err := db.Dump(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// sigkillSetup is the chain the SIGKILL test backfills (a devnet state file) with its
// height, and a clean run's index of it, made once per test binary: -count=N repeats the
// kills, not the setup, which is the same every time (seeded traffic).
type sigkillSetup struct {
	state  []byte
	height uint64
	want   string
}

var sigkillOnce struct {
	sync.Once
	setup sigkillSetup
}

func sigkillFixture(t *testing.T) sigkillSetup {
	t.Helper()
	sigkillOnce.Do(func() {
		n := newNode(t)
		traffic(t, n, rand.New(rand.NewPCG(21, 22)), 600)
		var buf bytes.Buffer
		if err := n.DumpState(&buf); err != nil {
			t.Fatal(err)
		}
		chain := filepath.Join(t.TempDir(), "chain.json")
		if err := os.WriteFile(chain, buf.Bytes(), 0o600); err != nil {
			t.Fatal(err)
		}
		clean := openSQLite(t)
		syncIndex(t, newIndexer(t, loadNode(t, chain), clean, nil), loadNode(t, chain))
		want, err := clean.Dump(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		sigkillOnce.setup = sigkillSetup{state: buf.Bytes(), height: n.Height(), want: want}
	})
	if sigkillOnce.setup.state == nil {
		t.Fatal("the chain and its clean index were not made (an earlier run failed making them)")
	}
	return sigkillOnce.setup
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
