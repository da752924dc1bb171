package devnet_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/luckycoin/lucky/internal/devnet"
	"github.com/luckycoin/lucky/internal/devnet/devnettest"
	"github.com/luckycoin/lucky/internal/supra"
)

// POST /devnet/events appends a block holding one transaction whose output carries the
// given event as given; the transaction shows the call the request names.
func TestInjectEvent(t *testing.T) {
	for _, interval := range []time.Duration{0, time.Hour} {
		n := devnettest.New(t, devnet.Options{BlockTime: interval})
		h := n.Handler()
		if interval > 0 {
			// A transaction waiting in the open block is sealed in a block of its own first.
			if _, err := devnettest.Submit(n, n.Accounts()[0].PrivateKey, transferCall(n.Accounts()[1].Address, 5)); err != nil {
				t.Fatal(err)
			}
		}
		before := n.Height()
		code, body := doJSON(t, h, "POST", "/devnet/events", `{"type":"0xb4ba::slots_v3::PlayEvent","data":{"spin_results":"broken"},
			"sender":"0x85e8","function":"0xb4ba::slots_v3::play","type_arguments":["0x1::supra_coin::SupraCoin"],"arguments":["10",3]}`)
		var out struct {
			Hash   string `json:"hash"`
			Height uint64 `json:"height"`
		}
		if code != http.StatusOK || json.Unmarshal(body, &out) != nil {
			t.Fatalf("inject: %d %s", code, body)
		}
		want := before + 1
		if interval > 0 {
			want = before + 2
		}
		if out.Height != want || n.Height() != want {
			t.Fatalf("interval %v: injected at %d, node at %d, was %d", interval, out.Height, n.Height(), before)
		}
		code, body = doJSON(t, h, "GET", "/rpc/v1/block/height/"+strconv.FormatUint(out.Height, 10)+"?with_finalized_transactions=true", "")
		var blk supra.Block
		if code != http.StatusOK || json.Unmarshal(body, &blk) != nil || len(blk.Transactions) != 1 {
			t.Fatalf("block: %d %s", code, body)
		}
		tx := blk.Transactions[0]
		if tx.Hash != out.Hash || tx.Output == nil || len(tx.Output.Move.Events) != 1 || tx.Status != supra.StatusSuccess ||
			tx.Header.Sender.Move != supra.MustParseAddress("0x85e8").String() || tx.Payload.Move.TypeArguments[0] != "0x1::supra_coin::SupraCoin" ||
			tx.Payload.Move.Arguments[0] != "10" || tx.Payload.Move.Arguments[1] != 3.0 {
			t.Fatalf("transaction %+v", tx)
		}
		if ev := tx.Output.Move.Events[0]; ev.Type != "0xb4ba::slots_v3::PlayEvent" || string(ev.Data) != `{"spin_results":"broken"}` {
			t.Fatalf("event %s %s", ev.Type, ev.Data)
		}
		code, body = doJSON(t, h, "GET", "/rpc/v3/events/0xb4ba::slots_v3::PlayEvent?start_height=0&end_height=1000&limit=10", "")
		if code != http.StatusOK || !bytes.Contains(body, []byte(out.Hash)) {
			t.Fatalf("v3 events: %d %s", code, body)
		}
		if err := n.CheckInvariants(); err != nil {
			t.Fatal(err)
		}
		// The injected transaction is part of the chain: a state dump carries it.
		state := dump(t, n)
		if err := n.LoadState(bytes.NewReader(state)); err != nil || !bytes.Equal(dump(t, n), state) {
			t.Fatalf("state round trip: %v", err)
		}
	}
}

// Bad input gets the one JSON error shape and changes nothing.
func TestInjectEventRefusesBadInput(t *testing.T) {
	n := devnettest.New(t, devnet.Options{})
	h := n.Handler()
	before := dump(t, n)
	for _, body := range []string{
		``, `not json`, `[]`,
		`{"data":{}}`,
		`{"type":"nope","data":{}}`,
		`{"type":"0x1::m::E"}`,
		`{"type":"0x1::m::E","data":[1]}`,
		`{"type":"0x1::m::E","data":"x"}`,
		`{"type":"0x1::m::E","data":{},"sender":"0xzz"}`,
		`{"type":"0x1::m::E","data":{},"function":"play"}`,
		`{"type":"0x1::m::E","data":{},"type_arguments":["not a type"]}`,
	} {
		code, out := doJSON(t, h, "POST", "/devnet/events", body)
		var e struct {
			Error struct {
				Code, Message string
			} `json:"error"`
		}
		if code != http.StatusBadRequest || json.Unmarshal(out, &e) != nil || e.Error.Code != "invalid_body" || e.Error.Message == "" {
			t.Errorf("%s: %d %s", body, code, out)
		}
	}
	if !bytes.Equal(dump(t, n), before) {
		t.Fatal("a refused injection changed the chain")
	}
}
