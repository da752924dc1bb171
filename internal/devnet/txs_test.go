package devnet_test

import (
	"bytes"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/luckycoin/lucky/internal/devnet"
	"github.com/luckycoin/lucky/internal/devnet/devnettest"
	"github.com/luckycoin/lucky/internal/supra"
)

// A node keeping 2 transactions in memory (the rest in its scratch file) answers every
// read of a transaction exactly like one keeping all of them: by hash, per account, in
// events (both queries, every page), in blocks with their transactions, in the state dump
// and after loading it; and a snapshot and the chain each go on from a shared history.
func TestOldTransactionsReadBackTheSame(t *testing.T) {
	tests := []struct {
		name         string
		blockTime    time.Duration
		recentBlocks int // of the small node; the other keeps everything
	}{
		{name: "a block per transaction, blocks in memory", recentBlocks: 1 << 30},
		{name: "a block per transaction, blocks in the file too", recentBlocks: 3},
		{name: "blocks of several transactions", blockTime: time.Hour, recentBlocks: 1 << 30},
		{name: "blocks of several transactions in the file too", blockTime: time.Hour, recentBlocks: 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			small := devnettest.New(t, devnet.Options{RecentTransactions: 2, RecentBlocks: tt.recentBlocks, BlockTime: tt.blockTime})
			all := devnettest.New(t, devnet.Options{RecentTransactions: 1 << 30, RecentBlocks: 1 << 30, BlockTime: tt.blockTime})
			var hashes [][32]byte
			same := func(step string, f func(n *devnet.Node) [][32]byte) {
				t.Helper()
				hashes = append(hashes, f(small)...)
				f(all)
				want, got := txAnswers(t, all, hashes), txAnswers(t, small, hashes)
				for path, w := range want {
					if g := got[path]; g != w {
						t.Fatalf("%s: GET %s\n got %s\nwant %s", step, path, g, w)
					}
				}
				if !bytes.Equal(dump(t, small), dump(t, all)) {
					t.Fatalf("%s: the state dumps differ", step)
				}
			}

			same("first transactions", func(n *devnet.Node) [][32]byte {
				hs := transfersAndBlocks(t, n, 30, 0)
				return append(hs, injectEvents(t, n, 3)...)
			})
			if small.TransactionsInFile() == 0 {
				t.Fatal("no transaction went to the file")
			}
			var snap uint64
			same("snapshot with a transaction pending, then both go on", func(n *devnet.Node) [][32]byte {
				hs := transfersAndBlocks(t, n, 1, 3) // pending in interval mode: Mine(4) after it…
				h, err := devnettest.Submit(n, n.Accounts()[1].PrivateKey, transferCall(n.Accounts()[2].Address, 77))
				if err != nil {
					t.Fatal(err)
				}
				snap = n.Snapshot() // …but not after this one
				return append(append(hs, h), transfersAndBlocks(t, n, 12, 1)...)
			})
			same("revert, then other transactions", func(n *devnet.Node) [][32]byte {
				if err := n.Revert(snap); err != nil {
					t.Fatal(err)
				}
				return append(transfersAndBlocks(t, n, 12, 2), injectEvents(t, n, 2)...)
			})
			state := dump(t, all)
			same("load the dump", func(n *devnet.Node) [][32]byte {
				if err := n.LoadState(bytes.NewReader(state)); err != nil {
					t.Fatal(err)
				}
				return nil
			})
			if small.TransactionsInFile() == 0 {
				t.Fatal("no transaction went to the file after the load")
			}
			same("more after the load", func(n *devnet.Node) [][32]byte { return transfersAndBlocks(t, n, 8, 4) })
		})
	}
}

// injectEvents injects k events whose data and call carry what JSON may escape.
func injectEvents(t *testing.T, n *devnet.Node, k int) [][32]byte {
	t.Helper()
	var out [][32]byte
	for i := range k {
		data := fmt.Sprintf(`{"coin":"0x1::coin::CoinStore<0x1::supra_coin::SupraCoin>","note":"a & b <i>","n":%d}`, i)
		hash, _, err := n.InjectEvent(playedEvent, []byte(data), devnet.InjectTx{
			Sender: n.Accounts()[1].Address.String(), Function: "0xcafe::game::play",
			Arguments: []json.RawMessage{[]byte(`{"b":2,"a":"<x>"}`), []byte(`12345678901234567890`), []byte(`true`)}})
		if err != nil {
			t.Fatal(err)
		}
		b, err := supra.DecodeHex(hash)
		if err != nil || len(b) != 32 {
			t.Fatalf("injected hash %q: %v", hash, err)
		}
		out = append(out, [32]byte(b))
	}
	return out
}

