package api

import (
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/luckycoin/lucky/internal/chain"
	"github.com/luckycoin/lucky/internal/config"
)

// A switched-off feature's builds are refused in the one error shape with the reason;
// the other features' routes are not touched.
func TestFeatureOffRefusesBuilds(t *testing.T) {
	net, _ := config.Lookup(config.Devnet)
	f := &Features{}
	f.Set(map[chain.Feature][]string{chain.FeatureSlots: {"slots_v3::play_supra_coin mismatch: expected a, found b"}})
	h := &Handler{net: net, features: f, log: slog.New(slog.DiscardHandler)}
	cases := []struct {
		name    string
		refused bool
		call    func(w http.ResponseWriter, r *http.Request) bool
	}{
		{"spin", true, func(w http.ResponseWriter, r *http.Request) bool { return h.refuseOff(w, r, chain.FeatureSlots) }},
		{"swap", false, func(w http.ResponseWriter, r *http.Request) bool { return h.refuseOff(w, r, chain.FeatureSwap) }},
		{"tx/build play", true, func(w http.ResponseWriter, r *http.Request) bool {
			return h.refuseOffFunction(w, r, "0xb4ba040eb59c3b3c3776b7a603d896781e48bbf5fcea559c495814b5cde29b2b::slots_v3::play")
		}},
		{"tx/build swap", false, func(w http.ResponseWriter, r *http.Request) bool {
			return h.refuseOffFunction(w, r, net.Modules.DexPackage+"::scripts::swap")
		}},
	}
	for _, c := range cases {
		w := httptest.NewRecorder()
		got := c.call(w, httptest.NewRequest("POST", "/api/v1/x", nil))
		if got != c.refused {
			t.Errorf("%s: refused %v", c.name, got)
			continue
		}
		if got && (w.Code != http.StatusServiceUnavailable || !strings.Contains(w.Body.String(), `"code":"feature_off"`) ||
			!strings.Contains(w.Body.String(), "The slot game is switched off") || !strings.Contains(w.Body.String(), "play_supra_coin")) {
			t.Errorf("%s: %d %s", c.name, w.Code, w.Body)
		}
	}
	st := f.states()
	if st["slots"].On || st["slots"].Reason == nil || !st["swap"].On || st["swap"].Reason != nil || len(st) != len(chain.AllFeatures) {
		t.Errorf("states %+v", st)
	}
	var none *Features
	if _, off := none.Off(chain.FeatureSlots); off {
		t.Error("nil Features switched a feature off")
	}
}
