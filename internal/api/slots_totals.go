package api

import (
	"math/big"
	"net/http"
	"strconv"
	"time"

	"github.com/luckycoin/lucky/internal/chain"
	"github.com/luckycoin/lucky/internal/supra"
)

// playTotalsWindow is how far back GET /api/v1/slots/totals reaches, and its default:
// Play safely counts a wallet's net loss over the last 24 hours.
const playTotalsWindow = 24 * time.Hour

// PlayTotalJSON is one coin's plays summed in GET /api/v1/slots/totals. Amounts are base
// units as decimal strings; Net is won − wagered (signed).
type PlayTotalJSON struct {
	Token    string `json:"token"`
	CoinType string `json:"coinType"`
	Plays    string `json:"plays"`
	Spins    string `json:"spins"`
	Wagered  string `json:"wagered"`
	Won      string `json:"won"`
	Net      string `json:"net"`
}

// GetPlayTotals serves GET /api/v1/slots/totals/{address}?since=: the player's plays at or
// after since (RFC 3339; never more than 24 hours back, the default) summed per coin, from
// the index once it holds the node's current head (waiting up to headWaitContext's share of the budget), so a play
// just confirmed is counted. Play safely reads its totals and loss limit room from here,
// so they are the same after a reload, in any tab.
func (h *HistoryHandler) GetPlayTotals(w http.ResponseWriter, r *http.Request) {
	addr, err := supra.ParseAddress(r.PathValue("address"))
	if err != nil {
		WriteError(w, r, h.d.Log, http.StatusBadRequest, chain.CodeInvalidAddress, err.Error())
		return
	}
	// The window is the node's clock, the one plays are timed by; an earlier since is
	// brought up to it (the window never reaches further back).
	since := h.d.Now().Add(-playTotalsWindow)
	if s := r.URL.Query().Get("since"); s != "" {
		t, err := time.Parse(time.RFC3339, s)
		if err != nil {
			WriteError(w, r, h.d.Log, http.StatusBadRequest, CodeInvalidQuery, "since must be an RFC 3339 time, e.g. 2026-01-01T00:00:00Z.")
			return
		}
		if t.After(since) {
			since = t
		}
	}
	if !h.available(w, r) {
		return
	}
	if h.d.WaitHead != nil {
		ctx, cancel := headWaitContext(r.Context())
		if err := h.d.WaitHead(ctx); err != nil && r.Context().Err() == nil {
			h.d.Log.Warn("play totals: index behind the head", "err", err) // answer with what it holds
		}
		cancel()
	}
	hs, ok := h.ready(w, r)
	if !ok {
		return
	}
	ts, err := h.d.Store.PlayTotalsSince(r.Context(), addr.String(), since.UnixMicro())
	if err != nil {
		h.storeFailed(w, r, err)
		return
	}
	out := make([]PlayTotalJSON, len(ts))
	for i, t := range ts {
		name := h.tokenName(t.Token)
		if name == "" {
			name = t.Token.String()
		}
		out[i] = PlayTotalJSON{Token: name, CoinType: t.Token.String(), Plays: strconv.FormatUint(t.Plays, 10),
			Spins: strconv.FormatUint(t.Spins, 10), Wagered: t.Wagered.String(), Won: t.Won.String(),
			Net: new(big.Int).Sub(t.Won, t.Wagered).String()}
	}
	WriteJSON(w, http.StatusOK, struct {
		Since string          `json:"since"`
		Coins []PlayTotalJSON `json:"coins"`
		heights
	}{since.UTC().Format(time.RFC3339Nano), out, hs})
}
