package bots_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/luckycoin/lucky/internal/bots"
	"github.com/luckycoin/lucky/internal/store"
)

// logBuffer collects slog text output from many goroutines.
type logBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

func (l *logBuffer) logger() *slog.Logger {
	return slog.New(slog.NewTextHandler(l, &slog.HandlerOptions{Level: slog.LevelDebug}))
}

const secretToken = "987654:SECRET-tok3n_value"

// start launches the bots as lucky serve does, on the env's fake Telegram; stop ends them.
func (e *env) start(log *slog.Logger) (started *bots.Started, stop func()) {
	e.t.Helper()
	ctx, cancel := context.WithCancel(e.ctx)
	begin := time.Now()
	started, err := bots.Start(ctx, bots.Launch{Tokens: map[string]string{bots.SupraBot: secretToken}, APIURL: e.tg.URL(),
		Retry: 20 * time.Millisecond, RetryMax: 100 * time.Millisecond, FirstTry: 300 * time.Millisecond,
		Base: bots.Config{Store: e.db, Prices: e.mkt, Tokens: e.reg, Network: e.net, PublicURL: "http://lucky.test", Log: log,
			Poll: 20 * time.Millisecond, Backoff: 20 * time.Millisecond, Now: e.node.Now}})
	if err != nil {
		e.t.Fatalf("Start: %v", err)
	}
	if took := time.Since(begin); took > 2*time.Second {
		e.t.Fatalf("Start took %v", took)
	}
	var once sync.Once
	stop = func() { once.Do(func() { cancel(); started.Wait() }) }
	e.t.Cleanup(stop)
	return started, stop
}

func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// Telegram down at start: Start returns at once with the bot unavailable, retries getMe
// with backoff (not in a hot loop), and once Telegram answers the bot runs normally.
func TestStartsWithoutTelegramThenJoins(t *testing.T) {
	e := newEnv(t)
	e.tg.set(func(f *fakeTelegram) { f.meDown = true })
	var logs logBuffer
	started, _ := e.start(logs.logger())
	if st := started.Status()[bots.SupraBot]; st.State != bots.StateUnavailable || st.Username != "" {
		t.Fatalf("status while Telegram is down: %+v", st)
	}
	time.Sleep(500 * time.Millisecond)
	var calls int
	e.tg.set(func(f *fakeTelegram) { calls = f.meCalls })
	// Delays 20 ms doubling to 100 ms, jittered: about 6 tries in 0.8 s; a hot loop makes hundreds.
	if calls < 3 || calls > 20 {
		t.Fatalf("getMe called %d times in 0.8 s", calls)
	}
	if st := started.Status()[bots.SupraBot]; st.State != bots.StateUnavailable {
		t.Fatalf("status %+v", st)
	}
	if !strings.Contains(logs.String(), "cannot reach Telegram") {
		t.Fatalf("no log of the outage:\n%s", logs.String())
	}

	e.tg.set(func(f *fakeTelegram) { f.meDown = false })
	waitFor(t, "the bot to run", func() bool { return started.Status()[bots.SupraBot].State == bots.StateRunning })
	if st := started.Status()[bots.SupraBot]; st.Username != "lucky_test_bot" {
		t.Fatalf("status %+v", st)
	}
	if got := started.Usernames(); got[bots.SupraBot] != "lucky_test_bot" {
		t.Fatalf("usernames %v", got)
	}
	// Commands and alerts work.
	const chat = 71
	if reply := e.ask(chat, chat, "/subscribe"); !strings.Contains(reply, "alerts are on") {
		t.Fatalf("subscribe reply %q", reply)
	}
	spin := e.play(1, 10_000_000, 1)
	e.sync()
	if got := e.wait(chat, 2); !strings.Contains(got[1].Text, spin.Hash) {
		t.Fatalf("alert %q", got[1].Text)
	}
}

// The bot token never reaches a log line, though the Bot API's answers echo the URL it
// is part of: a proxy's error page on getMe, an error description on sendMessage.
func TestTokenNeverLogged(t *testing.T) {
	e := newEnv(t)
	e.tg.set(func(f *fakeTelegram) { f.meDown = true })
	var logs logBuffer
	started, stop := e.start(logs.logger())
	waitFor(t, "two getMe tries", func() bool {
		n := 0
		e.tg.set(func(f *fakeTelegram) { n = f.meCalls })
		return n >= 2
	})
	e.tg.set(func(f *fakeTelegram) { f.meDown = false })
	waitFor(t, "the bot to run", func() bool { return started.Status()[bots.SupraBot].State == bots.StateRunning })
	const chat = 72
	e.ask(chat, chat, "/subscribe")
	e.tg.set(func(f *fakeTelegram) {
		f.refuse[chat] = refusal{code: http.StatusBadRequest, desc: "Bad Request: chat not found (POST {path})"}
	})
	e.play(1, 10_000_000, 1)
	e.sync()
	waitFor(t, "the refused alert to be logged", func() bool { return strings.Contains(logs.String(), "chat refuses alerts") })
	stop()
	out := logs.String()
	secret := secretToken[strings.Index(secretToken, ":")+1:]
	if strings.Contains(out, secret) {
		t.Fatalf("token in the logs:\n%s", out)
	}
	// The echoed URLs were logged, with the token replaced.
	if !strings.Contains(out, "/bot<token>/getMe") || !strings.Contains(out, "/bot<token>/sendMessage") {
		t.Fatalf("echoed URLs not in the logs (redacted):\n%s", out)
	}
}

