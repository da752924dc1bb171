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
	"time"

	"github.com/luckycoin/lucky/internal/api"
	"github.com/luckycoin/lucky/internal/config"
)

// Options wire the server.
type Options struct {
	Network config.Network
	// Web is the built React app: index.html at its root, hashed files under assets/.
	Web fs.FS
	API *api.Handler
	// Index serves the history endpoints from the event index; nil answers them 503.
	Index *api.IndexHandler
	// Devnet serves /rpc/v1/ and /devnet/ when the network is devnet; nil elsewhere.
	Devnet http.Handler
	// DevWallet is the devnet's built-in wallet; nil elsewhere.
	DevWallet http.Handler
	// HeadScripts are script URLs added to index.html's head (the devnet's dev wallet).
	HeadScripts []string
	Log         *slog.Logger
}

// New builds the root handler: routes wrapped in the middleware chain.
func New(o Options) (http.Handler, error) {
	spa, err := newSPA(o.Web, o.HeadScripts)
	if err != nil {
		return nil, err
	}
	return chain(routes(o, spa), o.Log), nil
}

// Run serves until ctx is cancelled, then shuts down gracefully.
func Run(ctx context.Context, addr string, h http.Handler, log *slog.Logger, ready func(net.Addr)) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("server: listen %s: %w", addr, err)
	}
	srv := &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		// Long enough for GET /api/v1/tx/{hash}?wait=30s plus slack.
		WriteTimeout: 75 * time.Second,
		IdleTimeout:  120 * time.Second,
		ErrorLog:     slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
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
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		return fmt.Errorf("server: shutdown: %w", err)
	}
	if err := <-errc; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("server: %w", err)
	}
	return nil
}
