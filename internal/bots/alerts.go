package bots

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/luckycoin/lucky/internal/amount"

	"github.com/luckycoin/lucky/internal/history"
	"github.com/luckycoin/lucky/internal/market"
	"github.com/luckycoin/lucky/internal/store"
	"github.com/luckycoin/lucky/internal/supra"
)

// rowsPerRound bounds the rows one chat's stream reads per round (and so one batch).
const rowsPerRound = 20

// alert is one row of a stream as a chat sees it: its position and, when the chat's
// filters pass it, its text (a full alert and a one-line form for batches).
type alert struct {
	pos        store.Pos
	timeUS     int64 // the block's time
	show       bool
	text, line string
	photo      string
	// What a digest sums: the amount the alert is about (bought, won, burned) in base units
	// of unit, its dollar value (nil: unknown), who and the transaction's link.
	amt       *big.Int
	usd       *big.Rat
	unit      string
	decimals  uint8
	who, link string
}

// RetryAfterError is Telegram's 429: wait Seconds, then send again.
type RetryAfterError struct{ Seconds int }

func (e *RetryAfterError) Error() string {
	return fmt.Sprintf("telegram: too many requests, retry after %d s", e.Seconds)
}

// MigratedError: the group became a supergroup with a new chat id; the old id refuses
// every post.
type MigratedError struct{ To int64 }

func (e *MigratedError) Error() string {
	return fmt.Sprintf("telegram: group upgraded to a supergroup, new chat id %d", e.To)
}

// ErrForbidden: the bot may not post in the chat any more (removed, blocked).
var ErrForbidden = errors.New("telegram: forbidden")

// ErrRejected: Telegram refused the message or the chat refuses it (a bad image URL, no
// right to post); the same request cannot succeed as it is.
var ErrRejected = errors.New("telegram: request rejected")

// Delays between attempts for one chat: a failing chat is retried on its own schedule,
// doubling up to a cap (longer when Telegram refuses the chat outright, which takes an
// admin to fix), with jitter so many chats failing together do not retry in step.
const (
	maxRetryDelay  = time.Minute
	maxRefuseDelay = 10 * time.Minute
	// parallelChats bounds the chats being delivered at once.
	parallelChats = 8
)

// RunAlerts posts every chat's alerts until ctx ends. Each chat is delivered on its own
// (up to parallelChats at once) and keeps its own retry schedule, so a chat that refuses
// posts, or whose sends hang, delays no other; the list of chats is re-read every Poll,
// or at once when a chat has more to send.
func (b *Bot) RunAlerts(ctx context.Context) error {
	var wg sync.WaitGroup
	defer wg.Wait()
	sched := &schedule{chats: map[int64]*chatState{}}
	slots := make(chan struct{}, parallelChats)
	wake := make(chan struct{}, 1)
	listDelay := b.cfg.Backoff
	for {
		wait := b.cfg.Poll
		listed := time.Now()
		chats, err := b.cfg.Store.BotChats(ctx, b.cfg.Kind)
		switch {
		case ctx.Err() != nil:
			return ctx.Err()
		case err != nil:
			b.log.Warn("bots: chats", "err", err)
			wait, listDelay = jitter(listDelay), min(listDelay*2, maxRetryDelay)
		default:
			listDelay = b.cfg.Backoff
			now := time.Now()
			for _, c := range chats {
				if !sched.due(c.ChatID, now, listed) {
					continue
				}
				select {
				case slots <- struct{}{}:
				default: // all slots busy: the chat waits for the next pass
					sched.release(c.ChatID)
					continue
				}
				wg.Add(1)
				go func(c store.BotChat) {
					defer wg.Done()
					defer func() { <-slots }()
					more, retry := b.deliverChat(ctx, c)
					sched.done(c.ChatID, retry, b.cfg.Backoff)
					if more {
						select {
						case wake <- struct{}{}:
						default:
						}
					}
				}(c)
			}
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-wake:
		case <-t.C:
		}
		t.Stop()
	}
}

// retry says when a chat is tried again after a failed delivery.
type retry struct {
	after time.Duration // exactly this long (Telegram's retry_after); 0: by backoff
	cap   time.Duration // the backoff's cap; 0: no failure
}

