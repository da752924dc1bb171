package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"

	"github.com/luckycoin/lucky/internal/config"
	"github.com/luckycoin/lucky/internal/supra"
	"github.com/luckycoin/lucky/internal/tokens"
)

// indexStartTimeout bounds the search for where a fresh index starts.
const indexStartTimeout = 30 * time.Second

// indexStart is the first block a fresh index ingests: --index-start, else the preset's,
// else (on a real network whose preset does not know it) findIndexStart's.
func indexStart(ctx context.Context, cfg config.Index, net config.Network, reg *tokens.Registry, client *supra.Client, log *slog.Logger) uint64 {
	if start := cfg.Start(net); start != 0 || cfg.StartGiven() || net.Devnet {
		return start
	}
	ctx, cancel := context.WithTimeout(ctx, indexStartTimeout)
	defer cancel()
	start, err := findIndexStart(ctx, client, net, reg)
	if err != nil {
		log.Warn("index start: reading from genesis", "reason", err)
		return 0
	}
	log.Info("index start: the first transaction of the app's publishers", "height", start)
	return start
}

// findIndexStart is the lowest height of the first transaction each publisher of what the
// index follows sent: the account of each listed coin's module and of slots_v3. No event of
// those coins (deposits, withdrawals, swaps of their pools) or of the slot game can be older
// than the transaction that published its module, so the blocks before it hold nothing of
// the app's. An account it cannot read, or one that never sent a transaction (a module
// published from a resource account), is an error: the caller then reads from genesis, which
// misses nothing.
func findIndexStart(ctx context.Context, client *supra.Client, net config.Network, reg *tokens.Registry) (uint64, error) {
	seen := map[supra.Address]bool{}
	var publishers []supra.Address
	add := func(s string) {
		addr, _, _ := strings.Cut(s, "::")
		a, err := supra.ParseAddress(addr)
		if err != nil || a == supra.FrameworkAddress || seen[a] {
			return
		}
		seen[a] = true
		publishers = append(publishers, a)
	}
	for _, t := range reg.All() {
		add(t.CoinType)
	}
	if net.Modules.Slots != "" {
		add(net.Modules.Slots)
	}
	if len(publishers) == 0 {
		return 0, errors.New("no publisher to look up")
	}
	var (
		mu    sync.Mutex
		wg    sync.WaitGroup
		low   uint64
		found bool
		first error
	)
	sem := make(chan struct{}, 4)
	for _, a := range publishers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			h, err := firstTransactionHeight(ctx, client, a)
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err != nil:
				if first == nil {
					first = err
				}
			case !found || h < low:
				low, found = h, true
			}
		}()
	}
	wg.Wait()
	if first != nil {
		return 0, first
	}
	return low, nil
}

// errNoTransactions: the account never sent a transaction.
var errNoTransactions = errors.New("account never sent a transaction")

// firstTransactionHeight is the block height of the account's first transaction (sequence
// number 0).
func firstTransactionHeight(ctx context.Context, client *supra.Client, a supra.Address) (uint64, error) {
	txs, err := client.AccountTransactions(ctx, a, 1, 0)
	if err != nil {
		return 0, err
	}
	if len(txs) == 0 {
		return 0, fmt.Errorf("%s: %w", a, errNoTransactions)
	}
	// The node's order is not documented: only sequence number 0 is the first.
	if tx := txs[0]; tx.Header.SequenceNumber != 0 || tx.BlockHeader == nil {
		return 0, fmt.Errorf("%s: the node did not answer its first transaction with its block", a)
	}
	return txs[0].BlockHeader.Height, nil
}
