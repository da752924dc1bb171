package bots

import (
	"context"
	"errors"
	"fmt"
	"github.com/luckycoin/lucky/internal/amount"
	"math/big"
	"strings"
	"time"

	"github.com/luckycoin/lucky/internal/market"
	"github.com/luckycoin/lucky/internal/store"
)

// rowsPerRound bounds the rows one chat's stream reads per round (and so one batch).
const rowsPerRound = 20

// alert is one row of a stream as a chat sees it: its position and, when the chat's
// filters pass it, its text (a full alert and a one-line form for batches).
type alert struct {
	pos        store.Pos
	show       bool
	text, line string
	photo      string
}

// RetryAfterError is Telegram's 429: wait Seconds, then send again.
type RetryAfterError struct{ Seconds int }

func (e *RetryAfterError) Error() string {
	return fmt.Sprintf("telegram: too many requests, retry after %d s", e.Seconds)
}

// ErrForbidden: the bot may not post in the chat any more (removed, blocked).
var ErrForbidden = errors.New("telegram: forbidden")

// ErrRejected: Telegram refused the message itself (a bad image URL, say); sending it
// again cannot succeed.
var ErrRejected = errors.New("telegram: request rejected")

// RunAlerts posts every chat's alerts until ctx ends: rounds over the chats, each stream
// from its cursor, pausing Poll once all are caught up.
func (b *Bot) RunAlerts(ctx context.Context) error {
	delay := b.cfg.Backoff
	for {
		busy, err := b.round(ctx)
		if ctx.Err() != nil {
			return ctx.Err()
		}
		wait := b.cfg.Poll
		switch {
		case err != nil:
			b.log.Warn("bots: alert round", "err", err)
			wait, delay = delay, min(delay*2, time.Minute)
		case busy:
			delay = b.cfg.Backoff
			continue
		default:
			delay = b.cfg.Backoff
		}
		if !sleepCtx(ctx, wait) {
			return ctx.Err()
		}
	}
}