// schedule is each chat's delivery state: whether a delivery runs and when the next may.
type schedule struct {
	mu    sync.Mutex
	chats map[int64]*chatState
}

type chatState struct {
	busy  bool
	next  time.Time
	delay time.Duration
	// finished is when its last delivery ended, which may have changed its settings
	// (alerts off after the bot was removed, a move to a supergroup).
	finished time.Time
}

// due claims a chat for delivery when none runs and its retry time has come, and its
// entry in a list read at listed is newer than its last delivery: an older one may carry
// settings that delivery changed, and the chat waits for the next list.
func (s *schedule) due(chat int64, now, listed time.Time) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.chats[chat]
	if c == nil {
		c = &chatState{}
		s.chats[chat] = c
	}
	if c.busy || now.Before(c.next) || c.finished.After(listed) {
		return false
	}
	c.busy = true
	return true
}

func (s *schedule) release(chat int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.chats[chat].busy = false
}

// done records a delivery's outcome: success clears the chat's backoff; a failure sets
// its next attempt.
func (s *schedule) done(chat int64, r retry, first time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.chats[chat]
	c.busy, c.finished = false, time.Now()
	switch {
	case r.cap == 0:
		c.delay, c.next = 0, time.Time{}
	case r.after > 0:
		c.next = time.Now().Add(r.after)
	default:
		c.delay = min(max(c.delay*2, first), r.cap)
		c.next = time.Now().Add(jitter(c.delay))
	}
}

// jitter spreads d over [d/2, d].
func jitter(d time.Duration) time.Duration {
	if d <= 1 {
		return d
	}
	return d/2 + rand.N(d/2+1)
}

// deliverChat posts one chat's pending alerts on each of its streams: more means a stream
// read a full page and has more; retry says when to try again after a failure.
func (b *Bot) deliverChat(ctx context.Context, c store.BotChat) (more bool, r retry) {
	s, err := b.settings(c.Settings)
	if err != nil {
		b.log.Error("bots: chat settings unreadable: chat skipped", "chat", c.ChatID, "err", err)
		return false, retry{cap: maxRefuseDelay}
	}
	rd := &roundData{b: b}
	for _, stream := range b.streams() {
		if !s.Alerts[stream].On {
			continue
		}
		m, err := b.deliver(ctx, rd, c.ChatID, s, stream)
		more = more || m
		var ra *RetryAfterError
		var moved *MigratedError
		switch {
		case err == nil:
			continue
		case ctx.Err() != nil:
			return false, retry{}
		case errors.Is(err, ErrForbidden):
			b.log.Warn("bots: removed from chat: alerts off", "chat", c.ChatID, "err", err)
			if err := b.switchOff(ctx, c.ChatID, s); err != nil {
				b.log.Warn("bots: switching alerts off", "chat", c.ChatID, "err", err)
				return false, retry{cap: maxRetryDelay}
			}
			return false, retry{}
		case errors.As(err, &moved):
			if err := b.move(ctx, c.ChatID, moved.To); err != nil {
				return false, retry{cap: maxRetryDelay}
			}
			return true, retry{} // delivered at the new id on the next pass
		case errors.As(err, &ra):
			b.log.Info("bots: rate limited", "chat", c.ChatID, "retry_after", ra.Seconds)
			return false, retry{after: time.Duration(max(ra.Seconds, 1)) * time.Second, cap: maxRetryDelay}
		case errors.Is(err, ErrRejected):
			// The chat refuses the post (no right to send, say): its cursor stays, so it
			// gets the alerts once an admin fixes it; until then it is retried rarely.
			b.log.Warn("bots: chat refuses alerts: retried later", "chat", c.ChatID, "stream", stream, "err", err)
			return false, retry{cap: maxRefuseDelay}
		default:
			b.log.Warn("bots: alerts to chat failed: retried later", "chat", c.ChatID, "stream", stream, "err", err)
			return false, retry{cap: maxRetryDelay}
		}
	}
	return more, retry{}
}

