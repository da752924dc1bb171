package devnet_test

import (
	"bytes"
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/luckycoin/lucky/internal/devnet"
	"github.com/luckycoin/lucky/internal/devnet/devnettest"
	"github.com/luckycoin/lucky/internal/supra"
)

// pastStart is when the test pasts begin: long before the nodes' fixed clock.
func pastStart() time.Time { return time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC) }

// hourlyTransfers is a past of count transfers from dev account 0 to 1, an hour apart;
// calls counts how often it was written.
func hourlyTransfers(count int, calls *int) *devnet.Past {
	return &devnet.Past{Start: pastStart(), Write: func(ctx context.Context, n *devnet.Node) error {
		*calls++
		acc := n.Accounts()
		for range count {
			if err := ctx.Err(); err != nil {
				return err
			}
			if _, err := n.AdvanceTime(time.Hour); err != nil {
				return err
			}
			if _, err := devnettest.Submit(n, acc[0].PrivateKey, transferCall(acc[1].Address, 1_000)); err != nil {
				return err
			}
		}
		return nil
	}}
}

// The past is written on a clock that only AdvanceTime moves, one block per transaction
// whatever the block time, and the node's clock runs on from where the past ended.
func TestPastIsWrittenOnAHeldClock(t *testing.T) {
	for _, blockTime := range []time.Duration{0, time.Hour} {
		t.Run(blockTime.String(), func(t *testing.T) {
			calls := 0
			n := devnettest.New(t, devnet.Options{BlockTime: blockTime, Past: hourlyTransfers(3, &calls)})
			if calls != 1 || n.Height() != 3 {
				t.Fatalf("written %d times, height %d, want once and 3", calls, n.Height())
			}
			c := devnettest.Client(t, n)
			for h := uint64(0); h <= 3; h++ {
				b, err := c.BlockByHeight(context.Background(), h, true)
				if err != nil {
					t.Fatal(err)
				}
				want := pastStart().Add(time.Duration(h) * time.Hour)
				if got := time.UnixMicro(int64(b.Header.Timestamp.MicrosecondsSinceUnixEpoch)); !got.Equal(want) || len(b.Transactions) != 1 {
					t.Errorf("block %d at %s with %d transactions, want %s with 1", h, got, len(b.Transactions), want)
				}
			}
			end := pastStart().Add(3 * time.Hour)
			if now := n.Now(); now.Before(end) || now.After(end.Add(time.Millisecond)) {
				t.Fatalf("clock at %s after the past, want %s", now, end)
			}
		})
	}
}

// The same past gives the same chain, byte for byte.
func TestPastIsDeterministic(t *testing.T) {
	var calls int
	a := devnettest.New(t, devnet.Options{Past: hourlyTransfers(4, &calls)})
	b := devnettest.New(t, devnet.Options{Past: hourlyTransfers(4, &calls)})
	if !bytes.Equal(dump(t, a), dump(t, b)) {
		t.Fatal("two nodes with the same past dump different chains")
	}
}

// Reset goes back to where the past ended; a state file, when there is one, is loaded
// instead of writing the past, and a reset of that node writes it again.
func TestPastResetAndStateFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.json")
	calls := 0
	n := devnettest.New(t, devnet.Options{StatePath: path, Past: hourlyTransfers(2, &calls)})
	dev := n.Accounts()
	after := n.Balance(dev[1].Address, supraCoin)
	if after != devnet.DefaultDevBalance+2_000 {
		t.Fatalf("balance after the past %d", after)
	}
	if _, err := devnettest.Submit(n, dev[0].PrivateKey, transferCall(dev[1].Address, 5)); err != nil {
		t.Fatal(err)
	}
	if err := n.Reset(); err != nil {
		t.Fatal(err)
	}
	if got, h := n.Balance(dev[1].Address, supraCoin), n.Height(); got != after || h != 2 || calls != 1 {
		t.Fatalf("after reset: balance %d, height %d, past written %d times; want %d, 2, once", got, h, calls, after)
	}
	if _, err := devnettest.Submit(n, dev[0].PrivateKey, transferCall(dev[1].Address, 5)); err != nil {
		t.Fatal(err)
	}
	if err := n.Close(); err != nil {
		t.Fatal(err)
	}

	m := devnettest.New(t, devnet.Options{StatePath: path, Past: hourlyTransfers(2, &calls)})
	if got, h := m.Balance(dev[1].Address, supraCoin), m.Height(); got != after+5 || h != 3 || calls != 1 {
		t.Fatalf("loaded: balance %d, height %d, past written %d times; want %d, 3, once", got, h, calls, after+5)
	}
	if err := m.Reset(); err != nil {
		t.Fatal(err)
	}
	if got, h := m.Balance(dev[1].Address, supraCoin), m.Height(); got != after || h != 2 || calls != 2 {
		t.Fatalf("loaded then reset: balance %d, height %d, past written %d times; want %d, 2, twice", got, h, calls, after)
	}
}

