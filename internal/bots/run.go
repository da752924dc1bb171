package bots

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
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
	// Retry is the first pause before connecting to Telegram again after a failure
	// (default 2 s), doubling up to RetryMax (default 5 min), jittered.
	Retry, RetryMax time.Duration
	// FirstTry bounds how long Start waits for each bot's first connection (default 5 s):
	// past it the site starts and the bot joins when Telegram answers.
	FirstTry time.Duration
	Base     Config
}

// States of a bot, for the /bots page.
const (
	StateRunning     = "running"
	StateUnavailable = "unavailable" // Telegram cannot be reached (or refuses the token): retrying
)

// Status is where one bot stands.
type Status struct {
	State    string
	Username string // from getMe, once it answered
}

// Started is the bots, running or waiting for Telegram.
type Started struct {
	// Webhook serves /telegram/{bot} in webhook mode (nil when long polling); a bot not
	// connected yet answers 503, which Telegram retries.
	Webhook http.Handler
	wg      sync.WaitGroup
	mu      sync.Mutex
	status  map[string]Status
}

// Wait returns once every bot stopped (after ctx ended).
func (s *Started) Wait() { s.wg.Wait() }

// Status is each bot's state now.
func (s *Started) Status() map[string]Status {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make(map[string]Status, len(s.status))
	for k, v := range s.status {
		out[k] = v
	}
	return out
}

// Usernames are the running bots' usernames.
func (s *Started) Usernames() map[string]string {
	out := map[string]string{}
	for name, st := range s.Status() {
		if st.State == StateRunning {
			out[name] = st.Username
		}
	}
	return out
}

func (s *Started) set(name string, st Status) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.status[name] = st
}

// Start runs each bot until ctx ends: it connects (getMe checks the token), then answers
// commands and posts alerts. Telegram being down never stops Start: a bot that cannot
// connect is reported unavailable and retried with backoff until it can; Start waits at
// most FirstTry for the first attempts, so the site is up either way.
func Start(ctx context.Context, l Launch) (*Started, error) {
	if l.Retry <= 0 {
		l.Retry = 2 * time.Second
	}
	if l.RetryMax <= 0 {
		l.RetryMax = 5 * time.Minute
	}
	if l.FirstTry <= 0 {
		l.FirstTry = 5 * time.Second
	}
	log := l.Base.Log
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	s := &Started{status: map[string]Status{}}
	names := make([]string, 0, len(l.Tokens))
	for name := range l.Tokens {
		if name != SupraBot && name != BurnBot {
			return nil, fmt.Errorf("%w: unknown bot %q", ErrConfig, name)
		}
		names = append(names, name)
	}
	sort.Strings(names)
	mux := http.NewServeMux()
	first := make(chan struct{}, len(names))
	for _, name := range names {
		s.set(name, Status{State: StateUnavailable})
		var hook atomic.Pointer[http.Handler]
		if l.WebhookURL != "" {
			mux.HandleFunc("POST /telegram/"+name, func(w http.ResponseWriter, r *http.Request) {
				if h := hook.Load(); h != nil {
					(*h).ServeHTTP(w, r)
					return
				}
				http.Error(w, name+" is not connected to Telegram yet", http.StatusServiceUnavailable)
			})
		}
		s.wg.Add(1)
		go func() {
			defer s.wg.Done()
			s.run(ctx, l, name, &hook, first, log.With("bot", name))
		}()
	}
	if l.WebhookURL != "" {
		s.Webhook = mux
	}
	timeout := time.NewTimer(l.FirstTry)
	defer timeout.Stop()
	for range names {
		select {
		case <-first:
		case <-timeout.C:
			return s, nil
		case <-ctx.Done():
			return s, nil
		}
	}
	return s, nil
}

// run connects one bot, retrying until Telegram answers, then runs it until ctx ends.
func (s *Started) run(ctx context.Context, l Launch, name string, hook *atomic.Pointer[http.Handler], first chan<- struct{}, log *slog.Logger) {
	delay := l.Retry
	for attempt := 1; ; attempt++ {
		err := s.connect(ctx, l, name, hook, log)
		if attempt == 1 {
			first <- struct{}{}
		}
		if err == nil || ctx.Err() != nil {
			return
		}
		wait := jitter(delay)
		level := slog.LevelWarn
		if errors.Is(err, ErrRejected) {
			level = slog.LevelError // a wrong or revoked token needs the operator
		}
		log.Log(ctx, level, "bots: cannot reach Telegram: the site runs without this bot until it can", "attempt", attempt, "retry_in", wait.Round(time.Millisecond), "err", err)
		if !sleepCtx(ctx, wait) {
			return
		}
		delay = min(delay*2, l.RetryMax)
	}
}

// connect checks the token, registers the webhook if any and starts the bot (its command
// intake and alerts run until ctx ends); an error means nothing was started.
func (s *Started) connect(ctx context.Context, l Launch, name string, hook *atomic.Pointer[http.Handler], log *slog.Logger) error {
	tryCtx, cancel := context.WithTimeout(ctx, max(l.FirstTry, 30*time.Second))
	defer cancel()
	client, err := Connect(tryCtx, l.Tokens[name], l.APIURL, 30*time.Second, log)
	if err != nil {
		return err
	}
	cfg := l.Base
	cfg.Kind, cfg.Username = name, client.Username()
	b, err := New(cfg, client)
	if err != nil {
		return err
	}
	if l.WebhookURL != "" {
		h, err := client.Webhook(ctx, b, strings.TrimSuffix(l.WebhookURL, "/")+"/"+name)
		if err != nil {
			return err
		}
		hook.Store(&h)
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
	s.set(name, Status{State: StateRunning, Username: client.Username()})
	log.Info("bots: running", "username", client.Username(), "webhook", l.WebhookURL != "")
	return nil
}
