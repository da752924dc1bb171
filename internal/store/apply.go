package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"sort"
	"strconv"
)

// Meta places an event: its transaction, its index among the transaction's events (the
// row key), the block and the transaction's position in it (the order).
type Meta struct {
	TxHash     string
	EventIndex int
	Height     uint64
	TxPos      int
	TimeUS     int64 // block timestamp, microseconds since the Unix epoch
	Sender     string
}

// Swap is a Dexlyn SwapEvent. DaoX and DaoY are the parts of the inputs that left the
// reserves for the pool's DAO storage (the indexer computes them from the pool's fees):
// with them the store follows the reserves exactly.
type Swap struct {
	Meta
	PairX, PairY         string
	XIn, XOut, YIn, YOut uint64
	DaoX, DaoY           uint64
}

// Liquidity is a Dexlyn LiquidityAddedEvent (Added) or LiquidityRemovedEvent.
type Liquidity struct {
	Meta
	PairX, PairY string
	X, Y, LP     uint64
	Added        bool
}

// Play is a slots PlayEvent.
type Play struct {
	Meta
	Player, Token string
	Bet, Spins    uint64
	Won           uint64
	Tiers         []uint8
}

// CoinEvent is a 0x1::coin::CoinDeposit or CoinWithdraw.
type CoinEvent struct {
	Meta
	Deposit bool
	Coin    string
	Account string
	Amount  uint64
}

// RawEvent is an event kept as it came.
type RawEvent struct {
	Meta
	Type string
	Data json.RawMessage
}

// Batch is what the indexer read for a block range: every event of the streams in
// Cursors, in chain order, and the streams' new cursors. Apply writes it atomically.
type Batch struct {
	Cursors map[string]uint64
	// Last is the last block the batch covers (height and hash), kept to notice a chain
	// that was rewound under the index.
	Last      *BlockRef
	Swaps     []Swap
	Liquidity []Liquidity
	Plays     []Play
	Coins     []CoinEvent
	Raw       []RawEvent
}

// BlockRef names a block.
type BlockRef struct {
	Height uint64
	Hash   string
}

// Merge appends the next window's batch (read after b) to b; its cursors win.
func (b *Batch) Merge(next *Batch) {
	if next.Last != nil {
		b.Last = next.Last
	}
	b.Swaps = append(b.Swaps, next.Swaps...)
	b.Liquidity = append(b.Liquidity, next.Liquidity...)
	b.Plays = append(b.Plays, next.Plays...)
	b.Coins = append(b.Coins, next.Coins...)
	b.Raw = append(b.Raw, next.Raw...)
	for k, v := range next.Cursors {
		b.Cursors[k] = v
	}
}

// Intervals are the candle intervals in seconds: 1m, 5m, 1h, 1d.
var Intervals = []int64{60, 300, 3600, 86400}

type candleKey struct {
	base     string
	interval int64
	bucket   int64
}

type candle struct {
	open, high, low, close     float64
	openU, highU, lowU, closeU sql.NullFloat64
	volBase, volQuote          *big.Int
	buys, sells                int64
}

