package main

import (
	"context"
	"crypto/ed25519"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/luckycoin/lucky/internal/store"
	"github.com/luckycoin/lucky/internal/store/pgtest"
	"github.com/luckycoin/lucky/internal/supra"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

// failoverBound is how long a role may stay unheld after its holder dies: the bots'
// retry (botsRetry) or the indexer's poll, plus a lease check and a process's start.
const failoverBound = 10 * time.Second

// Three `lucky serve` replicas (real processes) on one PostgreSQL and one `lucky devnet`:
// exactly one ingests and one runs the bots; swaps, spins and burns are built through
// all three; the replicas holding the roles are killed with SIGKILL mid-stream, and the
// roles move within failoverBound. At the end the index equals the one a single clean
// process builds from the same chain, and every alert was posted exactly once.
func TestReplicasFailOver(t *testing.T) {
	ctx := context.Background()
	bin := buildLucky(t)
	node, _ := startDevnetBinary(t, bin, filepath.Join(t.TempDir(), "state.json"))
	url := pgtest.URL(t)
	tg := newAlertRecorder(t)
	tokens := filepath.Join(t.TempDir(), "tokens")
	if err := os.WriteFile(tokens, []byte("suprabot=1:supra\nburnbot=2:burn\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	subscribeFromStart(t, url)

	// The first replica has no bot tokens, so the roles usually start on two processes
	// and both kills matter; wherever they land, the test follows them.
	shared := []string{"--rpc", node, "--database-url", url}
	bots := append(shared[:len(shared):len(shared)], "--telegram-token-file", tokens, "--telegram-api", tg.srv.URL)
	reps := []*replica{startReplica(t, bin, shared...), startReplica(t, bin, bots...), startReplica(t, bin, bots...)}
	ingester := waitRole(t, reps, "ingester", time.Now())
	botRunner := waitRole(t, reps, "bots", time.Now())

	client, err := supra.NewClient([]string{node})
	if err != nil {
		t.Fatal(err)
	}
	var hashes []string
	drive := func(n int) {
		for i := 0; i < n; i++ {
			r := alive(reps)[len(hashes)%len(alive(reps))]
			hashes = append(hashes, r.act(t, ctx, client, node, len(hashes)))
		}
	}
	drive(9)

	// Kill the role holders (one process or two) and time how long each role is unheld.
	killed := time.Now()
	for _, i := range uniq(ingester, botRunner) {
		if err := reps[i].cmd.Process.Signal(syscall.SIGKILL); err != nil {
			t.Fatal(err)
		}
		reps[i].cmd.Wait()
		reps[i].dead = true
	}
	drive(3) // the survivors serve and build on while the roles move
	for _, role := range []string{"ingester", "bots"} {
		i := waitRole(t, reps, role, killed)
		t.Logf("%s moved to replica %d in %v", role, i, time.Since(killed).Round(time.Millisecond))
	}
	drive(6)

	// The index the replicas built equals a clean single process's over the same chain.
	head, err := client.LatestBlock(ctx)
	if err != nil {
		t.Fatal(err)
	}
	survivor := alive(reps)[0]
	waitIndexed(t, survivor.base, head.Height)
	cleanURL := pgtest.URL(t)
	clean := startReplica(t, bin, "--rpc", node, "--database-url", cleanURL)
	waitIndexed(t, clean.base, head.Height)
	if got, want := dumpIndex(t, url), dumpIndex(t, cleanURL); got != want {
		t.Fatalf("the replicas' index differs from a clean run's:\n%s", firstDiff(got, want))
	}

	// Every buy, spin and burn was posted once, by whichever replica ran the bots then.
	t.Cleanup(func() {
		if t.Failed() {
			tg.mu.Lock()
			t.Logf("posted:\n%s", strings.Join(tg.sent, "\n---\n"))
			tg.mu.Unlock()
		}
	})
	eventually(t, "every alert", 20*time.Second, func() bool { return tg.missing(hashes) == 0 })
	time.Sleep(2 * botsRetry) // a doubled post would come now
	for _, h := range hashes {
		if n := tg.count(h); n != 1 {
			t.Errorf("transaction %s alerted %d times", h, n)
		}
	}
}

// replica is one `lucky serve` process.
type replica struct {
	base string
	cmd  *exec.Cmd
	dead bool
	logs *syncBuffer
}

func startReplica(t testing.TB, bin string, args ...string) *replica {
	t.Helper()
	logs := &syncBuffer{}
	base, cmd := startLucky(t, bin, logs, args...)
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("replica %s:\n%s", base, logs.String())
		}
	})
	return &replica{base: base, cmd: cmd, logs: logs}
}

