package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/luckycoin/lucky/internal/api"
	"github.com/luckycoin/lucky/internal/bots"
	"github.com/luckycoin/lucky/internal/chain"
	"github.com/luckycoin/lucky/internal/config"
	"github.com/luckycoin/lucky/internal/store"
	"github.com/luckycoin/lucky/internal/tokens"
)

// botsRetry is how often a replica that does not run the bots asks for their lease: the
// longest the bots stay silent after the replica running them dies.
const botsRetry = 2 * time.Second

// replicaBots runs the Telegram bots on the one replica (of those sharing a database)
// that holds the bots' lease, and takes them over when that replica dies. Every replica's
// /bots page names the bots by the usernames the running one recorded.
type replicaBots struct {
	db      *store.DB
	launch  bots.Launch
	log     *slog.Logger
	started atomic.Pointer[bots.Started] // while this replica runs them
}

// botTokens reads the token file, before anything starts: a bad one is a usage error.
// nil without one.
func botTokens(tg config.Telegram) (map[string]string, error) {
	if tg.TokenFile == "" {
		return nil, nil
	}
	tokensByBot, err := bots.ReadTokens(tg.TokenFile)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", errUsage, err)
	}
	for name := range tokensByBot {
		if name != bots.SupraBot && name != bots.BurnBot {
			return nil, fmt.Errorf("%w: %s: unknown bot %q", errUsage, tg.TokenFile, name)
		}
	}
	return tokensByBot, nil
}

// newReplicaBots prepares the bots of the token file's tokens; nil (nothing to run)
// without tokens.
func newReplicaBots(tokensByBot map[string]string, tg config.Telegram, net config.Network, reg *tokens.Registry, db *store.DB,
	prices bots.Prices, chainNow func() time.Time, log *slog.Logger) *replicaBots {
	if tokensByBot == nil {
		return nil
	}
	return &replicaBots{db: db, log: log, launch: bots.Launch{Tokens: tokensByBot, APIURL: tg.APIURL, WebhookURL: tg.WebhookURL,
		Base: bots.Config{Store: db, Prices: prices, Tokens: reg, Network: net, PublicURL: tg.PublicURL, Now: chainNow, Log: log}}}
}

// run takes the bots' lease whenever it is free and runs the bots while it holds it,
// until ctx ends. ready is closed once the first try is over (the bots started, which
// bots.Start bounds, or another replica runs them), so a server can open with the bots'
// status known.
func (rb *replicaBots) run(ctx context.Context, ready chan<- struct{}) {
	firstTryOver := sync.OnceFunc(func() {
		if ready != nil {
			close(ready)
		}
	})
	defer firstTryOver()
	for {
		lease, err := rb.db.Lead(ctx, store.RoleBots)
		if err != nil && ctx.Err() == nil {
			rb.log.Warn("bots: lease", "err", err)
		}
		if lease != nil {
			rb.hold(ctx, lease, firstTryOver)
		}
		firstTryOver()
		select {
		case <-ctx.Done():
			return
		case <-time.After(botsRetry):
		}
	}
}

// hold runs the bots until the lease is lost or ctx ends, calling started once they
// have started.
func (rb *replicaBots) hold(ctx context.Context, lease *store.Lease, started func()) {
	defer lease.Release()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	running, err := bots.Start(ctx, rb.launch)
	if err != nil { // the names were checked when the token file was read
		rb.log.Error("bots: start", "err", err)
		return
	}
	rb.started.Store(running)
	rb.log.Info("bots: this replica runs the bots")
	defer func() { cancel(); running.Wait(); rb.started.Store(nil) }()
	started()
	recorded := map[string]string{}
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	for {
		for name, u := range running.Usernames() {
			if recorded[name] != u && rb.db.SetBotUsername(ctx, name, u) == nil {
				recorded[name] = u
			}
		}
		select {
		case <-lease.Lost():
			rb.log.Warn("bots: lease lost; another replica runs the bots now")
			return
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}

// running is whether this replica runs the bots now.
func (rb *replicaBots) running() bool { return rb != nil && rb.started.Load() != nil }

// webhook passes Telegram's updates to the bots while this replica runs them.
func (rb *replicaBots) webhook() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if s := rb.started.Load(); s != nil && s.Webhook != nil {
			s.Webhook.ServeHTTP(w, r)
			return
		}
		http.Error(w, "the bots run on another replica", http.StatusServiceUnavailable)
	})
}

