package api

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"golang.org/x/sync/errgroup"

	"github.com/luckycoin/lucky/internal/chain"
	"github.com/luckycoin/lucky/internal/supra"
)

// CodeNotLive answers a write to a game the network does not have: the page runs on the
// spec's demo data there and never sends it.
const CodeNotLive = "not_live"

// msgMinersNotLive is the demo banner's text.
const msgMinersNotLive = "Demo data: the game is not live on this network yet"

// maxBoostPercent is the game's boost cap (the spec: max NFT boost 50%).
const maxBoostPercent = 50

type minerJSON struct {
	ID          string `json:"id"`
	Name        string `json:"name"`
	Level       string `json:"level"`
	Cost        string `json:"cost"`
	DailyOutput string `json:"dailyOutput"`
	Power       string `json:"power"`
}

type fleetJSON struct {
	minerJSON
	Count string `json:"count"`
}

type boosterJSON struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Boost string `json:"boost"`
}

type ownedBoosterJSON struct {
	boosterJSON
	Count string `json:"count"`
}

// minersJSON is GET /api/v1/miners and, with the player part, /miners/{address}. Amounts
// are MINE base units (8 decimals) as decimal strings. Live false means the network has
// no miners module: nothing else is set and the page shows demo data.
type minersJSON struct {
	Live             bool          `json:"live"`
	CoinType         string        `json:"coinType,omitempty"`
	Decimals         int           `json:"decimals,omitempty"`
	MaxBoostPercent  int           `json:"maxBoostPercent,omitempty"`
	Catalogue        []minerJSON   `json:"catalogue,omitempty"`
	BoosterCatalogue []boosterJSON `json:"boosterCatalogue,omitempty"`
	CrewSize         string        `json:"crewSize,omitempty"`
	*playerJSON
}

type playerJSON struct {
	Address       string             `json:"address"`
	Balance       string             `json:"balance"`
	PendingOutput string             `json:"pendingOutput"`
	DailyOutput   string             `json:"dailyOutput"` // with the boost
	PowerUnits    string             `json:"powerUnits"`
	BoostPercent  string             `json:"boostPercent"`
	Fleet         []fleetJSON        `json:"fleet"`
	Boosters      []ownedBoosterJSON `json:"boosters"`
	// ReferralPath is the player's referral link without the origin: /minerz?ref=<address>.
	ReferralPath string `json:"referralPath"`
	// StarterClaimed: the wallet has had its one-time starter MINE (POST /miners/starter).
	StarterClaimed bool   `json:"starterClaimed"`
	StarterGrant   string `json:"starterGrant"`
}

func newMinerJSON(m chain.Miner) minerJSON {
	return minerJSON{ID: u64s(m.ID), Name: m.Name, Level: m.Level, Cost: u64s(m.Cost),
		DailyOutput: u64s(m.DailyOutput), Power: u64s(m.Power)}
}

func newBoosterJSON(b chain.Booster) boosterJSON {
	return boosterJSON{ID: u64s(b.ID), Name: b.Name, Boost: u64s(b.Boost)}
}

// minersGlobal reads the catalogues and the crew size.
func (h *Handler) minersGlobal(r *http.Request) (minersJSON, error) {
	if !h.miners.MinersLive() {
		return minersJSON{Live: false}, nil
	}
	out := minersJSON{Live: true, Decimals: chain.MineDecimals, MaxBoostPercent: maxBoostPercent}
	mine, err := h.miners.MineCoinType()
	if err != nil {
		return out, err
	}
	out.CoinType = mine.String()
	var cat []chain.Miner
	var boosters []chain.Booster
	var crew uint64
	g, ctx := errgroup.WithContext(r.Context())
	g.Go(func() (err error) { cat, err = h.miners.MinerCatalogue(ctx); return err })
	g.Go(func() (err error) { boosters, err = h.miners.BoosterCatalogue(ctx); return err })
	g.Go(func() (err error) { crew, err = h.miners.CrewSize(ctx); return err })
	if err := g.Wait(); err != nil {
		return out, err
	}
	out.Catalogue = make([]minerJSON, len(cat))
	for i, m := range cat {
		out.Catalogue[i] = newMinerJSON(m)
	}
	out.BoosterCatalogue = make([]boosterJSON, len(boosters))
	for i, b := range boosters {
		out.BoosterCatalogue[i] = newBoosterJSON(b)
	}
	out.CrewSize = u64s(crew)
	return out, nil
}