// Apply writes a batch in one transaction: rows (insert-or-ignore on (tx hash, event
// index)), what they derive (only for rows not seen before, so nothing counts twice) and
// the cursors. A crash before commit leaves the store as it was.
func (s *DB) Apply(ctx context.Context, b *Batch) (err error) {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: apply: %w", err)
	}
	defer func() {
		if err != nil {
			tx.Rollback()
		}
	}()
	a := &applier{s: s, tx: tx, ctx: ctx, candles: map[candleKey]*candle{}, pools: map[[2]string]*pool{}}
	if err := a.poolEvents(b.Swaps, b.Liquidity); err != nil {
		return err
	}
	if err := a.plays(b.Plays); err != nil {
		return err
	}
	if err := a.coins(b.Coins); err != nil {
		return err
	}
	if err := a.raw(b.Raw); err != nil {
		return err
	}
	if err := a.flushCandles(); err != nil {
		return err
	}
	if err := a.flushPools(); err != nil {
		return err
	}
	if b.Last != nil {
		if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO kv (k, v) VALUES (?, ?)
			ON CONFLICT (k) DO UPDATE SET v = excluded.v`), "last_block", strconv.FormatUint(b.Last.Height, 10)+" "+b.Last.Hash); err != nil {
			return fmt.Errorf("store: last block: %w", err)
		}
	}
	streams := make([]string, 0, len(b.Cursors))
	for k := range b.Cursors {
		streams = append(streams, k)
	}
	sort.Strings(streams)
	for _, k := range streams {
		if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO cursors (stream, height) VALUES (?, ?)
			ON CONFLICT (stream) DO UPDATE SET height = excluded.height`), k, int64(b.Cursors[k])); err != nil {
			return fmt.Errorf("store: cursor %s: %w", k, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: commit: %w", err)
	}
	return nil
}

type applier struct {
	s       *DB
	tx      *sql.Tx
	ctx     context.Context
	candles map[candleKey]*candle
	order   []candleKey
	usd     *float64 // SUPRA in USD, loaded lazily
	usdSet  bool
	pools   map[[2]string]*pool // by (pair_x, pair_y); nil value: not known to the index
	poolOrd [][2]string
}

func u(v uint64) string { return strconv.FormatUint(v, 10) }

