package api_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/luckycoin/lucky/internal/devnet/devnettest"
	"github.com/luckycoin/lucky/internal/supra"
)

// TestSupraClientAgainstDevnet drives every supra.Client call against the real devnet
// node (with the app's contracts) over the in-memory transport `lucky serve` uses.
func TestSupraClientAgainstDevnet(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	c := e.client
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	rich := e.addr(0)
	stranger := supra.MustParseAddress("0x5eed5eed")

	if id, err := c.ChainID(ctx); err != nil || id != 255 {
		t.Fatalf("ChainID %d %v", id, err)
	}
	if g, err := c.GasPrice(ctx); err != nil || !g.V3 || g.MinConfiguredGasPrice != e.node.MinGasPrice() || g.Price(supra.DefaultMinGasPrice) != e.node.MinGasPrice() {
		t.Fatalf("GasPrice %+v %v", g, err)
	}
	info, err := c.Account(ctx, rich)
	if err != nil || len(info.AuthenticationKey) != 66 {
		t.Fatalf("Account %+v %v", info, err)
	}
	if _, err := c.Account(ctx, stranger); !errors.Is(err, supra.ErrAccountNotFound) ||
		err.Error() != "Account Not Exists, Or Invalid Account Is Passed" {
		t.Fatalf("Account of a stranger: %v", err)
	}

	// Resources, one per page, following the cursor to the end.
	seen := map[string]bool{}
	cursor := ""
	for page := 0; ; page++ {
		if page > 100 {
			t.Fatal("resource paging does not end")
		}
		p, err := c.Resources(ctx, rich, 1, cursor)
		if err != nil {
			t.Fatalf("Resources: %v", err)
		}
		for _, r := range p.Resource {
			if seen[r.Type] {
				t.Fatalf("resource %s twice", r.Type)
			}
			seen[r.Type] = true
		}
		if p.Cursor == "" || len(p.Resource) == 0 {
			break
		}
		cursor = p.Cursor
	}
	storeType := "0x1::coin::CoinStore<0x1::supra_coin::SupraCoin>"
	if !seen[storeType] || len(seen) < 3 {
		t.Fatalf("resources %v", seen)
	}
	if r, err := c.Resource(ctx, rich, storeType); err != nil || !strings.Contains(string(r), `"coin"`) {
		t.Fatalf("Resource %s %v", r, err)
	}
	if _, err := c.Resource(ctx, stranger, storeType); !errors.Is(err, supra.ErrResourceNotFound) {
		t.Fatalf("Resource of a stranger: %v", err)
	}
	res, err := c.View(ctx, "0x1::coin::balance", []string{supra.SupraCoinType}, []string{rich.String()})
	if err != nil || len(res) != 1 || string(res[0]) != `"100000000000000"` {
		t.Fatalf("View %s %v", res, err)
	}
	if abi, err := c.Module(ctx, supra.MustParseAddress("0x1"), "coin"); err != nil || !strings.Contains(string(abi), `"exposed_functions"`) {
		t.Fatalf("Module 0x1::coin: %.80s %v", abi, err)
	}
	if _, err := c.Module(ctx, supra.MustParseAddress("0x1"), "no_such_module"); !errors.Is(err, supra.ErrModuleNotFound) {
		t.Fatalf("Module missing: %v", err)
	}
	var ne *supra.NodeError
	if _, err := c.TableItem(ctx, "0x1234", "address", "u64", "0x1"); !errors.As(err, &ne) || ne.Code != "table_item_not_found" {
		t.Fatalf("TableItem: %v (the devnet keeps no Move tables)", err)
	}

	// Simulate a transfer the sender cannot afford: the spec's failure text.
	raw, err := devnettest.Build(e.node, e.key(2), devnettest.Call{
		Function: "0x1::supra_account::transfer",
		Args:     [][]byte{devnettest.Addr(stranger), devnettest.U64(1 << 62)},
	})
	if err != nil {
		t.Fatal(err)
	}
	signed, err := supra.Sign(raw, e.key(2))
	if err != nil {
		t.Fatal(err)
	}
	sim := supra.NewSubmitBody(signed)
	sim.Move.Authenticator.Ed25519.Signature = make(supra.HexBytes, 64)
	if _, err := c.Simulate(ctx, sim); !errors.Is(err, supra.ErrSimulationFailed) ||
		!strings.HasPrefix(err.Error(), "Transaction Can Be Failed, Reason: ") {
		t.Fatalf("Simulate: %v", err)
	}

	// Submit an affordable transfer and wait for it.
	raw.Payload.Args[1] = devnettest.U64(5000)
	if signed, err = supra.Sign(raw, e.key(2)); err != nil {
		t.Fatal(err)
	}
	okSim := supra.NewSubmitBody(signed)
	okSim.Move.Authenticator.Ed25519.Signature = make(supra.HexBytes, 64)
	if tx, err := c.Simulate(ctx, okSim); err != nil || tx.Output.Move.VMStatus != supra.VMStatusSuccess {
		t.Fatalf("Simulate ok: %v", err)
	}
	hash, err := c.Submit(ctx, supra.NewSubmitBody(signed))
	if err != nil {
		t.Fatalf("Submit: %v", err)
	}
	tx, status, err := c.WaitForTransaction(ctx, hash)
	if err != nil || status != supra.TxSuccess || tx.Hash != hash {
		t.Fatalf("WaitForTransaction %v %s %v", tx, status, err)
	}
	if tx, err := c.Transaction(ctx, hash); err != nil || tx == nil || tx.Output.Move.GasUsed == 0 {
		t.Fatalf("Transaction %v %v", tx, err)
	}
	if tx, err := c.Transaction(ctx, "0x"+strings.Repeat("0", 64)); !errors.Is(err, supra.ErrTxNotFound) || tx != nil {
		t.Fatalf("unknown Transaction %v %v", tx, err)
	}
	txs, err := c.AccountTransactions(ctx, e.addr(2), 10, 0)
	if err != nil || len(txs) != 1 || txs[0].Hash != hash {
		t.Fatalf("AccountTransactions %d %v", len(txs), err)
	}
	ct, err := c.CoinTransactions(ctx, stranger, 10, 0)
	if err != nil || len(ct.Record) != 1 || ct.Record[0].Hash != hash || ct.Cursor != 1 {
		t.Fatalf("CoinTransactions %+v %v", ct, err)
	}

	// The faucet funds an account through a real transaction.
	fh, err := c.Faucet(ctx, stranger)
	if err != nil {
		t.Fatalf("Faucet: %v", err)
	}
	if _, status, err := c.WaitForTransaction(ctx, fh); err != nil || status != supra.TxSuccess {
		t.Fatalf("faucet tx %s %v", status, err)
	}
	if got := e.balance(stranger, "SUPRA"); got == "5000" || got == "0" {
		t.Fatalf("faucet did not fund: %s", got)
	}
	// Waiting on an unknown hash ends at the context's deadline, as Pending.
	short, cancelShort := context.WithTimeout(ctx, 120*time.Millisecond)
	defer cancelShort()
	if tx, status, err := c.WaitForTransaction(short, "0x"+strings.Repeat("1", 64)); !errors.Is(err, supra.ErrTxNotFound) || status != supra.TxPending || tx != nil {
		t.Fatalf("wait unknown %v %s %v", tx, status, err)
	}
}
