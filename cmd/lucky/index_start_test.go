package main

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/luckycoin/lucky/internal/config"
	"github.com/luckycoin/lucky/internal/supra"
	"github.com/luckycoin/lucky/internal/tokens"
)

// A fresh mainnet index starts at the first transaction of the earliest publisher of a
// listed coin or of slots_v3; any publisher it cannot place sends it back to genesis.
func TestIndexStartFromPublishers(t *testing.T) {
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	reg, err := tokens.Load(log)
	if err != nil {
		t.Fatal(err)
	}
	net, _ := config.Lookup(config.Mainnet)
	slots, _, _ := strings.Cut(net.Modules.Slots, "::")
	luckyPublisher := "0x4205c82380bff5708cd7c59e0043a45890a457a6cdb60c9191d818958fd7ac26"
	cases := []struct {
		name    string
		answer  func(addr string) (seq uint64, height uint64, ok bool)
		want    uint64
		wantAsk int
	}{
		{"every publisher placed", func(addr string) (uint64, uint64, bool) {
			switch addr {
			case supra.MustParseAddress(slots).String():
				return 0, 9_000_000, true
			case luckyPublisher:
				return 0, 7_500_000, true
			}
			return 0, 8_000_000, true
		}, 7_500_000, 17},
		{"one never sent a transaction", func(addr string) (uint64, uint64, bool) {
			return 0, 8_000_000, addr != luckyPublisher
		}, 0, 17},
		{"latest first, not the first", func(string) (uint64, uint64, bool) { return 12, 8_000_000, true }, 0, 17},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var mu sync.Mutex
			asked := map[string]bool{}
			node := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				addr, ok := strings.CutPrefix(r.URL.Path, "/rpc/v1/accounts/")
				addr, ok2 := strings.CutSuffix(addr, "/transactions")
				if !ok || !ok2 || r.URL.Query().Get("count") != "1" {
					http.NotFound(w, r)
					return
				}
				mu.Lock()
				asked[addr] = true
				mu.Unlock()
				seq, h, has := c.answer(addr)
				rec := []map[string]any{}
				if has {
					rec = append(rec, map[string]any{"hash": "0x01", "header": map[string]any{"sequence_number": seq},
						"block_header": map[string]any{"hash": "0x02", "height": h}})
				}
				_ = json.NewEncoder(w).Encode(map[string]any{"record": rec})
			}))
			defer node.Close()
			client, err := supra.NewClient([]string{node.URL})
			if err != nil {
				t.Fatal(err)
			}
			if got := indexStart(t.Context(), config.Index{}, net, reg, client, log); got != c.want {
				t.Errorf("start %d, want %d", got, c.want)
			}
			if len(asked) != c.wantAsk {
				t.Errorf("asked %d publishers, want %d", len(asked), c.wantAsk)
			}
		})
	}
	// --index-start and the devnet are never second-guessed.
	dev, _ := config.Lookup(config.Devnet)
	if got := indexStart(t.Context(), config.Index{}, dev, reg, nil, log); got != 0 {
		t.Errorf("devnet start %d", got)
	}
	given := config.Index{StartHeight: 42}
	if got := indexStart(t.Context(), given, net, reg, nil, log); got != 42 {
		t.Errorf("--index-start 42: %d", got)
	}
}
