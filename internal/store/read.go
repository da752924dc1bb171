package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/luckycoin/lucky/internal/history"
	"github.com/luckycoin/lucky/internal/supra"
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
func (s *DB) Candles(ctx context.Context, base supra.CoinType, interval, from, to int64, limit int) ([]Candle, error) {
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT bucket, open, high, low, close, open_usd, high_usd, low_usd, close_usd,
		vol_base, vol_quote, buys, sells FROM candles WHERE base = ? AND interval_s = ? AND bucket >= ? AND bucket <= ?
		ORDER BY bucket DESC LIMIT ?`), base.String(), interval, from, to, limit)
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
	Burner string
	Token  supra.CoinType
	Amount string
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
		if err := rows.Scan(&b.TxHash, &b.EventIndex, &h, &b.TimeUS, &b.Burner, coinCol{&b.Token}, &b.Amount); err != nil {
			return nil, fmt.Errorf("store: burns: %w", err)
		}
		b.Height = uint64(h)
		out = append(out, b)
	}
	return out, rows.Err()
}

// BurnTotal is one burner's total of one token.
type BurnTotal struct {
	Burner string
	Token  supra.CoinType
	Total  string
	Burns  int64
}

// BurnLeaderboard ranks burners of token by total burned, largest first.
func (s *DB) BurnLeaderboard(ctx context.Context, token supra.CoinType, limit int) ([]BurnTotal, error) {
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT burner, token, total, burns FROM burn_totals WHERE token = ?
		ORDER BY total_len DESC, total DESC, burner LIMIT ?`), token.String(), limit)
	if err != nil {
		return nil, fmt.Errorf("store: burn leaderboard: %w", err)
	}
	defer rows.Close()
	out := []BurnTotal{}
	for rows.Next() {
		var b BurnTotal
		if err := rows.Scan(&b.Burner, coinCol{&b.Token}, &b.Total, &b.Burns); err != nil {
			return nil, fmt.Errorf("store: burn leaderboard: %w", err)
		}
		out = append(out, b)
	}
	return out, rows.Err()
}

