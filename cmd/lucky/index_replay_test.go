package main

import (
	"bytes"
	"context"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/luckycoin/lucky/internal/devnet"
	"github.com/luckycoin/lucky/internal/devnet/contracts"
	"github.com/luckycoin/lucky/internal/devnet/devnettest"
	"github.com/luckycoin/lucky/internal/store"
)

// `lucky index --replay-quarantine` reads the quarantined events again and exits; an event
// this binary's decoder still cannot read stays quarantined, and it says so.
func TestIndexReplayQuarantine(t *testing.T) {
	mods, err := contracts.All()
	if err != nil {
		t.Fatal(err)
	}
	node := devnettest.New(t, devnet.Options{Modules: mods})
	if _, _, err := node.InjectEvent(contracts.PlayEventType, []byte(`{"spin_results":"broken"}`), devnet.InjectTx{}); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(node.Handler())
	t.Cleanup(srv.Close)
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()

	// Index it once (the indexer runs until interrupted: stop it once the quarantine holds
	// the event), then replay.
	db, err := store.Open(ctx, store.Options{DataDir: filepath.Join(dir, "devnet")})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"index", "--rpc", srv.URL, "--data-dir", dir}, noEnv, &bytes.Buffer{}, &bytes.Buffer{})
	}()
	deadline := time.Now().Add(30 * time.Second)
	for n, _ := db.QuarantineCount(ctx); n != 1; n, _ = db.QuarantineCount(ctx) {
		if time.Now().After(deadline) {
			t.Fatal("the event was never quarantined")
		}
		time.Sleep(10 * time.Millisecond)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("lucky index: %v", err)
	}

	var errOut bytes.Buffer
	if err := run(context.Background(), []string{"index", "--rpc", srv.URL, "--data-dir", dir, "--replay-quarantine"}, noEnv, &bytes.Buffer{}, &errOut); err != nil {
		t.Fatalf("replay: %v\n%s", err, errOut.String())
	}
	if log := errOut.String(); !strings.Contains(log, "quarantine replayed") || !strings.Contains(log, "still_quarantined=1") {
		t.Fatalf("replay log:\n%s", log)
	}
	if n, _ := db.QuarantineCount(context.Background()); n != 1 {
		t.Fatalf("%d quarantined", n)
	}
}
