package bots

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/luckycoin/lucky/internal/store"
	"github.com/luckycoin/lucky/internal/supra"
)

// command is one command: who may run it, its usage line and what it does.
type command struct {
	name  string
	args  string // usage after the command, "" for none
	help  string
	admin bool // changes the chat's settings
	run   func(b *Bot, ctx context.Context, s *Settings, arg string) (reply string, err error)
}

// errUsage: the arguments are missing or malformed; the reply is the usage line.
var errUsage = errors.New("usage")

// appName is the app token's name as the registry has it, for the bots' texts.
func (b *Bot) appName() string {
	if t, ok := b.cfg.Tokens.App(); ok {
		return t.Name
	}
	return "the app token"
}

func (b *Bot) commands() []command {
	app := b.appName()
	if b.cfg.Kind == BurnBot {
		return []command{
			{name: "start", help: "what this bot does", run: (*Bot).start},
			{name: "help", help: "this list", run: (*Bot).helpText},
			{name: "subscribe", help: "post " + app + " burns in this chat", admin: true, run: toggle(StreamBurn, true)},
			{name: "unsubscribe", help: "stop posting burns", admin: true, run: toggle(StreamBurn, false)},
			{name: "deleteprevious", args: "[on|off]", help: "remove the last burn alert when a new one comes (no argument switches)", admin: true, run: deletePrevious(StreamBurn)},
			{name: "setemoji", args: "<emoji>", help: "the emoji repeated by value", admin: true, run: setEmoji},
			{name: "setemojibase", args: "<USD>", help: "USD of burn per emoji", admin: true, run: setEmojiBase},
			{name: "setminburnusd", args: "<USD>", help: "hide smaller burns (0 shows all)", admin: true, run: setMinUSD},
			{name: "price", help: app + "'s price now", run: (*Bot).priceReply},
			{name: "burned", help: app + " burned so far", run: (*Bot).burnedReply},
		}
	}
	return []command{
		{name: "start", help: "what this bot does", run: (*Bot).start},
		{name: "help", help: "this list", run: (*Bot).helpText},
		{name: "subscribe", help: "post slot plays in this chat", admin: true, run: toggle(StreamPlay, true)},
		{name: "unsubscribe", help: "stop posting slot plays", admin: true, run: toggle(StreamPlay, false)},
		{name: "settoken", args: "<TOKEN|all>", help: "only plays in this token", admin: true, run: setToken(StreamPlay)},
		{name: "changeimage", args: "<https URL|off>", help: "picture posted with play alerts", admin: true, run: setImage(StreamPlay)},
		{name: "deleteprevious", args: "[on|off]", help: "remove the last play alert when a new one comes (no argument switches)", admin: true, run: deletePrevious(StreamPlay)},
		{name: "subscribe_buy", help: "post buys in this chat", admin: true, run: toggle(StreamBuy, true)},
		{name: "unsubscribe_buy", help: "stop posting buys", admin: true, run: toggle(StreamBuy, false)},
		{name: "settoken_buy", args: "<TOKEN>", help: "the token whose buys are posted", admin: true, run: setToken(StreamBuy)},
		{name: "changeimage_buy", args: "<https URL|off>", help: "picture posted with buy alerts", admin: true, run: setImage(StreamBuy)},
		{name: "deleteprevious_buy", args: "[on|off]", help: "remove the last buy alert when a new one comes (no argument switches)", admin: true, run: deletePrevious(StreamBuy)},
		{name: "setemoji_buy", args: "<emoji>", help: "the emoji repeated by value", admin: true, run: setEmoji},
		{name: "setemojibase_buy", args: "<USD>", help: "USD of buy per emoji", admin: true, run: setEmojiBase},
		{name: "setminbuyusd", args: "<USD>", help: "hide smaller buys (0 shows all)", admin: true, run: setMinUSD},
		{name: "price", args: "[TOKEN]", help: "a token's price now (default the buy token)", run: (*Bot).priceReply},
	}
}

// prefix is what starts the bot's commands after the slash.
func (b *Bot) prefix() string {
	if b.cfg.Kind == BurnBot {
		return burnPrefix
	}
	return ""
}

// Message is an incoming chat message, as much of it as commands need.
type Message struct {
	Chat    int64
	Private bool
	User    int64
	Text    string
}

