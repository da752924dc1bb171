package dex

import (
	"cmp"
	"fmt"
	"maps"
	"math/big"
	"slices"
)

// Address is a 32-byte account address (an LP provider).
type Address [32]byte

// Pool is one uncorrelated pool, stored under its sorted pair.
type Pool struct {
	X, Y               CoinType
	ReserveX, ReserveY uint64
	// DaoX and DaoY are the DAO's share of fees, held by the pool's account
	// next to the reserves (Liquidswap's dao_storage).
	DaoX, DaoY uint64
	Fee        uint64 // per FeeScale
	DaoFee     uint64 // per DaoFeeScale of the fee
	LPSupply   uint64
	// The price oracle (update_oracle): cumulative uq64x64 prices and the
	// second of their last update.
	PriceXCumulative, PriceYCumulative U128
	LastTimestamp                      uint64
	lp                                 map[Address]uint64
}

// PoolInfo is a read-only copy of a pool's numbers.
type PoolInfo struct {
	X, Y                           CoinType
	ReserveX, ReserveY, DaoX, DaoY uint64
	Fee, DaoFee, LPSupply          uint64
}

func (p *Pool) info() PoolInfo {
	return PoolInfo{p.X, p.Y, p.ReserveX, p.ReserveY, p.DaoX, p.DaoY, p.Fee, p.DaoFee, p.LPSupply}
}

// SwapEvent is Dexlyn's liquidity_pool::SwapEvent.
type SwapEvent struct {
	PairX, PairY         string
	XIn, XOut, YIn, YOut uint64
	Timestamp            uint64
}

// LiquidityResult is what an add_liquidity took and minted.
type LiquidityResult struct {
	UsedX, UsedY uint64 // taken from the provider (the rest of the desired amounts stays with them)
	LP           uint64
}

type pairKey struct{ x, y CoinType }

// Exchange holds every pool. It is not safe for concurrent use; the node
// serialises transactions.
type Exchange struct {
	pools map[pairKey]*Pool
}

// NewExchange returns an exchange without pools.
func NewExchange() *Exchange { return &Exchange{pools: map[pairKey]*Pool{}} }

// Clone returns an independent copy, for snapshots.
func (e *Exchange) Clone() *Exchange {
	c := NewExchange()
	for k, p := range e.pools {
		pp := *p
		pp.lp = maps.Clone(p.lp)
		c.pools[k] = &pp
	}
	return c
}

// RegisterPool creates an empty pool for a sorted pair with the default fees.
func (e *Exchange) RegisterPool(x, y CoinType) error {
	sorted, err := IsSorted(x, y)
	if err != nil {
		return err
	}
	if !sorted {
		return ErrWrongCoinOrder
	}
	k := pairKey{x, y}
	if _, ok := e.pools[k]; ok {
		return fmt.Errorf("%w: %s/%s", ErrPoolExists, x, y)
	}
	e.pools[k] = &Pool{X: x, Y: y, Fee: DefaultFee, DaoFee: DefaultDaoFee, lp: map[Address]uint64{}}
	return nil
}

// SetFees sets a pool's fee (1–100 per 10,000) and DAO fee (0–100 %).
func (e *Exchange) SetFees(x, y CoinType, fee, daoFee uint64) error {
	p, _, err := e.lookup(x, y)
	if err != nil {
		return err
	}
	if fee < MinFee || fee > MaxFee || daoFee > DaoFeeScale {
		return ErrInvalidFee
	}
	p.Fee, p.DaoFee = fee, daoFee
	return nil
}

// lookup finds the pool of a pair given in any order.
func (e *Exchange) lookup(x, y CoinType) (*Pool, bool, error) {
	sorted, err := IsSorted(x, y)
	if err != nil {
		return nil, false, err
	}
	k := pairKey{x, y}
	if !sorted {
		k = pairKey{y, x}
	}
	p, ok := e.pools[k]
	if !ok {
		return nil, sorted, fmt.Errorf("%w: %s/%s", ErrPoolMissing, k.x, k.y)
	}
	return p, sorted, nil
}

