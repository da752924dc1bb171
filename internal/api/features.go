package api

import (
	"net/http"
	"strings"
	"sync"

	"github.com/luckycoin/lucky/internal/chain"
	"github.com/luckycoin/lucky/internal/supra"
)

// CodeFeatureOff: a build for a feature the preflight switched off (the chain does not
// offer what it needs), refused before any transaction exists.
const CodeFeatureOff = "feature_off"

// Features holds which features the preflight (lucky doctor, run by serve) switched off and
// why. The zero value and nil have every feature on. Safe for concurrent use.
type Features struct {
	mu  sync.RWMutex
	off map[chain.Feature][]string
}

// Set replaces the switched-off features with off (feature → the failed checks).
func (f *Features) Set(off map[chain.Feature][]string) {
	f.mu.Lock()
	f.off = off
	f.mu.Unlock()
}

// Off reports whether feat is switched off and why (one line per failed check).
func (f *Features) Off(feat chain.Feature) (reasons []string, off bool) {
	if f == nil {
		return nil, false
	}
	f.mu.RLock()
	defer f.mu.RUnlock()
	r, ok := f.off[feat]
	return r, ok
}

// FeatureState is one feature in GET /config: on, or off with the reason.
type FeatureState struct {
	On     bool    `json:"on"`
	Reason *string `json:"reason"`
}

// states lists every feature.
func (f *Features) states() map[string]FeatureState {
	out := make(map[string]FeatureState, len(chain.AllFeatures))
	for _, feat := range chain.AllFeatures {
		st := FeatureState{On: true}
		if reasons, off := f.Off(feat); off {
			r := reasonText(reasons)
			st = FeatureState{On: false, Reason: &r}
		}
		out[string(feat)] = st
	}
	return out
}

func reasonText(reasons []string) string {
	return "The chain differs from what LUCKY expects: " + strings.Join(reasons, "; ") + "."
}

// featureNames are how the refusal names each feature.
var featureNames = map[chain.Feature]string{
	chain.FeatureSlots: "The slot game", chain.FeatureSwap: "Swapping", chain.FeatureBurn: "Burning",
	chain.FeatureStaking: "Staking", chain.FeatureMiners: "Cosmic Miners",
}

// refuseOff answers 503 feature_off when feat is switched off and reports whether it did.
func (h *Handler) refuseOff(w http.ResponseWriter, r *http.Request, feat chain.Feature) bool {
	reasons, off := h.features.Off(feat)
	if !off {
		return false
	}
	WriteError(w, r, h.log, http.StatusServiceUnavailable, CodeFeatureOff,
		featureNames[feat]+" is switched off. "+reasonText(reasons))
	return true
}

// refuseOffFunction refuses a generic build (POST /tx/build) of a function that a
// switched-off feature declares.
func (h *Handler) refuseOffFunction(w http.ResponseWriter, r *http.Request, fn string) bool {
	want, err := supra.ParseFunctionID(fn)
	if err != nil {
		return false // the build reports the bad name
	}
	for _, s := range chain.Signatures(h.net) {
		if id, err := supra.ParseFunctionID(s.ID()); err != nil || id != want {
			continue
		}
		for _, feat := range s.Features {
			if h.refuseOff(w, r, feat) {
				return true
			}
		}
	}
	return false
}