// insert runs an insert-or-ignore and reports whether the row is new.
func (a *applier) insert(stmt *sql.Stmt, args ...any) (bool, error) {
	res, err := stmt.ExecContext(a.ctx, args...)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func (a *applier) prepare(query string) (*sql.Stmt, error) {
	st, err := a.tx.PrepareContext(a.ctx, a.s.q(query))
	if err != nil {
		return nil, fmt.Errorf("store: prepare: %w", err)
	}
	return st, nil
}

// poolEvents applies swaps and liquidity events in chain order (a pool's reserves depend
// on it): rows insert-or-ignore, and only a new row moves reserves and candles.
func (a *applier) poolEvents(swaps []Swap, liq []Liquidity) error {
	if len(swaps) == 0 && len(liq) == 0 {
		return nil
	}
	insSwap, err := a.prepare(`INSERT INTO swaps (tx_hash, event_index, height, tx_pos, time_us, sender, pair_x, pair_y, x_in, x_out, y_in, y_out)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (tx_hash, event_index) DO NOTHING`)
	if err != nil {
		return err
	}
	defer insSwap.Close()
	insLiq, err := a.prepare(`INSERT INTO liquidity (tx_hash, event_index, height, tx_pos, time_us, pair_x, pair_y, added, x_val, y_val, lp)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (tx_hash, event_index) DO NOTHING`)
	if err != nil {
		return err
	}
	defer insLiq.Close()
	i, j := 0, 0
	for i < len(swaps) || j < len(liq) {
		if j == len(liq) || (i < len(swaps) && before(swaps[i].Meta, liq[j].Meta)) {
			sw := swaps[i]
			i++
			isNew, err := a.insert(insSwap, sw.TxHash, sw.EventIndex, int64(sw.Height), sw.TxPos, sw.TimeUS, sw.Sender,
				sw.PairX, sw.PairY, u(sw.XIn), u(sw.XOut), u(sw.YIn), u(sw.YOut))
			if err != nil {
				return fmt.Errorf("store: swap %s#%d: %w", sw.TxHash, sw.EventIndex, err)
			}
			if !isNew {
				continue
			}
			p, err := a.pool(sw.PairX, sw.PairY)
			if err != nil {
				return err
			}
			// A candle opens at the pool's spot price before its first swap.
			var open *float64
			if p != nil {
				if t, ok := a.toTrade(sw, p); ok {
					open = &t.price
				}
				p.swap(sw)
			}
			if err := a.candleTrade(sw, p, open); err != nil {
				return err
			}
			continue
		}
		l := liq[j]
		j++
		isNew, err := a.insert(insLiq, l.TxHash, l.EventIndex, int64(l.Height), l.TxPos, l.TimeUS, l.PairX, l.PairY,
			boolInt(l.Added), u(l.X), u(l.Y), u(l.LP))
		if err != nil {
			return fmt.Errorf("store: liquidity %s#%d: %w", l.TxHash, l.EventIndex, err)
		}
		if isNew {
			if err := a.liquidity(l); err != nil {
				return err
			}
		}
	}
	return nil
}

// before orders events in the chain.
func before(a, b Meta) bool {
	if a.Height != b.Height {
		return a.Height < b.Height
	}
	if a.TxPos != b.TxPos {
		return a.TxPos < b.TxPos
	}
	return a.EventIndex < b.EventIndex
}

// pool is a pool's reserves as the index follows them.
type pool struct {
	x, y  *big.Int
	dirty bool
}

// swap moves the reserves like Liquidswap's swap: the inputs join them, the outputs and
// the DAO's share of the inputs leave.
func (p *pool) swap(sw Swap) {
	p.x.Add(p.x, new(big.Int).SetUint64(sw.XIn))
	p.x.Sub(p.x, new(big.Int).SetUint64(sw.XOut+sw.DaoX))
	p.y.Add(p.y, new(big.Int).SetUint64(sw.YIn))
	p.y.Sub(p.y, new(big.Int).SetUint64(sw.YOut+sw.DaoY))
	p.dirty = true
}

// minimalLiquidity is the LP Liquidswap locks at a pool's first deposit.
const minimalLiquidity = 1000

// liquidity moves a known pool's reserves. A pool the index has not seen becomes known
// at its first deposit, recognised by Liquidswap's LP rule (sqrt(x·y) − 1000 minted);
// an index started after a pool's creation never learns its reserves and prices its
// swaps at their execution price instead.
func (a *applier) liquidity(l Liquidity) error {
	p, err := a.pool(l.PairX, l.PairY)
	if err != nil {
		return err
	}
	x, y := new(big.Int).SetUint64(l.X), new(big.Int).SetUint64(l.Y)
	switch {
	case p == nil && l.Added:
		root := new(big.Int).Sqrt(new(big.Int).Mul(x, y))
		if root.Cmp(big.NewInt(minimalLiquidity)) <= 0 || new(big.Int).Sub(root, big.NewInt(minimalLiquidity)).Cmp(new(big.Int).SetUint64(l.LP)) != 0 {
			return nil // a later deposit into a pool created before the index's start
		}
		k := [2]string{l.PairX, l.PairY}
		a.pools[k] = &pool{x: x, y: y, dirty: true}
		a.poolOrd = append(a.poolOrd, k)
	case p == nil:
	case l.Added:
		p.x.Add(p.x, x)
		p.y.Add(p.y, y)
		p.dirty = true
	default:
		p.x.Sub(p.x, x)
		p.y.Sub(p.y, y)
		p.dirty = true
	}
	return nil
}

// pool returns a pool's reserves from this batch or the database (nil when unknown).
func (a *applier) pool(x, y string) (*pool, error) {
	k := [2]string{x, y}
	if p, ok := a.pools[k]; ok {
		return p, nil
	}
	var rx, ry string
	err := a.tx.QueryRowContext(a.ctx, a.s.q("SELECT reserve_x, reserve_y FROM pools WHERE pair_x = ? AND pair_y = ?"), x, y).Scan(&rx, &ry)
	if errors.Is(err, sql.ErrNoRows) {
		a.pools[k] = nil
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("store: pool: %w", err)
	}
	p := &pool{}
	var ok1, ok2 bool
	p.x, ok1 = new(big.Int).SetString(rx, 10)
	p.y, ok2 = new(big.Int).SetString(ry, 10)
	if !ok1 || !ok2 {
		return nil, fmt.Errorf("store: pool %s/%s: bad reserves %q/%q", x, y, rx, ry)
	}
	a.pools[k] = p
	a.poolOrd = append(a.poolOrd, k)
	return p, nil
}

func (a *applier) flushPools() error {
	for _, k := range a.poolOrd {
		p := a.pools[k]
		if p == nil || !p.dirty {
			continue
		}
		if _, err := a.tx.ExecContext(a.ctx, a.s.q(`INSERT INTO pools (pair_x, pair_y, reserve_x, reserve_y) VALUES (?, ?, ?, ?)
			ON CONFLICT (pair_x, pair_y) DO UPDATE SET reserve_x = excluded.reserve_x, reserve_y = excluded.reserve_y`),
			k[0], k[1], p.x.String(), p.y.String()); err != nil {
			return fmt.Errorf("store: pool: %w", err)
		}
	}
	return nil
}

// trade is a swap seen from its pool's base token (the coin that is not SUPRA).
type trade struct {
	base              string
	baseAmt, quoteAmt uint64
	buy               bool // the trader received the base token
	// price is SUPRA per whole base token: the pool's spot price after the swap (its
	// reserves' ratio) when the index follows the pool, else the swap's own price.
	price float64
}

func (a *applier) toTrade(sw Swap, p *pool) (trade, bool) {
	d := a.s.derive
	var t trade
	var resBase, resQuote *big.Int
	switch d.Native {
	case sw.PairY:
		t.base = sw.PairX
		t.baseAmt, t.quoteAmt, t.buy = sw.XIn+sw.XOut, sw.YIn+sw.YOut, sw.XOut > 0
		if p != nil {
			resBase, resQuote = p.x, p.y
		}
	case sw.PairX:
		t.base = sw.PairY
		t.baseAmt, t.quoteAmt, t.buy = sw.YIn+sw.YOut, sw.XIn+sw.XOut, sw.YOut > 0
		if p != nil {
			resBase, resQuote = p.y, p.x
		}
	default:
		return t, false // not a SUPRA pool
	}
	if d.Decimals == nil || t.baseAmt == 0 || t.quoteAmt == 0 {
		return t, false
	}
	db, ok1 := d.Decimals(t.base)
	dq, ok2 := d.Decimals(d.Native)
	if !ok1 || !ok2 {
		return t, false
	}
	base, quote := new(big.Int).SetUint64(t.baseAmt), new(big.Int).SetUint64(t.quoteAmt)
	if resBase != nil && resBase.Sign() > 0 && resQuote.Sign() > 0 {
		base, quote = resBase, resQuote
	}
	// price = (quote / 10^dq) / (base / 10^db), exact until the final rounding.
	r := new(big.Rat).SetFrac(new(big.Int).Mul(quote, pow10(db)), new(big.Int).Mul(base, pow10(dq)))
	t.price, _ = r.Float64()
	return t, true
}

func pow10(n uint8) *big.Int { return new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(n)), nil) }

