package bots_test

import (
	"context"
	"encoding/json"
	"math"
	"math/big"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/luckycoin/lucky/internal/bots"
	"github.com/luckycoin/lucky/internal/devnet/contracts"
	"github.com/luckycoin/lucky/internal/devnet/devnettest"
	"github.com/luckycoin/lucky/internal/history"
	"github.com/luckycoin/lucky/internal/store"
	"github.com/luckycoin/lucky/internal/supra"
)

func eventField(t *testing.T, info supra.TransactionInfo, suffix, field string) string {
	t.Helper()
	for _, ev := range info.Output.Move.Events {
		if strings.HasSuffix(ev.Type, suffix) {
			var m map[string]any
			if err := json.Unmarshal(ev.Data, &m); err != nil {
				t.Fatal(err)
			}
			return m[field].(string)
		}
	}
	t.Fatalf("no %s", suffix)
	return ""
}

// whole renders base units with 2 decimals, floored and grouped, like the alerts.
func whole(units string, decimals int) string {
	v, _ := new(big.Int).SetString(units, 10)
	q := new(big.Int).Quo(v, new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(decimals-2)), nil)).String()
	for len(q) < 3 {
		q = "0" + q
	}
	w, f := q[:len(q)-2], q[len(q)-2:]
	var b strings.Builder
	for i, r := range w {
		if i > 0 && (len(w)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	return b.String() + "." + f
}

// A swap, a spin and a burn on the devnet each reach every subscribed chat exactly once,
// with the transaction's amounts; a chat's minimum USD hides small buys; 0 shows them.
func TestSwapSpinBurnAlertEachChatOnce(t *testing.T) {
	e := newEnv(t)
	e.bot(bots.SupraBot, nil)
	const plays, buys, rich = 11, 12, 13
	e.ask(plays, plays, "/subscribe")
	e.ask(plays, plays, "/subscribe_buy")
	e.ask(buys, buys, "/subscribe_buy")
	e.ask(buys, buys, "/setminbuyusd 0")
	e.ask(buys, buys, "/changeimage_buy https://example.com/buy.png")
	e.ask(rich, rich, "/subscribe_buy")
	e.ask(rich, rich, "/setminbuyusd 1000") // 10 SUPRA ≈ $0.08: below it
	e.tg.set(func(f *fakeTelegram) { f.sent = nil })

	buy := e.buy(2, 1_000_000_000) // 10 SUPRA
	spin := e.play(1, 10_000_000, 3)
	e.sync()

	got := e.wait(plays, 2)
	buyMsg, playMsg := got[0].Text, got[1].Text
	if strings.HasPrefix(playMsg, "🟢") {
		buyMsg, playMsg = playMsg, buyMsg
	}
	lucky := whole(eventField(t, buy, "::SwapEvent", "x_out"), 6)
	for _, want := range []string{"🟢\nLUCKY Buy!", "Spent: 10.00 SUPRA ($0.075", "Got: " + lucky + " LUCKY", "Price: 0.0066", "Market cap: $",
		"Buyer: " + e.node.Accounts()[2].Address.String()[:6] + "…", "http://lucky.test/tx/" + buy.Hash} {
		if !strings.Contains(buyMsg, want) {
			t.Errorf("buy alert lacks %q:\n%s", want, buyMsg)
		}
	}
	won := eventField(t, spin, "::PlayEvent", "total_prize")
	result := "Result: no win"
	if won != "0" {
		result = "Result: won " + whole(won, 6) + " LUCKY (best: "
	}
	for _, want := range []string{"🎰 Slot play", "3 spins of 10.00 LUCKY", "Wagered: 30.00 LUCKY", result, "http://lucky.test/tx/" + spin.Hash} {
		if !strings.Contains(playMsg, want) {
			t.Errorf("play alert lacks %q:\n%s", want, playMsg)
		}
	}
	if m := e.wait(buys, 1); m[0].Photo != "https://example.com/buy.png" || !strings.Contains(m[0].Text, "Got: "+lucky+" LUCKY") {
		t.Fatalf("photo buy alert %+v", m[0])
	}
	e.wait(rich, 0)

	// The burn bot, in its own chat.
	e.bot(bots.BurnBot, nil)
	const burns = 21
	e.ask(burns, burns, "/luckyburn_subscribe")
	burn := e.burn(0, 4_321_500_000)
	e.sync()
	m := e.wait(burns, 2)[1].Text
	for _, want := range []string{"🔥\nLUCKY Burned!", "Amount: 4,321.50 LUCKY ($0.2", "Total burned: 50,004,321.50 LUCKY (5.0004% of supply)",
		"Burner: " + e.node.Accounts()[0].Address.String()[:6] + "…", "http://lucky.test/tx/" + burn.Hash} {
		if !strings.Contains(m, want) {
			t.Errorf("burn alert lacks %q:\n%s", want, m)
		}
	}
	// Nothing more for anyone.
	e.wait(plays, 2)
	e.wait(buys, 1)
}

// The original bots' failure mode: 25 blocks between two polls. Every play in them is
// posted once (batched into one message, as more than three queued).
func TestTwentyFiveBlocksBetweenPollsLoseNothing(t *testing.T) {
	e := newEnv(t)
	b, stop := e.bot(bots.SupraBot, nil)
	const chat = 31
	e.ask(chat, chat, "/subscribe")
	stop() // the bot is away while the chain moves on
	start := e.node.Height()
	var hashes []string
	for i := 0; i < 5; i++ {
		hashes = append(hashes, e.play(1, 10_000_000, 1).Hash)
		e.node.Mine(4)
	}
	if moved := e.node.Height() - start; moved < 25 {
		t.Fatalf("only %d blocks", moved)
	}
	e.sync()
	_ = b
	e.bot(bots.SupraBot, nil)
	m := e.wait(chat, 2)[1].Text // the subscribe reply, then one batch
	if !strings.HasPrefix(m, "5 new slot play alerts") {
		t.Fatalf("batch %q", m)
	}
	for _, h := range hashes {
		if strings.Count(m, h) != 1 {
			t.Errorf("play %s appears %d times", h, strings.Count(m, h))
		}
	}
}

// A 429 with retry_after delays the alert, which is then delivered once.
func TestTooManyRequestsWaitsThenDeliversOnce(t *testing.T) {
	e := newEnv(t)
	e.bot(bots.SupraBot, nil)
	const chat = 41
	e.ask(chat, chat, "/subscribe")
	e.tg.set(func(f *fakeTelegram) { f.tooMany = 1 })
	spin := e.play(1, 10_000_000, 1)
	e.sync()
	got := e.wait(chat, 2)
	if !strings.Contains(got[1].Text, spin.Hash) {
		t.Fatalf("alert %q", got[1].Text)
	}
	var first []time.Time
	e.tg.set(func(f *fakeTelegram) { first = f.got429 })
	if len(first) != 1 || got[1].At.Sub(first[0]) < time.Second {
		t.Fatalf("429 at %v, delivered at %v: retry_after not honoured", first, got[1].At)
	}
}

// A restart in the middle of a burst delivers the rest, each exactly once: Telegram fails
// after two accepted alerts, the bot stops, a new one (same store) resumes.
func TestRestartMidBurstDeliversTheRestOnce(t *testing.T) {
	e := newEnv(t)
	noBatch := func(c *bots.Config) { c.BatchOver = 100 }
	_, stop := e.bot(bots.SupraBot, noBatch)
	const chat = 51
	e.ask(chat, chat, "/subscribe")
	e.tg.set(func(f *fakeTelegram) { f.down = f.accepted + 2 })
	var hashes []string
	for i := 0; i < 5; i++ {
		hashes = append(hashes, e.play(1, 10_000_000, 1).Hash)
	}
	e.sync()
	e.wait(chat, 3) // the reply and two alerts; the third send keeps failing
	stop()
	e.tg.set(func(f *fakeTelegram) { f.down = 0 })
	e.bot(bots.SupraBot, noBatch)
	got := e.wait(chat, 6)
	for i, h := range hashes {
		n := 0
		for _, m := range got[1:] {
			n += strings.Count(m.Text, h)
		}
		if n != 1 {
			t.Errorf("play %d (%s) delivered %d times", i, h, n)
		}
	}
	// The cursor ends on the last play.
	c, ok, err := e.db.BotCursor(context.Background(), bots.SupraBot, chat, bots.StreamPlay)
	if err != nil || !ok || c.Message != got[5].ID {
		t.Fatalf("cursor %+v %v %v, last message %d", c, ok, err, got[5].ID)
	}
}

// deleteprevious removes the stream's last alert when the next one is posted.
func TestDeletePrevious(t *testing.T) {
	e := newEnv(t)
	e.bot(bots.SupraBot, nil)
	const chat = 61
	e.ask(chat, chat, "/subscribe")
	e.ask(chat, chat, "/deleteprevious on")
	e.play(1, 10_000_000, 1)
	e.sync()
	first := e.wait(chat, 3)[2]
	e.play(1, 10_000_000, 1)
	e.sync()
	e.wait(chat, 4)
	var deleted [][2]int64
	e.tg.set(func(f *fakeTelegram) { deleted = f.deleted })
	if len(deleted) != 1 || deleted[0] != [2]int64{chat, first.ID} {
		t.Fatalf("deleted %v, want the first alert %d", deleted, first.ID)
	}
}

// A buy alert quotes the trade as it happened: its dollar figures are the ones the swap's
// 1m candle holds, also when the alert goes out after SUPRA's dollar price moved (the bot
// was away while a big swap in the SUPRA/dexUSDC pool moved its reserves).
func TestBuyAlertCarriesTheCandlesTradeTimeUSDPrice(t *testing.T) {
	e := newEnv(t)
	_, stop := e.bot(bots.SupraBot, nil)
	const chat = 41
	e.ask(chat, chat, "/subscribe_buy")
	e.ask(chat, chat, "/setminbuyusd 0")
	stop()
	before := len(e.tg.messages(chat))

	buy := e.buy(2, 1_000_000_000) // 10 SUPRA
	usdc, _ := e.reg.ByName("dexUSDC")
	e.submit(3, devnettest.Call{Function: swapFn, TypeArgs: []string{contracts.SupraCoinType, usdc.CoinType, contracts.UncorrelatedType},
		Args: [][]byte{devnettest.U64(500_000 * 100_000_000), devnettest.U64(0)}}) // SUPRA's dollar price falls
	e.sync()

	// The swap's 1m candle and trade.
	trades, err := e.db.TradesAfter(e.ctx, store.Start, 1000)
	if err != nil {
		t.Fatal(err)
	}
	var trade *history.Trade
	for i := range trades {
		if trades[i].Trade.TxHash == buy.Hash {
			trade = &trades[i].Trade
		}
	}
	if trade == nil || !trade.Buy || trade.SupraUSD == nil {
		t.Fatalf("no buy trade for %s: %+v", buy.Hash, trade)
	}
	sec := trade.TimeUS / 1_000_000
	cs, err := e.db.Candles(e.ctx, trade.Base, 60, sec-sec%60, sec, 1)
	if err != nil || len(cs) != 1 || cs[0].CloseUSD == nil {
		t.Fatalf("candle %+v %v", cs, err)
	}
	candleUSD := *cs[0].CloseUSD
	supraUSDThen := candleUSD / cs[0].Close
	snap, err := e.mkt.Snapshot(e.ctx, true)
	if err != nil || snap.SupraUSD == nil {
		t.Fatalf("market %v", err)
	}
	supraUSDNow, _ := snap.SupraUSD.Float64()
	if math.Abs(supraUSDNow-supraUSDThen) < supraUSDThen*0.01 {
		t.Fatalf("the test needs a price move: SUPRA $%v then, $%v now", supraUSDThen, supraUSDNow)
	}

	e.bot(bots.SupraBot, nil)
	m := e.wait(chat, before+1)[before].Text
	dollarsIn := func(prefix string) float64 {
		t.Helper()
		for _, line := range strings.Split(m, "\n") {
			if strings.HasPrefix(line, prefix) {
				i := strings.Index(line, "($")
				v, err := strconv.ParseFloat(strings.TrimSuffix(strings.ReplaceAll(line[i+2:], ",", ""), ")"), 64)
				if err != nil {
					t.Fatalf("%q: %v", line, err)
				}
				return v
			}
		}
		t.Fatalf("alert lacks %q:\n%s", prefix, m)
		return 0
	}
	if got := dollarsIn("Price: "); math.Abs(got-candleUSD) > candleUSD*1e-4 {
		t.Errorf("alert price $%v, the candle's $%v:\n%s", got, candleUSD, m)
	}
	if got, want := dollarsIn("Spent: "), 10*supraUSDThen; math.Abs(got-want) > want*1e-4 {
		t.Errorf("alert spent $%v, at the trade's price $%v (today's would be $%v):\n%s", got, want, 10*supraUSDNow, m)
	}
}

// The bot away for 10 minutes of chain time while 25 plays happen: the chat gets one
// digest of them when it is back, not 25 alerts or a batch, then each live play once.
func TestLongAbsenceIsOneDigest(t *testing.T) {
	e := newEnv(t)
	_, stop := e.bot(bots.SupraBot, nil)
	const chat = 32
	e.ask(chat, chat, "/subscribe")
	stop()
	var hashes []string
	for range 25 {
		hashes = append(hashes, e.play(1, 10_000_000, 1).Hash)
	}
	e.sync()
	if _, err := e.node.AdvanceTime(10 * time.Minute); err != nil {
		t.Fatal(err)
	}
	e.bot(bots.SupraBot, nil)
	d := e.wait(chat, 2)[1].Text
	if !strings.HasPrefix(d, "While the bot was away: 25 slot plays (") || !strings.HasSuffix(d, "Live alerts follow.") {
		t.Fatalf("digest %q", d)
	}
	// It links one transaction at most: the largest win's.
	linked := 0
	for _, h := range hashes {
		linked += strings.Count(d, h)
	}
	if want := map[bool]int{true: 1, false: 0}[strings.Contains(d, "the largest win")]; linked != want {
		t.Errorf("digest links %d plays, want %d: %q", linked, want, d)
	}
	live := e.play(1, 10_000_000, 1)
	e.sync()
	if m := e.wait(chat, 3)[2].Text; !strings.Contains(m, live.Hash) || !strings.HasPrefix(m, "🎰 Slot play") {
		t.Fatalf("live alert %q", m)
	}
}
