package bots

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"sort"
	"strings"
	"sync"
	"time"
)

// ReadTokens reads a token file: one `suprabot=<token>` or `burnbot=<token>` line per bot,
// blank lines and # comments skipped. The tokens are BotFather's (123456:ABC…).
func ReadTokens(path string) (map[string]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("bots: token file: %w", err)
	}
	defer f.Close()
	out := map[string]string{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, token, ok := strings.Cut(line, "=")
		name, token = strings.TrimSpace(name), strings.TrimSpace(token)
		switch {
		case !ok || (name != SupraBot && name != BurnBot):
			return nil, fmt.Errorf("%w: %s line %d: want suprabot=<token> or burnbot=<token>", ErrConfig, path, n)
		case !strings.Contains(token, ":") || strings.ContainsAny(token, " \t"):
			return nil, fmt.Errorf("%w: %s line %d: %s's token does not look like BotFather's 123456:ABC…", ErrConfig, path, n, name)
		case out[name] != "":
			return nil, fmt.Errorf("%w: %s line %d: %s listed twice", ErrConfig, path, n, name)
		}
		out[name] = token
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("bots: token file: %w", err)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%w: %s names no bot", ErrConfig, path)
	}
	return out, nil
}

// Launch is what Start needs: the tokens, the Bot API, and the configuration every bot
// shares (Kind and Username are filled in per bot).
type Launch struct {
	Tokens map[string]string
	APIURL string
	// WebhookURL takes updates by webhook at WebhookURL + "/" + bot instead of long polling.
	WebhookURL string
	Base       Config
}

// Started is the running bots.
type Started struct {
	// Usernames by bot (from getMe), for the /bots page.
	Usernames map[string]string
	// Webhook serves /telegram/{bot} in webhook mode (nil when long polling).
	Webhook http.Handler
	wg      sync.WaitGroup
}

// Wait returns once every bot stopped (after ctx ended).
func (s *Started) Wait() { s.wg.Wait() }

// Start connects each bot (getMe checks its token) and runs its commands and alerts
// until ctx ends.
func Start(ctx context.Context, l Launch) (*Started, error) {
	s := &Started{Usernames: map[string]string{}}
	names := make([]string, 0, len(l.Tokens))
	for name := range l.Tokens {
		names = append(names, name)
	}
	sort.Strings(names)
	mux := http.NewServeMux()
	for _, name := range names {
		client, err := Connect(ctx, l.Tokens[name], l.APIURL, 30*time.Second, l.Base.Log)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		cfg := l.Base
		cfg.Kind, cfg.Username = name, client.Username()
		b, err := New(cfg, client)
		if err != nil {
			return nil, err
		}
		s.Usernames[name] = client.Username()
		if l.WebhookURL != "" {
			h, err := client.Webhook(ctx, b, strings.TrimSuffix(l.WebhookURL, "/")+"/"+name)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", name, err)
			}
			mux.Handle("POST /telegram/"+name, h)
		} else {
			s.wg.Add(1)
			go func() { defer s.wg.Done(); client.Poll(ctx, b) }()
		}
		s.wg.Add(1)
		go func() {
			defer s.wg.Done()
			if err := b.RunAlerts(ctx); err != nil && !errors.Is(err, context.Canceled) {
				b.log.Error("bots: alerts stopped", "err", err)
			}
		}()
		b.log.Info("bots: running", "username", client.Username(), "webhook", l.WebhookURL != "")
	}
	if l.WebhookURL != "" {
		s.Webhook = mux
	}
	return s, nil
}
