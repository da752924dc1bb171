package api

import (
	"math/big"
	"net/http"

	"github.com/luckycoin/lucky/internal/supra"
)

// gasJSON is GET /api/v1/gas: the gas unit price a transaction built now carries, and the
// most a transaction can cost before a simulation measures it (supra.DefaultMaxGas × that
// price). The swap screen's Max keeps MaxFee of SUPRA back, so the fee is paid whatever
// the simulation finds. Amounts are integers as decimal strings, in SUPRA base units.
type gasJSON struct {
	GasUnitPrice string `json:"gasUnitPrice"`
	MaxGasAmount string `json:"maxGasAmount"`
	MaxFee       string `json:"maxFee"`
	Decimals     uint8  `json:"decimals"`
}

// GetGas serves GET /api/v1/gas from the node's estimate_gas_price (v3 where it has it),
// read on each request as every build reads it.
func (h *Handler) GetGas(w http.ResponseWriter, r *http.Request) {
	if h.sim == nil {
		WriteError(w, r, h.log, http.StatusServiceUnavailable, CodeUnavailable, "The chain node is unavailable.")
		return
	}
	price, err := h.sim.GasPrice(r.Context())
	if err != nil {
		h.fail(w, r, err)
		return
	}
	fee := new(big.Int).Mul(new(big.Int).SetUint64(supra.DefaultMaxGas), new(big.Int).SetUint64(price))
	w.Header().Set("Cache-Control", "no-store")
	WriteJSON(w, http.StatusOK, gasJSON{GasUnitPrice: u64s(price), MaxGasAmount: u64s(supra.DefaultMaxGas), MaxFee: fee.String(), Decimals: supraDecimals})
}
