// Package dex is the pure logic of the devnet's Dexlyn DEX, a fork of
// Pontem's Liquidswap: uncorrelated (x·y = k) pools with Liquidswap's exact
// integer math, pair ordering, LP accounting and SwapEvent fields. The devnet
// module wraps it and moves the coins.
//
// # Fidelity to Liquidswap
//
// The math follows pontem-network/liquidswap (sources/swap/router.move,
// liquidity_pool.move, libs/coin_helper.move, libs/math.move), re-derived in
// Go. Move aborts on u64 overflow and underflow; here those are
// [ErrArithmetic]. Intermediates that Move keeps in u128 are computed with
// math/bits or math/big.
//
//   - Fees: fee / FeeScale with FeeScale 10,000 and the default uncorrelated
//     fee 30 (0.3 %). get_fees_config returns (fee, 10000).
//   - Amount out (router::get_coin_out_with_fees, uncorrelated):
//     in_after_fees = in × (scale − fee) (u64);
//     new_reserve_in = reserve_in × scale + in_after_fees (u64);
//     out = floor(in_after_fees × reserve_out / new_reserve_in) (u128 product).
//   - Amount in (router::get_coin_in_with_fees, uncorrelated):
//     new_reserve_out = (reserve_out − out) × (scale − fee) (u64);
//     in = floor(out × (reserve_in × scale) / new_reserve_out) + 1.
//   - Swap (liquidity_pool::swap): the input joins the reserves, the output
//     leaves them, and the pool checks that
//     (x×10⁴ − x_in×fee)·(y×10⁴ − y_in×fee) > x₀·y₀·10⁸ strictly (u256).
//     Then the DAO share of the fee, ceil(fee × dao_fee / 100) parts per
//     10,000 of the input (default dao_fee 33 % → 10 / 10,000), leaves the
//     reserves for the pool's DAO storage; it stays inside the pool's account
//     and is reported by [Pool.DAO], so no coin is created or lost.
//   - Liquidity (liquidity_pool::mint, router::calc_optimal_coin_values): the
//     first deposit mints floor(sqrt(x·y)) − 1000 LP (the 1000 are never
//     minted, locking a minimal liquidity), and requires sqrt(x·y) > 1000;
//     later deposits are reduced to the current price (optimal amounts,
//     checked against the minimums) and mint
//     min(x·supply/reserve_x, y·supply/reserve_y). Burning returns
//     lp·reserve/supply of each side. LP balances are kept per provider in
//     the pool (Liquidswap mints an LP coin; the devnet keeps the same numbers
//     without registering a coin type per pool).
//   - Pair ordering (coin_helper::compare): struct names first, then module
//     names, then addresses, each compared as BCS bytes by aptos_std
//     comparator: byte by byte, then by length. Names are vector<u8>, so
//     their BCS starts with a ULEB128 length and a shorter name sorts first
//     (LUCKY before SupraCoin); addresses are 32 raw bytes, so they compare
//     as big-endian numbers. A pool is stored under its sorted pair (X, Y);
//     router views accept either order and answer in the order given.
//   - SwapEvent: pair_x and pair_y are the sorted pair's type names (in the
//     node's short address form, see [CoinType.String]), x_in,
//     x_out, y_in, y_out the pool-side amounts, timestamp the block time in
//     seconds (Dexlyn adds these fields to Liquidswap's event).
//
// The pool never pays out more than its reserves, and every coin that enters
// (swap input, liquidity) or leaves (swap output, burned LP) is accounted
// for in Reserve + DAO, which is exactly what the pool's account must hold.
package dex

import (
	"github.com/luckycoin/lucky/internal/supra"

	"encoding/hex"
	"errors"
	"fmt"
	"math/big"
	"math/bits"
	"strings"
)

// Liquidswap constants.
const (
	FeeScale         = 10_000
	DefaultFee       = 30 // 0.3 %
	DaoFeeScale      = 100
	DefaultDaoFee    = 33 // 33 % of the fee
	MinimalLiquidity = 1_000
	MinFee           = 1
	MaxFee           = 100
)

