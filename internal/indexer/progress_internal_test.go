package indexer

import (
	"log/slog"
	"testing"
	"time"
)

// A catch-up reports no pace and no time left until its first blocks are in: a rate from
// nothing would promise a time that means nothing (it read as hours on a fresh start).
func TestProgressHasNoPaceBeforeItsFirstBlocks(t *testing.T) {
	began := time.Now().Add(-2 * time.Second)
	p := &progress{log: slog.New(slog.DiscardHandler), from: 100, head: 5099, at: 100, began: began, lastLog: began}
	var out Progress
	p.fill(&out, time.Now())
	if !out.CatchingUp || out.BlocksPerSec != 0 || out.ETASeconds != 0 {
		t.Fatalf("before any block: %+v", out)
	}
	p.add(1099, 50) // blocks 100 to 1099
	out = Progress{}
	p.fill(&out, began.Add(2*time.Second))
	if out.BlocksPerSec != 500 || out.EventsPerSec != 25 || out.ETASeconds != 8 {
		t.Fatalf("1,000 blocks in 2 s, 4,000 to go: %+v, want 500 blocks/s, 25 events/s, 8 s left", out)
	}
}
