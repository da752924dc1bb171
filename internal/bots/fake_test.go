package bots_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// fakeTelegram is the Bot API as the bots use it: getMe, getUpdates (scripted updates),
// getChatMember (admins by chat), sendMessage, sendPhoto, deleteMessage (recorded). It
// can answer the next sends with a 429 (retry_after) or fail every send after a count.
type fakeTelegram struct {
	srv *httptest.Server

	mu sync.Mutex
	// updates per bot token: like Telegram, every bot in a chat gets its own copy and
	// confirms it on its own.
	updates  map[string][]map[string]any
	nextID   int64
	admins   map[int64]map[int64]bool
	sent     []sent
	deleted  [][2]int64
	tooMany  int // the next n sends get 429 retry_after 1
	down     int // sends after this many accepted get 500 (0: never)
	accepted int
	got429   []time.Time
	// meDown: getMe answers 502 with a proxy's HTML page that echoes the request URL
	// (token included), as Telegram being unreachable looks from here.
	meDown  bool
	meCalls int
	// refuse: sends to these chats get this error (descriptions may echo the URL).
	refuse  map[int64]refusal
	refused map[int64]int // refused sends per chat
}

// refusal is a Bot API error answer.
type refusal struct {
	code   int
	desc   string
	params map[string]any
}

type sent struct {
	Method string
	Chat   int64
	Text   string
	Photo  string
	ID     int64
	At     time.Time
}

func newFakeTelegram(t *testing.T) *fakeTelegram {
	f := &fakeTelegram{admins: map[int64]map[int64]bool{}, nextID: 100, updates: map[string][]map[string]any{},
		refuse: map[int64]refusal{}, refused: map[int64]int{}}
	f.srv = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.srv.Close)
	return f
}

func (f *fakeTelegram) URL() string { return f.srv.URL }

func (f *fakeTelegram) admin(chat, user int64) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.admins[chat] == nil {
		f.admins[chat] = map[int64]bool{}
	}
	f.admins[chat][user] = true
}

// say queues a text message from user in chat (a negative chat is a group).
func (f *fakeTelegram) say(chat, user int64, text string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.nextID++
	typ := "private"
	if chat < 0 {
		typ = "supergroup"
	}
	u := map[string]any{"update_id": f.nextID, "message": map[string]any{
		"message_id": f.nextID, "date": time.Now().Unix(), "text": text,
		"chat": map[string]any{"id": chat, "type": typ}, "from": map[string]any{"id": user, "is_bot": false, "first_name": "u"}}}
	for token := range f.updates {
		f.updates[token] = append(f.updates[token], u)
	}
}

func (f *fakeTelegram) messages(chat int64) []sent {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []sent
	for _, s := range f.sent {
		if s.Chat == chat {
			out = append(out, s)
		}
	}
	return out
}

func (f *fakeTelegram) set(fn func(f *fakeTelegram)) {
	f.mu.Lock()
	defer f.mu.Unlock()
	fn(f)
}

func ok(w http.ResponseWriter, result any) {
	json.NewEncoder(w).Encode(map[string]any{"ok": true, "result": result})
}

func fail(w http.ResponseWriter, code int, desc string, params map[string]any) {
	w.WriteHeader(code)
	body := map[string]any{"ok": false, "error_code": code, "description": desc}
	if params != nil {
		body["parameters"] = params
	}
	json.NewEncoder(w).Encode(body)
}

