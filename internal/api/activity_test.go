package api_test

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"math/big"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/luckycoin/lucky/internal/amount"
	"github.com/luckycoin/lucky/internal/api"
	"github.com/luckycoin/lucky/internal/config"
	"github.com/luckycoin/lucky/internal/devnet/contracts"
	"github.com/luckycoin/lucky/internal/devnet/devnettest"
	"github.com/luckycoin/lucky/internal/supra"
)

// wantRow is one activity row as the chain says it happened.
type wantRow struct {
	kind, hash          string
	token, amount       string // name, base units
	tokenOut, amountOut string // "" when nothing came back
	action              string // miner rows: purchase, claim, booster
}

// activityChain makes every kind of activity for dev account 3 (the Cosmic Miners player)
// with real transactions, oldest first, and returns the rows they must make, newest first.
func activityChain(t *testing.T, e *indexEnv) (me supra.Address, rows []wantRow) {
	t.Helper()
	const player, giver, friend = minePlayer, 0, 1
	me = e.addr(player)
	burn := supra.MustParseAddress(config.Presets()[0].Modules.BurnAddress)
	transfer := func(from int, to supra.Address, amt uint64) supra.TransactionInfo {
		return e.submit(from, devnettest.Call{Function: "0x1::supra_account::transfer_coins", TypeArgs: []string{idxLucky},
			Args: [][]byte{devnettest.Addr(to), devnettest.U64(amt)}})
	}
	in := transfer(giver, me, 100_000_000)
	swap := e.submit(player, devnettest.Call{Function: idxSwap, TypeArgs: []string{contracts.SupraCoinType, idxLucky, contracts.UncorrelatedType},
		Args: [][]byte{devnettest.U64(1_000_000_000), devnettest.U64(0)}})
	play := e.submit(player, devnettest.Call{Function: idxPlay, TypeArgs: []string{idxLucky},
		Args: [][]byte{devnettest.U64(10_000_000), devnettest.U64(1), devnettest.Str(idxLucky), devnettest.Addr(contracts.PlaceholderAddress)}})
	burnTx := transfer(player, burn, 2_000_000)
	out := transfer(player, e.addr(friend), 4_000_000)
	buy := e.submitOK(e.mustOK("POST", "/api/v1/miners/purchase", fmt.Sprintf(`{"sender":%q,"minerId":"1","quantity":"2"}`, me)), player)
	grant := e.submit(giver, devnettest.Call{Function: config.Presets()[0].Modules.Miners + "::grant_booster",
		Args: [][]byte{devnettest.Addr(me), devnettest.U64(2), devnettest.U64(3)}})
	if _, err := e.node.AdvanceTime(24 * time.Hour); err != nil {
		t.Fatal(err)
	}
	claim := e.submitOK(e.mustOK("POST", "/api/v1/miners/claim", fmt.Sprintf(`{"sender":%q}`, me)), player)
	e.sync()

	sw, pe := eventData(t, swap, "::SwapEvent"), eventData(t, play, "::PlayEvent")
	dec := func(d map[string]any, key, field string) string {
		return d["decoded"].(map[string]any)[key].(map[string]any)[field].(string)
	}
	return me, []wantRow{
		{kind: "miner", hash: claim["txHash"].(string), token: "MINE", amount: "0", tokenOut: "MINE", amountOut: dec(claim, "minerClaim", "amount"), action: "claim"},
		{kind: "miner", hash: grant.Hash, token: "MINE", amount: "0", action: "booster"},
		{kind: "miner", hash: buy["txHash"].(string), token: "MINE", amount: dec(buy, "minerPurchase", "cost"), action: "purchase"},
		{kind: "sent", hash: out.Hash, token: "LUCKY", amount: "4000000"},
		{kind: "burn", hash: burnTx.Hash, token: "LUCKY", amount: "2000000"},
		{kind: "spin", hash: play.Hash, token: "LUCKY", amount: "10000000", tokenOut: "LUCKY", amountOut: pe["total_prize"].(string)},
		{kind: "swap", hash: swap.Hash, token: "SUPRA", amount: "1000000000", tokenOut: "LUCKY", amountOut: sw["x_out"].(string)},
		{kind: "received", hash: in.Hash, token: "LUCKY", amount: "100000000"},
	}
}

