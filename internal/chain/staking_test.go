package chain

import (
	"log/slog"
	"testing"

	"github.com/luckycoin/lucky/internal/config"
	"github.com/luckycoin/lucky/internal/supra"
	"github.com/luckycoin/lucky/internal/tokens"
)

func devnetClient(t *testing.T) *Client {
	t.Helper()
	reg, err := tokens.Load(slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	n, err := config.Lookup(config.Devnet)
	if err != nil {
		t.Fatal(err)
	}
	node, _ := supra.NewClient([]string{"http://127.0.0.1:1"})
	return New(node, n, reg, Options{})
}

func TestAbortReason(t *testing.T) {
	t.Parallel()
	dev, mainnet := devnetClient(t), testClient(t)
	long := "0x000000000000000000000000000000000000000000000000000000000000de01"
	cases := []struct {
		name string
		c    *Client
		vm   string
		want string
	}{
		{"named, short address", dev, "Move abort in 0xde01::staking: EZERO_AMOUNT(0x10001): staking: amount must be positive",
			"The staking pool refused an amount of zero."},
		{"named, long address", dev, "Move abort in " + long + "::staking: EALREADY_HAS_PASS(0x30005): owned", MsgPassOwned},
		{"code only", dev, "Move abort in 0xde01::staking: 0x60002", MsgNoDeposit},
		{"category ignored", dev, "Move abort in 0xde01::staking: ENOTHING_TO_CLAIM(0x30004)",
			"There were no rewards to pay: nothing was pending, or the pool's reward reserve was empty."},
		{"unknown reason", dev, "Move abort in 0xde01::staking: 0x10063", ""},
		{"another module", dev, "Move abort in 0x1::coin: EINSUFFICIENT_BALANCE(0x10006): Not enough coins", ""},
		{"same name, other address", dev, "Move abort in 0xde02::staking: EZERO_AMOUNT(0x10001)", ""},
		{"not an abort", dev, "OUT_OF_GAS", ""},
		{"success", dev, "Executed successfully", ""},
		{"no pool on the network", mainnet, "Move abort in 0xde01::staking: EZERO_AMOUNT(0x10001)", ""},
	}
	for _, tc := range cases {
		if got := tc.c.Core.AbortReason(tc.vm); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestEarlyTaxAndLockText(t *testing.T) {
	t.Parallel()
	taxes := []struct{ amount, tax uint64 }{
		{0, 0}, {9, 0}, {10, 1}, {19, 1}, {100 * 100_000_000, 10 * 100_000_000}, {1<<64 - 1, 1844674407370955161},
	}
	for _, tc := range taxes {
		if got := EarlyTax(tc.amount); got != tc.tax {
			t.Errorf("EarlyTax(%d) = %d, want %d", tc.amount, got, tc.tax)
		}
	}
	texts := []struct {
		secs uint64
		want string
	}{
		{86_400, "24 h"}, {86_399, "24 h"}, {86_340, "23 h 59 min"}, {3_600, "1 h"}, {3_601, "1 h 1 min"}, {59, "1 min"}, {1, "1 min"},
	}
	for _, tc := range texts {
		if got := LockLeftText(tc.secs); got != tc.want {
			t.Errorf("LockLeftText(%d) = %q, want %q", tc.secs, got, tc.want)
		}
	}
	if got := supraAmount(100_050_000_000); got != "1,000.5 SUPRA" {
		t.Errorf("supraAmount = %q", got)
	}
}
