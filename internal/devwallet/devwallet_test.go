package devwallet

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/binary"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/luckycoin/lucky/internal/devnet"
	"github.com/luckycoin/lucky/internal/inproc"
	"github.com/luckycoin/lucky/internal/supra"
)

type env struct {
	node   *devnet.Node
	client *supra.Client
	wallet *Wallet
	mux    http.Handler
}

func newEnv(t *testing.T) *env {
	t.Helper()
	node, err := devnet.New(devnet.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { node.Close() })
	srv := httptest.NewServer(node.Handler())
	t.Cleanup(srv.Close)
	client, err := supra.NewClient([]string{srv.URL})
	if err != nil {
		t.Fatal(err)
	}
	var accts []Account
	for _, a := range node.Accounts() {
		accts = append(accts, Account{Address: a.Address, PrivateKey: a.PrivateKey})
	}
	w := New(accts, client, node.Now, slog.New(slog.DiscardHandler))
	return &env{node: node, client: client, wallet: w, mux: w}
}

func (e *env) post(t *testing.T, path string, body any) (int, map[string]any) {
	t.Helper()
	b, _ := json.Marshal(body)
	rec := httptest.NewRecorder()
	e.mux.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, path, bytes.NewReader(b)))
	var out map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil {
		t.Fatalf("%s: %v: %s", path, err, rec.Body.String())
	}
	return rec.Code, out
}

func (e *env) rawTransfer(t *testing.T, from supra.Address, to supra.Address, amount uint64) string {
	t.Helper()
	ctx := context.Background()
	info, err := e.client.Account(ctx, from)
	if err != nil {
		t.Fatal(err)
	}
	raw := &supra.RawTransaction{
		Sender: from, SequenceNumber: info.SequenceNumber,
		Payload: supra.EntryFunction{Module: supra.ModuleID{Address: supra.MustParseAddress("0x1"), Name: "supra_account"},
			Function: "transfer", Args: [][]byte{to[:], binary.LittleEndian.AppendUint64(nil, amount)}},
		MaxGasAmount: 500000, GasUnitPrice: 100, ExpirationTimestampSecs: uint64(time.Now().Add(time.Minute).Unix()), ChainID: 255,
	}
	b, err := raw.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimPrefix(supra.EncodeHex(b), "0x")
}

func TestSendSignsThroughTheNode(t *testing.T) {
	e := newEnv(t)
	accts := e.node.Accounts()
	to := supra.MustParseAddress("0xabcdef")
	const coin = "0x1::supra_coin::SupraCoin"

	status, out := e.post(t, "/devnet/wallet/send", map[string]any{"account": 0, "rawTransaction": e.rawTransfer(t, accts[0].Address, to, 12345)})
	if status != 200 || !strings.HasPrefix(out["hash"].(string), "0x") {
		t.Fatalf("send raw: %d %v", status, out)
	}
	tx, st, err := e.client.WaitForTransaction(context.Background(), out["hash"].(string))
	if err != nil || st != supra.TxSuccess || tx == nil {
		t.Fatalf("tx %v %s %v", tx, st, err)
	}
	if got := e.node.Balance(to, coin); got != 12345 {
		t.Fatalf("recipient balance %d", got)
	}

	// A plain SUPRA send, StarKey's sendTransaction({to, value}) without data.
	status, out = e.post(t, "/devnet/wallet/send", map[string]any{"account": 1, "to": to.String(), "value": "100"})
	if status != 200 {
		t.Fatalf("send value: %d %v", status, out)
	}
	if got := e.node.Balance(to, coin); got != 12445 {
		t.Fatalf("recipient balance %d after plain send", got)
	}
	// After the chain's clock moved a month ahead of the wall clock, what the wallet
	// builds still expires after the chain's time, not before it.
	if _, err := e.node.AdvanceTime(30 * 24 * time.Hour); err != nil {
		t.Fatal(err)
	}
	status, out = e.post(t, "/devnet/wallet/send", map[string]any{"account": 1, "to": to.String(), "value": "100"})
	if status != 200 {
		t.Fatalf("send value after the chain's clock moved: %d %v", status, out)
	}
	if got := e.node.Balance(to, coin); got != 12545 {
		t.Fatalf("recipient balance %d after a send a month later", got)
	}

	bad := []struct {
		name string
		body map[string]any
		code string
	}{
		{"other sender", map[string]any{"account": 1, "rawTransaction": e.rawTransfer(t, accts[0].Address, to, 1)}, "bad_request"},
		{"unknown account", map[string]any{"account": 10, "to": to.String(), "value": "1"}, "unknown_account"},
		{"not hex", map[string]any{"account": 0, "rawTransaction": "zz"}, "bad_request"},
		{"truncated", map[string]any{"account": 0, "rawTransaction": "abcd"}, "bad_request"},
		{"zero value", map[string]any{"account": 0, "to": to.String(), "value": "0"}, "bad_request"},
		{"bad recipient", map[string]any{"account": 0, "to": "0x" + strings.Repeat("1", 70), "value": "1"}, "bad_request"},
	}
	for _, tt := range bad {
		status, out := e.post(t, "/devnet/wallet/send", tt.body)
		errObj, _ := out["error"].(map[string]any)
		if status != 400 || errObj["code"] != tt.code {
			t.Errorf("%s: %d %v", tt.name, status, out)
		}
	}
	if got := e.node.Balance(to, coin); got != 12545 {
		t.Fatalf("a rejected request moved funds: %d", got)
	}
}

