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
	From            swapToken `json:"from"`
	To              swapToken `json:"to"`
	AmountIn        string    `json:"amountIn"`
	AmountInDecimal string    `json:"amountInDecimal"`
	SlippageBps     int       `json:"slippageBps"`
	// The best route's quote: amounts out, impact, fee, rates, reserves and the path.
	routeQuote
	USDIn          *string `json:"usdIn"`
	USDUnavailable *string `json:"usdUnavailable"`
	// Direct is the direct pool's quote when the best route is two hops (swap_choice.go).
	Direct *routeQuote `json:"direct"`
}

// swapRoute is the path a quote takes: two coins and one transaction, or three coins (via
// the middle one) and two transactions.
type swapRoute struct {
	Path         []swapToken `json:"path"`
	Via          *swapToken  `json:"via"`
	Transactions int         `json:"transactions"`
	Hops         []routeHop  `json:"hops"`
}

// routeHop is one pool of a route as the router quotes it; minOut is the least its
// transaction may return (on the first of two hops: the least that still buys the route's
// minimum on the second pool).
type routeHop struct {
	From           swapToken    `json:"from"`
	To             swapToken    `json:"to"`
	AmountIn       string       `json:"amountIn"`
	AmountOut      string       `json:"amountOut"`
	MinOut         string       `json:"minOut"`
	PriceImpactBps int64        `json:"priceImpactBps"`
	PriceImpact    string       `json:"priceImpact"`
	Fee            swapFee      `json:"fee"`
	Reserves       swapReserves `json:"reserves"`
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
	Via      string `json:"via"`
	AfterTx  string `json:"afterTx"`
	feeRequest
}

// swapStep is one transaction of a route: to sign now (rawTransaction), done (hash,
// amountOut), or not buildable yet (neither: its amountIn is what the step before returns).
type swapStep struct {
	From           swapToken `json:"from"`
	To             swapToken `json:"to"`
	AmountIn       *string   `json:"amountIn"`
	MinOut         string    `json:"minOut"`
	AmountOut      *string   `json:"amountOut"`
	Hash           *string   `json:"hash"`
	RawTransaction *string   `json:"rawTransaction"`
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

// hubs are the coins a two-hop route may go through: every listed token (the registry).
func (h *Handler) hubs() []supra.CoinType {
	all := h.tokens.All()
	out := make([]supra.CoinType, 0, len(all))
	for _, t := range all {
		out = append(out, t.Coin())
	}
	return out
}

// tokenOfCoin is the registry token of a coin on a route (the ends are resolved already;
// an intermediate is always a listed token).
func (h *Handler) tokenOfCoin(c supra.CoinType, ends ...tokens.Token) tokens.Token {
	for _, t := range ends {
		if t.Coin() == c {
			return t
		}
	}
	if t, ok := h.tokens.ByCoin(c); ok {
		return t
	}
	return tokens.NewToken(c, c.String(), 0)
}

func impactJSON(impact *big.Rat) (int64, string) {
	return chain.ImpactBps(impact), market.Decimal(new(big.Rat).Mul(impact, big.NewRat(100, 1)))
}

// poolFeeJSON is the pool's fee on a hop (the network fee of a build is fee.go's feeJSON).
func poolFeeJSON(q *chain.Quote, dec uint8) swapFee {
	amt := q.Fees.Of(q.AmountIn)
	return swapFee{Numerator: q.Fees.Fee, Scale: q.Fees.Scale, Amount: amt.String(), AmountDecimal: amount.Exact(amt, dec)}
}

// QuoteSwap serves POST /api/v1/swap/quote: the best route (chain.Dex.BestRoute), quoted
// hop by hop with the router. The top-level amounts are the route's; fee and reserves are
// the first hop's (route.hops has each hop's); the price impact compounds the hops'.
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
	// USD is a nicety: a market read that fails or is slow (a cold cache refreshes every
	// token) leaves it null, never holds up or fails the quote; it runs beside the route's
	// reads, and its refresh goes on in the background for the next quote.
	usd := h.snapshotAside(ctx, "swap quote")
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
	route, err := h.dex.BestRoute(ctx, in.Coin(), out.Coin(), amountIn, slip, h.hubs())
	if err != nil {
		h.writeSwapErr(w, r, err)
		return
	}
	snap := usd()
	resp := quoteResponse{
		From: tokenJSON(in), To: tokenJSON(out),
		AmountIn: u64s(amountIn), AmountInDecimal: exact(amountIn, in.Decimals),
		SlippageBps: slip,
		routeQuote:  h.routeQuoteOf(route, in, out, amountIn, snap),
		USDIn:       usdValue(usdPrice(snap, in), amountIn, in.Decimals),
	}
	if resp.USDIn == nil || resp.USDOut == nil {
		resp.USDUnavailable = strPtr(market.USDUnavailable)
	}
	resp.Direct = h.directQuote(ctx, route, in, out, amountIn, slip, snap)
	WriteJSON(w, http.StatusOK, resp)
}

