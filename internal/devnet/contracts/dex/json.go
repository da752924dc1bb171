package dex

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
	"maps"
	"math/big"
	"slices"
)

type poolJSON struct {
	X        CoinType          `json:"pair_x"`
	Y        CoinType          `json:"pair_y"`
	ReserveX uint64            `json:"reserve_x,string"`
	ReserveY uint64            `json:"reserve_y,string"`
	DaoX     uint64            `json:"dao_x,string"`
	DaoY     uint64            `json:"dao_y,string"`
	Fee      uint64            `json:"fee,string"`
	DaoFee   uint64            `json:"dao_fee,string"`
	LPSupply uint64            `json:"lp_supply,string"`
	LP       map[string]string `json:"lp_balances"` // provider address → amount
	// The oracle, as decimal u128 strings; absent in states saved before it existed.
	PriceXCumulative string `json:"last_price_x_cumulative,omitempty"`
	PriceYCumulative string `json:"last_price_y_cumulative,omitempty"`
	LastTimestamp    uint64 `json:"last_block_timestamp,string,omitempty"`
}

// MarshalJSON stores the exchange as a resource value (u64 as strings).
func (e *Exchange) MarshalJSON() ([]byte, error) {
	pools := []poolJSON{}
	keys := slices.SortedFunc(maps.Keys(e.pools), func(a, b pairKey) int {
		if c := Compare(a.x, b.x); c != 0 {
			return c
		}
		return Compare(a.y, b.y)
	})
	for _, k := range keys {
		p := e.pools[k]
		lp := map[string]string{}
		for a, v := range p.lp {
			lp["0x"+hex.EncodeToString(a[:])] = fmt.Sprint(v)
		}
		pools = append(pools, poolJSON{p.X, p.Y, p.ReserveX, p.ReserveY, p.DaoX, p.DaoY, p.Fee, p.DaoFee, p.LPSupply, lp,
			p.PriceXCumulative.Big().String(), p.PriceYCumulative.Big().String(), p.LastTimestamp})
	}
	return json.Marshal(map[string]any{"pools": pools})
}

// UnmarshalJSON restores an exchange stored by MarshalJSON.
func (e *Exchange) UnmarshalJSON(b []byte) error {
	var in struct {
		Pools []poolJSON `json:"pools"`
	}
	if err := json.Unmarshal(b, &in); err != nil {
		return err
	}
	*e = *NewExchange()
	for _, p := range in.Pools {
		pool := &Pool{X: p.X, Y: p.Y, ReserveX: p.ReserveX, ReserveY: p.ReserveY, DaoX: p.DaoX, DaoY: p.DaoY,
			Fee: p.Fee, DaoFee: p.DaoFee, LPSupply: p.LPSupply, LastTimestamp: p.LastTimestamp, lp: map[Address]uint64{}}
		for _, c := range []struct {
			s   string
			dst *U128
		}{{p.PriceXCumulative, &pool.PriceXCumulative}, {p.PriceYCumulative, &pool.PriceYCumulative}} {
			if c.s == "" {
				continue
			}
			b, ok := new(big.Int).SetString(c.s, 10)
			if !ok || b.Sign() < 0 || b.BitLen() > 128 {
				return fmt.Errorf("%w: cumulative price %q", ErrBadType, c.s)
			}
			*c.dst = u128Of(b)
		}
		for a, v := range p.LP {
			raw, err := hex.DecodeString(a[2:])
			if err != nil || len(raw) != 32 {
				return fmt.Errorf("%w: lp holder %q", ErrBadType, a)
			}
			var n uint64
			if _, err := fmt.Sscan(v, &n); err != nil {
				return fmt.Errorf("%w: lp amount %q", ErrBadType, v)
			}
			pool.lp[Address(raw)] = n
		}
		e.pools[pairKey{p.X, p.Y}] = pool
	}
	return nil
}