func TestDecodeRawAndSignMessage(t *testing.T) {
	e := newEnv(t)
	a := e.node.Accounts()[0]
	to := supra.MustParseAddress("0x2")

	status, out := e.post(t, "/devnet/wallet/decode", map[string]any{"rawTransaction": e.rawTransfer(t, a.Address, to, 7)})
	if status != 200 || out["function"] != "0x1::supra_account::transfer" || out["sender"] != a.Address.String() {
		t.Fatalf("decode: %d %v", status, out)
	}

	// createRawTransactionData's positional payload, sequence number 0 filled in.
	payload := []any{a.Address.String(), 0, "0x1", "supra_account", "transfer", []string{},
		[][]int{toInts(to[:]), toInts(binary.LittleEndian.AppendUint64(nil, 7))}, map[string]any{"txExpiryTime": "4000000000"}}
	status, out = e.post(t, "/devnet/wallet/raw", map[string]any{"payload": payload})
	if status != 200 {
		t.Fatalf("raw: %d %v", status, out)
	}
	b, _ := supra.DecodeHex(out["rawTransaction"].(string))
	raw, err := supra.DecodeRawTransaction(b)
	if err != nil || raw.Sender != a.Address || raw.ExpirationTimestampSecs != 4000000000 || raw.ChainID != 255 {
		t.Fatalf("raw tx %+v %v", raw, err)
	}

	msg := "0x" + "68656c6c6f" // "hello"
	status, out = e.post(t, "/devnet/wallet/sign-message", map[string]any{"account": 0, "message": msg})
	if status != 200 {
		t.Fatalf("sign: %d %v", status, out)
	}
	pub, _ := supra.DecodeHex(out["publicKey"].(string))
	sig, _ := supra.DecodeHex(out["signature"].(string))
	if !ed25519.Verify(pub, []byte("hello"), sig) || out["address"] != a.Address.String() {
		t.Fatalf("signature does not verify: %v", out)
	}
}

func TestScriptServed(t *testing.T) {
	e := newEnv(t)
	rec := httptest.NewRecorder()
	e.mux.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/devnet/wallet.js", nil))
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), "window.starkey") || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/javascript") {
		t.Fatalf("script: %d %q", rec.Code, rec.Header().Get("Content-Type"))
	}
}

func toInts(b []byte) []int {
	out := make([]int, len(b))
	for i, v := range b {
		out[i] = int(v)
	}
	return out
}