// GetMiners serves GET /api/v1/miners: the rig and booster catalogues and the crew size
// ({"live":false} where the network has no miners module).
func (h *Handler) GetMiners(w http.ResponseWriter, r *http.Request) {
	out, err := h.minersGlobal(r)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	WriteJSON(w, http.StatusOK, out)
}

// GetMinerPlayer serves GET /api/v1/miners/{address}: GetMiners plus the player's fleet,
// boosters, MINE balance, pending and daily output, power, boost and referral link.
func (h *Handler) GetMinerPlayer(w http.ResponseWriter, r *http.Request) {
	addr, ok := h.pathAddress(w, r)
	if !ok {
		return
	}
	out, err := h.minersGlobal(r)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	if !out.Live {
		WriteJSON(w, http.StatusOK, out)
		return
	}
	p, err := h.miners.MinerPlayer(r.Context(), addr)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	pj := &playerJSON{Address: addr.String(), Balance: u64s(p.Balance), PendingOutput: u64s(p.Pending),
		DailyOutput: u64s(p.DailyOutput), PowerUnits: u64s(p.Power), BoostPercent: u64s(p.BoostPercent),
		Fleet: make([]fleetJSON, len(p.Fleet)), Boosters: make([]ownedBoosterJSON, len(p.Boosters)),
		ReferralPath:   "/minerz?" + url.Values{"ref": {addr.String()}}.Encode(),
		StarterClaimed: p.StarterClaimed, StarterGrant: u64s(chain.MinerStarterGrant)}
	for i, f := range p.Fleet {
		pj.Fleet[i] = fleetJSON{minerJSON: newMinerJSON(f.Miner), Count: u64s(f.Count)}
	}
	for i, b := range p.Boosters {
		pj.Boosters[i] = ownedBoosterJSON{boosterJSON: newBoosterJSON(b.Booster), Count: u64s(b.Count)}
	}
	out.playerJSON = pj
	WriteJSON(w, http.StatusOK, out)
}

type minerPurchaseRequest struct {
	Sender   string          `json:"sender"`
	MinerID  json.RawMessage `json:"minerId"`
	Quantity json.RawMessage `json:"quantity"`
	Referrer string          `json:"referrer"`
	feeRequest
}

type minerPurchaseSummary struct {
	chain.Summary
	Miner string `json:"miner"`
	Cost  string `json:"cost"`
}

// minersWritable writes not_live and returns false where the network has no game.
func (h *Handler) minersWritable(w http.ResponseWriter, r *http.Request) bool {
	if h.miners.MinersLive() {
		return true
	}
	WriteError(w, r, h.log, http.StatusNotFound, CodeNotLive, msgMinersNotLive)
	return false
}

// BuildMinerPurchase serves POST /api/v1/miners/purchase
// {"sender","minerId","quantity","referrer"?}: the purchase_miner transaction, after the
// rig, quantity (1–1000) and the MINE balance ('Insufficient MINE tokens!') are checked.
// An empty referrer (or none) sends the placeholder; a referrer equal to the sender is
// refused, as the module would ignore it.
func (h *Handler) BuildMinerPurchase(w http.ResponseWriter, r *http.Request) {
	if h.refuseOff(w, r, chain.FeatureMiners) {
		return
	}
	if !h.minersWritable(w, r) {
		return
	}
	var req minerPurchaseRequest
	if !h.readBody(w, r, &req) {
		return
	}
	p, err := parseMinerPurchase(req)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	b, err := h.miners.BuildMinerPurchase(r.Context(), p)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	h.writeBuilt(w, r, b.Built, req.feeRequest, func() any {
		return minerPurchaseSummary{Summary: b.Summary, Miner: b.Miner.Name, Cost: u64s(b.Cost)}
	})
}

