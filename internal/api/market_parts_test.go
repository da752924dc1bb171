package api_test

import (
	"bytes"
	"encoding/json"
	"io"
	"maps"
	"net/http"
	"reflect"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/luckycoin/lucky/internal/config"
)

// viewFault stands between the app and the node and, while on, answers 503 to the view
// calls it matches, passing every other request through.
type viewFault struct {
	on    atomic.Bool
	match func(function string, typeArgs, args []string) bool
	next  http.Handler
}

func (p *viewFault) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if p.on.Load() && r.Method == http.MethodPost && r.URL.Path == "/rpc/v1/view" {
		body, _ := io.ReadAll(r.Body)
		r.Body = io.NopCloser(bytes.NewReader(body))
		var v struct {
			Function string            `json:"function"`
			TypeArgs []string          `json:"type_arguments"`
			Args     []json.RawMessage `json:"arguments"`
		}
		if json.Unmarshal(body, &v) == nil {
			args := make([]string, len(v.Args))
			for i, a := range v.Args {
				args[i] = strings.Trim(string(a), `"`)
			}
			if p.match(v.Function, v.TypeArgs, args) {
				http.Error(w, `{"message":"injected failure"}`, http.StatusServiceUnavailable)
				return
			}
		}
	}
	p.next.ServeHTTP(w, r)
}