// Handle answers a message: the reply to send ("" when the message is not for this bot).
// Settings changes are saved before the reply.
func (b *Bot) Handle(ctx context.Context, m Message) (string, error) {
	name, arg, ok := b.parse(m.Text)
	if !ok {
		return "", nil
	}
	var cmd *command
	cmds := b.commands()
	for i := range cmds {
		if cmds[i].name == name {
			cmd = &cmds[i]
		}
	}
	if cmd == nil {
		return fmt.Sprintf("Unknown command /%s%s. Send /%shelp for the list.", b.prefix(), name, b.prefix()), nil
	}
	if cmd.admin && !m.Private {
		admin, err := b.tg.IsAdmin(ctx, m.Chat, m.User)
		if err != nil {
			return "", fmt.Errorf("bots: admin check: %w", err)
		}
		if !admin {
			return "Only the group's admins can change this bot's settings.", nil
		}
	}
	chat, err := b.cfg.Store.BotChat(ctx, b.cfg.Kind, m.Chat)
	if err != nil && !errors.Is(err, store.ErrNoChat) {
		return "", err
	}
	s, err := b.settings(chat.Settings)
	if err != nil {
		return "", err
	}
	before, _ := json.Marshal(s)
	wasOn := map[string]bool{}
	for k, a := range s.Alerts {
		wasOn[k] = a.On
	}
	reply, err := cmd.run(b, ctx, &s, arg)
	if errors.Is(err, errUsage) {
		return fmt.Sprintf("Usage: /%s%s %s", b.prefix(), cmd.name, cmd.args), nil
	}
	if err != nil {
		return "", err
	}
	// A stream switched on starts at what the index holds next and at the chain's now (no
	// flood of history, even from an index still catching up); the cursor is written before
	// the settings, so an alert round never sees it on without.
	for k, a := range s.Alerts {
		if a.On && !wasOn[k] {
			a.SinceUS = b.cfg.Now().UnixMicro()
			head, err := b.cfg.Store.Head(ctx)
			if err != nil {
				return "", err
			}
			if err := b.cfg.Store.SetBotCursor(ctx, b.cfg.Kind, m.Chat, k, store.BotCursor{Pos: head}); err != nil {
				return "", err
			}
		}
	}
	if after, _ := json.Marshal(s); string(after) != string(before) {
		if err := b.cfg.Store.SaveBotChat(ctx, b.cfg.Kind, m.Chat, after); err != nil {
			return "", err
		}
	}
	return reply, nil
}

// parse reads "/name@bot arg": the command name without the bot's prefix, and whether the
// message is a command for this bot at all.
func (b *Bot) parse(text string) (name, arg string, ok bool) {
	text = strings.TrimSpace(text)
	if !strings.HasPrefix(text, "/") {
		return "", "", false
	}
	head, rest, _ := strings.Cut(text[1:], " ")
	head, to, addressed := strings.Cut(head, "@")
	if addressed && b.cfg.Username != "" && !strings.EqualFold(to, b.cfg.Username) {
		return "", "", false
	}
	head = strings.ToLower(head)
	if p := b.prefix(); p != "" {
		if head, ok = strings.CutPrefix(head, p); !ok {
			return "", "", false // another bot's command in a shared group
		}
	} else if strings.HasPrefix(head, burnPrefix) || strings.HasPrefix(head, "luckynft_") {
		return "", "", false
	}
	return head, strings.TrimSpace(rest), head != ""
}

func (b *Bot) start(context.Context, *Settings, string) (string, error) {
	if b.cfg.Kind == BurnBot {
		app := b.appName()
		return "🔥 LuckyCoin burn bot: I post every " + app + " burn (" + app + " sent to the burn address) with its value, the total burned " +
			"and its share of the supply. An admin sends /" + burnPrefix + "subscribe to start. /" + burnPrefix + "help lists the commands.", nil
	}
	return "🎰 LuckyCoin bot: I post slot plays and token buys from the Supra chain, each exactly once. An admin sends /subscribe " +
		"(plays) or /subscribe_buy (buys) to start. /help lists the commands.", nil
}