// supraUSD is the last SUPRA price in USD the index has seen (from swaps in the
// USD coin's pool), kept in kv so a restart continues with the same value.
func (a *applier) supraUSD() (*float64, error) {
	if a.usdSet {
		return a.usd, nil
	}
	a.usdSet = true
	var v string
	err := a.tx.QueryRowContext(a.ctx, a.s.q("SELECT v FROM kv WHERE k = ?"), "supra_usd").Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("store: supra_usd: %w", err)
	}
	f, err := strconv.ParseFloat(v, 64)
	if err != nil {
		return nil, fmt.Errorf("store: supra_usd %q: %w", v, err)
	}
	a.usd = &f
	return a.usd, nil
}

// candleTrade adds a swap to its candles; open is the pool's spot price before it (nil
// when the index does not follow the pool: the candle opens at the swap's price).
func (a *applier) candleTrade(sw Swap, p *pool, open *float64) error {
	t, ok := a.toTrade(sw, p)
	if !ok {
		return nil
	}
	usd, err := a.supraUSD()
	if err != nil {
		return err
	}
	if a.s.derive.USDCoin != "" && t.base == a.s.derive.USDCoin && t.price > 0 {
		// The pool prices USD in SUPRA; SUPRA in USD is its inverse.
		v := 1 / t.price
		usd = &v
		a.usd = usd
		if _, err := a.tx.ExecContext(a.ctx, a.s.q(`INSERT INTO kv (k, v) VALUES (?, ?)
			ON CONFLICT (k) DO UPDATE SET v = excluded.v`), "supra_usd", strconv.FormatFloat(v, 'g', -1, 64)); err != nil {
			return fmt.Errorf("store: supra_usd: %w", err)
		}
	}
	var pu sql.NullFloat64
	if usd != nil {
		pu = sql.NullFloat64{Float64: t.price * *usd, Valid: true}
	}
	sec := sw.TimeUS / 1_000_000
	for _, iv := range Intervals {
		k := candleKey{t.base, iv, sec - sec%iv}
		c, err := a.candle(k)
		if err != nil {
			return err
		}
		if c == nil {
			o, ou := t.price, pu
			if open != nil {
				o = *open
				if usd != nil {
					ou = sql.NullFloat64{Float64: o * *usd, Valid: true}
				}
			}
			c = &candle{open: o, high: o, low: o, openU: ou, highU: ou, lowU: ou, volBase: new(big.Int), volQuote: new(big.Int)}
			a.candles[k] = c
		}
		c.high, c.low, c.close = max(c.high, t.price), min(c.low, t.price), t.price
		if pu.Valid {
			if !c.openU.Valid {
				c.openU = pu
			}
			if !c.highU.Valid || pu.Float64 > c.highU.Float64 {
				c.highU = pu
			}
			if !c.lowU.Valid || pu.Float64 < c.lowU.Float64 {
				c.lowU = pu
			}
		}
		c.closeU = pu
		c.volBase.Add(c.volBase, new(big.Int).SetUint64(t.baseAmt))
		c.volQuote.Add(c.volQuote, new(big.Int).SetUint64(t.quoteAmt))
		if t.buy {
			c.buys++
		} else {
			c.sells++
		}
	}
	return nil
}