// migrated follows a group's upgrade to a supergroup announced by a service message.
func (b *Bot) migrated(ctx context.Context, from, to int64) {
	_ = b.move(ctx, from, to)
}

// move moves a chat's settings and cursors to its new id.
func (b *Bot) move(ctx context.Context, from, to int64) error {
	if err := b.cfg.Store.MoveBotChat(ctx, b.cfg.Kind, from, to); err != nil {
		b.log.Warn("bots: moving chat to its supergroup id", "chat", from, "to", to, "err", err)
		return err
	}
	b.log.Info("bots: group became a supergroup: settings moved", "chat", from, "to", to)
	return nil
}

func (b *Bot) switchOff(ctx context.Context, chat int64, s Settings) error {
	for _, a := range s.Alerts {
		a.On = false
	}
	raw, err := encode(s)
	if err != nil {
		return err
	}
	return b.cfg.Store.SaveBotChat(ctx, b.cfg.Kind, chat, raw)
}

// deliver posts one chat's pending alerts of one stream: a few one by one, more as one
// batch message; the cursor moves past each row only once Telegram accepted the message
// that carries it (rows the chat's filters hide move with the next accepted message, or
// alone when nothing is shown).
func (b *Bot) deliver(ctx context.Context, r *roundData, chat int64, s Settings, stream string) (more bool, err error) {
	cur, ok, err := b.cfg.Store.BotCursor(ctx, b.cfg.Kind, chat, stream)
	if err != nil {
		return false, err
	}
	if !ok { // subscribed before cursors existed: start at the index's end
		head, err := b.cfg.Store.Head(ctx)
		if err != nil {
			return false, err
		}
		return false, b.cfg.Store.SetBotCursor(ctx, b.cfg.Kind, chat, stream, store.BotCursor{Pos: head})
	}
	alerts, full, err := r.alerts(ctx, stream, s, cur.Pos, rowsPerRound)
	if err != nil || len(alerts) == 0 {
		return false, err
	}
	settings := s.Alerts[stream]
	news(alerts, settings)
	cutoff := b.cfg.Now().Add(-b.cfg.DigestAfter).UnixMicro()
	for _, a := range alerts {
		if a.show && a.timeUS < cutoff {
			// The bot was away (an outage, a catch-up): what happened meanwhile is one
			// message, then the live alerts follow.
			return true, b.digest(ctx, r, chat, s, stream, cur, cutoff)
		}
	}
	last := alerts[len(alerts)-1].pos
	var shown []alert
	for _, a := range alerts {
		if a.show {
			shown = append(shown, a)
		}
	}
	post := func(text, photo string, to store.Pos) error {
		if settings.DeletePrevious && cur.Message != 0 {
			if err := b.tg.Delete(ctx, chat, cur.Message); err != nil {
				b.log.Info("bots: previous alert not deleted", "chat", chat, "err", err)
			}
		}
		id, err := b.send(ctx, chat, text, photo)
		if err != nil {
			return err
		}
		cur = store.BotCursor{Pos: to, Message: id}
		return b.cfg.Store.SetBotCursor(ctx, b.cfg.Kind, chat, stream, cur)
	}
	switch {
	case len(shown) == 0:
		err = b.cfg.Store.SetBotCursor(ctx, b.cfg.Kind, chat, stream, store.BotCursor{Pos: last, Message: cur.Message})
	case len(shown) > b.cfg.BatchOver:
		lines := make([]string, len(shown))
		for i, a := range shown {
			lines[i] = a.line
		}
		text := fmt.Sprintf("%d new %s alerts\n\n%s", len(shown), strings.ToLower(streamNames[stream]), strings.Join(lines, "\n"))
		err = post(text, settings.Image, last)
	default:
		for i, a := range shown {
			to := a.pos
			if i == len(shown)-1 {
				to = last
			}
			if err = post(a.text, a.photo, to); err != nil {
				break
			}
		}
	}
	return full, err
}

// news hides the events from before the chat switched the stream on: the index may reach
// them only later, while it catches up, but they were history when the chat subscribed.
func news(alerts []alert, a *Alerts) {
	for i := range alerts {
		if alerts[i].timeUS < a.SinceUS {
			alerts[i].show = false
		}
	}
}

