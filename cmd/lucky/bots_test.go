package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/luckycoin/lucky/internal/store"
)

type botStatusJSON struct {
	Status   string  `json:"status"`
	Username *string `json:"username"`
}

// fakeBotAPI is the Bot API for one bot: getMe fails while down, getUpdates hands out
// queued messages, sendMessage records what was posted.
type fakeBotAPI struct {
	srv     *httptest.Server
	mu      sync.Mutex
	down    bool
	updates []string // texts from chat 5, update ids 1…
	sent    []string
	// sendDown: sends fail with a 502, as during an outage of the Bot API.
	sendDown bool
}

func newFakeBotAPI(t *testing.T, username string) *fakeBotAPI {
	f := &fakeBotAPI{down: true}
	f.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		method := r.URL.Path[strings.LastIndex(r.URL.Path, "/")+1:]
		f.mu.Lock()
		defer f.mu.Unlock()
		switch method {
		case "getMe":
			if f.down {
				w.WriteHeader(http.StatusBadGateway)
				fmt.Fprint(w, "<html>502 Bad Gateway</html>")
				return
			}
			fmt.Fprintf(w, `{"ok":true,"result":{"id":1,"is_bot":true,"first_name":"L","username":%q}}`, username)
		case "getUpdates":
			r.ParseMultipartForm(1 << 20)
			offset, _ := strconv.Atoi(r.FormValue("offset"))
			var out []map[string]any
			for i, text := range f.updates {
				if id := i + 1; id >= offset {
					out = append(out, map[string]any{"update_id": id, "message": map[string]any{"message_id": id, "date": time.Now().Unix(),
						"text": text, "chat": map[string]any{"id": 5, "type": "private"}, "from": map[string]any{"id": 5, "is_bot": false, "first_name": "u"}}})
				}
			}
			if out == nil {
				f.mu.Unlock()
				time.Sleep(30 * time.Millisecond)
				f.mu.Lock()
				out = []map[string]any{}
			}
			json.NewEncoder(w).Encode(map[string]any{"ok": true, "result": out})
		case "sendMessage", "sendPhoto":
			if f.sendDown {
				w.WriteHeader(http.StatusBadGateway)
				fmt.Fprint(w, "<html>502 Bad Gateway</html>")
				return
			}
			r.ParseMultipartForm(1 << 20)
			text := r.FormValue("text") + r.FormValue("caption")
			f.sent = append(f.sent, text)
			fmt.Fprintf(w, `{"ok":true,"result":{"message_id":%d,"date":1,"chat":{"id":5,"type":"private"}}}`, len(f.sent))
		default:
			fmt.Fprint(w, `{"ok":true,"result":true}`)
		}
	}))
	t.Cleanup(f.srv.Close)
	return f
}

func (f *fakeBotAPI) set(fn func(*fakeBotAPI)) {
	f.mu.Lock()
	defer f.mu.Unlock()
	fn(f)
}

func (f *fakeBotAPI) posted(substr string) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, s := range f.sent {
		if strings.Contains(s, substr) {
			return true
		}
	}
	return false
}

func eventually(t testing.TB, what string, within time.Duration, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(within)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func configBots(t *testing.T, base string) map[string]botStatusJSON {
	t.Helper()
	res, err := http.Get(base + "/api/v1/config")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var body struct {
		Bots map[string]botStatusJSON `json:"bots"`
	}
	if err := json.NewDecoder(res.Body).Decode(&body); err != nil {
		t.Fatal(err)
	}
	return body.Bots
}

func postJSON(t *testing.T, base, path string, body any) map[string]any {
	t.Helper()
	raw, _ := json.Marshal(body)
	req, _ := http.NewRequest(http.MethodPost, base+path, bytes.NewReader(raw))
	req.Header.Set("Content-Type", "application/json")
	// The app's own page calls these: same origin.
	req.Header.Set("Origin", base)
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	var out map[string]any
	if err := json.Unmarshal(b, &out); err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("POST %s: %d %s", path, res.StatusCode, b)
	}
	return out
}

