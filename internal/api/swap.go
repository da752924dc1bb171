package api

// Swap on Dexlyn. The handlers parse the request, ask chain.Dex for the quote (its maths
// lives next to the binding, in chain/dex_quote.go) and render it. Shapes:
//
// POST /api/v1/swap/quote {"from":"SUPRA","to":"LUCKY","amountIn":"10","slippageBps":500}
// (from/to: registry names or coin types; amountIn: a decimal string in whole tokens;
// slippageBps: 1..5000, default 500 = the spec's 5 %) →
//
//	{
//	  "from": {"name","symbol","coinType","decimals","logo"}, "to": {…},
//	  "amountIn": "1000000000", "amountInDecimal": "10",
//	  "amountOut": "1487544122", "amountOutDecimal": "1487.544122",   // = router::get_amount_out
//	  "minOut": "1413166915", "minOutDecimal": "1413.166915",         // floor(out × (10000 − bps) / 10000)
//	  "slippageBps": 500,
//	  "priceImpactBps": 9, "priceImpact": "0.099900099900099900",      // percent; Liquidswap's formula
//	  "fee": {"numerator": 30, "scale": 10000, "amount": "3000000", "amountDecimal": "0.03"}, // LP fee, in the input coin
//	  "rate": "148.754412200000000000", "inverseRate": "0.006722…",   // out per in, in per out (whole tokens, fee included)
//	  "usdIn": "0.075…" | null, "usdOut": "0.074…" | null, "usdUnavailable": null | "USD price unavailable",
//	  "reserves": {"in": "1000000000000000", "out": "150000000000000"}
//	}
//
// POST /api/v1/swap/build {"sender","from","to","amountIn","minOut"} (minOut: base units of
// the coin out, as the quote gave it) → {"rawTransaction","summary"}: the raw
// scripts::swap<In, Out, Uncorrelated>(amount_in, min_out) transaction, expiry now + 30 s.
//
// Errors carry the swap spec's preview reasons as messages: 'Swap pair not found' (404 pair_not_found),
// 'Insufficient liquidity in pool' (409 insufficient_liquidity), 'Invalid value or wallet
// not connected' and 'Invalid scaled value' (400 invalid_amount), 'Insufficient balance!'
// (409 insufficient_balance).

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"net/http"
	"strconv"
	"strings"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/luckycoin/lucky/internal/amount"
	"github.com/luckycoin/lucky/internal/chain"
	"github.com/luckycoin/lucky/internal/market"
	"github.com/luckycoin/lucky/internal/supra"
	"github.com/luckycoin/lucky/internal/tokens"
)

// The swap spec's preview reasons and its balance message, word for word.
const (
	MsgPairNotFound          = "Swap pair not found"
	MsgInsufficientLiquidity = "Insufficient liquidity in pool"
	MsgInvalidValue          = "Invalid value or wallet not connected"
	MsgInvalidScaled         = "Invalid scaled value"
	MsgInsufficientBalance   = "Insufficient balance!"
)

// Error codes of the swap endpoints.
const (
	CodePairNotFound          = "pair_not_found"
	CodeInsufficientLiquidity = "insufficient_liquidity"
	CodeInvalidSlippage       = "invalid_slippage"
	CodeAmountTooSmall        = "amount_too_small"
	CodeInvalidPair           = "invalid_pair"
)

// Slippage bounds in basis points: the original app's fixed 5 % is the default; the
// setting allows 0.01 %–50 %.
const (
	DefaultSlippageBps = chain.DefaultSlippageBps
	MinSlippageBps     = chain.MinSlippageBps
	MaxSlippageBps     = chain.MaxSlippageBps
)

// usdWait bounds how long a quote waits for the market snapshot behind its USD values.
const usdWait = 2 * time.Second

type swapToken struct {
	Name     string `json:"name"`
	Symbol   string `json:"symbol"`
	CoinType string `json:"coinType"`
	Decimals uint8  `json:"decimals"`
	Logo     string `json:"logo"`
}

type swapFee struct {
	Numerator     uint64 `json:"numerator"`
	Scale         uint64 `json:"scale"`
	Amount        string `json:"amount"`
	AmountDecimal string `json:"amountDecimal"`
}