// IsSwapExists is router::is_swap_exists (it aborts only for the same coin).
func (e *Exchange) IsSwapExists(x, y CoinType) (bool, error) {
	_, _, err := e.lookup(x, y)
	if err != nil && errorsIs(err, ErrPoolMissing) {
		return false, nil
	}
	return err == nil, err
}

// ReservesSize is router::get_reserves_size: reserves in the order given.
func (e *Exchange) ReservesSize(x, y CoinType) (uint64, uint64, error) {
	p, sorted, err := e.lookup(x, y)
	if err != nil {
		return 0, 0, err
	}
	if sorted {
		return p.ReserveX, p.ReserveY, nil
	}
	return p.ReserveY, p.ReserveX, nil
}

// FeesConfig is router::get_fees_config: (fee, FeeScale).
func (e *Exchange) FeesConfig(x, y CoinType) (uint64, uint64, error) {
	p, _, err := e.lookup(x, y)
	if err != nil {
		return 0, 0, err
	}
	return p.Fee, FeeScale, nil
}

// DaoFeesConfig is router::get_dao_fees_config: (dao fee, DaoFeeScale).
func (e *Exchange) DaoFeesConfig(x, y CoinType) (uint64, uint64, error) {
	p, _, err := e.lookup(x, y)
	if err != nil {
		return 0, 0, err
	}
	return p.DaoFee, DaoFeeScale, nil
}

// AmountOut is router::get_amount_out<X, Y>: Y received for in X.
func (e *Exchange) AmountOut(x, y CoinType, in uint64) (uint64, error) {
	rx, ry, err := e.ReservesSize(x, y)
	if err != nil {
		return 0, err
	}
	fee, scale, _ := e.FeesConfig(x, y)
	return AmountOut(in, rx, ry, fee, scale)
}

// AmountIn is router::get_amount_in<X, Y>: X needed to receive out Y.
func (e *Exchange) AmountIn(x, y CoinType, out uint64) (uint64, error) {
	rx, ry, err := e.ReservesSize(x, y)
	if err != nil {
		return 0, err
	}
	fee, scale, _ := e.FeesConfig(x, y)
	return AmountIn(out, ry, rx, fee, scale)
}

// Swap is scripts::swap<In, Out>(amount_in, min_out): it returns the amount
// out and the SwapEvent, or an error and changes nothing.
func (e *Exchange) Swap(in, out CoinType, amountIn, minOut, now uint64) (uint64, SwapEvent, error) {
	amountOut, err := e.AmountOut(in, out, amountIn)
	if err != nil {
		return 0, SwapEvent{}, err
	}
	if amountOut < minOut {
		return 0, SwapEvent{}, fmt.Errorf("%w: %d < %d", ErrOutBelowMin, amountOut, minOut)
	}
	ev, err := e.SwapUnchecked(in, out, amountIn, amountOut, now)
	return amountOut, ev, err
}

