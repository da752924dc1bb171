package indexer_test

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/luckycoin/lucky/internal/api"
	"github.com/luckycoin/lucky/internal/chain"
	"github.com/luckycoin/lucky/internal/devnet"
	"github.com/luckycoin/lucky/internal/devnet/contracts"
	"github.com/luckycoin/lucky/internal/indexer"
	"github.com/luckycoin/lucky/internal/store"
	"github.com/luckycoin/lucky/internal/supra"
)

// Hostile chain data: a PlayEvent whose spin_results is not a list and a SwapEvent whose
// pair does not parse.
const (
	badPlay = `{"number_of_spins":"1","spin_results":"broken","total_prize":"0"}`
	badSwap = `{"pair_x":"0x1::supra_coin::SupraCoin","pair_y":"nope","x_in":"100000000","x_out":"0","y_in":"0","y_out":"5","timestamp":"0"}`
	// noise is an event no stream reads, injected where the clean chain has nothing to
	// quarantine, so both chains have the same blocks at the same heights.
	noiseType = "0x1::devnet::Noise"
)

// inject appends a block with one transaction carrying the event, through the devnet's
// admin route.
func inject(t testing.TB, n *devnet.Node, typ, data string) string {
	t.Helper()
	body, _ := json.Marshal(map[string]any{"type": typ, "data": json.RawMessage(data)})
	rec := httptest.NewRecorder()
	n.Handler().ServeHTTP(rec, httptest.NewRequest("POST", "/devnet/events", strings.NewReader(string(body))))
	var out struct {
		Hash string `json:"hash"`
	}
	if rec.Code != http.StatusOK || json.Unmarshal(rec.Body.Bytes(), &out) != nil || out.Hash == "" {
		t.Fatalf("inject %s: %d %s", typ, rec.Code, rec.Body)
	}
	return out.Hash
}

// hostileChain writes traffic with a PlayEvent and a SwapEvent injected mid-chain (dirty),
// or noise in their place; it returns the two injected hashes and the last swap and play.
func hostileChain(t *testing.T, dirty bool) (n *devnet.Node, injected [2]string) {
	t.Helper()
	n = newNode(t)
	rng := rand.New(rand.NewPCG(33, 1))
	for i, ev := range [][2]string{{contracts.PlayEventType, badPlay}, {contracts.SwapEventType, badSwap}} {
		traffic(t, n, rng, 25)
		if !dirty {
			ev = [2]string{noiseType, `{}`}
		}
		injected[i] = inject(t, n, ev[0], ev[1])
	}
	traffic(t, n, rng, 25)
	return n, injected
}

