package contracts

import (
	"encoding/json"
	"math/bits"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/luckycoin/lucky/internal/devnet/devnettest"
	"github.com/luckycoin/lucky/internal/supra"
)

// publishedDexlyn is the fixture recorded from Dexlyn's published interface.
type publishedDexlyn struct {
	Package string `json:"package"`
	Modules []struct {
		Name      string `json:"name"`
		Functions []struct {
			Name              string   `json:"name"`
			Visibility        string   `json:"visibility"`
			IsEntry           bool     `json:"is_entry"`
			IsView            bool     `json:"is_view"`
			GenericTypeParams int      `json:"generic_type_params"`
			Params            []string `json:"params"`
			Return            []string `json:"return"`
		} `json:"functions"`
		Structs []struct {
			Name   string   `json:"name"`
			Fields []string `json:"fields"`
		} `json:"structs"`
	} `json:"modules"`
	Beyond map[string]any `json:"beyond_interface"`
}

func loadPublishedDexlyn(t *testing.T) publishedDexlyn {
	t.Helper()
	b, err := os.ReadFile("../../chain/testdata/dexlyn_interface.json")
	if err != nil {
		t.Fatal(err)
	}
	var p publishedDexlyn
	if err := json.Unmarshal(b, &p); err != nil {
		t.Fatal(err)
	}
	return p
}

// The devnet serves, for each Dexlyn module, exactly the functions of the published
// interface with their visibility, kind, generic arity, parameter and return types, and
// beyond them only what the fixture names as beyond the interface.
func TestDexlynABIMatchesPublishedInterface(t *testing.T) {
	pub := loadPublishedDexlyn(t)
	if pub.Package != DexlynAddress.String() {
		t.Fatalf("package %s, devnet serves Dexlyn at %s", pub.Package, DexlynAddress)
	}
	r := newRPC(t)
	for _, m := range pub.Modules {
		var got supra.MoveModule
		if code := r.do("GET", "/rpc/v1/accounts/"+pub.Package+"/modules/"+m.Name, nil, &got); code != 200 {
			t.Fatalf("%s: HTTP %d", m.Name, code)
		}
		served := map[string]supra.MoveFunction{}
		for _, f := range got.ExposedFunctions {
			served[f.Name] = f
		}
		for _, want := range m.Functions {
			f, ok := served[want.Name]
			if !ok {
				t.Errorf("%s::%s: published, not served", m.Name, want.Name)
				continue
			}
			delete(served, want.Name)
			if f.Visibility != want.Visibility || f.IsEntry != want.IsEntry || f.IsView != want.IsView ||
				len(f.GenericTypeParams) != want.GenericTypeParams ||
				!slices.Equal(f.Params, want.Params) || !slices.Equal(f.Return, want.Return) {
				t.Errorf("%s::%s: served %s entry=%v view=%v <%d> (%s): (%s); published %s entry=%v view=%v <%d> (%s): (%s)",
					m.Name, want.Name, f.Visibility, f.IsEntry, f.IsView, len(f.GenericTypeParams),
					strings.Join(f.Params, ", "), strings.Join(f.Return, ", "),
					want.Visibility, want.IsEntry, want.IsView, want.GenericTypeParams,
					strings.Join(want.Params, ", "), strings.Join(want.Return, ", "))
			}
		}
		var beyond []string
		if raw, ok := pub.Beyond[m.Name].([]any); ok {
			for _, n := range raw {
				beyond = append(beyond, n.(string))
			}
		}
		for name := range served {
			if !slices.Contains(beyond, name) {
				t.Errorf("%s::%s: served but neither published nor named beyond the interface", m.Name, name)
			}
		}
		for _, s := range m.Structs {
			i := slices.IndexFunc(got.Structs, func(g supra.MoveStruct) bool { return g.Name == s.Name })
			if i < 0 {
				t.Errorf("%s: struct %s published, not served", m.Name, s.Name)
				continue
			}
			var fields []string
			for _, f := range got.Structs[i].Fields {
				fields = append(fields, f.Name)
			}
			if !slices.Equal(fields, s.Fields) && (len(fields) > 0 || len(s.Fields) > 0) {
				t.Errorf("%s::%s fields %v, published %v", m.Name, s.Name, fields, s.Fields)
			}
		}
	}
}

