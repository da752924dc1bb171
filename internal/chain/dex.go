package chain

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math/bits"
	"net/http"
	"regexp"
	"strconv"

	"github.com/luckycoin/lucky/internal/supra"
)

// Dexlyn (a Liquidswap fork) bindings over the router views and the scripts entry
// functions. Every pool here is an Uncorrelated (x·y = k)
// pool; the curve type comes from the network preset.

// ErrPairNotFound: the DEX has no pool for the pair (Liquidswap's ERR_POOL_DOES_NOT_EXIST).
var ErrPairNotFound = errors.New("chain: swap pair not found")

// poolMissingRE matches a node's answer for a view or transaction that aborted with
// Liquidswap's ERR_POOL_DOES_NOT_EXIST (107 = 0x6b): the devnet writes
// "Move abort in 0x…::router: 0x6b: …", Aptos-style nodes "…ABORTED… 107" or the name.
var poolMissingRE = regexp.MustCompile(`(?i)abort.*(\b0x6b\b|\b107\b|POOL_DOES_NOT_EXIST)|pool does not exist`)

// pairMissing reports a node error that means "no pool for this pair".
func pairMissing(err error) bool {
	var ne *supra.NodeError
	return errors.As(err, &ne) && ne.Status < http.StatusInternalServerError && poolMissingRE.MatchString(ne.Message)
}

// dexRouter returns the router module and the curve type of the network.
func (c *Dex) dexRouter() (supra.ModuleID, string, error) {
	m := c.net.Modules
	if m.DexPackage == "" || m.DexCurve == "" {
		return supra.ModuleID{}, "", fmt.Errorf("%w: dex", ErrNotConfigured)
	}
	addr, err := supra.ParseAddress(m.DexPackage)
	if err != nil {
		return supra.ModuleID{}, "", fmt.Errorf("%w: dex package %q: %v", ErrNotConfigured, m.DexPackage, err)
	}
	return supra.ModuleID{Address: addr, Name: "router"}, m.DexCurve, nil
}

// ComparePair is Liquidswap's coin_helper::compare<X, Y> (supra.CoinType.Compare): −1
// when a sorts first, 0 for the same coin. It is the order pools are stored in on chain; the
// original app's JS string comparison (`a < b`) differs from it (it puts
// 0x1::supra_coin::SupraCoin first).
func ComparePair(a, b supra.CoinType) int { return a.Compare(b) }

// SortPair returns the pair in on-chain order and whether it swapped them. The same coin
// twice is an input error (Liquidswap aborts with ERR_CANNOT_BE_THE_SAME_COIN), and so is
// a missing coin.
func SortPair(a, b supra.CoinType) (x, y supra.CoinType, swapped bool, err error) {
	switch {
	case a.IsZero() || b.IsZero():
		return x, y, false, inputErr(CodeInvalidTypeArgs, "A pair needs two coins.")
	case a == b:
		return x, y, false, inputErr(CodeInvalidTypeArgs, "A pair needs two different coins.")
	case a.Compare(b) > 0:
		return b, a, true, nil
	}
	return a, b, false, nil
}

// routerView calls router::<fn><X, Y, Curve>(args…) and maps a missing pool to
// ErrPairNotFound.
func (c *Dex) routerView(ctx context.Context, fn string, x, y supra.CoinType, args ...string) ([]json.RawMessage, error) {
	router, curve, err := c.dexRouter()
	if err != nil {
		return nil, err
	}
	res, err := c.view(ctx, router.String()+"::"+fn, []string{x.String(), y.String(), curve}, args)
	if err != nil {
		if pairMissing(err) {
			return nil, fmt.Errorf("%w: %s/%s", ErrPairNotFound, x, y)
		}
		return nil, fmt.Errorf("dex %s<%s, %s>: %w", fn, x, y, err)
	}
	return res, nil
}

// twoU64 reads a view result of two u64 values.
func twoU64(res []json.RawMessage) (uint64, uint64, error) {
	if len(res) < 2 {
		return 0, 0, fmt.Errorf("%w: want two values, got %d", ErrBadResponse, len(res))
	}
	a, err := firstU64(res[:1])
	if err != nil {
		return 0, 0, err
	}
	b, err := firstU64(res[1:2])
	if err != nil {
		return 0, 0, err
	}
	return a, b, nil
}