// activityPage reads one page and returns its rows and next cursor ("" on the last page).
func activityPage(t *testing.T, e *indexEnv, addr supra.Address, query string) ([]map[string]any, string) {
	t.Helper()
	out := e.mustOK("GET", "/api/v1/accounts/"+addr.String()+"/activity?"+query, "")
	var rows []map[string]any
	for _, x := range out["activity"].([]any) {
		rows = append(rows, x.(map[string]any))
	}
	next, _ := out["nextCursor"].(string)
	if _, ok := out["nextCursor"]; !ok {
		t.Fatalf("%s: no nextCursor field: %v", query, out)
	}
	return rows, next
}

func hashes(rows []map[string]any) []string {
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = r["kind"].(string) + " " + r["txHash"].(string)
	}
	return out
}

func checkRow(t *testing.T, i int, got map[string]any, w wantRow) {
	t.Helper()
	tok := got["token"].(map[string]any)
	if got["kind"] != w.kind || got["txHash"] != w.hash || tok["name"] != w.token || got["amount"] != w.amount {
		t.Errorf("row %d = %v, want %+v", i, got, w)
	}
	if w.tokenOut == "" {
		if got["tokenOut"] != nil || got["amountOut"] != nil {
			t.Errorf("row %d out = %v %v, want none", i, got["tokenOut"], got["amountOut"])
		}
	} else if got["tokenOut"] == nil || got["tokenOut"].(map[string]any)["name"] != w.tokenOut || got["amountOut"] != w.amountOut {
		t.Errorf("row %d out = %v %v, want %s %s", i, got["tokenOut"], got["amountOut"], w.amountOut, w.tokenOut)
	}
	m, _ := got["miner"].(map[string]any)
	if (w.action == "") != (m == nil) || (m != nil && m["action"] != w.action) {
		t.Errorf("row %d miner = %v, want action %q", i, got["miner"], w.action)
	}
	if h, ok := got["height"].(string); !ok || h == "" || got["time"] == "" {
		t.Errorf("row %d has no height or time: %v", i, got)
	}
}

