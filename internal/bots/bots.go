// Package bots runs the community's Telegram bots on the event index: suprabot posts slot
// plays and token buys, burnbot posts LUCKY sent to the burn address. Each chat's alerts
// follow a cursor over the index's rows (chain order) that moves only once Telegram has
// accepted the message, so a chat never misses an event and never sees one twice, however
// many blocks pass between polls and across restarts. Settings live per chat in the
// index's store; only a group's admins change them.
package bots

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/luckycoin/lucky/internal/config"
	"github.com/luckycoin/lucky/internal/market"
	"github.com/luckycoin/lucky/internal/store"
	"github.com/luckycoin/lucky/internal/tokens"
)

// The bots.
const (
	SupraBot = "suprabot"
	BurnBot  = "burnbot"
)

// burnPrefix starts every burnbot command (docs/product.md), so both bots can share a group.
const burnPrefix = "luckyburn_"

// Telegram is what a bot needs of the Bot API (telegram.go implements it with
// github.com/go-telegram/bot).
type Telegram interface {
	// Send posts text, or a photo with text as its caption, and returns the message id.
	Send(ctx context.Context, chat int64, text, photo string) (int64, error)
	Delete(ctx context.Context, chat, message int64) error
	// IsAdmin reports whether user is the chat's creator or an administrator.
	IsAdmin(ctx context.Context, chat, user int64) (bool, error)
}

// Prices is the market data the alerts quote (*market.Service).
type Prices interface {
	Snapshot(ctx context.Context, force bool) (*market.Snapshot, error)
}

// Config configures one bot.
type Config struct {
	Kind    string // SupraBot or BurnBot
	Store   *store.DB
	Prices  Prices
	Tokens  *tokens.Registry
	Network config.Network
	// PublicURL makes relative explorer links absolute (the devnet's /tx/{hash}).
	PublicURL string
	// Username is the bot's Telegram username (from getMe): commands addressed to another
	// bot (/help@other_bot) are left alone.
	Username string
	// Poll is the pause between alert rounds once every chat is caught up (default 2 s).
	Poll time.Duration
	// BatchOver: more queued alerts than this go out as one message (default 3).
	BatchOver int
	// Backoff is the first retry delay after a Telegram or store error (default 1 s,
	// doubling to 1 min).
	Backoff time.Duration
	// Now is the chain's clock (default time.Now; a devnet's moves with time travel): a
	// subscription starts at its now, and an event is news while it is younger than
	// DigestAfter by it.
	Now func() time.Time
	// DigestAfter: a chat's pending events older than this when the bot gets to them (after
	// an outage, a catch-up) go out as one digest per stream, not one alert each (default
	// DefaultDigestAfter).
	DigestAfter time.Duration
	Log         *slog.Logger
}

// DefaultDigestAfter is how old an event may be and still be posted as an alert of its own.
const DefaultDigestAfter = 3 * time.Minute

// Bot is one bot: its commands and its alert loop.
type Bot struct {
	cfg Config
	tg  Telegram
	log *slog.Logger
}

// ErrConfig: a bot configuration that cannot run.
var ErrConfig = errors.New("bots: invalid configuration")

// New returns a bot speaking through tg.
func New(cfg Config, tg Telegram) (*Bot, error) {
	if cfg.Kind != SupraBot && cfg.Kind != BurnBot {
		return nil, errors.Join(ErrConfig, errors.New("kind must be suprabot or burnbot"))
	}
	if cfg.Store == nil || cfg.Prices == nil || cfg.Tokens == nil || tg == nil {
		return nil, errors.Join(ErrConfig, errors.New("store, prices, tokens and Telegram are required"))
	}
	if cfg.Poll <= 0 {
		cfg.Poll = 2 * time.Second
	}
	if cfg.BatchOver <= 0 {
		cfg.BatchOver = 3
	}
	if cfg.Backoff <= 0 {
		cfg.Backoff = time.Second
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.DigestAfter <= 0 {
		cfg.DigestAfter = DefaultDigestAfter
	}
	return &Bot{cfg: cfg, tg: tg, log: cfg.Log.With("bot", cfg.Kind)}, nil
}

// Kind is SupraBot or BurnBot.
func (b *Bot) Kind() string { return b.cfg.Kind }

// streams are the alert streams of the bot.
func (b *Bot) streams() []string {
	if b.cfg.Kind == BurnBot {
		return []string{StreamBurn}
	}
	return []string{StreamPlay, StreamBuy}
}

func sleepCtx(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-t.C:
		return true
	}
}