// PairExists is router::is_swap_exists for the pair (asked in on-chain order).
func (c *Dex) PairExists(ctx context.Context, a, b supra.CoinType) (bool, error) {
	x, y, _, err := SortPair(a, b)
	if err != nil {
		return false, err
	}
	res, err := c.routerView(ctx, "is_swap_exists", x, y)
	if errors.Is(err, ErrPairNotFound) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	if len(res) == 0 {
		return false, fmt.Errorf("%w: empty is_swap_exists result", ErrBadResponse)
	}
	var ok bool
	if err := json.Unmarshal(res[0], &ok); err != nil {
		return false, fmt.Errorf("%w: is_swap_exists: %v", ErrBadResponse, err)
	}
	return ok, nil
}

// Reserves are a pool's reserves in base units, in the order the caller asked for.
type Reserves struct {
	A, B uint64
}

// Reserves reads router::get_reserves_size for the pair a/b and returns the reserves of
// a and of b, in that order. The view is asked with the pair in on-chain order (the
// order the pool is stored in, which every Liquidswap fork accepts) and the answer is
// swapped back when needed. A pair without a pool is ErrPairNotFound.
func (c *Dex) Reserves(ctx context.Context, a, b supra.CoinType) (Reserves, error) {
	x, y, swapped, err := SortPair(a, b)
	if err != nil {
		return Reserves{}, err
	}
	res, err := c.routerView(ctx, "get_reserves_size", x, y)
	if err != nil {
		return Reserves{}, err
	}
	rx, ry, err := twoU64(res)
	if err != nil {
		return Reserves{}, fmt.Errorf("get_reserves_size: %w", err)
	}
	if swapped {
		rx, ry = ry, rx
	}
	return Reserves{A: rx, B: ry}, nil
}

// Fees is a pool's swap fee: Fee parts per Scale of the input.
type Fees struct {
	Fee, Scale uint64
}

// FeesConfig reads router::get_fees_config for the pair (asked in on-chain order).
func (c *Dex) FeesConfig(ctx context.Context, a, b supra.CoinType) (Fees, error) {
	x, y, _, err := SortPair(a, b)
	if err != nil {
		return Fees{}, err
	}
	res, err := c.routerView(ctx, "get_fees_config", x, y)
	if err != nil {
		return Fees{}, err
	}
	fee, scale, err := twoU64(res)
	if err != nil {
		return Fees{}, fmt.Errorf("get_fees_config: %w", err)
	}
	if scale == 0 || fee >= scale {
		return Fees{}, fmt.Errorf("%w: fee %d of scale %d", ErrBadResponse, fee, scale)
	}
	return Fees{Fee: fee, Scale: scale}, nil
}

// DAOShare is the part of a swap's input that leaves a pool's reserves for its DAO
// storage: Liquidswap's split_fee_to_dao takes ceil(fee × daoFee / daoScale) parts per
// fee scale of the input. An indexer needs it to follow the reserves from SwapEvents.
type DAOShare struct {
	Mul, Scale uint64
}

// Of is the DAO share of an input: floor(in × Mul / Scale).
func (d DAOShare) Of(in uint64) uint64 {
	if d.Scale == 0 || d.Mul >= d.Scale {
		return 0 // not a share PoolDAOShare returns (Mul ≤ fee < Scale)
	}
	hi, lo := bits.Mul64(in, d.Mul)
	q, _ := bits.Div64(hi, lo, d.Scale) // hi < Mul < Scale: the quotient fits
	return q
}

// PoolDAOShare reads the pool's fee (get_fees_config) and DAO fee (get_dao_fees_config).
func (c *Dex) PoolDAOShare(ctx context.Context, a, b supra.CoinType) (DAOShare, error) {
	fees, err := c.FeesConfig(ctx, a, b)
	if err != nil {
		return DAOShare{}, err
	}
	x, y, _, err := SortPair(a, b)
	if err != nil {
		return DAOShare{}, err
	}
	res, err := c.routerView(ctx, "get_dao_fees_config", x, y)
	if err != nil {
		return DAOShare{}, err
	}
	dao, daoScale, err := twoU64(res)
	if err != nil {
		return DAOShare{}, fmt.Errorf("get_dao_fees_config: %w", err)
	}
	if daoScale == 0 || dao > daoScale {
		return DAOShare{}, fmt.Errorf("%w: DAO fee %d of scale %d", ErrBadResponse, dao, daoScale)
	}
	mul := fees.Fee * dao / daoScale
	if fees.Fee*dao%daoScale != 0 {
		mul++
	}
	return DAOShare{Mul: mul, Scale: fees.Scale}, nil
}

