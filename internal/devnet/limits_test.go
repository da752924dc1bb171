package devnet_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/luckycoin/lucky/internal/devnet"
	"github.com/luckycoin/lucky/internal/devnet/devnettest"
	"github.com/luckycoin/lucky/internal/supra"
)

// A state body over MaxStateBytes is refused whole (413) and the chain is unchanged.
func TestLoadStateBodyIsBounded(t *testing.T) {
	n := devnettest.New(t, devnet.Options{})
	before := dump(t, n)
	// A syntactically plausible state whose padding runs past the limit, sent with its
	// length as curl and browsers do.
	head, tail := `{"version":1,"pad":"`, `"}`
	size := int64(len(head)+len(tail)) + devnet.MaxStateBytes + 1
	body := io.MultiReader(strings.NewReader(head), io.LimitReader(repeatByte('a'), devnet.MaxStateBytes+1), strings.NewReader(tail))
	req := httptest.NewRequest(http.MethodPost, "/devnet/state", body)
	req.ContentLength = size
	rec := httptest.NewRecorder()
	n.Handler().ServeHTTP(rec, req)
	if rec.Code != http.StatusRequestEntityTooLarge || !strings.Contains(rec.Body.String(), `"code":"body_too_large"`) ||
		!strings.Contains(rec.Body.String(), "at most 64 MiB") {
		t.Fatalf("status %d body %s", rec.Code, rec.Body.String())
	}
	if !bytes.Equal(before, dump(t, n)) {
		t.Fatal("a refused state changed the chain")
	}
	// Bodies of unknown length are cut at their limit and refused, not cut short and
	// misread (here an admin body over 1 MiB).
	req = httptest.NewRequest(http.MethodPost, "/devnet/balance",
		io.MultiReader(strings.NewReader(`{"address":"0x42","amount":"1","pad":"`), io.LimitReader(repeatByte('a'), 1<<20), strings.NewReader(`"}`)))
	req.ContentLength = -1
	rec = httptest.NewRecorder()
	n.Handler().ServeHTTP(rec, req)
	if rec.Code != http.StatusRequestEntityTooLarge || !strings.Contains(rec.Body.String(), "body_too_large") {
		t.Fatalf("balance: %d %s", rec.Code, rec.Body.String())
	}
	if !bytes.Equal(before, dump(t, n)) {
		t.Fatal("a refused admin call changed the chain")
	}
}

// repeatByte is an endless reader of one byte (copied in blocks: a byte loop is slow
// under -race).
type repeatByte byte

func (r repeatByte) Read(p []byte) (int, error) {
	block := bytes.Repeat([]byte{byte(r)}, min(len(p), 64<<10))
	n := 0
	for n < len(p) {
		n += copy(p[n:], block)
	}
	return n, nil
}

// The node keeps the newest MaxSnapshots snapshots; reverting to a dropped one says so.
func TestSnapshotsAreBounded(t *testing.T) {
	n := devnettest.New(t, devnet.Options{})
	h := n.Handler()
	var last uint64
	for i := 0; i < devnet.MaxSnapshots+1; i++ {
		code, out := doJSON(t, h, "POST", "/devnet/snapshot", "")
		var res struct{ ID uint64 }
		if code != 200 || json.Unmarshal(out, &res) != nil {
			t.Fatalf("snapshot %d: %d %s", i, code, out)
		}
		last = res.ID
	}
	code, out := doJSON(t, h, "POST", "/devnet/revert", `{"id":1}`)
	want := fmt.Sprintf("unknown snapshot: 1 was dropped (the devnet keeps the newest %d snapshots)", devnet.MaxSnapshots)
	if code != http.StatusNotFound || !strings.Contains(string(out), want) {
		t.Fatalf("revert to the dropped snapshot: %d %s", code, out)
	}
	// The second oldest is still there, and so is the newest.
	if code, out := doJSON(t, h, "POST", "/devnet/revert", fmt.Sprintf(`{"id":%d}`, last)); code != 200 {
		t.Fatalf("revert newest: %d %s", code, out)
	}
	if code, out := doJSON(t, h, "POST", "/devnet/revert", `{"id":2}`); code != 200 {
		t.Fatalf("revert second oldest: %d %s", code, out)
	}
}

