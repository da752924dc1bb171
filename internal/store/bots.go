package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/big"

	"github.com/luckycoin/lucky/internal/history"
	"github.com/luckycoin/lucky/internal/supra"
)

// Pos places a row in the chain: rows are ordered by (Height, TxPos, EventIndex).
type Pos struct {
	Height     int64
	TxPos      int64
	EventIndex int64
}

// Start is the position before every row.
var Start = Pos{Height: -1}

// ErrNoChat: the bot has no settings for that chat.
var ErrNoChat = errors.New("store: no such bot chat")

// BotChat is one chat's settings for one bot, as JSON the bot owns.
type BotChat struct {
	Bot      string
	ChatID   int64
	Settings json.RawMessage
}

// BotChat reads a chat's settings; ErrNoChat when the chat never used the bot.
func (s *DB) BotChat(ctx context.Context, bot string, chat int64) (BotChat, error) {
	c := BotChat{Bot: bot, ChatID: chat}
	var settings string
	err := s.db.QueryRowContext(ctx, s.q("SELECT settings FROM bot_chats WHERE bot = ? AND chat_id = ?"), bot, chat).Scan(&settings)
	if errors.Is(err, sql.ErrNoRows) {
		return c, ErrNoChat
	}
	if err != nil {
		return c, fmt.Errorf("store: bot chat: %w", err)
	}
	c.Settings = json.RawMessage(settings)
	return c, nil
}

// SaveBotChat writes a chat's settings.
func (s *DB) SaveBotChat(ctx context.Context, bot string, chat int64, settings json.RawMessage) error {
	_, err := s.db.ExecContext(ctx, s.q(`INSERT INTO bot_chats (bot, chat_id, settings) VALUES (?, ?, ?)
		ON CONFLICT (bot, chat_id) DO UPDATE SET settings = excluded.settings`), bot, chat, string(settings))
	if err != nil {
		return fmt.Errorf("store: save bot chat: %w", err)
	}
	return nil
}

// BotChats lists a bot's chats.
func (s *DB) BotChats(ctx context.Context, bot string) ([]BotChat, error) {
	rows, err := s.db.QueryContext(ctx, s.q("SELECT chat_id, settings FROM bot_chats WHERE bot = ? ORDER BY chat_id"), bot)
	if err != nil {
		return nil, fmt.Errorf("store: bot chats: %w", err)
	}
	defer rows.Close()
	var out []BotChat
	for rows.Next() {
		c := BotChat{Bot: bot}
		var settings string
		if err := rows.Scan(&c.ChatID, &settings); err != nil {
			return nil, fmt.Errorf("store: bot chats: %w", err)
		}
		c.Settings = json.RawMessage(settings)
		out = append(out, c)
	}
	return out, rows.Err()
}

// BotCursor is where a chat's stream stands: the position of the last row delivered and
// the id of the message that carried it (0 for none); ok false before the first.
type BotCursor struct {
	Pos
	Message int64
}

// BotCursor reads a chat's cursor on a stream.
func (s *DB) BotCursor(ctx context.Context, bot string, chat int64, stream string) (c BotCursor, ok bool, err error) {
	err = s.db.QueryRowContext(ctx, s.q(`SELECT height, tx_pos, event_index, last_message FROM bot_cursors WHERE bot = ? AND chat_id = ? AND stream = ?`),
		bot, chat, stream).Scan(&c.Height, &c.TxPos, &c.EventIndex, &c.Message)
	if errors.Is(err, sql.ErrNoRows) {
		return c, false, nil
	}
	if err != nil {
		return c, false, fmt.Errorf("store: bot cursor: %w", err)
	}
	return c, true, nil
}

// SetBotCursor records that the rows up to c.Pos are delivered to a chat's stream (once
// Telegram accepted them), with the message that carried the last one.
func (s *DB) SetBotCursor(ctx context.Context, bot string, chat int64, stream string, c BotCursor) error {
	if _, err := s.db.ExecContext(ctx, s.q(`INSERT INTO bot_cursors (bot, chat_id, stream, height, tx_pos, event_index, last_message) VALUES (?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (bot, chat_id, stream) DO UPDATE SET height = excluded.height, tx_pos = excluded.tx_pos, event_index = excluded.event_index,
		last_message = excluded.last_message`),
		bot, chat, stream, c.Height, c.TxPos, c.EventIndex, c.Message); err != nil {
		return fmt.Errorf("store: bot cursor: %w", err)
	}
	return nil
}

