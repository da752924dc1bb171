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
	"strings"

	"github.com/luckycoin/lucky/internal/history"
)

// Batch is what the indexer read for a block range and what the trading and holding
// rules derived from it: every event of the streams in Cursors in chain order, the derived
// rows and values, and the streams' new cursors. Apply writes it atomically.
type Batch struct {
	Cursors map[string]uint64
	// Last is the last block the batch covers (height and hash), kept to notice a chain
	// that was rewound under the index.
	Last    *BlockRef
	Events  history.Events
	Derived history.Derived
	// Lease, when set, is the ingester's: Apply writes nothing (ErrLeaseLost) once another
	// replica has taken the role.
	Lease *Lease
	// Quarantine are the events of the batch's range the index could not decode, kept
	// raw; Released are quarantined events this batch holds decoded at last (a replay),
	// removed from the quarantine with the batch.
	Quarantine []Quarantined
	Released   []history.Key
}

// BlockRef names a block.
type BlockRef struct {
	Height uint64
	Hash   string
}

// Merge appends the next window's batch (read after b) to b; its cursors win. Only
// underived batches merge: the rules run once on the merged events.
func (b *Batch) Merge(next *Batch) {
	if next.Last != nil {
		b.Last = next.Last
	}
	b.Events.Append(next.Events)
	b.Quarantine = append(b.Quarantine, next.Quarantine...)
	b.Released = append(b.Released, next.Released...)
	for k, v := range next.Cursors {
		b.Cursors[k] = v
	}
}

func u(v uint64) string { return strconv.FormatUint(v, 10) }

// Load reads the state a batch's derivation needs, as of the last commit. The index has
// one writer (see Lead), so nothing moves it between Load and Apply.
func (s *DB) Load(ctx context.Context, n history.Needs) (history.State, error) {
	st := history.State{Seen: map[history.Key]bool{}, Pools: map[history.Pair]*history.Reserves{},
		Candles: map[history.CandleKey]*history.Candle{}, Balances: map[history.Holding]*big.Int{},
		BurnTotals: map[history.BurnKey]*history.BurnTotal{}}
	for _, q := range []struct {
		table string
		keys  []history.Key
	}{{"swaps", n.Swaps}, {"liquidity", n.Liquidity}, {"coin_events", n.Coins}, {"burns", n.Coins}} {
		if err := s.seen(ctx, q.table, q.keys, st.Seen); err != nil {
			return st, err
		}
	}
	for _, p := range n.Pools {
		var rx, ry string
		err := s.db.QueryRowContext(ctx, s.q("SELECT reserve_x, reserve_y FROM pools WHERE pair_x = ? AND pair_y = ?"), p.X.String(), p.Y.String()).Scan(&rx, &ry)
		if errors.Is(err, sql.ErrNoRows) {
			continue
		}
		if err != nil {
			return st, fmt.Errorf("store: pool: %w", err)
		}
		x, ok1 := new(big.Int).SetString(rx, 10)
		y, ok2 := new(big.Int).SetString(ry, 10)
		if !ok1 || !ok2 {
			return st, fmt.Errorf("store: pool %s/%s: bad reserves %q/%q", p.X, p.Y, rx, ry)
		}
		st.Pools[p] = &history.Reserves{X: x, Y: y}
	}
	for _, k := range n.Candles {
		c, err := s.candle(ctx, k)
		if err != nil {
			return st, err
		}
		if c != nil {
			st.Candles[k] = c
		}
	}
	for _, h := range n.Holdings {
		var cur string
		err := s.db.QueryRowContext(ctx, s.q("SELECT balance FROM holders WHERE coin = ? AND account = ?"), h.Coin.String(), h.Account).Scan(&cur)
		if errors.Is(err, sql.ErrNoRows) {
			continue
		}
		if err != nil {
			return st, fmt.Errorf("store: holder: %w", err)
		}
		b, ok := new(big.Int).SetString(cur, 10)
		if !ok {
			return st, fmt.Errorf("store: holder %s: bad balance %q", h.Account, cur)
		}
		st.Balances[h] = b
	}
	for _, k := range n.Burns {
		var cur string
		var count int64
		err := s.db.QueryRowContext(ctx, s.q("SELECT total, burns FROM burn_totals WHERE burner = ? AND token = ?"), k.Burner, k.Coin.String()).Scan(&cur, &count)
		if errors.Is(err, sql.ErrNoRows) {
			continue
		}
		if err != nil {
			return st, fmt.Errorf("store: burn total: %w", err)
		}
		t, ok := new(big.Int).SetString(cur, 10)
		if !ok {
			return st, fmt.Errorf("store: burn total %s: bad total %q", k.Burner, cur)
		}
		st.BurnTotals[k] = &history.BurnTotal{Total: t, Burns: count}
	}
	var v string
	err := s.db.QueryRowContext(ctx, s.q("SELECT v FROM kv WHERE k = ?"), "supra_usd").Scan(&v)
	switch {
	case errors.Is(err, sql.ErrNoRows):
	case err != nil:
		return st, fmt.Errorf("store: supra_usd: %w", err)
	default:
		f, err := strconv.ParseFloat(v, 64)
		if err != nil {
			return st, fmt.Errorf("store: supra_usd %q: %w", v, err)
		}
		st.SupraUSD = &f
	}
	return st, nil
}

