package api

import (
	"net/http"
	"strconv"

	"github.com/luckycoin/lucky/internal/chain"
	"github.com/luckycoin/lucky/internal/supra"
)

// readConcurrency bounds parallel node reads per request.
const readConcurrency = 8

type balanceJSON struct {
	Name     string `json:"name"`
	Symbol   string `json:"symbol"`
	CoinType string `json:"coinType"`
	Decimals uint8  `json:"decimals"`
	Amount   string `json:"amount"`
}

type balancesResponse struct {
	Address  string        `json:"address"`
	Balances []balanceJSON `json:"balances"`
}

// pathAddress parses the {address} path value; it writes invalid_address (the SDK's
// message) and returns false when it is not an address.
func (h *Handler) pathAddress(w http.ResponseWriter, r *http.Request) (supra.Address, bool) {
	a, err := supra.ParseAddress(r.PathValue("address"))
	if err != nil {
		WriteError(w, r, h.log, http.StatusBadRequest, chain.CodeInvalidAddress, err.Error())
		return supra.Address{}, false
	}
	return a, true
}

// GetBalances serves GET /api/v1/accounts/{address}/balances: every registry token's
// balance in base units (a missing coin store is 0), read through the market service's
// bounded read path (concurrent requests for one address share a read).
func (h *Handler) GetBalances(w http.ResponseWriter, r *http.Request) {
	addr, ok := h.pathAddress(w, r)
	if !ok {
		return
	}
	bals, err := h.market.Balances(r.Context(), addr)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	out := balancesResponse{Address: addr.String(), Balances: make([]balanceJSON, len(bals))}
	for i, b := range bals {
		t := b.Token
		out.Balances[i] = balanceJSON{Name: t.Name, Symbol: t.Symbol, CoinType: t.CoinType, Decimals: t.Decimals,
			Amount: strconv.FormatUint(b.Amount, 10)}
	}
	game, ok, err := h.gameCoin(r.Context(), addr)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	if ok {
		out.Balances = append(out.Balances, game)
	}
	WriteJSON(w, http.StatusOK, out)
}
