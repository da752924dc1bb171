package chain

import (
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/luckycoin/lucky/internal/config"
)

// publishedFunction is one function of testdata/dexlyn_interface.json, recorded from
// Dexlyn's published interface.
type publishedFunction struct {
	Name              string   `json:"name"`
	IsEntry           bool     `json:"is_entry"`
	IsView            bool     `json:"is_view"`
	GenericTypeParams int      `json:"generic_type_params"`
	Params            []string `json:"params"`
	Return            []string `json:"return"`
}

// Every Dexlyn function a binding calls is in the published interface with the same
// kind, generic arity, parameter and return types.
func TestDexBindingsMatchPublishedInterface(t *testing.T) {
	b, err := os.ReadFile("testdata/dexlyn_interface.json")
	if err != nil {
		t.Fatal(err)
	}
	var pub struct {
		Package string `json:"package"`
		Modules []struct {
			Name      string              `json:"name"`
			Functions []publishedFunction `json:"functions"`
		} `json:"modules"`
	}
	if err := json.Unmarshal(b, &pub); err != nil {
		t.Fatal(err)
	}
	published := map[string]publishedFunction{}
	for _, m := range pub.Modules {
		for _, f := range m.Functions {
			published[pub.Package+"::"+m.Name+"::"+f.Name] = f
		}
	}
	for _, name := range []string{config.Devnet, config.Mainnet} {
		net, err := config.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		if net.Modules.DexPackage != pub.Package {
			t.Fatalf("%s: Dexlyn package %s, published %s", name, net.Modules.DexPackage, pub.Package)
		}
		n := 0
		for _, s := range Signatures(net) {
			if !strings.HasPrefix(s.Module, pub.Package+"::") {
				continue
			}
			n++
			f, ok := published[s.ID()]
			if !ok {
				t.Errorf("%s: binding calls %s, which the published interface lacks", name, s.ID())
				continue
			}
			if s.Entry != f.IsEntry || s.View != f.IsView || s.TypeParams != f.GenericTypeParams ||
				!slices.Equal(s.Params, f.Params) || !slices.Equal(s.Return, nonNil(f.Return)) {
				t.Errorf("%s: binding %s entry=%v view=%v <%d> (%v) → %v; published entry=%v view=%v <%d> (%v) → %v", name, s.ID(),
					s.Entry, s.View, s.TypeParams, s.Params, s.Return, f.IsEntry, f.IsView, f.GenericTypeParams, f.Params, f.Return)
			}
		}
		if n < 7 { // six router views and scripts::swap
			t.Errorf("%s: %d Dexlyn bindings declared", name, n)
		}
	}
}

func nonNil(s []string) []string {
	if len(s) == 0 {
		return nil
	}
	return s
}

// A binding cannot call a function the declarations lack, nor with another arity.
func TestUndeclaredCallsRefused(t *testing.T) {
	net, _ := config.Lookup(config.Mainnet)
	c := &core{net: net, sigs: Signatures(net)}
	if _, err := c.view(t.Context(), net.Modules.DexPackage+"::router::get_pool", []string{"0x1::a::B", "0x1::a::C", "0x1::a::D"}, nil); err == nil {
		t.Error("undeclared router::get_pool was let through")
	}
	if _, err := c.view(t.Context(), "0x1::coin::balance", nil, []string{"0x1"}); err == nil {
		t.Error("coin::balance without its type argument was let through")
	}
	if _, err := c.buildCall(t.Context(), [32]byte{}, Call{}); err == nil {
		t.Error("an empty call was let through")
	}
}