// seen marks which of keys table already holds, a few hundred transactions per query.
func (s *DB) seen(ctx context.Context, table string, keys []history.Key, out map[history.Key]bool) error {
	want := map[history.Key]bool{}
	var hashes []any
	for _, k := range keys {
		if !want[history.Key{TxHash: k.TxHash, EventIndex: -1}] {
			want[history.Key{TxHash: k.TxHash, EventIndex: -1}] = true
			hashes = append(hashes, k.TxHash)
		}
		want[k] = true
	}
	const chunk = 400
	for len(hashes) > 0 {
		part := hashes[:min(chunk, len(hashes))]
		hashes = hashes[len(part):]
		rows, err := s.db.QueryContext(ctx, s.q("SELECT tx_hash, event_index FROM "+table+" WHERE tx_hash IN (?"+
			strings.Repeat(", ?", len(part)-1)+")"), part...)
		if err != nil {
			return fmt.Errorf("store: seen: %w", err)
		}
		for rows.Next() {
			var k history.Key
			if err := rows.Scan(&k.TxHash, &k.EventIndex); err != nil {
				rows.Close()
				return fmt.Errorf("store: seen: %w", err)
			}
			if want[k] {
				out[k] = true
			}
		}
		err = rows.Err()
		rows.Close()
		if err != nil {
			return fmt.Errorf("store: seen: %w", err)
		}
	}
	return nil
}

func (s *DB) candle(ctx context.Context, k history.CandleKey) (*history.Candle, error) {
	var c history.Candle
	var ou, hu, lu, cu sql.NullFloat64
	var vb, vq string
	err := s.db.QueryRowContext(ctx, s.q(`SELECT open, high, low, close, open_usd, high_usd, low_usd, close_usd,
		vol_base, vol_quote, buys, sells FROM candles WHERE base = ? AND interval_s = ? AND bucket = ?`), k.Base.String(), k.Interval, k.Bucket).
		Scan(&c.Open, &c.High, &c.Low, &c.Close, &ou, &hu, &lu, &cu, &vb, &vq, &c.Buys, &c.Sells)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("store: candle: %w", err)
	}
	var ok1, ok2 bool
	c.VolBase, ok1 = new(big.Int).SetString(vb, 10)
	c.VolQuote, ok2 = new(big.Int).SetString(vq, 10)
	if !ok1 || !ok2 {
		return nil, fmt.Errorf("store: candle %v: bad volume %q/%q", k, vb, vq)
	}
	c.OpenUSD, c.HighUSD, c.LowUSD, c.CloseUSD = nf(ou), nf(hu), nf(lu), nf(cu)
	return &c, nil
}

