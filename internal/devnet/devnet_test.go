package devnet_test

import (
	"bytes"
	"crypto/ed25519"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/luckycoin/lucky/internal/devnet"
	"github.com/luckycoin/lucky/internal/devnet/devnettest"
	"github.com/luckycoin/lucky/internal/supra"
)

const supraCoin = supra.SupraCoinType

func dump(t testing.TB, n *devnet.Node) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := n.DumpState(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func transferCall(to supra.Address, amount uint64) devnettest.Call {
	return devnettest.Call{Function: "0x1::supra_account::transfer", Args: [][]byte{devnettest.Addr(to), devnettest.U64(amount)}}
}

func TestRejections(t *testing.T) {
	n := devnettest.New(t, devnet.Options{})
	dev := n.Accounts()[0]
	other := n.Accounts()[1]
	_, stranger, _ := ed25519.GenerateKey(nil)
	tests := []struct {
		name   string
		mutate func(raw *supra.RawTransaction)
		key    ed25519.PrivateKey
		sign   func(tx *supra.SignedTransaction)
		status string
	}{
		{name: "bad signature", sign: func(tx *supra.SignedTransaction) { tx.Auth.Signature[0] ^= 1 }, status: "INVALID_SIGNATURE"},
		{name: "wrong chain id", mutate: func(r *supra.RawTransaction) { r.ChainID = 8 }, status: "BAD_CHAIN_ID"},
		{name: "stale sequence number", mutate: func(r *supra.RawTransaction) { r.SequenceNumber = 0 }, status: "SEQUENCE_NUMBER_TOO_OLD"},
		{name: "future sequence number", mutate: func(r *supra.RawTransaction) { r.SequenceNumber += 5 }, status: "SEQUENCE_NUMBER_TOO_NEW"},
		{name: "expired", mutate: func(r *supra.RawTransaction) { r.ExpirationTimestampSecs = uint64(devnettest.FixedTime.Unix()) }, status: "TRANSACTION_EXPIRED"},
		{name: "insufficient balance for max gas", mutate: func(r *supra.RawTransaction) { r.GasUnitPrice = 10_000_000_000; r.MaxGasAmount = 2_000_000 }, status: "INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE"},
		{name: "max gas above bound", mutate: func(r *supra.RawTransaction) { r.MaxGasAmount = 3_000_000 }, status: "MAX_GAS_UNITS_EXCEEDS_MAX_GAS_UNITS_BOUND"},
		{name: "gas price below minimum", mutate: func(r *supra.RawTransaction) { r.GasUnitPrice = n.MinGasPrice() - 1 }, status: "GAS_UNIT_PRICE_BELOW_MIN_BOUND"},
		{name: "auth key mismatch", key: stranger, mutate: func(r *supra.RawTransaction) { r.Sender = dev.Address }, status: "INVALID_AUTH_KEY"},
		{name: "unknown sender", key: stranger, status: "SENDING_ACCOUNT_DOES_NOT_EXIST"},
	}
	// Move dev 0 to sequence 1 so "stale" is meaningful.
	if _, err := devnettest.Submit(n, dev.PrivateKey, transferCall(other.Address, 1)); err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			key := dev.PrivateKey
			if tt.key != nil {
				key = tt.key
			}
			raw, err := devnettest.Build(n, key, transferCall(other.Address, 1000))
			if err != nil {
				t.Fatal(err)
			}
			if tt.mutate != nil {
				tt.mutate(raw)
			}
			tx, err := supra.Sign(raw, key)
			if err != nil {
				t.Fatal(err)
			}
			if tt.sign != nil {
				tt.sign(tx)
			}
			before := dump(t, n)
			_, err = n.Submit(tx)
			var rej *devnet.RejectError
			if !errors.As(err, &rej) || rej.VMStatus != tt.status {
				t.Fatalf("Submit error = %v, want rejection %s", err, tt.status)
			}
			if !errors.Is(err, devnet.ErrRejected) {
				t.Errorf("errors.Is(err, ErrRejected) = false")
			}
			if after := dump(t, n); !bytes.Equal(before, after) {
				t.Errorf("state changed by a rejected transaction")
			}
		})
	}
}

