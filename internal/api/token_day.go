package api

import (
	"context"
	"math/big"
	"net/http"
	"strconv"

	"github.com/luckycoin/lucky/internal/history"
	"github.com/luckycoin/lucky/internal/market"
	"github.com/luckycoin/lucky/internal/supra"
)

// tokenDayJSON is what GET /api/v1/market/tokens adds to each row from the index: the
// token's last 24 hours of trades in its SUPRA pool (the same trades, read the same way,
// as LUCKY's figures in GET /api/v1/market/lucky and the candles), and its holder count
// where the index keeps holders (LUCKY's only: null for every other token). All null
// when this server has no index.
type tokenDayJSON struct {
	Change24h      *float64 `json:"change24h"`    // percent, SUPRA price; null without a price 24 h ago
	Change24hUSD   *float64 `json:"change24hUsd"` // percent, USD price
	Volume24h      *string  `json:"volume24h"`    // the token, base units
	Volume24hQuote *string  `json:"volume24hQuote"`
	Buys24h        *int64   `json:"buys24h"`
	Sells24h       *int64   `json:"sells24h"`
	Holders        *int64   `json:"holders"`
}

// tokenDays is every listed token's last 24 hours at one height.
type tokenDays struct {
	byCoin map[supra.CoinType]tokenDayJSON
	// indexed is the index's block the figures reflect (its last block, or the height
	// they were read up to when that is lower).
	indexed string
}

// tokensDay reads the last 24 hours of every registry token from the indexed trades up to
// maxHeight (the height the token index's prices reflect), once per indexed block and at
// most dayCacheFor apart; nil without an index.
func (h *HistoryHandler) tokensDay(ctx context.Context, maxHeight uint64) (*tokenDays, error) {
	if h.d.Store == nil || h.d.Status == nil || h.d.Tokens == nil {
		return nil, nil
	}
	idx, head, err := h.d.Status(ctx)
	if err != nil {
		return nil, err
	}
	last, ok, err := h.lastBlock(ctx, idx, head)
	if err != nil || !ok {
		return nil, err
	}
	now := h.d.Now()
	return h.days.get(maxHeight, last, now, dayCacheFor, func() (*tokenDays, error) {
		var bases []supra.CoinType
		for _, t := range h.d.Tokens.All() {
			if !t.Coin().IsNative() {
				bases = append(bases, t.Coin())
			}
		}
		to := now.Unix()
		wins, err := h.d.Store.DayWindows(ctx, bases, to-history.Day, to, maxHeight)
		if err != nil {
			return nil, err
		}
		out := &tokenDays{byCoin: make(map[supra.CoinType]tokenDayJSON, len(bases)),
			indexed: strconv.FormatUint(min(last.Height, maxHeight), 10)}
		for _, b := range bases {
			win := wins[b]
			vb, vq := win.VolBase.String(), win.VolQuote.String()
			out.byCoin[b] = tokenDayJSON{Change24h: history.Change(win.Ref, win.Close), Change24hUSD: history.Change(win.RefUSD, win.CloseUSD),
				Volume24h: &vb, Volume24hQuote: &vq, Buys24h: &win.Buys, Sells24h: &win.Sells}
		}
		if app, ok := h.d.Tokens.App(); ok {
			_, n, err := h.d.Store.Holders(ctx, app.Coin(), h.d.Rules.BurnAddress, 1)
			if err != nil {
				return nil, err
			}
			d := out.byCoin[app.Coin()]
			d.Holders = &n
			out.byCoin[app.Coin()] = d
		}
		return out, nil
	})
}

// tradeJSON is one indexed trade of a token in its SUPRA pool.
type tradeJSON struct {
	TxHash string `json:"txHash"`
	Height string `json:"height"`
	Time   string `json:"time"`
	Trader string `json:"trader"`
	Side   string `json:"side"`        // "buy": SUPRA in, the token out; "sell": the reverse
	Amount string `json:"amount"`      // the token, base units
	Quote  string `json:"amountQuote"` // SUPRA, base units
	// PriceSupra is what the trade paid: SUPRA per whole token, its two amounts' ratio
	// (18 decimals, truncated).
	PriceSupra string `json:"priceSupra"`
	// ValueUSD is the SUPRA side in dollars at SUPRA's price when the trade was made
	// (null before the index knew one).
	ValueUSD *string `json:"valueUsd"`
}

// GetTokenTrades serves GET /api/v1/market/trades?token=NAME&limit=: a token's latest
// trades in its SUPRA pool, newest first, from the index.
func (h *HistoryHandler) GetTokenTrades(w http.ResponseWriter, r *http.Request) {
	if !h.available(w, r) {
		return
	}
	name := r.URL.Query().Get("token")
	tok, ok := h.d.Tokens.ByName(name)
	if !ok || tok.Coin().IsNative() {
		WriteError(w, r, h.d.Log, http.StatusBadRequest, CodeInvalidQuery, "Unknown token "+strconv.Quote(name)+": name a listed token other than SUPRA.")
		return
	}
	n, ok := limit(w, r, h.d.Log)
	if !ok {
		return
	}
	hs, ok := h.ready(w, r)
	if !ok {
		return
	}
	ts, err := h.d.Store.RecentTrades(r.Context(), tok.Coin(), n)
	if err != nil {
		h.storeFailed(w, r, err)
		return
	}
	native, _ := h.d.Tokens.Native()
	out := make([]tradeJSON, len(ts))
	for i, t := range ts {
		side := "sell"
		if t.Buy {
			side = "buy"
		}
		price := market.SpotPrice(t.BaseAmount, tok.Decimals, t.QuoteAmount, native.Decimals)
		var usd *string
		if v := t.QuoteUSD(native.Decimals); v != nil {
			usd = market.DecimalPtr(v)
		}
		out[i] = tradeJSON{TxHash: t.TxHash, Height: strconv.FormatUint(t.Height, 10), Time: isoTime(t.TimeUS), Trader: t.Sender,
			Side: side, Amount: strconv.FormatUint(t.BaseAmount, 10), Quote: strconv.FormatUint(t.QuoteAmount, 10),
			PriceSupra: market.Decimal(price), ValueUSD: usd}
	}
	WriteJSON(w, http.StatusOK, struct {
		Token    string      `json:"token"`
		CoinType string      `json:"coinType"`
		Trades   []tradeJSON `json:"trades"`
		heights
	}{tok.Name, tok.CoinType, out, hs})
}

// liquidity is a pool's two reserves valued in SUPRA, in SUPRA base units: at the spot
// price the token side is worth exactly the SUPRA side, so twice the SUPRA reserve (nil
// for SUPRA's own row, which has no pool).
func liquidity(t market.TokenMarket) *big.Int {
	if t.Token.Coin().IsNative() {
		return nil
	}
	v := new(big.Int).SetUint64(t.ReserveSupra)
	return v.Lsh(v, 1)
}
