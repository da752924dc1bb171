package api_test

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/luckycoin/lucky/internal/api"
	"github.com/luckycoin/lucky/internal/devnet"
	"github.com/luckycoin/lucky/internal/devnet/devnettest"
	"github.com/luckycoin/lucky/internal/supra"
)

// mainnetMinGasPrice is Supra's min_price_per_gas_unit at the Move layer (the SDK's
// DEFAULT_GAS_PRICE since v5): 100,000 base units of SUPRA per gas unit.
const mainnetMinGasPrice = 100_000

// TestMainnetGasPrice: on a node whose minimum gas price is mainnet's, a swap, a spin and a
// burn built by the API are built at that price (read from v3 estimate_gas_price), signed
// and succeed; the fee each showed before signing is at least what the chain charged and
// at most twice it; the max gas each carries is the simulation's measure × the margin, so
// the sender need hold only that × price. A transaction at the old price 100 is refused
// with the node's vm_status.
func TestMainnetGasPrice(t *testing.T) {
	t.Parallel()
	e := newEnvNode(t, nil, devnet.Options{MinGasPrice: mainnetMinGasPrice}, nil)
	addr := func(i int) string { return e.addr(i).String() }
	// What the swap screen's Max keeps back: the unsimulated max gas at the node's price.
	g := e.mustOK("GET", "/api/v1/gas", "")
	if g["gasUnitPrice"] != "100000" || g["maxGasAmount"] != fmt.Sprint(supra.DefaultMaxGas) ||
		g["maxFee"] != fmt.Sprint(supra.DefaultMaxGas*mainnetMinGasPrice) || g["decimals"] != float64(8) {
		t.Fatalf("GET /gas: %v", g)
	}
	const trader, spinner = 0, 1
	// One transaction each first: it carries the account's public key, which the server
	// reads from the chain to simulate (a wallet such as StarKey does not give it).
	for _, i := range []int{trader, spinner} {
		if _, err := devnettest.Submit(e.node, e.key(i), devnettest.Call{Function: "0x1::supra_account::transfer",
			Args: [][]byte{devnettest.Addr(e.addr(5)), devnettest.U64(1)}}); err != nil {
			t.Fatalf("account %d's first transaction: %v", i, err)
		}
	}
	steps := []struct {
		name, path, body string
		acct             int
		paid             *big.Int // SUPRA the action itself moves out of the sender, nil: unknown (a spin's prize)
	}{
		{"swap", "/api/v1/swap/build", fmt.Sprintf(`{"sender":%q,"from":"SUPRA","to":"LUCKY","amountIn":"10","minOut":"1"}`, addr(trader)), trader, big.NewInt(10 * supraUnit)},
		{"spin", "/api/v1/slots/spins", spinBody(addr(spinner), "LUCKY", "10", 3), spinner, nil},
		{"burn", "/api/v1/burn/build", fmt.Sprintf(`{"sender":%q,"token":"LUCKY","amount":"1"}`, addr(trader)), trader, big.NewInt(0)},
	}
	for _, s := range steps {
		before := e.supraOf(e.addr(s.acct))
		built := e.mustOK("POST", s.path, s.body)
		f := feeOf(t, built)
		if f["estimate"] != api.FeeSimulated || f["simulationError"] != nil || f["gasUnitPrice"] != "100000" {
			t.Fatalf("%s: fee %v", s.name, f)
		}
		used := bigOf(t, f["gasUnits"].(string)).Uint64()
		if want := fmt.Sprint(supra.MaxGasForUsed(used)); f["maxGasAmount"] != want {
			t.Fatalf("%s: max gas %v, want %s (%d used × %d)", s.name, f["maxGasAmount"], want, used, supra.MaxGasMargin)
		}
		d := e.submitOK(built, s.acct)
		shown, charged := bigOf(t, f["amount"].(string)), bigOf(t, d["transactionCost"].(string))
		if charged.Sign() <= 0 || shown.Cmp(charged) < 0 || shown.Cmp(new(big.Int).Mul(charged, big.NewInt(2))) > 0 {
			t.Fatalf("%s: fee shown %s, charged %s: want charged ≤ shown ≤ 2 × charged", s.name, shown, charged)
		}
		if s.paid != nil {
			wantDelta(t, s.name+" SUPRA", before, e.supraOf(e.addr(s.acct)), neg(sum(s.paid, charged)))
		}
		t.Logf("%s: %d gas units × %s = %s SUPRA base units (max gas %v)", s.name, used, f["gasUnitPrice"], charged, f["maxGasAmount"])
	}

	// A client still on the old floor builds at 100: the node refuses it, as Supra does.
	raw, err := devnettest.Build(e.node, e.key(trader), devnettest.Call{Function: "0x1::supra_account::transfer",
		Args: [][]byte{devnettest.Addr(e.addr(5)), devnettest.U64(1)}, GasPrice: supra.DefaultMinGasPrice})
	if err != nil {
		t.Fatal(err)
	}
	signed, err := supra.Sign(raw, e.key(trader))
	if err != nil {
		t.Fatal(err)
	}
	_, err = e.client.Submit(context.Background(), supra.NewSubmitBody(signed))
	var ne *supra.NodeError
	if !errors.As(err, &ne) || !strings.Contains(ne.Message+ne.Code, "GAS_UNIT_PRICE_BELOW_MIN_BOUND") {
		t.Fatalf("submit at price 100 on a 100000 node: %v", err)
	}
}