// Bounds of one digest: rows read a page at a time, and at most maxDigestRows in one
// message (a longer absence takes a digest per that many rows).
const (
	digestPage    = 500
	maxDigestRows = 20_000
)

// digest posts one message summing a stream's pending events older than cutoff (chain
// time, microseconds), and moves the chat's cursor past them once Telegram accepted it.
func (b *Bot) digest(ctx context.Context, r *roundData, chat int64, s Settings, stream string, cur store.BotCursor, cutoff int64) error {
	settings := s.Alerts[stream]
	var shown []alert
	last, read := cur.Pos, 0
	for read < maxDigestRows {
		page, _, err := r.alerts(ctx, stream, s, last, digestPage)
		if err != nil {
			return err
		}
		news(page, settings)
		done := len(page) < digestPage
		for _, a := range page {
			if a.timeUS >= cutoff {
				done = true
				break
			}
			last, read = a.pos, read+1
			if a.show {
				shown = append(shown, a)
			}
		}
		if done {
			break
		}
	}
	if len(shown) == 0 {
		return b.cfg.Store.SetBotCursor(ctx, b.cfg.Kind, chat, stream, store.BotCursor{Pos: last, Message: cur.Message})
	}
	id, err := b.send(ctx, chat, digestText(stream, shown), "")
	if err != nil {
		return err
	}
	b.log.Info("bots: digest posted", "chat", chat, "stream", stream, "events", len(shown))
	return b.cfg.Store.SetBotCursor(ctx, b.cfg.Kind, chat, stream, store.BotCursor{Pos: last, Message: id})
}

// digestText sums a stream's events in a line: how many, how much, the largest.
func digestText(stream string, shown []alert) string {
	noun := map[string][2]string{StreamBuy: {"buy", "buys"}, StreamPlay: {"slot play", "slot plays"}, StreamBurn: {"burn", "burns"}}[stream]
	count := fmt.Sprintf("%d %s", len(shown), noun[1])
	if len(shown) == 1 {
		count = "1 " + noun[0]
	}
	// Sums and the largest are told only in one unit: plays of every token are counted.
	unit := shown[0].unit
	var largest *alert
	total, usd := new(big.Int), new(big.Rat)
	usdKnown, oneUnit, wins := true, true, 0
	for i := range shown {
		a := &shown[i]
		if a.unit != unit {
			oneUnit = false
		}
		if a.amt == nil || a.amt.Sign() == 0 {
			continue
		}
		wins++
		total.Add(total, a.amt)
		if a.usd == nil {
			usdKnown = false
		} else {
			usd.Add(usd, a.usd)
		}
		if largest == nil || a.amt.Cmp(largest.amt) > 0 {
			largest = a
		}
	}
	text := "While the bot was away: " + count
	if stream == StreamPlay {
		text += fmt.Sprintf(" (%d won)", wins)
	}
	if oneUnit && largest != nil {
		figure := func(amt *big.Int, value *big.Rat, known bool) string {
			out := units(amt, largest.decimals) + " " + unit
			if known && value != nil {
				out += " (" + dollars(value) + ")"
			}
			return out
		}
		if stream == StreamPlay {
			text += ", the largest win " + figure(largest.amt, largest.usd, true)
		} else {
			text += ", " + figure(total, usd, usdKnown) + ", the largest " + figure(largest.amt, largest.usd, true)
		}
		text += " by " + largest.who + " · " + largest.link
	}
	return text + ". Live alerts follow."
}

// send posts a message; a refused photo is sent again as text. Other failures return at
// once: the chat's own schedule retries them, so waiting here would hold the chat's slot.
func (b *Bot) send(ctx context.Context, chat int64, text, photo string) (int64, error) {
	id, err := b.tg.Send(ctx, chat, text, photo)
	var moved *MigratedError
	if err != nil && photo != "" && errors.Is(err, ErrRejected) && !errors.As(err, &moved) {
		b.log.Warn("bots: photo refused, sending text", "chat", chat, "err", err)
		return b.tg.Send(ctx, chat, text, "")
	}
	return id, err
}

