// Package seed writes a believable past onto a fresh devnet, so that the app starts on a
// world with history: candles in every chart, a 24 h change, a spins feed, a burn
// leaderboard, holders. The past is made of real signed transactions executed by the real
// contracts at past chain times (devnet.Past holds the chain's clock while they are
// written):
//
//   - newcomers, hundreds of accounts whose keys derive from the seed, arrive over the
//     period, funded with SUPRA by the devnet's faucet (most with a little, a few whales
//     with a lot), and buy LUCKY or another listed token: a fifth of them, the community
//     the past starts with, arrive in its first hours and buy in big, and their bags are
//     what the market sells from later;
//   - traders buy and sell LUCKY and the other tokens against SUPRA, many small trades and
//     few large, leaning to buy while a pool's price is under a slowly drifting target and
//     to sell while it is over, so that prices wander the way a market's do;
//   - slot players spin every token with a house fund, burners send LUCKY to the burn
//     address (a few of them far more than the rest), holders gift LUCKY to new addresses,
//     stakers stake, claim and unstake SUPRA, and Cosmic Miners players buy rigs and claim
//     their output with starter MINE from the dev account that genesis gives MINE to (MINE
//     has no pool, and that account holds the only MINE a key can move).
//
// The dev accounts are otherwise untouched: their balances are genesis.json's.
//
// Everything derives from the devnet's seed: the newcomers' keys, who does what and when,
// and every amount, drawn with integers only, and from the instant the past ends (End): the
// same seed and End write the same chain byte for byte, whenever and wherever it is
// written. The devnet's clock then runs on from End (lucky passes the time it starts, so
// the chain's clock is the wall clock).
package seed

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"time"

	"github.com/luckycoin/lucky/internal/devnet"
	"github.com/luckycoin/lucky/internal/devnet/contracts"
)

// MaxHistory bounds the past, and with it the time a devnet takes to start.
const MaxHistory = 30 * 24 * time.Hour

// defaultEndUnix is when the past ends on the chain's clock unless Config.End says
// otherwise: 2026-01-01T00:00:00Z, a fixed instant for tests. lucky passes the time the
// devnet starts (or --history-end), so the chain's clock runs on as the wall clock.
const defaultEndUnix = 1_767_225_600

// Sentinel errors.
var (
	// ErrConfig reports a Config or a genesis the past cannot be written with.
	ErrConfig = errors.New("seed: bad configuration")
	// ErrRefused reports a transaction of the past that the node refused: a bug of the
	// writer, never part of the past.
	ErrRefused = errors.New("seed: transaction refused")
)

// Config is the past to write.
type Config struct {
	// History is how long the past lasts; 0 writes none.
	History time.Duration
	// End is when the past ends on the chain's clock (default 2026-01-01T00:00:00Z).
	End time.Time
	// Genesis is the devnet's genesis data (default contracts.DefaultGenesis()): the tokens
	// to trade and play, and the dev account holding MINE.
	Genesis *contracts.Genesis
	// Log gets a summary of what was written (default: discard).
	Log *slog.Logger
}

// Past returns the devnet option that writes cfg's past onto a fresh chain, or nil when
// cfg.History is 0.
func Past(cfg Config) (*devnet.Past, error) {
	switch {
	case cfg.History < 0:
		return nil, fmt.Errorf("%w: history %s is negative", ErrConfig, cfg.History)
	case cfg.History > MaxHistory:
		return nil, fmt.Errorf("%w: history %s is longer than %s", ErrConfig, cfg.History, MaxHistory)
	case cfg.History == 0:
		return nil, nil
	}
	if cfg.End.IsZero() {
		cfg.End = time.Unix(defaultEndUnix, 0).UTC()
	}
	if cfg.Genesis == nil {
		g, err := contracts.DefaultGenesis()
		if err != nil {
			return nil, fmt.Errorf("%w: %w", ErrConfig, err)
		}
		cfg.Genesis = g
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	span := cfg.History.Truncate(time.Microsecond)
	return &devnet.Past{
		Start: cfg.End.Add(-span),
		Write: func(ctx context.Context, n *devnet.Node) error { return write(ctx, n, cfg, span) },
	}, nil
}

// stats counts what a past holds, for the log.
type stats struct {
	Transactions int // executed, failed ones included
	Failed       int
	Accounts     int // newcomers
	Events       map[string]int
}

// write writes the past onto n, whose clock stands at the past's start.
func write(ctx context.Context, n *devnet.Node, cfg Config, span time.Duration) error {
	w, err := newWriter(n, cfg, span)
	if err != nil {
		return err
	}
	st, err := w.run(ctx)
	if err != nil {
		return err
	}
	cfg.Log.Info("devnet past", "history", span, "transactions", st.Transactions, "failed", st.Failed,
		"accounts", st.Accounts, "events", st.Events)
	return nil
}

// population is how many newcomers a past of span has: 300 for a day or more, fewer for
// a shorter past, so that its hours are not all arrivals.
func population(span time.Duration) int {
	return int(min(max(60+10*int64(span/time.Hour), 60), 300))
}

// randFor is the randomness of one part of the past, from the seed: parts drawing from
// streams of their own keep their draws when another part changes.
func randFor(seed, part string) *rand.Rand {
	h := sha256.Sum256([]byte("LUCKY::devnet-past::" + part + "\x00" + seed))
	return rand.New(rand.NewPCG(binary.LittleEndian.Uint64(h[:8]), binary.LittleEndian.Uint64(h[8:16])))
}