// runBots is `lucky bots`: the Telegram bots, with the indexer that feeds them (on
// PostgreSQL only the replica holding the lock ingests; with SQLite run the bots inside
// `lucky serve` instead, which owns the file).
func runBots(ctx context.Context, args []string, getenv func(string) string, _, stderr io.Writer) error {
	cfg, err := config.ParseBots(args, getenv, stderr)
	if err != nil {
		return usage(err)
	}
	tokensByBot, err := botTokens(cfg.Telegram)
	if err != nil {
		return err
	}
	p, err := openFeeder(ctx, cfg.IndexCmd, getenv, stderr)
	if err != nil {
		return err
	}
	defer p.close()
	ixCtx, stopIx := context.WithCancel(ctx)
	ixDone := make(chan struct{})
	go func() { defer close(ixDone); _ = p.idx.ix.Run(ixCtx) }() // ends with ixCtx; it logs its own node errors
	defer func() { stopIx(); <-ixDone }()

	bindings := chain.New(p.client, cfg.Network, p.reg, chain.Options{})
	// A devnet's clock moves with time travel: subscriptions and digests follow it.
	var chainNow func() time.Time
	if cfg.Network.Devnet && len(p.urls) > 0 {
		chainNow = newDevnetClock(p.urls[0], p.log).Now
	}
	rb := newReplicaBots(tokensByBot, cfg.Telegram, cfg.Network, p.reg, p.idx.db, api.NewIndexedMarket(bindings, p.idx.db, p.idx.ix, p.log), chainNow, p.log)
	p.log.Info("lucky bots", "network", cfg.Network.Name, "rpc", strings.Join(p.urls, ","))
	botsDone := make(chan struct{})
	go func() { defer close(botsDone); rb.run(ctx, nil) }()
	if cfg.Telegram.WebhookURL != "" {
		srv := &http.Server{Addr: cfg.Telegram.WebhookAddr, Handler: rb.webhook(), ReadHeaderTimeout: 10 * time.Second}
		go func() {
			<-ctx.Done()
			shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			_ = srv.Shutdown(shut) // the process is ending; nothing is left to tell
		}()
		p.log.Info("bots: webhook listening", "addr", cfg.Telegram.WebhookAddr)
		if err := srv.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
			return err
		}
	}
	<-botsDone
	return nil
}

// botStatuses is what the /bots page shows: the bots as they stand on the replica that
// runs them (this one, or another sharing the database, by the usernames it recorded),
// and those run by `lucky bots` (--suprabot-username) as running.
func botStatuses(rb *replicaBots, elsewhere map[string]string) func() map[string]api.BotStatus {
	return func() map[string]api.BotStatus {
		out := map[string]api.BotStatus{}
		for name, u := range elsewhere {
			out[name] = api.BotStatus{Status: api.BotRunning, Username: &u}
		}
		if rb == nil {
			return out
		}
		if started := rb.started.Load(); started != nil {
			for name, st := range started.Status() {
				switch st.State {
				case bots.StateRunning:
					u := st.Username
					out[name] = api.BotStatus{Status: api.BotRunning, Username: &u}
				default:
					out[name] = api.BotStatus{Status: api.BotUnavailable}
				}
			}
			return out
		}
		// Another replica runs them: name them as it recorded; until it has, they are
		// still connecting.
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		names, err := rb.db.BotUsernames(ctx)
		if err != nil {
			rb.log.Warn("bots: usernames", "err", err)
		}
		for name := range rb.launch.Tokens {
			if u, ok := names[name]; ok {
				out[name] = api.BotStatus{Status: api.BotRunning, Username: &u}
			} else {
				out[name] = api.BotStatus{Status: api.BotUnavailable}
			}
		}
		return out
	}
}
