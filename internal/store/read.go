package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"strings"
)

// Candle is one OHLCV bucket of a pool; USD prices are absent before the index has seen
// a SUPRA price in USD.
type Candle struct {
	Time                   int64 // bucket start, unix seconds
	Open, High, Low, Close float64
	OpenUSD, HighUSD       *float64
	LowUSD, CloseUSD       *float64
	VolBase, VolQuote      string // base units
	Buys, Sells            int64
}

// Candles returns base's candles of one interval with bucket start in [from, to], oldest
// first, at most limit.
func (s *DB) Candles(ctx context.Context, base string, interval, from, to int64, limit int) ([]Candle, error) {
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT bucket, open, high, low, close, open_usd, high_usd, low_usd, close_usd,
		vol_base, vol_quote, buys, sells FROM candles WHERE base = ? AND interval_s = ? AND bucket >= ? AND bucket <= ?
		ORDER BY bucket DESC LIMIT ?`), base, interval, from, to, limit)
	if err != nil {
		return nil, fmt.Errorf("store: candles: %w", err)
	}
	defer rows.Close()
	out := []Candle{}
	for rows.Next() {
		var c Candle
		var ou, hu, lu, cu sql.NullFloat64
		if err := rows.Scan(&c.Time, &c.Open, &c.High, &c.Low, &c.Close, &ou, &hu, &lu, &cu, &c.VolBase, &c.VolQuote, &c.Buys, &c.Sells); err != nil {
			return nil, fmt.Errorf("store: candles: %w", err)
		}
		c.OpenUSD, c.HighUSD, c.LowUSD, c.CloseUSD = nf(ou), nf(hu), nf(lu), nf(cu)
		out = append(out, c)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: candles: %w", err)
	}
	// Newest `limit` buckets were read; the chart wants them oldest first.
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out, nil
}

func nf(v sql.NullFloat64) *float64 {
	if !v.Valid {
		return nil
	}
	f := v.Float64
	return &f
}

// Ref places a row in the chain.
type Ref struct {
	TxHash     string
	EventIndex int
	Height     uint64
	TimeUS     int64
}

// Burn is one deposit to the burn address.
type Burn struct {
	Ref
	Burner, Token, Amount string
}

// Burns returns the latest burns, newest first.
func (s *DB) Burns(ctx context.Context, limit int) ([]Burn, error) {
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT tx_hash, event_index, height, time_us, burner, token, amount FROM burns
		ORDER BY height DESC, tx_pos DESC, event_index DESC LIMIT ?`), limit)
	if err != nil {
		return nil, fmt.Errorf("store: burns: %w", err)
	}
	defer rows.Close()
	out := []Burn{}
	for rows.Next() {
		var b Burn
		var h int64
		if err := rows.Scan(&b.TxHash, &b.EventIndex, &h, &b.TimeUS, &b.Burner, &b.Token, &b.Amount); err != nil {
			return nil, fmt.Errorf("store: burns: %w", err)
		}
		b.Height = uint64(h)
		out = append(out, b)
	}
	return out, rows.Err()
}

// BurnTotal is one burner's total of one token.
type BurnTotal struct {
	Burner, Token, Total string
	Burns                int64
}

