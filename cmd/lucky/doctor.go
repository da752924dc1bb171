package main

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"strings"
	"time"

	"github.com/luckycoin/lucky/internal/api"
	"github.com/luckycoin/lucky/internal/chain"
	"github.com/luckycoin/lucky/internal/config"
	"github.com/luckycoin/lucky/internal/doctor"
	"github.com/luckycoin/lucky/internal/supra"
	"github.com/luckycoin/lucky/internal/tokens"
)

// errDoctor: a check failed; the table says which (exit code 1).
var errDoctor = errors.New("doctor: the node differs from what the app expects (see the table)")

// runDoctor prints the preflight table of a node and fails when any check does.
func runDoctor(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	cfg, err := config.ParseDoctor(args, getenv, stderr)
	if err != nil {
		return usage(err)
	}
	log := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: logLevel(getenv)}))
	reg, err := tokens.Load(log)
	if err != nil {
		return err
	}
	client, err := nodeClient(cfg.Network, cfg.RPC, nil, 0)
	if err != nil {
		return err
	}
	rep := runChecks(ctx, cfg.Network, reg, client)
	if err := rep.WriteTable(stdout); err != nil {
		return err
	}
	if !rep.OK() {
		return errDoctor
	}
	return nil
}

// runChecks runs the doctor over client with bindings of its own (their ABI cache must not
// hide a module that changed since the last run).
func runChecks(ctx context.Context, net config.Network, reg *tokens.Registry, client *supra.Client) doctor.Report {
	b := chain.New(client, net, reg, chain.Options{ABIs: chain.ClientABISource{Client: client}})
	return doctor.Run(ctx, net, reg, doctor.Node{Core: b.Core, Coins: b.Coins})
}

// Preflight intervals: serve checks the node at start and every hour; when the node cannot
// be read at all, the features stay as they were and it tries again sooner.
const (
	preflightEvery   = time.Hour
	preflightRetry   = time.Minute
	preflightTimeout = 30 * time.Second
)

// preflight runs the doctor for serve and switches the failing features off (and the
// passing ones back on).
type preflight struct {
	net      config.Network
	reg      *tokens.Registry
	client   *supra.Client
	features *api.Features
	log      *slog.Logger
	last     map[chain.Feature][]string
}

// once runs the checks and applies them; it reports false when the node could not be read
// (then nothing changes).
func (p *preflight) once(ctx context.Context) bool {
	ctx, cancel := context.WithTimeout(ctx, preflightTimeout)
	defer cancel()
	rep := runChecks(ctx, p.net, p.reg, p.client)
	if len(rep.Checks) > 0 && rep.Checks[0].Status == doctor.Missing { // the chain id: no node
		p.log.Warn("preflight: node unreadable, features unchanged", "reason", rep.Checks[0].Found)
		return false
	}
	off := rep.Off()
	for _, f := range chain.AllFeatures {
		reasons, isOff := off[f]
		_, wasOff := p.last[f]
		switch {
		case isOff && !wasOff:
			p.log.Error("preflight: feature switched off", "feature", f, "reason", strings.Join(reasons, "; "))
		case !isOff && wasOff:
			p.log.Info("preflight: feature back on", "feature", f)
		}
	}
	for _, c := range rep.Checks {
		if c.Status != doctor.OK && len(c.Features) == 0 {
			p.log.Warn("preflight: check failed (no feature depends on it)", "check", c.Check, "reason", c.Reason())
		}
	}
	p.features.Set(off)
	p.last = off
	return true
}

// run repeats once until ctx ends; read is whether the last run could read the node (if
// not, the next comes sooner).
func (p *preflight) run(ctx context.Context, read bool) {
	wait := preflightEvery
	if !read {
		wait = preflightRetry
	}
	for {
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
		wait = preflightEvery
		if !p.once(ctx) {
			wait = preflightRetry
		}
	}
}
