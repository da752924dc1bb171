package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// The node fault test: `lucky serve` on devnet with a short node timeout; the node's
// latency is raised beyond every client timeout, then cleared. During the fault no GET
// /api/v1 route answers 200 with a value the node did not give (an answer is an error in
// the one shape, the index's rows, or the last market figures marked stale), the index
// keeps every row, the dev wallet answers an error rather than an empty hash; after it,
// every route answers as before within a bounded time.
func TestServeThroughNodeFault(t *testing.T) {
	const nodeTimeout = time.Second
	var logs syncBuffer
	base, first, _ := startServe(t, io.Discard, &logs, "/healthz", "--node-timeout", nodeTimeout.String())
	first.Body.Close()
	if first.StatusCode != http.StatusOK {
		t.Fatalf("/healthz: %d", first.StatusCode)
	}

	// Real data: a burn (a final transaction and a verified burn) by dev account 0.
	var accts []struct {
		Address string `json:"address"`
	}
	mustJSON(t, "GET", base+"/devnet/accounts", "", 200, &accts)
	addr := accts[0].Address
	var built struct {
		RawTransaction string `json:"rawTransaction"`
	}
	burnedBefore := luckyBurned(t, base)
	mustJSON(t, "POST", base+"/api/v1/burn/build", fmt.Sprintf(`{"sender":%q,"token":"LUCKY","amount":"1000"}`, addr), 200, &built)
	var sent struct {
		Hash string `json:"hash"`
	}
	mustJSON(t, "POST", base+"/devnet/wallet/send", fmt.Sprintf(`{"account":0,"rawTransaction":%q}`, built.RawTransaction), 200, &sent)
	var tx struct {
		Status string `json:"status"`
	}
	mustJSON(t, "GET", base+"/api/v1/tx/"+sent.Hash+"?wait=10s", "", 200, &tx)
	if tx.Status != "Success" {
		t.Fatalf("burn %s: %s", sent.Hash, tx.Status)
	}
	// The index holds the burn, and the market's burned figure counts it (it is read again
	// in the background once the index sees a burn), before the baseline is taken: else the
	// baseline would be the figure from before the burn, and the answers after the fault
	// rightly differ from it.
	eventually(t, "the burn in the index", 10*time.Second, func() bool {
		_, body := get(t, base+"/api/v1/burns")
		return strings.Contains(string(body), sent.Hash)
	})
	eventually(t, "the burn in the market's figures", 10*time.Second, func() bool {
		return luckyBurned(t, base) == burnedBefore+1000_000_000 // 1000 LUCKY, 6 decimals
	})

	paths := apiGetRoutes(t, addr, sent.Hash)
	baseline := map[string][]byte{}
	for _, p := range paths {
		status, body := get(t, base+p)
		if status != 200 {
			t.Fatalf("baseline %s: %d %s", p, status, body)
		}
		baseline[p] = body
	}

	setLatency(t, base, 4000) // beyond every client timeout
	start := time.Now()
	walk(t, base, paths, func(p string, status int, body []byte) {
		switch {
		case status == 200:
			if !sameValue(baseline[p], body) {
				t.Errorf("during the fault %s answered 200 with what the node did not say:\n%s\nbefore:\n%s", p, body, baseline[p])
			}
		case status == 502 || status == 503 || status == 504:
			var e struct {
				Error struct{ Code, Message string } `json:"error"`
			}
			if json.Unmarshal(body, &e) != nil || e.Error.Code == "" || e.Error.Message == "" {
				t.Errorf("during the fault %s: %d without the error shape: %s", p, status, body)
			}
		default:
			t.Errorf("during the fault %s: %d %s", p, status, body)
		}
	})
	t.Logf("walk of %d routes under the fault: %v", len(paths), time.Since(start))
	status, body := do(t, "POST", base+"/devnet/wallet/send", fmt.Sprintf(`{"account":0,"to":%q,"value":"1"}`, accts[1].Address))
	if status < 500 || strings.Contains(string(body), `"hash"`) {
		t.Errorf("dev wallet send during the fault: %d %s", status, body)
	}
	time.Sleep(2 * nodeTimeout) // the indexer polls and fails a few times

	setLatency(t, base, 0)
	cleared := time.Now()
	var wrong []string // the routes not yet right, with their answers, for a failure to show
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("routes not right again:\n%s", strings.Join(wrong, "\n"))
		}
	})
	eventually(t, "the node to answer again", 15*time.Second, func() bool {
		wrong = nil
		walk(t, base, paths, func(p string, status int, body []byte) {
			if status != 200 || !sameValue(baseline[p], body) {
				wrong = append(wrong, fmt.Sprintf("%s: %d %s\n  before: %s", p, status, body, baseline[p]))
			}
		})
		return len(wrong) == 0
	})
	t.Logf("every route right again %v after the fault cleared", time.Since(cleared))
	if l := logs.String(); strings.Contains(l, "rewound") {
		t.Fatalf("the index was reset during the fault:\n%s", l)
	}
}