// Apply writes a batch in one transaction: event rows (insert-or-ignore on (tx hash,
// event index)), the derived rows and values, and the cursors. A crash before commit
// leaves the store as it was.
func (s *DB) Apply(ctx context.Context, b *Batch) (err error) {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: apply: %w", err)
	}
	defer func() {
		if err != nil {
			_ = tx.Rollback() // the error that caused it is the one to report
		}
	}()
	if err := b.Lease.fence(ctx, s, tx); err != nil {
		return err
	}
	w := &writer{s: s, tx: tx, ctx: ctx}
	ev, d := b.Events, b.Derived
	steps := []func() error{
		func() error {
			return w.rows(`INSERT INTO swaps (tx_hash, event_index, height, tx_pos, time_us, sender, pair_x, pair_y, x_in, x_out, y_in, y_out)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (tx_hash, event_index) DO NOTHING`, len(ev.Swaps), func(i int) []any {
				sw := ev.Swaps[i]
				return []any{sw.TxHash, sw.EventIndex, int64(sw.Height), sw.TxPos, sw.TimeUS, sw.Sender,
					sw.PairX.String(), sw.PairY.String(), u(sw.XIn), u(sw.XOut), u(sw.YIn), u(sw.YOut)}
			})
		},
		func() error {
			return w.rows(`INSERT INTO liquidity (tx_hash, event_index, height, tx_pos, time_us, pair_x, pair_y, added, x_val, y_val, lp)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (tx_hash, event_index) DO NOTHING`, len(ev.Liquidity), func(i int) []any {
				l := ev.Liquidity[i]
				return []any{l.TxHash, l.EventIndex, int64(l.Height), l.TxPos, l.TimeUS, l.PairX.String(), l.PairY.String(),
					boolInt(l.Added), u(l.X), u(l.Y), u(l.LP)}
			})
		},
		func() error {
			return w.rows(`INSERT INTO plays (tx_hash, event_index, height, tx_pos, time_us, player, token, bet, spins, wagered, won, tiers)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (tx_hash, event_index) DO NOTHING`, len(ev.Plays), func(i int) []any {
				p := ev.Plays[i]
				wagered := new(big.Int).Mul(new(big.Int).SetUint64(p.Bet), new(big.Int).SetUint64(p.Spins))
				tiers := make([]int, len(p.Tiers))
				for i, t := range p.Tiers {
					tiers[i] = int(t)
				}
				tj, _ := json.Marshal(tiers) // a slice of ints always marshals
				return []any{p.TxHash, p.EventIndex, int64(p.Height), p.TxPos, p.TimeUS, p.Player, p.Token.String(),
					u(p.Bet), u(p.Spins), wagered.String(), u(p.Won), string(tj)}
			})
		},
		func() error {
			return w.rows(`INSERT INTO raw_events (tx_hash, event_index, height, tx_pos, time_us, type, data, account)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (tx_hash, event_index) DO NOTHING`, len(ev.Raw), func(i int) []any {
				r := ev.Raw[i]
				return []any{r.TxHash, r.EventIndex, int64(r.Height), r.TxPos, r.TimeUS, r.Type, string(r.Data), r.Account}
			})
		},
		func() error {
			return w.rows(`INSERT INTO coin_events (tx_hash, event_index, height, tx_pos, time_us, coin, account, deposit, amount)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (tx_hash, event_index) DO NOTHING`, len(d.CoinEvents), func(i int) []any {
				c := d.CoinEvents[i]
				return []any{c.TxHash, c.EventIndex, int64(c.Height), c.TxPos, c.TimeUS, c.Coin.String(), c.Account, boolInt(c.Deposit), u(c.Amount)}
			})
		},
		func() error {
			return w.rows(`INSERT INTO burns (tx_hash, event_index, height, tx_pos, time_us, burner, token, amount)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (tx_hash, event_index) DO NOTHING`, len(d.Burns), func(i int) []any {
				c := d.Burns[i]
				return []any{c.TxHash, c.EventIndex, int64(c.Height), c.TxPos, c.TimeUS, c.Sender, c.Coin.String(), u(c.Amount)}
			})
		},
		func() error {
			return w.rows(`INSERT INTO trades (tx_hash, event_index, height, tx_pos, time_us, sender, base, buy, base_amount, quote_amount,
		price, price_before, supra_usd, price_usd, price_before_usd) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (tx_hash, event_index) DO NOTHING`, len(d.Trades), func(i int) []any {
				t := d.Trades[i]
				return []any{t.TxHash, t.EventIndex, int64(t.Height), t.TxPos, t.TimeUS, t.Sender, t.Base.String(), boolInt(t.Buy),
					u(t.BaseAmount), u(t.QuoteAmount), t.Price, t.PriceBefore, nullable(t.SupraUSD), nullable(t.PriceUSD), nullable(t.PriceBeforeUSD)}
			})
		},
		func() error {
			return w.rows(`INSERT INTO candles (base, interval_s, bucket, open, high, low, close, open_usd, high_usd, low_usd, close_usd, vol_base, vol_quote, buys, sells)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (base, interval_s, bucket) DO UPDATE SET open = excluded.open, high = excluded.high, low = excluded.low,
		close = excluded.close, open_usd = excluded.open_usd, high_usd = excluded.high_usd, low_usd = excluded.low_usd,
		close_usd = excluded.close_usd, vol_base = excluded.vol_base, vol_quote = excluded.vol_quote,
		buys = excluded.buys, sells = excluded.sells`, len(d.Candles), func(i int) []any {
				c := d.Candles[i]
				return []any{c.Base.String(), c.Interval, c.Bucket, c.Open, c.High, c.Low, c.Close,
					nullable(c.OpenUSD), nullable(c.HighUSD), nullable(c.LowUSD), nullable(c.CloseUSD),
					c.VolBase.String(), c.VolQuote.String(), c.Buys, c.Sells}
			})
		},
		func() error {
			return w.rows(`INSERT INTO pools (pair_x, pair_y, reserve_x, reserve_y) VALUES (?, ?, ?, ?)
			ON CONFLICT (pair_x, pair_y) DO UPDATE SET reserve_x = excluded.reserve_x, reserve_y = excluded.reserve_y`, len(d.Pools), func(i int) []any {
				p := d.Pools[i]
				return []any{p.Pair.X.String(), p.Pair.Y.String(), p.Reserves.X.String(), p.Reserves.Y.String()}
			})
		},
		func() error {
			return w.rows(`INSERT INTO holders (coin, account, balance, bal_len) VALUES (?, ?, ?, ?)
			ON CONFLICT (coin, account) DO UPDATE SET balance = excluded.balance, bal_len = excluded.bal_len`, len(d.Holders), func(i int) []any {
				h := d.Holders[i]
				return []any{h.Coin.String(), h.Account, h.Balance.String(), balLen(h.Balance)}
			})
		},
		func() error {
			return w.rows(`INSERT INTO holder_counts (coin, n) VALUES (?, ?)
			ON CONFLICT (coin) DO UPDATE SET n = holder_counts.n + excluded.n`, len(d.HolderCounts), func(i int) []any {
				c := d.HolderCounts[i]
				return []any{c.Coin.String(), c.Delta}
			})
		},
		func() error {
			return w.rows(`INSERT INTO burn_totals (burner, token, total, total_len, burns) VALUES (?, ?, ?, ?, ?)
			ON CONFLICT (burner, token) DO UPDATE SET total = excluded.total, total_len = excluded.total_len, burns = excluded.burns`, len(d.BurnTotals), func(i int) []any {
				b := d.BurnTotals[i]
				return []any{b.Burner, b.Coin.String(), b.Total.String(), len(b.Total.String()), b.Burns}
			})
		},
	}
	steps = append(steps, func() error {
		return w.rows(`INSERT INTO quarantine (tx_hash, event_index, height, tx_pos, time_us, sender, stream, type, data, tx, reason)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (tx_hash, event_index) DO NOTHING`, len(b.Quarantine), func(i int) []any {
			q := b.Quarantine[i]
			return []any{q.TxHash, q.EventIndex, int64(q.Height), q.TxPos, q.TimeUS, q.Sender, q.Stream, q.Type, string(q.Data), string(q.Tx), q.Reason}
		})
	}, func() error {
		return w.rows(`DELETE FROM quarantine WHERE tx_hash = ? AND event_index = ?`, len(b.Released), func(i int) []any {
			return []any{b.Released[i].TxHash, b.Released[i].EventIndex}
		})
	})
	for _, step := range steps {
		if err := step(); err != nil {
			return err
		}
	}
	if d.SupraUSD != nil {
		if err := w.kv("supra_usd", strconv.FormatFloat(*d.SupraUSD, 'g', -1, 64)); err != nil {
			return err
		}
	}
	if b.Last != nil {
		if err := w.kv("last_block", strconv.FormatUint(b.Last.Height, 10)+" "+b.Last.Hash); err != nil {
			return err
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

type writer struct {
	s   *DB
	tx  *sql.Tx
	ctx context.Context
}

// rows runs one prepared statement for n rows.
func (w *writer) rows(query string, n int, args func(i int) []any) error {
	if n == 0 {
		return nil
	}
	st, err := w.tx.PrepareContext(w.ctx, w.s.q(query))
	if err != nil {
		return fmt.Errorf("store: prepare: %w", err)
	}
	defer st.Close()
	for i := 0; i < n; i++ {
		if _, err := st.ExecContext(w.ctx, args(i)...); err != nil {
			return fmt.Errorf("store: write: %w", err)
		}
	}
	return nil
}

func (w *writer) kv(k, v string) error {
	if _, err := w.tx.ExecContext(w.ctx, w.s.q(`INSERT INTO kv (k, v) VALUES (?, ?)
		ON CONFLICT (k) DO UPDATE SET v = excluded.v`), k, v); err != nil {
		return fmt.Errorf("store: %s: %w", k, err)
	}
	return nil
}

func nullable(f *float64) sql.NullFloat64 {
	if f == nil {
		return sql.NullFloat64{}
	}
	return sql.NullFloat64{Float64: *f, Valid: true}
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
