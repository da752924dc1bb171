package chain_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"math/big"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/aptos-labs/aptos-go-sdk/bcs"

	"github.com/luckycoin/lucky/internal/chain"
	"github.com/luckycoin/lucky/internal/config"
	"github.com/luckycoin/lucky/internal/devnet"
	"github.com/luckycoin/lucky/internal/devnet/contracts"
	"github.com/luckycoin/lucky/internal/devnet/devnettest"
	"github.com/luckycoin/lucky/internal/supra"
	"github.com/luckycoin/lucky/internal/tokens"
)

const (
	luckyT = "0x4205c82380bff5708cd7c59e0043a45890a457a6cdb60c9191d818958fd7ac26::LUCKY::LUCKY"
	usdcT  = "0x8f7d16ade319b0fce368ca6cdb98589c4527ce7f5b51e544a9e68e719934458b::hyper_coin::DexlynUSDC"
	dawgzT = "0xb8e94e7204d8eeb565a653d262ae6f7434a3a452e2aaf624810b33dfa3b64d09::DAWGZ::DAWGZ"
	supraT = "0x1::supra_coin::SupraCoin"
)

// viewLog records the view requests a client sends.
type viewLog struct {
	mu    sync.Mutex
	next  http.RoundTripper
	calls []supra.ViewRequest
}

func (v *viewLog) RoundTrip(r *http.Request) (*http.Response, error) {
	if r.URL.Path == "/rpc/v1/view" && r.Body != nil {
		b, _ := io.ReadAll(r.Body)
		r.Body = io.NopCloser(bytes.NewReader(b))
		var req supra.ViewRequest
		_ = json.Unmarshal(b, &req)
		v.mu.Lock()
		v.calls = append(v.calls, req)
		v.mu.Unlock()
	}
	return v.next.RoundTrip(r)
}

func (v *viewLog) last() supra.ViewRequest {
	v.mu.Lock()
	defer v.mu.Unlock()
	return v.calls[len(v.calls)-1]
}