// A past that fails, or is cancelled, fails the node's start with ErrPast.
func TestPastFailure(t *testing.T) {
	boom := errors.New("boom")
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	var calls int
	tests := []struct {
		name string
		ctx  context.Context
		past *devnet.Past
		want error
	}{
		{"write fails", context.Background(), &devnet.Past{Start: pastStart(), Write: func(context.Context, *devnet.Node) error { return boom }}, boom},
		{"refused transaction", context.Background(), &devnet.Past{Start: pastStart(), Write: func(_ context.Context, n *devnet.Node) error {
			var nobody supra.Address
			nobody[31] = 0x77
			_, err := devnettest.Submit(n, n.Accounts()[0].PrivateKey, devnettest.Call{Function: "0x1::supra_account::transfer",
				Args: [][]byte{devnettest.Addr(nobody), devnettest.U64(1)}, GasPrice: 1})
			return err
		}}, devnet.ErrRejected},
		{"cancelled", cancelled, hourlyTransfers(2, &calls), context.Canceled},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n, err := devnet.NewContext(tt.ctx, devnet.Options{Past: tt.past})
			if err == nil {
				n.Close()
			}
			if !errors.Is(err, devnet.ErrPast) || !errors.Is(err, tt.want) {
				t.Fatalf("err = %v, want ErrPast and %v", err, tt.want)
			}
		})
	}
}

// SetTime puts the next block at the time given, and never moves the clock back.
func TestSetTime(t *testing.T) {
	n := devnettest.New(t, devnet.Options{})
	now := n.Now()
	tests := []struct {
		name    string
		to      time.Time
		wantErr bool
	}{
		{"forward", now.Add(90 * time.Minute), false},
		{"same instant", now.Add(90 * time.Minute), false},
		{"back", now, true},
	}
	for _, tt := range tests {
		got, err := n.SetTime(tt.to)
		if (err != nil) != tt.wantErr || err == nil && (!got.Equal(tt.to) || !n.Now().Equal(tt.to)) {
			t.Errorf("%s: SetTime(%s) = %s, %v; chain at %s", tt.name, tt.to, got, err, n.Now())
		}
	}
	dev := n.Accounts()
	if _, err := devnettest.Submit(n, dev[0].PrivateKey, transferCall(dev[1].Address, 1)); err != nil {
		t.Fatal(err)
	}
	b, err := devnettest.Client(t, n).LatestBlock(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if at := time.UnixMicro(int64(b.Timestamp.MicrosecondsSinceUnixEpoch)); !at.Equal(now.Add(90 * time.Minute)) {
		t.Fatalf("block at %s, want %s", at, now.Add(90*time.Minute))
	}
}

// A past's signatures are checked beside its execution, not skipped: one bad signature
// among good ones fails the whole past, and the node does not start on it.
func TestPastWithABadSignatureFails(t *testing.T) {
	bad := &devnet.Past{Start: pastStart(), Write: func(ctx context.Context, n *devnet.Node) error {
		acc := n.Accounts()
		for i := range 5 {
			raw, err := devnettest.Build(n, acc[0].PrivateKey, transferCall(acc[1].Address, 1_000))
			if err != nil {
				return err
			}
			tx, err := supra.Sign(raw, acc[0].PrivateKey)
			if err != nil {
				return err
			}
			if i == 3 {
				tx.Auth.Signature[0] ^= 1
			}
			if _, err := n.Submit(tx); err != nil {
				return err
			}
		}
		return nil
	}}
	_, err := devnet.New(devnet.Options{Past: bad})
	if !errors.Is(err, devnet.ErrPast) || !strings.Contains(err.Error(), "INVALID_SIGNATURE") {
		t.Fatalf("New: %v, want ErrPast with INVALID_SIGNATURE", err)
	}
}