// roundData reads what a round's alerts quote once: the market snapshot.
type roundData struct {
	b    *Bot
	snap *market.Snapshot
}

func (r *roundData) market(ctx context.Context) *market.Snapshot {
	if r.snap == nil {
		s, err := r.b.cfg.Prices.Snapshot(ctx, false)
		if err != nil {
			// Alerts go out without USD figures rather than not at all.
			r.b.log.Warn("bots: market data", "err", err)
			s = &market.Snapshot{}
		}
		r.snap = s
	}
	return r.snap
}

// token finds a coin's market entry (nil when it has no pool).
func (r *roundData) token(ctx context.Context, want supra.CoinType) *market.TokenMarket {
	snap := r.market(ctx)
	for i := range snap.Tokens {
		if snap.Tokens[i].Token.Coin() == want {
			return &snap.Tokens[i]
		}
	}
	return nil
}

// alerts reads a stream's rows after pos and renders each for the chat's settings; full
// means a whole page was read.
func (r *roundData) alerts(ctx context.Context, stream string, s Settings, pos store.Pos, limit int) ([]alert, bool, error) {
	st := r.b.cfg.Store
	var out []alert
	switch stream {
	case StreamBuy:
		rows, err := st.TradesAfter(ctx, pos, limit)
		if err != nil {
			return nil, false, err
		}
		for _, row := range rows {
			out = append(out, r.buy(ctx, s, row))
		}
	case StreamPlay:
		rows, err := st.PlaysAfter(ctx, pos, limit)
		if err != nil {
			return nil, false, err
		}
		for _, row := range rows {
			out = append(out, r.play(s, row))
		}
	case StreamBurn:
		rows, err := st.BurnsAfter(ctx, pos, limit)
		if err != nil {
			return nil, false, err
		}
		for _, row := range rows {
			a, err := r.burn(ctx, s, row)
			if err != nil {
				return nil, false, err
			}
			out = append(out, a)
		}
	}
	return out, len(out) == limit, nil
}

// buy renders a trade that bought the chat's buy token with SUPRA. Buy or sell was
// decided once, when the swap was indexed, and the dollar figures are those of the moment
// of the trade (the same the swap's candle shows), not today's: an alert sent late, after
// a restart say, still tells what the buyer paid then.
func (r *roundData) buy(ctx context.Context, s Settings, row store.TradeAt) alert {
	a := alert{pos: row.Pos, timeUS: row.Trade.TimeUS}
	t := row.Trade
	tok, ok := r.b.cfg.Tokens.ByName(s.Alerts[StreamBuy].Token)
	if !ok {
		return a
	}
	if t.Base != tok.Coin() || !t.Buy {
		return a // not a buy of this token
	}
	native, ok := r.b.cfg.Tokens.Native()
	if !ok {
		r.b.log.Warn("bots: the token registry does not know the native coin", "coin", supra.NativeCoin())
		return a
	}
	value := t.QuoteUSD(native.Decimals)
	if !s.passes(value) {
		return a
	}
	a.show = true
	gotText := units(new(big.Int).SetUint64(t.BaseAmount), tok.Decimals)
	paidText := units(new(big.Int).SetUint64(t.QuoteAmount), native.Decimals)
	lines := []string{
		s.emojiRow(value),
		fmt.Sprintf("%s Buy!", tok.Name),
		fmt.Sprintf("Spent: %s %s (%s)", paidText, native.Name, dollars(value)),
		fmt.Sprintf("Got: %s %s", gotText, tok.Name),
	}
	if p := history.DisplayRat(t.Price); p != nil {
		line := "Price: " + price(p) + " " + native.Name
		if pu := history.DisplayRat(deref(t.PriceUSD)); pu != nil {
			line += " ($" + price(pu) + ")"
		}
		lines = append(lines, line)
	}
	if m := r.token(ctx, tok.Coin()); m != nil {
		// The market cap is today's: supply is not a property of the trade.
		if mc := m.MarketCap(true); mc != nil {
			lines = append(lines, "Market cap: "+dollars(mc))
		} else if mc := m.MarketCap(false); mc != nil {
			lines = append(lines, "Market cap: "+amount.Group(ratFixed(mc, 0))+" "+native.Name)
		}
	}
	lines = append(lines, "Buyer: "+short(t.Sender), r.b.txLink(t.TxHash))
	a.text = strings.Join(lines, "\n")
	a.line = fmt.Sprintf("%s bought %s %s for %s %s (%s) · %s", short(t.Sender), gotText, tok.Name, paidText, native.Name, dollars(value), r.b.txLink(t.TxHash))
	a.photo = s.Alerts[StreamBuy].Image
	a.amt, a.usd, a.unit, a.decimals = new(big.Int).SetUint64(t.BaseAmount), value, tok.Name, tok.Decimals
	a.who, a.link = short(t.Sender), r.b.txLink(t.TxHash)
	return a
}

