package dex

import (
	"fmt"
	"math/big"
)

// The router's remaining views and the price oracle, after Liquidswap's
// router.move and liquidity_pool.move (update_oracle, get_cumulative_prices,
// get_reserves_for_lp_coins, calc_optimal_coin_values).

// U128 is a Move u128 as two 64-bit halves, so a Pool stays a plain value.
type U128 struct{ Hi, Lo uint64 }

// Big returns the value as a big.Int.
func (u U128) Big() *big.Int {
	b := new(big.Int).SetUint64(u.Hi)
	b.Lsh(b, 64)
	return b.Or(b, new(big.Int).SetUint64(u.Lo))
}

var mask64 = new(big.Int).SetUint64(^uint64(0))

// u128Of keeps the low 128 bits of b (Liquidswap's math::overflow_add wraps).
func u128Of(b *big.Int) U128 {
	lo := new(big.Int).And(b, mask64).Uint64()
	hi := new(big.Int).And(new(big.Int).Rsh(b, 64), mask64).Uint64()
	return U128{Hi: hi, Lo: lo}
}

// fraction is uq64x64::fraction(num, den): (num << 64) / den.
func fraction(num, den uint64) *big.Int {
	n := new(big.Int).Lsh(new(big.Int).SetUint64(num), 64)
	return n.Quo(n, new(big.Int).SetUint64(den))
}

// UpdateOracle is liquidity_pool::update_oracle, run with the reserves before a
// swap, mint or burn changes them: each cumulative price grows by the other
// reserve over this one (uq64x64) times the seconds since the last update, when
// time passed and both reserves are non-zero; the timestamp always moves.
func (e *Exchange) UpdateOracle(x, y CoinType, now uint64) error {
	p, _, err := e.lookup(x, y)
	if err != nil {
		return err
	}
	if now > p.LastTimestamp && p.ReserveX != 0 && p.ReserveY != 0 {
		dt := new(big.Int).SetUint64(now - p.LastTimestamp)
		cx := fraction(p.ReserveY, p.ReserveX)
		cy := fraction(p.ReserveX, p.ReserveY)
		p.PriceXCumulative = u128Of(cx.Mul(cx, dt).Add(cx, p.PriceXCumulative.Big()))
		p.PriceYCumulative = u128Of(cy.Mul(cy, dt).Add(cy, p.PriceYCumulative.Big()))
	}
	p.LastTimestamp = now
	return nil
}

// CumulativePrices is router::get_cumulative_prices<X, Y>: (X price, Y price,
// last update in seconds), in the order given.
func (e *Exchange) CumulativePrices(x, y CoinType) (px, py U128, ts uint64, err error) {
	p, sorted, err := e.lookup(x, y)
	if err != nil {
		return px, py, 0, err
	}
	if sorted {
		return p.PriceXCumulative, p.PriceYCumulative, p.LastTimestamp, nil
	}
	return p.PriceYCumulative, p.PriceXCumulative, p.LastTimestamp, nil
}

// DecimalsScales is router::get_decimals_scales: the stable curve's scales,
// zero for every uncorrelated pool (the only kind the devnet has).
func (e *Exchange) DecimalsScales(x, y CoinType) (uint64, uint64, error) {
	if _, _, err := e.lookup(x, y); err != nil {
		return 0, 0, err
	}
	return 0, 0, nil
}

// ReservesForLP is router::get_reserves_for_lp_coins<X, Y>: what burning lp
// returns of each coin, in the order given.
func (e *Exchange) ReservesForLP(x, y CoinType, lp uint64) (uint64, uint64, error) {
	p, sorted, err := e.lookup(x, y)
	if err != nil {
		return 0, 0, err
	}
	if p.LPSupply == 0 {
		return 0, 0, ErrDivideByZero
	}
	ox, err := mulDivU128(lp, p.ReserveX, p.LPSupply)
	if err != nil {
		return 0, 0, err
	}
	oy, err := mulDivU128(lp, p.ReserveY, p.LPSupply)
	if err != nil {
		return 0, 0, err
	}
	if !sorted {
		ox, oy = oy, ox
	}
	return ox, oy, nil
}

// CalcOptimal is router::calc_optimal_coin_values<X, Y>: the amounts of a
// deposit at the pool's current price, in the order given.
func (e *Exchange) CalcOptimal(x, y CoinType, xDesired, yDesired, xMin, yMin uint64) (uint64, uint64, error) {
	rx, ry, err := e.ReservesSize(x, y)
	if err != nil {
		return 0, 0, err
	}
	return optimal(rx, ry, xDesired, yDesired, xMin, yMin)
}

// SwapInto is scripts::swap_into<In, Out>(coin_val_max, coin_out): exactly
// amountOut of out for at most maxIn of in. It returns the input used.
func (e *Exchange) SwapInto(in, out CoinType, maxIn, amountOut, now uint64) (uint64, SwapEvent, error) {
	need, err := e.AmountIn(in, out, amountOut)
	if err != nil {
		return 0, SwapEvent{}, err
	}
	if need > maxIn {
		return 0, SwapEvent{}, fmt.Errorf("%w: %d > %d", ErrInAboveMax, need, maxIn)
	}
	ev, err := e.SwapUnchecked(in, out, need, amountOut, now)
	return need, ev, err
}

// SwapUnchecked is scripts::swap_unchecked<In, Out>(coin_in, coin_out): the
// pool takes amountIn and pays amountOut if its invariant still grows
// (ERR_INCORRECT_SWAP otherwise), without comparing against a quote.
func (e *Exchange) SwapUnchecked(in, out CoinType, amountIn, amountOut, now uint64) (SwapEvent, error) {
	p, sorted, err := e.lookup(in, out)
	if err != nil {
		return SwapEvent{}, err
	}
	var xIn, xOut, yIn, yOut uint64
	if sorted {
		xIn, yOut = amountIn, amountOut
	} else {
		yIn, xOut = amountIn, amountOut
	}
	next, err := poolSwap(*p, xIn, xOut, yIn, yOut)
	if err != nil {
		return SwapEvent{}, err
	}
	if err := e.UpdateOracle(in, out, now); err != nil {
		return SwapEvent{}, err
	}
	next.PriceXCumulative, next.PriceYCumulative, next.LastTimestamp = p.PriceXCumulative, p.PriceYCumulative, p.LastTimestamp
	*p = next
	return SwapEvent{
		PairX: p.X.String(), PairY: p.Y.String(),
		XIn: xIn, XOut: xOut, YIn: yIn, YOut: yOut, Timestamp: now,
	}, nil
}
