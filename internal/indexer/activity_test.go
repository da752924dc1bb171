package indexer_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/luckycoin/lucky/internal/devnet"
	"github.com/luckycoin/lucky/internal/devnet/contracts"
	"github.com/luckycoin/lucky/internal/devnet/devnettest"
	"github.com/luckycoin/lucky/internal/store"
	"github.com/luckycoin/lucky/internal/supra"
)

// busyChain is a chain whose blocks hold several transactions, so a transaction's position
// in its block matters: in one block dev account 0 sends LUCKY to account 3, account 3 buys
// a miner, account 1 sends it LUCKY; in the next, account 3 burns and sends LUCKY while
// account 2 swaps. It returns the node and the hashes of the first block's three
// transactions in their order.
func busyChain(t *testing.T) (*devnet.Node, [3]string) {
	t.Helper()
	mods, err := modulesOnce()
	if err != nil {
		t.Fatal(err)
	}
	// Blocks are sealed by Mine only (an hour is longer than the test).
	n := devnettest.New(t, devnet.Options{Modules: mods, BlockTime: time.Hour})
	acc := n.Accounts()
	me := acc[3].Address
	burn := supra.MustParseAddress(network(t).Modules.BurnAddress)
	send := func(from int, c devnettest.Call) string {
		h, err := devnettest.Submit(n, acc[from].PrivateKey, c)
		if err != nil {
			t.Fatal(err)
		}
		return supra.EncodeHex(h[:])
	}
	lucky := func(to supra.Address, amt uint64) devnettest.Call {
		return devnettest.Call{Function: "0x1::supra_account::transfer_coins", TypeArgs: []string{luckyT},
			Args: [][]byte{devnettest.Addr(to), devnettest.U64(amt)}}
	}
	var first [3]string
	first[0] = send(0, lucky(me, 50_000_000))
	first[1] = send(3, devnettest.Call{Function: "0xde02::cosmic_miners::purchase_miner",
		Args: [][]byte{devnettest.U64(1), devnettest.U64(1), append([]byte{1}, contracts.PlaceholderAddress[:]...)}})
	first[2] = send(1, lucky(me, 3_000_000))
	n.Mine(1)
	send(3, lucky(burn, 1_000_000))
	send(2, devnettest.Call{Function: dexFn, TypeArgs: []string{contracts.SupraCoinType, luckyT, contracts.UncorrelatedType},
		Args: [][]byte{devnettest.U64(500_000_000), devnettest.U64(0)}})
	n.Mine(1)
	send(3, lucky(acc[1].Address, 2_000_000))
	n.Mine(1)
	for i, h := range first {
		hash, _ := supra.DecodeHex(h)
		var k [32]byte
		copy(k[:], hash)
		if info, ok := n.Transaction(k); !ok || info.Status != supra.StatusSuccess {
			t.Fatalf("transaction %d of the first block failed: %+v", i, info)
		}
	}
	return n, first
}

// readAll pages through an account's activity limit rows at a time and returns the rows.
func readAll(t *testing.T, db *store.DB, q store.ActivityQuery, limit int) []store.Activity {
	t.Helper()
	var out []store.Activity
	q.Limit = limit
	for range 100 {
		page, err := db.AccountActivity(context.Background(), q)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, page...)
		if len(page) < limit {
			return out
		}
		q.Before = page[len(page)-1].Pos()
	}
	t.Fatal("activity never ends")
	return nil
}