// One chat's failure delays no other: chats that refuse posts (400 no rights), fail
// (500), moved to a supergroup (400 migrate_to_chat_id) or kicked the bot (403) sit in
// front of a healthy chat, which gets its alert at once. The migrated chat's settings and
// cursor move to the new id, which gets the alert; the kicked chat's alerts go off; the
// refusing chats are retried with backoff, not hot, and get the alert once they accept.
func TestEachChatDeliveredIndependently(t *testing.T) {
	e := newEnv(t)
	e.bot(bots.SupraBot, nil)
	const (
		noRights, failing, upgraded, kicked, healthy = -300, -250, -200, -150, -100
		supergroup                                   = -1001234500200
	)
	for _, chat := range []int64{noRights, failing, upgraded, kicked, healthy} {
		e.tg.admin(chat, 7)
		e.ask(chat, 7, "/subscribe")
	}
	e.tg.set(func(f *fakeTelegram) {
		f.refuse[noRights] = refusal{code: 400, desc: "Bad Request: not enough rights to send text messages to the chat"}
		f.refuse[failing] = refusal{code: 500, desc: "Internal Server Error"}
		f.refuse[upgraded] = refusal{code: 400, desc: "Bad Request: group chat was upgraded to a supergroup chat",
			params: map[string]any{"migrate_to_chat_id": supergroup}}
		f.refuse[kicked] = refusal{code: 403, desc: "Forbidden: bot was kicked from the group chat"}
	})
	spin := e.play(1, 10_000_000, 1)
	e.sync()
	synced := time.Now()

	got := e.wait(healthy, 2)
	if !strings.Contains(got[1].Text, spin.Hash) {
		t.Fatalf("healthy chat's alert %q", got[1].Text)
	}
	if d := got[1].At.Sub(synced); d > 2*time.Second {
		t.Fatalf("healthy chat's alert %v after the play was indexed", d)
	}
	// The upgraded group: alert at the new id, settings and cursor moved.
	if m := e.wait(supergroup, 1); !strings.Contains(m[0].Text, spin.Hash) {
		t.Fatalf("supergroup alert %q", m[0].Text)
	}
	ctx := context.Background()
	if _, err := e.db.BotChat(ctx, bots.SupraBot, upgraded); !errors.Is(err, store.ErrNoChat) {
		t.Fatalf("old group id still has settings: %v", err)
	}
	if c, err := e.db.BotChat(ctx, bots.SupraBot, supergroup); err != nil || !alertsOn(t, c.Settings, bots.StreamPlay) {
		t.Fatalf("supergroup settings %s %v", c.Settings, err)
	}
	if cur, ok, err := e.db.BotCursor(ctx, bots.SupraBot, supergroup, bots.StreamPlay); err != nil || !ok || cur.Message == 0 {
		t.Fatalf("supergroup cursor %+v %v %v", cur, ok, err)
	}
	// The kicked chat: alerts off.
	waitFor(t, "the kicked chat's alerts to go off", func() bool {
		c, err := e.db.BotChat(ctx, bots.SupraBot, kicked)
		return err == nil && !alertsOn(t, c.Settings, bots.StreamPlay)
	})
	// The refusing chats are retried, with backoff: 20 ms doubling, jittered.
	time.Sleep(time.Second)
	var tries map[int64]int
	e.tg.set(func(f *fakeTelegram) {
		tries = map[int64]int{noRights: f.refused[noRights], failing: f.refused[failing], kicked: f.refused[kicked]}
	})
	for chat, n := range tries {
		if n < 1 || n > 15 {
			t.Errorf("chat %d: %d sends in about 1.5 s", chat, n)
		}
	}
	if tries[kicked] != 1 {
		t.Errorf("kicked chat tried %d times", tries[kicked])
	}
	// Rights given back, Telegram well again: each gets the alert, once.
	e.tg.set(func(f *fakeTelegram) { delete(f.refuse, noRights); delete(f.refuse, failing) })
	for _, chat := range []int64{noRights, failing} {
		if m := e.wait(chat, 2); !strings.Contains(m[1].Text, spin.Hash) {
			t.Fatalf("chat %d alert %q", chat, m[1].Text)
		}
	}
	e.wait(healthy, 2)
}

func alertsOn(t *testing.T, raw []byte, stream string) bool {
	t.Helper()
	var s struct {
		Alerts map[string]struct {
			On bool `json:"on"`
		} `json:"alerts"`
	}
	if err := json.Unmarshal(raw, &s); err != nil {
		t.Fatal(err)
	}
	return s.Alerts[stream].On
}

// The service message announcing a group's upgrade moves its settings to the new id
// before any alert is refused there.
func TestUpgradeServiceMessageMovesChat(t *testing.T) {
	e := newEnv(t)
	e.bot(bots.SupraBot, nil)
	const group, supergroup = -400, -1001234500400
	e.tg.admin(group, 7)
	e.ask(group, 7, "/subscribe")
	e.tg.upgrade(group, supergroup)
	ctx := context.Background()
	waitFor(t, "the chat to move", func() bool {
		_, err := e.db.BotChat(ctx, bots.SupraBot, supergroup)
		return err == nil
	})
	if _, err := e.db.BotChat(ctx, bots.SupraBot, group); !errors.Is(err, store.ErrNoChat) {
		t.Fatalf("old id kept: %v", err)
	}
	spin := e.play(1, 10_000_000, 1)
	e.sync()
	if m := e.wait(supergroup, 1); !strings.Contains(m[0].Text, spin.Hash) {
		t.Fatalf("alert %q", m[0].Text)
	}
}