// poolSwap is liquidity_pool::swap on a copy of the pool.
func poolSwap(p Pool, xIn, xOut, yIn, yOut uint64) (Pool, error) {
	if xIn == 0 && yIn == 0 {
		return p, ErrEmptyCoinIn
	}
	x0, y0 := p.ReserveX, p.ReserveY
	x, err := add64(x0, xIn)
	if err != nil {
		return p, err
	}
	y, err := add64(y0, yIn)
	if err != nil {
		return p, err
	}
	if xOut > x || yOut > y {
		return p, ErrArithmetic // coin::extract of more than the reserve
	}
	x, y = x-xOut, y-yOut

	// new_reserves_after_fees_scaled and assert_lp_value_is_increased.
	xf := new(big.Int).Sub(mulBig(x, FeeScale), mulBig(xIn, p.Fee))
	yf := new(big.Int).Sub(mulBig(y, FeeScale), mulBig(yIn, p.Fee))
	if xf.Sign() < 0 || yf.Sign() < 0 {
		return p, ErrArithmetic
	}
	before := mulBig(x0, y0)
	before.Mul(before, big.NewInt(FeeScale*FeeScale))
	if new(big.Int).Mul(xf, yf).Cmp(before) <= 0 {
		return p, ErrIncorrectSwap
	}

	// split_fee_to_dao: ceil(fee × dao_fee / 100) parts per FeeScale.
	daoMul := p.Fee * p.DaoFee / DaoFeeScale
	if p.Fee*p.DaoFee%DaoFeeScale != 0 {
		daoMul++
	}
	daoX, err := mulDiv(xIn, daoMul, FeeScale)
	if err != nil {
		return p, err
	}
	daoY, err := mulDiv(yIn, daoMul, FeeScale)
	if err != nil {
		return p, err
	}
	if daoX > x || daoY > y {
		return p, ErrArithmetic
	}
	if p.DaoX, err = add64(p.DaoX, daoX); err != nil {
		return p, err
	}
	if p.DaoY, err = add64(p.DaoY, daoY); err != nil {
		return p, err
	}
	p.ReserveX, p.ReserveY = x-daoX, y-daoY
	return p, nil
}

func mulBig(a, b uint64) *big.Int {
	return new(big.Int).Mul(new(big.Int).SetUint64(a), new(big.Int).SetUint64(b))
}

// AddLiquidity is scripts::add_liquidity<X, Y> for a sorted pair: the
// desired amounts are reduced to the pool's price, the used amounts join
// the reserves and LP is credited to the provider.
func (e *Exchange) AddLiquidity(provider Address, x, y CoinType, xVal, xMin, yVal, yMin uint64) (LiquidityResult, error) {
	sorted, err := IsSorted(x, y)
	if err != nil {
		return LiquidityResult{}, err
	}
	if !sorted {
		return LiquidityResult{}, ErrWrongCoinOrder
	}
	p, ok := e.pools[pairKey{x, y}]
	if !ok {
		return LiquidityResult{}, fmt.Errorf("%w: %s/%s", ErrPoolMissing, x, y)
	}
	if xVal < xMin {
		return LiquidityResult{}, ErrInsufficientX
	}
	if yVal < yMin {
		return LiquidityResult{}, ErrInsufficientY
	}
	ox, oy, err := optimal(p.ReserveX, p.ReserveY, xVal, yVal, xMin, yMin)
	if err != nil {
		return LiquidityResult{}, err
	}
	var minted uint64
	if p.LPSupply == 0 {
		hi, lo := mulU128(ox, oy)
		initial := Sqrt(hi, lo)
		if initial <= MinimalLiquidity {
			return LiquidityResult{}, ErrInitialLiquidity
		}
		minted = initial - MinimalLiquidity
	} else {
		xl, err := mulDivU128(ox, p.LPSupply, p.ReserveX)
		if err != nil {
			return LiquidityResult{}, err
		}
		yl, err := mulDivU128(oy, p.LPSupply, p.ReserveY)
		if err != nil {
			return LiquidityResult{}, err
		}
		minted = min(xl, yl)
	}
	if minted == 0 {
		return LiquidityResult{}, ErrNotEnoughLiquidity
	}
	rx, err := add64(p.ReserveX, ox)
	if err != nil {
		return LiquidityResult{}, err
	}
	ry, err := add64(p.ReserveY, oy)
	if err != nil {
		return LiquidityResult{}, err
	}
	supply, err := add64(p.LPSupply, minted)
	if err != nil {
		return LiquidityResult{}, err
	}
	p.ReserveX, p.ReserveY, p.LPSupply = rx, ry, supply
	p.lp[provider] += minted // ≤ supply, cannot overflow
	return LiquidityResult{UsedX: ox, UsedY: oy, LP: minted}, nil
}