func alive(reps []*replica) []*replica {
	var out []*replica
	for _, r := range reps {
		if !r.dead {
			out = append(out, r)
		}
	}
	return out
}

func uniq(a, b int) []int {
	if a == b {
		return []int{a}
	}
	return []int{a, b}
}

type healthJSON struct {
	Roles []string `json:"roles"`
	Index *struct {
		IndexedHeight string `json:"indexedHeight"`
	} `json:"index"`
}

func health(base string) (healthJSON, bool) {
	var h healthJSON
	res, err := http.Get(base + "/healthz")
	if err != nil {
		return h, false
	}
	defer res.Body.Close()
	return h, json.NewDecoder(res.Body).Decode(&h) == nil
}

// waitRole waits until exactly one living replica holds role, at most failoverBound
// after since, and returns its index. Two holders at once fail the test.
func waitRole(t *testing.T, reps []*replica, role string, since time.Time) int {
	t.Helper()
	for {
		var holders []int
		for i, r := range reps {
			if h, ok := health(r.base); !r.dead && ok && strings.Contains(strings.Join(h.Roles, ","), role) {
				holders = append(holders, i)
			}
		}
		switch {
		case len(holders) > 1:
			t.Fatalf("%s held by replicas %v at once", role, holders)
		case len(holders) == 1:
			return holders[0]
		case time.Since(since) > failoverBound:
			t.Fatalf("no replica took %s within %v", role, failoverBound)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func waitIndexed(t testing.TB, base string, height uint64) {
	t.Helper()
	eventually(t, base+" indexed to "+strconv.FormatUint(height, 10), 30*time.Second, func() bool {
		h, ok := health(base)
		if !ok || h.Index == nil {
			return false
		}
		n, _ := strconv.ParseUint(h.Index.IndexedHeight, 10, 64)
		return n >= height
	})
}

// act builds the i-th transaction of the run through this replica's API (a LUCKY buy, a
// spin or a burn, in turn), signs it with a dev key, submits it to the node and waits
// for it to succeed; it returns the hash.
func (r *replica) act(t *testing.T, ctx context.Context, c *supra.Client, node string, i int) string {
	t.Helper()
	var path string
	var account int
	switch i % 3 {
	case 0:
		path, account = "/api/v1/swap/build", 2
	case 1:
		path, account = "/api/v1/slots/spins", 1
	default:
		path, account = "/api/v1/burn/build", 0
	}
	key := devKey(t, node, account)
	sender := supra.AddressFromPublicKey(key.Public().(ed25519.PublicKey)).String()
	body := map[string]any{
		"/api/v1/swap/build":  map[string]any{"sender": sender, "from": "SUPRA", "to": "LUCKY", "amountIn": "10", "minOut": "0"},
		"/api/v1/slots/spins": map[string]any{"sender": sender, "token": "LUCKY", "betPerSpin": "10", "spins": 1},
		"/api/v1/burn/build":  map[string]any{"sender": sender, "token": "LUCKY", "amount": strconv.Itoa(i + 1)},
	}[path]
	built := postJSON(t, r.base, path, body)
	raw, err := supra.DecodeHex(built["rawTransaction"].(string))
	if err != nil {
		t.Fatal(err)
	}
	tx, err := supra.DecodeRawTransaction(raw)
	if err != nil {
		t.Fatal(err)
	}
	signed, err := supra.Sign(tx, key)
	if err != nil {
		t.Fatal(err)
	}
	hash, err := c.Submit(ctx, supra.NewSubmitBody(signed))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if _, status, err := c.WaitForTransaction(ctx, hash); err != nil || status != "Success" {
		t.Fatalf("%s %s: %s %v", path, hash, status, err)
	}
	return hash
}

// subscribeFromStart has chat 5 follow LUCKY buys and spins (suprabot) and LUCKY burns
// (burnbot) from the first row of the index on.
func subscribeFromStart(t *testing.T, url string) {
	t.Helper()
	ctx := context.Background()
	db, err := store.Open(ctx, store.Options{DatabaseURL: url})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for bot, streams := range map[string][]string{"suprabot": {"buy", "play"}, "burnbot": {"burn"}} {
		alerts := map[string]any{}
		for _, s := range streams {
			alerts[s] = map[string]any{"on": true, "token": "LUCKY"}
			if err := db.SetBotCursor(ctx, bot, 5, s, store.BotCursor{Pos: store.Start}); err != nil {
				t.Fatal(err)
			}
		}
		settings, _ := json.Marshal(map[string]any{"alerts": alerts, "minUsd": "0"})
		if err := db.SaveBotChat(ctx, bot, 5, settings); err != nil {
			t.Fatal(err)
		}
	}
}

func dumpIndex(t *testing.T, url string) string {
	t.Helper()
	db, err := store.Open(context.Background(), store.Options{DatabaseURL: url})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	d, err := db.Dump(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func firstDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := 0; i < len(al) && i < len(bl); i++ {
		if al[i] != bl[i] {
			return fmt.Sprintf("line %d:\n  replicas: %s\n  clean:    %s", i+1, al[i], bl[i])
		}
	}
	return fmt.Sprintf("lengths %d and %d lines", len(al), len(bl))
}

// alertRecorder is the Telegram Bot API for both bots: it answers getMe and getUpdates
// and records every message posted.
type alertRecorder struct {
	srv  *httptest.Server
	mu   sync.Mutex
	sent []string
}

var txHashRe = regexp.MustCompile(`0x[0-9a-f]{64}`)

func newAlertRecorder(t *testing.T) *alertRecorder {
	a := &alertRecorder{}
	a.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		method := r.URL.Path[strings.LastIndex(r.URL.Path, "/")+1:]
		switch method {
		case "getMe":
			bot := "lucky_supra_bot"
			if strings.Contains(r.URL.Path, ":burn/") {
				bot = "lucky_burn_bot"
			}
			fmt.Fprintf(w, `{"ok":true,"result":{"id":1,"is_bot":true,"first_name":"L","username":%q}}`, bot)
		case "getUpdates":
			time.Sleep(50 * time.Millisecond)
			fmt.Fprint(w, `{"ok":true,"result":[]}`)
		case "sendMessage", "sendPhoto":
			r.ParseMultipartForm(1 << 20)
			a.mu.Lock()
			a.sent = append(a.sent, r.FormValue("text")+r.FormValue("caption"))
			n := len(a.sent)
			a.mu.Unlock()
			fmt.Fprintf(w, `{"ok":true,"result":{"message_id":%d,"date":1,"chat":{"id":5,"type":"private"}}}`, n)
		default:
			fmt.Fprint(w, `{"ok":true,"result":true}`)
		}
	}))
	t.Cleanup(a.srv.Close)
	return a
}

// count is how many times hash was posted.
func (a *alertRecorder) count(hash string) int {
	a.mu.Lock()
	defer a.mu.Unlock()
	n := 0
	for _, s := range a.sent {
		for _, h := range txHashRe.FindAllString(s, -1) {
			if h == hash {
				n++
			}
		}
	}
	return n
}

func (a *alertRecorder) missing(hashes []string) int {
	n := 0
	for _, h := range hashes {
		if a.count(h) == 0 {
			n++
		}
	}
	return n
}
