package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/luckycoin/lucky/internal/api"
	"github.com/luckycoin/lucky/internal/bots"
	"github.com/luckycoin/lucky/internal/chain"
	"github.com/luckycoin/lucky/internal/config"
	"github.com/luckycoin/lucky/internal/store"
	"github.com/luckycoin/lucky/internal/tokens"
)

// startBots reads the token file and starts the bots on the index's store, quoting the
// market service; nothing runs (nil) without a token file.
func startBots(ctx context.Context, tg config.Telegram, net config.Network, reg *tokens.Registry, db *store.DB,
	prices bots.Prices, log *slog.Logger) (*bots.Started, error) {
	if tg.TokenFile == "" {
		return nil, nil
	}
	tokensByBot, err := bots.ReadTokens(tg.TokenFile)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", errUsage, err)
	}
	return bots.Start(ctx, bots.Launch{Tokens: tokensByBot, APIURL: tg.APIURL, WebhookURL: tg.WebhookURL,
		Base: bots.Config{Store: db, Prices: prices, Tokens: reg, Network: net, PublicURL: tg.PublicURL, Log: log}})
}

// runBots is `lucky bots`: the Telegram bots, with the indexer that feeds them (on
// PostgreSQL only the replica holding the lock ingests; with SQLite run the bots inside
// `lucky serve` instead, which owns the file).
func runBots(ctx context.Context, args []string, getenv func(string) string, _, stderr io.Writer) error {
	cfg, err := config.ParseBots(args, getenv, stderr)
	if err != nil {
		return usage(err)
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
	started, err := startBots(ctx, cfg.Telegram, cfg.Network, p.reg, p.idx.db, api.NewMarket(bindings, p.log), p.log)
	if err != nil {
		return err
	}
	p.log.Info("lucky bots", "network", cfg.Network.Name, "rpc", strings.Join(p.urls, ","), "running", started.Usernames())
	if started.Webhook != nil {
		srv := &http.Server{Addr: cfg.Telegram.WebhookAddr, Handler: started.Webhook, ReadHeaderTimeout: 10 * time.Second}
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
	<-ctx.Done()
	started.Wait()
	return nil
}

// botStatuses is what the /bots page shows: the bots this process runs as they stand
// now, and those run elsewhere (--suprabot-username) as running.
func botStatuses(started *bots.Started, elsewhere map[string]string) func() map[string]api.BotStatus {
	return func() map[string]api.BotStatus {
		out := map[string]api.BotStatus{}
		for name, u := range elsewhere {
			out[name] = api.BotStatus{Status: api.BotRunning, Username: &u}
		}
		if started == nil {
			return out
		}
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
}