func TestFailedTransactionChangesOnlyGasAndSequence(t *testing.T) {
	n := devnettest.New(t, devnet.Options{})
	dev, other := n.Accounts()[0], n.Accounts()[1]
	bal0, bal1 := n.Balance(dev.Address, supraCoin), n.Balance(other.Address, supraCoin)
	h, err := devnettest.Submit(n, dev.PrivateKey, transferCall(other.Address, bal0)) // cannot pay amount + gas... amount alone is all
	if err != nil {
		t.Fatal(err)
	}
	ti, ok := n.Transaction(h)
	if !ok || ti.Status != supra.StatusFail {
		t.Fatalf("status = %q, want Fail", ti.Status)
	}
	if !strings.Contains(ti.Output.Move.VMStatus, "EINSUFFICIENT_BALANCE") {
		// bal0 is withdrawable; the fee then fails in the epilogue.
		if !strings.Contains(ti.Output.Move.VMStatus, "INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE") {
			t.Fatalf("vm_status = %q", ti.Output.Move.VMStatus)
		}
	}
	fee := ti.Output.Move.GasUsed * ti.Header.GasUnitPrice
	if got := n.Balance(dev.Address, supraCoin); got != bal0-fee {
		t.Errorf("sender balance = %d, want %d", got, bal0-fee)
	}
	if got := n.Balance(other.Address, supraCoin); got != bal1 {
		t.Errorf("recipient balance = %d, want %d", got, bal1)
	}
	if seq, _ := n.SequenceNumber(dev.Address); seq != 1 {
		t.Errorf("sequence = %d, want 1", seq)
	}
	for _, e := range ti.Output.Move.Events {
		if e.Type != "0x1::transaction_fee::FeeStatement" {
			t.Errorf("failed tx kept event %s", e.Type)
		}
	}
	if err := n.CheckInvariants(); err != nil {
		t.Fatal(err)
	}
}

func TestTransferGasFitsSDKDefaults(t *testing.T) {
	n := devnettest.New(t, devnet.Options{})
	dev, other := n.Accounts()[0], n.Accounts()[1]
	c := transferCall(other.Address, 5)
	c.MaxGas = 10 // DEFAULT_MAX_GAS_FOR_SUPRA_TRANSFER_WHEN_RECEIVER_EXISTS
	h, err := devnettest.Submit(n, dev.PrivateKey, c)
	if err != nil {
		t.Fatal(err)
	}
	if ti, _ := n.Transaction(h); ti.Status != supra.StatusSuccess {
		t.Fatalf("existing receiver: %s %s", ti.Status, ti.Output.Move.VMStatus)
	}
	_, fresh, _ := ed25519.GenerateKey(nil)
	c = transferCall(devnettest.Address(fresh), 5)
	c.MaxGas = 1020 // …WHEN_RECEIVER_NOT_EXISTS
	h, err = devnettest.Submit(n, dev.PrivateKey, c)
	if err != nil {
		t.Fatal(err)
	}
	if ti, _ := n.Transaction(h); ti.Status != supra.StatusSuccess {
		t.Fatalf("new receiver: %s %s", ti.Status, ti.Output.Move.VMStatus)
	}
}

