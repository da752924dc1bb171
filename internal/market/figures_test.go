package market_test

import (
	"context"
	"errors"
	"math/big"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/luckycoin/lucky/internal/market"
	"github.com/luckycoin/lucky/internal/store"
	"github.com/luckycoin/lucky/internal/supra"
)

// inFlight is market.Coins counting the reads in flight, and the most at once.
type inFlight struct {
	market.Coins
	now, most atomic.Int64
}

func (c *inFlight) track() func() {
	n := c.now.Add(1)
	for {
		m := c.most.Load()
		if n <= m || c.most.CompareAndSwap(m, n) {
			break
		}
	}
	return func() { c.now.Add(-1) }
}

func (c *inFlight) CoinSupply(ctx context.Context, coin supra.CoinType) (*big.Int, error) {
	defer c.track()()
	return c.Coins.CoinSupply(ctx, coin)
}

func (c *inFlight) CoinBalance(ctx context.Context, addr supra.Address, coin supra.CoinType) (uint64, error) {
	defer c.track()()
	return c.Coins.CoinBalance(ctx, addr, coin)
}

func openStore(t *testing.T) *store.DB {
	t.Helper()
	db, err := store.Open(context.Background(), store.Options{DataDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// Slow figures past their lifetime are read again in the background, never as a burst:
// at most a quarter of the service's bound of reads at once, so a request's own reads
// (the house vault) find room and answer in one round trip meanwhile. The answers keep
// the old figures until the new ones are read, then show them.
func TestSlowFiguresReadInTheBackground(t *testing.T) {
	e := newEnv(t, nil)
	db := openStore(t)
	coins := &inFlight{Coins: e.chain.Coins}
	c := market.ChainOf(e.chain)
	c.Coins = coins
	ctx := context.Background()
	const (
		bound = 8
		rtt   = 50 * time.Millisecond
	)
	e.node.SetFaults(rtt, 0, 0)
	defer e.node.SetFaults(0, 0, 0)
	first := market.New(c, market.Options{Index: db, Concurrency: bound, Now: e.clock.Now})
	if _, err := first.Snapshot(ctx, false); err != nil {
		t.Fatal(err)
	}
	// The first start read every token's figures on the request path, as many at once as
	// the bound lets it (the pools' reads share it).
	if got := coins.most.Load(); got <= bound/4 || got > bound {
		t.Fatalf("first start: %d reads at once, want more than %d and at most %d", got, bound/4, bound)
	}
	stored, err := db.CoinSupplies(ctx)
	if err != nil || len(stored) != 18 {
		t.Fatalf("%d stored (%v)", len(stored), err)
	}

	// A restart past the figures' lifetime. Read in the background, two at a time, one
	// after the other for each token, they take 18 / 2 × 2 round trips (900 ms).
	e.clock.Add(market.DefaultSupplyTTL)
	coins.most.Store(0)
	svc := market.New(c, market.Options{Index: db, Concurrency: bound, Now: e.clock.Now})
	start := time.Now()
	s, err := svc.Snapshot(ctx, false)
	if err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d > 8*rtt {
		t.Errorf("the answer took %v with the figures read in the background", d)
	}
	if lucky, _ := find(s, "LUCKY"); lucky.TotalSupply.String() != "1000000000000000" {
		t.Fatalf("LUCKY supply %v", lucky.TotalSupply)
	}
	// While they are read, a forced refresh (the vault and every pool) is not held up.
	e.clock.Add(time.Second)
	start = time.Now()
	if _, err := svc.Snapshot(ctx, true); err != nil {
		t.Fatal(err)
	}
	// 17 pools, LUCKY/dexUSDC, the vault and the head in the 6 slots left: 4 round trips.
	if d := time.Since(start); d > 12*rtt {
		t.Errorf("a forced refresh took %v during the background reads", d)
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		fresh, _ := db.CoinSupplies(ctx)
		done := len(fresh) == 18
		for _, f := range fresh {
			done = done && time.UnixMicro(f.ReadAtUS).After(e.clock.Now().Add(-time.Minute))
		}
		if done {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the figures were not read again")
		}
		time.Sleep(20 * time.Millisecond)
	}
	if got := coins.most.Load(); got < 1 || got > bound/4 {
		t.Fatalf("background: %d reads at once, want at most %d", got, bound/4)
	}
}

// failingIndex is an index whose store does not answer.
type failingIndex struct{}

var errStoreDown = errors.New("store down")

func (failingIndex) LastBlock(context.Context) (store.BlockRef, bool, error) {
	return store.BlockRef{}, false, errStoreDown
}
func (failingIndex) IndexedMarket(context.Context, uint64) (store.IndexedMarket, error) {
	return store.IndexedMarket{}, errStoreDown
}
func (failingIndex) CoinSupplies(context.Context) ([]store.CoinSupply, error) {
	return nil, errStoreDown
}
func (failingIndex) SaveCoinSupplies(context.Context, []store.CoinSupply) error {
	return errStoreDown
}
func (failingIndex) DropCoinSupplies(context.Context, uint64) error { return errStoreDown }

// A store that fails costs the market nothing but node reads: every figure comes from
// the node, at the node's head.
func TestStoreDownReadsTheNode(t *testing.T) {
	e := newEnv(t, nil)
	svc := market.New(market.ChainOf(e.chain), market.Options{Index: failingIndex{}, Now: e.clock.Now})
	var wg sync.WaitGroup
	for range 3 {
		wg.Go(func() {
			s, err := svc.Snapshot(context.Background(), false)
			if err != nil {
				t.Error(err)
				return
			}
			if lucky, ok := find(s, "LUCKY"); !ok || s.Height != e.node.Height() || lucky.TotalSupply.String() != "1000000000000000" || len(s.Tokens) != 18 {
				t.Errorf("height %d (node %d), %d tokens", s.Height, e.node.Height(), len(s.Tokens))
			}
		})
	}
	wg.Wait()
}