func deref(f *float64) float64 {
	if f == nil {
		return 0
	}
	return *f
}

// spinWord is "spin" for a play of one spin, "spins" otherwise.
func spinWord(n string) string {
	if n == "1" {
		return "spin"
	}
	return "spins"
}

// play renders a slot play (filtered by the chat's token).
func (r *roundData) play(s Settings, row store.PlayAt) alert {
	a := alert{pos: row.Pos, timeUS: row.TimeUS}
	name, decimals := row.Token.String(), uint8(0)
	if t, ok := r.b.cfg.Tokens.ByCoin(row.Token); ok {
		name, decimals = t.Name, t.Decimals
	}
	if f := s.Alerts[StreamPlay].Token; f != "" && !strings.EqualFold(f, name) {
		return a
	}
	a.show = true
	wagered, _ := new(big.Int).SetString(row.Wagered, 10)
	won, _ := new(big.Int).SetString(row.Won, 10)
	best := -1
	for _, t := range row.Tiers {
		best = max(best, t)
	}
	result := "no win"
	if won.Sign() > 0 {
		result = fmt.Sprintf("won %s %s (best: %s)", units(won, decimals), name, tierName(best))
	}
	a.text = strings.Join([]string{
		"🎰 Slot play",
		fmt.Sprintf("Player: %s", short(row.Player)),
		fmt.Sprintf("%s %s of %s %s", row.Spins, spinWord(row.Spins), units(intOrZero(row.Bet), decimals), name),
		fmt.Sprintf("Wagered: %s %s", units(wagered, decimals), name),
		fmt.Sprintf("Result: %s", result),
		r.b.txLink(row.TxHash),
	}, "\n")
	a.line = fmt.Sprintf("%s: %s× %s %s, %s · %s", short(row.Player), row.Spins, units(intOrZero(row.Bet), decimals), name, result, r.b.txLink(row.TxHash))
	a.photo = s.Alerts[StreamPlay].Image
	if won != nil {
		a.amt = won
	}
	a.unit, a.decimals, a.who, a.link = name, decimals, short(row.Player), r.b.txLink(row.TxHash)
	return a
}

// burn renders LUCKY sent to the burn address, with the total burned so far.
func (r *roundData) burn(ctx context.Context, s Settings, row store.BurnAt) (alert, error) {
	a := alert{pos: row.Pos, timeUS: row.TimeUS}
	tok, ok := r.b.cfg.Tokens.ByName(s.Alerts[StreamBurn].Token)
	if !ok {
		return a, nil
	}
	if tok.Coin() != row.Token {
		return a, nil
	}
	amt := intOrZero(row.Amount)
	m := r.token(ctx, tok.Coin())
	var value *big.Rat
	if m != nil && m.PriceUSD != nil {
		value = new(big.Rat).Mul(new(big.Rat).SetFrac(amt, pow10(tok.Decimals)), m.PriceUSD)
	}
	if !s.passes(value) {
		return a, nil
	}
	total, err := r.b.cfg.Store.BurnedTotal(ctx, row.Token)
	if err != nil {
		return a, err
	}
	totalInt := intOrZero(total)
	share := ""
	if m != nil && m.TotalSupply != nil {
		share = fmt.Sprintf(" (%s%% of supply)", percentOf(totalInt, m.TotalSupply))
	}
	a.show = true
	a.text = strings.Join([]string{
		s.emojiRow(value),
		fmt.Sprintf("%s Burned!", tok.Name),
		fmt.Sprintf("Amount: %s %s (%s)", units(amt, tok.Decimals), tok.Name, dollars(value)),
		fmt.Sprintf("Total burned: %s %s%s", units(totalInt, tok.Decimals), tok.Name, share),
		"Burner: " + short(row.Burner),
		r.b.txLink(row.TxHash),
	}, "\n")
	a.line = fmt.Sprintf("%s burned %s %s (%s) · %s", short(row.Burner), units(amt, tok.Decimals), tok.Name, dollars(value), r.b.txLink(row.TxHash))
	a.amt, a.usd, a.unit, a.decimals = amt, value, tok.Name, tok.Decimals
	a.who, a.link = short(row.Burner), r.b.txLink(row.TxHash)
	return a, nil
}

