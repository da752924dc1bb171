package api

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/luckycoin/lucky/internal/supra"
)

// Event fixtures in the node's JSON (the same as internal/chain's).
const (
	depositFixture   = `{"guid":{"creation_number":"0","account_address":"0x0"},"sequence_number":"0","type":"0x1::coin::CoinDeposit","data":{"account":"0x85e8","amount":"515000000","coin_type":"0x42::LUCKY::LUCKY"}}`
	playEventFixture = `{"guid":{"creation_number":"0","account_address":"0x0"},"sequence_number":"0",
"type":"0xb4ba040eb59c3b3c3776b7a603d896781e48bbf5fcea559c495814b5cde29b2b::slots_v3::PlayEvent",
"data":{"player":"0x85e8","token_type":"0x4205c82380bff5708cd7c59e0043a45890a457a6cdb60c9191d818958fd7ac26::LUCKY::LUCKY",
"bet_per_spin":"10000000","number_of_spins":"3","spin_results":[{"tier_index":6,"prize_won":"500000000"},{"tier_index":0,"prize_won":"0"},{"tier_index":"3","prize_won":15000000}],"total_prize":"515000000"}}`
	withdrawFixture = `{"guid":{"creation_number":"0","account_address":"0x0"},"sequence_number":"0","type":"0x1::coin::CoinWithdraw","data":{"account":"0x85e8","amount":"30000000","coin_type":"0x42::LUCKY::LUCKY"}}`
)

func txFixture(t *testing.T, status, function string, args string, output bool) *supra.TransactionInfo {
	t.Helper()
	out := `null`
	block := `null`
	if output {
		out = `{"Move":{"gas_used":9,"events":[` + withdrawFixture + `,` + depositFixture + `,` + playEventFixture + `],"vm_status":"Executed successfully"}}`
		block = `{"hash":"0xbb","height":24,"timestamp":{"microseconds_since_unix_epoch":1700000000000000,"utc_date_time":"x"}}`
	}
	raw := `{"authenticator":{"Move":{"Ed25519":{"public_key":"0xf66b","signature":"0x00"}}},"block_header":` + block + `,
"hash":"0xaa","header":{"chain_id":255,"expiration_timestamp":{"microseconds_since_unix_epoch":1700000030000000,"utc_date_time":"x"},
"sender":{"Move":"0x85e8"},"sequence_number":4,"gas_unit_price":100,"max_gas_amount":500000},
"payload":{"Move":{"type":"entry_function_payload","function":"` + function + `","type_arguments":[],"arguments":` + args + `}},
"output":` + out + `,"status":"` + status + `"}`
	var tx supra.TransactionInfo
	if err := json.Unmarshal([]byte(raw), &tx); err != nil {
		t.Fatal(err)
	}
	return &tx
}

func TestDetail(t *testing.T) {
	sender := supra.MustParseAddress("0x85e8")
	other := supra.MustParseAddress("0x7da2")
	transfer := `["0x7da2","2000"]`
	tests := []struct {
		name, status, fn, args string
		output                 bool
		account                *supra.Address
		wantStatus, insight    string
		change                 []CoinChange
		receiver               string
	}{
		{"transfer as sender", "Success", "0x1::supra_account::transfer", transfer, true, nil, "Success", InsightCoinTransfer,
			[]CoinChange{{supra.SupraCoinType, "-2000"}}, other.String()},
		{"transfer as receiver", "Success", "0x1::supra_account::transfer", transfer, true, &other, "Success", InsightCoinTransfer,
			[]CoinChange{{supra.SupraCoinType, "2000"}}, other.String()},
		{"transfer as bystander", "Success", "0x1::supra_account::transfer", transfer, true, &supra.FrameworkAddress, "Success", InsightCoinTransfer,
			[]CoinChange{{supra.SupraCoinType, "0"}}, other.String()},
		{"failed", "Fail", "0xb4ba040eb59c3b3c3776b7a603d896781e48bbf5fcea559c495814b5cde29b2b::slots_v3::play", `["1","2"]`, true, &sender, "Failed", InsightEntryFunctionCall,
			[]CoinChange{{"0x42::LUCKY::LUCKY", "485000000"}}, ""},
		{"invalid", "Invalid", "0x1::coin::transfer", `[]`, false, nil, "Failed", InsightEntryFunctionCall, []CoinChange{}, ""},
		{"unexecuted", "Unexecuted", "0x1::coin::transfer", `[]`, false, nil, "Pending", InsightEntryFunctionCall, []CoinChange{}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := Detail(txFixture(t, tt.status, tt.fn, tt.args, tt.output), tt.account, nil)
			if err != nil {
				t.Fatal(err)
			}
			if d.Status != tt.wantStatus || d.TransactionInsights.Type != tt.insight || d.TransactionInsights.CoinReceiver != tt.receiver {
				t.Fatalf("detail %+v", d)
			}
			if len(d.TransactionInsights.CoinChange) != len(tt.change) {
				t.Fatalf("coinChange %+v", d.TransactionInsights.CoinChange)
			}
			for i := range tt.change {
				if d.TransactionInsights.CoinChange[i] != tt.change[i] {
					t.Fatalf("coinChange %+v", d.TransactionInsights.CoinChange)
				}
			}
			if d.Sender != sender.String() || d.SequenceNumber != "4" || d.MaxGasAmount != "500000" || d.GasUnitPrice != "100" ||
				d.TxExpirationTimestamp != "1700000030000000" || d.TxHash != "0xaa" {
				t.Fatalf("header fields %+v", d)
			}
			if tt.output {
				if *d.GasUsed != "9" || *d.TransactionCost != "900" || *d.BlockNumber != "24" || *d.BlockHash != "0xbb" ||
					*d.TxConfirmationTime != "1700000000000000" || *d.VMStatus != supra.VMStatusSuccess || len(d.Events) != 3 {
					t.Fatalf("output fields %+v", d)
				}
			} else if d.GasUsed != nil || d.TransactionCost != nil || d.BlockNumber != nil || len(d.Events) != 0 {
				t.Fatalf("pending fields %+v", d)
			}
		})
	}
	tx := txFixture(t, "Success", "0x1::coin::transfer", `[]`, false)
	tx.Payload.Move.Type = "script_payload"
	if d, _ := Detail(tx, nil, nil); d.TransactionInsights.Type != InsightScriptCall {
		t.Fatal("script payload")
	}
	tx.Payload.Move.Type = "automation_registration_payload"
	if d, _ := Detail(tx, nil, nil); d.TransactionInsights.Type != InsightAutomationRegistration {
		t.Fatal("automation payload")
	}
	tx.Payload.Move.Type = "weird"
	if _, err := Detail(tx, nil, nil); !errors.Is(err, ErrUnsupportedTx) || err.Error() != "something went wrong, found unsupported type of transaction" {
		t.Fatalf("unknown payload: %v", err)
	}
}
