package chain

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/luckycoin/lucky/internal/supra"
)

// The documented PlayEvent: spin_results (tier_index, prize_won), total_prize,
// number_of_spins, and nothing else.
const minimalPlayData = `{"number_of_spins":"2","spin_results":[{"tier_index":6,"prize_won":"500000000"},{"tier_index":0,"prize_won":"0"}],"total_prize":"500000000"}`

const (
	slotsMod  = "0xb4ba040eb59c3b3c3776b7a603d896781e48bbf5fcea559c495814b5cde29b2b::slots_v3"
	luckyType = "0x4205c82380bff5708cd7c59e0043a45890a457a6cdb60c9191d818958fd7ac26::LUCKY::LUCKY"
)

func args(vs ...string) []json.RawMessage {
	out := make([]json.RawMessage, len(vs))
	for i, v := range vs {
		out[i] = json.RawMessage(v)
	}
	return out
}

func TestDecodePlayEventTx(t *testing.T) {
	c := testClient(t)
	net := c.Core.Network()
	supraPlay := TxContext{Sender: "0x85e8", Function: slotsMod + "::play_supra_coin", Args: args(`"20000000"`, `"2"`, `"0xff"`)}
	luckyPlay := TxContext{Sender: "0x85e9", Function: slotsMod + "::play", TypeArgs: []string{luckyType},
		Args: args(`"10000000"`, `"2"`, `"`+luckyType+`"`, `"0xff"`)}
	other := TxContext{Sender: "0x85e8", Function: "0xabc::router::spin_for_me", Args: args(`"1"`)}
	extras := `{"player":"0x77","token_type":"` + luckyType + `","bet_per_spin":"30000000",` + minimalPlayData[1:]
	tests := []struct {
		name   string
		tx     TxContext
		data   string
		player string
		token  string
		bet    uint64
		err    bool
	}{
		{"minimal, play_supra_coin", supraPlay, minimalPlayData, "0x85e8", net.Modules.NativeCoin, 20_000_000, false},
		{"minimal, play<LUCKY>", luckyPlay, minimalPlayData, "0x85e9", luckyType, 10_000_000, false},
		{"extra fields ignored where the transaction names them", luckyPlay, extras, "0x85e9", luckyType, 10_000_000, false},
		{"extra fields used when the transaction is not a play call", other, extras, "0x77", luckyType, 30_000_000, false},
		{"extra fields without a transaction", TxContext{}, extras, "0x77", luckyType, 30_000_000, false},
		{"minimal without a transaction", TxContext{}, minimalPlayData, "", "", 0, true},
		{"minimal from another entry function", other, minimalPlayData, "", "", 0, true},
		{"no spin_results", supraPlay, `{"number_of_spins":"2","total_prize":"0"}`, "", "", 0, true},
		{"no total_prize", supraPlay, `{"number_of_spins":"2","spin_results":[]}`, "", "", 0, true},
		{"no number_of_spins", supraPlay, `{"spin_results":[],"total_prize":"0"}`, "", "", 0, true},
		{"spin result without prize_won", supraPlay, `{"number_of_spins":"1","spin_results":[{"tier_index":1}],"total_prize":"0"}`, "", "", 0, true},
		{"tier out of u8", supraPlay, `{"number_of_spins":"1","spin_results":[{"tier_index":300,"prize_won":"0"}],"total_prize":"0"}`, "", "", 0, true},
		{"total_prize not a number", supraPlay, `{"number_of_spins":"1","spin_results":[],"total_prize":"x"}`, "", "", 0, true},
		{"malformed extra player", supraPlay, `{"player":"nope",` + minimalPlayData[1:], "", "", 0, true},
		{"not an object", supraPlay, `[1,2]`, "", "", 0, true},
		{"bet argument not a u64", TxContext{Sender: "0x1", Function: supraPlay.Function, Args: args(`"-5"`)}, minimalPlayData, "", "", 0, true},
		{"play without its type argument", TxContext{Sender: "0x1", Function: luckyPlay.Function, Args: luckyPlay.Args}, minimalPlayData, "", "", 0, true},
		{"bad sender", TxContext{Sender: "zz", Function: supraPlay.Function, Args: supraPlay.Args}, minimalPlayData, "", "", 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := DecodePlayEventTx(net, tt.tx, json.RawMessage(tt.data))
			if tt.err {
				if !errors.Is(err, ErrBadResponse) {
					t.Fatalf("want ErrBadResponse, got %+v %v", p, err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if p.Player != supra.MustParseAddress(tt.player) || p.TokenType != tt.token || p.BetPerSpin != tt.bet ||
				p.NumberOfSpins != 2 || p.TotalPrize != 500_000_000 || len(p.SpinResults) != 2 || p.SpinResults[0] != (SpinResult{6, 500_000_000}) {
				t.Fatalf("%+v", p)
			}
		})
	}
}

// The reason a PlayEvent cannot be read names the field: it is what the index's
// quarantine keeps for whoever fixes the decoder.
func TestPlayEventReasonNamesTheField(t *testing.T) {
	for data, field := range map[string]string{
		`{"number_of_spins":"2","total_prize":"0"}`:                         "no spin_results",
		`{"number_of_spins":"1","spin_results":"broken","total_prize":"0"}`: "spin_results is \"broken\", not a list",
		`{"number_of_spins":"x","spin_results":[],"total_prize":"0"}`:       "number_of_spins is \"x\", not a u64",
		`{"number_of_spins":"1","spin_results":[],"total_prize":null}`:      "total_prize is null",
		`{"number_of_spins":"1","spin_results":[]}`:                         "no total_prize",
	} {
		if _, err := DecodePlayEvent(json.RawMessage(data)); !errors.Is(err, ErrBadResponse) || !strings.Contains(err.Error(), field) {
			t.Errorf("%s: %v, want %q", data, err, field)
		}
	}
}

// The registry names the token of a derived play, and the API's tx endpoint decodes a
// transaction read from the node with its context.
func TestDecodeTransactionPlay(t *testing.T) {
	c := testClient(t)
	ev := events(t, `{"guid":{"creation_number":"0","account_address":"0x0"},"sequence_number":"0","type":"`+slotsMod+`::PlayEvent","data":`+minimalPlayData+`}`)
	tx := &supra.TransactionInfo{Header: supra.TxHeader{Sender: supra.SenderInfo{Move: "0x85e8"}},
		Payload: supra.TxPayloadInfo{Move: supra.EntryFunctionPayloadInfo{Function: slotsMod + "::play", TypeArguments: []string{luckyType},
			Arguments: []any{"10000000", "2", luckyType, "0xff"}}},
		Output: &supra.TxOutput{Move: supra.MoveOutput{Events: ev}}}
	dec, err := c.Core.DecodeTransaction(tx)
	if err != nil {
		t.Fatal(err)
	}
	p, ok := dec["play"].(*PlayEvent)
	if !ok || p.Token != "LUCKY" || p.BetPerSpin != 10_000_000 || p.Player != supra.MustParseAddress("0x85e8") || p.Wagered().Uint64() != 20_000_000 {
		t.Fatalf("%#v", dec["play"])
	}
	if _, err := c.Core.DecodeEvents(ev); !errors.Is(err, ErrBadResponse) {
		t.Fatalf("a minimal PlayEvent without its transaction: %v", err)
	}
	if dec, err := c.Core.DecodeTransaction(&supra.TransactionInfo{}); err != nil || len(dec) != 0 {
		t.Fatalf("pending transaction: %v %v", dec, err)
	}
}