// A state whose balances do not add up to a coin's supply is refused, naming the coin and
// both numbers, and changes nothing; so is such a --state file at start.
func TestLoadStateRefusesBrokenSupply(t *testing.T) {
	n := devnettest.New(t, devnet.Options{})
	dev := n.Accounts()[0]
	if _, err := devnettest.Submit(n, dev.PrivateKey, transferCall(n.Accounts()[1].Address, 5)); err != nil {
		t.Fatal(err)
	}
	before := dump(t, n)
	var f map[string]any
	if err := json.Unmarshal(before, &f); err != nil {
		t.Fatal(err)
	}
	// Give dev account 0 one more quant of SUPRA than the chain ever minted.
	var bal uint64
	for _, c := range f["coins"].([]any) {
		c := c.(map[string]any)
		if c["address"] == dev.Address.String() && c["coin_type"] == supraCoin {
			fmt.Sscan(c["value"].(string), &bal)
			c["value"] = fmt.Sprint(bal + 1)
		}
	}
	if bal == 0 {
		t.Fatal("dev account 0 has no SUPRA in the dump")
	}
	broken, _ := json.Marshal(f)
	var supply uint64
	for _, ci := range f["coin_infos"].([]any) {
		if ci := ci.(map[string]any); ci["coin_type"] == supraCoin {
			fmt.Sscan(ci["supply"].(string), &supply)
		}
	}
	code, out := doJSON(t, n.Handler(), "POST", "/devnet/state", string(broken))
	want := fmt.Sprintf("%s: balances+gas = %d, supply = %d", supraCoin, supply+1, supply)
	if code != http.StatusBadRequest || !strings.Contains(string(out), "invalid_state") || !strings.Contains(string(out), want) {
		t.Fatalf("status %d %s; want 400 naming %q", code, out, want)
	}
	if !bytes.Equal(before, dump(t, n)) {
		t.Fatal("a refused state changed the chain")
	}
}

// Type arguments in the JSON submit and simulate bodies have the depth limit of the
// string and BCS forms; a hostile 110 KB, 9,990-deep one is a clear 400.
func TestSubmitRefusesDeepTypeArguments(t *testing.T) {
	n := devnettest.New(t, devnet.Options{})
	h := n.Handler()
	dev := n.Accounts()[0]
	body := func(tyArg string) string {
		raw, err := devnettest.Build(n, dev.PrivateKey, transferCall(n.Accounts()[1].Address, 1))
		if err != nil {
			t.Fatal(err)
		}
		tx, err := supra.Sign(raw, dev.PrivateKey)
		if err != nil {
			t.Fatal(err)
		}
		b, err := json.Marshal(supra.NewSubmitBody(tx))
		if err != nil {
			t.Fatal(err)
		}
		return strings.Replace(string(b), `"ty_args":[]`, `"ty_args":[`+tyArg+`]`, 1)
	}
	vectors := func(n int) string { return strings.Repeat(`{"vector":`, n) + `"u8"` + strings.Repeat("}", n) }
	for _, path := range []string{"/rpc/v1/transactions/submit", "/rpc/v1/transactions/simulate"} {
		for _, depth := range []int{supra.MaxTypeDepth + 1, 9990} {
			before := dump(t, n)
			code, out := doJSON(t, h, "POST", path, body(vectors(depth)))
			if code != http.StatusBadRequest || !strings.Contains(string(out), "invalid_input") ||
				!strings.Contains(string(out), "type nested deeper than 16") {
				t.Fatalf("%s, %d deep: %d %.300s", path, depth, code, out)
			}
			if !bytes.Equal(before, dump(t, n)) {
				t.Fatalf("%s: a refused body changed the chain", path)
			}
		}
	}
}

// The RPC refuses an expiry beyond the limit it advertises, with the node's status, on
// the machine's clock and on a clock moved ahead by time travel.
func TestSubmitRefusesExpiryBeyondAdvertisedLimit(t *testing.T) {
	n := devnettest.New(t, devnet.Options{Now: time.Now})
	h := n.Handler()
	code, out := doJSON(t, h, "GET", "/rpc/v1/transactions/parameters", "")
	var params struct {
		TTL uint64 `json:"max_transaction_time_to_live_seconds"`
	}
	if code != 200 || json.Unmarshal(out, &params) != nil || params.TTL == 0 {
		t.Fatalf("parameters: %d %s", code, out)
	}
	dev := n.Accounts()[0]
	submit := func(expiry uint64) (int, []byte) {
		raw, err := devnettest.Build(n, dev.PrivateKey, transferCall(n.Accounts()[1].Address, 1))
		if err != nil {
			t.Fatal(err)
		}
		raw.ExpirationTimestampSecs = expiry
		tx, err := supra.Sign(raw, dev.PrivateKey)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(supra.NewSubmitBody(tx))
		return doJSON(t, h, "POST", "/rpc/v1/transactions/submit", string(b))
	}
	for _, advance := range []string{"", `{"seconds":86400}`} {
		if advance != "" {
			if code, out := doJSON(t, h, "POST", "/devnet/time/advance", advance); code != 200 {
				t.Fatalf("advance: %d %s", code, out)
			}
		}
		// A minute past the limit, so that the clock ticking during the test cannot
		// bring it back within.
		now := uint64(n.Now().Unix())
		before := dump(t, n)
		code, out = submit(now + params.TTL + 60)
		if code != http.StatusBadRequest || !strings.Contains(string(out), "TRANSACTION_EXPIRATION_TOO_FAR_IN_FUTURE") {
			t.Fatalf("beyond the limit: %d %s", code, out)
		}
		if !bytes.Equal(before, dump(t, n)) {
			t.Fatal("a refused transaction changed the chain")
		}
		if code, out = submit(now + params.TTL); code != http.StatusOK {
			t.Fatalf("at the limit: %d %s", code, out)
		}
	}
}
