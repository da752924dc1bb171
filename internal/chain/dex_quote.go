package chain

import (
	"context"
	"errors"
	"math/big"
	"net/http"
	"regexp"

	"golang.org/x/sync/errgroup"

	"github.com/luckycoin/lucky/internal/supra"
)

// The maths of an exact-input swap over one read of a Dexlyn pool: the least the swap may
// return under a slippage, the price impact, the LP fee and the rates. The amount out
// itself is always the router's get_amount_out, never recomputed here.

// Slippage in basis points.
const (
	// BpsScale is 100 %.
	BpsScale = 10_000
	// DefaultSlippageBps is the original app's fixed 5 %.
	DefaultSlippageBps = 500
	// MinSlippageBps and MaxSlippageBps bound the slippage setting (0.01 %–50 %).
	MinSlippageBps = 1
	MaxSlippageBps = 5000
)

// Refusals of a quote, about the input rather than a failed read.
var (
	// ErrInsufficientLiquidity: a reserve is empty, the amount is beyond the pool's
	// integer maths, or the swap would drain the pool.
	ErrInsufficientLiquidity = errors.New("chain: insufficient liquidity in pool")
	// ErrAmountTooSmall: the swap would return nothing.
	ErrAmountTooSmall = errors.New("chain: amount too small")
	// ErrSlippage: a slippage outside MinSlippageBps..MaxSlippageBps.
	ErrSlippage = errors.New("chain: slippage out of range")
)

// overflowRE matches a view that aborted on u64 arithmetic (the amount is too large for
// the pool's integer maths): Move's EARITHMETIC / ARITHMETIC_ERROR.
var overflowRE = regexp.MustCompile(`(?i)arithmetic|overflow`)

// Quote is one exact-input swap as the pool and the router answer it, read together.
type Quote struct {
	In, Out               supra.CoinType
	AmountIn, AmountOut   uint64
	MinOut                uint64
	SlippageBps           int
	ReserveIn, ReserveOut uint64
	Fees                  Fees
}

// Quote reads the pool's reserves and fees and the router's amount out for amountIn of
// coinIn, then checks the answer: ErrInsufficientLiquidity or ErrAmountTooSmall for an
// input the pool cannot serve, ErrPairNotFound for no pool.
func (c *Dex) Quote(ctx context.Context, coinIn, coinOut supra.CoinType, amountIn uint64, slippageBps int) (*Quote, error) {
	if slippageBps < MinSlippageBps || slippageBps > MaxSlippageBps {
		return nil, ErrSlippage
	}
	q := &Quote{In: coinIn, Out: coinOut, AmountIn: amountIn, SlippageBps: slippageBps}
	var outErr error
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() error {
		res, err := c.Reserves(gctx, coinIn, coinOut)
		q.ReserveIn, q.ReserveOut = res.A, res.B
		return err
	})
	g.Go(func() (err error) { q.Fees, err = c.FeesConfig(gctx, coinIn, coinOut); return })
	g.Go(func() error {
		// A view that aborts on arithmetic is an answer about the input, not a failure of
		// the read: keep it apart so CheckQuote decides.
		q.AmountOut, outErr = c.AmountOut(gctx, coinIn, coinOut, amountIn)
		if outErr != nil && !errors.Is(outErr, ErrPairNotFound) && isOverflow(outErr) {
			return nil
		}
		return outErr
	})
	if err := g.Wait(); err != nil {
		return nil, err
	}
	if outErr != nil {
		return nil, ErrInsufficientLiquidity
	}
	if err := CheckQuote(q.ReserveIn, q.ReserveOut, q.AmountOut); err != nil {
		return nil, err
	}
	q.MinOut = MinOut(q.AmountOut, slippageBps)
	return q, nil
}

func isOverflow(err error) bool {
	var ne *supra.NodeError
	return errors.As(err, &ne) && ne.Status < http.StatusInternalServerError && overflowRE.MatchString(ne.Message)
}

// CheckQuote refuses what the pool cannot serve: an empty reserve or a swap that would
// take all of the coin out (ErrInsufficientLiquidity), or one that returns nothing
// (ErrAmountTooSmall).
func CheckQuote(reserveIn, reserveOut, amountOut uint64) error {
	switch {
	case reserveIn == 0 || reserveOut == 0, amountOut >= reserveOut:
		return ErrInsufficientLiquidity
	case amountOut == 0:
		return ErrAmountTooSmall
	}
	return nil
}

// MinOut is floor(out × (10000 − slippage) / 10000): the least the swap may return.
func MinOut(out uint64, slippageBps int) uint64 {
	v := new(big.Int).Mul(new(big.Int).SetUint64(out), big.NewInt(int64(BpsScale-slippageBps)))
	return v.Quo(v, big.NewInt(BpsScale)).Uint64()
}

// PriceImpact is Liquidswap's price impact of an exact-in swap on an x·y = k pool
// (liquidswap-widget useSwapStore.priceImpact, without its contract fee): with
// k = rIn·rOut, out' = rOut − k/(rIn + in), market = in/out', mid = rIn/rOut,
// impact = 1 − mid/market, which reduces exactly to in / (rIn + in). It returns the
// fraction (0..1) as an exact rational; the pool fee is not part of it (it is shown apart).
func PriceImpact(amountIn, reserveIn uint64) *big.Rat {
	den := new(big.Int).Add(new(big.Int).SetUint64(reserveIn), new(big.Int).SetUint64(amountIn))
	if den.Sign() == 0 {
		return new(big.Rat)
	}
	return new(big.Rat).SetFrac(new(big.Int).SetUint64(amountIn), den)
}

// ImpactBps is the impact in basis points, rounded half up (a warning tier must not be
// missed by truncation).
func ImpactBps(impact *big.Rat) int64 {
	v := new(big.Rat).Mul(impact, big.NewRat(BpsScale, 1))
	n := new(big.Int).Mul(v.Num(), big.NewInt(2))
	n.Add(n, v.Denom())
	n.Quo(n, new(big.Int).Mul(v.Denom(), big.NewInt(2)))
	return n.Int64()
}

// Of is the LP fee taken from an input: floor(in × Fee / Scale), in the input coin.
func (f Fees) Of(amountIn uint64) *big.Int {
	v := new(big.Int).Mul(new(big.Int).SetUint64(amountIn), new(big.Int).SetUint64(f.Fee))
	if f.Scale == 0 {
		return new(big.Int)
	}
	return v.Quo(v, new(big.Int).SetUint64(f.Scale))
}

// Rates are the swap's price in whole tokens, fee included: out per in and in per out.
// Both are nil when either amount is zero.
func Rates(amountIn uint64, decIn uint8, amountOut uint64, decOut uint8) (rate, inverse *big.Rat) {
	if amountIn == 0 || amountOut == 0 {
		return nil, nil
	}
	in, out := Whole(amountIn, decIn), Whole(amountOut, decOut)
	return new(big.Rat).Quo(out, in), new(big.Rat).Quo(in, out)
}

// Whole is v base units as whole tokens of dec decimals, exact.
func Whole(v uint64, dec uint8) *big.Rat {
	return new(big.Rat).SetFrac(new(big.Int).SetUint64(v), new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(dec)), nil))
}