// An account's activity follows the chain's order inside a block (the transaction's
// position, then the event's index), reads the same on SQLite and PostgreSQL for every
// kind and coin filter, and pages of any size add up to the whole list.
func TestAccountActivityOrderOnBothStores(t *testing.T) {
	n, first := busyChain(t)
	lite, pg := openSQLite(t), openPG(t)
	syncIndex(t, newIndexer(t, n, lite, nil), n)
	syncIndex(t, newIndexer(t, n, pg, nil), n)
	acc := n.Accounts()
	mine, lucky := supra.MustCoinType("0xde02::cosmic_miners::MINE"), supra.MustCoinType(luckyT)
	top := store.Pos{Height: int64(n.Height()) + 1}
	me := acc[3].Address.String()

	all := readAll(t, lite, store.ActivityQuery{Account: me, MinersCoin: mine, Before: top}, 100)
	var kinds []string
	for _, a := range all {
		kinds = append(kinds, a.Kind)
	}
	if fmt.Sprint(kinds) != "[sent burn received miner received]" {
		t.Fatalf("kinds %v", kinds)
	}
	// The first block, newest first: account 1's transfer (third), the purchase, account 0's.
	for i, want := range []struct {
		hash string
		pos  int
	}{{first[2], 2}, {first[1], 1}, {first[0], 0}} {
		got := all[2+i]
		if got.TxHash != want.hash || got.TxPos != want.pos || got.Height != all[4].Height {
			t.Errorf("row %d: %s at %d/%d, want %s at position %d of block %d", 2+i, got.TxHash, got.Height, got.TxPos,
				want.hash, want.pos, all[4].Height)
		}
	}
	for _, tc := range []struct {
		name string
		q    store.ActivityQuery
	}{
		{"everything of account 3", store.ActivityQuery{Account: me}},
		{"account 3 received", store.ActivityQuery{Account: me, Kinds: []string{store.ActivityReceived}}},
		{"account 3 miner and burn", store.ActivityQuery{Account: me, Kinds: []string{store.ActivityMiner, store.ActivityBurn}}},
		{"account 3 in MINE", store.ActivityQuery{Account: me, Coin: mine}},
		{"account 3 in LUCKY", store.ActivityQuery{Account: me, Coin: lucky}},
		{"account 2 swaps", store.ActivityQuery{Account: acc[2].Address.String(), Kinds: []string{store.ActivitySwap}}},
		{"account 0", store.ActivityQuery{Account: acc[0].Address.String()}},
		{"account 1 sent and received", store.ActivityQuery{Account: acc[1].Address.String(), Kinds: []string{store.ActivitySent, store.ActivityReceived}}},
	} {
		tc.q.MinersCoin, tc.q.Before = mine, top
		whole := readAll(t, lite, tc.q, 1000)
		if len(whole) == 0 {
			t.Errorf("%s: nothing", tc.name)
		}
		for i := 1; i < len(whole); i++ {
			a, b := whole[i-1].Pos(), whole[i].Pos()
			if a.Height < b.Height || a.Height == b.Height && (a.TxPos < b.TxPos || a.TxPos == b.TxPos && a.EventIndex <= b.EventIndex) {
				t.Errorf("%s: row %d %+v is not before row %d %+v", tc.name, i-1, a, i, b)
			}
		}
		for _, size := range []int{1, 2, 3} {
			if got := readAll(t, lite, tc.q, size); fmt.Sprint(got) != fmt.Sprint(whole) {
				t.Errorf("%s: pages of %d differ from the whole list", tc.name, size)
			}
		}
		if got := readAll(t, pg, tc.q, 2); fmt.Sprint(got) != fmt.Sprint(whole) {
			t.Errorf("%s: PostgreSQL answers %+v, SQLite %+v", tc.name, got, whole)
		}
	}
	if _, err := lite.AccountActivity(context.Background(), store.ActivityQuery{Account: me, Kinds: []string{"nope"}, Limit: 1}); err == nil {
		t.Error("an unknown kind was accepted")
	}
}

// An index written before coin events had a position and miners events an account is
// built again at the next start, on SQLite and PostgreSQL, and then equals a clean run
// exactly: the position of a plain transfer is only in its block.
func TestActivityColumnsRebuildTheIndex(t *testing.T) {
	n, _ := busyChain(t)
	want := cleanDump(t, n, "\ncoin_events|", "\nraw_events|")
	old := []string{"DROP INDEX coin_events_account", "DROP INDEX raw_events_account", "DROP INDEX swaps_sender", "DROP INDEX burns_burner",
		"ALTER TABLE coin_events DROP COLUMN tx_pos", "ALTER TABLE raw_events DROP COLUMN account",
		"DELETE FROM schema_migrations WHERE version = '008_activity.sql'"}
	forEachOldIndex(t, n, old, func(t *testing.T, db *store.DB) {
		if cur, err := db.Cursors(context.Background()); err != nil || len(cur) != 0 {
			t.Fatalf("after the migration the cursors are %v %v: the index is not rebuilt", cur, err)
		}
		syncIndex(t, newIndexer(t, n, db, nil), n)
		if got := dump(t, db); got != want {
			t.Fatalf("the migrated index differs from a clean run:\n%s\n---\n%s", got, want)
		}
	})
}