// round delivers what each subscribed chat has pending; busy means some stream read a
// full page and has more.
func (b *Bot) round(ctx context.Context) (busy bool, err error) {
	chats, err := b.cfg.Store.BotChats(ctx, b.cfg.Kind)
	if err != nil {
		return false, err
	}
	r := &roundData{b: b}
	for _, c := range chats {
		s, err := decodeSettings(b.cfg.Kind, c.Settings)
		if err != nil {
			return false, err
		}
		for _, stream := range b.streams() {
			if !s.Alerts[stream].On {
				continue
			}
			more, err := b.deliver(ctx, r, c.ChatID, s, stream)
			if errors.Is(err, ErrForbidden) {
				b.log.Warn("bots: removed from chat: alerts off", "chat", c.ChatID, "err", err)
				if err := b.switchOff(ctx, c.ChatID, s); err != nil {
					return busy, err
				}
				break
			}
			if err != nil {
				return busy, fmt.Errorf("chat %d %s: %w", c.ChatID, stream, err)
			}
			busy = busy || more
		}
	}
	return busy, nil
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
	alerts, full, err := r.alerts(ctx, stream, s, cur.Pos)
	if err != nil || len(alerts) == 0 {
		return false, err
	}
	last := alerts[len(alerts)-1].pos
	var shown []alert
	for _, a := range alerts {
		if a.show {
			shown = append(shown, a)
		}
	}
	settings := s.Alerts[stream]
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

// send posts a message, waiting out 429s (retry_after) and retrying server and network
// errors with a doubling delay; it gives up only when ctx ends or Telegram rejects the
// message for good.
func (b *Bot) send(ctx context.Context, chat int64, text, photo string) (int64, error) {
	delay := b.cfg.Backoff
	for {
		id, err := b.tg.Send(ctx, chat, text, photo)
		if err == nil {
			return id, nil
		}
		if ctx.Err() != nil {
			return 0, ctx.Err()
		}
		var ra *RetryAfterError
		wait := delay
		switch {
		case errors.As(err, &ra):
			wait = time.Duration(max(ra.Seconds, 1)) * time.Second
		case errors.Is(err, ErrForbidden):
			return 0, err
		case errors.Is(err, ErrRejected) && photo != "":
			b.log.Warn("bots: photo refused, sending text", "chat", chat, "err", err)
			photo = ""
			continue
		case errors.Is(err, ErrRejected):
			return 0, err
		default:
			delay = min(delay*2, time.Minute)
		}
		b.log.Info("bots: send retried", "chat", chat, "wait", wait, "err", err)
		if !sleepCtx(ctx, wait) {
			return 0, ctx.Err()
		}
	}
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
func (r *roundData) token(ctx context.Context, coinType string) *market.TokenMarket {
	want, err := store.CanonType(coinType)
	if err != nil {
		return nil
	}
	snap := r.market(ctx)
	for i := range snap.Tokens {
		if c, err := store.CanonType(snap.Tokens[i].Token.CoinType); err == nil && c == want {
			return &snap.Tokens[i]
		}
	}
	return nil
}

// alerts reads a stream's rows after pos and renders each for the chat's settings; full
// means a whole page was read.
func (r *roundData) alerts(ctx context.Context, stream string, s Settings, pos store.Pos) ([]alert, bool, error) {
	st := r.b.cfg.Store
	var out []alert
	switch stream {
	case StreamBuy:
		rows, err := st.SwapsAfter(ctx, pos, rowsPerRound)
		if err != nil {
			return nil, false, err
		}
		for _, row := range rows {
			out = append(out, r.buy(ctx, s, row))
		}
	case StreamPlay:
		rows, err := st.PlaysAfter(ctx, pos, rowsPerRound)
		if err != nil {
			return nil, false, err
		}
		for _, row := range rows {
			out = append(out, r.play(s, row))
		}
	case StreamBurn:
		rows, err := st.BurnsAfter(ctx, pos, rowsPerRound)
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
	return out, len(out) == rowsPerRound, nil
}

// buy renders a swap that bought the chat's buy token with SUPRA.
func (r *roundData) buy(ctx context.Context, s Settings, row store.SwapRow) alert {
	a := alert{pos: row.Pos}
	tok, ok := r.b.cfg.Tokens.ByName(s.Alerts[StreamBuy].Token)
	if !ok {
		return a
	}
	coin, err := store.CanonType(tok.CoinType)
	if err != nil {
		return a
	}
	native := r.b.cfg.Network.Modules.NativeCoin
	var got, paid uint64
	switch {
	case row.PairX == coin && sameType(row.PairY, native) && row.XOut > 0:
		got, paid = row.XOut, row.YIn
	case row.PairY == coin && sameType(row.PairX, native) && row.YOut > 0:
		got, paid = row.YOut, row.XIn
	default:
		return a // not a buy of this token
	}
	snap := r.market(ctx)
	supraIn := new(big.Rat).SetFrac(new(big.Int).SetUint64(paid), pow10(8))
	var value *big.Rat
	if snap.SupraUSD != nil {
		value = new(big.Rat).Mul(supraIn, snap.SupraUSD)
	}
	if !s.passes(value) {
		return a
	}
	a.show = true
	gotText := units(new(big.Int).SetUint64(got), tok.Decimals)
	paidText := units(new(big.Int).SetUint64(paid), 8)
	lines := []string{
		s.emojiRow(value),
		fmt.Sprintf("%s Buy!", tok.Name),
		fmt.Sprintf("Spent: %s SUPRA (%s)", paidText, dollars(value)),
		fmt.Sprintf("Got: %s %s", gotText, tok.Name),
	}
	if m := r.token(ctx, tok.CoinType); m != nil && m.PriceSupra != nil {
		p := price(m.PriceSupra) + " SUPRA"
		if m.PriceUSD != nil {
			p += " ($" + price(m.PriceUSD) + ")"
		}
		lines = append(lines, "Price: "+p)
		if mc := m.MarketCap(true); mc != nil {
			lines = append(lines, "Market cap: "+dollars(mc))
		} else if mc := m.MarketCap(false); mc != nil {
			lines = append(lines, "Market cap: "+amount.Group(ratFixed(mc, 0))+" SUPRA")
		}
	}
	lines = append(lines, "Buyer: "+short(row.Sender), r.b.txLink(row.TxHash))
	a.text = strings.Join(lines, "\n")
	a.line = fmt.Sprintf("%s bought %s %s for %s SUPRA (%s) · %s", short(row.Sender), gotText, tok.Name, paidText, dollars(value), r.b.txLink(row.TxHash))
	a.photo = s.Alerts[StreamBuy].Image
	return a
}

// play renders a slot play (filtered by the chat's token).
func (r *roundData) play(s Settings, row store.PlayAt) alert {
	a := alert{pos: row.Pos}
	name, decimals := row.Token, uint8(0)
	if t, ok := r.b.cfg.Tokens.ByCoinType(row.Token); ok {
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
		fmt.Sprintf("%s spins of %s %s", row.Spins, units(mustInt(row.Bet), decimals), name),
		fmt.Sprintf("Wagered: %s %s", units(wagered, decimals), name),
		fmt.Sprintf("Result: %s", result),
		r.b.txLink(row.TxHash),
	}, "\n")
	a.line = fmt.Sprintf("%s: %s× %s %s, %s · %s", short(row.Player), row.Spins, units(mustInt(row.Bet), decimals), name, result, r.b.txLink(row.TxHash))
	a.photo = s.Alerts[StreamPlay].Image
	return a
}

// burn renders LUCKY sent to the burn address, with the total burned so far.
func (r *roundData) burn(ctx context.Context, s Settings, row store.BurnAt) (alert, error) {
	a := alert{pos: row.Pos}
	tok, ok := r.b.cfg.Tokens.ByName(s.Alerts[StreamBurn].Token)
	if !ok {
		return a, nil
	}
	if c, err := store.CanonType(tok.CoinType); err != nil || c != row.Token {
		return a, nil
	}
	amt := mustInt(row.Amount)
	m := r.token(ctx, tok.CoinType)
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
	totalInt := mustInt(total)
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
		name = "LUCKY"
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
	r := &roundData{b: b}
	if _, err := b.cfg.Prices.Snapshot(ctx, false); err != nil {
		return "Prices are unavailable right now. Try again in a minute.", nil
	}
	m := r.token(ctx, tok.CoinType)
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
	if l.Burned == nil {
		return "No burn figures for LUCKY on this network.", nil
	}
	out := fmt.Sprintf("🔥 LUCKY burned: %s LUCKY", units(l.Burned, l.Token.Decimals))
	if l.TotalSupply != nil {
		out += fmt.Sprintf(" (%s%% of supply)", percentOf(l.Burned, l.TotalSupply))
	}
	return out, nil
}

func sameType(a, b string) bool {
	x, err1 := store.CanonType(a)
	y, err2 := store.CanonType(b)
	return err1 == nil && err2 == nil && x == y
}

func pow10(n uint8) *big.Int { return new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(n)), nil) }

// mustInt reads a canonical decimal the store wrote (0 if it is not one).
func mustInt(s string) *big.Int {
	v, ok := new(big.Int).SetString(s, 10)
	if !ok {
		return new(big.Int)
	}
	return v
}
