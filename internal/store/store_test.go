package store_test

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math"
	"os"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/luckycoin/lucky/internal/history"
	"github.com/luckycoin/lucky/internal/indexer"
	"github.com/luckycoin/lucky/internal/store"
	"github.com/luckycoin/lucky/internal/store/pgtest"
	"github.com/luckycoin/lucky/internal/supra"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

// ingest derives a batch with the app's rules and writes it, as the indexer does.
func ingest(ctx context.Context, db *store.DB, b *store.Batch) error {
	return indexer.Ingest(ctx, db, rules(), b)
}

var (
	supraT = supra.MustCoinType("0x1::supra_coin::SupraCoin")
	luckyT = supra.MustCoinType("0x4205c82380bff5708cd7c59e0043a45890a457a6cdb60c9191d818958fd7ac26::LUCKY::LUCKY")
	usdcT  = supra.MustCoinType("0x8f7d16ade319b0fce368ca6cdb98589c4527ce7f5b51e544a9e68e719934458b::hyper_coin::DexlynUSDC")
)

const (
	burnA = "0x00000000000000000000000000000000ffffffffffffffffffffffffffffffff"
	alice = "0x000000000000000000000000000000000000000000000000000000000000a11c"
	bob   = "0x0000000000000000000000000000000000000000000000000000000000000b0b"
)

func rules() history.Rules {
	return history.Rules{Native: supraT, USDCoin: usdcT, Lucky: luckyT, BurnAddress: burnA,
		Decimals: func(c supra.CoinType) (uint8, bool) {
			switch c {
			case supraT:
				return 8, true
			case luckyT, usdcT:
				return 6, true
			}
			return 0, false
		}}
}

