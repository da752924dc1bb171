package main

import (
	"errors"
	"io"
	"log/slog"

	"github.com/luckycoin/lucky/internal/config"
)

// startDevnet starts the in-process node for `lucky serve` on devnet.
// TEMPORARY until internal/devnet lands: the lead replaces this with the real wiring.
func startDevnet(cfg config.Serve, log *slog.Logger, stdout io.Writer) (devnetNode, error) {
	return nil, errors.New("devnet: not wired yet")
}