// Each of the LUCKY dashboard's four parts is read on its own: when the node fails one,
// the dashboard answers 200 with the others' exact figures, the failed part null (never a
// zero) and named in "failed"; when it fails all four, the node's error. A partial answer
// is not kept as if complete: once the node answers again, the next request is complete.
func TestMarketLuckyPartialFailure(t *testing.T) {
	t.Parallel()
	base := newEnv(t, nil)
	want := base.mustOK("GET", "/api/v1/market/lucky", "")
	if f, _ := want["failed"].([]any); want["failed"] == nil || len(f) != 0 {
		t.Fatalf("complete read: failed %v, want []", want["failed"])
	}
	for _, k := range []string{"houseVault", "burned", "totalSupply", "priceSupra"} {
		if want[k] == nil {
			t.Fatalf("complete read: %s is null", k)
		}
	}
	if p := want["pools"].(map[string]any); p["luckySupra"] == nil || p["luckyDexUsdc"] == nil {
		t.Fatalf("complete read: pools %v", p)
	}
	luckyTok, ok1 := base.reg.ByName("LUCKY")
	usdcTok, ok2 := base.reg.ByName("dexUSDC")
	if !ok1 || !ok2 {
		t.Fatal("the registry has no LUCKY or dexUSDC")
	}
	lucky, usdc := luckyTok.CoinType, usdcTok.CoinType
	n, err := config.Lookup(config.Devnet)
	if err != nil {
		t.Fatal(err)
	}
	burn := n.Modules.BurnAddress
	has := func(xs []string, x string) bool { return slices.Contains(xs, x) }
	vault := func(f string, ta, _ []string) bool {
		return strings.HasSuffix(f, "::get_house_fund_balance_view") && has(ta, lucky)
	}
	burned := func(f string, ta, a []string) bool {
		return f == "0x1::coin::balance" && has(ta, lucky) && len(a) == 1 && strings.EqualFold(a[0], burn)
	}
	supply := func(f string, ta, _ []string) bool { return f == "0x1::coin::supply" && has(ta, lucky) }
	luckyUSDC := func(f string, ta, _ []string) bool {
		return strings.HasSuffix(f, "::get_reserves_size") && has(ta, lucky) && has(ta, usdc)
	}
	luckySupra := func(f string, ta, _ []string) bool {
		return strings.HasSuffix(f, "::get_reserves_size") && has(ta, lucky) && !has(ta, usdc)
	}
	// nulled lists the response fields each part's failure leaves null.
	nulled := map[string][]string{
		"vault":     {"houseVault"},
		"burned":    {"burned", "circulatingSupply", "marketCap", "marketCapSupra"},
		"lucky":     {"totalSupply", "totalSupplySource", "circulatingSupply", "priceSupra", "priceUsd", "priceRoute", "usdRoute", "luckyPerSupra", "marketCap", "fdv", "marketCapSupra", "fdvSupra"},
		"liquidity": {"pools.luckySupra", "pools.luckyDexUsdc"},
	}
	rows := []struct {
		name   string
		match  func(string, []string, []string) bool
		failed []string
	}{
		{"vault: house fund", vault, []string{"vault"}},
		{"burned: burn address balance", burned, []string{"burned"}},
		{"lucky: supply", supply, []string{"lucky"}},
		{"liquidity: LUCKY/dexUSDC pool", luckyUSDC, []string{"liquidity"}},
		{"lucky and liquidity: LUCKY/SUPRA pool (the price's source)", luckySupra, []string{"lucky", "liquidity"}},
	}
	for _, row := range rows {
		t.Run(row.name, func(t *testing.T) {
			t.Parallel()
			fault := &viewFault{match: row.match}
			fault.on.Store(true)
			e := newEnvOver(t, nil, func(h http.Handler) http.Handler { fault.next = h; return fault })
			got := e.mustOK("GET", "/api/v1/market/lucky", "")
			var failed []string
			for _, f := range got["failed"].([]any) {
				failed = append(failed, f.(string))
			}
			if !slices.Equal(failed, row.failed) {
				t.Fatalf("failed %v, want %v", failed, row.failed)
			}
			exp := maps.Clone(want)
			expPools := maps.Clone(want["pools"].(map[string]any))
			exp["pools"] = expPools
			for _, part := range row.failed {
				for _, k := range nulled[part] {
					if p, ok := strings.CutPrefix(k, "pools."); ok {
						expPools[p] = nil
					} else {
						exp[k] = nil
					}
				}
			}
			exp["failed"], exp["updatedAt"] = got["failed"], got["updatedAt"]
			if !reflect.DeepEqual(got, exp) {
				for k := range exp {
					if !reflect.DeepEqual(got[k], exp[k]) {
						t.Errorf("%s = %v, want %v", k, got[k], exp[k])
					}
				}
				t.FailNow()
			}
			// The token index does not list LUCKY with a missing supply or burned amount.
			idx := e.mustOK("GET", "/api/v1/market/tokens", "")
			listed := false
			for _, tk := range idx["tokens"].([]any) {
				if tk.(map[string]any)["name"] == "LUCKY" {
					listed = true
				}
			}
			if wantListed := !has(row.failed, "lucky") && !has(row.failed, "burned"); listed != wantListed {
				t.Errorf("token index lists LUCKY: %v, want %v", listed, wantListed)
			}
			// The node answers again: the partial snapshot is not served as if complete.
			fault.on.Store(false)
			time.Sleep(1100 * time.Millisecond) // past the shared-refresh minimum age
			again := e.mustOK("GET", "/api/v1/market/lucky", "")
			if f := again["failed"].([]any); len(f) != 0 || again["houseVault"] == nil || again["burned"] == nil || again["priceSupra"] == nil {
				t.Fatalf("after the fault: failed %v vault %v burned %v price %v", f, again["houseVault"], again["burned"], again["priceSupra"])
			}
		})
	}
	t.Run("all four parts", func(t *testing.T) {
		t.Parallel()
		fault := &viewFault{match: func(f string, ta, a []string) bool {
			return vault(f, ta, a) || burned(f, ta, a) || supply(f, ta, a) || luckySupra(f, ta, a) || luckyUSDC(f, ta, a)
		}}
		fault.on.Store(true)
		e := newEnvOver(t, nil, func(h http.Handler) http.Handler { fault.next = h; return fault })
		rec := e.raw2("GET", "/api/v1/market/lucky", "")
		code, msg := errCode(decodeJSON(rec.Body.Bytes()))
		if rec.Code != http.StatusBadGateway || code != "node_unavailable" {
			t.Fatalf("%d %s %q, want 502 node_unavailable", rec.Code, code, msg)
		}
	})
}
