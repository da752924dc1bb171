package doctor

import (
	"errors"
	"strings"
	"testing"

	"github.com/luckycoin/lucky/internal/chain"
	"github.com/luckycoin/lucky/internal/supra"
)

func TestChecks(t *testing.T) {
	mod := &chain.MoveModule{
		ExposedFunctions: []supra.MoveFunction{
			{Name: "play_supra_coin", IsEntry: true, Params: []string{"&signer", "u64", "u64", "address"}},
			{Name: "get_paytable", IsView: true, Params: []string{}, Return: []string{"vector<0xb4ba::slots_v3::Tier>"}},
		},
		Structs: []supra.MoveStruct{{Name: "PlayEvent", Fields: []supra.MoveField{{Name: "spin_results"}, {Name: "total_prize"}}}},
	}
	slots := []chain.Feature{chain.FeatureSlots}
	play := chain.Signature{Module: "0xb4ba::slots_v3", Name: "play_supra_coin", Entry: true, Params: []string{"&signer", "u64", "u64", "address"}, Features: slots}
	cases := []struct {
		name string
		got  Check
		want Status
		says string
	}{
		{"same function", checkFunction(play, fetched{mod: mod}), OK, ""},
		{"another arity", checkFunction(chain.Signature{Module: "0xb4ba::slots_v3", Name: "play_supra_coin", Entry: true, TypeParams: 1,
			Params: []string{"&signer", "u64", "u64", "address"}}, fetched{mod: mod}), Mismatch, "entry <0>"},
		{"address written long", checkFunction(chain.Signature{Module: "0xb4ba::slots_v3", Name: "get_paytable", View: true,
			Return: []string{"vector<0x000000000000000000000000000000000000000000000000000000000000b4ba::slots_v3::Tier>"}}, fetched{mod: mod}), OK, ""},
		{"no function", checkFunction(chain.Signature{Module: "0xb4ba::slots_v3", Name: "play"}, fetched{mod: mod}), Missing, "no such function"},
		{"no module", checkFunction(play, fetched{err: chain.ErrModuleNotFound}), Missing, "no such module"},
		{"node error", checkFunction(play, fetched{err: errors.New("connection refused")}), Missing, "connection refused"},
		{"fields present", checkStruct(chain.StructShape{Name: "PlayEvent", Fields: []string{"total_prize"}}, fetched{mod: mod}), OK, ""},
		{"field lacking", checkStruct(chain.StructShape{Name: "PlayEvent", Fields: []string{"total_prize", "number_of_spins"}}, fetched{mod: mod}),
			Mismatch, "lacks number_of_spins"},
		{"no struct", checkStruct(chain.StructShape{Name: "SwapEvent"}, fetched{mod: mod}), Missing, "no such struct"},
	}
	for _, c := range cases {
		if c.got.Status != c.want || !strings.Contains(c.got.Found, c.says) {
			t.Errorf("%s: %s %q", c.name, c.got.Status, c.got.Found)
		}
	}
	rep := Report{Checks: []Check{cases[0].got, cases[1].got, {Check: "LUCKY symbol", Status: Mismatch}}}
	if rep.OK() {
		t.Error("a report with mismatches is OK")
	}
	if off := rep.Off(); len(off) != 0 { // no failed check declares a feature: reported, nothing off
		t.Errorf("off %v", off)
	}
	rep.Checks[1].Features = slots
	if off := rep.Off(); len(off) != 1 || len(off[chain.FeatureSlots]) != 1 || !strings.Contains(off[chain.FeatureSlots][0], "play_supra_coin mismatch") {
		t.Errorf("off %v", off)
	}
	var b strings.Builder
	if err := rep.WriteTable(&b); err != nil || !strings.HasPrefix(b.String(), "CHECK") || strings.Count(b.String(), "\n") != 4 {
		t.Errorf("table %q %v", b.String(), err)
	}
}