// AmountOut is router::get_amount_out<In, Out>(amountIn): what amountIn of coinIn buys
// of coinOut after fees. The type arguments keep the caller's order: here X is the coin
// in, not the pool's sorted side.
func (c *Dex) AmountOut(ctx context.Context, coinIn, coinOut supra.CoinType, amountIn uint64) (uint64, error) {
	if _, _, _, err := SortPair(coinIn, coinOut); err != nil {
		return 0, err
	}
	res, err := c.routerView(ctx, "get_amount_out", coinIn, coinOut, strconv.FormatUint(amountIn, 10))
	if err != nil {
		return 0, err
	}
	return firstU64(res)
}

// AmountIn is router::get_amount_in<In, Out>(amountOut): how much coinIn buys amountOut
// of coinOut after fees.
func (c *Dex) AmountIn(ctx context.Context, coinIn, coinOut supra.CoinType, amountOut uint64) (uint64, error) {
	if _, _, _, err := SortPair(coinIn, coinOut); err != nil {
		return 0, err
	}
	res, err := c.routerView(ctx, "get_amount_in", coinIn, coinOut, strconv.FormatUint(amountOut, 10))
	if err != nil {
		return 0, err
	}
	return firstU64(res)
}

// SwapPayload is the entry call scripts::swap<In, Out, Uncorrelated>(amount_in, min_out):
// exact input, at least minOut received or the transaction aborts.
func (c *Dex) SwapPayload(coinIn, coinOut supra.CoinType, amountIn, minOut uint64) (supra.EntryFunction, error) {
	router, curve, err := c.dexRouter()
	if err != nil {
		return supra.EntryFunction{}, err
	}
	if _, _, _, err := SortPair(coinIn, coinOut); err != nil {
		return supra.EntryFunction{}, err
	}
	curveTag, err := typeTag(curve)
	if err != nil {
		return supra.EntryFunction{}, err
	}
	tys := []supra.TypeTag{coinIn.TypeTag(), coinOut.TypeTag(), curveTag}
	return supra.EntryFunction{
		Module:   supra.ModuleID{Address: router.Address, Name: "scripts"},
		Function: "swap",
		TypeArgs: tys,
		Args:     [][]byte{u64LE(amountIn), u64LE(minOut)},
	}, nil
}

// BuildSwap builds scripts::swap<In, Out, Uncorrelated>(amount_in, min_out) from sender
// through the typed entry path (sequence number, gas price, chain id and expiry filled in).
func (c *Dex) BuildSwap(ctx context.Context, sender supra.Address, coinIn, coinOut supra.CoinType, amountIn, minOut uint64) (*Built, error) {
	p, err := c.SwapPayload(coinIn, coinOut, amountIn, minOut)
	if err != nil {
		return nil, err
	}
	return c.buildCall(ctx, sender, Call{
		Function: supra.FunctionID{Module: p.Module, Name: p.Function},
		TypeArgs: p.TypeArgs,
		Args:     p.Args,
		Shown:    []string{strconv.FormatUint(amountIn, 10), strconv.FormatUint(minOut, 10)},
	})
}

// SwapCall is the same swap as a CallRequest for Build (which checks it against the
// module's ABI and fills sequence number, gas and expiry).
func (c *Dex) SwapCall(sender string, coinIn, coinOut supra.CoinType, amountIn, minOut uint64) (CallRequest, error) {
	p, err := c.SwapPayload(coinIn, coinOut, amountIn, minOut)
	if err != nil {
		return CallRequest{}, err
	}
	q := func(v uint64) json.RawMessage { return json.RawMessage(strconv.Quote(strconv.FormatUint(v, 10))) }
	return CallRequest{
		Sender:    sender,
		Function:  p.Module.String() + "::" + p.Function,
		TypeArgs:  []string{p.TypeArgs[0].String(), p.TypeArgs[1].String(), p.TypeArgs[2].String()},
		Arguments: []json.RawMessage{q(amountIn), q(minOut)},
	}, nil
}

func u64LE(v uint64) []byte {
	return binary.LittleEndian.AppendUint64(nil, v)
}