type swapReserves struct {
	In  string `json:"in"`
	Out string `json:"out"`
}

type quoteResponse struct {
	From             swapToken    `json:"from"`
	To               swapToken    `json:"to"`
	AmountIn         string       `json:"amountIn"`
	AmountInDecimal  string       `json:"amountInDecimal"`
	AmountOut        string       `json:"amountOut"`
	AmountOutDecimal string       `json:"amountOutDecimal"`
	MinOut           string       `json:"minOut"`
	MinOutDecimal    string       `json:"minOutDecimal"`
	SlippageBps      int          `json:"slippageBps"`
	PriceImpactBps   int64        `json:"priceImpactBps"`
	PriceImpact      string       `json:"priceImpact"`
	Fee              swapFee      `json:"fee"`
	Rate             string       `json:"rate"`
	InverseRate      string       `json:"inverseRate"`
	USDIn            *string      `json:"usdIn"`
	USDOut           *string      `json:"usdOut"`
	USDUnavailable   *string      `json:"usdUnavailable"`
	Reserves         swapReserves `json:"reserves"`
}

type quoteRequest struct {
	From        string `json:"from"`
	To          string `json:"to"`
	AmountIn    string `json:"amountIn"`
	SlippageBps *int   `json:"slippageBps"`
}

type swapBuildRequest struct {
	Sender   string `json:"sender"`
	From     string `json:"from"`
	To       string `json:"to"`
	AmountIn string `json:"amountIn"`
	MinOut   string `json:"minOut"`
	feeRequest
}

type swapSummary struct {
	chain.Summary
	From     string `json:"from"`
	To       string `json:"to"`
	AmountIn string `json:"amountIn"`
	MinOut   string `json:"minOut"`
}

// swapErr is a refusal with its status, code and message.
type swapErr struct {
	status    int
	code, msg string
}

func (e *swapErr) Error() string { return e.msg }

func refuse(status int, code, msg string) *swapErr { return &swapErr{status, code, msg} }

// writeSwapErr writes a refusal, or any other error through fail.
func (h *Handler) writeSwapErr(w http.ResponseWriter, r *http.Request, err error) {
	var se *swapErr
	if errors.As(err, &se) {
		WriteError(w, r, h.log, se.status, se.code, se.msg)
		return
	}
	switch {
	case errors.Is(err, chain.ErrPairNotFound):
		WriteError(w, r, h.log, http.StatusNotFound, CodePairNotFound, MsgPairNotFound)
		return
	case errors.Is(err, chain.ErrInsufficientLiquidity):
		WriteError(w, r, h.log, http.StatusConflict, CodeInsufficientLiquidity, MsgInsufficientLiquidity)
		return
	case errors.Is(err, chain.ErrAmountTooSmall):
		WriteError(w, r, h.log, http.StatusBadRequest, CodeAmountTooSmall, "Amount too small: the swap would return nothing.")
		return
	}
	h.fail(w, r, err)
}

// swapToken resolves a registry name or a coin type. A well-formed coin type outside the
// registry is accepted (the picker imports by type tag); its decimals are read from the
// chain, and a coin the chain does not know has no pool either.
func (h *Handler) swapToken(ctx context.Context, s string) (tokens.Token, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return tokens.Token{}, refuse(http.StatusBadRequest, chain.CodeUnknownToken, "Choose a token on both sides.")
	}
	if t, ok := h.tokens.ByName(s); ok {
		return t, nil
	}
	ct, err := supra.ParseCoinType(s)
	if err != nil {
		return tokens.Token{}, refuse(http.StatusBadRequest, chain.CodeUnknownToken, fmt.Sprintf("Unknown token %q: use a token name or a coin type address::module::Name.", s))
	}
	if t, ok := h.tokens.ByCoin(ct); ok {
		return t, nil
	}
	info, err := h.coins.CoinInfo(ctx, ct)
	if err != nil {
		var ne *supra.NodeError
		if errors.As(err, &ne) && ne.Status < http.StatusInternalServerError {
			return tokens.Token{}, refuse(http.StatusNotFound, CodePairNotFound, MsgPairNotFound)
		}
		return tokens.Token{}, err
	}
	return tokens.NewToken(ct, info.Symbol, info.Decimals), nil
}