// backends opens an empty store of each dialect.
func backends(t *testing.T) map[string]*store.DB {
	t.Helper()
	ctx := context.Background()
	out := map[string]*store.DB{}
	lite, err := store.Open(ctx, store.Options{DataDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { lite.Close() })
	out[store.SQLite] = lite
	pg, err := store.Open(ctx, store.Options{DatabaseURL: pgtest.URL(t)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { pg.Close() })
	out[store.Postgres] = pg
	return out
}

func meta(tx string, idx int, h uint64, sec int64) history.Meta {
	return history.Meta{TxHash: tx, EventIndex: idx, Height: h, TxPos: int(sec % 100), TimeUS: sec * 1_000_000, Sender: alice}
}

// batches is a small history: a USD reference swap, LUCKY buys and a sell in two
// minutes, plays, LUCKY flows and burns (one beyond int64).
func batches() []*store.Batch {
	t0 := int64(1_767_225_600) // 2026-01-01T00:00:00Z
	return []*store.Batch{
		{Cursors: map[string]uint64{"swap": 5, "coin": 5}, Events: history.Events{
			Swaps: []history.Swap{
				// 1 SUPRA (1e8) for 0.0075 USDC (7500): SUPRA = $0.0075.
				{Meta: meta("0xa1", 0, 1, t0), PairX: usdcT, PairY: supraT, XOut: 7500, YIn: 100_000_000},
				// buy 1,000 LUCKY (1e9) for 6.67 SUPRA → 0.00667 SUPRA each.
				{Meta: meta("0xa2", 2, 2, t0+10), PairX: luckyT, PairY: supraT, XOut: 1_000_000_000, YIn: 667_000_000},
				{Meta: meta("0xa3", 2, 3, t0+20), PairX: luckyT, PairY: supraT, XOut: 1_000_000_000, YIn: 700_000_000},
			},
			Coins: []history.CoinEvent{
				{Meta: meta("0xa2", 1, 2, t0+10), Deposit: true, Coin: luckyT, Account: alice, Amount: 1_000_000_000},
				{Meta: meta("0xa3", 1, 3, t0+20), Deposit: true, Coin: luckyT, Account: bob, Amount: 1_000_000_000},
			}}},
		{Cursors: map[string]uint64{"swap": 9, "coin": 9, "play": 9}, Events: history.Events{
			Swaps: []history.Swap{
				{Meta: meta("0xb1", 0, 6, t0+70), PairX: luckyT, PairY: supraT, XIn: 500_000_000, YOut: 300_000_000},
			},
			Plays: []history.Play{
				{Meta: meta("0xb2", 3, 7, t0+80), Player: bob, Token: luckyT, Bet: 10_000_000, Spins: 3, Won: 515_000_000, Tiers: []uint8{6, 0, 3}},
				{Meta: meta("0xb3", 3, 8, t0+90), Player: alice, Token: supraT, Bet: math.MaxUint64, Spins: 2, Won: 0, Tiers: []uint8{0, 0}},
			},
			Coins: []history.CoinEvent{
				{Meta: meta("0xb1", 0, 6, t0+70), Coin: luckyT, Account: alice, Amount: 500_000_000},
				{Meta: meta("0xb4", 0, 8, t0+95), Coin: luckyT, Account: bob, Amount: 200_000_000},
				{Meta: meta("0xb4", 1, 8, t0+95), Deposit: true, Coin: luckyT, Account: burnA, Amount: 200_000_000},
				{Meta: meta("0xb5", 1, 8, t0+96), Deposit: true, Coin: supraT, Account: burnA, Amount: math.MaxUint64},
				{Meta: meta("0xb6", 1, 8, t0+97), Deposit: true, Coin: supraT, Account: burnA, Amount: math.MaxUint64},
			}}},
	}
}

func TestStoreSuite(t *testing.T) {
	ctx := context.Background()
	dumps := map[string]string{}
	for name, db := range backends(t) {
		t.Run(name, func(t *testing.T) {
			for _, b := range batches() {
				if err := ingest(ctx, db, b); err != nil {
					t.Fatal(err)
				}
			}
			first, err := db.Dump(ctx)
			if err != nil {
				t.Fatal(err)
			}
			// Applying the same rows again changes nothing derived (exactly once).
			for _, b := range batches() {
				if err := ingest(ctx, db, b); err != nil {
					t.Fatal(err)
				}
			}
			again, _ := db.Dump(ctx)
			if again != first {
				t.Fatalf("re-applying changed the store:\n%s\nvs\n%s", first, again)
			}
			dumps[name] = first

			cur, err := db.Cursors(ctx)
			if err != nil || cur["swap"] != 9 || cur["coin"] != 9 || cur["play"] != 9 {
				t.Fatalf("cursors %v %v", cur, err)
			}

			c1, err := db.Candles(ctx, luckyT, 60, 0, math.MaxInt64, 100)
			if err != nil || len(c1) != 2 {
				t.Fatalf("1m candles %+v %v", c1, err)
			}
			m0 := c1[0]
			if m0.Time != 1_767_225_600 || m0.Open != 0.00667 || m0.High != 0.007 || m0.Low != 0.00667 || m0.Close != 0.007 ||
				m0.VolBase != "2000000000" || m0.VolQuote != "1367000000" || m0.Buys != 2 || m0.Sells != 0 {
				t.Fatalf("first minute %+v", m0)
			}
			if m0.CloseUSD == nil || math.Abs(*m0.CloseUSD-0.007*0.0075) > 1e-15 {
				t.Fatalf("USD close %v", m0.CloseUSD)
			}
			if c1[1].Sells != 1 || c1[1].Close != 0.006 {
				t.Fatalf("second minute %+v", c1[1])
			}
			d1, _ := db.Candles(ctx, luckyT, 86400, 0, math.MaxInt64, 100)
			if len(d1) != 1 || d1[0].Open != 0.00667 || d1[0].Close != 0.006 || d1[0].Buys != 2 || d1[0].Sells != 1 || d1[0].VolBase != "2500000000" {
				t.Fatalf("1d candle %+v", d1)
			}
			// from/to bound the buckets; limit keeps the newest.
			if c, _ := db.Candles(ctx, luckyT, 60, 1_767_225_660, math.MaxInt64, 100); len(c) != 1 || c[0].Time != 1_767_225_660 {
				t.Fatalf("from: %+v", c)
			}
			if c, _ := db.Candles(ctx, luckyT, 60, 0, math.MaxInt64, 1); len(c) != 1 || c[0].Time != 1_767_225_660 {
				t.Fatalf("limit: %+v", c)
			}

			burns, err := db.Burns(ctx, 10)
			if err != nil || len(burns) != 3 || burns[0].TxHash != "0xb6" || burns[2].Token != luckyT || burns[2].Amount != "200000000" || burns[2].Burner != alice {
				t.Fatalf("burns %+v %v", burns, err)
			}
			lb, err := db.BurnLeaderboard(ctx, supraT, 10)
			if err != nil || len(lb) != 1 || lb[0].Total != "36893488147419103230" || lb[0].Burns != 2 {
				t.Fatalf("leaderboard %+v %v", lb, err)
			}

			plays, err := db.Plays(ctx, "", 10)
			if err != nil || len(plays) != 2 || plays[0].Player != alice || plays[0].Wagered != "36893488147419103230" {
				t.Fatalf("plays %+v %v", plays, err)
			}
			if p, _ := db.Plays(ctx, bob, 10); len(p) != 1 || p[0].Won != "515000000" || len(p[0].Tiers) != 3 || p[0].Tiers[0] != 6 {
				t.Fatalf("bob's plays %+v", p)
			}
			if w, _ := db.BiggestWins(ctx, 1); len(w) != 1 || w[0].Won != "515000000" {
				t.Fatalf("biggest wins %+v", w)
			}

			// The 24 hour figures come from the same trades: two buys and a sell, priced from
			// the first buy's own price (no trade before) to the sell's.
			w, err := window(ctx, db, luckyT, 1_767_225_600, 1_767_225_600+120)
			if err != nil || w.Buys != 2 || w.Sells != 1 || w.VolBase.String() != "2500000000" || w.VolQuote.String() != "1667000000" ||
				w.Ref == nil || *w.Ref != 0.00667 || w.Close == nil || *w.Close != 0.006 || w.CloseUSD == nil || math.Abs(*w.CloseUSD-0.006*0.0075) > 1e-15 {
				t.Fatalf("window %+v %v", w, err)
			}
			// From after the first buy: the reference is that buy's price.
			if w, _ := window(ctx, db, luckyT, 1_767_225_615, 1_767_225_600+120); w.Buys != 1 || *w.Ref != 0.00667 || w.VolBase.String() != "1500000000" {
				t.Fatalf("later window %+v", w)
			}
			// Many coins at once, up to a height, read what WindowTrades reads for one.
			wb, wi, err := db.WindowTrades(ctx, luckyT, 1_767_225_615, 1_767_225_600+120)
			if err != nil || wb == nil || len(wi) < 2 {
				t.Fatalf("window trades %+v %+v %v", wb, wi, err)
			}
			db4, di, err := db.DayTrades(ctx, []supra.CoinType{luckyT, supraT}, 1_767_225_615, 1_767_225_600+120, 1<<40)
			if err != nil || !reflect.DeepEqual(db4[luckyT], *wb) || !reflect.DeepEqual(di[luckyT], wi) || len(di[supraT]) != 0 {
				t.Fatalf("day trades %+v %+v, window trades %+v %+v (%v)", db4, di, wb, wi, err)
			}
			// Up to the first trade's height in the window: the later ones are left out.
			upTo := wi[0].Height
			// The windows summed a trade at a time are the windows of the trades read whole.
			for _, from := range []int64{1_767_225_600, 1_767_225_615, 1_767_225_600 + 121} {
				for _, top := range []uint64{1 << 40, upTo} {
					before, in, err := db.DayTrades(ctx, []supra.CoinType{luckyT, supraT}, from, 1_767_225_600+120, top)
					must(t, err)
					wins, err := db.DayWindows(ctx, []supra.CoinType{luckyT, supraT}, from, 1_767_225_600+120, top)
					must(t, err)
					for _, c := range []supra.CoinType{luckyT, supraT} {
						var prev *history.Trade
						if tr, ok := before[c]; ok {
							prev = &tr
						}
						if got, want := windowString(wins[c]), windowString(history.Summarize(prev, in[c])); got != want {
							t.Fatalf("day window of %s from %d up to %d: %s, want %s", c, from, top, got, want)
						}
					}
				}
				got, err := db.WindowSummary(ctx, luckyT, from, 1_767_225_600+120)
				must(t, err)
				want, err := window(ctx, db, luckyT, from, 1_767_225_600+120)
				must(t, err)
				if windowString(got) != windowString(want) {
					t.Fatalf("window summary from %d: %s, want %s", from, windowString(got), windowString(want))
				}
			}
			_, di, _ = db.DayTrades(ctx, []supra.CoinType{luckyT}, 1_767_225_615, 1_767_225_600+120, upTo)
			for _, tr := range di[luckyT] {
				if tr.Height > upTo {
					t.Fatalf("a trade at %d above %d", tr.Height, upTo)
				}
			}
			if len(di[luckyT]) == 0 || len(di[luckyT]) == len(wi) && wi[len(wi)-1].Height > upTo {
				t.Fatalf("day trades up to %d: %+v", upTo, di[luckyT])
			}
			// The latest trades, newest first.
			recent, err := db.RecentTrades(ctx, luckyT, 2)
			if err != nil || len(recent) != 2 || !reflect.DeepEqual(recent[0], wi[len(wi)-1]) || !reflect.DeepEqual(recent[1], wi[len(wi)-2]) {
				t.Fatalf("recent trades %+v %v", recent, err)
			}
			holders, n, err := db.Holders(ctx, luckyT, burnA, 10)
			if err != nil || n != 2 || len(holders) != 2 || holders[0].Account != bob || holders[0].Balance != "800000000" ||
				holders[1].Account != alice || holders[1].Balance != "500000000" {
				t.Fatalf("holders %+v %d %v", holders, n, err)
			}
		})
	}
	if dumps[store.SQLite] != dumps[store.Postgres] {
		t.Fatalf("SQLite and PostgreSQL differ:\n%s\n---\n%s", dumps[store.SQLite], dumps[store.Postgres])
	}
}

// A batch that fails half way leaves neither its rows nor its cursor behind.
func TestApplyIsAtomic(t *testing.T) {
	ctx := context.Background()
	for name, db := range backends(t) {
		t.Run(name, func(t *testing.T) {
			b := batches()[0]
			r := rules()
			st, err := db.Load(ctx, r.Needs(b.Events))
			if err != nil {
				t.Fatal(err)
			}
			b.Derived = r.Derive(st, b.Events)
			cctx, cancel := context.WithCancel(ctx)
			cancel()
			if err := db.Apply(cctx, b); err == nil {
				t.Fatal("apply with a cancelled context succeeded")
			}
			if cur, _ := db.Cursors(ctx); len(cur) != 0 {
				t.Fatalf("cursor written: %v", cur)
			}
			if d, _ := db.Dump(ctx); d != "" {
				t.Fatalf("rows written:\n%s", d)
			}
		})
	}
}

func TestOpenErrors(t *testing.T) {
	ctx := context.Background()
	_, err := store.Open(ctx, store.Options{DatabaseURL: "mysql://u:secret@h/db"})
	if !errors.Is(err, store.ErrInvalid) || strings.Contains(err.Error(), "secret") {
		t.Fatalf("mysql URL: %v", err)
	}
	if _, err := store.Open(ctx, store.Options{}); !errors.Is(err, store.ErrInvalid) {
		t.Fatalf("no data dir: %v", err)
	}
}

// Leases: on PostgreSQL one holder per role at a time, each role on its own; SQLite
// holds every role.
func TestLead(t *testing.T) {
	ctx := context.Background()
	url := pgtest.URL(t)
	a := openPG(t, url)
	b := openPG(t, url)
	la, err := a.Lead(ctx, store.RoleIngester)
	if err != nil || la == nil {
		t.Fatalf("first ingester: %v %v", la, err)
	}
	if l, err := b.Lead(ctx, store.RoleIngester); err != nil || l != nil {
		t.Fatalf("second ingester while the first holds: %v %v", l, err)
	}
	lb, err := b.Lead(ctx, store.RoleBots)
	if err != nil || lb == nil {
		t.Fatalf("bots while another replica ingests: %v %v", lb, err)
	}
	la.Release()
	la.Release() // twice is harmless
	lb2, err := b.Lead(ctx, store.RoleIngester)
	if err != nil || lb2 == nil {
		t.Fatalf("ingester after release: %v %v", lb2, err)
	}
	lb2.Release()
	lb.Release()
	lite, err := store.Open(ctx, store.Options{DataDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	defer lite.Close()
	for _, r := range []store.Role{store.RoleIngester, store.RoleBots} {
		if l, err := lite.Lead(ctx, r); l == nil || err != nil {
			t.Fatalf("sqlite %s: %v %v", r, l, err)
		}
	}
}

// A holder whose session dies learns it within a check, and the writes it still makes
// under its old lease fail once the next replica holds the role: nothing is written twice.
func TestLeaseLostAndFenced(t *testing.T) {
	ctx := context.Background()
	url := pgtest.URL(t)
	a := openPG(t, url)
	b := openPG(t, url)
	admin, err := sql.Open("pgx", url)
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	la, err := a.Lead(ctx, store.RoleIngester)
	if err != nil || la == nil {
		t.Fatalf("lead: %v %v", la, err)
	}
	defer la.Release()
	batch := func(h uint64, l *store.Lease) *store.Batch {
		return &store.Batch{Cursors: map[string]uint64{"swap": h}, Lease: l}
	}
	if err := a.Apply(ctx, batch(5, la)); err != nil {
		t.Fatalf("holder's write: %v", err)
	}
	// The lease's session ends as it does when its process is killed.
	if _, err := admin.ExecContext(ctx, `SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND granted`); err != nil {
		t.Fatal(err)
	}
	select {
	case <-la.Lost():
	case <-time.After(3 * store.LeaseCheck):
		t.Fatal("the holder did not notice its session ended")
	}
	lb, err := b.Lead(ctx, store.RoleIngester)
	if err != nil || lb == nil {
		t.Fatalf("next holder: %v %v", lb, err)
	}
	defer lb.Release()
	if err := a.Apply(ctx, batch(9, la)); !errors.Is(err, store.ErrLeaseLost) {
		t.Fatalf("old holder's write: %v, want ErrLeaseLost", err)
	}
	if cur, err := b.Cursors(ctx); err != nil || cur["swap"] != 5 {
		t.Fatalf("cursors after the fenced write: %v %v", cur, err)
	}
	if err := b.Apply(ctx, batch(9, lb)); err != nil {
		t.Fatalf("new holder's write: %v", err)
	}
}

func openPG(t *testing.T, url string) *store.DB {
	t.Helper()
	db, err := store.Open(context.Background(), store.Options{DatabaseURL: url})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// A pool the index saw created is priced at its spot price after each swap: reserves
// follow deposits, swaps (inputs in, outputs and the DAO share out) and withdrawals. A
// later deposit into a pool created before the index started does not make it known.
func TestPoolReservesAndSpotPrice(t *testing.T) {
	t0 := int64(1_767_225_600)
	// First deposit: 1,000,000 LUCKY (1e12) and 6,670 SUPRA (6.67e11): LP = sqrt(x·y) − 1000.
	x0, y0 := uint64(1_000_000_000_000), uint64(667_000_000_000)
	lp0 := uint64(math.Sqrt(float64(x0)*float64(y0))) - 1000
	for name, db := range backends(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			b := &store.Batch{Cursors: map[string]uint64{"swap": 5, "liquidity_added": 5}, Events: history.Events{
				Liquidity: []history.Liquidity{
					{Meta: meta("0xb1", 0, 1, t0), PairX: luckyT, PairY: supraT, X: x0, Y: y0, LP: lp0, Added: true},
					// A deposit into the USDC pool whose creation the index never saw.
					{Meta: meta("0xb2", 0, 1, t0+1), PairX: usdcT, PairY: supraT, X: 5_000, Y: 1_000_000, LP: 12, Added: true},
					{Meta: meta("0xb4", 0, 3, t0+30), PairX: luckyT, PairY: supraT, X: 1_000_000, Y: 2_000_000, LP: 1, Added: false},
				},
				Swaps: []history.Swap{
					// Buy: 10 SUPRA in (DAO keeps 0.001 SUPRA), 1,490 LUCKY out.
					{Meta: meta("0xb3", 1, 2, t0+20), PairX: luckyT, PairY: supraT, XOut: 1_490_000_000, YIn: 1_000_000_000, DaoY: 1_000_000},
				}}}
			if err := ingest(ctx, db, b); err != nil {
				t.Fatal(err)
			}
			pools, err := db.Pools(ctx)
			if err != nil {
				t.Fatal(err)
			}
			rx, ry := x0-1_490_000_000-1_000_000, y0+1_000_000_000-1_000_000-2_000_000
			if len(pools) != 1 || pools[0].X != luckyT.String() || pools[0].ReserveX != u(rx) || pools[0].ReserveY != u(ry) {
				t.Fatalf("pools %+v, want %d/%d", pools, rx, ry)
			}
			// The candle closes at the spot after the swap (before the withdrawal).
			spot := (float64(y0+1_000_000_000-1_000_000) / 1e8) / (float64(x0-1_490_000_000) / 1e6)
			cs, err := db.Candles(ctx, luckyT, 60, 0, t0+60, 10)
			if err != nil || len(cs) != 1 {
				t.Fatalf("candles %+v %v", cs, err)
			}
			// It opened at the spot before the swap (the first deposit's ratio).
			open := (float64(y0) / 1e8) / (float64(x0) / 1e6)
			if math.Abs(cs[0].Close-spot) > spot*1e-15 || math.Abs(cs[0].Open-open) > open*1e-15 || cs[0].Low != cs[0].Open ||
				cs[0].VolBase != "1490000000" || cs[0].Buys != 1 {
				t.Fatalf("candle %+v, want close %v", cs[0], spot)
			}
			// Applying the same events again moves nothing.
			if err := ingest(ctx, db, b); err != nil {
				t.Fatal(err)
			}
			if again, _ := db.Pools(ctx); again[0] != pools[0] {
				t.Fatalf("re-applied: %+v", again)
			}
		})
	}
}

func u(v uint64) string { return strconv.FormatUint(v, 10) }

// The bots' tables: settings per chat, cursors written with the last alert's id, and the
// index's rows read after a position in chain order.
func TestBotTables(t *testing.T) {
	for name, db := range backends(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			if _, err := db.BotChat(ctx, "suprabot", -100); !errors.Is(err, store.ErrNoChat) {
				t.Fatalf("missing chat: %v", err)
			}
			if err := db.SaveBotChat(ctx, "suprabot", -100, []byte(`{"plays":true}`)); err != nil {
				t.Fatal(err)
			}
			want := store.BotCursor{Pos: store.Pos{Height: 3, TxPos: 1, EventIndex: 2}, Message: 77}
			if err := db.SetBotCursor(ctx, "suprabot", -100, "play", want); err != nil {
				t.Fatal(err)
			}
			c, err := db.BotChat(ctx, "suprabot", -100)
			if err != nil || string(c.Settings) != `{"plays":true}` {
				t.Fatalf("chat %+v %v", c, err)
			}
			if got, ok, err := db.BotCursor(ctx, "suprabot", -100, "play"); err != nil || !ok || got != want {
				t.Fatalf("cursor %+v %v %v", got, ok, err)
			}
			if _, ok, _ := db.BotCursor(ctx, "suprabot", -100, "buy"); ok {
				t.Fatal("cursor of another stream")
			}
			if cs, err := db.BotChats(ctx, "burnbot"); err != nil || len(cs) != 0 {
				t.Fatalf("other bot's chats %v %v", cs, err)
			}
			for _, b := range batches() {
				if err := ingest(ctx, db, b); err != nil {
					t.Fatal(err)
				}
			}
			all, err := db.TradesAfter(ctx, store.Start, 100)
			if err != nil || len(all) < 3 {
				t.Fatalf("trades %v %v", all, err)
			}
			rest, err := db.TradesAfter(ctx, all[0].Pos, 100)
			if err != nil || len(rest) != len(all)-1 || rest[0].Pos != all[1].Pos || rest[0].Trade.Key() != all[1].Trade.Key() {
				t.Fatalf("after %+v: %+v %v", all[0].Pos, rest, err)
			}
			if one, _ := db.TradesAfter(ctx, store.Start, 1); len(one) != 1 {
				t.Fatal("limit ignored")
			}
			burns, err := db.BurnsAfter(ctx, store.Start, 100)
			if err != nil || len(burns) == 0 {
				t.Fatalf("burns %v %v", burns, err)
			}
			plays, err := db.PlaysAfter(ctx, store.Start, 100)
			if err != nil || len(plays) == 0 || plays[0].Tiers == nil {
				t.Fatalf("plays %+v %v", plays, err)
			}
			head, err := db.Head(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if none, _ := db.TradesAfter(ctx, head, 100); len(none) != 0 {
				t.Fatalf("rows after the head: %v", none)
			}
		})
	}
}

// A damaged SQLite file stops Open with a message that names the file and the remedy,
// instead of opening and failing queries later.
func TestOpenFindsCorruptSQLite(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db, err := store.Open(ctx, store.Options{DataDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range batches() {
		if err := ingest(ctx, db, b); err != nil {
			t.Fatal(err)
		}
	}
	// Enough rows for the file to have many pages, so the middle is table data.
	pad := strings.Repeat("x", 400)
	for i := int64(0); i < 400; i++ {
		if err := db.SaveBotChat(ctx, "suprabot", i, []byte(`{"pad":"`+pad+`"}`)); err != nil {
			t.Fatal(err)
		}
	}
	path := db.Path()
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	// A healthy file opens.
	db, err = store.Open(ctx, store.Options{DataDir: dir})
	if err != nil {
		t.Fatalf("healthy file: %v", err)
	}
	db.Close()

	healthy, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(healthy) < 64<<10 {
		t.Fatalf("file only %d bytes", len(healthy))
	}
	garbage := bytes.Repeat([]byte{0xde, 0xad, 0xbe, 0xef, 0x13}, 3000)
	tests := []struct {
		name   string
		damage func([]byte) []byte
	}{
		{"garbage mid-file", func(b []byte) []byte {
			return append(b[:len(b)/2:len(b)/2], append(garbage, b[len(b)/2+len(garbage):]...)...)
		}},
		{"truncated", func(b []byte) []byte { return b[:1000] }},
		{"truncated in the header", func(b []byte) []byte { return b[:50] }},
		{"not a database", func(b []byte) []byte { return append(bytes.Repeat([]byte("not sqlite"), 10), b[100:]...) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := os.WriteFile(path, tt.damage(bytes.Clone(healthy)), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := store.Open(ctx, store.Options{DataDir: dir})
			if !errors.Is(err, store.ErrCorrupt) {
				t.Fatalf("damaged file opened: %v", err)
			}
			for _, want := range []string{path, "delete " + path, "re-indexes from the chain"} {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("message lacks %q: %v", want, err)
				}
			}
		})
	}
}

// A chat's settings and cursors move to the id Telegram gave the group when it became a
// supergroup; what the new id already holds is kept; another bot's rows stay.
func TestMoveBotChat(t *testing.T) {
	for name, db := range backends(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			const old, moved = int64(-100), int64(-1001234567890)
			cur := func(h int64) store.BotCursor {
				return store.BotCursor{Pos: store.Pos{Height: h, TxPos: 1, EventIndex: 2}, Message: h * 10}
			}
			for _, bot := range []string{"suprabot", "burnbot"} {
				if err := db.SaveBotChat(ctx, bot, old, []byte(`{"bot":"`+bot+`"}`)); err != nil {
					t.Fatal(err)
				}
			}
			must(t, db.SetBotCursor(ctx, "suprabot", old, "play", cur(3)))
			must(t, db.SetBotCursor(ctx, "suprabot", old, "buy", cur(4)))
			must(t, db.SetBotCursor(ctx, "burnbot", old, "burn", cur(5)))
			// The new id already has a buy cursor (set up again there): it stays.
			must(t, db.SetBotCursor(ctx, "suprabot", moved, "buy", cur(9)))

			must(t, db.MoveBotChat(ctx, "suprabot", old, moved))

			if c, err := db.BotChat(ctx, "suprabot", moved); err != nil || string(c.Settings) != `{"bot":"suprabot"}` {
				t.Fatalf("moved settings %+v %v", c, err)
			}
			if _, err := db.BotChat(ctx, "suprabot", old); !errors.Is(err, store.ErrNoChat) {
				t.Fatalf("old chat still there: %v", err)
			}
			for stream, want := range map[string]store.BotCursor{"play": cur(3), "buy": cur(9)} {
				if got, ok, err := db.BotCursor(ctx, "suprabot", moved, stream); err != nil || !ok || got != want {
					t.Fatalf("%s cursor %+v %v %v, want %+v", stream, got, ok, err, want)
				}
				if _, ok, _ := db.BotCursor(ctx, "suprabot", old, stream); ok {
					t.Fatalf("old %s cursor left", stream)
				}
			}
			if c, err := db.BotChat(ctx, "burnbot", old); err != nil || string(c.Settings) != `{"bot":"burnbot"}` {
				t.Fatalf("other bot's chat %+v %v", c, err)
			}
			if got, ok, _ := db.BotCursor(ctx, "burnbot", old, "burn"); !ok || got != cur(5) {
				t.Fatalf("other bot's cursor %+v", got)
			}
			// Settings at the new id win over the moved ones.
			must(t, db.SaveBotChat(ctx, "burnbot", moved, []byte(`{"new":true}`)))
			must(t, db.MoveBotChat(ctx, "burnbot", old, moved))
			if c, _ := db.BotChat(ctx, "burnbot", moved); string(c.Settings) != `{"new":true}` {
				t.Fatalf("new id's settings replaced: %s", c.Settings)
			}
			if got, ok, _ := db.BotCursor(ctx, "burnbot", moved, "burn"); !ok || got != cur(5) {
				t.Fatalf("burn cursor not moved: %+v %v", got, ok)
			}
		})
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// windowString shows every figure of a window (the prices, not their addresses).
func windowString(w history.Window) string {
	f := func(p *float64) string {
		if p == nil {
			return "nil"
		}
		return fmt.Sprint(*p)
	}
	return fmt.Sprintf("vol %s/%s buys %d sells %d ref %s/%s close %s/%s", w.VolBase, w.VolQuote, w.Buys, w.Sells,
		f(w.Ref), f(w.RefUSD), f(w.Close), f(w.CloseUSD))
}

// window is the 24 h figures' read: a window's trades, summarized by the history rules.
func window(ctx context.Context, db *store.DB, base supra.CoinType, from, to int64) (history.Window, error) {
	before, in, err := db.WindowTrades(ctx, base, from, to)
	return history.Summarize(before, in), err
}
