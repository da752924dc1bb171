package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/luckycoin/lucky/internal/supra"
)

// IndexedMarket is what the market takes from the index, read at one indexed block: the
// reserves of every pool the index follows and the height of each coin's last burn.
type IndexedMarket struct {
	// Block is the last block the index has ingested; OK is false before the first.
	Block BlockRef
	OK    bool
	Pools []Pool
	// LastBurn is, per coin, the height of the last indexed deposit to the burn address
	// above the height asked for (coins without one are absent).
	LastBurn map[supra.CoinType]uint64
}

// IndexedMarket reads the pools and the last block in one read transaction, so the
// reserves are exactly those of the block named (the indexer writes both in the same
// transaction), and the coins burned above burnsAbove.
func (s *DB) IndexedMarket(ctx context.Context, burnsAbove uint64) (IndexedMarket, error) {
	opts := &sql.TxOptions{ReadOnly: true}
	if s.dialect == Postgres {
		// Read committed would give each statement its own snapshot.
		opts.Isolation = sql.LevelRepeatableRead
	}
	tx, err := s.db.BeginTx(ctx, opts)
	if err != nil {
		return IndexedMarket{}, fmt.Errorf("store: indexed market: %w", err)
	}
	defer func() { _ = tx.Rollback() }() // read only: there is nothing to undo
	out := IndexedMarket{Pools: []Pool{}, LastBurn: map[supra.CoinType]uint64{}}
	var v string
	switch err := tx.QueryRowContext(ctx, s.q("SELECT v FROM kv WHERE k = ?"), "last_block").Scan(&v); {
	case errors.Is(err, sql.ErrNoRows):
		return out, nil
	case err != nil:
		return IndexedMarket{}, fmt.Errorf("store: indexed market: %w", err)
	}
	if out.Block, err = parseBlockRef(v); err != nil {
		return IndexedMarket{}, err
	}
	out.OK = true
	rows, err := tx.QueryContext(ctx, "SELECT pair_x, pair_y, reserve_x, reserve_y FROM pools ORDER BY pair_x, pair_y")
	if err != nil {
		return IndexedMarket{}, fmt.Errorf("store: indexed market pools: %w", err)
	}
	for rows.Next() {
		var p Pool
		if err := rows.Scan(&p.X, &p.Y, &p.ReserveX, &p.ReserveY); err != nil {
			rows.Close()
			return IndexedMarket{}, fmt.Errorf("store: indexed market pools: %w", err)
		}
		out.Pools = append(out.Pools, p)
	}
	if err := rows.Close(); err != nil {
		return IndexedMarket{}, fmt.Errorf("store: indexed market pools: %w", err)
	}
	if err := rows.Err(); err != nil {
		return IndexedMarket{}, fmt.Errorf("store: indexed market pools: %w", err)
	}
	// A range of burns_order (height first), not a scan of every burn.
	rows, err = tx.QueryContext(ctx, s.q("SELECT token, MAX(height) FROM burns WHERE height > ? GROUP BY token"), int64(burnsAbove))
	if err != nil {
		return IndexedMarket{}, fmt.Errorf("store: indexed market burns: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var c supra.CoinType
		var h int64
		if err := rows.Scan(coinCol{&c}, &h); err != nil {
			return IndexedMarket{}, fmt.Errorf("store: indexed market burns: %w", err)
		}
		out.LastBurn[c] = uint64(h)
	}
	if err := rows.Err(); err != nil {
		return IndexedMarket{}, fmt.Errorf("store: indexed market burns: %w", err)
	}
	return out, nil
}

// CoinSupply is a coin's total supply and the burn address's balance of it, as the market
// last read them from the node.
type CoinSupply struct {
	Coin supra.CoinType
	// Supply is nil when the chain keeps no supply for the coin.
	Supply *big.Int
	Burned *big.Int
	// Height is the node's head when they were read; ReadAtUS when, in unix microseconds.
	Height   uint64
	ReadAtUS int64
}

// CoinSupplies returns every stored coin supply.
func (s *DB) CoinSupplies(ctx context.Context) ([]CoinSupply, error) {
	rows, err := s.db.QueryContext(ctx, "SELECT coin, supply, burned, height, read_at_us FROM coin_supplies ORDER BY coin")
	if err != nil {
		return nil, fmt.Errorf("store: coin supplies: %w", err)
	}
	defer rows.Close()
	out := []CoinSupply{}
	for rows.Next() {
		var c CoinSupply
		var supply sql.NullString
		var burned string
		var h int64
		if err := rows.Scan(coinCol{&c.Coin}, &supply, &burned, &h, &c.ReadAtUS); err != nil {
			return nil, fmt.Errorf("store: coin supplies: %w", err)
		}
		var ok bool
		if c.Burned, ok = new(big.Int).SetString(burned, 10); !ok {
			return nil, fmt.Errorf("store: coin supply of %s: burned %q", c.Coin, burned)
		}
		if supply.Valid {
			if c.Supply, ok = new(big.Int).SetString(supply.String, 10); !ok {
				return nil, fmt.Errorf("store: coin supply of %s: %q", c.Coin, supply.String)
			}
		}
		c.Height = uint64(h)
		out = append(out, c)
	}
	return out, rows.Err()
}

// SaveCoinSupplies writes supplies in one transaction. A row read earlier than the stored
// one does not replace it: replicas sharing the database each write what they read.
func (s *DB) SaveCoinSupplies(ctx context.Context, cs []CoinSupply) (err error) {
	if len(cs) == 0 {
		return nil
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: save coin supplies: %w", err)
	}
	defer func() {
		if err != nil {
			_ = tx.Rollback() // the error that caused it is the one to report
		}
	}()
	w := &writer{s: s, tx: tx, ctx: ctx}
	err = w.rows(`INSERT INTO coin_supplies (coin, supply, burned, height, read_at_us) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (coin) DO UPDATE SET supply = excluded.supply, burned = excluded.burned, height = excluded.height,
		read_at_us = excluded.read_at_us WHERE excluded.read_at_us >= coin_supplies.read_at_us`, len(cs), func(i int) []any {
		c := cs[i]
		var supply sql.NullString
		if c.Supply != nil {
			supply = sql.NullString{String: c.Supply.String(), Valid: true}
		}
		burned := "0"
		if c.Burned != nil {
			burned = c.Burned.String()
		}
		return []any{c.Coin.String(), supply, burned, int64(c.Height), c.ReadAtUS}
	})
	if err != nil {
		return fmt.Errorf("store: save coin supplies: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: save coin supplies: %w", err)
	}
	return nil
}

// DropCoinSupplies deletes the supplies read at or above height: a chain rewound to height
// no longer has the blocks they may show.
func (s *DB) DropCoinSupplies(ctx context.Context, height uint64) error {
	if _, err := s.db.ExecContext(ctx, s.q("DELETE FROM coin_supplies WHERE height >= ?"), int64(height)); err != nil {
		return fmt.Errorf("store: drop coin supplies: %w", err)
	}
	return nil
}

// parseBlockRef reads the kv form of a block: "height hash".
func parseBlockRef(v string) (BlockRef, error) {
	hs, hash, ok := strings.Cut(v, " ")
	h, err := strconv.ParseUint(hs, 10, 64)
	if !ok || err != nil {
		return BlockRef{}, fmt.Errorf("store: last block %q", v)
	}
	return BlockRef{Height: h, Hash: hash}, nil
}
