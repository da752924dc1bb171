package history

import (
	"math/big"

	"github.com/luckycoin/lucky/internal/supra"
)

// Needs is the state a batch of events touches, for the store to read before Derive.
type Needs struct {
	// Rows that derive something, by the table the store keeps them in: the store says
	// which it already holds (Coins are in coin_events when tracked, burns when burned).
	Swaps, Liquidity, Coins []Key
	Pools                   []Pair
	Candles                 []CandleKey
	Holdings                []Holding
	Burns                   []BurnKey
}

// State is what the store holds of Needs. A missing map entry is "none yet".
type State struct {
	Seen       map[Key]bool
	Pools      map[Pair]*Reserves
	Candles    map[CandleKey]*Candle
	Balances   map[Holding]*big.Int
	BurnTotals map[BurnKey]*BurnTotal
	// SupraUSD is the last SUPRA dollar price the index took from a swap in the USD
	// coin's pool (used while the index does not follow that pool's reserves).
	SupraUSD *float64
}

// Derived is what a batch adds to the history: rows decided by the rules and the new
// values of everything it moved (each key once, in a fixed order).
type Derived struct {
	Trades     []Trade
	CoinEvents []CoinEvent // tracked coin's deposits and withdrawals
	Burns      []Burn
	Pools      []PoolState
	Candles    []CandleState
	Holders    []HolderState
	// HolderCounts move each coin's count of accounts with a positive balance: the store
	// keeps the count beside the balances, so a read never counts the holders.
	HolderCounts []HolderCount
	BurnTotals   []BurnTotalState
	// SupraUSD is set when the batch moved the last swap-derived SUPRA dollar price.
	SupraUSD *float64
}

// HolderCount is the change a batch makes to how many accounts hold a coin.
type HolderCount struct {
	Coin  supra.CoinType
	Delta int64
}

// PoolState, CandleState, HolderState and BurnTotalState are keyed new values.
type (
	PoolState struct {
		Pair
		Reserves
	}
	CandleState struct {
		CandleKey
		Candle
	}
	HolderState struct {
		Holding
		Balance *big.Int
	}
	BurnTotalState struct {
		BurnKey
		BurnTotal
	}
)

// Needs lists the state Derive reads for these events.
func (r Rules) Needs(ev Events) Needs {
	var n Needs
	pools := map[Pair]bool{}
	addPool := func(p Pair) {
		if !pools[p] {
			pools[p] = true
			n.Pools = append(n.Pools, p)
		}
	}
	candles := map[CandleKey]bool{}
	for _, sw := range ev.Swaps {
		n.Swaps = append(n.Swaps, sw.Key())
		addPool(Pair{sw.PairX, sw.PairY})
		if t, _, ok := r.side(sw); ok {
			for _, k := range Buckets(t.Base, sw.TimeUS) {
				if !candles[k] {
					candles[k] = true
					n.Candles = append(n.Candles, k)
				}
			}
		}
	}
	if len(ev.Swaps) > 0 && !r.USDCoin.IsZero() {
		addPool(Pair{r.USDCoin, r.Native})
		addPool(Pair{r.Native, r.USDCoin})
	}
	for _, l := range ev.Liquidity {
		n.Liquidity = append(n.Liquidity, l.Key())
		addPool(Pair{l.PairX, l.PairY})
	}
	holdings, burns := map[Holding]bool{}, map[BurnKey]bool{}
	for _, c := range ev.Coins {
		tracked, burn := r.Tracked(c), r.IsBurn(c)
		if tracked || burn {
			n.Coins = append(n.Coins, c.Key())
		}
		if h := (Holding{c.Coin, c.Account}); tracked && !holdings[h] {
			holdings[h] = true
			n.Holdings = append(n.Holdings, h)
		}
		if b := (BurnKey{c.Sender, c.Coin}); burn && !burns[b] {
			burns[b] = true
			n.Burns = append(n.Burns, b)
		}
	}
	return n
}