// candle returns the candle of k from this batch or the database (nil when new).
func (a *applier) candle(k candleKey) (*candle, error) {
	if c, ok := a.candles[k]; ok {
		return c, nil
	}
	a.order = append(a.order, k)
	c := &candle{}
	var vb, vq string
	err := a.tx.QueryRowContext(a.ctx, a.s.q(`SELECT open, high, low, close, open_usd, high_usd, low_usd, close_usd,
		vol_base, vol_quote, buys, sells FROM candles WHERE base = ? AND interval_s = ? AND bucket = ?`), k.base, k.interval, k.bucket).
		Scan(&c.open, &c.high, &c.low, &c.close, &c.openU, &c.highU, &c.lowU, &c.closeU, &vb, &vq, &c.buys, &c.sells)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("store: candle: %w", err)
	}
	var ok1, ok2 bool
	c.volBase, ok1 = new(big.Int).SetString(vb, 10)
	c.volQuote, ok2 = new(big.Int).SetString(vq, 10)
	if !ok1 || !ok2 {
		return nil, fmt.Errorf("store: candle %v: bad volume %q/%q", k, vb, vq)
	}
	a.candles[k] = c
	return c, nil
}

func (a *applier) flushCandles() error {
	if len(a.order) == 0 {
		return nil
	}
	st, err := a.prepare(`INSERT INTO candles (base, interval_s, bucket, open, high, low, close, open_usd, high_usd, low_usd, close_usd, vol_base, vol_quote, buys, sells)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (base, interval_s, bucket) DO UPDATE SET open = excluded.open, high = excluded.high, low = excluded.low,
		close = excluded.close, open_usd = excluded.open_usd, high_usd = excluded.high_usd, low_usd = excluded.low_usd,
		close_usd = excluded.close_usd, vol_base = excluded.vol_base, vol_quote = excluded.vol_quote,
		buys = excluded.buys, sells = excluded.sells`)
	if err != nil {
		return err
	}
	defer st.Close()
	for _, k := range a.order {
		c := a.candles[k]
		if c == nil {
			continue
		}
		if _, err := st.ExecContext(a.ctx, k.base, k.interval, k.bucket, c.open, c.high, c.low, c.close,
			c.openU, c.highU, c.lowU, c.closeU, c.volBase.String(), c.volQuote.String(), c.buys, c.sells); err != nil {
			return fmt.Errorf("store: candle: %w", err)
		}
	}
	return nil
}

