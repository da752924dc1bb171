package api

// GET /api/v1/accounts/{address}/portfolio[?refresh=true] (docs/product.md):
//
//	{
//	  "address": "0x…", "updatedAt": "…",            // the market snapshot's time
//	  "premium": true,                                // holds at least 250,000 LUCKY
//	  "premiumThreshold": {"amount": "250000000000", "decimals": 6},
//	  "assetCount": 17,                               // valued holdings before the premium rule
//	  "holdings": [{                                  // what the wallet may see, highest value first
//	    "name", "symbol", "coinType", "decimals", "logo",
//	    "balance": "1000000000000",                   // base units
//	    "valueSupra": "6666.666666666666666666",      // SUPRA, 18 decimals, truncated
//	    "valueUsd": "50.000000000000000000" | null    // null when usdUnavailable
//	  }],
//	  "totals": {"supra": "…", "usd": "…" | null},   // over holdings
//	  "supraUsd": "0.0075…" | null, "usdUnavailable": null | {"reason", "detail"}
//	}
//
// Zero balances and tokens without a valid pool value are omitted (docs/product.md). A wallet
// below the premium threshold gets SUPRA and LUCKY only (docs/product.md): the rule lives here,
// so totals and rows always agree.

import (
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/luckycoin/lucky/internal/market"
	"github.com/luckycoin/lucky/internal/supra"
)

type holdingJSON struct {
	Name       string  `json:"name"`
	Symbol     string  `json:"symbol"`
	CoinType   string  `json:"coinType"`
	Decimals   uint8   `json:"decimals"`
	Logo       string  `json:"logo"`
	Balance    string  `json:"balance"`
	ValueSupra string  `json:"valueSupra"`
	ValueUSD   *string `json:"valueUsd"`
	// PriceSupra, PriceUSD and PriceRoute are the token's price the value is at: the
	// token index's and the dashboard's at Height.
	PriceSupra string  `json:"priceSupra"`
	PriceUSD   *string `json:"priceUsd"`
	PriceRoute string  `json:"priceRoute"`
}

type portfolioResponse struct {
	Address          string        `json:"address"`
	UpdatedAt        time.Time     `json:"updatedAt"`
	Height           string        `json:"height"`
	Premium          bool          `json:"premium"`
	PremiumThreshold *amountJSON   `json:"premiumThreshold"`
	AssetCount       int           `json:"assetCount"`
	Holdings         []holdingJSON `json:"holdings"`
	// Unpriced are coins the wallet holds that have no pool to value them by (the Cosmic
	// Miners coin): listed with their balance, outside the totals.
	Unpriced       []unpricedJSON      `json:"unpriced"`
	Totals         portfolioTotals     `json:"totals"`
	SupraUSD       *string             `json:"supraUsd"`
	USDUnavailable *usdUnavailableJSON `json:"usdUnavailable"`
}

type unpricedJSON struct {
	Name     string `json:"name"`
	Symbol   string `json:"symbol"`
	CoinType string `json:"coinType"`
	Decimals uint8  `json:"decimals"`
	Balance  string `json:"balance"`
	Reason   string `json:"reason"`
}

// Why an unpriced coin has no value in the totals.
const (
	noPoolReason    = "No exchange pool prices this coin, so it has no value in SUPRA or USD."
	notListedReason = "This game coin is not on the token list, so its value is not counted in the totals."
)

type portfolioTotals struct {
	Supra string  `json:"supra"`
	USD   *string `json:"usd"`
}

// GetPortfolio serves GET /api/v1/accounts/{address}/portfolio.
func (h *Handler) GetPortfolio(w http.ResponseWriter, r *http.Request) {
	addr, ok := h.pathAddress(w, r)
	if !ok {
		return
	}
	force := false
	switch v := strings.ToLower(r.URL.Query().Get("refresh")); v {
	case "", "false", "0":
	case "true", "1":
		force = true
	default:
		WriteError(w, r, h.log, http.StatusBadRequest, CodeInvalidQuery, "refresh must be true or false.")
		return
	}
	p, err := h.market.Portfolio(r.Context(), addr, force)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	vis := slices.Clone(p.Visible())
	// Highest value first (SUPRA order is USD order: one factor apart); ties by name.
	slices.SortStableFunc(vis, func(a, b market.Holding) int {
		if c := b.ValueSupra.Cmp(a.ValueSupra); c != 0 {
			return c
		}
		return strings.Compare(a.Token.Name, b.Token.Name)
	})
	totSupra, totUSD := market.Totals(vis)
	out := portfolioResponse{
		Address: addr.String(), UpdatedAt: p.UpdatedAt.UTC(), Height: u64s(p.Height), Premium: p.Premium,
		PremiumThreshold: premiumThreshold(h.tokens), AssetCount: len(p.Holdings),
		Holdings: make([]holdingJSON, 0, len(vis)), Unpriced: []unpricedJSON{},
		Totals:   portfolioTotals{Supra: market.Decimal(totSupra), USD: market.DecimalPtr(totUSD)},
		SupraUSD: market.DecimalPtr(p.SupraUSD),
	}
	if p.SupraUSD == nil {
		out.USDUnavailable = &usdUnavailableJSON{Reason: p.USDReason, Detail: p.USDDetail}
	}
	for _, x := range vis {
		t := x.Token
		out.Holdings = append(out.Holdings, holdingJSON{
			Name: t.Name, Symbol: t.Symbol, CoinType: t.CoinType, Decimals: t.Decimals, Logo: t.Logo,
			Balance: strconv.FormatUint(x.Balance, 10), ValueSupra: market.Decimal(x.ValueSupra),
			ValueUSD:   market.DecimalPtr(x.ValueUSD),
			PriceSupra: market.Decimal(x.Market.PriceSupra), PriceUSD: market.DecimalPtr(x.Market.PriceUSD),
			PriceRoute: x.Market.PriceRoute,
		})
	}
	game, ok, err := h.gameCoin(r.Context(), addr)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	if ok && game.Amount != "0" {
		reason := noPoolReason
		if coin, err := supra.ParseCoinType(game.CoinType); err == nil {
			if native, ok := h.tokens.Native(); ok {
				if pooled, err := h.dex.PairExists(r.Context(), coin, native.Coin()); err == nil && pooled {
					reason = notListedReason
				}
			}
		}
		out.Unpriced = append(out.Unpriced, unpricedJSON{Name: game.Name, Symbol: game.Symbol, CoinType: game.CoinType,
			Decimals: game.Decimals, Balance: game.Amount, Reason: reason})
	}
	WriteJSON(w, http.StatusOK, out)
}