func parseMinerPurchase(req minerPurchaseRequest) (chain.MinerPurchase, error) {
	sender, err := supra.ParseAddress(req.Sender)
	if err != nil {
		return chain.MinerPurchase{}, &chain.InputError{Code: chain.CodeInvalidAddress, Msg: err.Error()}
	}
	id, ok := parseUintField(req.MinerID)
	if !ok {
		return chain.MinerPurchase{}, &chain.InputError{Code: chain.CodeUnknownMiner, Msg: "Invalid miner id."}
	}
	qty := uint64(1) // the spec's call always buys one
	if len(bytes.TrimSpace(req.Quantity)) > 0 {
		if qty, ok = parseUintField(req.Quantity); !ok {
			return chain.MinerPurchase{}, &chain.InputError{Code: chain.CodeInvalidAmount, Msg: "Quantity must be between 1 and 1000."}
		}
	}
	p := chain.MinerPurchase{Sender: sender, MinerID: id, Quantity: qty}
	if ref := strings.TrimSpace(req.Referrer); ref != "" {
		a, err := supra.ParseAddress(ref)
		if err != nil {
			return chain.MinerPurchase{}, &chain.InputError{Code: chain.CodeInvalidAddress, Msg: "Invalid referrer: " + err.Error()}
		}
		if a == sender {
			return chain.MinerPurchase{}, &chain.InputError{Code: chain.CodeInvalidAddress, Msg: "You cannot refer yourself."}
		}
		if a != chain.PlaceholderAddress && !a.IsZero() {
			p.Referrer = &a
		}
	}
	return p, nil
}

// parseUintField reads a JSON number or a string of decimal digits as a u64.
func parseUintField(v json.RawMessage) (uint64, bool) {
	v = bytes.TrimSpace(v)
	var s string
	if err := json.Unmarshal(v, &s); err != nil {
		s = string(v)
	}
	n, err := strconv.ParseUint(strings.TrimSpace(s), 10, 64)
	return n, err == nil
}

// BuildMinerClaim serves POST /api/v1/miners/claim {"sender"}: the claim transaction of
// the sender's pending output. Nothing pending is refused here (the chain would abort).
func (h *Handler) BuildMinerClaim(w http.ResponseWriter, r *http.Request) {
	h.buildMinersForSender(w, r, h.miners.BuildMinerClaim)
}

// BuildMinerStarter serves POST /api/v1/miners/starter {"sender"}: the one-time starter
// grant of MINE. A wallet that has had it is refused here (the chain would abort).
func (h *Handler) BuildMinerStarter(w http.ResponseWriter, r *http.Request) {
	h.buildMinersForSender(w, r, h.miners.BuildMinerStarter)
}

// buildMinersForSender answers a game transaction that takes nothing but its sender.
func (h *Handler) buildMinersForSender(w http.ResponseWriter, r *http.Request, build func(context.Context, supra.Address) (*chain.Built, error)) {
	if h.refuseOff(w, r, chain.FeatureMiners) {
		return
	}
	if !h.minersWritable(w, r) {
		return
	}
	var req struct {
		Sender string `json:"sender"`
		feeRequest
	}
	if !h.readBody(w, r, &req) {
		return
	}
	sender, err := supra.ParseAddress(req.Sender)
	if err != nil {
		h.fail(w, r, &chain.InputError{Code: chain.CodeInvalidAddress, Msg: err.Error()})
		return
	}
	b, err := build(r.Context(), sender)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	h.writeBuilt(w, r, b, req.feeRequest, func() any { return b.Summary })
}
