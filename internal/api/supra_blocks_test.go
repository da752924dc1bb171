package api_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/luckycoin/lucky/internal/supra"
)

// TestSupraBlocksAndEvents reads blocks and events from the real devnet the way the
// indexer will: latest height, a block with its transactions, the events of a type in a
// block range.
func TestSupraBlocksAndEvents(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	c := e.client
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	player := e.addr(1)
	built := e.mustOK("POST", "/api/v1/slots/spins", spinBody(player.String(), "LUCKY", "10", 2))
	hash := e.signSubmit(built["rawTransaction"].(string), e.key(1))
	tx, status, err := c.WaitForTransaction(ctx, hash)
	if err != nil || status != supra.TxSuccess || tx.BlockHeader == nil {
		t.Fatalf("spin %v %s %v", tx, status, err)
	}
	h := tx.BlockHeader.Height

	latest, err := c.LatestBlock(ctx)
	if err != nil || latest.Height < h || latest.Hash == "" || latest.Timestamp.MicrosecondsSinceUnixEpoch == 0 {
		t.Fatalf("LatestBlock %+v %v (tx at %d)", latest, err, h)
	}
	b, err := c.BlockByHeight(ctx, h, true)
	if err != nil || b.Header.Height != h || b.Header.Hash != tx.BlockHeader.Hash ||
		!slices.ContainsFunc(b.Transactions, func(x supra.TransactionInfo) bool { return x.Hash == hash }) {
		t.Fatalf("BlockByHeight %+v %v", b, err)
	}
	if b, err := c.BlockByHeight(ctx, h, false); err != nil || len(b.Transactions) != 0 {
		t.Fatalf("BlockByHeight without transactions %+v %v", b, err)
	}
	if _, err := c.BlockByHeight(ctx, latest.Height+1000, false); !errors.Is(err, supra.ErrBlockNotFound) {
		t.Fatalf("missing block: %v", err)
	}

	playType := e.mustOK("GET", "/api/v1/config", "")["network"].(map[string]any)["modules"].(map[string]any)["slots"].(string) + "::PlayEvent"
	evs, err := c.Events(ctx, playType, h, h+1)
	if err != nil || len(evs) != 1 || evs[0].Type != playType {
		t.Fatalf("Events %+v %v", evs, err)
	}
	if evs, err := c.Events(ctx, playType, h+1, h+1); err != nil || len(evs) != 0 {
		t.Fatalf("empty range %+v %v", evs, err)
	}
	// Generic coin events match without type arguments; the spin moved LUCKY.
	deps, err := c.Events(ctx, "0x1::coin::CoinDeposit", h, h+1)
	if err != nil || len(deps) == 0 {
		t.Fatalf("CoinDeposit events %+v %v", deps, err)
	}
	if _, err := c.Events(ctx, playType, 0, supra.MaxEventBlocks+1); !errors.Is(err, supra.ErrInvalidRange) {
		t.Fatalf("too wide a range: %v", err)
	}
}
