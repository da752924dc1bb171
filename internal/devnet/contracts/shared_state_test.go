package contracts

import (
	"bytes"
	"crypto/ed25519"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/luckycoin/lucky/internal/devnet"
	"github.com/luckycoin/lucky/internal/devnet/devnettest"
	"github.com/luckycoin/lucky/internal/supra"
)

// Views read each module's state as one decoded value shared by every reader of the
// stored version (readState). A transaction must change a copy: these transactions
// change the state in Go and then fail (the player cannot pay), so the views must answer
// exactly as before, which they would not if the shared value had been changed.
func TestFailedTransactionsLeaveSharedStateAlone(t *testing.T) {
	lucky := []string{luckyType}
	tests := []struct {
		name string
		// prepare runs once before the views are first read.
		prepare func(t *testing.T, n *devnet.Node)
		call    func(player supra.Address) devnettest.Call
		// read answers what the views show of the module's state.
		read func(t *testing.T, n *devnet.Node, player supra.Address) string
	}{
		{
			name: "dex swap of a coin the player does not hold",
			call: func(supra.Address) devnettest.Call {
				return devnettest.Call{Function: dexFn + "scripts::swap", TypeArgs: []string{luckyType, SupraCoinType, UncorrelatedType},
					Args: [][]byte{devnettest.U64(1_000_000_000), devnettest.U64(0)}}
			},
			read: func(t *testing.T, n *devnet.Node, _ supra.Address) string {
				return joinRaw(view(t, n, dexFn+"router::get_reserves_size", []string{luckyType, SupraCoinType, UncorrelatedType}))
			},
		},
		{
			name: "slots play with a coin the player does not hold",
			prepare: func(t *testing.T, n *devnet.Node) {
				rec := httptest.NewRecorder()
				n.Handler().ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/devnet/slots/outcomes", strings.NewReader(`{"tiers":[0,3]}`)))
				if rec.Code != http.StatusOK {
					t.Fatalf("queue outcomes: %d %s", rec.Code, rec.Body)
				}
			},
			call: func(supra.Address) devnettest.Call {
				return devnettest.Call{Function: slotsFn + "play", TypeArgs: lucky,
					Args: [][]byte{devnettest.U64(100_000_000), devnettest.U64(2), devnettest.Str(luckyType), devnettest.Addr(PlaceholderAddress)}}
			},
			read: func(t *testing.T, n *devnet.Node, _ supra.Address) string {
				rec := httptest.NewRecorder()
				n.Handler().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/devnet/slots/outcomes", nil))
				return joinRaw(view(t, n, slotsFn+"get_house_fund_balance_view", lucky, luckyType)) + rec.Body.String()
			},
		},
		{
			name: "stake more than the player holds",
			call: func(supra.Address) devnettest.Call {
				return devnettest.Call{Function: stakeFn + "stake", Args: [][]byte{devnettest.U64(1_000_000 * 100_000_000)}}
			},
			read: func(t *testing.T, n *devnet.Node, player supra.Address) string {
				return joinRaw(view(t, n, stakeFn+"get_global_deposit", nil)) +
					joinRaw(view(t, n, stakeFn+"get_user_deposit", nil, player.String())) +
					joinRaw(view(t, n, stakeFn+"get_active_users", nil))
			},
		},
		{
			name: "buy a miner without MINE",
			call: func(supra.Address) devnettest.Call {
				return devnettest.Call{Function: minersFn + "purchase_miner", Args: [][]byte{devnettest.U64(1), devnettest.U64(1), {0}}}
			},
			read: func(t *testing.T, n *devnet.Node, player supra.Address) string {
				return joinRaw(view(t, n, minersFn+"get_fleet", nil, player.String())) +
					joinRaw(view(t, n, minersFn+"get_crew_size", nil)) +
					joinRaw(view(t, n, minersFn+"get_emission_reserve", nil))
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n := newNode(t)
			_, key, _ := ed25519.GenerateKey(nil)
			player := devnettest.Address(key)
			if err := n.SetBalance(player, SupraCoinType, 10*100_000_000); err != nil { // gas only
				t.Fatal(err)
			}
			if tt.prepare != nil {
				tt.prepare(t, n)
			}
			before := tt.read(t, n, player)
			c := tt.call(player)
			c.MaxGas = 100_000
			h, err := devnettest.Submit(n, key, c)
			if err != nil {
				t.Fatal(err)
			}
			info, _ := n.Transaction(h)
			if info.Status != supra.StatusFail {
				t.Fatalf("transaction %s, want it to fail", info.Status)
			}
			if after := tt.read(t, n, player); after != before {
				t.Errorf("views changed by a failed transaction:\nbefore %s\nafter  %s", before, after)
			}
			if err := n.CheckInvariants(); err != nil {
				t.Error(err)
			}
		})
	}
}

// Views answer from the state the chain holds, through swaps, a revert to a snapshot and
// a reload, while other views run at the same time.
func TestViewsFollowSwapsAndReverts(t *testing.T) {
	n := newNode(t)
	buyer := n.Accounts()[0]
	pair := []string{luckyType, SupraCoinType, UncorrelatedType}
	reserves := func() string { return joinRaw(view(t, n, dexFn+"router::get_reserves_size", pair)) }
	swap := func() {
		t.Helper()
		h, err := devnettest.Submit(n, buyer.PrivateKey, devnettest.Call{Function: dexFn + "scripts::swap", MaxGas: 100_000,
			TypeArgs: []string{SupraCoinType, luckyType, UncorrelatedType}, Args: [][]byte{devnettest.U64(100_000_000), devnettest.U64(0)}})
		if err != nil {
			t.Fatal(err)
		}
		info, _ := n.Transaction(h)
		mustSucceed(t, info)
	}

	// Readers keep asking while the chain changes under them; -race checks the sharing.
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for {
				select {
				case <-stop:
					return
				default:
				}
				if _, err := n.View(dexFn+"router::get_reserves_size", pair, nil); err != nil {
					t.Error(err)
					return
				}
			}
		})
	}
	defer func() { close(stop); wg.Wait() }()

	start := reserves()
	id := n.Snapshot()
	swap()
	afterOne := reserves()
	if afterOne == start {
		t.Fatalf("reserves did not change with a swap: %s", start)
	}
	var saved bytes.Buffer
	if err := n.DumpState(&saved); err != nil {
		t.Fatal(err)
	}
	swap()
	afterTwo := reserves()
	if afterTwo == afterOne {
		t.Fatalf("reserves did not change with a second swap: %s", afterTwo)
	}
	if err := n.Revert(id); err != nil {
		t.Fatal(err)
	}
	if got := reserves(); got != start {
		t.Errorf("after revert reserves %s, want %s", got, start)
	}
	swap()
	if got := reserves(); got != afterOne {
		t.Errorf("the same swap after the revert: reserves %s, want %s", got, afterOne)
	}
	swap()
	if err := n.LoadState(&saved); err != nil {
		t.Fatal(err)
	}
	if got := reserves(); got != afterOne {
		t.Errorf("after reload reserves %s, want %s", got, afterOne)
	}
}

func joinRaw(rs []json.RawMessage) string {
	var b strings.Builder
	for _, r := range rs {
		b.Write(r)
		b.WriteByte(' ')
	}
	return b.String()
}