const playedEvent = "0xcafe::game::Played<0x1::supra_coin::SupraCoin>"

// txAnswers is chainAnswers plus every page of the v3 events query for three types
// (cursor header included) and the listings of the account that injects events.
func txAnswers(t *testing.T, n *devnet.Node, hashes [][32]byte) map[string]string {
	t.Helper()
	out := chainAnswers(t, n, hashes)
	h := n.Handler()
	for _, typ := range []string{"0x1::coin::CoinDeposit", "0x1::transaction_fee::FeeStatement", "0xcafe::game::Played", playedEvent} {
		for start := ""; ; {
			path := "/rpc/v3/events/" + url.PathEscape(typ) + "?limit=3"
			if start != "" {
				path += "&start=" + start
			}
			req := httptest.NewRequest(http.MethodGet, path, nil)
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code != http.StatusOK {
				t.Fatalf("GET %s: %d %s", path, rec.Code, rec.Body)
			}
			start = rec.Header().Get(supra.CursorHeader)
			out[path] = start + " " + rec.Body.String()
			if start == "" {
				break
			}
		}
		out["v1 "+typ] = fmt.Sprint(doJSON(t, h, http.MethodGet, "/rpc/v1/events/"+url.PathEscape(typ)+"?start=0&end=10", ""))
	}
	// From every height: the first transaction of a range is found among the old ones or
	// among those in memory.
	for start := uint64(0); start <= n.Height()+1; start++ {
		path := fmt.Sprintf("/rpc/v3/events/0x1::transaction_fee::FeeStatement?start_height=%d&end_height=%d&limit=4", start, start+6)
		out[path] = fmt.Sprint(doJSON(t, h, http.MethodGet, path, ""))
	}
	return out
}

// When the scratch file cannot be read, a read of an old transaction answers 500
// internal_error and logs why, in every route that reads one; recent transactions still
// answer.
func TestOldTransactionsUnreadable(t *testing.T) {
	var logs bytes.Buffer
	n := devnettest.New(t, devnet.Options{RecentTransactions: 2, Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	hashes := transfersAndBlocks(t, n, 12, 0)
	old, recent := hashes[0], hashes[len(hashes)-1]
	last, ok := n.Transaction(recent)
	if !ok || n.TransactionsInFile() == 0 {
		t.Fatalf("recent transaction found %v, %d in the file", ok, n.TransactionsInFile())
	}
	if err := n.CloseScratchFile(); err != nil {
		t.Fatal(err)
	}
	sender := n.Accounts()[0].Address.String()
	top := last.BlockHeader.Height
	tests := []struct {
		name string
		path string
		code int
	}{
		{"an old transaction", "/rpc/v1/transactions/" + supra.EncodeHex(old[:]), http.StatusInternalServerError},
		{"a recent transaction", "/rpc/v1/transactions/" + supra.EncodeHex(recent[:]), http.StatusOK},
		{"the sender's listing", "/rpc/v1/accounts/" + sender + "/transactions?count=100", http.StatusInternalServerError},
		{"the sender's listing from its last transaction", "/rpc/v1/accounts/" + sender + "/transactions?start=11", http.StatusOK},
		{"the sender's coin transactions", "/rpc/v1/accounts/" + sender + "/coin_transactions?count=100", http.StatusInternalServerError},
		{"an old block with its transactions", "/rpc/v1/block/height/1?with_finalized_transactions=true", http.StatusInternalServerError},
		{"an old block without them", "/rpc/v1/block/height/1", http.StatusOK},
		{"the newest block with its transactions", fmt.Sprintf("/rpc/v1/block/height/%d?with_finalized_transactions=true", top), http.StatusOK},
		{"old events", "/rpc/v1/events/0x1::transaction_fee::FeeStatement?start=0&end=10", http.StatusInternalServerError},
		{"old events (v3)", "/rpc/v3/events/0x1::transaction_fee::FeeStatement", http.StatusInternalServerError},
		{"recent events (v3)", fmt.Sprintf("/rpc/v3/events/0x1::transaction_fee::FeeStatement?start_height=%d", top), http.StatusOK},
		// What rules an old transaction out of an event query is in the file too.
		{"old blocks without the type's events (v3)", "/rpc/v3/events/0xcafe::nothing::Here", http.StatusInternalServerError},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			logs.Reset()
			code, body := doJSON(t, n.Handler(), http.MethodGet, tt.path, "")
			if code != tt.code {
				t.Fatalf("GET %s: %d %s, want %d", tt.path, code, body, tt.code)
			}
			failed := code == http.StatusInternalServerError
			if failed && !strings.Contains(string(body), `"error_code":"internal_error"`) {
				t.Fatalf("GET %s: %s", tt.path, body)
			}
			if logged := strings.Count(logs.String(), "block storage"); logged != map[bool]int{true: 1}[failed] {
				t.Fatalf("GET %s: the log says %q", tt.path, logs.String())
			}
		})
	}
	if _, ok := n.Transaction(old); ok {
		t.Fatal("Transaction found an unreadable transaction")
	}
	if err := n.DumpState(&bytes.Buffer{}); !errors.Is(err, devnet.ErrBlockStorage) {
		t.Fatalf("DumpState = %v, want ErrBlockStorage", err)
	}
	// The dump failed before a byte of it was out: an error answer, not a 200.
	if code, body := doJSON(t, n.Handler(), http.MethodGet, "/devnet/state", ""); code != http.StatusInternalServerError ||
		!strings.Contains(string(body), `"code":"internal_error"`) {
		t.Fatalf("GET /devnet/state: %d %s", code, body)
	}
	// New transactions stay in memory and answer.
	h, err := devnettest.Submit(n, n.Accounts()[0].PrivateKey, transferCall(n.Accounts()[1].Address, 5))
	if err != nil {
		t.Fatal(err)
	}
	if code, body := doJSON(t, n.Handler(), http.MethodGet, "/rpc/v1/transactions/"+supra.EncodeHex(h[:]), ""); code != http.StatusOK {
		t.Fatalf("a new transaction: %d %s", code, body)
	}
}

