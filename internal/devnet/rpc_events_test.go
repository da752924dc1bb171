package devnet_test

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/luckycoin/lucky/internal/devnet"
	"github.com/luckycoin/lucky/internal/devnet/devnettest"
	"github.com/luckycoin/lucky/internal/supra"
)

// placed is an event with where the chain put it.
type placed struct {
	height uint64
	tx     string
	typ    string
	data   string
}

// fromBlocks lists the events of type want block by block (what the v3 query must give).
func fromBlocks(t *testing.T, c *supra.Client, start, end uint64, want string) []placed {
	t.Helper()
	var out []placed
	for h := start; h < end; h++ {
		b, err := c.BlockByHeight(context.Background(), h, true)
		if err != nil {
			t.Fatal(err)
		}
		for _, tx := range b.Transactions {
			for _, e := range tx.Output.Move.Events {
				if e.Type == want || strings.HasPrefix(e.Type, want+"<") {
					out = append(out, placed{h, tx.Hash, e.Type, string(e.Data)})
				}
			}
		}
	}
	return out
}

// walk reads [start, end) through the v3 query, limit events a page, and counts the pages.
func walk(t *testing.T, c *supra.Client, typ string, start, end uint64, limit int) ([]placed, int) {
	t.Helper()
	var out []placed
	cursor := ""
	for pages := 1; ; pages++ {
		p, err := c.EventsRange(context.Background(), typ, start, end, limit, cursor)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range p.Events {
			out = append(out, placed{e.BlockHeight, e.TransactionHash, e.Event.Type, string(e.Event.Data)})
		}
		if len(p.Events) < limit {
			if len(p.Events) == 0 && p.Cursor != "" {
				t.Fatalf("empty page with cursor %q", p.Cursor)
			}
			return out, pages
		}
		if p.Cursor == "" {
			t.Fatal("a full page without a cursor")
		}
		cursor = p.Cursor
	}
}

// The v3 query over any range, page by page, gives exactly the events the blocks hold,
// in chain order, with their heights and transaction hashes, however the pages fall;
// empty blocks in between cost nothing.
func TestEventsV3MatchesBlocks(t *testing.T) {
	n := devnettest.New(t, devnet.Options{})
	c := devnettest.Client(t, n)
	acc := n.Accounts()
	for i := range 12 {
		if _, err := devnettest.Submit(n, acc[i%3].PrivateKey, transferCall(acc[3].Address, uint64(100+i))); err != nil {
			t.Fatal(err)
		}
		n.Mine(i * 7)
	}
	head := n.Height()
	for _, typ := range []string{"0x1::coin::CoinDeposit", "0x1::coin::CoinWithdraw", "0x1::transaction_fee::FeeStatement"} {
		for _, r := range [][2]uint64{{0, head + 1}, {1, head + 1}, {5, head - 20}, {head, head + 1}} {
			want := fromBlocks(t, c, r[0], r[1], typ)
			for _, limit := range []int{1, 2, 7, 100} {
				got, pages := walk(t, c, typ, r[0], r[1], limit)
				if len(got) != len(want) {
					t.Fatalf("%s [%d, %d) limit %d: %d events, blocks hold %d", typ, r[0], r[1], limit, len(got), len(want))
				}
				for i := range got {
					if got[i] != want[i] {
						t.Fatalf("%s [%d, %d) limit %d: event %d is %+v, blocks say %+v", typ, r[0], r[1], limit, i, got[i], want[i])
					}
				}
				if maxPages := len(want)/limit + 1; pages > maxPages {
					t.Fatalf("%d pages for %d events at %d a page", pages, len(want), limit)
				}
			}
		}
	}
}

// The query's edges as the node has them: limit 20 by default and at most 100, an end not
// past the start refused, a cursor of another type refused, the headers set.
func TestEventsV3Shape(t *testing.T) {
	n := devnettest.New(t, devnet.Options{})
	acc := n.Accounts()
	for i := range 110 {
		if _, err := devnettest.Submit(n, acc[0].PrivateKey, transferCall(acc[1].Address, uint64(1+i))); err != nil {
			t.Fatal(err)
		}
	}
	h := n.Handler()
	count := func(path string) (int, string) {
		t.Helper()
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		if rec.Code != 200 {
			t.Fatalf("%s: %d %s", path, rec.Code, rec.Body)
		}
		var res supra.EventsV3Response
		if err := json.Unmarshal(rec.Body.Bytes(), &res); err != nil {
			t.Fatal(err)
		}
		if rec.Header().Get("X-Supra-Chain-Id") != "255" {
			t.Fatalf("chain id header %q", rec.Header().Get("X-Supra-Chain-Id"))
		}
		return len(res.Data), rec.Header().Get("X-Supra-Cursor")
	}
	if got, cur := count("/rpc/v3/events/0x1::transaction_fee::FeeStatement"); got != 20 || cur == "" {
		t.Fatalf("default page: %d events, cursor %q", got, cur)
	}
	if got, _ := count("/rpc/v3/events/0x1::transaction_fee::FeeStatement?limit=1000"); got != 100 {
		t.Fatalf("limit 1000: %d events, want the cap of 100", got)
	}
	if got, cur := count("/rpc/v3/events/0x1::transaction_fee::FeeStatement?start_height=100000&end_height=100001"); got != 0 || cur != "" {
		t.Fatalf("past the head: %d events, cursor %q", got, cur)
	}
	_, cur := count("/rpc/v3/events/0x1::transaction_fee::FeeStatement?limit=1")
	for _, tt := range []struct{ name, path, contains string }{
		{"empty range", "/rpc/v3/events/0x1::coin::CoinDeposit?start_height=5&end_height=5", "`end` must be greater than `start`"},
		{"bad cursor", "/rpc/v3/events/0x1::coin::CoinDeposit?start=zz", "Invalid cursor"},
		{"another type's cursor", "/rpc/v3/events/0x1::coin::CoinDeposit?start=" + cur, "Invalid cursor"},
		{"bad type", "/rpc/v3/events/nope", ""},
	} {
		code, body := doJSON(t, h, "GET", tt.path, "")
		if code != 400 || !strings.Contains(string(body), tt.contains) {
			t.Errorf("%s: %d %s", tt.name, code, body)
		}
	}
	if code, body := doJSON(t, h, "GET", "/rpc/v3/nope", ""); code != 404 || !strings.Contains(string(body), "Invalid URL, Path Not Found") {
		t.Errorf("unknown v3 path: %d %s", code, body)
	}
}

// A transaction in the open block (interval mode) is not final: neither query lists it.
func TestEventsV3SkipsTheOpenBlock(t *testing.T) {
	n := devnettest.New(t, devnet.Options{BlockTime: time.Hour})
	c := devnettest.Client(t, n)
	acc := n.Accounts()
	if _, err := devnettest.Submit(n, acc[0].PrivateKey, transferCall(acc[1].Address, 5)); err != nil {
		t.Fatal(err)
	}
	before, _ := walk(t, c, "0x1::transaction_fee::FeeStatement", 0, 1_000, 100)
	n.Mine(1)
	after, _ := walk(t, c, "0x1::transaction_fee::FeeStatement", 0, 1_000, 100)
	if len(after) != len(before)+1 {
		t.Fatalf("%d fee statements before sealing, %d after", len(before), len(after))
	}
}
