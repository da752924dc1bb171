package api

// Route choice: when the best route goes through another coin (two transactions) and the
// two ends also have a pool of their own, the quote carries that direct pool's quote too
// ("direct"), so the swap screen shows both side by side (amount out, transactions, pool
// fees) and the user picks. Each is the router's own quote, and each builds as quoted: the
// direct one with /swap/build without via and its minOut, the best one as before.

import (
	"context"
	"errors"
	"math/big"

	"github.com/luckycoin/lucky/internal/chain"
	"github.com/luckycoin/lucky/internal/market"
	"github.com/luckycoin/lucky/internal/supra"
	"github.com/luckycoin/lucky/internal/tokens"
)

// routeQuote is one route's quote, as the top level of a quote gives the best route's.
type routeQuote struct {
	AmountOut        string       `json:"amountOut"`
	AmountOutDecimal string       `json:"amountOutDecimal"`
	MinOut           string       `json:"minOut"`
	MinOutDecimal    string       `json:"minOutDecimal"`
	PriceImpactBps   int64        `json:"priceImpactBps"`
	PriceImpact      string       `json:"priceImpact"`
	Fee              swapFee      `json:"fee"`
	Rate             string       `json:"rate"`
	InverseRate      string       `json:"inverseRate"`
	USDOut           *string      `json:"usdOut"`
	Reserves         swapReserves `json:"reserves"`
	Route            swapRoute    `json:"route"`
}

// directQuote is the direct pool's quote beside a two-hop best route; nil when the route
// is direct already, or the direct pool cannot quote the amount (none, too shallow, too
// small an amount): then there is nothing to choose.
func (h *Handler) directQuote(ctx context.Context, best *chain.Route, in, out tokens.Token, amountIn uint64, slip int, snap *market.Snapshot) *routeQuote {
	if len(best.Hops) < 2 {
		return nil
	}
	r, err := h.dex.QuoteRoute(ctx, []supra.CoinType{in.Coin(), out.Coin()}, amountIn, slip)
	if err != nil {
		if !errors.Is(err, chain.ErrPairNotFound) && !errors.Is(err, chain.ErrInsufficientLiquidity) {
			h.log.Warn("swap quote: the direct pool beside the best route", "err", err)
		}
		return nil
	}
	q := h.routeQuoteOf(r, in, out, amountIn, snap)
	return &q
}

// routeQuoteOf renders a quoted route: the best one at the top of a quote, the direct pool's
// beside it. The route's impact is what is left after each hop's impact, compounded.
func (h *Handler) routeQuoteOf(r *chain.Route, in, out tokens.Token, amountIn uint64, snap *market.Snapshot) routeQuote {
	left := big.NewRat(1, 1)
	hops := make([]routeHop, 0, len(r.Hops))
	for _, q := range r.Hops {
		ti, to := h.tokenOfCoin(q.In, in, out), h.tokenOfCoin(q.Out, in, out)
		imp := chain.PriceImpact(q.AmountIn, q.ReserveIn)
		left.Mul(left, new(big.Rat).Sub(big.NewRat(1, 1), imp))
		bps, pct := impactJSON(imp)
		hops = append(hops, routeHop{
			From: tokenJSON(ti), To: tokenJSON(to),
			AmountIn: u64s(q.AmountIn), AmountOut: u64s(q.AmountOut), MinOut: u64s(q.MinOut),
			PriceImpactBps: bps, PriceImpact: pct, Fee: poolFeeJSON(q, ti.Decimals),
			Reserves: swapReserves{In: u64s(q.ReserveIn), Out: u64s(q.ReserveOut)},
		})
	}
	path := make([]swapToken, 0, 3)
	for _, c := range r.Path() {
		path = append(path, tokenJSON(h.tokenOfCoin(c, in, out)))
	}
	var via *swapToken
	if len(path) == 3 {
		via = &path[1]
	}
	first := r.Hops[0]
	amountOut, minOut := r.AmountOut(), r.MinOut()
	impBps, impPct := impactJSON(new(big.Rat).Sub(big.NewRat(1, 1), left))
	rate, inverse := chain.Rates(amountIn, in.Decimals, amountOut, out.Decimals)
	return routeQuote{
		AmountOut: u64s(amountOut), AmountOutDecimal: exact(amountOut, out.Decimals),
		MinOut: u64s(minOut), MinOutDecimal: exact(minOut, out.Decimals),
		PriceImpactBps: impBps, PriceImpact: impPct,
		Fee:  poolFeeJSON(first, in.Decimals),
		Rate: market.Decimal(rate), InverseRate: market.Decimal(inverse),
		USDOut:   usdValue(usdPrice(snap, out), amountOut, out.Decimals),
		Reserves: swapReserves{In: u64s(first.ReserveIn), Out: u64s(first.ReserveOut)},
		Route:    swapRoute{Path: path, Via: via, Transactions: len(r.Hops), Hops: hops},
	}
}