// Refusals of a route's second step (POST /swap/build with afterTx).
const (
	CodeInvalidRoute = "invalid_route"
	CodeStepPending  = "step_pending"
	CodeStepFailed   = "step_failed"
	CodeStepMismatch = "step_mismatch"

	MsgAfterTxNeedsVia = "afterTx continues a two-hop route: give the route's via token too."
	MsgViaIsEnd        = "The via token must differ from both ends of the route."
	MsgStepPending     = "Step 1 is not on chain yet: wait for it to confirm, then build step 2."
	MsgStepFailed      = "Step 1 failed, so nothing was swapped and there is no step 2."
	MsgStepMismatch    = "That transaction is not step 1 of this route (other sender, tokens or amount)."
)

// BuildSwap serves POST /api/v1/swap/build: the route's transactions in order, after the
// pair, the amounts and the sender's balance check out. A direct swap is one transaction. A
// two-hop route (via) is two: the first is built now with the minimum FirstStepMin gives;
// the second cannot be, since its amount is what the first returns, so it is listed with no
// transaction until the client asks again with afterTx = the first one's hash. That answer
// reads the amount from step 1's SwapEvent, exactly, and builds step 2 for all of it with
// the route's minOut.
func (h *Handler) BuildSwap(w http.ResponseWriter, r *http.Request) {
	if h.refuseOff(w, r, chain.FeatureSwap) {
		return
	}
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
	via := strings.TrimSpace(req.Via)
	afterTx := strings.TrimSpace(req.AfterTx)
	if via == "" {
		if afterTx != "" {
			WriteError(w, r, h.log, http.StatusBadRequest, CodeInvalidRoute, MsgAfterTxNeedsVia)
			return
		}
		h.buildDirect(w, r, req.feeRequest, sender, in, out, amountIn, minOut)
		return
	}
	mid, err := h.swapToken(ctx, via)
	if err != nil {
		h.writeSwapErr(w, r, err)
		return
	}
	if mid.Coin() == in.Coin() || mid.Coin() == out.Coin() {
		WriteError(w, r, h.log, http.StatusBadRequest, CodeInvalidRoute, MsgViaIsEnd)
		return
	}
	if afterTx != "" {
		h.buildSecondStep(w, r, req.feeRequest, sender, in, mid, out, amountIn, minOut, afterTx)
		return
	}
	b, step1, ok := h.buildHop(w, r, sender, in, mid, amountIn, func(ctx context.Context) (uint64, error) {
		return h.dex.FirstStepMin(ctx, mid.Coin(), out.Coin(), minOut)
	})
	if !ok {
		return
	}
	h.writeBuiltResponse(w, r, b, req.feeRequest, func() buildResponse {
		return buildResponse{Summary: swapSummary{Summary: b.Summary, From: in.Name, To: mid.Name, AmountIn: u64s(amountIn), MinOut: u64s(step1)}, Steps: []swapStep{
			{From: tokenJSON(in), To: tokenJSON(mid), AmountIn: strPtr(u64s(amountIn)), MinOut: u64s(step1), RawTransaction: strPtr(b.RawHex)},
			{From: tokenJSON(mid), To: tokenJSON(out), MinOut: u64s(minOut)},
		}}
	})
}

