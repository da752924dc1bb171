package main

import (
	"context"
	"io"
	"log/slog"
	"net"
	"time"

	"github.com/luckycoin/lucky/internal/api"
	"github.com/luckycoin/lucky/internal/chain"
	"github.com/luckycoin/lucky/internal/config"
	"github.com/luckycoin/lucky/internal/devnet"
	"github.com/luckycoin/lucky/internal/server"
	"github.com/luckycoin/lucky/internal/store"
	"github.com/luckycoin/lucky/internal/tokens"
	"github.com/luckycoin/lucky/web"
)

func runServe(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	cfg, err := config.ParseServe(args, getenv, stderr)
	if err != nil {
		return usage(err)
	}
	log := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: logLevel(getenv)}))
	reg, err := tokens.Load(log)
	if err != nil {
		return err
	}

	tokensByBot, err := botTokens(cfg.Telegram)
	if err != nil {
		return err
	}

	// Listen first: the address actually served is the default public URL (port 0 picks one).
	ln, err := server.Listen(cfg.Addr)
	if err != nil {
		return err
	}
	defer ln.Close()
	if cfg.Telegram.PublicURL == "" {
		cfg.Telegram.PublicURL = server.URL(ln.Addr())
	}
	opts := server.Options{Network: cfg.Network, Web: web.Dist(), PublicURL: cfg.Telegram.PublicURL, Log: log}
	if !web.Built() {
		log.Warn("web app not built: serving the placeholder page (run make build)")
	}
	var node *devnet.Node
	// chainNow is the chain's clock where it is not the wall clock: a devnet's, which POST
	// /devnet/time/advance moves ahead. Built transactions expire relative to it (with wall
	// time, every transaction built after an advance would already be expired), and "the
	// last 24 hours" and charts end at it.
	var chainNow func() time.Time
	switch {
	case cfg.Network.Devnet && len(cfg.RPC) > 0:
		// A devnet shared with other replicas: its RPC and admin paths pass through to it
		// (the browser talks to the node through this origin), but its dev accounts' keys
		// are not here, so there is no built-in wallet.
		clock := newDevnetClock(cfg.RPC[0], log)
		chainNow = clock.Now
		opts.Devnet = passThrough(cfg.RPC[0], log, clock.invalidate)
		opts.DevGuard = devGuard(cfg.Addr, cfg.Devnet, cfg.Telegram.PublicURL, log)
	case cfg.Network.Devnet:
		if node, err = startDevnet(ctx, cfg, log, stdout); err != nil {
			return err
		}
		defer func() {
			if err := node.Close(); err != nil {
				log.Error("devnet close", "err", err)
			}
		}()
		chainNow = node.Now
		opts.Devnet = node.Handler()
		opts.DevGuard = devGuard(cfg.Addr, cfg.Devnet, cfg.Telegram.PublicURL, log)
		if cfg.Network.Labels == nil {
			cfg.Network.Labels = map[string]string{}
		}
		for _, a := range node.Accounts() {
			cfg.Network.Labels[a.Address.String()] = config.DevAccountLabel(a.Index)
		}
	}
	client, err := nodeClient(cfg.Network, cfg.RPC, node, cfg.NodeTimeout)
	if err != nil {
		return err
	}
	if node != nil {
		opts.DevWallet = devWallet(node, client, log)
		opts.HeadScripts = []string{"/devnet/wallet.js"}
	}
	chainOpts := chain.Options{ABIs: chain.ClientABISource{Client: client}, Now: chainNow}
	bindings := chain.New(client, cfg.Network, reg, chainOpts)
	// The preflight: features whose chain functions differ from the bindings are off
	// before the first request, and the checks run again every hour.
	features := &api.Features{}
	pf := &preflight{net: cfg.Network, reg: reg, client: client, features: features, log: log}
	read := pf.once(ctx)
	pfCtx, stopPF := context.WithCancel(ctx)
	pfDone := make(chan struct{})
	go func() { defer close(pfDone); pf.run(pfCtx, read) }()
	defer func() { stopPF(); <-pfDone }()
	if node != nil && cfg.Simulate > 0 {
		stopSim := startSimulation(ctx, float64(cfg.Simulate), cfg.Devnet.Seed, bindings, log)
		defer stopSim() // before the node closes: defers run last-in, first-out
	}

	// The event index: ingested here unless --no-index; throwaway on an in-process devnet
	// whose chain is not saved, since that chain starts afresh every run.
	idx, closeIdx, err := openIndex(ctx, cfg.Index, cfg.Network, reg, client, log, node != nil && cfg.Devnet.StatePath == "")
	if err != nil {
		return err
	}
	defer closeIdx()
	opts.Index = idx.handler(cfg.Network, reg, log, chainNow)
	mkt := api.NewIndexedMarket(bindings, idx.db, idx.ix, log)
	if node != nil {
		// A reverted or reset devnet must not be shown from a snapshot of the chain before.
		node.OnRewind(mkt.Invalidate)
	}
	rb := newReplicaBots(tokensByBot, cfg.Telegram, cfg.Network, reg, idx.db, mkt, chainNow, log)
	if rb != nil {
		botsCtx, stopBots := context.WithCancel(ctx)
		botsDone := make(chan struct{})
		ready := make(chan struct{})
		go func() { defer close(botsDone); rb.run(botsCtx, ready) }()
		defer func() { stopBots(); <-botsDone }()
		<-ready
	}
	opts.API = api.New(api.Deps{Network: cfg.Network, Tokens: reg, Chain: api.ChainOf(bindings), Market: mkt, Index: opts.Index,
		Bots: botStatuses(rb, cfg.Telegram.Usernames), Assets: opts.Web, PublicURL: cfg.Telegram.PublicURL, Features: features, Log: log})
	ixCtx, stopIx := context.WithCancel(ctx)
	ixDone := make(chan struct{})
	go func() {
		defer close(ixDone)
		_ = idx.ix.Run(ixCtx) // ends with ixCtx; it logs its own node errors
	}()
	// The indexer stops before the store closes (defers run last-in, first-out).
	defer func() { stopIx(); <-ixDone }()

	idx.node.unreadyAfter = unreadyAfterEnv(getenv)
	opts.Health = replicaHealth(idx, rb)
	opts.APIBudget = api.RequestBudget(cfg.NodeTimeout)
	h, err := server.New(opts)
	if err != nil {
		return err
	}
	return server.Run(ctx, ln, h, log, func(a net.Addr) {
		log.Info("lucky serving", "url", "http://"+a.String()+"/", "network", cfg.Network.Name, "chain_id", cfg.Network.ChainID)
	})
}

// replicaHealth reports the roles this process holds and its index's progress.
func replicaHealth(idx *eventIndex, rb *replicaBots) func() api.Health {
	return func() api.Health {
		var h api.Health
		if idx.ix.Leading() {
			h.Roles = append(h.Roles, string(store.RoleIngester))
		}
		if rb.running() {
			h.Roles = append(h.Roles, string(store.RoleBots))
		}
		p := idx.ix.Progress()
		h.Index = &api.IndexHealth{Indexed: p.Indexed, Head: p.Head, Quarantined: p.Quarantined}
		h.Node = idx.node.health()
		if p.CatchingUp {
			h.Index.Backfill = &api.Backfill{BlocksPerSec: p.BlocksPerSec, EventsPerSec: p.EventsPerSec, ETASeconds: p.ETASeconds}
		}
		return h
	}
}

func logLevel(getenv func(string) string) slog.Level {
	var l slog.Level
	if err := l.UnmarshalText([]byte(getenv("LUCKY_LOG_LEVEL"))); err != nil {
		return slog.LevelInfo
	}
	return l
}