// swapPair resolves both sides; the same coin twice is refused.
func (h *Handler) swapPair(ctx context.Context, from, to string) (tokens.Token, tokens.Token, error) {
	in, err := h.swapToken(ctx, from)
	if err != nil {
		return in, tokens.Token{}, err
	}
	out, err := h.swapToken(ctx, to)
	if err != nil {
		return in, out, err
	}
	if in.Coin() == out.Coin() {
		return in, out, refuse(http.StatusBadRequest, CodeInvalidPair, "Choose two different tokens.")
	}
	return in, out, nil
}

// parseSwapAmount reads the amount typed in whole tokens: empty, zero, negative or not a
// number is the spec's 'Invalid value or wallet not connected'; more decimals than the
// token has would scale to a fraction of a base unit: 'Invalid scaled value'.
func parseSwapAmount(s string, t tokens.Token) (uint64, error) {
	v, err := amount.ParseUint64(s, t.Decimals)
	switch {
	case errors.Is(err, amount.ErrPrecision):
		return 0, refuse(http.StatusBadRequest, chain.CodeInvalidAmount, MsgInvalidScaled)
	case errors.Is(err, amount.ErrRange):
		return 0, refuse(http.StatusConflict, CodeInsufficientLiquidity, MsgInsufficientLiquidity)
	case err != nil, v == 0:
		return 0, refuse(http.StatusBadRequest, chain.CodeInvalidAmount, MsgInvalidValue)
	}
	return v, nil
}

func tokenJSON(t tokens.Token) swapToken {
	return swapToken{Name: t.Name, Symbol: t.Symbol, CoinType: t.CoinType, Decimals: t.Decimals, Logo: t.Logo}
}

func exact(v uint64, dec uint8) string { return amount.Exact(new(big.Int).SetUint64(v), dec) }

// usdPrice is the USD price of one whole token from the market snapshot; nil when the
// snapshot has none (no USD pool, no pool for the token, or the snapshot failed).
func usdPrice(s *market.Snapshot, t tokens.Token) *big.Rat {
	if s == nil {
		return nil
	}
	if t.Coin().IsNative() {
		return s.SupraUSD
	}
	for _, m := range s.Tokens {
		if m.Token.Coin() == t.Coin() {
			return m.PriceUSD
		}
	}
	return nil
}

func usdValue(price *big.Rat, v uint64, dec uint8) *string {
	if price == nil {
		return nil
	}
	return market.DecimalPtr(new(big.Rat).Mul(price, chain.Whole(v, dec)))
}