func dexEnv(t *testing.T) (*chain.Client, *devnet.Node, *viewLog) {
	t.Helper()
	mods, err := contracts.All()
	if err != nil {
		t.Fatal(err)
	}
	node := devnettest.New(t, devnet.Options{Modules: mods})
	log := &viewLog{next: devnettest.HTTPClient(node).Transport}
	client := devnettest.Client(t, node, supra.WithHTTP(&http.Client{Transport: log}), supra.WithRetries(0, 0))
	reg, err := tokens.Load(slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	n, err := config.Lookup(config.Devnet)
	if err != nil {
		t.Fatal(err)
	}
	return chain.New(client, n, reg, chain.Options{ABIs: chain.ClientABISource{Client: client}}), node, log
}

func ct(s string) supra.CoinType { return supra.MustCoinType(s) }

func TestComparePair(t *testing.T) {
	tests := []struct {
		a, b string
		want int
	}{
		{luckyT, supraT, -1}, // LUCKY (5 bytes) before SupraCoin (9): the length prefix decides
		{supraT, luckyT, 1},
		{supraT, usdcT, -1}, // SupraCoin (9) before DexlynUSDC (10), although "D" < "S"
		{dawgzT, luckyT, -1},
		{"0x2::m::A", "0x1::m::A", 1},        // same names: the address decides
		{"0x1::a::Coin", "0x1::b::Coin", -1}, // same struct: the module decides
		{"0x01::m::A", "0x1::m::A", 0},
		{"0x0000000000000000000000000000000000000000000000000000000000000001::supra_coin::SupraCoin", supraT, 0},
	}
	for _, tt := range tests {
		a, b := ct(tt.a), ct(tt.b)
		if got := chain.ComparePair(a, b); got != tt.want {
			t.Errorf("ComparePair(%s, %s) = %d; want %d", tt.a, tt.b, got, tt.want)
		}
		if (a == b) != (tt.want == 0) {
			t.Errorf("%s == %s is %v", tt.a, tt.b, a == b)
		}
		x, y, swapped, err := chain.SortPair(a, b)
		switch {
		case tt.want == 0 && !errors.Is(err, chain.ErrInvalidInput):
			t.Errorf("SortPair of one coin: %v", err)
		case tt.want != 0 && (err != nil || swapped != (tt.want > 0) || x.Compare(y) != -1):
			t.Errorf("SortPair(%s, %s) = %s, %s, %v, %v", tt.a, tt.b, x, y, swapped, err)
		}
	}
	if _, _, _, err := chain.SortPair(supra.CoinType{}, ct(supraT)); !errors.Is(err, chain.ErrInvalidInput) {
		t.Errorf("missing coin: %v", err)
	}
}

func TestDexViews(t *testing.T) {
	c, _, log := dexEnv(t)
	ctx := context.Background()
	curve := config.Presets()[0].Modules.DexCurve

	// Genesis: 150,000,000 LUCKY (6 decimals) / 1,000,000 SUPRA (8 decimals).
	wantLucky, wantSupra := uint64(150_000_000_000_000), uint64(100_000_000_000_000)
	for _, order := range [][2]string{{luckyT, supraT}, {supraT, luckyT}} {
		r, err := c.Dex.Reserves(ctx, ct(order[0]), ct(order[1]))
		if err != nil {
			t.Fatal(err)
		}
		a, b := wantLucky, wantSupra
		if order[0] == supraT {
			a, b = b, a
		}
		if r.A != a || r.B != b {
			t.Errorf("Reserves(%s, %s) = %+v", order[0], order[1], r)
		}
		// The view is always asked in on-chain order, whatever order the caller used.
		got := log.last().TypeArguments
		if len(got) != 3 || got[0] != luckyT || got[1] != supraT || got[2] != curve {
			t.Errorf("view asked with %v", got)
		}
	}
	// SUPRA/dexUSDC sorts SupraCoin first.
	if _, err := c.Dex.Reserves(ctx, ct(usdcT), ct(supraT)); err != nil {
		t.Fatal(err)
	}
	if got := log.last().TypeArguments; got[0] != supraT || got[1] != usdcT {
		t.Errorf("dexUSDC/SUPRA asked as %v", got)
	}

	fees, err := c.Dex.FeesConfig(ctx, ct(supraT), ct(luckyT))
	if err != nil || fees != (chain.Fees{Fee: 30, Scale: 10_000}) {
		t.Fatalf("fees %+v %v", fees, err)
	}
	ok, err := c.Dex.PairExists(ctx, ct(supraT), ct(luckyT))
	if err != nil || !ok {
		t.Fatalf("LUCKY/SUPRA exists: %v %v", ok, err)
	}

	// Missing pair: the sentinel from every view, false from PairExists.
	if ok, err := c.Dex.PairExists(ctx, ct(luckyT), ct(dawgzT)); err != nil || ok {
		t.Fatalf("LUCKY/DAWGZ exists: %v %v", ok, err)
	}
	if _, err := c.Dex.Reserves(ctx, ct(luckyT), ct(dawgzT)); !errors.Is(err, chain.ErrPairNotFound) {
		t.Fatalf("reserves of a missing pair: %v", err)
	}
	if _, err := c.Dex.FeesConfig(ctx, ct(luckyT), ct(dawgzT)); !errors.Is(err, chain.ErrPairNotFound) {
		t.Fatalf("fees of a missing pair: %v", err)
	}
	if _, err := c.Dex.AmountOut(ctx, ct(luckyT), ct(dawgzT), 1); !errors.Is(err, chain.ErrPairNotFound) {
		t.Fatalf("amount out of a missing pair: %v", err)
	}

	// Amount out keeps the caller's order (X = coin in); Liquidswap's formula, floor:
	// a = in × (scale − fee); out = a × reserve_out / (reserve_in × scale + a).
	in := uint64(100_000_000) // 1 SUPRA
	got, err := c.Dex.AmountOut(ctx, ct(supraT), ct(luckyT), in)
	if err != nil {
		t.Fatal(err)
	}
	if tas := log.last().TypeArguments; tas[0] != supraT || tas[1] != luckyT {
		t.Errorf("get_amount_out asked as %v", tas)
	}
	a := new(big.Int).SetUint64(in * (10_000 - 30))
	num := new(big.Int).Mul(a, new(big.Int).SetUint64(wantLucky))
	den := new(big.Int).Add(new(big.Int).Mul(new(big.Int).SetUint64(wantSupra), big.NewInt(10_000)), a)
	if want := new(big.Int).Quo(num, den).Uint64(); got != want {
		t.Fatalf("1 SUPRA → %d LUCKY base units, want %d", got, want)
	}
	need, err := c.Dex.AmountIn(ctx, ct(supraT), ct(luckyT), got)
	if err != nil || need > in || need < in-1_000 {
		t.Fatalf("amount in for %d: %d %v", got, need, err)
	}
}

func TestSwapPayload(t *testing.T) {
	c, node, _ := dexEnv(t)
	ctx := context.Background()
	p, err := c.Dex.SwapPayload(ct(supraT), ct(luckyT), 100_000_000, 1)
	if err != nil {
		t.Fatal(err)
	}
	curve, _ := supra.NormalizeTypeString(config.Presets()[0].Modules.DexCurve)
	if p.Module.String() != "0xdc694898dff98a1b0447e0992d0413e123ea80da1021d464a4fbaf0265870d8::scripts" || p.Function != "swap" ||
		p.TypeArgs[0].String() != supraT || p.TypeArgs[1].String() != luckyT || p.TypeArgs[2].String() != curve ||
		!bytes.Equal(p.Args[0], devnettest.U64(100_000_000)) || !bytes.Equal(p.Args[1], devnettest.U64(1)) {
		t.Fatalf("payload %+v", p)
	}
	if _, err := c.Dex.SwapPayload(ct(luckyT), ct(luckyT), 1, 0); !errors.Is(err, chain.ErrInvalidInput) {
		t.Fatalf("same coin: %v", err)
	}

	// The CallRequest form passes the ABI check of Build and swaps on chain.
	buyer := node.Accounts()[2]
	quote, err := c.Dex.AmountOut(ctx, ct(supraT), ct(luckyT), 100_000_000)
	if err != nil {
		t.Fatal(err)
	}
	call, err := c.Dex.SwapCall(buyer.Address.String(), ct(supraT), ct(luckyT), 100_000_000, quote)
	if err != nil {
		t.Fatal(err)
	}
	built, err := c.Core.Build(ctx, call)
	if err != nil {
		t.Fatal(err)
	}
	// The typed path encodes byte for byte what the ABI path encodes.
	typed, err := c.Dex.BuildSwap(ctx, buyer.Address, ct(supraT), ct(luckyT), 100_000_000, quote)
	if err != nil {
		t.Fatal(err)
	}
	tb, _ := bcs.Serialize(&typed.Raw.Payload)
	ab, _ := bcs.Serialize(&built.Raw.Payload)
	if !bytes.Equal(tb, ab) {
		t.Fatalf("typed payload %x\nABI payload   %x", tb, ab)
	}
	signed, err := supra.Sign(built.Raw, buyer.PrivateKey)
	if err != nil {
		t.Fatal(err)
	}
	hash, err := c.Core.Node().Submit(ctx, supra.NewSubmitBody(signed))
	if err != nil {
		t.Fatal(err)
	}
	wctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if _, status, err := c.Core.Node().WaitForTransaction(wctx, hash); err != nil || status != "Success" {
		t.Fatalf("swap: %s %v", status, err)
	}
	if got, err := c.Coins.CoinBalance(ctx, buyer.Address, ct(luckyT)); err != nil || got != quote {
		t.Fatalf("LUCKY received %d (%v), quoted %d", got, err, quote)
	}
	r, err := c.Dex.Reserves(ctx, ct(luckyT), ct(supraT))
	if err != nil || r.A != 150_000_000_000_000-quote {
		t.Fatalf("LUCKY reserve after the swap %+v %v", r, err)
	}
}

// Dex.Quote reads the pool and the router together: its amount out is the router's, its
// minimum and reserves follow, and inputs the pool cannot serve are refused with the
// quote's sentinels.
func TestDexQuote(t *testing.T) {
	c, _, _ := dexEnv(t)
	ctx := context.Background()
	padded := ct("0x0000000000000000000000000000000000000000000000000000000000000001::supra_coin::SupraCoin")
	q, err := c.Dex.Quote(ctx, padded, ct(luckyT), 1_000_000_000, 500)
	if err != nil {
		t.Fatal(err)
	}
	out, err := c.Dex.AmountOut(ctx, ct(supraT), ct(luckyT), 1_000_000_000)
	if err != nil {
		t.Fatal(err)
	}
	if q.AmountOut != out || q.MinOut != chain.MinOut(out, 500) || q.ReserveIn != 100_000_000_000_000 ||
		q.ReserveOut != 150_000_000_000_000 || q.Fees != (chain.Fees{Fee: 30, Scale: 10_000}) || q.In != ct(supraT) {
		t.Fatalf("quote %+v, router out %d", q, out)
	}
	tests := []struct {
		name     string
		in, out  string
		amount   uint64
		slippage int
		want     error
	}{
		{"no pool", luckyT, dawgzT, 1, 500, chain.ErrPairNotFound},
		{"drains the pool", supraT, luckyT, 1 << 62, 500, chain.ErrInsufficientLiquidity},
		{"returns nothing", luckyT, supraT, 1, 500, chain.ErrAmountTooSmall},
		{"slippage 0", supraT, luckyT, 1, 0, chain.ErrSlippage},
		{"slippage above 50 %", supraT, luckyT, 1, 5001, chain.ErrSlippage},
	}
	for _, tt := range tests {
		if _, err := c.Dex.Quote(ctx, ct(tt.in), ct(tt.out), tt.amount, tt.slippage); !errors.Is(err, tt.want) {
			t.Errorf("%s: err = %v, want %v", tt.name, err, tt.want)
		}
	}
}