// TestAppDefaults: both ways the wallet builds a transaction use supra's builder and the
// app's defaults (max gas, gas price floor, 30 s expiry) unless the payload overrides.
func TestAppDefaults(t *testing.T) {
	e := newEnv(t)
	a := e.node.Accounts()[0]
	to := supra.MustParseAddress("0x2")
	payload := []any{a.Address.String(), 0, "0x1", "supra_account", "transfer", []string{},
		[][]int{toInts(to[:]), toInts(binary.LittleEndian.AppendUint64(nil, 7))}}
	before := time.Now()
	status, out := e.post(t, "/devnet/wallet/raw", map[string]any{"payload": payload})
	if status != 200 {
		t.Fatalf("raw: %d %v", status, out)
	}
	b, _ := supra.DecodeHex(out["rawTransaction"].(string))
	raw, err := supra.DecodeRawTransaction(b)
	if err != nil {
		t.Fatal(err)
	}
	lo, hi := uint64(before.Add(supra.DefaultExpiry).Unix()), uint64(time.Now().Add(supra.DefaultExpiry).Unix())
	if raw.MaxGasAmount != supra.DefaultMaxGas || raw.GasUnitPrice < supra.DefaultMinGasPrice ||
		raw.ExpirationTimestampSecs < lo || raw.ExpirationTimestampSecs > hi || raw.ChainID != supra.DevnetChainID {
		t.Fatalf("raw tx %+v, expiry want %d..%d", raw, lo, hi)
	}

	// A plain send {to, value} goes through the same builder; the node accepts it.
	status, out = e.post(t, "/devnet/wallet/send", map[string]any{"account": 0, "to": to.String(), "value": "5"})
	if status != 200 {
		t.Fatalf("send: %d %v", status, out)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	tx, st, err := e.client.WaitForTransaction(ctx, out["hash"].(string))
	if err != nil || st != supra.TxSuccess || tx.Header.MaxGasAmount != supra.DefaultMaxGas {
		t.Fatalf("send tx %v %s %v", tx, st, err)
	}
	exp := tx.Header.ExpirationTimestamp.MicrosecondsSinceUnixEpoch / 1_000_000
	if exp > uint64(time.Now().Add(supra.DefaultExpiry).Unix()) {
		t.Fatalf("send expiry %d beyond 30 s", exp)
	}

	// Unknown endpoints under the prefix answer 404 in the one error shape.
	if status, out := e.post(t, "/devnet/wallet/nope", map[string]any{}); status != 404 || out["error"] == nil {
		t.Fatalf("unknown endpoint %d %v", status, out)
	}
}

// A send the node does not answer is an error, never {"hash":""}: the node is reached
// in-process as `lucky serve` does, first slower than the client waits (504), then
// through a proxy that answers an empty 200 (502). Nothing moved in either case.
func TestSendWithoutANodeAnswerIsAnError(t *testing.T) {
	node, err := devnet.New(devnet.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { node.Close() })
	accts := []Account{{Address: node.Accounts()[0].Address, PrivateKey: node.Accounts()[0].PrivateKey}}
	to := node.Accounts()[1].Address
	before := node.Balance(to, supra.SupraCoinType)

	emptySubmit := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/transactions/submit") {
			w.WriteHeader(http.StatusOK) // a proxy's empty 200
			return
		}
		node.Handler().ServeHTTP(w, r)
	})
	tests := []struct {
		name       string
		handler    http.Handler
		latency    time.Duration
		wantStatus int
		wantCode   string
	}{
		{"node slower than the client", node.Handler(), time.Second, http.StatusGatewayTimeout, "node_timeout"},
		{"empty 200 from a proxy", emptySubmit, 0, http.StatusBadGateway, "node_error"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			client, err := supra.NewClient([]string{"http://node.internal"}, supra.WithHTTP(inproc.Client(tt.handler)),
				supra.WithTimeout(100*time.Millisecond), supra.WithRetries(0, 0))
			if err != nil {
				t.Fatal(err)
			}
			w := New(accts, client, node.Now, slog.New(slog.DiscardHandler))
			// The gas price and sequence number are read before the fault: the send
			// itself is what meets it.
			e := &env{node: node, client: client, wallet: w, mux: w}
			raw := e.rawTransfer(t, accts[0].Address, to, 1000)
			node.SetFaults(tt.latency, 0, 0)
			defer node.SetFaults(0, 0, 0)
			status, out := e.post(t, PathPrefix+"send", map[string]any{"account": 0, "rawTransaction": raw})
			errBody, _ := out["error"].(map[string]any)
			if status != tt.wantStatus || errBody["code"] != tt.wantCode || out["hash"] != nil {
				t.Fatalf("status %d %v, want %d %s", status, out, tt.wantStatus, tt.wantCode)
			}
		})
	}
	// Neither send reached the chain (the slow one was given up before the node took it,
	// the proxy ate the other).
	if got := node.Balance(to, supra.SupraCoinType); got != before {
		t.Fatalf("recipient balance %d, want %d", got, before)
	}
}
