package main

import (
	"fmt"
	"io"
	"log/slog"
	"net/http"

	"github.com/luckycoin/lucky/internal/config"
	"github.com/luckycoin/lucky/internal/devnet"
	"github.com/luckycoin/lucky/internal/devwallet"
	"github.com/luckycoin/lucky/internal/inproc"
	"github.com/luckycoin/lucky/internal/supra"
)

// startDevnet starts the in-process node for `lucky serve` on devnet and prints its dev
// accounts, as `lucky devnet` does.
func startDevnet(cfg config.Serve, log *slog.Logger, stdout io.Writer) (*devnet.Node, error) {
	modules, err := devnetModules()
	if err != nil {
		return nil, err
	}
	node, err := devnet.New(nodeOptions(cfg.Devnet, log, modules))
	if err != nil {
		return nil, fmt.Errorf("devnet: %w", err)
	}
	node.WriteBanner(stdout)
	return node, nil
}

// nodeClient returns the chain client for the network: the in-process devnet, or the
// preset's RPC URLs (primary first).
func nodeClient(n config.Network, node http.Handler) (*supra.Client, error) {
	if n.Devnet {
		return supra.NewClient(n.RPC, supra.WithHTTP(inproc.Client(node)))
	}
	return supra.NewClient(n.RPC)
}

// devWallet gives the built-in wallet the node's dev accounts; it submits through client,
// the same path as any other transaction.
func devWallet(node *devnet.Node, client *supra.Client, log *slog.Logger) *devwallet.Wallet {
	var accts []devwallet.Account
	for _, a := range node.Accounts() {
		accts = append(accts, devwallet.Account{Address: a.Address, PrivateKey: a.PrivateKey})
	}
	return devwallet.New(accts, client, log)
}