// buildHop builds one pool's swap of amountIn of in for out, after reading side by side that
// the pool exists, that the sender holds amountIn, and the minimum out (a route's step 1
// learns its minimum from pool 2 in the same round). It answers a refusal itself and then
// reports false.
func (h *Handler) buildHop(w http.ResponseWriter, r *http.Request, sender supra.Address, in, out tokens.Token, amountIn uint64,
	minOut func(context.Context) (uint64, error)) (*chain.Built, uint64, bool) {
	var (
		bal    uint64
		exists bool
		least  uint64
	)
	g, gctx := errgroup.WithContext(r.Context())
	g.Go(func() (err error) { bal, err = h.coins.CoinBalance(gctx, sender, in.Coin()); return })
	g.Go(func() (err error) { exists, err = h.dex.PairExists(gctx, in.Coin(), out.Coin()); return })
	g.Go(func() (err error) { least, err = minOut(gctx); return })
	if err := g.Wait(); err != nil {
		h.writeSwapErr(w, r, err)
		return nil, 0, false
	}
	if !exists {
		WriteError(w, r, h.log, http.StatusNotFound, CodePairNotFound, MsgPairNotFound)
		return nil, 0, false
	}
	if bal < amountIn {
		WriteError(w, r, h.log, http.StatusConflict, chain.CodeInsufficient, MsgInsufficientBalance)
		return nil, 0, false
	}
	b, err := h.dex.BuildSwap(r.Context(), sender, in.Coin(), out.Coin(), amountIn, least)
	if err != nil {
		h.writeSwapErr(w, r, err)
		return nil, 0, false
	}
	return b, least, true
}

// fixedMin is a minimum out known before any read.
func fixedMin(v uint64) func(context.Context) (uint64, error) {
	return func(context.Context) (uint64, error) { return v, nil }
}

// buildDirect builds a one-pool swap.
func (h *Handler) buildDirect(w http.ResponseWriter, r *http.Request, fr feeRequest, sender supra.Address, in, out tokens.Token, amountIn, minOut uint64) {
	b, _, ok := h.buildHop(w, r, sender, in, out, amountIn, fixedMin(minOut))
	if !ok {
		return
	}
	h.writeBuiltResponse(w, r, b, fr, func() buildResponse {
		return buildResponse{Summary: swapSummary{
			Summary: b.Summary, From: in.Name, To: out.Name, AmountIn: u64s(amountIn), MinOut: u64s(minOut),
		}, Steps: []swapStep{{From: tokenJSON(in), To: tokenJSON(out), AmountIn: strPtr(u64s(amountIn)), MinOut: u64s(minOut), RawTransaction: strPtr(b.RawHex)}}}
	})
}

// buildSecondStep builds step 2 of the route in → mid → out after step 1 (hash): the
// whole amount step 1's SwapEvent says it returned, at least minOut of out.
func (h *Handler) buildSecondStep(w http.ResponseWriter, r *http.Request, fr feeRequest, sender supra.Address, in, mid, out tokens.Token, amountIn, minOut uint64, hash string) {
	ctx := r.Context()
	hash, ok := parseTxHash(hash)
	if !ok {
		WriteError(w, r, h.log, http.StatusBadRequest, CodeInvalidHash, "Invalid transaction hash: expected 64 hex digits.")
		return
	}
	tx, err := h.node.Transaction(ctx, hash)
	if errors.Is(err, supra.ErrTxNotFound) || (err == nil && supra.AppStatus(tx) == supra.TxPending) {
		WriteError(w, r, h.log, http.StatusConflict, CodeStepPending, MsgStepPending)
		return
	}
	if err != nil {
		h.fail(w, r, err)
		return
	}
	if supra.AppStatus(tx) == supra.TxFailed {
		WriteError(w, r, h.log, http.StatusConflict, CodeStepFailed, MsgStepFailed)
		return
	}
	var ev *chain.SwapEvent
	if from, perr := supra.ParseAddress(tx.Header.Sender.Move); perr == nil && from == sender && tx.Output != nil {
		ev, _ = h.dex.FindSwapEvent(tx.Output.Move.Events)
	}
	if ev == nil || !sameCoin(ev.CoinIn, in) || !sameCoin(ev.CoinOut, mid) || ev.AmountIn != amountIn {
		WriteError(w, r, h.log, http.StatusConflict, CodeStepMismatch, MsgStepMismatch)
		return
	}
	received := ev.Received
	b, _, ok := h.buildHop(w, r, sender, mid, out, received, fixedMin(minOut))
	if !ok {
		return
	}
	step1Min := ""
	if args := tx.Payload.Move.Arguments; len(args) == 2 {
		step1Min, _ = args[1].(string)
	}
	h.writeBuiltResponse(w, r, b, fr, func() buildResponse {
		return buildResponse{Summary: swapSummary{Summary: b.Summary, From: mid.Name, To: out.Name, AmountIn: u64s(received), MinOut: u64s(minOut)}, Steps: []swapStep{
			{From: tokenJSON(in), To: tokenJSON(mid), AmountIn: strPtr(u64s(amountIn)), MinOut: step1Min,
				AmountOut: strPtr(u64s(received)), Hash: strPtr(tx.Hash)},
			{From: tokenJSON(mid), To: tokenJSON(out), AmountIn: strPtr(u64s(received)), MinOut: u64s(minOut), RawTransaction: strPtr(b.RawHex)},
		}}
	})
}