// When the index of the scratch file cannot be read, a look-up of an old transaction by
// hash or in an account's listings answers 500 internal_error and logs why; blocks and
// events, read from the file, still answer, and so does a new transaction (it stays in
// memory, as no old one can be indexed).
func TestOldTransactionsUnindexed(t *testing.T) {
	var logs bytes.Buffer
	n := devnettest.New(t, devnet.Options{RecentTransactions: 2, Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	hashes := transfersAndBlocks(t, n, 12, 0)
	old := hashes[0]
	if err := n.CloseTransactionIndex(); err != nil {
		t.Fatal(err)
	}
	fresh, err := devnettest.Submit(n, n.Accounts()[0].PrivateKey, transferCall(n.Accounts()[1].Address, 5))
	if err != nil {
		t.Fatal(err)
	}
	sender := n.Accounts()[0].Address.String()
	tests := []struct {
		path string
		code int
	}{
		{"/rpc/v1/transactions/" + supra.EncodeHex(old[:]), http.StatusInternalServerError},
		{"/rpc/v1/accounts/" + sender + "/transactions?count=100", http.StatusInternalServerError},
		{"/rpc/v1/accounts/" + sender + "/coin_transactions?count=100", http.StatusInternalServerError},
		{"/rpc/v1/transactions/" + supra.EncodeHex(fresh[:]), http.StatusOK},
		{"/rpc/v1/block/height/1?with_finalized_transactions=true", http.StatusOK},
		{"/rpc/v1/events/0x1::transaction_fee::FeeStatement?start=0&end=10", http.StatusOK},
	}
	for _, tt := range tests {
		logs.Reset()
		code, body := doJSON(t, n.Handler(), http.MethodGet, tt.path, "")
		if code != tt.code {
			t.Fatalf("GET %s: %d %s, want %d", tt.path, code, body, tt.code)
		}
		failed := code == http.StatusInternalServerError
		if failed && !strings.Contains(string(body), `"error_code":"internal_error"`) ||
			strings.Count(logs.String(), "transaction index closed") != map[bool]int{true: 1}[failed] {
			t.Fatalf("GET %s: %s; the log says %q", tt.path, body, logs.String())
		}
	}
}

// A chain a reset replaced closes its transaction index once nothing refers to it (the
// index's memory is SQLite's, which the collector does not see): after five resets of a
// chain with old transactions, only the current chain's index has a connection open.
func TestResetChainsCloseTheirIndex(t *testing.T) {
	n := devnettest.New(t, devnet.Options{RecentTransactions: 2})
	var replaced []*sql.DB
	for range 5 {
		transfersAndBlocks(t, n, 6, 0)
		db := n.TransactionIndexDB()
		if db == nil {
			t.Fatal("no transaction went to the file")
		}
		replaced = append(replaced, db)
		if err := n.Reset(); err != nil {
			t.Fatal(err)
		}
	}
	transfersAndBlocks(t, n, 6, 0)
	for range 10 {
		runtime.GC() // a cleanup runs after the collection that finds its object gone
		time.Sleep(10 * time.Millisecond)
	}
	for i, db := range replaced {
		if open := db.Stats().OpenConnections; open != 0 {
			t.Fatalf("the index of the chain replaced by reset %d has %d connections open", i+1, open)
		}
	}
	if open := n.TransactionIndexDB().Stats().OpenConnections; open != 1 {
		t.Fatalf("the current chain's index has %d connections open, want 1", open)
	}
}

// The heap a devnet holds grows by a few bytes per transaction (its block's place in the
// file; its own place, height and event types are in the file, its hash and listings in
// the file's index), not by the transaction: 18,000 transfers after the first 2,000 (1,800
// after 200 under the race detector, ten times slower, or with -short) must add under 24
// bytes each to the live heap after GC (10 measured; 31 with the summaries in memory, 41
// when their arrays doubled as they grew, 145 with the index in memory, and a transaction
// kept in memory costs 3 KB and more).
func TestTransactionsDoNotStayInMemory(t *testing.T) {
	first, more := 2_000, 18_000
	if raceDetector || testing.Short() {
		first, more = 200, 1_800
	}
	n := devnettest.New(t, devnet.Options{RecentTransactions: 64, RecentBlocks: 64})
	dev := n.Accounts()
	send := func(k int) {
		for i := range k {
			if _, err := devnettest.Submit(n, dev[i%4].PrivateKey, transferCall(dev[4+i%4].Address, 1)); err != nil {
				t.Fatal(err)
			}
		}
	}
	live := func() uint64 {
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		return ms.HeapAlloc
	}
	send(first)
	before := live()
	began := time.Now()
	send(more)
	after := live()
	perTx := (int64(after) - int64(before)) / int64(more)
	t.Logf("live heap %.2f MB after %d transactions, %.2f MB after %d more: %d bytes per transaction (%s)",
		float64(before)/1e6, first, float64(after)/1e6, more, perTx, time.Since(began).Round(time.Millisecond))
	if perTx > 24 {
		t.Fatalf("the live heap grew %d bytes per transaction, want under 24", perTx)
	}
	runtime.KeepAlive(n)
}

// A state dump whose history cannot be read after part of it went out cuts the connection:
// the client gets a broken answer, never a 200 that parses, and the log says why.
func TestStateDumpCutShort(t *testing.T) {
	var logs bytes.Buffer
	n := devnettest.New(t, devnet.Options{RecentTransactions: 2, RecentBlocks: 10_000,
		Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	transfersAndBlocks(t, n, 12, 0)
	n.Mine(1_000) // the blocks alone fill more than the dump's 64 KiB buffer
	if err := n.CloseScratchFile(); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(n.Handler())
	defer srv.Close()
	res, err := http.Get(srv.URL + "/devnet/state")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err == nil {
		t.Fatalf("GET /devnet/state: %d, %d bytes read to the end (%.100s…)", res.StatusCode, len(body), body)
	}
	if len(body) < 64<<10 || !strings.Contains(logs.String(), "state dump cut short") {
		t.Fatalf("%d bytes before the cut (%v); the log says %q", len(body), err, logs.String())
	}
}

// A state dump reads the history back one record at a time: dumping a chain whose old
// transactions are in the scratch file does not bring them into memory.
func TestStateDumpStreams(t *testing.T) {
	txs := 3_000
	if raceDetector || testing.Short() {
		txs = 1_000
	}
	n := devnettest.New(t, devnet.Options{RecentTransactions: 64, RecentBlocks: 64})
	dev := n.Accounts()
	for i := range txs {
		if _, err := devnettest.Submit(n, dev[i%4].PrivateKey, transferCall(dev[4+i%4].Address, 1)); err != nil {
			t.Fatal(err)
		}
	}
	w := &heapWatch{every: 4}
	before := w.live()
	if err := n.DumpState(w); err != nil {
		t.Fatal(err)
	}
	grew := int64(w.peak) - int64(before)
	t.Logf("a dump of %d transactions: %.2f MB written, the live heap %.2f MB before and at most %.2f MB during",
		txs, float64(w.written)/1e6, float64(before)/1e6, float64(w.peak)/1e6)
	if grew > w.written/8 {
		t.Fatalf("the live heap grew %d bytes while writing a dump of %d bytes, want under an eighth of it", grew, w.written)
	}
	runtime.KeepAlive(n)
}

// heapWatch is a writer that counts what it is given and, every few writes, the live heap.
type heapWatch struct {
	every, writes int
	written       int64
	peak          uint64
}

func (h *heapWatch) Write(p []byte) (int, error) {
	if h.writes%h.every == 0 {
		h.peak = max(h.peak, h.live())
	}
	h.writes++
	h.written += int64(len(p))
	return len(p), nil
}

func (h *heapWatch) live() uint64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}