// QuoteSwap serves POST /api/v1/swap/quote.
func (h *Handler) QuoteSwap(w http.ResponseWriter, r *http.Request) {
	var req quoteRequest
	if !h.readBody(w, r, &req) {
		return
	}
	slip := DefaultSlippageBps
	if req.SlippageBps != nil {
		slip = *req.SlippageBps
	}
	if slip < MinSlippageBps || slip > MaxSlippageBps {
		WriteError(w, r, h.log, http.StatusBadRequest, CodeInvalidSlippage, "Slippage must be between 0.01% and 50%.")
		return
	}
	ctx := r.Context()
	in, out, err := h.swapPair(ctx, req.From, req.To)
	if err != nil {
		h.writeSwapErr(w, r, err)
		return
	}
	amountIn, err := parseSwapAmount(req.AmountIn, in)
	if err != nil {
		h.writeSwapErr(w, r, err)
		return
	}
	q, err := h.dex.Quote(ctx, in.Coin(), out.Coin(), amountIn, slip)
	if err != nil {
		h.writeSwapErr(w, r, err)
		return
	}
	// USD is a nicety: a market read that fails or is slow (a cold cache refreshes every
	// token) leaves it null, never holds up or fails the quote; the refresh goes on in the
	// background for the next quote.
	uctx, cancel := context.WithTimeout(ctx, usdWait)
	snap, err := h.market.Snapshot(uctx, false)
	cancel()
	if err != nil {
		h.log.Warn("swap quote: no market snapshot for USD values", "err", err)
		snap = nil
	}
	impact := chain.PriceImpact(q.AmountIn, q.ReserveIn)
	feeAmt := q.Fees.Of(q.AmountIn)
	rate, inverse := chain.Rates(q.AmountIn, in.Decimals, q.AmountOut, out.Decimals)
	resp := quoteResponse{
		From: tokenJSON(in), To: tokenJSON(out),
		AmountIn: u64s(q.AmountIn), AmountInDecimal: exact(q.AmountIn, in.Decimals),
		AmountOut: u64s(q.AmountOut), AmountOutDecimal: exact(q.AmountOut, out.Decimals),
		MinOut: u64s(q.MinOut), MinOutDecimal: exact(q.MinOut, out.Decimals),
		SlippageBps:    slip,
		PriceImpactBps: chain.ImpactBps(impact),
		PriceImpact:    market.Decimal(new(big.Rat).Mul(impact, big.NewRat(100, 1))),
		Fee: swapFee{Numerator: q.Fees.Fee, Scale: q.Fees.Scale, Amount: feeAmt.String(),
			AmountDecimal: amount.Exact(feeAmt, in.Decimals)},
		Rate:        market.Decimal(rate),
		InverseRate: market.Decimal(inverse),
		Reserves:    swapReserves{In: u64s(q.ReserveIn), Out: u64s(q.ReserveOut)},
	}
	pIn, pOut := usdPrice(snap, in), usdPrice(snap, out)
	resp.USDIn, resp.USDOut = usdValue(pIn, q.AmountIn, in.Decimals), usdValue(pOut, q.AmountOut, out.Decimals)
	if resp.USDIn == nil || resp.USDOut == nil {
		resp.USDUnavailable = strPtr(market.USDUnavailable)
	}
	WriteJSON(w, http.StatusOK, resp)
}

// BuildSwap serves POST /api/v1/swap/build: the swap transaction for the wallet, after the
// pair, the amounts and the sender's balance check out.
func (h *Handler) BuildSwap(w http.ResponseWriter, r *http.Request) {
	var req swapBuildRequest
	if !h.readBody(w, r, &req) {
		return
	}
	sender, err := supra.ParseAddress(req.Sender)
	if err != nil {
		WriteError(w, r, h.log, http.StatusBadRequest, chain.CodeInvalidAddress, MsgInvalidValue)
		return
	}
	ctx := r.Context()
	in, out, err := h.swapPair(ctx, req.From, req.To)
	if err != nil {
		h.writeSwapErr(w, r, err)
		return
	}
	amountIn, err := parseSwapAmount(req.AmountIn, in)
	if err != nil {
		h.writeSwapErr(w, r, err)
		return
	}
	minOut, err := strconv.ParseUint(strings.TrimSpace(req.MinOut), 10, 64)
	if err != nil {
		WriteError(w, r, h.log, http.StatusBadRequest, chain.CodeInvalidAmount, "minOut must be a whole number of base units.")
		return
	}
	var (
		bal    uint64
		exists bool
	)
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() (err error) { bal, err = h.coins.CoinBalance(gctx, sender, in.Coin()); return })
	g.Go(func() (err error) { exists, err = h.dex.PairExists(gctx, in.Coin(), out.Coin()); return })
	if err := g.Wait(); err != nil {
		h.writeSwapErr(w, r, err)
		return
	}
	if !exists {
		WriteError(w, r, h.log, http.StatusNotFound, CodePairNotFound, MsgPairNotFound)
		return
	}
	if bal < amountIn {
		WriteError(w, r, h.log, http.StatusConflict, chain.CodeInsufficient, MsgInsufficientBalance)
		return
	}
	b, err := h.dex.BuildSwap(ctx, sender, in.Coin(), out.Coin(), amountIn, minOut)
	if err != nil {
		h.writeSwapErr(w, r, err)
		return
	}
	h.writeBuilt(w, r, b, req.feeRequest, swapSummary{
		Summary: b.Summary, From: in.Name, To: out.Name, AmountIn: u64s(amountIn), MinOut: u64s(minOut),
	})
}
