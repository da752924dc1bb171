package main

import (
	"context"
	"crypto/ed25519"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/luckycoin/lucky/internal/config"
	"github.com/luckycoin/lucky/internal/supra"
	"github.com/luckycoin/lucky/internal/tokens"
)

// Alerts are news, through the real binaries and a fake Bot API: a chat that subscribes
// while the index is thousands of blocks behind gets no alert for the seeded past the
// index reaches afterwards; a live burn is posted once; the burns of a 10-minute outage
// (chain time) come as one digest, then live alerts again, once each.
func TestBotAlertsAreNews(t *testing.T) {
	bin := buildLucky(t)
	node, _ := startDevnetBinary(t, bin, filepath.Join(t.TempDir(), "state.json"), "--history", config.DefaultHistory.String())
	// A slow node, so the index is far behind when the chat subscribes.
	mustJSON(t, "POST", node+"/devnet/faults", `{"latency_ms":1500}`, 200, nil)

	fake := newFakeBotAPI(t, "lucky_burn_bot")
	fake.set(func(f *fakeBotAPI) { f.down = false })
	tokenFile := filepath.Join(t.TempDir(), "tokens")
	if err := os.WriteFile(tokenFile, []byte("burnbot=123456:ABC-def\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	base, res, _ := startServe(t, io.Discard, io.Discard, "/healthz", "--rpc", node, "--data-dir", t.TempDir(),
		"--telegram-token-file", tokenFile, "--telegram-api", fake.srv.URL)
	res.Body.Close()
	type health struct {
		Index struct {
			Indexed  string `json:"indexedHeight"`
			Head     string `json:"headHeight"`
			Behind   string `json:"behind"`
			CaughtUp bool   `json:"caughtUp"`
		} `json:"index"`
	}
	var h health
	eventually(t, "the index to see the head", 30*time.Second, func() bool {
		mustJSON(t, "GET", base+"/healthz", "", 200, &h)
		return h.Index.Head != "0"
	})
	eventually(t, "the bot to run", 30*time.Second, func() bool { return configBots(t, base)["burnbot"].Status == "running" })
	fake.set(func(f *fakeBotAPI) { f.updates = append(f.updates, "/luckyburn_subscribe") })
	eventually(t, "the subscribe reply", 30*time.Second, func() bool { return fake.posted("alerts are on") })
	mustJSON(t, "GET", base+"/healthz", "", 200, &h)
	var behind uint64
	fmt.Sscan(h.Index.Behind, &behind)
	if behind < 3000 {
		t.Fatalf("the index was only %d blocks behind when the chat subscribed: %+v", behind, h.Index)
	}

	// The node answers at once again; the index catches up through the seeded week's burns.
	mustJSON(t, "POST", node+"/devnet/faults", `{"latency_ms":0}`, 200, nil)
	eventually(t, "the index to catch up", 2*time.Minute, func() bool {
		mustJSON(t, "GET", base+"/healthz", "", 200, &h)
		return h.Index.CaughtUp
	})
	var burns struct {
		Burns []any `json:"burns"`
	}
	mustJSON(t, "GET", base+"/api/v1/burns", "", 200, &burns)
	if len(burns.Burns) == 0 {
		t.Fatal("the seeded past has no burns: the test proves nothing")
	}

	burner := newBurner(t, node)
	live := burner.burn(7_000_000)
	eventually(t, "the live burn's alert", 20*time.Second, func() bool { return fake.posted(live) })
	sent := func() []string {
		var out []string
		fake.set(func(f *fakeBotAPI) { out = append([]string(nil), f.sent...) })
		return out
	}
	// Only the reply and the live burn: nothing from before the subscription.
	if got := sent(); len(got) != 2 {
		t.Fatalf("after the catch-up the chat got %d messages, want the reply and one alert:\n%s", len(got), strings.Join(got, "\n---\n"))
	}

	// A 10-minute outage: Telegram refuses every send while three burns happen, and the
	// chain's clock moves on ten minutes (through the app's origin, which reads the clock).
	fake.set(func(f *fakeBotAPI) { f.sendDown = true })
	var away []string
	for i := range 3 {
		away = append(away, burner.burn(uint64(1_000_000*(i+1))))
	}
	eventually(t, "the index to hold the outage's burns", 20*time.Second, func() bool {
		_, body := get(t, base+"/api/v1/burns")
		return strings.Contains(string(body), away[2])
	})
	mustJSON(t, "POST", base+"/devnet/time/advance", `{"seconds":600}`, 200, nil)
	burner.ahead += 10 * time.Minute // its transactions expire on the chain's clock
	fake.set(func(f *fakeBotAPI) { f.sendDown = false })
	eventually(t, "the digest", 90*time.Second, func() bool { return fake.posted("While the bot was away") })
	after := burner.burn(9_000_000)
	eventually(t, "the live alert after the outage", 30*time.Second, func() bool { return fake.posted(after) })
	time.Sleep(time.Second) // a second round would post anything left twice
	got := sent()
	if len(got) != 4 {
		t.Fatalf("the chat got %d messages, want the reply, a live alert, one digest and a live alert:\n%s", len(got), strings.Join(got, "\n---\n"))
	}
	if d := got[2]; !strings.Contains(d, "While the bot was away: 3 burns, 6.00 LUCKY") || !strings.Contains(d, away[2]) {
		t.Errorf("digest %q", d)
	}
	for _, hash := range append([]string{live, after}, away...) {
		n := 0
		for _, m := range got {
			if strings.Contains(m, hash) {
				n++
			}
		}
		if want := map[bool]int{true: 1, false: 0}[hash != away[0] && hash != away[1]]; n != want {
			t.Errorf("burn %s in %d messages, want %d", hash, n, want)
		}
	}
}

// burner sends LUCKY to the burn address from dev account 0 of a devnet node.
type burner struct {
	t       *testing.T
	client  *supra.Client
	builder *supra.TxBuilder
	key     ed25519.PrivateKey
	lucky   supra.TypeTag
	to      supra.Address
	// ahead is how far the chain's clock is ahead of the wall clock (time travel).
	ahead time.Duration
}

func newBurner(t *testing.T, node string) *burner {
	client, err := supra.NewClient([]string{node}, supra.WithRetries(0, 0))
	if err != nil {
		t.Fatal(err)
	}
	reg, err := tokens.Load(nil)
	if err != nil {
		t.Fatal(err)
	}
	tok, ok := reg.ByName("LUCKY")
	if !ok {
		t.Fatal("no LUCKY in the registry")
	}
	lucky, err := supra.ParseTypeTag(tok.Coin().String())
	if err != nil {
		t.Fatal(err)
	}
	net, err := config.Lookup(config.Devnet)
	if err != nil {
		t.Fatal(err)
	}
	b := &burner{t: t, client: client, builder: supra.NewTxBuilder(client), key: devKey(t, node, 0), lucky: lucky,
		to: supra.MustParseAddress(net.Modules.BurnAddress)}
	b.builder.Now = func() time.Time { return time.Now().Add(b.ahead) }
	return b
}

// burn sends amount (base units) and returns the transaction's hash once it is final.
func (b *burner) burn(amount uint64) string {
	b.t.Helper()
	ctx := context.Background()
	sender := supra.AddressFromPublicKey(b.key.Public().(ed25519.PublicKey))
	raw, err := b.builder.Build(ctx, sender, supra.EntryFunction{
		Module:   supra.ModuleID{Address: supra.FrameworkAddress, Name: "supra_account"},
		Function: "transfer_coins", TypeArgs: []supra.TypeTag{b.lucky}, Args: [][]byte{supra.ArgAddress(b.to), supra.ArgU64(amount)},
	})
	if err != nil {
		b.t.Fatal(err)
	}
	signed, err := supra.Sign(raw, b.key)
	if err != nil {
		b.t.Fatal(err)
	}
	hash, err := b.client.Submit(ctx, supra.NewSubmitBody(signed))
	if err != nil {
		b.t.Fatal(err)
	}
	if _, _, err := b.client.WaitForTransaction(ctx, hash); err != nil {
		b.t.Fatal(err)
	}
	return hash
}
