package chain

import (
	"errors"
	"strings"
	"testing"

	"github.com/luckycoin/lucky/internal/supra"
)

func TestRegistry(t *testing.T) {
	c := testClient(t)
	evs := events(t, withdrawFixture, depositFixture, feeFixture, playEventFixture, swapEventFixture, depositFixture)
	dec, err := c.Core.DecodeEvents(evs)
	if err != nil {
		t.Fatal(err)
	}
	if p, ok := dec["play"].(*PlayEvent); !ok || p.Token != "LUCKY" || p.TotalPrize != 515_000_000 {
		t.Fatalf("play %#v", dec["play"])
	}
	if s, ok := dec["swap"].(*SwapEvent); !ok || s.XIn != 100 {
		t.Fatalf("swap %#v", dec["swap"])
	}
	if deps := dec["deposits"].([]any); len(deps) != 2 || deps[0].(CoinEvent).Amount != 515_000_000 {
		t.Fatalf("deposits %#v", dec["deposits"])
	}
	if w := dec["withdrawals"].([]any); len(w) != 1 || w[0].(CoinEvent).Deposit {
		t.Fatalf("withdrawals %#v", dec["withdrawals"])
	}
	if _, ok := dec["burn"]; ok {
		t.Fatal("a deposit to 0x85e8 decoded as a burn")
	}
	if len(dec) != 4 {
		t.Fatalf("keys %v", dec)
	}

	burnDep := strings.Replace(depositFixture, `"account":"0x85e8"`, `"account":"`+c.Core.Network().Modules.BurnAddress+`"`, 1)
	dec, err = c.Core.DecodeEvents(events(t, burnDep))
	if b, ok := dec["burn"].(*BurnEvent); err != nil || !ok || b.Amount != 515_000_000 || b.Token != "" || b.CoinType != "0x42::LUCKY::LUCKY" {
		t.Fatalf("burn %#v %v", dec, err)
	}

	bad := events(t, strings.Replace(swapEventFixture, `"x_in":"100"`, `"x_in":"x"`, 1))
	if _, err := c.Core.DecodeEvents(bad); !errors.Is(err, ErrBadResponse) {
		t.Fatalf("bad swap: %v", err)
	}
	if _, err := c.Dex.FindSwapEvent(evs[:3]); !errors.Is(err, ErrEventNotFound) {
		t.Fatalf("no swap: %v", err)
	}

	// A registry of one custom decoder: what a new feature adds.
	r := NewRegistry(Decoder{Key: "fee", Tag: "0x1::transaction_fee::FeeStatement", Decode: func(ev supra.Event) (any, bool, error) {
		return string(ev.Data), true, nil
	}}, Decoder{Key: "ignored", Tag: "", Decode: func(supra.Event) (any, bool, error) { return 1, true, nil }})
	if dec, err := r.Decode(evs); err != nil || len(dec) != 1 || !strings.Contains(dec["fee"].(string), "total_charge_gas_units") {
		t.Fatalf("custom %v %v", dec, err)
	}
}