func TestConservationRandomOps(t *testing.T) {
	n := devnettest.New(t, devnet.Options{})
	var keys []ed25519.PrivateKey
	for _, d := range n.Accounts()[:4] {
		keys = append(keys, d.PrivateKey)
	}
	for i := 0; i < 4; i++ {
		_, k, _ := ed25519.GenerateKey(nil)
		keys = append(keys, k)
	}
	ops := []devnettest.Op{
		{Name: "transfer", Weight: 50, Run: func(e *devnettest.Env) error {
			to := devnettest.Address(e.Key())
			_, err := devnettest.Submit(e.Node, e.Key(), transferCall(to, e.Rand.Uint64N(1_000_000_000)))
			return devnettest.IgnoreRejected(err)
		}},
		{Name: "coin_transfer", Weight: 15, Run: func(e *devnettest.Env) error {
			to := devnettest.Address(e.Key())
			_, err := devnettest.Submit(e.Node, e.Key(), devnettest.Call{Function: "0x1::coin::transfer",
				TypeArgs: []string{supraCoin}, Args: [][]byte{devnettest.Addr(to), devnettest.U64(e.Rand.Uint64N(1_000_000))}})
			return devnettest.IgnoreRejected(err)
		}},
		{Name: "failing_transfer", Weight: 20, Run: func(e *devnettest.Env) error {
			k := e.Key()
			bal := e.Node.Balance(devnettest.Address(k), supraCoin)
			_, err := devnettest.Submit(e.Node, k, transferCall(devnettest.Address(e.Key()), bal+1+e.Rand.Uint64N(1000)))
			return devnettest.IgnoreRejected(err)
		}},
		{Name: "faucet", Weight: 10, Run: func(e *devnettest.Env) error {
			_, err := e.Node.Faucet(devnettest.Address(e.Key()))
			return err
		}},
		{Name: "bad_args", Weight: 5, Run: func(e *devnettest.Env) error {
			_, err := devnettest.Submit(e.Node, e.Key(), devnettest.Call{Function: "0x1::supra_account::transfer", Args: [][]byte{{1, 2}, {3}}})
			return devnettest.IgnoreRejected(err)
		}},
	}
	steps := 10_000
	if testing.Short() {
		steps = 1_000
	}
	counts := devnettest.RunRandomOps(t, n, keys, ops, steps, 42)
	t.Logf("ops: %v", counts)
}

func TestSnapshotRevertResetAndState(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "state.json")
	n := devnettest.New(t, devnet.Options{StatePath: path})
	dev, other := n.Accounts()[0], n.Accounts()[1]
	start := n.Balance(other.Address, supraCoin)
	id := n.Snapshot()
	if _, err := devnettest.Submit(n, dev.PrivateKey, transferCall(other.Address, 777)); err != nil {
		t.Fatal(err)
	}
	if got := n.Balance(other.Address, supraCoin); got != start+777 {
		t.Fatalf("balance %d", got)
	}
	if err := n.Revert(id); err != nil {
		t.Fatal(err)
	}
	if got := n.Balance(other.Address, supraCoin); got != start {
		t.Fatalf("after revert balance %d, want %d", got, start)
	}
	if err := n.Revert(id); !errors.Is(err, devnet.ErrUnknownSnapshot) {
		t.Fatalf("second revert: %v", err)
	}
	if err := n.SetBalance(other.Address, supraCoin, 5); err != nil {
		t.Fatal(err)
	}
	if err := n.CheckInvariants(); err != nil {
		t.Fatal(err)
	}
	h, err := devnettest.Submit(n, dev.PrivateKey, transferCall(other.Address, 10))
	if err != nil {
		t.Fatal(err)
	}
	if err := n.Close(); err != nil {
		t.Fatal(err)
	}
	m := devnettest.New(t, devnet.Options{StatePath: path})
	if got := m.Balance(other.Address, supraCoin); got != 15 {
		t.Fatalf("reloaded balance %d, want 15", got)
	}
	if ti, ok := m.Transaction(h); !ok || ti.Status != supra.StatusSuccess {
		t.Fatalf("reloaded tx missing")
	}
	if err := m.CheckInvariants(); err != nil {
		t.Fatal(err)
	}
	if err := m.Reset(); err != nil {
		t.Fatal(err)
	}
	if got := m.Balance(other.Address, supraCoin); got != devnet.DefaultDevBalance {
		t.Fatalf("after reset %d", got)
	}
}

func TestStateVersionRefused(t *testing.T) {
	n := devnettest.New(t, devnet.Options{})
	err := n.LoadState(strings.NewReader(`{"version":99}`))
	if !errors.Is(err, devnet.ErrStateVersion) {
		t.Fatalf("err = %v", err)
	}
}

func TestSeedChangesAccounts(t *testing.T) {
	a := devnettest.New(t, devnet.Options{}).Accounts()
	b := devnettest.New(t, devnet.Options{Seed: "another seed"}).Accounts()
	if a[0].Address == b[0].Address {
		t.Fatal("seed did not change the dev accounts")
	}
	if c := devnettest.New(t, devnet.Options{}).Accounts(); c[3].Address != a[3].Address {
		t.Fatal("dev accounts are not deterministic")
	}
}

func doJSON(t testing.TB, h http.Handler, method, path, body string) (int, []byte) {
	t.Helper()
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec.Code, rec.Body.Bytes()
}

