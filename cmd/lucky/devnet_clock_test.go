package main

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/luckycoin/lucky/internal/devnet"
	"github.com/luckycoin/lucky/internal/devnet/devnettest"
	"github.com/luckycoin/lucky/internal/supra"
)

// `lucky serve --rpc` on a devnet builds transactions by the node's clock: after a day's
// time advance passed through this server, a transfer built at once is accepted (with the
// wall clock it arrives expired), and the clock keeps its offset while the node is away.
func TestDevnetClockFollowsTheNode(t *testing.T) {
	ctx := context.Background()
	log := slog.New(slog.DiscardHandler)
	node := devnettest.New(t, devnet.Options{})
	srv := httptest.NewServer(node.Handler())
	defer srv.Close()
	clock := newDevnetClock(srv.URL, log)
	proxy := passThrough(srv.URL, log, clock.invalidate)

	offset := func() time.Duration { return time.Until(clock.Now()) }
	if d := time.Until(node.Now()) - offset(); d.Abs() > 5*time.Second {
		t.Fatalf("the clock is %v off the node's", d)
	}
	// The test node's chain starts in the past: move it a day ahead of the wall clock.
	advance := int64(-offset().Seconds()) + 86400
	rec := httptest.NewRecorder()
	proxy.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/devnet/time/advance",
		strings.NewReader(fmt.Sprintf(`{"seconds":%d}`, advance))))
	if rec.Code != http.StatusOK {
		t.Fatalf("advance through the pass-through: %d %s", rec.Code, rec.Body)
	}
	if d := offset(); (d - 24*time.Hour).Abs() > 5*time.Second {
		t.Fatalf("right after the advance the clock is %v ahead of the wall clock, want 24h", d)
	}

	client, err := supra.NewClient([]string{srv.URL})
	if err != nil {
		t.Fatal(err)
	}
	from := node.Accounts()[0]
	to := node.Accounts()[1].Address
	transfer := func(now func() time.Time) error {
		b := &supra.TxBuilder{Node: client, Now: now}
		fid, _ := supra.ParseFunctionID("0x1::supra_account::transfer")
		raw, err := b.Build(ctx, from.Address, supra.EntryFunction{Module: fid.Module, Function: fid.Name,
			Args: [][]byte{devnettest.Addr(to), devnettest.U64(1)}})
		if err != nil {
			return err
		}
		tx, err := supra.Sign(raw, from.PrivateKey)
		if err != nil {
			return err
		}
		_, err = node.Submit(tx)
		return err
	}
	if err := transfer(time.Now); err == nil || !strings.Contains(err.Error(), "EXPIRED") {
		t.Fatalf("built by the wall clock after the advance: %v, want expired", err)
	}
	if err := transfer(clock.Now); err != nil {
		t.Fatalf("built by the node's clock: %v", err)
	}

	srv.Close()
	clock.invalidate()
	if d := offset(); (d - 24*time.Hour).Abs() > 5*time.Second {
		t.Fatalf("with the node gone the clock is %v ahead, want the last offset (24h)", d)
	}
}
