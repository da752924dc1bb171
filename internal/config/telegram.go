package config

import (
	"flag"
	"fmt"
	"io"
	"net"
	"net/url"
	"regexp"
)

// Telegram configures the Telegram bots (internal/bots), in `lucky bots` and, when a
// token file is given, inside `lucky serve`.
type Telegram struct {
	// TokenFile holds the bots' tokens from BotFather, one `suprabot=<token>` or
	// `burnbot=<token>` line each ("" runs no bot).
	TokenFile string
	// APIURL is the Bot API's base (tests point it at a fake).
	APIURL string
	// PublicURL is the app's public address, for links in alerts where the network's
	// explorer is the app itself (devnet's /tx/{hash}); "" in lucky serve: the address
	// it serves.
	PublicURL string
	// Usernames of bots running elsewhere, for the /bots page: bot → @username.
	Usernames map[string]string
	// WebhookURL (bots only) takes updates by webhook at this https URL instead of long
	// polling; WebhookAddr is where `lucky bots` listens for it.
	WebhookURL  string
	WebhookAddr string
}

var username = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]{3,31}$`)

func (t *Telegram) register(fs *flag.FlagSet, getenv func(string) string, bots bool) {
	fs.StringVar(&t.TokenFile, "telegram-token-file", getenv("LUCKY_TELEGRAM_TOKEN_FILE"), "file with the bots' BotFather tokens, lines suprabot=<token> and burnbot=<token> (env LUCKY_TELEGRAM_TOKEN_FILE)")
	fs.StringVar(&t.APIURL, "telegram-api", envOr(getenv, "LUCKY_TELEGRAM_API", "https://api.telegram.org"), "Telegram Bot API base URL (env LUCKY_TELEGRAM_API)")
	// lucky serve knows the address it serves; lucky bots runs beside one at the default.
	publicURL := ""
	if bots {
		publicURL = "http://127.0.0.1:8080"
	}
	fs.StringVar(&t.PublicURL, "public-url", envOr(getenv, "LUCKY_PUBLIC_URL", publicURL), "the app's public URL, for links in bot alerts on devnet; an https one turns on HSTS (env LUCKY_PUBLIC_URL; default: the address served)")
	t.Usernames = map[string]string{}
	for _, b := range []string{"suprabot", "burnbot"} {
		fs.Func(b+"-username", "Telegram username of the "+b+" when it runs in another process (shown on /bots)", func(s string) error {
			if !username.MatchString(s) {
				return fmt.Errorf("not a Telegram username: %q", s)
			}
			t.Usernames[b] = s
			return nil
		})
	}
	if bots {
		fs.StringVar(&t.WebhookURL, "telegram-webhook-url", getenv("LUCKY_TELEGRAM_WEBHOOK_URL"), "take updates by webhook at this https URL (path /telegram/<bot>) instead of long polling")
		fs.StringVar(&t.WebhookAddr, "telegram-webhook-addr", envOr(getenv, "LUCKY_TELEGRAM_WEBHOOK_ADDR", "127.0.0.1:8090"), "listen address for the webhook")
	}
}

func (t *Telegram) validate() error {
	for name, v := range map[string]string{"--telegram-api": t.APIURL, "--public-url": t.PublicURL} {
		if v == "" && name == "--public-url" {
			continue
		}
		u, err := url.Parse(v)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return fmt.Errorf("%w: %s %q: want http(s)://host", ErrInvalid, name, v)
		}
	}
	if t.WebhookURL != "" {
		u, err := url.Parse(t.WebhookURL)
		if err != nil || u.Scheme != "https" || u.Host == "" {
			return fmt.Errorf("%w: --telegram-webhook-url must be an https URL", ErrInvalid)
		}
		if _, _, err := net.SplitHostPort(t.WebhookAddr); err != nil {
			return fmt.Errorf("%w: --telegram-webhook-addr %q: %v", ErrInvalid, t.WebhookAddr, err)
		}
	}
	return nil
}

// BotsCmd is the configuration of `lucky bots`: the index it reads (and feeds, like
// `lucky index`) and the bots.
type BotsCmd struct {
	IndexCmd
	Telegram Telegram
}

// ParseBots reads `lucky bots --telegram-token-file FILE [index flags] [--telegram-…]`.
func ParseBots(args []string, getenv func(string) string, stderr io.Writer) (BotsCmd, error) {
	fs := flag.NewFlagSet("bots", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var c BotsCmd
	network, rpc := c.IndexCmd.register(fs, getenv)
	c.Telegram.register(fs, getenv, true)
	if _, err := parse(fs, args); err != nil {
		return BotsCmd{}, err
	}
	if err := c.IndexCmd.finish(*network, *rpc); err != nil {
		return BotsCmd{}, err
	}
	if err := c.Telegram.validate(); err != nil {
		return BotsCmd{}, err
	}
	if c.Telegram.TokenFile == "" {
		return BotsCmd{}, fmt.Errorf("%w: --telegram-token-file is required (a file with suprabot=<token> and/or burnbot=<token>)", ErrInvalid)
	}
	return c, nil
}