func TestHTTPEndpoints(t *testing.T) {
	n := devnettest.New(t, devnet.Options{})
	h := n.Handler()
	dev := n.Accounts()[0]
	if _, err := devnettest.Submit(n, dev.PrivateKey, transferCall(n.Accounts()[2].Address, 3)); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, method, path, body string
		status                   int
		contains                 string
	}{
		{"chain id", "GET", "/rpc/v1/transactions/chain_id", "", 200, "255"},
		{"gas price", "GET", "/rpc/v1/transactions/estimate_gas_price", "", 200, `"mean_gas_price":100`},
		{"gas price v3", "GET", "/rpc/v3/transactions/estimate_gas_price", "", 200, `"median_gas_price":` + strconv.FormatUint(n.MinGasPrice(), 10) + `,"min_configured_gas_price":` + strconv.FormatUint(n.MinGasPrice(), 10) + `}`},
		{"unknown account", "GET", "/rpc/v1/accounts/0x99", "", 200, "null"},
		{"bad address", "GET", "/rpc/v1/accounts/0x" + strings.Repeat("1", 65), "", 400, "Invalid address. With '0x', address length should be exactly 66 characters."},
		{"account", "GET", "/rpc/v1/accounts/" + dev.Address.String(), "", 200, `"sequence_number":1`},
		{"resource", "GET", "/rpc/v1/accounts/0x1/resources/0x1::coin::CoinInfo%3C0x1::supra_coin::SupraCoin%3E", "", 200, `"symbol":"SUPRA"`},
		{"missing resource", "GET", "/rpc/v1/accounts/0x1/resources/0x1::coin::CoinStore%3C0x1::x::Y%3E", "", 200, `{"result":[null]}`},
		{"module abi", "GET", "/rpc/v1/accounts/0x1/modules/coin", "", 200, `"exposed_functions"`},
		{"missing module", "GET", "/rpc/v1/accounts/0x1/modules/nope", "", 404, "module_not_found"},
		{"view", "POST", "/rpc/v1/view", `{"function":"0x1::coin::decimals","type_arguments":["0x1::supra_coin::SupraCoin"],"arguments":[]}`, 200, `{"result":[8]}`},
		{"view supply", "POST", "/rpc/v1/view", `{"function":"0x1::coin::supply","type_arguments":["0x1::supra_coin::SupraCoin"],"arguments":[]}`, 200, `{"vec":["`},
		{"view bad arity", "POST", "/rpc/v1/view", `{"function":"0x1::coin::balance","type_arguments":["0x1::supra_coin::SupraCoin"],"arguments":[]}`, 400, "NUMBER_OF_ARGUMENTS_MISMATCH"},
		{"latest block", "GET", "/rpc/v1/block", "", 200, `"height":1`},
		{"block", "GET", "/rpc/v1/block/height/1?with_finalized_transactions=true", "", 200, `"transactions":[{`},
		{"missing block", "GET", "/rpc/v1/block/height/99", "", 404, "block_not_found"},
		{"events", "GET", "/rpc/v1/events/0x1::coin::CoinDeposit?start=0&end=2", "", 200, `"type":"0x1::coin::CoinDeposit"`},
		{"events window", "GET", "/rpc/v1/events/0x1::coin::CoinDeposit?start=0&end=11", "", 400, "at most 10 blocks"},
		{"unknown tx", "GET", "/rpc/v1/transactions/0x" + strings.Repeat("ab", 32), "", 200, "null"},
		{"table", "POST", "/rpc/v1/tables/0x1/item", `{}`, 404, "table_item_not_found"},
		{"unknown rpc", "GET", "/rpc/v1/nope", "", 404, "Invalid URL, Path Not Found"},
		{"dev accounts", "GET", "/devnet/accounts", "", 200, `"privateKey":"0x`},
		{"admin error shape", "POST", "/devnet/revert", `{"id":999}`, 404, `{"error":{"code":"unknown_snapshot"`},
		{"set balance", "POST", "/devnet/balance", `{"address":"0x42","coin_type":"0x1::supra_coin::SupraCoin","amount":"123"}`, 200, `"amount":"123"`},
		{"advance time", "POST", "/devnet/time/advance", `{"seconds":86400}`, 200, "timestamp_us"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, body := doJSON(t, h, tt.method, tt.path, tt.body)
			if code != tt.status || !strings.Contains(string(body), tt.contains) {
				t.Fatalf("%s %s = %d %s; want %d containing %q", tt.method, tt.path, code, body, tt.status, tt.contains)
			}
		})
	}
	if err := n.CheckInvariants(); err != nil {
		t.Fatal(err)
	}
}

