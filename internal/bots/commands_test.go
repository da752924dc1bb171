package bots_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/luckycoin/lucky/internal/bots"
	"github.com/luckycoin/lucky/internal/market"
)

// Every suprabot command's reply, in a private chat (the user is its admin), and the
// settings they leave in the store; in a group only admins change settings.
func TestSuprabotCommands(t *testing.T) {
	e := newEnv(t)
	e.bot(bots.SupraBot, nil)
	const chat, user = 7, 7
	for _, c := range []struct{ in, want string }{
		{"/start", "LuckyCoin bot: I post slot plays and token buys"},
		{"/help", "/setminbuyusd <USD> — hide smaller buys (0 shows all)"},
		{"/subscribe", "Slot play alerts are on: every new one from now on is posted here."},
		{"/subscribe", "Slot play alerts are already on in this chat."},
		{"/subscribe now", "Usage: /subscribe "},
		{"/settoken", "Usage: /settoken <TOKEN|all>"},
		{"/settoken NOPE", `Unknown token "NOPE".`},
		{"/settoken lucky", "Slot play alerts now cover LUCKY."},
		{"/settoken all", "Slot play alerts cover every token."},
		{"/changeimage http://example.com/a.png", "Usage: /changeimage <https URL|off>"},
		{"/changeimage https://example.com/a.png", "Slot play alerts carry that picture."},
		{"/changeimage off", "Slot play alerts are posted as text."},
		{"/deleteprevious maybe", "Usage: /deleteprevious [on|off]"},
		{"/deleteprevious on", "Each new slot play alert replaces the last one."},
		{"/deleteprevious off", "Earlier slot play alerts stay in the chat."},
		{"/unsubscribe", "Slot play alerts are off."},
		{"/subscribe_buy", "Buy alerts are on: every new one from now on is posted here."},
		{"/unsubscribe_buy", "Buy alerts are off."},
		{"/settoken_buy SUPRA", "Buys are bought with SUPRA: pick another token."},
		{"/settoken_buy DAWGZ", "Buy alerts now cover DAWGZ."},
		{"/changeimage_buy https://example.com/b.png", "Buy alerts carry that picture."},
		{"/deleteprevious_buy on", "Each new buy alert replaces the last one."},
		{"/setemoji_buy", "Usage: /setemoji_buy <emoji>"},
		{"/setemoji_buy 🚀", "Alerts use 🚀."},
		{"/setemojibase_buy -3", "Usage: /setemojibase_buy <USD>"},
		{"/setemojibase_buy 25", "One emoji per $25.00."},
		{"/setminbuyusd abc", "Usage: /setminbuyusd <USD>"},
		{"/setminbuyusd 100", "Alerts under $100.00 are not posted."},
		{"/setminbuyusd 0", "Every alert is posted (no minimum)."},
		{"/price", "DAWGZ: 0.00"},
		{"/price LUCKY", "LUCKY: 0.0066"},
		{"/price NOPE", `Unknown token "NOPE".`},
		{"/nope", "Unknown command /nope. Send /help for the list."},
		{"/help@lucky_test_bot", "Commands (admins change settings):"},
	} {
		if got := e.ask(chat, user, c.in); !strings.Contains(got, c.want) {
			t.Errorf("%s: %q, want %q", c.in, got, c.want)
		}
	}
	// Another bot's commands are left alone.
	e.silent(chat, user, "/help@other_bot")
	e.silent(chat, user, "/luckyburn_help")
	e.silent(chat, user, "just chatting")

	c, err := e.db.BotChat(context.Background(), bots.SupraBot, chat)
	if err != nil {
		t.Fatal(err)
	}
	var s bots.Settings
	if err := json.Unmarshal(c.Settings, &s); err != nil {
		t.Fatal(err)
	}
	buy, play := s.Alerts[bots.StreamBuy], s.Alerts[bots.StreamPlay]
	if buy.On || buy.Token != "DAWGZ" || buy.Image != "https://example.com/b.png" || !buy.DeletePrevious ||
		play.On || play.Token != "" || s.Emoji != "🚀" || s.EmojiBase != "25.00" || s.MinUSD != "0.00" {
		t.Fatalf("settings %s", c.Settings)
	}

	// A group: members read, admins change.
	const group, member, admin = -100, 8, 9
	e.tg.admin(group, admin)
	if got := e.ask(group, member, "/subscribe"); got != "Only the group's admins can change this bot's settings." {
		t.Fatalf("member: %q", got)
	}
	if got := e.ask(group, member, "/price"); !strings.HasPrefix(got, "LUCKY: ") {
		t.Fatalf("member price: %q", got)
	}
	if got := e.ask(group, admin, "/subscribe"); !strings.HasPrefix(got, "Slot play alerts are on") {
		t.Fatalf("admin: %q", got)
	}
}

