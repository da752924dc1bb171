package main

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httputil"
	"net/url"
	"time"

	"github.com/luckycoin/lucky/internal/api"
	"github.com/luckycoin/lucky/internal/config"
	"github.com/luckycoin/lucky/internal/devguard"
	"github.com/luckycoin/lucky/internal/devnet"
	"github.com/luckycoin/lucky/internal/devwallet"
	"github.com/luckycoin/lucky/internal/inproc"
	"github.com/luckycoin/lucky/internal/supra"
)

// startDevnet starts the in-process node for `lucky serve` on devnet and prints its dev
// accounts, as `lucky devnet` does.
func startDevnet(ctx context.Context, cfg config.Serve, log *slog.Logger, stdout io.Writer) (*devnet.Node, error) {
	node, err := newNode(ctx, cfg.Devnet, log)
	if err != nil {
		return nil, err
	}
	node.WriteBanner(stdout)
	return node, nil
}

// nodeClient returns the chain client: the in-process devnet when there is one, else the
// --rpc URLs or the preset's (primary first), waiting at most timeout on one request.
func nodeClient(n config.Network, rpc []string, node *devnet.Node, timeout time.Duration) (*supra.Client, error) {
	if node != nil {
		return supra.NewClient(n.RPC, supra.WithHTTP(inproc.Client(node.Handler())), supra.WithTimeout(timeout))
	}
	if len(rpc) > 0 {
		return supra.NewClient(rpc, supra.WithTimeout(timeout))
	}
	return supra.NewClient(n.RPC, supra.WithTimeout(timeout))
}

// passThrough forwards requests to a devnet served elsewhere (`lucky serve --rpc` on
// devnet), so the app's origin still answers the node's RPC and admin paths; clockMoved
// runs after an admin request that can move the node's clock has passed.
func passThrough(nodeURL string, log *slog.Logger, clockMoved func()) http.Handler {
	u, err := url.Parse(nodeURL) // validated when the flags were read
	if err != nil {
		return http.NotFoundHandler()
	}
	return &httputil.ReverseProxy{
		Rewrite: func(r *httputil.ProxyRequest) { r.SetURL(u) },
		ModifyResponse: func(res *http.Response) error {
			if movesClock(res.Request) {
				clockMoved()
			}
			return nil
		},
		ErrorHandler: func(w http.ResponseWriter, r *http.Request, err error) {
			log.Warn("devnet unreachable", "url", nodeURL, "err", err)
			api.WriteError(w, r, log, http.StatusBadGateway, api.CodeUnavailable, "The devnet node at "+nodeURL+" does not answer.")
		},
	}
}

// devWallet gives the built-in wallet the node's dev accounts; it submits through client,
// the same path as any other transaction.
func devWallet(node *devnet.Node, client *supra.Client, log *slog.Logger) *devwallet.Wallet {
	var accts []devwallet.Account
	for _, a := range node.Accounts() {
		accts = append(accts, devwallet.Account{Address: a.Address, PrivateKey: a.PrivateKey})
	}
	return devwallet.New(accts, client, node.Now, log)
}

// devGuard is who may reach the devnet's routes: loopback names, the host of publicURL
// (when given) and, on a bind the developer explicitly opened to the network, the
// machine's IP addresses; that last case is logged as a warning at start.
func devGuard(addr string, node config.DevnetNode, publicURL string, log *slog.Logger) devguard.Policy {
	var p devguard.Policy
	if u, err := url.Parse(publicURL); err == nil && u.Hostname() != "" {
		p.PublicHosts = []string{u.Hostname()}
	}
	if node.AllowRemote && !devguard.LoopbackAddr(addr) {
		p.AnyIP = true
		log.Warn("devnet reachable from the network (--allow-remote-devnet): anyone who can reach "+addr+
			" can read the dev accounts' private keys, move their coins and reset the chain", "addr", addr)
	}
	return p
}