// TestGasPriceFromAV1Node: a node without v3 estimate_gas_price is priced from v1 (its
// mean), and the build still succeeds at the node's minimum.
func TestGasPriceFromAV1Node(t *testing.T) {
	t.Parallel()
	var v3asks atomic.Int32
	noV3 := func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == "/rpc/v3/transactions/estimate_gas_price" {
				v3asks.Add(1)
				http.NotFound(w, r)
				return
			}
			next.ServeHTTP(w, r)
		})
	}
	e := newEnvNode(t, nil, devnet.Options{MinGasPrice: mainnetMinGasPrice}, noV3)
	body := fmt.Sprintf(`{"sender":%q,"function":"0x1::supra_account::transfer","typeArguments":[],"arguments":[%q,"1"]}`, e.addr(0), e.addr(5))
	for range 2 {
		built := e.mustOK("POST", "/api/v1/tx/build", withKey(body, e.pub(0)))
		if f := feeOf(t, built); f["gasUnitPrice"] != "100000" || f["estimate"] != api.FeeSimulated {
			t.Fatalf("fee %v", f)
		}
	}
	if v3asks.Load() != 1 {
		t.Fatalf("v3 asked %d times, want once (then v1 alone)", v3asks.Load())
	}
}

// TestFeeForASmallBalance: at mainnet's price a sender with 0.5 SUPRA cannot hold the
// unsimulated max gas × price (2,000 × 100,000 = 2 SUPRA), so the node refuses that
// simulation; the server simulates again with the gas the balance pays for, and the
// transaction it answers (max gas from that measure) goes through.
func TestFeeForASmallBalance(t *testing.T) {
	t.Parallel()
	e := newEnvNode(t, nil, devnet.Options{MinGasPrice: mainnetMinGasPrice}, nil)
	const poor = 3
	e.mustOK("POST", "/devnet/balance", fmt.Sprintf(`{"address":%q,"coin_type":"0x1::supra_coin::SupraCoin","amount":"50000000"}`, e.addr(poor)))
	body := fmt.Sprintf(`{"sender":%q,"function":"0x1::supra_account::transfer","typeArguments":[],"arguments":[%q,"1"]}`, e.addr(poor), e.addr(5))
	built := e.mustOK("POST", "/api/v1/tx/build", withKey(body, e.pub(poor)))
	f := feeOf(t, built)
	used := bigOf(t, f["gasUnits"].(string)).Uint64()
	if f["estimate"] != api.FeeSimulated || f["simulationError"] != nil || f["maxGasAmount"] != fmt.Sprint(supra.MaxGasForUsed(used)) {
		t.Fatalf("fee %v", f)
	}
	if d := e.submitOK(built, poor); d["transactionCost"] != f["amount"] {
		t.Fatalf("charged %v, shown %v", d["transactionCost"], f["amount"])
	}
}
