package devnet_test

import (
	"bytes"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/luckycoin/lucky/internal/devnet"
	"github.com/luckycoin/lucky/internal/devnet/devnettest"
	"github.com/luckycoin/lucky/internal/supra"
)

// A node keeping 3 blocks in memory (the rest in its block file) answers every read of
// the chain exactly like one keeping every block in memory: blocks by height, events,
// transactions by hash and per account, the state dump; through a revert to a snapshot
// taken after old blocks went to the file, and after loading the dump.
func TestOldBlocksReadBackTheSame(t *testing.T) {
	tests := []struct {
		name      string
		blockTime time.Duration // an hour: blocks are sealed only by Mine, several transactions each
	}{
		{name: "a block per transaction"},
		{name: "blocks of several transactions", blockTime: time.Hour},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			small := devnettest.New(t, devnet.Options{RecentBlocks: 3, BlockTime: tt.blockTime})
			all := devnettest.New(t, devnet.Options{RecentBlocks: 1 << 30, BlockTime: tt.blockTime})
			var hashes [][32]byte
			// same runs one step on both nodes and checks that they answer alike.
			same := func(step string, f func(n *devnet.Node) [][32]byte) {
				t.Helper()
				hs := f(small)
				f(all)
				hashes = append(hashes, hs...)
				want := chainAnswers(t, all, hashes)
				got := chainAnswers(t, small, hashes)
				for path, w := range want {
					if g := got[path]; g != w {
						t.Fatalf("%s: GET %s\n got %s\nwant %s", step, path, g, w)
					}
				}
				if !bytes.Equal(dump(t, small), dump(t, all)) {
					t.Fatalf("%s: the state dumps differ", step)
				}
			}

			same("first blocks", func(n *devnet.Node) [][32]byte { return transfersAndBlocks(t, n, 40, 0) })
			var snap, height uint64
			same("snapshot, then more blocks", func(n *devnet.Node) [][32]byte {
				snap, height = n.Snapshot(), n.Height()
				return transfersAndBlocks(t, n, 20, 1)
			})
			same("revert", func(n *devnet.Node) [][32]byte {
				if err := n.Revert(snap); err != nil {
					t.Fatal(err)
				}
				if n.Height() != height {
					t.Fatalf("height after revert %d, want %d", n.Height(), height)
				}
				return nil
			})
			same("other blocks after the revert", func(n *devnet.Node) [][32]byte { return transfersAndBlocks(t, n, 25, 2) })

			state := dump(t, all)
			same("load the dump", func(n *devnet.Node) [][32]byte {
				if err := n.LoadState(bytes.NewReader(state)); err != nil {
					t.Fatal(err)
				}
				return nil
			})
		})
	}
}

// transfersAndBlocks submits rounds transfers from dev account 0 and mines between 0 and
// 4 empty blocks after each (sealing the transactions in interval mode); salt varies the
// amounts so that branches differ.
func transfersAndBlocks(t *testing.T, n *devnet.Node, rounds, salt int) [][32]byte {
	t.Helper()
	dev := n.Accounts()
	var out [][32]byte
	for i := range rounds {
		to := dev[1+(i+salt)%3].Address
		h, err := devnettest.Submit(n, dev[0].PrivateKey, transferCall(to, uint64(1+i+100*salt)))
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, h)
		n.Mine((i + salt) % 5)
	}
	return out
}

// chainAnswers reads every block, every window of events, every transaction and the
// accounts' listings over RPC: path → status and body.
func chainAnswers(t *testing.T, n *devnet.Node, hashes [][32]byte) map[string]string {
	t.Helper()
	h := n.Handler()
	out := map[string]string{}
	get := func(path string) {
		code, body := doJSON(t, h, http.MethodGet, path, "")
		if code != http.StatusOK && !strings.Contains(string(body), "block_not_found") {
			t.Fatalf("GET %s: %d %s", path, code, body)
		}
		out[path] = fmt.Sprintf("%d %s", code, body)
	}
	top := n.Height()
	for b := uint64(0); b <= top+1; b++ {
		get(fmt.Sprintf("/rpc/v1/block/height/%d?with_finalized_transactions=true", b))
		get(fmt.Sprintf("/rpc/v1/block/height/%d", b))
	}
	get("/rpc/v1/block")
	for start := uint64(0); start <= top; start += 7 {
		get(fmt.Sprintf("/rpc/v1/events/0x1::coin::CoinDeposit?start=%d&end=%d", start, start+10))
		get(fmt.Sprintf("/rpc/v1/events/0x1::transaction_fee::FeeStatement?start=%d&end=%d", start, start+10))
	}
	for _, hash := range hashes {
		get("/rpc/v1/transactions/" + supra.EncodeHex(hash[:]))
	}
	for _, a := range n.Accounts()[:4] {
		get("/rpc/v1/accounts/" + a.Address.String() + "/transactions?count=100")
		get("/rpc/v1/accounts/" + a.Address.String() + "/coin_transactions?count=100")
	}
	return out
}

// A node with a state file keeps its old blocks and transactions next to it, leaves no
// file there but the state and its one history journal (written from the old records),
// and answers the same after a restart.
func TestOldBlocksSurviveARestart(t *testing.T) {
	dir := t.TempDir()
	opts := devnet.Options{StatePath: filepath.Join(dir, "state.json"), RecentBlocks: 3, RecentTransactions: 2}
	n := devnettest.New(t, opts)
	hashes := transfersAndBlocks(t, n, 30, 0)
	before := chainAnswers(t, n, hashes)
	if n.TransactionsInFile() == 0 {
		t.Fatal("no transaction in the scratch file")
	}
	if err := n.Close(); err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 2 || entries[0].Name() != "state.json" || !strings.HasPrefix(entries[1].Name(), "state.json.history-") {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Fatalf("files left in the state directory: %v", names)
	}
	m := devnettest.New(t, opts)
	if m.TransactionsInFile() == 0 {
		t.Fatal("no transaction in the scratch file after the restart")
	}
	after := chainAnswers(t, m, hashes)
	for path, want := range before {
		if got := after[path]; got != want {
			t.Fatalf("after the restart GET %s\n got %s\nwant %s", path, got, want)
		}
	}
	// The restarted node writes a journal of its own and deletes the one it loaded.
	if err := m.Close(); err != nil {
		t.Fatal(err)
	}
	again, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(again) != 2 || again[1].Name() == entries[1].Name() {
		t.Fatalf("after the second close: %v (first journal %s)", again, entries[1].Name())
	}
}