func (b *Bot) helpText(context.Context, *Settings, string) (string, error) {
	var sb strings.Builder
	sb.WriteString("Commands (admins change settings):")
	for _, c := range b.commands() {
		line := "/" + b.prefix() + c.name
		if c.args != "" {
			line += " " + c.args
		}
		sb.WriteString("\n" + line + " — " + c.help)
	}
	return sb.String(), nil
}

var streamNames = map[string]string{StreamPlay: "Slot play", StreamBuy: "Buy", StreamBurn: "Burn"}

func toggle(stream string, on bool) func(*Bot, context.Context, *Settings, string) (string, error) {
	return func(b *Bot, ctx context.Context, s *Settings, arg string) (string, error) {
		if arg != "" {
			return "", errUsage
		}
		a := s.Alerts[stream]
		if on && a.On {
			return streamNames[stream] + " alerts are already on in this chat.", nil
		}
		a.On = on
		if !on {
			return streamNames[stream] + " alerts are off.", nil
		}
		return streamNames[stream] + " alerts are on: every new one from now on is posted here.", nil
	}
}

func setToken(stream string) func(*Bot, context.Context, *Settings, string) (string, error) {
	return func(b *Bot, ctx context.Context, s *Settings, arg string) (string, error) {
		if arg == "" || strings.Contains(arg, " ") {
			return "", errUsage
		}
		a := s.Alerts[stream]
		if stream == StreamPlay && strings.EqualFold(arg, "all") {
			a.Token = ""
			return "Slot play alerts cover every token.", nil
		}
		t, ok := b.cfg.Tokens.ByName(arg)
		if !ok {
			return fmt.Sprintf("Unknown token %q.", arg), nil
		}
		if stream == StreamBuy && t.Coin() == supra.NativeCoin() {
			return "Buys are bought with SUPRA: pick another token.", nil
		}
		a.Token = t.Name
		return fmt.Sprintf("%s alerts now cover %s.", streamNames[stream], t.Name), nil
	}
}

func setImage(stream string) func(*Bot, context.Context, *Settings, string) (string, error) {
	return func(_ *Bot, _ context.Context, s *Settings, arg string) (string, error) {
		if strings.EqualFold(arg, "off") {
			s.Alerts[stream].Image = ""
			return streamNames[stream] + " alerts are posted as text.", nil
		}
		u, err := url.Parse(arg)
		if arg == "" || err != nil || u.Scheme != "https" || u.Host == "" {
			return "", errUsage
		}
		s.Alerts[stream].Image = u.String()
		return streamNames[stream] + " alerts carry that picture.", nil
	}
}

func deletePrevious(stream string) func(*Bot, context.Context, *Settings, string) (string, error) {
	return func(_ *Bot, _ context.Context, s *Settings, arg string) (string, error) {
		if arg == "" { // the product lists burnbot's without an argument: it switches
			arg = "on"
			if s.Alerts[stream].DeletePrevious {
				arg = "off"
			}
		}
		switch strings.ToLower(arg) {
		case "on":
			s.Alerts[stream].DeletePrevious = true
			return "Each new " + strings.ToLower(streamNames[stream]) + " alert replaces the last one.", nil
		case "off":
			s.Alerts[stream].DeletePrevious = false
			return "Earlier " + strings.ToLower(streamNames[stream]) + " alerts stay in the chat.", nil
		}
		return "", errUsage
	}
}

func setEmoji(_ *Bot, _ context.Context, s *Settings, arg string) (string, error) {
	if !validEmoji(arg) {
		return "", errUsage
	}
	s.Emoji = arg
	return "Alerts use " + arg + ".", nil
}

func setEmojiBase(_ *Bot, _ context.Context, s *Settings, arg string) (string, error) {
	v, ok := usd(arg)
	if !ok || v.Sign() == 0 {
		return "", errUsage
	}
	s.EmojiBase = v.FloatString(2)
	return "One emoji per $" + s.EmojiBase + ".", nil
}

func setMinUSD(_ *Bot, _ context.Context, s *Settings, arg string) (string, error) {
	v, ok := usd(arg)
	if !ok {
		return "", errUsage
	}
	s.MinUSD = v.FloatString(2)
	if v.Sign() == 0 {
		return "Every alert is posted (no minimum).", nil
	}
	return "Alerts under $" + s.MinUSD + " are not posted.", nil
}