// dumpApartFromTheLastBlock is the store's dump without the last block's hash: the two
// chains differ in the injected transactions, so in every block hash after them.
func dumpApartFromTheLastBlock(t *testing.T, db *store.DB) string {
	t.Helper()
	d, err := db.Dump(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var keep []string
	for _, l := range strings.Split(d, "\n") {
		if !strings.HasPrefix(l, "kv|last_block|") {
			keep = append(keep, l)
		}
	}
	return strings.Join(keep, "\n")
}

// The acceptance of "never stall on chain data": a malformed PlayEvent and a malformed
// SwapEvent injected mid-chain are quarantined, the index reaches the head with the later
// trades and plays, /healthz counts 2, and every other table equals a clean run's.
func TestHostileEventsAreQuarantinedAndTheIndexGoesOn(t *testing.T) {
	cleanNode, _ := hostileChain(t, false)
	clean := openSQLite(t)
	syncIndex(t, newIndexer(t, cleanNode, clean, nil), cleanNode)
	want := dumpApartFromTheLastBlock(t, clean)

	n, injected := hostileChain(t, true)
	if n.Height() != cleanNode.Height() {
		t.Fatalf("chains of %d and %d blocks", n.Height(), cleanNode.Height())
	}
	for _, run := range []struct {
		v1 bool
		db *store.DB
	}{{false, openSQLite(t)}, {true, openSQLite(t)}, {false, openPG(t)}} {
		db, v1 := run.db, run.v1
		ix := newIndexer(t, n, db, func(c *indexer.Config) { c.NoRangeQuery = v1 })
		syncIndex(t, ix, n) // reaches the head: the quarantined events never stall it
		if got := dumpApartFromTheLastBlock(t, db); got != want {
			t.Fatalf("%s, v1 query %v: the index apart from the quarantine differs from a clean run's", db.Dialect(), v1)
		}
		if countRows(want, "trades") < 20 || countRows(want, "plays") < 5 {
			t.Fatalf("too little traffic: %d trades, %d plays", countRows(want, "trades"), countRows(want, "plays"))
		}
		q, err := db.Quarantine(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if len(q) != 2 || q[0].TxHash != injected[0] || q[0].Stream != "play" || q[1].TxHash != injected[1] || q[1].Stream != "swap" ||
			!strings.Contains(q[0].Reason, "PlayEvent") || !strings.Contains(q[1].Reason, "nope") || string(q[1].Data) != badSwap {
			t.Fatalf("quarantine %+v", q)
		}
		health := api.Healthz("devnet", func() api.Health {
			p := ix.Progress()
			return api.Health{Index: &api.IndexHealth{Indexed: p.Indexed, Head: p.Head, Quarantined: p.Quarantined}}
		})
		rec := httptest.NewRecorder()
		health(rec, httptest.NewRequest("GET", "/healthz", nil))
		var h struct {
			Index struct {
				Quarantined int  `json:"quarantined"`
				CaughtUp    bool `json:"caughtUp"`
			} `json:"index"`
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &h); err != nil || h.Index.Quarantined != 2 || !h.Index.CaughtUp {
			t.Fatalf("/healthz %s", rec.Body)
		}
	}
	// Later trades reach the candles and the feeds: the last block's trades are in a
	// clean run's index, and so in this one (the dumps are equal).
	last := lastSwap(t, n)
	if !strings.Contains(want, "trades|"+last) {
		t.Fatalf("the last swap %s is not among the trades", last)
	}
}

// lastSwap is the hash of the chain's last successful swap.
func lastSwap(t *testing.T, n *devnet.Node) string {
	t.Helper()
	for h := n.Height(); h > 0; h-- {
		var blk supra.Block
		rec := httptest.NewRecorder()
		n.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/rpc/v1/block/height/"+itoa(h)+"?with_finalized_transactions=true", nil))
		if err := json.Unmarshal(rec.Body.Bytes(), &blk); err != nil {
			t.Fatal(err)
		}
		for _, tx := range blk.Transactions {
			if tx.Output == nil {
				continue
			}
			for _, ev := range tx.Output.Move.Events {
				if ev.Type == contracts.SwapEventType {
					return tx.Hash
				}
			}
		}
	}
	t.Fatal("no swap")
	return ""
}

func itoa(h uint64) string { return strconv.FormatUint(h, 10) }

// Replaying the quarantine with a decoder that reads what the first could not: a play is
// written in place (nothing running derives from it); a swap rebuilds the index from the
// start, so every later trade is derived with it, as a clean run would.
func TestReplayQuarantine(t *testing.T) {
	n, injected := hostileChain(t, true)
	db := openSQLite(t)
	syncIndex(t, newIndexer(t, n, db, nil), n)
	before := dumpApartFromTheLastBlock(t, db)
	ctx := context.Background()
	net := network(t)

	// The "fixed" decoders of a later binary: spin_results may be a string (no spins), a
	// pair may be written "nope" for LUCKY.
	fixedPlay := chain.Decoder{Key: "play", Tag: net.Modules.Slots + "::PlayEvent", DecodeTx: func(tx chain.TxContext, ev supra.Event) (any, bool, error) {
		var in struct {
			Spins supra.U64 `json:"number_of_spins"`
			Won   supra.U64 `json:"total_prize"`
		}
		if err := json.Unmarshal(ev.Data, &in); err != nil {
			return nil, false, err
		}
		sender, err := supra.ParseAddress(tx.Sender)
		if err != nil {
			return nil, false, err
		}
		return &chain.PlayEvent{Player: sender, TokenType: net.Modules.NativeCoin, BetPerSpin: 1, NumberOfSpins: uint64(in.Spins), TotalPrize: uint64(in.Won)}, true, nil
	}}
	fixedSwap := chain.Decoder{Key: "swap", Tag: net.Modules.SwapEvent, Decode: func(ev supra.Event) (any, bool, error) {
		s, err := chain.DecodeSwapEvent(json.RawMessage(strings.Replace(string(ev.Data), `"nope"`, `"`+luckyT+`"`, 1)))
		return &s, err == nil, err
	}}
	replay := func(ds ...chain.Decoder) indexer.Replay {
		t.Helper()
		ix := newIndexer(t, n, db, func(c *indexer.Config) { c.Decoders = c.Decoders.With(ds...) })
		r, err := ix.ReplayQuarantine(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := ix.Status(); got != n.Height() || ix.Quarantined() != uint64(r.Remain) {
			t.Fatalf("after replay: indexed %d, node %d, quarantined %d, replay %+v", got, n.Height(), ix.Quarantined(), r)
		}
		return r
	}

	// The current decoders read neither: nothing changes.
	if r := replay(); r != (indexer.Replay{Remain: 2}) || dumpApartFromTheLastBlock(t, db) != before {
		t.Fatalf("replay with the same decoders: %+v", r)
	}
	// The play decodes now: written in place, the rest untouched.
	if r := replay(fixedPlay); r != (indexer.Replay{Released: 1, Remain: 1}) {
		t.Fatalf("replay of the play: %+v", r)
	}
	after := dumpApartFromTheLastBlock(t, db)
	if countRows(after, "plays") != countRows(before, "plays")+1 || !strings.Contains(after, "plays|"+injected[0]) ||
		strings.Replace(after, lineOf(after, "plays|"+injected[0])+"\n", "", 1) != before {
		t.Fatalf("the replayed play changed more than its row")
	}
	// The swap decodes now: the index is rebuilt, the swap a trade among the others.
	if r := replay(fixedPlay, fixedSwap); r != (indexer.Replay{Released: 1, Remain: 0, Rebuilt: true}) {
		t.Fatalf("replay of the swap: %+v", r)
	}
	rebuilt := dumpApartFromTheLastBlock(t, db)
	if !strings.Contains(rebuilt, "swaps|"+injected[1]) || !strings.Contains(rebuilt, "plays|"+injected[0]) ||
		countRows(rebuilt, "swaps") != countRows(before, "swaps")+1 {
		t.Fatalf("after the rebuild: %d swaps (was %d)", countRows(rebuilt, "swaps"), countRows(before, "swaps"))
	}
	if n, _ := db.QuarantineCount(ctx); n != 0 {
		t.Fatalf("%d still quarantined", n)
	}
}

// lineOf is the line of dump that starts with prefix.
func lineOf(dump, prefix string) string {
	for _, l := range strings.Split(dump, "\n") {
		if strings.HasPrefix(l, prefix) {
			return l
		}
	}
	return ""
}