// An account's activity: every kind appears after its real transaction, with exact
// amounts, newest first; the filters select by kind and token; pages continue without a
// gap or a repeat while a new row arrives; the CSV holds the same rows in whole tokens;
// bad input answers 400 and changes nothing.
func TestAccountActivity(t *testing.T) {
	e := newIndexEnv(t)
	me, want := activityChain(t, e)

	t.Run("every kind, newest first", func(t *testing.T) {
		rows, next := activityPage(t, e, me, "")
		if len(rows) != len(want) || next != "" {
			t.Fatalf("rows %v next %q, want %d rows on one page", hashes(rows), next, len(want))
		}
		for i, w := range want {
			checkRow(t, i, rows[i], w)
		}
		boost := rows[1]["miner"].(map[string]any)
		buy := rows[2]["miner"].(map[string]any)
		if boost["itemId"] != "2" || boost["count"] != "3" || buy["itemId"] != "1" || buy["count"] != "2" ||
			rows[0]["miner"].(map[string]any)["itemId"] != nil {
			t.Errorf("miner actions %v %v %v", rows[0]["miner"], boost, buy)
		}
		mineType, _ := supra.ParseCoinType(contracts.MineCoinType)
		if mine := rows[2]["token"].(map[string]any); mine["decimals"] != float64(8) || mine["coinType"] != mineType.String() {
			t.Errorf("MINE token %v", mine)
		}
		// The friend sees the transfer as received.
		in, _ := activityPage(t, e, e.addr(1), "limit=1")
		if len(in) != 1 || in[0]["kind"] != "received" || in[0]["txHash"] != want[3].hash {
			t.Errorf("friend's activity %v", in)
		}
	})

	t.Run("filters", func(t *testing.T) {
		pick := func(keep func(w wantRow) bool) []string {
			var out []string
			for _, w := range want {
				if keep(w) {
					out = append(out, w.kind+" "+w.hash)
				}
			}
			return out
		}
		kind := func(ks ...string) func(wantRow) bool {
			return func(w wantRow) bool { return strings.Contains(","+strings.Join(ks, ",")+",", ","+w.kind+",") }
		}
		moves := func(name string) func(wantRow) bool {
			return func(w wantRow) bool { return w.kind != "miner" && (w.token == name || w.tokenOut == name) }
		}
		for _, tc := range []struct {
			query string
			want  []string
		}{
			{"kind=swap", pick(kind("swap"))},
			{"kind=spin,burn", pick(kind("spin", "burn"))},
			{"kind=%20Miner%20", pick(kind("miner"))},
			{"kind=received", pick(kind("received"))},
			{"kind=sent", pick(kind("sent"))},
			{"kind=received,sent", pick(kind("received", "sent"))},
			{"kind=", pick(func(wantRow) bool { return true })},
			{"token=SUPRA", pick(moves("SUPRA"))},
			{"token=lucky", pick(moves("LUCKY"))},
			{"token=LUCKY&kind=swap,sent", pick(func(w wantRow) bool { return moves("LUCKY")(w) && kind("swap", "sent")(w) })},
			{"token=LUCKY&kind=miner", nil},
			{"token=DAWGZ", nil},
		} {
			rows, next := activityPage(t, e, me, tc.query)
			if got := hashes(rows); strings.Join(got, "|") != strings.Join(tc.want, "|") || next != "" {
				t.Errorf("%s: %v next %q, want %v", tc.query, got, next, tc.want)
			}
		}
	})

	t.Run("pages of 3 across a new row", func(t *testing.T) {
		var seen []map[string]any
		first, next := activityPage(t, e, me, "limit=3")
		seen = append(seen, first...)
		// A new row arrives between two pages: it is newer than every row listed.
		late := e.submit(0, devnettest.Call{Function: "0x1::supra_account::transfer_coins", TypeArgs: []string{idxLucky},
			Args: [][]byte{devnettest.Addr(me), devnettest.U64(7_000_000)}})
		e.sync()
		pages := 1
		for next != "" {
			var rows []map[string]any
			rows, next = activityPage(t, e, me, "limit=3&cursor="+url.QueryEscape(next))
			seen = append(seen, rows...)
			pages++
			if pages > 3 {
				t.Fatalf("more than 3 pages: %v", hashes(seen))
			}
		}
		if pages != 3 || len(seen) != len(want) {
			t.Fatalf("%d pages, rows %v", pages, hashes(seen))
		}
		for i, w := range want {
			checkRow(t, i, seen[i], w)
		}
		// A new first page starts with it.
		top, _ := activityPage(t, e, me, "limit=1")
		if len(top) != 1 || top[0]["txHash"] != late.Hash || top[0]["kind"] != "received" || top[0]["amount"] != "7000000" {
			t.Fatalf("new first page %v", top)
		}
		want = append([]wantRow{{kind: "received", hash: late.Hash, token: "LUCKY", amount: "7000000"}}, want...)
	})

	t.Run("csv", func(t *testing.T) {
		for _, q := range []string{"", "kind=swap,miner", "token=LUCKY"} {
			rows, _ := activityPage(t, e, me, q+"&limit=100")
			req := httptest.NewRequest("GET", "/api/v1/accounts/"+me.String()+"/activity.csv?"+q, nil)
			rec := e.serve(req)
			if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "text/csv; charset=utf-8" ||
				rec.Header().Get("Content-Disposition") != `attachment; filename="lucky-activity-`+me.String()+`.csv"` {
				t.Fatalf("csv %s: %d %v %s", q, rec.Code, rec.Header(), rec.Body.String())
			}
			recs, err := csv.NewReader(rec.Body).ReadAll()
			if err != nil {
				t.Fatal(err)
			}
			if strings.Join(recs[0], ",") != "time_utc,kind,token,amount,token_out,amount_out,tx_hash,height" || len(recs) != len(rows)+1 {
				t.Fatalf("csv %s: %d lines %v, want %d rows", q, len(recs), recs, len(rows))
			}
			for i, r := range rows {
				tok := r["token"].(map[string]any)
				wantRec := []string{r["time"].(string), r["kind"].(string), tok["name"].(string),
					exact(t, r["amount"].(string), tok["decimals"]), "", "", r["txHash"].(string), r["height"].(string)}
				if o, ok := r["tokenOut"].(map[string]any); ok {
					wantRec[4], wantRec[5] = o["name"].(string), exact(t, r["amountOut"].(string), o["decimals"])
				}
				if strings.Join(recs[i+1], ",") != strings.Join(wantRec, ",") {
					t.Errorf("csv %s line %d = %v, want %v", q, i+1, recs[i+1], wantRec)
				}
			}
		}
		// Exact whole tokens, by hand: 10 SUPRA (8 decimals) in, 2 LUCKY (6 decimals) burned.
		rec := e.serve(httptest.NewRequest("GET", "/api/v1/accounts/"+me.String()+"/activity.csv?kind=swap,burn", nil))
		recs, _ := csv.NewReader(rec.Body).ReadAll()
		if len(recs) != 3 || recs[1][1] != "burn" || recs[1][3] != "2" || recs[2][1] != "swap" || recs[2][2] != "SUPRA" || recs[2][3] != "10" {
			t.Fatalf("exact amounts %v", recs)
		}
		if _, err := time.Parse(time.RFC3339Nano, recs[1][0]); err != nil || !strings.HasSuffix(recs[1][0], "Z") {
			t.Fatalf("time %q: %v", recs[1][0], err)
		}
	})

	t.Run("bad input answers 400 and changes nothing", func(t *testing.T) {
		before, err := e.db.Dump(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		list, _ := activityPage(t, e, me, "limit=100")
		kinds := "kind is a comma-separated list of swap, spin, burn, miner, stake, unstake, reward, pass, received, sent."
		badCursor := "cursor is not one this server gave: pass an answer's nextCursor as it is."
		base := "/api/v1/accounts/" + me.String() + "/activity"
		for _, tc := range []struct {
			path, code, msg string
		}{
			{base + "?kind=swaps", api.CodeInvalidQuery, `Unknown kind "swaps": ` + kinds},
			{base + "?kind=swap,nope", api.CodeInvalidQuery, `Unknown kind "nope": ` + kinds},
			{base + ".csv?kind=nope", api.CodeInvalidQuery, `Unknown kind "nope": ` + kinds},
			{base + "?token=NOPE", api.CodeInvalidQuery, `Unknown token "NOPE": token is a token's name as GET /api/v1/config lists it, e.g. LUCKY.`},
			{base + ".csv?token=MINE", api.CodeInvalidQuery, `Unknown token "MINE": token is a token's name as GET /api/v1/config lists it, e.g. LUCKY.`},
			{base + "?cursor=zzz", api.CodeInvalidQuery, badCursor},
			{base + "?cursor=" + "MS4y", api.CodeInvalidQuery, badCursor},     // "1.2"
			{base + "?cursor=" + "LTEuMC4w", api.CodeInvalidQuery, badCursor}, // "-1.0.0"
			{base + "?cursor=" + "MDEuMC4w", api.CodeInvalidQuery, badCursor}, // "01.0.0"
			{base + "?limit=0", api.CodeInvalidQuery, "limit must be a whole number from 1 to 100."},
			{base + "?limit=101", api.CodeInvalidQuery, "limit must be a whole number from 1 to 100."},
			{base + "?limit=x", api.CodeInvalidQuery, "limit must be a whole number from 1 to 100."},
			{"/api/v1/accounts/0xzz/activity", "invalid_address", ""},
			{"/api/v1/accounts/0xzz/activity.csv", "invalid_address", ""},
		} {
			code, out := e.do("GET", tc.path, "")
			if c, msg := errCode(out); code != http.StatusBadRequest || c != tc.code || (tc.msg != "" && msg != tc.msg) {
				t.Errorf("%s: %d %s %q", tc.path, code, c, msg)
			}
		}
		after, err := e.db.Dump(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		again, _ := activityPage(t, e, me, "limit=100")
		if after != before || fmt.Sprint(again) != fmt.Sprint(list) {
			t.Fatal("a refused request changed the index or the answer")
		}
	})
}

// The staking pool's actions are activity rows in SUPRA base units: a stake, a reward
// claim, an early unstake (its amount in, what came back after the tax out) and a
// tax-free pass, newest first, by their own kinds and not as Cosmic Miners rows; the CSV
// has them in whole SUPRA.
func TestAccountStakingActivity(t *testing.T) {
	e := newIndexEnv(t)
	const user = 2
	me := e.addr(user)
	pool := config.Presets()[0].Modules.Staking
	call := func(fn string, args ...[]byte) supra.TransactionInfo {
		return e.submit(user, devnettest.Call{Function: pool + "::" + fn, Args: args})
	}
	stake := call("stake", devnettest.U64(5_000_000_000))
	if _, err := e.node.AdvanceTime(time.Hour); err != nil { // rewards accrue; still inside the early-unstake window
		t.Fatal(err)
	}
	claim := call("claim")
	unstake := call("unstake", devnettest.U64(2_000_000_000))
	pass := call("buy_tax_free_pass")
	e.sync()

	cl, un, pp := eventData(t, claim, "::ClaimEvent"), eventData(t, unstake, "::UnstakeEvent"), eventData(t, pass, "::PassPurchasedEvent")
	if cl["amount"] == "0" || un["tax"] == "0" {
		t.Fatalf("claim %v unstake %v: want rewards and an early-unstake tax", cl, un)
	}
	want := []wantRow{
		{kind: "pass", hash: pass.Hash, token: "SUPRA", amount: pp["price"].(string)},
		{kind: "unstake", hash: unstake.Hash, token: "SUPRA", amount: "2000000000", tokenOut: "SUPRA", amountOut: un["returned"].(string)},
		{kind: "reward", hash: claim.Hash, token: "SUPRA", amount: "0", tokenOut: "SUPRA", amountOut: cl["amount"].(string)},
		{kind: "stake", hash: stake.Hash, token: "SUPRA", amount: "5000000000"},
	}
	rows, next := activityPage(t, e, me, "")
	if len(rows) != len(want) || next != "" {
		t.Fatalf("rows %v next %q, want %d", hashes(rows), next, len(want))
	}
	for i, w := range want {
		checkRow(t, i, rows[i], w)
	}
	for _, tc := range []struct {
		query string
		n     int
	}{{"kind=stake,pass", 2}, {"kind=reward", 1}, {"token=SUPRA", 4}, {"kind=miner", 0}, {"token=LUCKY", 0}} {
		if rows, _ := activityPage(t, e, me, tc.query); len(rows) != tc.n {
			t.Errorf("%s: %v, want %d rows", tc.query, hashes(rows), tc.n)
		}
	}

	rec := e.serve(httptest.NewRequest("GET", "/api/v1/accounts/"+me.String()+"/activity.csv", nil))
	recs, err := csv.NewReader(rec.Body).ReadAll()
	if err != nil || rec.Code != http.StatusOK || len(recs) != len(want)+1 {
		t.Fatalf("csv %d %v: %v", rec.Code, err, recs)
	}
	for i, w := range want {
		got := recs[i+1][1:]
		wantRec := []string{w.kind, "SUPRA", exact(t, w.amount, 8), w.tokenOut, "", w.hash, rows[i]["height"].(string)}
		if w.tokenOut != "" {
			wantRec[4] = exact(t, w.amountOut, 8)
		}
		if strings.Join(got, ",") != strings.Join(wantRec, ",") {
			t.Errorf("csv line %d = %v, want %v", i+1, got, wantRec)
		}
	}
	if recs[4][3] != "50" || recs[3][3] != "0" {
		t.Errorf("stake and claim amounts in whole SUPRA: %v", recs)
	}
}

// exact renders base units in whole tokens, as the CSV must.
func exact(t *testing.T, base string, decimals any) string {
	t.Helper()
	n, ok := new(big.Int).SetString(base, 10)
	if !ok {
		t.Fatalf("amount %q", base)
	}
	d, _ := json.Marshal(decimals)
	var dec uint8
	if err := json.Unmarshal(d, &dec); err != nil {
		t.Fatal(err)
	}
	return amount.Exact(n, dec)
}