// Head is the position after every row the index holds now: a new subscription starts
// there, so it is not flooded with history.
func (s *DB) Head(ctx context.Context) (Pos, error) {
	h := int64(-1)
	if last, ok, err := s.LastBlock(ctx); err != nil {
		return Start, err
	} else if ok {
		h = int64(last.Height)
	}
	for _, t := range []string{"swaps", "plays", "burns"} {
		var m sql.NullInt64
		if err := s.db.QueryRowContext(ctx, "SELECT MAX(height) FROM "+t).Scan(&m); err != nil {
			return Start, fmt.Errorf("store: head: %w", err)
		}
		if m.Valid {
			h = max(h, m.Int64)
		}
	}
	if h < 0 {
		return Start, nil
	}
	return Pos{Height: h, TxPos: math.MaxInt32, EventIndex: math.MaxInt32}, nil
}

// TradeAt is an indexed trade with its position.
type TradeAt struct {
	Pos
	Trade history.Trade
}

// PlayAt is an indexed play with its position.
type PlayAt struct {
	Pos
	PlayRow
}

// BurnAt is an indexed burn with its position.
type BurnAt struct {
	Pos
	Burn
}

const after = ` WHERE (height > ? OR (height = ? AND (tx_pos > ? OR (tx_pos = ? AND event_index > ?))))
	ORDER BY height, tx_pos, event_index LIMIT ?`

func afterArgs(p Pos, limit int) []any {
	return []any{p.Height, p.Height, p.TxPos, p.TxPos, p.EventIndex, limit}
}

// TradesAfter returns the trades after p in chain order, at most limit.
func (s *DB) TradesAfter(ctx context.Context, p Pos, limit int) ([]TradeAt, error) {
	ts, err := s.trades(ctx, `SELECT `+tradeCols+` FROM trades`+after, afterArgs(p, limit)...)
	if err != nil {
		return nil, err
	}
	out := make([]TradeAt, len(ts))
	for i, t := range ts {
		out[i] = TradeAt{Pos: Pos{Height: int64(t.Height), TxPos: int64(t.TxPos), EventIndex: int64(t.EventIndex)}, Trade: t}
	}
	return out, nil
}

// PlaysAfter returns the plays after p in chain order, at most limit.
func (s *DB) PlaysAfter(ctx context.Context, p Pos, limit int) ([]PlayAt, error) {
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT height, tx_pos, event_index, tx_hash, time_us, player, token, bet, spins, wagered, won, tiers FROM plays`+after),
		afterArgs(p, limit)...)
	if err != nil {
		return nil, fmt.Errorf("store: plays after: %w", err)
	}
	defer rows.Close()
	var out []PlayAt
	for rows.Next() {
		var r PlayAt
		var tiers string
		if err := rows.Scan(&r.Pos.Height, &r.Pos.TxPos, &r.Pos.EventIndex, &r.TxHash, &r.TimeUS, &r.Player, coinCol{&r.Token}, &r.Bet, &r.Spins,
			&r.Wagered, &r.Won, &tiers); err != nil {
			return nil, fmt.Errorf("store: plays after: %w", err)
		}
		r.Ref.Height, r.Ref.EventIndex = uint64(r.Pos.Height), int(r.Pos.EventIndex)
		if err := json.Unmarshal([]byte(tiers), &r.Tiers); err != nil {
			return nil, fmt.Errorf("store: play %s tiers %q: %w", r.TxHash, tiers, err)
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// BurnsAfter returns the burns after p in chain order, at most limit.
func (s *DB) BurnsAfter(ctx context.Context, p Pos, limit int) ([]BurnAt, error) {
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT height, tx_pos, event_index, tx_hash, time_us, burner, token, amount FROM burns`+after),
		afterArgs(p, limit)...)
	if err != nil {
		return nil, fmt.Errorf("store: burns after: %w", err)
	}
	defer rows.Close()
	var out []BurnAt
	for rows.Next() {
		var r BurnAt
		if err := rows.Scan(&r.Pos.Height, &r.Pos.TxPos, &r.Pos.EventIndex, &r.TxHash, &r.TimeUS, &r.Burner, coinCol{&r.Token}, &r.Amount); err != nil {
			return nil, fmt.Errorf("store: burns after: %w", err)
		}
		r.Ref.Height, r.Ref.EventIndex = uint64(r.Pos.Height), int(r.Pos.EventIndex)
		out = append(out, r)
	}
	return out, rows.Err()
}