// Every burnbot command (prefix luckyburn_).
func TestBurnbotCommands(t *testing.T) {
	e := newEnv(t)
	e.bot(bots.BurnBot, nil)
	const chat, user = 5, 5
	for _, c := range []struct{ in, want string }{
		{"/luckyburn_start", "LuckyCoin burn bot"},
		{"/luckyburn_help", "/luckyburn_setminburnusd <USD> — hide smaller burns (0 shows all)"},
		{"/luckyburn_subscribe", "Burn alerts are on"},
		{"/luckyburn_unsubscribe", "Burn alerts are off."},
		{"/luckyburn_deleteprevious", "Each new burn alert replaces the last one."},
		{"/luckyburn_deleteprevious", "Earlier burn alerts stay in the chat."},
		{"/luckyburn_deleteprevious sometimes", "Usage: /luckyburn_deleteprevious [on|off]"},
		{"/luckyburn_deleteprevious on", "Each new burn alert replaces the last one."},
		{"/luckyburn_setemoji 🔥🔥", "Alerts use 🔥🔥."},
		{"/luckyburn_setemojibase 5", "One emoji per $5.00."},
		{"/luckyburn_setminburnusd 2.5", "Alerts under $2.50 are not posted."},
		{"/luckyburn_setminburnusd x", "Usage: /luckyburn_setminburnusd <USD>"},
		{"/luckyburn_price", "LUCKY: 0.0066"},
		{"/luckyburn_price DAWGZ", "Usage: /luckyburn_price "},
		// Genesis put 50,000,000 of the 1,000,000,000 LUCKY at the burn address.
		{"/luckyburn_burned", "🔥 LUCKY burned: 50,000,000.00 LUCKY (5.0000% of supply)"},
		{"/luckyburn_nope", "Unknown command /luckyburn_nope. Send /luckyburn_help for the list."},
	} {
		if got := e.ask(chat, user, c.in); !strings.Contains(got, c.want) {
			t.Errorf("%s: %q, want %q", c.in, got, c.want)
		}
	}
	e.silent(chat, user, "/subscribe") // suprabot's
}

// burnedFailing is the market with the burn address's read failed, as the node leaves it
// in a partial dashboard: Burned nil and the part named in Failed.
type burnedFailing struct{ bots.Prices }

func (p burnedFailing) Snapshot(ctx context.Context, force bool) (*market.Snapshot, error) {
	s, err := p.Prices.Snapshot(ctx, force)
	if err != nil {
		return nil, err
	}
	c := *s
	c.Lucky.Market.Burned = nil
	c.Lucky.Failed = []string{market.PartBurned}
	return &c, nil
}

// A burned figure the node failed to give is "unavailable", never "no burns on this network".
func TestBurnedReplyWhenTheNodeFailedThatPart(t *testing.T) {
	e := newEnv(t)
	e.bot(bots.BurnBot, func(c *bots.Config) { c.Prices = burnedFailing{c.Prices} })
	if got, want := e.ask(6, 6, "/luckyburn_burned"), "The burn figures are unavailable right now."; !strings.Contains(got, want) {
		t.Errorf("reply %q, want %q", got, want)
	}
}
