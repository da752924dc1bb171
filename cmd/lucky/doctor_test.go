package main

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
	"testing"

	"github.com/luckycoin/lucky/internal/config"
	"github.com/luckycoin/lucky/internal/devnet"
	"github.com/luckycoin/lucky/internal/supra"
)

// doctorNode serves an in-process devnet over HTTP; with alter, the slots_v3 module ABI
// passes through it on the way out.
func doctorNode(t *testing.T, alter func(*supra.MoveModule)) (string, *devnet.Node) {
	t.Helper()
	node, err := newNode(t.Context(), config.DevnetNode{}, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { node.Close() })
	dev := httptest.NewServer(node.Handler())
	t.Cleanup(dev.Close)
	if alter == nil {
		return dev.URL, node
	}
	u, _ := url.Parse(dev.URL)
	proxy := httptest.NewServer(&httputil.ReverseProxy{
		Rewrite: func(r *httputil.ProxyRequest) { r.SetURL(u) },
		ModifyResponse: func(res *http.Response) error {
			if !strings.HasSuffix(res.Request.URL.Path, "/modules/slots_v3") || res.StatusCode != http.StatusOK {
				return nil
			}
			var m supra.MoveModule
			if err := json.NewDecoder(res.Body).Decode(&m); err != nil {
				return err
			}
			res.Body.Close()
			alter(&m)
			b, _ := json.Marshal(m)
			res.Body = io.NopCloser(bytes.NewReader(b))
			res.ContentLength = int64(len(b))
			res.Header.Del("Content-Length")
			return nil
		},
	})
	t.Cleanup(proxy.Close)
	return proxy.URL, node
}

// playSupraCoinPartnerIsString changes play_supra_coin's partner parameter from address to
// String, as a node whose slots_v3 differs from the app's binding would serve it.
func playSupraCoinPartnerIsString(m *supra.MoveModule) {
	for i, f := range m.ExposedFunctions {
		if f.Name == "play_supra_coin" {
			m.ExposedFunctions[i].Params = []string{"&signer", "u64", "u64", "0x1::string::String"}
		}
	}
}

func TestDoctorAgainstDevnetAllOK(t *testing.T) {
	rpc, _ := doctorNode(t, nil)
	var out, errb bytes.Buffer
	err := run(t.Context(), []string{"doctor", "--network", "devnet", "--rpc", rpc}, func(string) string { return "" }, &out, &errb)
	if code := exitCode(err, io.Discard); code != 0 {
		t.Fatalf("exit %d: %v\n%s", code, err, out.String())
	}
	rows := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(rows) < 40 || !strings.HasPrefix(rows[0], "CHECK") {
		t.Fatalf("table of %d rows:\n%s", len(rows), out.String())
	}
	for _, want := range []string{"chain id", "gas price", "slots_v3::play_supra_coin", "router::get_amount_out", "scripts::swap",
		"0x1::coin::balance", "slots_v3::PlayEvent", "liquidity_pool::SwapEvent", "LUCKY decimals", "SPIKE symbol"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("table lacks %q", want)
		}
	}
	for _, r := range rows[1:] {
		if !strings.HasSuffix(r, " ok") {
			t.Errorf("not ok: %s", r)
		}
	}
}

func TestDoctorNamesADifferentParameter(t *testing.T) {
	rpc, _ := doctorNode(t, playSupraCoinPartnerIsString)
	var out bytes.Buffer
	err := run(t.Context(), []string{"doctor", "--network", "devnet", "--rpc", rpc}, func(string) string { return "" }, &out, io.Discard)
	if code := exitCode(err, io.Discard); code != 1 {
		t.Fatalf("exit %d, want 1\n%s", code, out.String())
	}
	var bad []string
	for _, r := range strings.Split(out.String(), "\n") {
		if strings.Contains(r, "mismatch") || strings.Contains(r, "missing") {
			bad = append(bad, r)
		}
	}
	if len(bad) != 1 || !strings.HasPrefix(bad[0], "slots_v3::play_supra_coin") ||
		!strings.Contains(bad[0], "0x1::string::String") || !strings.Contains(bad[0], "address") {
		t.Fatalf("failed rows %q", bad)
	}
}

// serve on a node whose slots_v3 differs: the slot game is off with the reason (config and
// a refused build, before any transaction), while swaps and burns build.
func TestServeSwitchesOffTheFeatureTheDoctorFails(t *testing.T) {
	rpc, node := doctorNode(t, playSupraCoinPartnerIsString)
	base, res, _ := startServe(t, io.Discard, io.Discard, "/api/v1/config", "--rpc", rpc, "--no-index", "--data-dir", t.TempDir())
	var cfg struct {
		Features map[string]struct {
			On     bool    `json:"on"`
			Reason *string `json:"reason"`
		} `json:"features"`
	}
	err := json.NewDecoder(res.Body).Decode(&cfg)
	res.Body.Close()
	if err != nil {
		t.Fatal(err)
	}
	slots := cfg.Features["slots"]
	if slots.On || slots.Reason == nil || !strings.Contains(*slots.Reason, "slots_v3::play_supra_coin") {
		t.Fatalf("slots %+v", slots)
	}
	for _, f := range []string{"swap", "burn", "staking", "miners"} {
		if !cfg.Features[f].On {
			t.Errorf("%s off: %v", f, *cfg.Features[f].Reason)
		}
	}
	sender := node.Accounts()[1].Address.String()
	post := func(path, body string) (int, string) {
		res, err := http.Post(base+path, "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(b)
	}
	code, body := post("/api/v1/slots/spins", `{"sender":"`+sender+`","token":"SUPRA","betPerSpin":"1","spins":1}`)
	if code != http.StatusServiceUnavailable || !strings.Contains(body, `"feature_off"`) || !strings.Contains(body, "play_supra_coin") {
		t.Errorf("spin build: %d %s", code, body)
	}
	buyer := node.Accounts()[2].Address.String() // holds SUPRA
	if code, body := post("/api/v1/swap/build", `{"sender":"`+buyer+`","from":"SUPRA","to":"LUCKY","amountIn":"10","minOut":"1"}`); code != 200 {
		t.Errorf("swap build: %d %s", code, body)
	}
	if code, body := post("/api/v1/burn/build", `{"sender":"`+sender+`","token":"LUCKY","amount":"1"}`); code != 200 {
		t.Errorf("burn build: %d %s", code, body)
	}
}