// txLink is the explorer page of a transaction (absolute).
func (b *Bot) txLink(hash string) string {
	u := strings.ReplaceAll(b.cfg.Network.ExplorerTx, "{hash}", hash)
	if strings.HasPrefix(u, "/") {
		u = strings.TrimSuffix(b.cfg.PublicURL, "/") + u
	}
	return u
}

// priceReply answers /price [TOKEN] (burnbot: LUCKY).
func (b *Bot) priceReply(ctx context.Context, s *Settings, arg string) (string, error) {
	name := arg
	if name == "" {
		name = b.appToken()
		if a := s.Alerts[StreamBuy]; a != nil && a.Token != "" {
			name = a.Token
		}
	}
	if strings.Contains(name, " ") || (b.cfg.Kind == BurnBot && arg != "") {
		return "", errUsage
	}
	tok, ok := b.cfg.Tokens.ByName(name)
	if !ok {
		return fmt.Sprintf("Unknown token %q.", name), nil
	}
	snap, err := b.cfg.Prices.Snapshot(ctx, false)
	if err != nil {
		return "Prices are unavailable right now. Try again in a minute.", nil
	}
	m := (&roundData{b: b, snap: snap}).token(ctx, tok.Coin())
	if m == nil || m.PriceSupra == nil {
		return fmt.Sprintf("%s has no SUPRA pool on Dexlyn, so no price.", tok.Name), nil
	}
	out := fmt.Sprintf("%s: %s SUPRA", tok.Name, price(m.PriceSupra))
	if m.PriceUSD != nil {
		out += " ($" + price(m.PriceUSD) + ")"
	}
	if mc := m.MarketCap(true); mc != nil {
		out += " · market cap " + dollars(mc)
	}
	return out, nil
}

// burnedReply answers /luckyburn_burned: LUCKY at the burn address and its share.
func (b *Bot) burnedReply(ctx context.Context, _ *Settings, arg string) (string, error) {
	if arg != "" {
		return "", errUsage
	}
	snap, err := b.cfg.Prices.Snapshot(ctx, false)
	if err != nil {
		return "The burn figures are unavailable right now. Try again in a minute.", nil
	}
	l := snap.Lucky.Market
	if l.Burned == nil && slices.Contains(snap.Lucky.Failed, market.PartBurned) {
		// The node did not answer for the burn address: that is not "no burns".
		return "The burn figures are unavailable right now. Try again in a minute.", nil
	}
	if l.Burned == nil {
		return fmt.Sprintf("No burn figures for %s on this network.", l.Token.Name), nil
	}
	out := fmt.Sprintf("🔥 %s burned: %s %s", l.Token.Name, units(l.Burned, l.Token.Decimals), l.Token.Name)
	if l.TotalSupply != nil {
		out += fmt.Sprintf(" (%s%% of supply)", percentOf(l.Burned, l.TotalSupply))
	}
	return out, nil
}

func pow10(n uint8) *big.Int { return new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(n)), nil) }

// intOrZero reads a canonical decimal the store wrote (0 if it is not one).
func intOrZero(s string) *big.Int {
	v, ok := new(big.Int).SetString(s, 10)
	if !ok {
		return new(big.Int)
	}
	return v
}