// Derive applies the rules to a batch's events given the state they touch. Events the
// store already holds (st.Seen) derive nothing, so a batch applied twice counts once.
// Swaps and liquidity events are taken together in chain order: a pool's reserves, and so
// every price, depend on it.
func (r Rules) Derive(st State, ev Events) Derived {
	var d Derived
	pools := map[Pair]*Reserves{}
	for k, v := range st.Pools {
		if v != nil {
			c := v.clone()
			pools[k] = &c
		}
	}
	movedPools := map[Pair]bool{}
	var poolOrder []Pair
	movePool := func(p Pair, res Reserves) {
		pools[p] = &res
		if !movedPools[p] {
			movedPools[p] = true
			poolOrder = append(poolOrder, p)
		}
	}
	candles := map[CandleKey]*Candle{}
	for k, v := range st.Candles {
		candles[k] = v
	}
	var candleOrder []CandleKey
	movedCandles := map[CandleKey]bool{}
	lastUSD := st.SupraUSD

	i, j := 0, 0
	for i < len(ev.Swaps) || j < len(ev.Liquidity) {
		if j == len(ev.Liquidity) || (i < len(ev.Swaps) && Before(ev.Swaps[i].Meta, ev.Liquidity[j].Meta)) {
			sw := ev.Swaps[i]
			i++
			if st.Seen[sw.Key()] {
				continue
			}
			pair := Pair{sw.PairX, sw.PairY}
			before := pools[pair]
			t, baseIsX, isTrade := r.side(sw)
			if isTrade {
				t.PriceBefore = r.spot(t, before, baseIsX)
			}
			var after *Reserves
			if before != nil {
				a := before.afterSwap(sw)
				movePool(pair, a)
				after = &a
			}
			if !isTrade {
				continue
			}
			t.Price = r.spot(t, after, baseIsX)
			// SUPRA's dollar price at this moment: from the USD pool's reserves when the
			// index follows them, else from the last swap in that pool.
			usd := r.supraUSDFromPools(pools)
			if usd == nil && !r.USDCoin.IsZero() && t.Base == r.USDCoin && t.Price > 0 {
				v := 1 / t.Price // the pool prices USD in SUPRA; SUPRA in USD is its inverse
				lastUSD, d.SupraUSD = &v, &v
			}
			if usd == nil {
				usd = lastUSD
			}
			t.SupraUSD, t.PriceUSD, t.PriceBeforeUSD = usd, times(t.Price, usd), times(t.PriceBefore, usd)
			if before == nil {
				// Without the pool's reserves the candle opens at the swap's own price.
				t.PriceBeforeUSD = t.PriceUSD
			}
			d.Trades = append(d.Trades, t)
			for _, k := range Buckets(t.Base, t.TimeUS) {
				c := AddTrade(candles[k], t)
				candles[k] = &c
				if !movedCandles[k] {
					movedCandles[k] = true
					candleOrder = append(candleOrder, k)
				}
			}
			continue
		}
		l := ev.Liquidity[j]
		j++
		if st.Seen[l.Key()] {
			continue
		}
		pair := Pair{l.PairX, l.PairY}
		if res, ok := afterLiquidity(pools[pair], l); ok {
			movePool(pair, res)
		}
	}
	for _, p := range poolOrder {
		d.Pools = append(d.Pools, PoolState{p, *pools[p]})
	}
	for _, k := range candleOrder {
		d.Candles = append(d.Candles, CandleState{k, *candles[k]})
	}

	balances := map[Holding]*big.Int{}
	var holdOrder []Holding
	totals := map[BurnKey]*BurnTotal{}
	var burnOrder []BurnKey
	for _, c := range ev.Coins {
		if st.Seen[c.Key()] {
			continue
		}
		if r.Tracked(c) {
			d.CoinEvents = append(d.CoinEvents, c)
			h := Holding{c.Coin, c.Account}
			if balances[h] == nil {
				balances[h] = new(big.Int)
				if b := st.Balances[h]; b != nil {
					balances[h].Set(b)
				}
				holdOrder = append(holdOrder, h)
			}
			balances[h].Add(balances[h], Delta(c))
		}
		if r.IsBurn(c) {
			d.Burns = append(d.Burns, Burn{Meta: c.Meta, Coin: c.Coin, Amount: c.Amount})
			k := BurnKey{c.Sender, c.Coin}
			if totals[k] == nil {
				totals[k] = &BurnTotal{Total: new(big.Int)}
				if b := st.BurnTotals[k]; b != nil {
					totals[k] = &BurnTotal{Total: new(big.Int).Set(b.Total), Burns: b.Burns}
				}
				burnOrder = append(burnOrder, k)
			}
			totals[k].Total.Add(totals[k].Total, new(big.Int).SetUint64(c.Amount))
			totals[k].Burns++
		}
	}
	for _, h := range holdOrder {
		d.Holders = append(d.Holders, HolderState{h, balances[h]})
	}
	d.HolderCounts = holderCounts(holdOrder, st.Balances, balances)
	for _, k := range burnOrder {
		d.BurnTotals = append(d.BurnTotals, BurnTotalState{k, *totals[k]})
	}
	return d
}

// holderCounts is, per coin in first-touched order, how many of the touched accounts began
// holding it (a balance above zero after, none before) less how many stopped.
func holderCounts(touched []Holding, before, after map[Holding]*big.Int) []HolderCount {
	var out []HolderCount
	at := map[supra.CoinType]int{}
	for _, h := range touched {
		was := before[h] != nil && before[h].Sign() > 0
		is := after[h].Sign() > 0
		if was == is {
			continue
		}
		i, ok := at[h.Coin]
		if !ok {
			i = len(out)
			at[h.Coin] = i
			out = append(out, HolderCount{Coin: h.Coin})
		}
		if is {
			out[i].Delta++
		} else {
			out[i].Delta--
		}
	}
	return out
}
