package bots_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/luckycoin/lucky/internal/bots"
	"github.com/luckycoin/lucky/internal/chain"
	"github.com/luckycoin/lucky/internal/config"
	"github.com/luckycoin/lucky/internal/devnet"
	"github.com/luckycoin/lucky/internal/devnet/contracts"
	"github.com/luckycoin/lucky/internal/devnet/devnettest"
	"github.com/luckycoin/lucky/internal/history"
	"github.com/luckycoin/lucky/internal/indexer"
	"github.com/luckycoin/lucky/internal/market"
	"github.com/luckycoin/lucky/internal/store"
	"github.com/luckycoin/lucky/internal/supra"
	"github.com/luckycoin/lucky/internal/tokens"
)

const (
	luckyT = "0x4205c82380bff5708cd7c59e0043a45890a457a6cdb60c9191d818958fd7ac26::LUCKY::LUCKY"
	swapFn = "0x0dc694898dff98a1b0447e0992d0413e123ea80da1021d464a4fbaf0265870d8::scripts::swap"
	playFn = "0xb4ba040eb59c3b3c3776b7a603d896781e48bbf5fcea559c495814b5cde29b2b::slots_v3::play"
)

// env is a devnet with the event index running on it, the market service, and a fake
// Telegram Bot API.
type env struct {
	t     *testing.T
	ctx   context.Context
	node  *devnet.Node
	net   config.Network
	reg   *tokens.Registry
	db    *store.DB
	ix    *indexer.Indexer
	mkt   *market.Service
	tg    *fakeTelegram
	token int
}

func newEnv(t *testing.T) *env {
	t.Helper()
	mods, err := contracts.All()
	if err != nil {
		t.Fatal(err)
	}
	node := devnettest.New(t, devnet.Options{Modules: mods})
	client := devnettest.Client(t, node)
	reg, err := tokens.Load(nil)
	if err != nil {
		t.Fatal(err)
	}
	net, err := config.Lookup(config.Devnet)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	b := chain.New(client, net, reg, chain.Options{})
	db, err := store.Open(ctx, store.Options{DataDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	ix, err := indexer.New(client, db, indexer.Config{Streams: indexer.Streams(net.Modules), Rules: rules(t, net, reg), Decoders: b.Decoders(),
		DAOShare: b.PoolDAOShare, PollInterval: 20 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() { defer close(done); ix.Run(ctx) }()
	t.Cleanup(func() { cancel(); <-done; db.Close() })
	e := &env{t: t, ctx: ctx, node: node, net: net, reg: reg, db: db, ix: ix, mkt: market.New(market.ChainOf(b), market.Options{}), tg: newFakeTelegram(t)}
	e.sync()
	return e
}

// sync waits for the index to hold the node's head.
func (e *env) sync() {
	e.t.Helper()
	ctx, cancel := context.WithTimeout(e.ctx, 30*time.Second)
	defer cancel()
	if err := e.ix.WaitHead(ctx); err != nil {
		e.t.Fatal(err)
	}
}

// bot starts a bot of kind on the fake Telegram (commands by long polling, alerts);
// stop ends both and waits for them.
func (e *env) bot(kind string, tweak func(*bots.Config)) (b *bots.Bot, stop func()) {
	e.t.Helper()
	e.token++
	client, err := bots.Connect(e.ctx, fmt.Sprintf("%d:test", e.token), e.tg.URL(), time.Second, nil)
	if err != nil {
		e.t.Fatal(err)
	}
	cfg := bots.Config{Kind: kind, Store: e.db, Prices: e.mkt, Tokens: e.reg, Network: e.net, PublicURL: "http://lucky.test",
		Username: client.Username(), Poll: 20 * time.Millisecond, Backoff: 20 * time.Millisecond, Now: e.node.Now}
	if tweak != nil {
		tweak(&cfg)
	}
	b, err = bots.New(cfg, client)
	if err != nil {
		e.t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(e.ctx)
	done := make(chan struct{}, 2)
	go func() { client.Poll(ctx, b); done <- struct{}{} }()
	go func() { b.RunAlerts(ctx); done <- struct{}{} }()
	var stopped bool
	stop = func() {
		if !stopped {
			stopped = true
			cancel()
			<-done
			<-done
		}
	}
	e.t.Cleanup(stop)
	return b, stop
}

// ask sends a command and returns the bot's reply in that chat.
func (e *env) ask(chat, user int64, text string) string {
	e.t.Helper()
	before := len(e.tg.messages(chat))
	e.tg.say(chat, user, text)
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if m := e.tg.messages(chat); len(m) > before {
			return m[len(m)-1].Text
		}
		time.Sleep(10 * time.Millisecond)
	}
	e.t.Fatalf("no reply to %q", text)
	return ""
}

// silent sends a message the bot must not answer.
func (e *env) silent(chat, user int64, text string) {
	e.t.Helper()
	before := len(e.tg.messages(chat))
	e.tg.say(chat, user, text)
	time.Sleep(400 * time.Millisecond)
	if m := e.tg.messages(chat); len(m) != before {
		e.t.Fatalf("%q answered: %q", text, m[len(m)-1].Text)
	}
}

// wait waits until chat has n messages, then checks no more arrive for a moment.
func (e *env) wait(chat int64, n int) []sent {
	e.t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for len(e.tg.messages(chat)) < n && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	time.Sleep(300 * time.Millisecond)
	got := e.tg.messages(chat)
	if len(got) != n {
		var texts []string
		for _, m := range got {
			texts = append(texts, m.Text)
		}
		e.t.Fatalf("chat %d: %d messages, want %d:\n%s", chat, len(got), n, strings.Join(texts, "\n---\n"))
	}
	return got
}

func (e *env) submit(i int, c devnettest.Call) supra.TransactionInfo {
	e.t.Helper()
	h, err := devnettest.Submit(e.node, e.node.Accounts()[i].PrivateKey, c)
	if err != nil {
		e.t.Fatal(err)
	}
	info, ok := e.node.Transaction(h)
	if !ok || info.Status != supra.StatusSuccess {
		e.t.Fatalf("tx %x: %+v", h, info)
	}
	return info
}

func (e *env) buy(account int, supraIn uint64) supra.TransactionInfo {
	return e.submit(account, devnettest.Call{Function: swapFn, TypeArgs: []string{contracts.SupraCoinType, luckyT, contracts.UncorrelatedType},
		Args: [][]byte{devnettest.U64(supraIn), devnettest.U64(0)}})
}

func (e *env) play(account int, bet, spins uint64) supra.TransactionInfo {
	return e.submit(account, devnettest.Call{Function: playFn, TypeArgs: []string{luckyT},
		Args: [][]byte{devnettest.U64(bet), devnettest.U64(spins), devnettest.Str(luckyT), devnettest.Addr(contracts.PlaceholderAddress)}})
}

func (e *env) burn(account int, amount uint64) supra.TransactionInfo {
	to := supra.MustParseAddress(e.net.Modules.BurnAddress)
	return e.submit(account, devnettest.Call{Function: "0x1::supra_account::transfer_coins", TypeArgs: []string{luckyT},
		Args: [][]byte{devnettest.Addr(to), devnettest.U64(amount)}})
}

// rules are the app's trading rules on a network.
func rules(t testing.TB, n config.Network, reg *tokens.Registry) history.Rules {
	t.Helper()
	r, err := indexer.NetworkRules(n, reg)
	if err != nil {
		t.Fatal(err)
	}
	return r
}
