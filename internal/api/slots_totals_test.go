package api_test

import (
	"math/big"
	"net/http"
	"net/url"
	"testing"
	"time"

	"github.com/luckycoin/lucky/internal/devnet/contracts"
	"github.com/luckycoin/lucky/internal/devnet/devnettest"
)

// A wallet's plays of the last 24 hours, summed per coin from the index, equal its
// PlayEvents: what Play safely counts after a reload.
func TestPlayTotalsFromIndex(t *testing.T) {
	e := newIndexEnv(t)
	player := 1
	play := func(bet, spins uint64) *big.Int {
		tx := e.submit(player, devnettest.Call{Function: idxPlay, TypeArgs: []string{idxLucky},
			Args: [][]byte{devnettest.U64(bet), devnettest.U64(spins), devnettest.Str(idxLucky), devnettest.Addr(contracts.PlaceholderAddress)}})
		won, _ := new(big.Int).SetString(eventData(t, tx, "::PlayEvent")["total_prize"].(string), 10)
		return won
	}
	won := new(big.Int).Add(play(10_000_000, 3), play(20_000_000, 2))
	path := "/api/v1/slots/totals/" + e.addr(player).String()
	// No sync: the handler waits for the index to reach the head itself.
	out := e.mustOK("GET", path, "")
	coins := out["coins"].([]any)
	if len(coins) != 1 {
		t.Fatalf("totals %v", out)
	}
	c := coins[0].(map[string]any)
	if c["token"] != "LUCKY" || c["coinType"] != idxLucky || c["plays"] != "2" || c["spins"] != "5" || c["wagered"] != "70000000" ||
		c["won"] != won.String() || c["net"] != new(big.Int).Sub(won, big.NewInt(70_000_000)).String() || out["since"] == "" {
		t.Fatalf("totals %v (won %s)", c, won)
	}

	// A since after the plays counts none of them; one before the 24 hours is brought up to them.
	at := func(d time.Duration) string {
		return "?since=" + url.QueryEscape(e.node.Now().Add(d).UTC().Format(time.RFC3339))
	}
	if h := e.mustOK("GET", path+at(time.Minute), ""); len(h["coins"].([]any)) != 0 {
		t.Fatalf("since ignored: %v", h)
	}
	if h := e.mustOK("GET", path+at(-48*time.Hour), ""); len(h["coins"].([]any)) != 1 || h["since"] == "" {
		t.Fatalf("an early since: %v", h)
	}
	if code, out := e.do("GET", path+"?since=yesterday", ""); code != http.StatusBadRequest {
		t.Fatalf("bad since: %d %v", code, out)
	}
	if code, out := e.do("GET", "/api/v1/slots/totals/0xzz", ""); code != http.StatusBadRequest {
		t.Fatalf("bad address: %d %v", code, out)
	}
	if h := e.mustOK("GET", "/api/v1/slots/totals/0x5eed", ""); len(h["coins"].([]any)) != 0 {
		t.Fatal("an account without plays has totals")
	}
}