// BurnLeaderboard ranks burners of token by total burned, largest first.
func (s *DB) BurnLeaderboard(ctx context.Context, token string, limit int) ([]BurnTotal, error) {
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT burner, token, total, burns FROM burn_totals WHERE token = ?
		ORDER BY total_len DESC, total DESC, burner LIMIT ?`), token, limit)
	if err != nil {
		return nil, fmt.Errorf("store: burn leaderboard: %w", err)
	}
	defer rows.Close()
	out := []BurnTotal{}
	for rows.Next() {
		var b BurnTotal
		if err := rows.Scan(&b.Burner, &b.Token, &b.Total, &b.Burns); err != nil {
			return nil, fmt.Errorf("store: burn leaderboard: %w", err)
		}
		out = append(out, b)
	}
	return out, rows.Err()
}

// PlayRow is one slots play.
type PlayRow struct {
	Ref
	Player, Token            string
	Bet, Spins, Wagered, Won string
	Tiers                    []int
}

const playCols = `tx_hash, event_index, height, time_us, player, token, bet, spins, wagered, won, tiers`

// Plays returns the latest plays of everyone (player "") or of one player, newest first.
func (s *DB) Plays(ctx context.Context, player string, limit int) ([]PlayRow, error) {
	if player == "" {
		return s.plays(ctx, `SELECT `+playCols+` FROM plays ORDER BY height DESC, tx_pos DESC, event_index DESC LIMIT ?`, limit)
	}
	return s.plays(ctx, `SELECT `+playCols+` FROM plays WHERE player = ? ORDER BY height DESC, tx_pos DESC, event_index DESC LIMIT ?`, player, limit)
}

// BiggestWins returns the plays with the largest prizes (in base units of their token).
func (s *DB) BiggestWins(ctx context.Context, limit int) ([]PlayRow, error) {
	return s.plays(ctx, `SELECT `+playCols+` FROM plays ORDER BY length(won) DESC, won DESC, height DESC LIMIT ?`, limit)
}

func (s *DB) plays(ctx context.Context, query string, args ...any) ([]PlayRow, error) {
	rows, err := s.db.QueryContext(ctx, s.q(query), args...)
	if err != nil {
		return nil, fmt.Errorf("store: plays: %w", err)
	}
	defer rows.Close()
	out := []PlayRow{}
	for rows.Next() {
		var p PlayRow
		var h int64
		var tiers string
		if err := rows.Scan(&p.TxHash, &p.EventIndex, &h, &p.TimeUS, &p.Player, &p.Token, &p.Bet, &p.Spins, &p.Wagered, &p.Won, &tiers); err != nil {
			return nil, fmt.Errorf("store: plays: %w", err)
		}
		p.Height = uint64(h)
		if err := json.Unmarshal([]byte(tiers), &p.Tiers); err != nil {
			return nil, fmt.Errorf("store: plays: tiers %q: %w", tiers, err)
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

// Holder is an account with a positive indexed balance.
type Holder struct {
	Account, Balance string
}

// Holders returns the largest holders of coin (excluding the burn address) and how many
// accounts hold a positive balance.
func (s *DB) Holders(ctx context.Context, coin string, limit int) ([]Holder, int64, error) {
	burn := s.derive.BurnAddress
	var count int64
	if err := s.db.QueryRowContext(ctx, s.q(`SELECT count(*) FROM holders WHERE coin = ? AND bal_len > 0 AND account <> ?`), coin, burn).Scan(&count); err != nil {
		return nil, 0, fmt.Errorf("store: holders: %w", err)
	}
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT account, balance FROM holders WHERE coin = ? AND bal_len > 0 AND account <> ?
		ORDER BY bal_len DESC, balance DESC, account LIMIT ?`), coin, burn, limit)
	if err != nil {
		return nil, 0, fmt.Errorf("store: holders: %w", err)
	}
	defer rows.Close()
	out := []Holder{}
	for rows.Next() {
		var h Holder
		if err := rows.Scan(&h.Account, &h.Balance); err != nil {
			return nil, 0, fmt.Errorf("store: holders: %w", err)
		}
		out = append(out, h)
	}
	return out, count, rows.Err()
}

// dumpTables is every table in a fixed order with a total order of its rows.
var dumpTables = []struct{ name, order string }{
	{"cursors", "stream"}, {"kv", "k"},
	{"swaps", "tx_hash, event_index"}, {"candles", "base, interval_s, bucket"},
	{"plays", "tx_hash, event_index"}, {"burns", "tx_hash, event_index"},
	{"burn_totals", "burner, token"}, {"coin_events", "tx_hash, event_index"},
	{"holders", "coin, account"}, {"raw_events", "tx_hash, event_index"},
	{"liquidity", "tx_hash, event_index"}, {"pools", "pair_x, pair_y"},
}

