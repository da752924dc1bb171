package api

import (
	"encoding/json"
	"net/http"
	"strconv"

	"golang.org/x/sync/errgroup"

	"github.com/luckycoin/lucky/internal/chain"
	"github.com/luckycoin/lucky/internal/supra"
)

type spinRequest struct {
	Sender     string          `json:"sender"`
	Token      string          `json:"token"`
	BetPerSpin string          `json:"betPerSpin"`
	Spins      json.RawMessage `json:"spins"`
	feeRequest
}

type spinSummary struct {
	chain.Summary
	Token          string `json:"token"`
	BetPerSpinBase string `json:"betPerSpinBase"`
	TotalBet       string `json:"totalBet"`
}

// BuildSpins serves POST /api/v1/slots/spins: the spin transaction after every
// "before spinning" rule of the spec holds.
func (h *Handler) BuildSpins(w http.ResponseWriter, r *http.Request) {
	if h.refuseOff(w, r, chain.FeatureSlots) {
		return
	}
	var req spinRequest
	if !h.readBody(w, r, &req) {
		return
	}
	spin, err := h.parseSpin(req)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	b, err := h.slots.BuildSpin(r.Context(), spin)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	h.writeBuilt(w, r, b.Built, req.feeRequest, func() any {
		return spinSummary{Summary: b.Summary, Token: b.Token.Name,
			BetPerSpinBase: strconv.FormatUint(b.BetPerSpinBase, 10), TotalBet: strconv.FormatUint(b.TotalBet, 10)}
	})
}

type potJSON struct {
	Name     string  `json:"name"`
	CoinType string  `json:"coinType"`
	Decimals uint8   `json:"decimals"`
	Amount   *string `json:"amount"`
}

// GetPots serves GET /api/v1/slots/pots: every slot token's house pot in base units, in
// the game's token order; a pot the chain has no figure for is null (and logged). A node
// that does not answer fails the request: null would read as "no pot".
func (h *Handler) GetPots(w http.ResponseWriter, r *http.Request) {
	toks := h.tokens.Slots()
	out := struct {
		Pots []potJSON `json:"pots"`
	}{Pots: make([]potJSON, len(toks))}
	var g errgroup.Group
	g.SetLimit(readConcurrency)
	ctx := r.Context()
	for i, t := range toks {
		out.Pots[i] = potJSON{Name: t.Name, CoinType: t.CoinType, Decimals: t.Decimals}
		g.Go(func() error {
			v, err := h.slots.HousePot(ctx, t.Coin())
			if supra.NodeFailed(err) {
				return err
			}
			if err != nil {
				h.log.Warn("house pot read failed", "token", t.Name, "err", err)
				return nil
			}
			s := strconv.FormatUint(v, 10)
			out.Pots[i].Amount = &s
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		h.fail(w, r, err)
		return
	}
	WriteJSON(w, http.StatusOK, out)
}