// luckyBurned is LUCKY's burned amount in base units as /api/v1/market/tokens says it.
func luckyBurned(t *testing.T, base string) uint64 {
	t.Helper()
	var m struct {
		Tokens []struct {
			Name   string `json:"name"`
			Burned string `json:"burned"`
		} `json:"tokens"`
	}
	mustJSON(t, "GET", base+"/api/v1/market/tokens", "", 200, &m)
	for _, tok := range m.Tokens {
		if tok.Name == "LUCKY" {
			v, err := strconv.ParseUint(tok.Burned, 10, 64)
			if err != nil {
				t.Fatalf("LUCKY burned %q: %v", tok.Burned, err)
			}
			return v
		}
	}
	t.Fatal("no LUCKY in /api/v1/market/tokens")
	return 0
}

// apiGetRoutes reads every GET /api/v1 route of the route table and fills its path
// parameters with real values, so a new route is walked without editing this test.
func apiGetRoutes(t *testing.T, addr, hash string) []string {
	t.Helper()
	src, err := os.ReadFile("../../internal/server/routes.go")
	if err != nil {
		t.Fatal(err)
	}
	since := time.Now().UTC().Format(time.RFC3339)
	var out []string
	for _, m := range regexp.MustCompile(`"GET (/api/v1/[^"]*)"`).FindAllStringSubmatch(string(src), -1) {
		p := strings.NewReplacer("{address}", addr, "{hash}", hash).Replace(m[1])
		if strings.Contains(p, "{") {
			t.Fatalf("route %s has a parameter this test does not fill", m[1])
		}
		switch {
		case strings.HasSuffix(p, "/market/candles"):
			p += "?to=4102444800" // a fixed window: the default ends now
		case strings.HasSuffix(p, "/market/trades"):
			p += "?token=LUCKY"
		case strings.HasSuffix(p, "/swap/token"):
			p += "?coinType=0x1::supra_coin::SupraCoin&account=" + addr
		case strings.Contains(p, "/slots/totals/"):
			p += "?since=" + since // a fixed window: the default starts 24 hours before now
		}
		out = append(out, p)
	}
	if len(out) < 20 {
		t.Fatalf("found only %d GET routes in routes.go", len(out))
	}
	return out
}

// sameValue: body says what before said. Market figures may be the same snapshot marked
// stale with its age, or (after the fault) a new snapshot of the same chain.
func sameValue(before, body []byte) bool {
	if bytes.Equal(before, body) {
		return true
	}
	var a, b map[string]any
	if json.Unmarshal(before, &a) != nil || json.Unmarshal(body, &b) != nil {
		return false
	}
	if _, market := a["stale"]; !market {
		return false
	}
	for _, k := range []string{"stale", "ageSeconds", "updatedAt"} {
		delete(a, k)
		delete(b, k)
	}
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	return bytes.Equal(ja, jb)
}

// walk GETs every path at once (the fault makes each one slow) and hands the answers to
// check in order.
func walk(t *testing.T, base string, paths []string, check func(p string, status int, body []byte)) {
	t.Helper()
	type answer struct {
		status int
		body   []byte
	}
	out := make([]answer, len(paths))
	var wg sync.WaitGroup
	for i, p := range paths {
		wg.Go(func() { out[i].status, out[i].body = get(t, base+p) })
	}
	wg.Wait()
	for i, p := range paths {
		check(p, out[i].status, out[i].body)
	}
}

func setLatency(t *testing.T, base string, ms int) {
	t.Helper()
	mustJSON(t, "POST", base+"/devnet/faults", fmt.Sprintf(`{"latency_ms":%d}`, ms), 200, nil)
}

func get(t *testing.T, url string) (int, []byte) { return do(t, "GET", url, "") }

// do sends a same-origin request, as the app in the browser does.
func do(t *testing.T, method, url, body string) (int, []byte) {
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, url, rd)
	if err != nil {
		t.Error(err)
		return 0, nil
	}
	origin := url[:strings.Index(url[len("http://"):], "/")+len("http://")]
	req.Header.Set("Origin", origin)
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := (&http.Client{Timeout: 30 * time.Second}).Do(req)
	if err != nil {
		t.Errorf("%s %s: %v", method, url, err)
		return 0, nil
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, b
}

func mustJSON(t *testing.T, method, url, body string, want int, out any) {
	t.Helper()
	status, b := do(t, method, url, body)
	if status != want {
		t.Fatalf("%s %s: %d %s", method, url, status, b)
	}
	if out != nil {
		if err := json.Unmarshal(b, out); err != nil {
			t.Fatalf("%s %s: %v: %s", method, url, err, b)
		}
	}
}