func (f *fakeTelegram) serve(w http.ResponseWriter, r *http.Request) {
	token, method, _ := strings.Cut(strings.TrimPrefix(r.URL.Path, "/bot"), "/")
	if err := r.ParseMultipartForm(1 << 20); err != nil && r.ContentLength > 0 {
		r.ParseForm()
	}
	num := func(k string) int64 { v, _ := strconv.ParseInt(r.FormValue(k), 10, 64); return v }
	switch method {
	case "getMe":
		f.mu.Lock()
		f.meCalls++
		if f.meDown {
			f.mu.Unlock()
			w.Header().Set("Content-Type", "text/html")
			w.WriteHeader(http.StatusBadGateway)
			fmt.Fprintf(w, "<html><body>502 Bad Gateway: upstream unreachable for POST %s</body></html>", r.URL.Path)
			return
		}
		if _, known := f.updates[token]; !known {
			f.updates[token] = []map[string]any{}
		}
		f.mu.Unlock()
		ok(w, map[string]any{"id": 42, "is_bot": true, "first_name": "Lucky", "username": "lucky_test_bot"})
	case "getUpdates":
		offset := num("offset")
		deadline := time.Now().Add(100 * time.Millisecond)
		for {
			f.mu.Lock()
			// Like Telegram: asking from offset confirms (forgets) every update before it.
			var kept []map[string]any
			for _, u := range f.updates[token] {
				if u["update_id"].(int64) >= offset {
					kept = append(kept, u)
				}
			}
			f.updates[token] = kept
			var out []map[string]any
			for _, u := range f.updates[token] {
				if id := u["update_id"].(int64); id >= offset {
					out = append(out, u)
				}
			}
			f.mu.Unlock()
			if len(out) > 0 || time.Now().After(deadline) || r.Context().Err() != nil {
				if out == nil {
					out = []map[string]any{}
				}
				ok(w, out)
				return
			}
			time.Sleep(10 * time.Millisecond)
		}
	case "getChatMember":
		f.mu.Lock()
		isAdmin := f.admins[num("chat_id")][num("user_id")]
		f.mu.Unlock()
		status := "member"
		if isAdmin {
			status = "administrator"
		}
		ok(w, map[string]any{"status": status, "user": map[string]any{"id": num("user_id"), "is_bot": false, "first_name": "u"}})
	case "sendMessage", "sendPhoto":
		f.mu.Lock()
		if rf, refused := f.refuse[num("chat_id")]; refused {
			f.refused[num("chat_id")]++
			f.mu.Unlock()
			fail(w, rf.code, strings.ReplaceAll(rf.desc, "{path}", r.URL.Path), rf.params)
			return
		}
		switch {
		case f.tooMany > 0:
			f.tooMany--
			f.got429 = append(f.got429, time.Now())
			f.mu.Unlock()
			fail(w, http.StatusTooManyRequests, "Too Many Requests: retry after 1", map[string]any{"retry_after": 1})
			return
		case f.down > 0 && f.accepted >= f.down:
			f.mu.Unlock()
			fail(w, http.StatusInternalServerError, "Internal Server Error", nil)
			return
		}
		f.nextID++
		s := sent{Method: method, Chat: num("chat_id"), Text: r.FormValue("text"), ID: f.nextID, At: time.Now()}
		if method == "sendPhoto" {
			s.Text, s.Photo = r.FormValue("caption"), r.FormValue("photo")
		}
		f.sent = append(f.sent, s)
		f.accepted++
		f.mu.Unlock()
		ok(w, map[string]any{"message_id": s.ID, "date": time.Now().Unix(), "chat": map[string]any{"id": s.Chat, "type": "supergroup"}})
	case "deleteMessage":
		f.mu.Lock()
		f.deleted = append(f.deleted, [2]int64{num("chat_id"), num("message_id")})
		f.mu.Unlock()
		ok(w, true)
	default:
		fail(w, http.StatusNotFound, fmt.Sprintf("Not Found: method %s", method), nil)
	}
}

// upgrade queues the service message Telegram sends a group's bots when the group becomes
// a supergroup.
func (f *fakeTelegram) upgrade(from, to int64) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.nextID++
	u := map[string]any{"update_id": f.nextID, "message": map[string]any{
		"message_id": f.nextID, "date": time.Now().Unix(), "migrate_to_chat_id": to,
		"chat": map[string]any{"id": from, "type": "group"}, "from": map[string]any{"id": 1, "is_bot": false, "first_name": "u"}}}
	for token := range f.updates {
		f.updates[token] = append(f.updates[token], u)
	}
}
