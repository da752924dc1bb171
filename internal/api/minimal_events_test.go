package api_test

import (
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/luckycoin/lucky/internal/devnet/devnettest"
)

// With minimal events (the PlayEvent carries only what the product documents name:
// spin_results, total_prize, number_of_spins), a spin still shows its result and lands in
// the index, the slots feed, the spin history and the player's activity: the player,
// token and bet come from the transaction (sender, type argument, arguments).
func TestSpinOnMinimalEvents(t *testing.T) {
	t.Setenv(devnettest.MinimalEventsEnv, "1")
	e := newIndexEnv(t)
	rec := httptest.NewRecorder()
	e.node.Handler().ServeHTTP(rec, httptest.NewRequest("POST", "/devnet/slots/outcomes", strings.NewReader(`{"tiers":[3,0]}`)))
	if rec.Code != 200 {
		t.Fatalf("force outcomes: %d %s", rec.Code, rec.Body)
	}
	player := e.addr(1)
	spins := map[string]struct{ bet, wagered, won string }{}
	for _, tok := range []string{"LUCKY", "SUPRA"} {
		built := e.mustOK("POST", "/api/v1/slots/spins", spinBody(player.String(), tok, "10", 2))
		hash := e.signSubmit(built["rawTransaction"].(string), e.key(1))
		_, dec := e.decodedOf(hash)
		info, err := e.client.Transaction(t.Context(), hash)
		if err != nil {
			t.Fatal(err)
		}
		raw := eventData(t, *info, "::PlayEvent")
		if len(raw) != 3 || raw["total_prize"] == nil || raw["spin_results"] == nil || raw["number_of_spins"] != "2" {
			t.Fatalf("%s: the devnet's PlayEvent is not the documented minimum: %v", tok, raw)
		}
		p, ok := dec["play"].(map[string]any)
		if !ok || p["token"] != tok || p["player"] != player.String() || p["betPerSpin"] != map[string]string{"LUCKY": "10000000", "SUPRA": "1000000000"}[tok] ||
			p["totalPrize"] != raw["total_prize"] {
			t.Fatalf("%s: decoded play %v (event %v)", tok, dec["play"], raw)
		}
		wagered := map[string]string{"LUCKY": "20000000", "SUPRA": "2000000000"}[tok]
		spins[hash] = struct{ bet, wagered, won string }{p["betPerSpin"].(string), wagered, raw["total_prize"].(string)}
	}
	e.sync()

	feed := e.mustOK("GET", "/api/v1/slots/feed", "")["plays"].([]any)
	history := e.mustOK("GET", "/api/v1/slots/history/"+player.String(), "")["spins"].([]any)
	activity, _ := activityPage(t, e, player, "kind=spin")
	if len(feed) != 2 || len(history) != 2 || len(activity) != 2 {
		t.Fatalf("feed %d, history %d, activity %d rows, want 2 each:\n%v\n%v\n%v", len(feed), len(history), len(activity), feed, history, activity)
	}
	for i := range 2 {
		f, h, a := feed[i].(map[string]any), history[i].(map[string]any), activity[i]
		want, ok := spins[f["txHash"].(string)]
		if !ok || f["player"] != player.String() || f["wagered"] != want.wagered || f["won"] != want.won {
			t.Errorf("feed row %v, want %+v", f, want)
		}
		if h["txHash"] != f["txHash"] || h["betPerSpin"] != want.bet || h["wagered"] != want.wagered || h["token"] != f["token"] {
			t.Errorf("history row %v, want %+v", h, want)
		}
		if a["txHash"] != f["txHash"] || a["kind"] != "spin" || a["amount"] != want.wagered || a["amountOut"] != want.won {
			b, _ := json.Marshal(a)
			t.Errorf("activity row %s, want %+v", b, want)
		}
	}
}