// PlayRow is one slots play.
type PlayRow struct {
	Ref
	Player                   string
	Token                    supra.CoinType
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
		if err := rows.Scan(&p.TxHash, &p.EventIndex, &h, &p.TimeUS, &p.Player, coinCol{&p.Token}, &p.Bet, &p.Spins, &p.Wagered, &p.Won, &tiers); err != nil {
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

// Holders returns the largest holders of coin and how many accounts hold a positive
// balance, leaving out one account (the burn address: burned coins are held by no one).
func (s *DB) Holders(ctx context.Context, coin supra.CoinType, exclude string, limit int) ([]Holder, int64, error) {
	burn := exclude
	// The count is kept as the index writes (holder_counts), less the left-out account when
	// it holds some: two key lookups, whatever the number of holders, in one statement so
	// both are read from the same state of the index (never between two of its writes).
	var count int64
	if err := s.db.QueryRowContext(ctx, s.q(`SELECT COALESCE((SELECT n FROM holder_counts WHERE coin = ?), 0)
		- (SELECT count(*) FROM holders WHERE coin = ? AND account = ? AND bal_len > 0)`), coin.String(), coin.String(), burn).Scan(&count); err != nil {
		return nil, 0, fmt.Errorf("store: holder count: %w", err)
	}
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT account, balance FROM holders WHERE coin = ? AND bal_len > 0 AND account <> ?
		ORDER BY bal_len DESC, balance DESC, account LIMIT ?`), coin.String(), burn, limit)
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
	{"holders", "coin, account"}, {"holder_counts", "coin"}, {"raw_events", "tx_hash, event_index"},
	{"liquidity", "tx_hash, event_index"}, {"pools", "pair_x, pair_y"},
	{"trades", "tx_hash, event_index"},
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

// WindowTrades are a base coin's trades in [from, to] (unix seconds) in chain order, and
// the last trade before from (nil: none): what history.Summarize makes the window's
// figures of, from the same rows the candles and the bots' buy alerts were made from.
func (s *DB) WindowTrades(ctx context.Context, base supra.CoinType, from, to int64) (before *history.Trade, in []history.Trade, err error) {
	prev, err := s.trades(ctx, `SELECT `+tradeCols+` FROM trades WHERE base = ? AND time_us < ?
		ORDER BY height DESC, tx_pos DESC, event_index DESC LIMIT 1`, base.String(), from*1_000_000)
	if err != nil {
		return nil, nil, err
	}
	in, err = s.trades(ctx, `SELECT `+tradeCols+` FROM trades WHERE base = ? AND time_us >= ? AND time_us < ?
		ORDER BY height, tx_pos, event_index`, base.String(), from*1_000_000, (to+1)*1_000_000)
	if err != nil {
		return nil, nil, err
	}
	if len(prev) == 1 {
		before = &prev[0]
	}
	return before, in, nil
}

// WindowSummary is history.Summarize of WindowTrades, reading the window's trades one at a
// time: its memory does not grow with the pool's trading.
func (s *DB) WindowSummary(ctx context.Context, base supra.CoinType, from, to int64) (history.Window, error) {
	prev, err := s.trades(ctx, `SELECT `+tradeCols+` FROM trades WHERE base = ? AND time_us < ?
		ORDER BY height DESC, tx_pos DESC, event_index DESC LIMIT 1`, base.String(), from*1_000_000)
	if err != nil {
		return history.Window{}, err
	}
	var before *history.Trade
	if len(prev) == 1 {
		before = &prev[0]
	}
	sum := history.NewSummary(before)
	err = s.eachTrade(ctx, sum.Add, `SELECT `+tradeCols+` FROM trades WHERE base = ? AND time_us >= ? AND time_us < ?
		ORDER BY height, tx_pos, event_index`, base.String(), from*1_000_000, (to+1)*1_000_000)
	if err != nil {
		return history.Window{}, err
	}
	return sum.Window(), nil
}

const tradeCols = `tx_hash, event_index, height, tx_pos, time_us, sender, base, buy, base_amount, quote_amount,
	price, price_before, supra_usd, price_usd, price_before_usd`

// trades reads trade rows (selected with tradeCols).
func (s *DB) trades(ctx context.Context, query string, args ...any) ([]history.Trade, error) {
	var out []history.Trade
	err := s.eachTrade(ctx, func(t history.Trade) { out = append(out, t) }, query, args...)
	if err != nil {
		return nil, err
	}
	return out, nil
}

// eachTrade reads trade rows (selected with tradeCols) one at a time into f.
func (s *DB) eachTrade(ctx context.Context, f func(history.Trade), query string, args ...any) error {
	rows, err := s.db.QueryContext(ctx, s.q(query), args...)
	if err != nil {
		return fmt.Errorf("store: trades: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var t history.Trade
		var h int64
		var base, ba, qa string
		var buy int
		var su, pu, pbu sql.NullFloat64
		if err := rows.Scan(&t.TxHash, &t.EventIndex, &h, &t.TxPos, &t.TimeUS, &t.Sender, &base, &buy, &ba, &qa,
			&t.Price, &t.PriceBefore, &su, &pu, &pbu); err != nil {
			return fmt.Errorf("store: trades: %w", err)
		}
		t.Height, t.Buy = uint64(h), buy != 0
		if err := (coinCol{&t.Base}).Scan(base); err != nil {
			return fmt.Errorf("store: trade %s: %w", t.TxHash, err)
		}
		if t.BaseAmount, err = strconv.ParseUint(ba, 10, 64); err != nil {
			return fmt.Errorf("store: trade %s amount %q: %w", t.TxHash, ba, err)
		}
		if t.QuoteAmount, err = strconv.ParseUint(qa, 10, 64); err != nil {
			return fmt.Errorf("store: trade %s amount %q: %w", t.TxHash, qa, err)
		}
		t.SupraUSD, t.PriceUSD, t.PriceBeforeUSD = nf(su), nf(pu), nf(pbu)
		f(t)
	}
	return rows.Err()
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

// USDPriceSince is when the index's SUPRA price in USD begins: the time of the first
// deposit into the USD coin's pool against the native coin. known is false when no USD
// coin is set or the index does not follow that pool (it started after the pool was
// filled), so trades get no USD price from its reserves.
func (s *DB) USDPriceSince(ctx context.Context, usd, native supra.CoinType) (sinceUS int64, known bool, err error) {
	if usd.IsZero() || native.IsZero() {
		return 0, false, nil
	}
	var since sql.NullInt64
	err = s.db.QueryRowContext(ctx, s.q(`SELECT MIN(l.time_us) FROM liquidity l JOIN pools p ON p.pair_x = l.pair_x AND p.pair_y = l.pair_y
		WHERE l.added = 1 AND ((l.pair_x = ? AND l.pair_y = ?) OR (l.pair_x = ? AND l.pair_y = ?))`),
		usd.String(), native.String(), native.String(), usd.String()).Scan(&since)
	if err != nil {
		return 0, false, fmt.Errorf("store: usd price since: %w", err)
	}
	return since.Int64, since.Valid, nil
}

// coinCol scans a coin type column: the store wrote it in canonical form, so a value that
// does not parse is a damaged row, reported rather than passed on.
type coinCol struct{ dst *supra.CoinType }

func (c coinCol) Scan(src any) error {
	var s string
	switch v := src.(type) {
	case string:
		s = v
	case []byte:
		s = string(v)
	default:
		return fmt.Errorf("store: coin type column holds %T", src)
	}
	t, err := supra.ParseCoinType(s)
	if err != nil {
		return fmt.Errorf("store: coin type %q: %w", s, err)
	}
	*c.dst = t
	return nil
}

// BurnerTotalUpTo is burner's total of token over its burns in chain order up to and
// including those of transaction txHash, and how many burns that is. found is false while
// the index holds no burn of token by burner in that transaction (not reached yet, or not
// such a burn). Amounts are summed as integers: the column holds decimal strings.
func (s *DB) BurnerTotalUpTo(ctx context.Context, burner string, token supra.CoinType, txHash string) (total *big.Int, burns int64, found bool, err error) {
	var height, pos int64
	err = s.db.QueryRowContext(ctx, s.q(`SELECT height, tx_pos FROM burns WHERE tx_hash = ? AND burner = ? AND token = ? LIMIT 1`),
		txHash, burner, token.String()).Scan(&height, &pos)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, 0, false, nil
	}
	if err != nil {
		return nil, 0, false, fmt.Errorf("store: burner total: %w", err)
	}
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT amount FROM burns WHERE burner = ? AND token = ?
		AND (height < ? OR (height = ? AND tx_pos <= ?))`), burner, token.String(), height, height, pos)
	if err != nil {
		return nil, 0, false, fmt.Errorf("store: burner total: %w", err)
	}
	defer rows.Close()
	total = new(big.Int)
	for rows.Next() {
		var a string
		if err := rows.Scan(&a); err != nil {
			return nil, 0, false, fmt.Errorf("store: burner total: %w", err)
		}
		v, ok := new(big.Int).SetString(a, 10)
		if !ok {
			return nil, 0, false, fmt.Errorf("store: burner total: amount %q", a)
		}
		total.Add(total, v)
		burns++
	}
	if err := rows.Err(); err != nil {
		return nil, 0, false, fmt.Errorf("store: burner total: %w", err)
	}
	return total, burns, true, nil
}
