package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/luckycoin/lucky/internal/api"
	"github.com/luckycoin/lucky/internal/chain"
	"github.com/luckycoin/lucky/internal/config"
	"github.com/luckycoin/lucky/internal/history"
	"github.com/luckycoin/lucky/internal/indexer"
	"github.com/luckycoin/lucky/internal/store"
	"github.com/luckycoin/lucky/internal/supra"
	"github.com/luckycoin/lucky/internal/tokens"
)

// defaultDataDir is where the SQLite index goes when --data-dir is not given.
const defaultDataDir = "lucky-data"

// eventIndex is the opened store and its indexer.
type eventIndex struct {
	db    *store.DB
	ix    *indexer.Indexer
	rules history.Rules
	// node is the indexer's node client, noting when the node last answered (/healthz).
	node *nodeWatch
}

// openIndex opens the store for cfg (a temporary directory when throwaway) and builds its
// indexer over client. close removes a temporary directory.
func openIndex(ctx context.Context, cfg config.Index, net config.Network, reg *tokens.Registry, client *supra.Client,
	log *slog.Logger, throwaway bool) (*eventIndex, func(), error) {
	dir, cleanup := cfg.DataDir, func() {}
	switch {
	case cfg.DatabaseURL != "":
	case dir == "" && throwaway:
		tmp, err := os.MkdirTemp("", "lucky-index-")
		if err != nil {
			return nil, nil, fmt.Errorf("index: %w", err)
		}
		dir, cleanup = tmp, func() { os.RemoveAll(tmp) }
	case dir == "":
		dir = filepath.Join(defaultDataDir, net.Name)
	default:
		dir = filepath.Join(dir, net.Name)
	}
	rules, err := indexer.NetworkRules(net, reg)
	if err != nil {
		cleanup()
		return nil, nil, fmt.Errorf("index: %w", err)
	}
	db, err := store.Open(ctx, store.Options{DatabaseURL: cfg.DatabaseURL, DataDir: dir})
	if err != nil {
		cleanup()
		return nil, nil, fmt.Errorf("index: %w", err)
	}
	bindings := chain.New(client, net, reg, chain.Options{})
	watch := newNodeWatch(client)
	ix, err := indexer.New(watch, db, indexer.Config{
		Streams:     indexer.Streams(net.Modules),
		Rules:       rules,
		Decoders:    bindings.Decoders(),
		DAOShare:    bindings.PoolDAOShare,
		Stores:      bindings.Stores(),
		StoreOwner:  bindings.StoreOwner,
		StartHeight: indexStart(ctx, cfg, net, reg, client, log),
		Follow:      cfg.Off,
		// A devnet can be reverted to a snapshot or reset; a real chain is final.
		ResetOnRewind: net.Devnet,
		Log:           log,
	})
	if err != nil {
		db.Close()
		cleanup()
		return nil, nil, err
	}
	where := db.Path()
	if where == "" {
		where = "postgres"
	}
	log.Info("event index", "store", where, "ingest", !cfg.Off)
	return &eventIndex{db: db, ix: ix, rules: rules, node: watch}, func() { db.Close(); cleanup() }, nil
}

// handler is the API's view of the index; now is the chain's clock (the devnet's, which
// time travel moves; nil for the wall clock), the end of "the last 24 hours" and of charts.
func (e *eventIndex) handler(net config.Network, reg *tokens.Registry, log *slog.Logger, now func() time.Time) *api.HistoryHandler {
	return api.NewHistory(api.HistoryDeps{Network: net, Tokens: reg, Rules: e.rules, Store: e.db, Log: log, Now: now,
		Status: func(context.Context) (uint64, uint64, error) {
			i, h := e.ix.Status()
			return i, h, nil
		},
		WaitHead: e.ix.WaitHead})
}

// runIndex is `lucky index`: the indexer alone, until interrupted.
func runIndex(ctx context.Context, args []string, getenv func(string) string, _, stderr io.Writer) error {
	cfg, err := config.ParseIndex(args, getenv, stderr)
	if err != nil {
		return usage(err)
	}
	p, err := openFeeder(ctx, cfg, getenv, stderr)
	if err != nil {
		return err
	}
	defer p.close()
	p.log.Info("lucky index", "network", cfg.Network.Name, "rpc", strings.Join(p.urls, ","))
	if cfg.ReplayQuarantine {
		r, err := p.idx.ix.ReplayQuarantine(ctx)
		if err != nil {
			return fmt.Errorf("index: replay the quarantine: %w", err)
		}
		p.log.Info("lucky index: quarantine replayed", "decoded_now", r.Released, "still_quarantined", r.Remain, "index_rebuilt", r.Rebuilt)
		return nil
	}
	if err := p.idx.ix.Run(ctx); !errors.Is(err, context.Canceled) {
		return err
	}
	return nil
}

// feeder is a process that feeds the index (`lucky index`, `lucky bots`): its log, the
// registry, the node client and the open index.
type feeder struct {
	log    *slog.Logger
	reg    *tokens.Registry
	client *supra.Client
	urls   []string
	idx    *eventIndex
	close  func()
}

func openFeeder(ctx context.Context, cfg config.IndexCmd, getenv func(string) string, stderr io.Writer) (*feeder, error) {
	log := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: logLevel(getenv)}))
	reg, err := tokens.Load(log)
	if err != nil {
		return nil, err
	}
	urls := cfg.RPC
	if len(urls) == 0 {
		urls = cfg.Network.RPC
	}
	client, err := supra.NewClient(urls)
	if err != nil {
		return nil, err
	}
	idx, closeIdx, err := openIndex(ctx, cfg.Index, cfg.Network, reg, client, log, false)
	if err != nil {
		return nil, err
	}
	return &feeder{log: log, reg: reg, client: client, urls: urls, idx: idx, close: closeIdx}, nil
}
