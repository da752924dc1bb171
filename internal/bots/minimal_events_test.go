package bots_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/luckycoin/lucky/internal/bots"
	"github.com/luckycoin/lucky/internal/devnet/devnettest"
)

// With minimal events (a PlayEvent of spin_results, total_prize and number_of_spins
// only), the play alert still names the player, the token and the bet: the index read
// them from the transaction.
func TestPlayAlertOnMinimalEvents(t *testing.T) {
	t.Setenv(devnettest.MinimalEventsEnv, "1")
	e := newEnv(t)
	e.bot(bots.SupraBot, nil)
	const chat = 31
	e.ask(chat, chat, "/subscribe")
	e.tg.set(func(f *fakeTelegram) { f.sent = nil })

	spin := e.play(1, 10_000_000, 3)
	for _, ev := range spin.Output.Move.Events {
		if strings.HasSuffix(ev.Type, "::PlayEvent") {
			var m map[string]json.RawMessage
			if err := json.Unmarshal(ev.Data, &m); err != nil || len(m) != 3 {
				t.Fatalf("the devnet's PlayEvent is not the documented minimum: %s", ev.Data)
			}
		}
	}
	e.sync()
	msg := e.wait(chat, 1)[0].Text
	for _, want := range []string{"🎰 Slot play", "Player: " + e.node.Accounts()[1].Address.String()[:6] + "…",
		"3 spins of 10.00 LUCKY", "Wagered: 30.00 LUCKY", "http://lucky.test/tx/" + spin.Hash} {
		if !strings.Contains(msg, want) {
			t.Errorf("play alert lacks %q:\n%s", want, msg)
		}
	}
}