// Sentinel errors, each with Liquidswap's abort code (see [AbortCode]).
var (
	ErrWrongAmount         = errors.New("dex: wrong amount")                          // 200
	ErrWrongReserve        = errors.New("dex: wrong reserve")                         // 201
	ErrInsufficientY       = errors.New("dex: insufficient Y amount")                 // 202
	ErrInsufficientX       = errors.New("dex: insufficient X amount")                 // 203
	ErrOverlimitX          = errors.New("dex: overlimit of X")                        // 204
	ErrOutBelowMin         = errors.New("dex: amount out less than expected minimum") // 205
	ErrInAboveMax          = errors.New("dex: needed amount in greater than maximum") // 206
	ErrWrongCoinOrder      = errors.New("dex: wrong order of coin parameters")        // 208
	ErrPoolExists          = errors.New("dex: pool exists for pair")                  // 101
	ErrInitialLiquidity    = errors.New("dex: not enough initial liquidity")          // 102
	ErrNotEnoughLiquidity  = errors.New("dex: not enough liquidity")                  // 103
	ErrEmptyCoinIn         = errors.New("dex: empty coin in")                         // 104
	ErrIncorrectSwap       = errors.New("dex: incorrect swap")                        // 105
	ErrIncorrectBurnValues = errors.New("dex: incorrect burn values")                 // 106
	ErrPoolMissing         = errors.New("dex: pool does not exist")                   // 107
	ErrDivideByZero        = errors.New("dex: divide by zero")                        // 2000
	ErrSameCoin            = errors.New("dex: coins cannot be the same")              // 3000
	ErrInvalidFee          = errors.New("dex: invalid fee")                           // 302
	ErrArithmetic          = errors.New("dex: arithmetic overflow or underflow")
	ErrBadType             = errors.New("dex: malformed coin type")
	ErrInsufficientLP      = errors.New("dex: insufficient LP balance")
)

// AbortCode returns Liquidswap's abort code for err, if it has one.
func AbortCode(err error) (uint64, bool) {
	codes := []struct {
		err  error
		code uint64
	}{
		{ErrWrongAmount, 200}, {ErrWrongReserve, 201}, {ErrInsufficientY, 202}, {ErrInsufficientX, 203},
		{ErrOverlimitX, 204}, {ErrOutBelowMin, 205}, {ErrInAboveMax, 206}, {ErrWrongCoinOrder, 208},
		{ErrPoolExists, 101}, {ErrInitialLiquidity, 102}, {ErrNotEnoughLiquidity, 103}, {ErrEmptyCoinIn, 104},
		{ErrIncorrectSwap, 105}, {ErrIncorrectBurnValues, 106}, {ErrPoolMissing, 107},
		{ErrDivideByZero, 2000}, {ErrSameCoin, 3000}, {ErrInvalidFee, 302},
	}
	for _, c := range codes {
		if errors.Is(err, c.err) {
			return c.code, true
		}
	}
	return 0, false
}

// CoinType is a coin's type, the app's own supra.CoinType: the emulated pools and the
// client's bindings parse, compare and order coins with the same code.
type CoinType = supra.CoinType

// ParseCoinType parses "0x…::module::Name"; the address may be short. A bad type is
// ErrBadType.
func ParseCoinType(s string) (CoinType, error) {
	c, err := supra.ParseCoinType(strings.TrimSpace(s))
	if err != nil {
		return CoinType{}, fmt.Errorf("%w: %q", ErrBadType, s)
	}
	return c, nil
}

// MustParseCoinType is ParseCoinType for constants in tests and genesis.
func MustParseCoinType(s string) CoinType {
	c, err := ParseCoinType(s)
	if err != nil {
		panic(err)
	}
	return c
}

