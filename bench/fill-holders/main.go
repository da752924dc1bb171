// Command fill-holders writes N synthetic LUCKY holders into a stopped server's event index,
// through the same path the indexer writes by (history rules, then one store transaction per
// batch), so every count the store keeps stays true. It is the fixture of the holder
// benchmarks: afterwards `lucky serve --data-dir DIR --no-index` answers with those holders.
//
//	go run ./bench/fill-holders --data-dir /tmp/holders --holders 1000000
package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"time"

	"github.com/luckycoin/lucky/internal/config"
	"github.com/luckycoin/lucky/internal/history"
	"github.com/luckycoin/lucky/internal/indexer"
	"github.com/luckycoin/lucky/internal/store"
	"github.com/luckycoin/lucky/internal/tokens"
)

func main() {
	dir := flag.String("data-dir", "", "the server's data directory (its SQLite index)")
	dbURL := flag.String("database-url", "", "postgres://… instead of SQLite")
	n := flag.Int("holders", 1000, "how many holders to add")
	network := flag.String("network", config.Devnet, "the network whose LUCKY the holders hold")
	batch := flag.Int("batch", 5000, "holders per transaction")
	flag.Parse()
	if (*dir == "") == (*dbURL == "") || *n <= 0 || *batch <= 0 {
		fmt.Fprintln(os.Stderr, "usage: fill-holders (--data-dir DIR | --database-url URL) --holders N [--batch B]")
		os.Exit(2)
	}
	if err := fill(context.Background(), store.Options{DataDir: *dir, DatabaseURL: *dbURL}, *network, *n, *batch); err != nil {
		fmt.Fprintln(os.Stderr, "fill-holders:", err)
		os.Exit(1)
	}
}

func fill(ctx context.Context, o store.Options, network string, n, batch int) error {
	net, err := config.Lookup(network)
	if err != nil {
		return err
	}
	reg, err := tokens.Load(slog.New(slog.DiscardHandler))
	if err != nil {
		return err
	}
	rules, err := indexer.NetworkRules(net, reg)
	if err != nil {
		return err
	}
	if o.DataDir != "" {
		o.DataDir = filepath.Join(o.DataDir, net.Name) // where lucky serve keeps that network's index
	}
	db, err := store.Open(ctx, o)
	if err != nil {
		return err
	}
	defer db.Close()
	start := time.Now()
	// Deposits of 1..n base units (so the ranking has no ties) to addresses 0xf1110…, in
	// transactions whose hashes no chain makes (0xf111…), at the Unix epoch.
	for from := 0; from < n; from += batch {
		var ev history.Events
		for i := from; i < min(from+batch, n); i++ {
			ev.Coins = append(ev.Coins, history.CoinEvent{
				Meta:    history.Meta{TxHash: fmt.Sprintf("0xf111%060x", i), Sender: "0x1"},
				Deposit: true, Coin: rules.Lucky, Account: fmt.Sprintf("0xf1110%059x", i), Amount: uint64(i + 1),
			})
		}
		if err := indexer.Ingest(ctx, db, rules, &store.Batch{Events: ev}); err != nil {
			return fmt.Errorf("holders %d…: %w", from, err)
		}
	}
	fmt.Printf("fill-holders: %d holders written in %s\n", n, time.Since(start).Round(time.Millisecond))
	return nil
}