// The router views the app does not call answer from the emulated pools.
func TestHTTPDexlynRouterViews(t *testing.T) {
	r := newRPC(t)
	xy := []string{luckyType, SupraCoinType, UncorrelatedType} // sorted: LUCKY is x
	yx := []string{SupraCoinType, luckyType, UncorrelatedType}
	rs := r.view(dexFn+"router::get_reserves_size", xy)
	var rx, ry supra.U64
	_ = json.Unmarshal(rs[0], &rx)
	_ = json.Unmarshal(rs[1], &ry)
	if rx == 0 || ry == 0 {
		t.Fatalf("reserves %s", rs)
	}
	if got := r.viewU64(dexFn+"router::get_fee", xy); got != 30 {
		t.Errorf("get_fee %d", got)
	}
	if got := r.viewU64(dexFn+"router::get_dao_fee", yx); got != 33 {
		t.Errorf("get_dao_fee %d", got)
	}
	if got := r.view(dexFn+"router::get_decimals_scales", xy); string(got[0]) != `"0"` || string(got[1]) != `"0"` {
		t.Errorf("get_decimals_scales %s", got)
	}
	pool := r.view(dexFn+"router::get_pool", xy)
	if want := `{"vec":["` + DexlynPoolAccount.String() + `"]}`; string(pool[0]) != want {
		t.Errorf("get_pool %s, want %s", pool[0], want)
	}
	const dawgz = "0xb8e94e7204d8eeb565a653d262ae6f7434a3a452e2aaf624810b33dfa3b64d09::DAWGZ::DAWGZ"
	if pool := r.view(dexFn+"router::get_pool", []string{luckyType, dawgz, UncorrelatedType}); string(pool[0]) != `{"vec":[]}` {
		t.Errorf("get_pool of no pool %s", pool[0])
	}
	// At the pool's price: 1,000 LUCKY base units want reserveY/reserveX as much SUPRA.
	opt := r.view(dexFn+"router::calc_optimal_coin_values", xy, "1000000", "1000000000000000", "0", "0")
	hi, lo := bits.Mul64(1000000, uint64(ry))
	wantY, _ := bits.Div64(hi, lo, uint64(rx))
	if string(opt[0]) != `"1000000"` || string(opt[1]) != `"`+supraU64(wantY)+`"` {
		t.Errorf("calc_optimal_coin_values %s, want 1000000/%d", opt, wantY)
	}
	// Asked in the other order, the answer follows it.
	lpXY := r.view(dexFn+"router::get_reserves_for_lp_coins", xy, "1000")
	lpYX := r.view(dexFn+"router::get_reserves_for_lp_coins", yx, "1000")
	if string(lpXY[0]) != string(lpYX[1]) || string(lpXY[1]) != string(lpYX[0]) || string(lpXY[0]) == `"0"` {
		t.Errorf("get_reserves_for_lp_coins %s / %s", lpXY, lpYX)
	}

	// The oracle moves with a swap after time passed: price x cumulative grows by
	// (ry << 64) / rx × seconds.
	before := r.view(dexFn+"router::get_cumulative_prices", xy)
	if _, err := r.n.AdvanceTime(10 * time.Second); err != nil {
		t.Fatal(err)
	}
	buyer := r.n.Accounts()[2]
	info, _ := r.submit(buyer.PrivateKey, devnettest.Call{Function: dexFn + "scripts::swap", TypeArgs: yx,
		Args: [][]byte{devnettest.U64(100_000_000), devnettest.U64(0)}})
	mustSucceed(t, info)
	after := r.view(dexFn+"router::get_cumulative_prices", xy)
	if string(after[2]) == string(before[2]) || string(after[0]) == string(before[0]) || string(after[1]) == string(before[1]) {
		t.Errorf("oracle did not move: %s → %s", before, after)
	}
	if err := r.n.CheckInvariants(); err != nil {
		t.Fatal(err)
	}
}

// swap_into pays exactly the amount out for what get_amount_in quotes (more than the
// maximum aborts with 206); swap_unchecked takes exactly the amounts given and aborts
// with ERR_INCORRECT_SWAP (105) when they would shrink the pool.
func TestHTTPDexlynSwapIntoAndUnchecked(t *testing.T) {
	r := newRPC(t)
	buyer := r.n.Accounts()[2]
	yx := []string{SupraCoinType, luckyType, UncorrelatedType}
	const out = 5_000_000 // 5 LUCKY
	need := r.viewU64(dexFn+"router::get_amount_in", yx, supraU64(out))
	info, _ := r.submit(buyer.PrivateKey, devnettest.Call{Function: dexFn + "scripts::swap_into", TypeArgs: yx,
		Args: [][]byte{devnettest.U64(need - 1), devnettest.U64(out)}})
	if info.Status == "Success" || !strings.Contains(info.Output.Move.VMStatus, "0xce") {
		t.Fatalf("swap_into under the need: %s %s", info.Status, info.Output.Move.VMStatus)
	}
	supraBefore := r.n.Balance(buyer.Address, SupraCoinType)
	info, _ = r.submit(buyer.PrivateKey, devnettest.Call{Function: dexFn + "scripts::swap_into", TypeArgs: yx,
		Args: [][]byte{devnettest.U64(need * 2), devnettest.U64(out)}})
	mustSucceed(t, info)
	if got := r.n.Balance(buyer.Address, luckyType); got != out {
		t.Fatalf("swap_into received %d LUCKY, want %d", got, out)
	}
	ev := decodeSwap(t, eventsOf(info, SwapEventType)[0])
	if ev.YIn != supraU64(need) || ev.XOut != supraU64(out) {
		t.Fatalf("swap_into event %+v, want %d in", ev, need)
	}
	if spent := supraBefore - r.n.Balance(buyer.Address, SupraCoinType); spent < need {
		t.Fatalf("spent %d SUPRA, need %d", spent, need)
	}

	// Unchecked: asking for the full quote plus one breaks the invariant.
	quote := r.viewU64(dexFn+"router::get_amount_out", yx, "100000000")
	info, _ = r.submit(buyer.PrivateKey, devnettest.Call{Function: dexFn + "scripts::swap_unchecked", TypeArgs: yx,
		Args: [][]byte{devnettest.U64(100_000_000), devnettest.U64(quote * 2)}})
	if info.Status == "Success" || !strings.Contains(info.Output.Move.VMStatus, "0x69") {
		t.Fatalf("swap_unchecked over the curve: %s %s", info.Status, info.Output.Move.VMStatus)
	}
	info, _ = r.submit(buyer.PrivateKey, devnettest.Call{Function: dexFn + "scripts::swap_unchecked", TypeArgs: yx,
		Args: [][]byte{devnettest.U64(100_000_000), devnettest.U64(quote / 2)}})
	mustSucceed(t, info)
	if got := r.n.Balance(buyer.Address, luckyType); got != out+quote/2 {
		t.Fatalf("swap_unchecked: %d LUCKY, want %d", got, out+quote/2)
	}
	if err := r.n.CheckInvariants(); err != nil {
		t.Fatal(err)
	}
}