func TestSubmitOverHTTPAndFaults(t *testing.T) {
	n := devnettest.New(t, devnet.Options{})
	h := n.Handler()
	dev := n.Accounts()[0]
	raw, err := devnettest.Build(n, dev.PrivateKey, transferCall(n.Accounts()[1].Address, 9))
	if err != nil {
		t.Fatal(err)
	}
	tx, _ := supra.Sign(raw, dev.PrivateKey)
	body, _ := json.Marshal(supra.NewSubmitBody(tx))
	code, out := doJSON(t, h, "POST", "/rpc/v1/transactions/submit", string(body))
	want, _ := tx.Hash()
	if code != 200 || string(out) != `"`+supra.EncodeHex(want[:])+`"` {
		t.Fatalf("submit = %d %s", code, out)
	}
	code, out = doJSON(t, h, "POST", "/rpc/v1/transactions/submit", string(body))
	if code != 400 || !strings.Contains(string(out), "SEQUENCE_NUMBER_TOO_OLD") {
		t.Fatalf("resubmit = %d %s", code, out)
	}
	if code, _ := doJSON(t, h, "POST", "/devnet/faults", `{"error_rate_percent":100,"error_status":429}`); code != 200 {
		t.Fatal("set faults")
	}
	if code, _ := doJSON(t, h, "GET", "/rpc/v1/transactions/chain_id", ""); code != 429 {
		t.Fatalf("fault injection: %d", code)
	}
	doJSON(t, h, "POST", "/devnet/faults", `{}`)
	if code, _ := doJSON(t, h, "GET", "/rpc/v1/transactions/chain_id", ""); code != 200 {
		t.Fatalf("after clearing faults: %d", code)
	}
}

func TestIntervalBlocks(t *testing.T) {
	n, err := devnet.New(devnet.Options{BlockTime: 20 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer n.Close()
	dev := n.Accounts()[0]
	hsh, err := devnettest.Submit(n, dev.PrivateKey, transferCall(n.Accounts()[1].Address, 1))
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(2 * time.Second)
	for {
		ti, _ := n.Transaction(hsh)
		if ti.Status == supra.StatusSuccess {
			if ti.BlockHeader == nil {
				t.Fatal("sealed tx without block header")
			}
			break
		}
		if ti.Status != supra.StatusPending || time.Now().After(deadline) {
			t.Fatalf("status %q", ti.Status)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func BenchmarkSubmitTransfer(b *testing.B) {
	n := devnettest.New(b, devnet.Options{})
	h := n.Handler()
	dev := n.Accounts()[0]
	to := n.Accounts()[1].Address
	bodies := make([]string, b.N)
	for i := range bodies {
		raw, err := devnettest.Build(n, dev.PrivateKey, transferCall(to, 1))
		if err != nil {
			b.Fatal(err)
		}
		raw.SequenceNumber = uint64(i)
		tx, _ := supra.Sign(raw, dev.PrivateKey)
		body, _ := json.Marshal(supra.NewSubmitBody(tx))
		bodies[i] = string(body)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if code, out := doJSON(b, h, "POST", "/rpc/v1/transactions/submit", bodies[i]); code != 200 {
			b.Fatalf("submit %d: %d %s", i, code, out)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "tx/s")
}

func BenchmarkView(b *testing.B) {
	n := devnettest.New(b, devnet.Options{})
	h := n.Handler()
	body := `{"function":"0x1::coin::balance","type_arguments":["0x1::supra_coin::SupraCoin"],"arguments":["` + n.Accounts()[0].Address.String() + `"]}`
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if code, out := doJSON(b, h, "POST", "/rpc/v1/view", body); code != 200 {
			b.Fatalf("view: %d %s", code, out)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "views/s")
}