// Telegram down when lucky serve starts: the site serves, the config reports the bot
// unavailable (no username), and once Telegram answers the bot runs: it takes a command,
// and its alert links to the devnet transaction at the address actually served (the
// default public URL, here a random port).
func TestServeStartsWithoutTelegram(t *testing.T) {
	fake := newFakeBotAPI(t, "lucky_burn_bot")
	tokens := filepath.Join(t.TempDir(), "tokens")
	if err := os.WriteFile(tokens, []byte("burnbot=123456:ABC-def\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	base, res, _ := startServe(t, io.Discard, io.Discard, "/healthz", "--telegram-token-file", tokens, "--telegram-api", fake.srv.URL)
	res.Body.Close()
	bots := configBots(t, base)
	if s := bots["burnbot"]; s.Status != "unavailable" || s.Username != nil {
		t.Fatalf("burnbot while Telegram is down: %+v", s)
	}
	if s := bots["suprabot"]; s.Status != "off" || s.Username != nil {
		t.Fatalf("suprabot: %+v", s)
	}

	fake.set(func(f *fakeBotAPI) { f.down = false })
	eventually(t, "the bot to run", 15*time.Second, func() bool { return configBots(t, base)["burnbot"].Status == "running" })
	if s := configBots(t, base)["burnbot"]; s.Username == nil || *s.Username != "lucky_burn_bot" {
		t.Fatalf("burnbot running: %+v", s)
	}
	fake.set(func(f *fakeBotAPI) { f.updates = append(f.updates, "/luckyburn_subscribe") })
	eventually(t, "the subscribe reply", 10*time.Second, func() bool { return fake.posted("alerts are on") })

	// A burn from dev account 0, signed by the dev wallet.
	res, err := http.Get(base + "/devnet/accounts")
	if err != nil {
		t.Fatal(err)
	}
	var accounts []struct{ Address string }
	json.NewDecoder(res.Body).Decode(&accounts)
	res.Body.Close()
	if len(accounts) == 0 {
		t.Fatal("no dev accounts")
	}
	built := postJSON(t, base, "/api/v1/burn/build", map[string]string{"sender": accounts[0].Address, "token": "LUCKY", "amount": "12"})
	sent := postJSON(t, base, "/devnet/wallet/send", map[string]any{"account": 0, "rawTransaction": built["rawTransaction"]})
	hash, _ := sent["hash"].(string)
	if len(hash) != 66 {
		t.Fatalf("send answered %v", sent)
	}
	eventually(t, "the burn alert with the served address", 15*time.Second, func() bool { return fake.posted(base + "/tx/" + hash) })
}

// A damaged index file (garbage inside, truncated, not SQLite at all) stops lucky serve at
// start (exit code 1) with the file's path and how to rebuild it, instead of serving 500s
// while /healthz says ok, or SQLite's bare words.
func TestServeRefusesCorruptIndex(t *testing.T) {
	tests := []struct {
		name   string
		damage func(f *os.File, size int64) error
	}{
		{"garbage mid-file", func(f *os.File, size int64) error {
			_, err := f.WriteAt(bytes.Repeat([]byte("garbage!"), 2000), size/2)
			return err
		}},
		{"truncated", func(f *os.File, size int64) error { return f.Truncate(size / 3) }},
		{"not a database", func(f *os.File, _ int64) error {
			_, err := f.WriteAt([]byte("this is not an SQLite header!!!!"), 0)
			return err
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dataDir := t.TempDir()
			dir := filepath.Join(dataDir, "devnet")
			db, err := store.Open(context.Background(), store.Options{DataDir: dir})
			if err != nil {
				t.Fatal(err)
			}
			pad := strings.Repeat("x", 400)
			for i := int64(0); i < 400; i++ {
				if err := db.SaveBotChat(context.Background(), "burnbot", i, []byte(`{"pad":"`+pad+`"}`)); err != nil {
					t.Fatal(err)
				}
			}
			path := db.Path()
			db.Close()
			f, err := os.OpenFile(path, os.O_RDWR, 0)
			if err != nil {
				t.Fatal(err)
			}
			st, _ := f.Stat()
			if err := tt.damage(f, st.Size()); err != nil {
				t.Fatal(err)
			}
			f.Close()

			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			err = run(ctx, []string{"serve", "--addr", "127.0.0.1:0", "--data-dir", dataDir, "--history", "0"}, noEnv, io.Discard, io.Discard)
			var msg bytes.Buffer
			if code := exitCode(err, &msg); code != 1 {
				t.Fatalf("exit code %d (%v), want 1", code, err)
			}
			for _, want := range []string{path, "delete " + path, "re-indexes from the chain"} {
				if !strings.Contains(msg.String(), want) {
					t.Errorf("message lacks %q: %s", want, msg.String())
				}
			}
		})
	}
}
