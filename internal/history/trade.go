package history

import (
	"math"
	"math/big"
	"strconv"

	"github.com/luckycoin/lucky/internal/supra"
)

// Trade is a swap in a SUPRA pool seen from its base coin (the coin that is not SUPRA),
// decided once: candles, the 24 hour figures and the bots' buy alerts all read it.
type Trade struct {
	Meta
	Base supra.CoinType
	// Buy: the trader received the base coin (paid SUPRA); else a sell.
	Buy bool
	// BaseAmount and QuoteAmount are what changed hands, in base units (QuoteAmount is SUPRA).
	BaseAmount, QuoteAmount uint64
	// Price is SUPRA per whole base coin after the trade: the pool's spot price (its
	// reserves' ratio) when the index follows the pool, else the swap's own price.
	Price float64
	// PriceBefore is the spot price before the trade (the swap's own price when the pool
	// is not followed): a candle opens there.
	PriceBefore float64
	// SupraUSD is SUPRA's dollar price at the trade (nil before any is known), and
	// PriceUSD, PriceBeforeUSD the base coin's dollar prices from it.
	SupraUSD, PriceUSD, PriceBeforeUSD *float64
}

// QuoteUSD is what the SUPRA side was worth in dollars at the trade (nil without a dollar
// price): the amount stays exact, only the price is a display ratio.
func (t Trade) QuoteUSD(nativeDecimals uint8) *big.Rat {
	if t.SupraUSD == nil {
		return nil
	}
	p := DisplayRat(*t.SupraUSD)
	if p == nil {
		return nil
	}
	return p.Mul(p, new(big.Rat).SetFrac(new(big.Int).SetUint64(t.QuoteAmount), pow10(nativeDecimals)))
}

// DisplayRat is a displayed price as the decimal it stands for (its shortest decimal
// form: the float nearest 0.0075 is 0.0075, not 0.00749999…), for exact arithmetic with
// amounts; nil for no price (zero, negative, not finite).
func DisplayRat(f float64) *big.Rat {
	if !(f > 0) || math.IsInf(f, 0) {
		return nil
	}
	r, ok := new(big.Rat).SetString(strconv.FormatFloat(f, 'g', -1, 64))
	if !ok {
		return nil
	}
	return r
}

// side reads a swap as a trade of its base coin: ok is false outside SUPRA pools, for a
// swap that moved nothing, or when a coin's decimals are unknown.
func (r Rules) side(sw Swap) (t Trade, baseIsX bool, ok bool) {
	t.Meta = sw.Meta
	switch r.Native {
	case sw.PairY:
		t.Base, baseIsX = sw.PairX, true
		t.BaseAmount, t.QuoteAmount, t.Buy = sw.XIn+sw.XOut, sw.YIn+sw.YOut, sw.XOut > 0
	case sw.PairX:
		t.Base = sw.PairY
		t.BaseAmount, t.QuoteAmount, t.Buy = sw.YIn+sw.YOut, sw.XIn+sw.XOut, sw.YOut > 0
	default:
		return t, false, false
	}
	if r.Native.IsZero() || t.BaseAmount == 0 || t.QuoteAmount == 0 {
		return t, false, false
	}
	if _, ok := r.decimals(t.Base); !ok {
		return t, false, false
	}
	if _, ok := r.decimals(r.Native); !ok {
		return t, false, false
	}
	return t, baseIsX, true
}

// spot is the price of the trade's base coin in SUPRA from reserves, or from the trade's
// own amounts when the reserves are unknown or empty.
func (r Rules) spot(t Trade, res *Reserves, baseIsX bool) float64 {
	db, _ := r.decimals(t.Base)
	dq, _ := r.decimals(r.Native)
	base, quote := new(big.Int).SetUint64(t.BaseAmount), new(big.Int).SetUint64(t.QuoteAmount)
	if res != nil {
		rb, rq := res.X, res.Y
		if !baseIsX {
			rb, rq = res.Y, res.X
		}
		if rb.Sign() > 0 && rq.Sign() > 0 {
			base, quote = rb, rq
		}
	}
	return Ratio(quote, base, dq, db)
}

// supraUSDFromPools is SUPRA's dollar price from the USD pool's reserves (either order),
// nil while that pool is unknown or empty.
func (r Rules) supraUSDFromPools(pools map[Pair]*Reserves) *float64 {
	if r.USDCoin.IsZero() {
		return nil
	}
	du, ok1 := r.decimals(r.USDCoin)
	dn, ok2 := r.decimals(r.Native)
	if !ok1 || !ok2 {
		return nil
	}
	var usd, native *big.Int
	if p := pools[Pair{r.USDCoin, r.Native}]; p != nil {
		usd, native = p.X, p.Y
	} else if p := pools[Pair{r.Native, r.USDCoin}]; p != nil {
		usd, native = p.Y, p.X
	}
	if usd == nil || usd.Sign() <= 0 || native.Sign() <= 0 {
		return nil
	}
	v := SupraUSD(usd, native, du, dn)
	return &v
}

func times(p float64, usd *float64) *float64 {
	if usd == nil {
		return nil
	}
	v := p * *usd
	return &v
}