// Dump renders every row of every table, in order, one line per row: two stores hold the
// same index exactly when their dumps are equal (tests compare a crashed-and-restarted
// run with a clean one, and SQLite with PostgreSQL).
func (s *DB) Dump(ctx context.Context) (string, error) {
	var b strings.Builder
	for _, t := range dumpTables {
		rows, err := s.db.QueryContext(ctx, "SELECT * FROM "+t.name+" ORDER BY "+t.order)
		if err != nil {
			return "", fmt.Errorf("store: dump %s: %w", t.name, err)
		}
		cols, _ := rows.Columns()
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		for rows.Next() {
			if err := rows.Scan(ptrs...); err != nil {
				rows.Close()
				return "", fmt.Errorf("store: dump %s: %w", t.name, err)
			}
			b.WriteString(t.name)
			for _, v := range vals {
				switch x := v.(type) {
				case []byte:
					fmt.Fprintf(&b, "|%s", x)
				case nil:
					b.WriteString("|NULL")
				default:
					fmt.Fprintf(&b, "|%v", x)
				}
			}
			b.WriteByte('\n')
		}
		if err := rows.Err(); err != nil {
			rows.Close()
			return "", fmt.Errorf("store: dump %s: %w", t.name, err)
		}
		rows.Close()
	}
	return b.String(), nil
}

// Window sums a pool's 1m candles over [from, to] (unix seconds).
type Window struct {
	VolBase, VolQuote string
	Buys, Sells       int64
	// Ref is the price at from: the last close before it, else the first open inside.
	Ref, Close       *float64
	RefUSD, CloseUSD *float64
}

// Window returns base's trading over [from, to] from its 1m candles.
func (s *DB) Window(ctx context.Context, base string, from, to int64) (Window, error) {
	w := Window{VolBase: "0", VolQuote: "0"}
	var ref, refU sql.NullFloat64
	err := s.db.QueryRowContext(ctx, s.q(`SELECT close, close_usd FROM candles WHERE base = ? AND interval_s = 60 AND bucket < ?
		ORDER BY bucket DESC LIMIT 1`), base, from).Scan(&ref, &refU)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return w, fmt.Errorf("store: window: %w", err)
	}
	cs, err := s.Candles(ctx, base, 60, from, to, 24*60*31)
	if err != nil {
		return w, err
	}
	vb, vq := new(big.Int), new(big.Int)
	for i, c := range cs {
		b, ok1 := new(big.Int).SetString(c.VolBase, 10)
		q, ok2 := new(big.Int).SetString(c.VolQuote, 10)
		if !ok1 || !ok2 {
			return w, fmt.Errorf("store: window: bad volume %q/%q", c.VolBase, c.VolQuote)
		}
		vb.Add(vb, b)
		vq.Add(vq, q)
		w.Buys += c.Buys
		w.Sells += c.Sells
		if i == 0 && !ref.Valid {
			ref = sql.NullFloat64{Float64: c.Open, Valid: true}
			refU = sql.NullFloat64{}
			if c.OpenUSD != nil {
				refU = sql.NullFloat64{Float64: *c.OpenUSD, Valid: true}
			}
		}
		cl := c.Close
		w.Close, w.CloseUSD = &cl, c.CloseUSD
	}
	w.VolBase, w.VolQuote = vb.String(), vq.String()
	w.Ref, w.RefUSD = nf(ref), nf(refU)
	if w.Close == nil && w.Ref != nil {
		// No trade in the window: the price has not moved.
		w.Close, w.CloseUSD = w.Ref, w.RefUSD
	}
	return w, nil
}

// Pool is a pool's reserves as the index followed them.
type Pool struct {
	X, Y               string
	ReserveX, ReserveY string
}

// Pools returns the pools whose reserves the index follows, by pair.
func (s *DB) Pools(ctx context.Context) ([]Pool, error) {
	rows, err := s.db.QueryContext(ctx, "SELECT pair_x, pair_y, reserve_x, reserve_y FROM pools ORDER BY pair_x, pair_y")
	if err != nil {
		return nil, fmt.Errorf("store: pools: %w", err)
	}
	defer rows.Close()
	out := []Pool{}
	for rows.Next() {
		var p Pool
		if err := rows.Scan(&p.X, &p.Y, &p.ReserveX, &p.ReserveY); err != nil {
			return nil, fmt.Errorf("store: pools: %w", err)
		}
		out = append(out, p)
	}
	return out, rows.Err()
}