// sameCoin compares a coin type as an event writes it with a token.
func sameCoin(s string, t tokens.Token) bool {
	c, err := supra.ParseCoinType(s)
	return err == nil && c == t.Coin()
}

// CodeCoinNotFound: a well-formed coin type the chain has no coin for.
const (
	CodeCoinNotFound = "coin_not_found"
	MsgCoinNotFound  = "No coin with this type on chain: check the coin type."
)

type swapTokenResponse struct {
	Token swapToken `json:"token"`
	// Listed: the coin is in the app's registry.
	Listed bool `json:"listed"`
	// Pools: the listed tokens the coin has a Dexlyn pool with (none: it cannot be swapped).
	Pools []swapToken `json:"pools"`
	// Balance: the account's balance of the coin in base units, when ?account= is given
	// (the balances endpoint lists registry tokens only).
	Balance *string `json:"balance"`
}

// GetSwapToken serves GET /api/v1/swap/token?coinType=…[&account=0x…]: the picker's import
// by coin type.
// It answers the coin as the chain names it (coin info), whether it is listed, and the
// listed tokens it has a pool with, so the picker can say whether it can be traded before
// the user accepts the unlisted-token warning.
func (h *Handler) GetSwapToken(w http.ResponseWriter, r *http.Request) {
	s := strings.TrimSpace(r.URL.Query().Get("coinType"))
	ct, err := supra.ParseCoinType(s)
	if err != nil {
		WriteError(w, r, h.log, http.StatusBadRequest, chain.CodeUnknownToken, "Not a coin type: use address::module::Name.")
		return
	}
	var account *supra.Address
	if a := strings.TrimSpace(r.URL.Query().Get("account")); a != "" {
		addr, err := supra.ParseAddress(a)
		if err != nil {
			WriteError(w, r, h.log, http.StatusBadRequest, chain.CodeInvalidAddress, err.Error())
			return
		}
		account = &addr
	}
	ctx := r.Context()
	t, listed := h.tokens.ByCoin(ct)
	if !listed {
		info, err := h.coins.CoinInfo(ctx, ct)
		if err != nil {
			var ne *supra.NodeError
			if errors.As(err, &ne) && ne.Status < http.StatusInternalServerError {
				WriteError(w, r, h.log, http.StatusNotFound, CodeCoinNotFound, MsgCoinNotFound)
				return
			}
			h.fail(w, r, err)
			return
		}
		t = tokens.NewToken(ct, info.Symbol, info.Decimals)
	}
	with, err := h.dex.PoolsWith(ctx, ct, h.hubs())
	if err != nil {
		h.writeSwapErr(w, r, err)
		return
	}
	resp := swapTokenResponse{Token: tokenJSON(t), Listed: listed, Pools: []swapToken{}}
	if account != nil {
		bal, err := h.coins.CoinBalance(ctx, *account, ct)
		if err != nil {
			h.fail(w, r, err)
			return
		}
		resp.Balance = strPtr(u64s(bal))
	}
	for _, c := range with {
		resp.Pools = append(resp.Pools, tokenJSON(h.tokenOfCoin(c)))
	}
	WriteJSON(w, http.StatusOK, resp)
}