func mulU128(a, b uint64) (uint64, uint64) {
	r := mulBig(a, b)
	lo := new(big.Int).And(r, new(big.Int).SetUint64(^uint64(0))).Uint64()
	return new(big.Int).Rsh(r, 64).Uint64(), lo
}

// optimal is router::calc_optimal_coin_values.
func optimal(rx, ry, xDesired, yDesired, xMin, yMin uint64) (uint64, uint64, error) {
	if rx == 0 && ry == 0 {
		return xDesired, yDesired, nil
	}
	yReturned, err := ConvertWithCurrentPrice(xDesired, rx, ry)
	if err != nil {
		return 0, 0, err
	}
	if yReturned <= yDesired {
		if yReturned < yMin {
			return 0, 0, ErrInsufficientY
		}
		return xDesired, yReturned, nil
	}
	xReturned, err := ConvertWithCurrentPrice(yDesired, ry, rx)
	if err != nil {
		return 0, 0, err
	}
	if xReturned > xDesired {
		return 0, 0, ErrOverlimitX
	}
	if xReturned < xMin {
		return 0, 0, ErrInsufficientX
	}
	return xReturned, yDesired, nil
}

// RemoveLiquidity is scripts::remove_liquidity<X, Y> for a sorted pair.
func (e *Exchange) RemoveLiquidity(provider Address, x, y CoinType, lp, minX, minY uint64) (uint64, uint64, error) {
	sorted, err := IsSorted(x, y)
	if err != nil {
		return 0, 0, err
	}
	if !sorted {
		return 0, 0, ErrWrongCoinOrder
	}
	p, ok := e.pools[pairKey{x, y}]
	if !ok {
		return 0, 0, fmt.Errorf("%w: %s/%s", ErrPoolMissing, x, y)
	}
	if p.lp[provider] < lp {
		return 0, 0, ErrInsufficientLP
	}
	outX, err := mulDivU128(lp, p.ReserveX, p.LPSupply)
	if err != nil {
		return 0, 0, err
	}
	outY, err := mulDivU128(lp, p.ReserveY, p.LPSupply)
	if err != nil {
		return 0, 0, err
	}
	if outX == 0 || outY == 0 {
		return 0, 0, ErrIncorrectBurnValues
	}
	if outX < minX || outY < minY {
		return 0, 0, ErrOutBelowMin
	}
	p.ReserveX -= outX
	p.ReserveY -= outY
	p.LPSupply -= lp
	p.lp[provider] -= lp
	if p.lp[provider] == 0 {
		delete(p.lp, provider)
	}
	return outX, outY, nil
}

// LPBalance returns a provider's LP in a pool given in any order.
func (e *Exchange) LPBalance(provider Address, x, y CoinType) (uint64, error) {
	p, _, err := e.lookup(x, y)
	if err != nil {
		return 0, err
	}
	return p.lp[provider], nil
}

// Pool returns a copy of a pool's numbers (pair in any order).
func (e *Exchange) Pool(x, y CoinType) (PoolInfo, error) {
	p, _, err := e.lookup(x, y)
	if err != nil {
		return PoolInfo{}, err
	}
	return p.info(), nil
}

// Pools returns every pool, sorted by pair.
func (e *Exchange) Pools() []PoolInfo {
	out := make([]PoolInfo, 0, len(e.pools))
	for _, p := range e.pools {
		out = append(out, p.info())
	}
	slices.SortFunc(out, func(a, b PoolInfo) int {
		return cmp.Or(cmp.Compare(a.X.String(), b.X.String()), cmp.Compare(a.Y.String(), b.Y.String()))
	})
	return out
}

// Holdings returns, per coin type string, what the pools' account must hold:
// every reserve plus every DAO share. The conservation check compares it
// with the account's balances.
func (e *Exchange) Holdings() map[string]uint64 {
	h := map[string]uint64{}
	for _, p := range e.pools {
		h[p.X.String()] += p.ReserveX + p.DaoX
		h[p.Y.String()] += p.ReserveY + p.DaoY
	}
	return h
}
