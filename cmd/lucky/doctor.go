package main

import (
	"context"
	"errors"
	"io"
	"log/slog"

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