// BurnedTotal is the total of token ever deposited to the burn address, per the index.
func (s *DB) BurnedTotal(ctx context.Context, token supra.CoinType) (string, error) {
	rows, err := s.db.QueryContext(ctx, s.q("SELECT total FROM burn_totals WHERE token = ?"), token.String())
	if err != nil {
		return "", fmt.Errorf("store: burned total: %w", err)
	}
	defer rows.Close()
	sum := new(big.Int)
	for rows.Next() {
		var t string
		if err := rows.Scan(&t); err != nil {
			return "", fmt.Errorf("store: burned total: %w", err)
		}
		v, ok := new(big.Int).SetString(t, 10)
		if !ok {
			return "", fmt.Errorf("store: burned total %q", t)
		}
		sum.Add(sum, v)
	}
	return sum.String(), rows.Err()
}

// MoveBotChat moves a chat's settings and cursors for bot from one chat id to another:
// Telegram gives a group a new id when it becomes a supergroup, and the old id refuses
// every post. Whatever the new id already holds (an admin set it up again there) wins.
func (s *DB) MoveBotChat(ctx context.Context, bot string, from, to int64) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: move bot chat: %w", err)
	}
	defer tx.Rollback()
	for _, q := range []struct {
		sql  string
		args []any
	}{
		{`UPDATE bot_chats SET chat_id = ? WHERE bot = ? AND chat_id = ?
			AND NOT EXISTS (SELECT 1 FROM bot_chats n WHERE n.bot = ? AND n.chat_id = ?)`, []any{to, bot, from, bot, to}},
		{`DELETE FROM bot_chats WHERE bot = ? AND chat_id = ?`, []any{bot, from}},
		{`UPDATE bot_cursors SET chat_id = ? WHERE bot = ? AND chat_id = ?
			AND NOT EXISTS (SELECT 1 FROM bot_cursors n WHERE n.bot = ? AND n.chat_id = ? AND n.stream = bot_cursors.stream)`,
			[]any{to, bot, from, bot, to}},
		{`DELETE FROM bot_cursors WHERE bot = ? AND chat_id = ?`, []any{bot, from}},
	} {
		if _, err := tx.ExecContext(ctx, s.q(q.sql), q.args...); err != nil {
			return fmt.Errorf("store: move bot chat: %w", err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: move bot chat: %w", err)
	}
	return nil
}

// SetBotUsername records the Telegram username a bot runs as.
func (s *DB) SetBotUsername(ctx context.Context, bot, username string) error {
	_, err := s.db.ExecContext(ctx, s.q(`INSERT INTO bot_usernames (bot, username) VALUES (?, ?)
		ON CONFLICT (bot) DO UPDATE SET username = excluded.username`), bot, username)
	if err != nil {
		return fmt.Errorf("store: bot username: %w", err)
	}
	return nil
}

// BotUsernames reads the usernames the bots last ran as, by bot.
func (s *DB) BotUsernames(ctx context.Context) (map[string]string, error) {
	rows, err := s.db.QueryContext(ctx, "SELECT bot, username FROM bot_usernames")
	if err != nil {
		return nil, fmt.Errorf("store: bot usernames: %w", err)
	}
	defer rows.Close()
	out := map[string]string{}
	for rows.Next() {
		var b, u string
		if err := rows.Scan(&b, &u); err != nil {
			return nil, fmt.Errorf("store: bot usernames: %w", err)
		}
		out[b] = u
	}
	return out, rows.Err()
}