// FormatAddress renders an address in Move's short form.
func FormatAddress(a [32]byte) string {
	h := strings.TrimLeft(hex.EncodeToString(a[:]), "0")
	if h == "" {
		h = "0"
	}
	return "0x" + h
}

// Compare is coin_helper::compare<X, Y>: −1 when x sorts first.
func Compare(x, y CoinType) int { return x.Compare(y) }

// IsSorted is coin_helper::is_sorted<X, Y>: it fails for the same coin.
func IsSorted(x, y CoinType) (bool, error) {
	c := Compare(x, y)
	if c == 0 {
		return false, ErrSameCoin
	}
	return c < 0, nil
}

func mul64(a, b uint64) (uint64, error) {
	hi, lo := bits.Mul64(a, b)
	if hi != 0 {
		return 0, ErrArithmetic
	}
	return lo, nil
}

func add64(a, b uint64) (uint64, error) {
	s, c := bits.Add64(a, b, 0)
	if c != 0 {
		return 0, ErrArithmetic
	}
	return s, nil
}

// mulDiv is math::mul_div: floor(x×y/z) with a u128 product; the cast back
// to u64 aborts when the quotient does not fit.
func mulDiv(x, y, z uint64) (uint64, error) {
	if z == 0 {
		return 0, ErrDivideByZero
	}
	hi, lo := bits.Mul64(x, y)
	if hi >= z {
		return 0, ErrArithmetic
	}
	q, _ := bits.Div64(hi, lo, z)
	return q, nil
}

// mulDivU128 is math::mul_div_u128 with x, y, z below 2^128 (here all u64).
func mulDivU128(x, y, z uint64) (uint64, error) {
	if z == 0 {
		return 0, ErrDivideByZero
	}
	r := new(big.Int).Mul(new(big.Int).SetUint64(x), new(big.Int).SetUint64(y))
	r.Quo(r, new(big.Int).SetUint64(z))
	if !r.IsUint64() {
		return 0, ErrArithmetic
	}
	return r.Uint64(), nil
}

// AmountOut is router::get_coin_out_with_fees for the uncorrelated curve.
func AmountOut(in, reserveIn, reserveOut, fee, scale uint64) (uint64, error) {
	if fee > scale {
		return 0, ErrArithmetic
	}
	afterFees, err := mul64(in, scale-fee)
	if err != nil {
		return 0, err
	}
	scaled, err := mul64(reserveIn, scale)
	if err != nil {
		return 0, err
	}
	newReserveIn, err := add64(scaled, afterFees)
	if err != nil {
		return 0, err
	}
	return mulDiv(afterFees, reserveOut, newReserveIn)
}

// AmountIn is router::get_coin_in_with_fees for the uncorrelated curve.
func AmountIn(out, reserveOut, reserveIn, fee, scale uint64) (uint64, error) {
	if fee > scale || out > reserveOut {
		return 0, ErrArithmetic
	}
	newReservesOut, err := mul64(reserveOut-out, scale-fee)
	if err != nil {
		return 0, err
	}
	scaledIn, err := mul64(reserveIn, scale)
	if err != nil {
		return 0, err
	}
	in, err := mulDiv(out, scaledIn, newReservesOut)
	if err != nil {
		return 0, err
	}
	return add64(in, 1)
}

// ConvertWithCurrentPrice is router::convert_with_current_price.
func ConvertWithCurrentPrice(in, reserveIn, reserveOut uint64) (uint64, error) {
	if in == 0 {
		return 0, ErrWrongAmount
	}
	if reserveIn == 0 || reserveOut == 0 {
		return 0, ErrWrongReserve
	}
	return mulDiv(in, reserveOut, reserveIn)
}

// Sqrt is math::sqrt: floor of the square root of a u128.
func Sqrt(hi, lo uint64) uint64 {
	v := new(big.Int).Lsh(new(big.Int).SetUint64(hi), 64)
	v.Or(v, new(big.Int).SetUint64(lo))
	return v.Sqrt(v).Uint64()
}

func errorsIs(err, target error) bool { return errors.Is(err, target) }
