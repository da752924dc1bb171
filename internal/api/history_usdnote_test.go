package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"math/big"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/luckycoin/lucky/internal/api"
	"github.com/luckycoin/lucky/internal/config"
	"github.com/luckycoin/lucky/internal/history"
	"github.com/luckycoin/lucky/internal/indexer"
	"github.com/luckycoin/lucky/internal/store"
	"github.com/luckycoin/lucky/internal/tokens"
)

// Candles without a USD price say why in words: first because the index follows no
// SUPRA/dexUSDC pool, then, once that pool is filled, since when SUPRA has a dollar price.
func TestCandlesUSDNote(t *testing.T) {
	ctx := context.Background()
	reg, err := tokens.Load(slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	n, _ := config.Lookup(config.Devnet)
	db, err := store.Open(ctx, store.Options{DataDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	r := rules(t, n, reg)
	supra, luckyT, usdcT := r.Native, r.Lucky, r.USDCoin
	t0 := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	now := t0.Add(time.Hour)
	ix := api.NewHistory(api.HistoryDeps{Network: n, Tokens: reg, Rules: r, Store: db, Now: func() time.Time { return now },
		Status: func(context.Context) (uint64, uint64, error) { return 9, 9, nil }})
	note := func() (any, []any) {
		t.Helper()
		rec := httptest.NewRecorder()
		ix.GetCandles(rec, httptest.NewRequest("GET", "/api/v1/market/candles?pair=LUCKY-SUPRA&interval=1m", nil))
		if rec.Code != http.StatusOK {
			t.Fatalf("candles: %d %s", rec.Code, rec.Body)
		}
		var out map[string]any
		if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil {
			t.Fatal(err)
		}
		return out["usdNote"], out["candles"].([]any)
	}
	swap := func(h uint64, at time.Time) history.Swap {
		return history.Swap{Meta: history.Meta{TxHash: fmt.Sprintf("0x%064x", h), Height: h, TimeUS: at.UnixMicro(), Sender: "0x" + strings.Repeat("0", 63) + "2"},
			PairX: luckyT, PairY: supra, YIn: 100_000_000, XOut: 15_000_000}
	}
	// A LUCKY trade while the index knows no SUPRA/dexUSDC pool.
	if err := indexer.Ingest(ctx, db, r, &store.Batch{Cursors: map[string]uint64{}, Events: history.Events{Swaps: []history.Swap{swap(1, t0)}}}); err != nil {
		t.Fatal(err)
	}
	if got, cs := note(); got != "No USD price: the index does not follow a SUPRA/dexUSDC pool on this network, so SUPRA has no dollar price here." ||
		len(cs) != 1 || cs[0].(map[string]any)["closeUsd"] != nil {
		t.Fatalf("note %v, candles %v", got, cs)
	}
	// The pool's first deposit (Liquidswap mints sqrt(x·y) − 1000 LP), then a second LUCKY trade.
	filled := t0.Add(30 * time.Minute)
	x, y := uint64(75_000_000_000), uint64(1_000_000_000_000_000) // 75,000 dexUSDC, 10,000,000 SUPRA
	lp := new(big.Int).Sqrt(new(big.Int).Mul(new(big.Int).SetUint64(x), new(big.Int).SetUint64(y))).Uint64() - 1000
	pair := history.Pair{X: usdcT, Y: supra}
	if supra.String() < usdcT.String() {
		pair, x, y = history.Pair{X: supra, Y: usdcT}, y, x
	}
	if err := indexer.Ingest(ctx, db, r, &store.Batch{Cursors: map[string]uint64{}, Events: history.Events{
		Liquidity: []history.Liquidity{{Meta: history.Meta{TxHash: fmt.Sprintf("0x%064x", 2), Height: 2, TimeUS: filled.UnixMicro()},
			PairX: pair.X, PairY: pair.Y, X: x, Y: y, LP: lp, Added: true}},
		Swaps: []history.Swap{swap(3, filled.Add(time.Minute))}}}); err != nil {
		t.Fatal(err)
	}
	got, cs := note()
	if got != "No USD price before 1 Nov 2026 12:30 UTC: the SUPRA/dexUSDC pool had no liquidity before then." || len(cs) != 2 ||
		cs[0].(map[string]any)["closeUsd"] != nil || cs[1].(map[string]any)["closeUsd"] == nil {
		t.Fatalf("note %v, candles %v", got, cs)
	}
}