func (a *applier) plays(list []Play) error {
	if len(list) == 0 {
		return nil
	}
	ins, err := a.prepare(`INSERT INTO plays (tx_hash, event_index, height, tx_pos, time_us, player, token, bet, spins, wagered, won, tiers)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (tx_hash, event_index) DO NOTHING`)
	if err != nil {
		return err
	}
	defer ins.Close()
	for _, p := range list {
		wagered := new(big.Int).Mul(new(big.Int).SetUint64(p.Bet), new(big.Int).SetUint64(p.Spins))
		tiers := make([]int, len(p.Tiers))
		for i, t := range p.Tiers {
			tiers[i] = int(t)
		}
		tj, _ := json.Marshal(tiers)
		if _, err := a.insert(ins, p.TxHash, p.EventIndex, int64(p.Height), p.TxPos, p.TimeUS, p.Player, p.Token,
			u(p.Bet), u(p.Spins), wagered.String(), u(p.Won), string(tj)); err != nil {
			return fmt.Errorf("store: play %s#%d: %w", p.TxHash, p.EventIndex, err)
		}
	}
	return nil
}

// coins stores the tracked coin's deposits and withdrawals (moving holder balances) and
// the deposits to the burn address (burns, of any coin).
func (a *applier) coins(list []CoinEvent) error {
	if len(list) == 0 {
		return nil
	}
	d := a.s.derive
	insCoin, err := a.prepare(`INSERT INTO coin_events (tx_hash, event_index, height, time_us, coin, account, deposit, amount)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (tx_hash, event_index) DO NOTHING`)
	if err != nil {
		return err
	}
	defer insCoin.Close()
	insBurn, err := a.prepare(`INSERT INTO burns (tx_hash, event_index, height, tx_pos, time_us, burner, token, amount)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (tx_hash, event_index) DO NOTHING`)
	if err != nil {
		return err
	}
	defer insBurn.Close()
	deltas := map[[2]string]*big.Int{}
	var deltaOrder [][2]string
	type total struct {
		sum   *big.Int
		count int64
	}
	totals := map[[2]string]*total{}
	var totalOrder [][2]string
	for _, c := range list {
		if c.Coin == d.Lucky {
			isNew, err := a.insert(insCoin, c.TxHash, c.EventIndex, int64(c.Height), c.TimeUS, c.Coin, c.Account, boolInt(c.Deposit), u(c.Amount))
			if err != nil {
				return fmt.Errorf("store: coin event %s#%d: %w", c.TxHash, c.EventIndex, err)
			}
			if isNew {
				k := [2]string{c.Coin, c.Account}
				if deltas[k] == nil {
					deltas[k] = new(big.Int)
					deltaOrder = append(deltaOrder, k)
				}
				amt := new(big.Int).SetUint64(c.Amount)
				if c.Deposit {
					deltas[k].Add(deltas[k], amt)
				} else {
					deltas[k].Sub(deltas[k], amt)
				}
			}
		}
		if c.Deposit && c.Account == d.BurnAddress {
			isNew, err := a.insert(insBurn, c.TxHash, c.EventIndex, int64(c.Height), c.TxPos, c.TimeUS, c.Sender, c.Coin, u(c.Amount))
			if err != nil {
				return fmt.Errorf("store: burn %s#%d: %w", c.TxHash, c.EventIndex, err)
			}
			if isNew {
				k := [2]string{c.Sender, c.Coin}
				if totals[k] == nil {
					totals[k] = &total{sum: new(big.Int)}
					totalOrder = append(totalOrder, k)
				}
				totals[k].sum.Add(totals[k].sum, new(big.Int).SetUint64(c.Amount))
				totals[k].count++
			}
		}
	}
	for _, k := range deltaOrder {
		bal := new(big.Int)
		var cur string
		err := a.tx.QueryRowContext(a.ctx, a.s.q("SELECT balance FROM holders WHERE coin = ? AND account = ?"), k[0], k[1]).Scan(&cur)
		switch {
		case errors.Is(err, sql.ErrNoRows):
		case err != nil:
			return fmt.Errorf("store: holder: %w", err)
		default:
			if _, ok := bal.SetString(cur, 10); !ok {
				return fmt.Errorf("store: holder %s: bad balance %q", k[1], cur)
			}
		}
		bal.Add(bal, deltas[k])
		if _, err := a.tx.ExecContext(a.ctx, a.s.q(`INSERT INTO holders (coin, account, balance, bal_len) VALUES (?, ?, ?, ?)
			ON CONFLICT (coin, account) DO UPDATE SET balance = excluded.balance, bal_len = excluded.bal_len`),
			k[0], k[1], bal.String(), balLen(bal)); err != nil {
			return fmt.Errorf("store: holder: %w", err)
		}
	}
	for _, k := range totalOrder {
		sum := new(big.Int)
		var cur string
		var count int64
		err := a.tx.QueryRowContext(a.ctx, a.s.q("SELECT total, burns FROM burn_totals WHERE burner = ? AND token = ?"), k[0], k[1]).Scan(&cur, &count)
		switch {
		case errors.Is(err, sql.ErrNoRows):
		case err != nil:
			return fmt.Errorf("store: burn total: %w", err)
		default:
			if _, ok := sum.SetString(cur, 10); !ok {
				return fmt.Errorf("store: burn total %s: bad total %q", k[0], cur)
			}
		}
		sum.Add(sum, totals[k].sum)
		count += totals[k].count
		if _, err := a.tx.ExecContext(a.ctx, a.s.q(`INSERT INTO burn_totals (burner, token, total, total_len, burns) VALUES (?, ?, ?, ?, ?)
			ON CONFLICT (burner, token) DO UPDATE SET total = excluded.total, total_len = excluded.total_len, burns = excluded.burns`),
			k[0], k[1], sum.String(), len(sum.String()), count); err != nil {
			return fmt.Errorf("store: burn total: %w", err)
		}
	}
	return nil
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// balLen is the digit count of a positive balance, 0 for zero or below (see holders).
func balLen(b *big.Int) int {
	if b.Sign() <= 0 {
		return 0
	}
	return len(b.String())
}

func (a *applier) raw(list []RawEvent) error {
	if len(list) == 0 {
		return nil
	}
	ins, err := a.prepare(`INSERT INTO raw_events (tx_hash, event_index, height, tx_pos, time_us, type, data)
		VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (tx_hash, event_index) DO NOTHING`)
	if err != nil {
		return err
	}
	defer ins.Close()
	for _, r := range list {
		if _, err := a.insert(ins, r.TxHash, r.EventIndex, int64(r.Height), r.TxPos, r.TimeUS, r.Type, string(r.Data)); err != nil {
			return fmt.Errorf("store: event %s#%d: %w", r.TxHash, r.EventIndex, err)
		}
	}
	return nil
}
