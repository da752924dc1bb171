package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"math/big"
	"strconv"
	"testing"
	"time"

	"github.com/luckycoin/lucky/internal/chain"
	"github.com/luckycoin/lucky/internal/config"
	"github.com/luckycoin/lucky/internal/supra"
)

// TestTypedBuildMatchesABIPath: the typed bindings encode exactly what the ABI-driven
// JSON path (POST /api/v1/tx/build) encodes for the same call, byte for byte.
func TestTypedBuildMatchesABIPath(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	n, _ := config.Lookup(config.Devnet)
	now := time.Unix(1_800_000_000, 0)
	c := chain.New(e.client, n, e.reg, chain.Options{Now: func() time.Time { return now }, ABIs: chain.ClientABISource{Client: e.client}})
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	sender := e.addr(0)
	lucky, _ := e.reg.ByName("LUCKY")
	supraTok, _ := e.reg.ByName("SUPRA")
	q := func(s string) json.RawMessage { return json.RawMessage(strconv.Quote(s)) }
	burn := supra.MustParseAddress(n.Modules.BurnAddress)

	spin := func(tok string) *chain.Built {
		tk, _ := e.reg.ByName(tok)
		b, err := c.Slots.BuildSpin(ctx, chain.SpinRequest{Sender: sender, Token: tk, BetPerSpin: 10_000_000, Spins: big.NewInt(3)})
		if err != nil {
			t.Fatalf("BuildSpin %s: %v", tok, err)
		}
		return b.Built
	}
	transfer := func(coin string) *chain.Built {
		b, err := c.Burns.BuildBurn(ctx, sender, supra.MustCoinType(coin), 42)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	tests := []struct {
		name  string
		typed *chain.Built
		call  chain.CallRequest
	}{
		{"spin LUCKY", spin("LUCKY"), chain.CallRequest{Function: n.Modules.Slots + "::play", TypeArgs: []string{lucky.CoinType},
			Arguments: []json.RawMessage{q("10000000"), q("3"), q(lucky.CoinType), q(lucky.Slots.Partner)}}},
		{"spin SUPRA", spin("SUPRA"), chain.CallRequest{Function: n.Modules.Slots + "::play_supra_coin",
			Arguments: []json.RawMessage{q("10000000"), q("3"), q(supraTok.Slots.Partner)}}},
		{"burn LUCKY", transfer(lucky.CoinType), chain.CallRequest{Function: "0x1::supra_account::transfer_coins", TypeArgs: []string{lucky.CoinType},
			Arguments: []json.RawMessage{q(burn.String()), q("42")}}},
		{"send SUPRA", transfer(supra.SupraCoinType), chain.CallRequest{Function: "0x1::supra_account::transfer",
			Arguments: []json.RawMessage{q(burn.String()), q("42")}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.call.Sender = sender.String()
			viaABI, err := c.Core.Build(ctx, tt.call)
			if err != nil {
				t.Fatal(err)
			}
			if tt.typed.RawHex != viaABI.RawHex {
				t.Fatalf("typed %s\n  abi %s", tt.typed.RawHex, viaABI.RawHex)
			}
			a, _ := json.Marshal(tt.typed.Summary)
			b, _ := json.Marshal(viaABI.Summary)
			if !bytes.Equal(a, b) {
				t.Fatalf("summary typed %s\n          abi %s", a, b)
			}
		})
	}
}
