// Package server is the HTTP front of `lucky`: the one route table, the middleware every
// response passes through, the embedded single-page app, and the devnet mount.
package server

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/luckycoin/lucky/internal/api"
	"github.com/luckycoin/lucky/internal/config"
	"github.com/luckycoin/lucky/internal/devguard"
)

// Options wire the server.
type Options struct {
	Network config.Network
	// Web is the built React app: index.html at its root, hashed files under assets/.
	Web fs.FS
	API *api.Handler
	// Index serves the history endpoints from the event index; nil answers them 503.
	Index *api.HistoryHandler
	// Devnet serves /rpc/v1/, /rpc/v3/ and /devnet/ when the network is devnet; nil elsewhere.
	Devnet http.Handler
	// DevWallet is the devnet's built-in wallet; nil elsewhere.
	DevWallet http.Handler
	// DevGuard says which Host names Devnet and DevWallet answer besides loopback ones.
	DevGuard devguard.Policy
	// HeadScripts are script URLs added to index.html's head (the devnet's dev wallet).
	HeadScripts []string
	// Health says which roles this replica holds and how far its index has got, for
	// /healthz and /readyz; nil: no roles, no index.
	Health func() api.Health
	// PublicURL is the address people reach the app at; an https one turns on HSTS.
	PublicURL string
	// APIBudget is how long one /api/ request may wait on the node in all (api.Budget);
	// 0: no deadline of its own.
	APIBudget time.Duration
	Log       *slog.Logger
}

// New builds the root handler: routes wrapped in the middleware chain.
func New(o Options) (http.Handler, error) {
	spa, err := newSPA(o.Web, o.HeadScripts)
	if err != nil {
		return nil, err
	}
	return withMiddleware(api.Budget(o.APIBudget, routes(o, spa)), o.Log, strings.HasPrefix(strings.ToLower(o.PublicURL), "https://")), nil
}

// ShutdownGrace is how long requests in flight may take to finish once shutdown begins.
const ShutdownGrace = 10 * time.Second

// Listen opens the server's address; it is opened before anything else starts so that
// the address actually served (port 0 picks one) is known to what links to the app.
func Listen(addr string) (net.Listener, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("server: listen %s: %w", addr, err)
	}
	return ln, nil
}

// URL is the http address a listener serves, with a loopback host in place of an
// unspecified one (0.0.0.0, ::) so that it can be visited.
func URL(a net.Addr) string {
	host, port, err := net.SplitHostPort(a.String())
	if err != nil {
		return "http://" + a.String()
	}
	if ip := net.ParseIP(host); ip == nil || ip.IsUnspecified() {
		host = "127.0.0.1"
	}
	return "http://" + net.JoinHostPort(host, port)
}

// Run serves ln until ctx is cancelled, then shuts down gracefully.
func Run(ctx context.Context, ln net.Listener, h http.Handler, log *slog.Logger, ready func(net.Addr)) error {
	srv := &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		// Long enough for GET /api/v1/tx/{hash}?wait=30s plus slack.
		WriteTimeout: 75 * time.Second,
		IdleTimeout:  120 * time.Second,
		ErrorLog:     slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
	draining := make(chan struct{})
	srv.BaseContext = func(net.Listener) context.Context { return api.WithDrain(context.Background(), draining) }
	if ready != nil {
		ready(ln.Addr())
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return fmt.Errorf("server: %w", err)
	case <-ctx.Done():
	}
	log.Info("shutting down")
	// Long-polls answer now with the status they have; other requests get ShutdownGrace
	// to finish. A request still running after it is cut off: the stop was asked for, so
	// it is not an error exit.
	close(draining)
	shutdownCtx, cancel := context.WithTimeout(context.Background(), ShutdownGrace)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		log.Warn("shutdown: requests still running after the grace period were cut off", "grace", ShutdownGrace, "err", err)
		srv.Close()
	}
	if err := <-errc; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("server: %w", err)
	}
	return nil
}
