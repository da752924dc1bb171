package contracts

import (
	"bytes"
	"crypto/ed25519"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/luckycoin/lucky/internal/devnet/contracts/dex"
	"github.com/luckycoin/lucky/internal/devnet/contracts/slots"
	"github.com/luckycoin/lucky/internal/devnet/devnettest"
)

// TestConservationWithContracts extends the node's random-operation property
// test with spins (random and forced, solvent and not), swaps, liquidity,
// staking, mining and time travel: after every step, per coin type, the sum
// of all balances (plus gas for SUPRA) equals the supply and every module's
// own books match the coins its account holds.
func TestConservationWithContracts(t *testing.T) {
	n := newNode(t)
	g, _ := DefaultGenesis()
	handler := n.Handler()
	var keys []ed25519.PrivateKey
	for _, a := range n.Accounts()[:5] {
		keys = append(keys, a.PrivateKey)
	}
	var slotTokens, poolTokens []GenesisToken
	for _, sym := range []string{"SUPRA", "LUCKY", "SPIKE", "DAWGZ"} {
		tok, _ := g.Token(sym)
		slotTokens = append(slotTokens, tok)
	}
	for _, sym := range []string{"LUCKY", "SPIKE", "dexUSDC", "CASH"} {
		tok, _ := g.Token(sym)
		poolTokens = append(poolTokens, tok)
	}
	succeeded := map[string]int{} // executed with status Success, per function
	submitWith := func(e *devnettest.Env, k ed25519.PrivateKey, c devnettest.Call) error {
		c.MaxGas = 100_000
		h, err := devnettest.Submit(e.Node, k, c)
		if err == nil {
			if info, ok := e.Node.Transaction(h); ok && info.Status == "Success" {
				succeeded[c.Function[strings.LastIndex(c.Function, "::")+2:]]++
			}
		}
		return devnettest.IgnoreRejected(err)
	}
	submit := func(e *devnettest.Env, c devnettest.Call) error { return submitWith(e, e.Key(), c) }
	sorted := func(a, b string) (string, string) {
		x, y := dex.MustParseCoinType(a), dex.MustParseCoinType(b)
		if ok, _ := dex.IsSorted(x, y); ok {
			return a, b
		}
		return b, a
	}
	ops := []devnettest.Op{
		{Name: "spin", Weight: 6, Run: func(e *devnettest.Env) error {
			tok := slotTokens[e.Rand.IntN(len(slotTokens))]
			min, _ := slots.MinBet(tok.CoinType, tok.Decimals)
			bet := min * (1 + e.Rand.Uint64N(1000)) // up to 1000× the minimum: some plays are insolvent
			partner := PlaceholderAddress
			if e.Rand.IntN(2) == 0 {
				partner = devnettest.Address(e.Key())
			}
			args := [][]byte{devnettest.U64(bet), devnettest.U64(1 + e.Rand.Uint64N(30))}
			if tok.Symbol == "SUPRA" {
				return submit(e, devnettest.Call{Function: slotsFn + "play_supra_coin", Args: append(args, devnettest.Addr(partner))})
			}
			return submit(e, devnettest.Call{Function: slotsFn + "play", TypeArgs: []string{tok.CoinType},
				Args: append(args, devnettest.Str(tok.CoinType), devnettest.Addr(partner))})
		}},
		{Name: "force outcomes", Weight: 1, Run: func(e *devnettest.Env) error {
			tiers := []int{e.Rand.IntN(7), e.Rand.IntN(7)}
			b, _ := json.Marshal(map[string]any{"tiers": tiers})
			rec := httptest.NewRecorder()
			handler.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/devnet/slots/outcomes", bytes.NewReader(b)))
			if rec.Code != 200 {
				return fmt.Errorf("outcomes: HTTP %d %s", rec.Code, rec.Body)
			}
			return nil
		}},
		{Name: "swap", Weight: 5, Run: func(e *devnettest.Env) error {
			tok := poolTokens[e.Rand.IntN(len(poolTokens))].CoinType
			in, out := SupraCoinType, tok
			if e.Rand.IntN(2) == 0 {
				in, out = out, in
			}
			k := e.Key()
			amt := e.Node.Balance(devnettest.Address(k), in) / (2 + e.Rand.Uint64N(50))
			return submitWith(e, k, devnettest.Call{Function: dexFn + "scripts::swap",
				TypeArgs: []string{in, out, UncorrelatedType}, Args: [][]byte{devnettest.U64(amt), devnettest.U64(0)}})
		}},
		{Name: "add liquidity", Weight: 2, Run: func(e *devnettest.Env) error {
			x, y := sorted(poolTokens[e.Rand.IntN(len(poolTokens))].CoinType, SupraCoinType)
			k := e.Key()
			a := devnettest.Address(k)
			xv, yv := e.Node.Balance(a, x)/(2+e.Rand.Uint64N(20)), e.Node.Balance(a, y)/(2+e.Rand.Uint64N(20))
			return submitWith(e, k, devnettest.Call{Function: dexFn + "scripts::add_liquidity",
				TypeArgs: []string{x, y, UncorrelatedType},
				Args:     [][]byte{devnettest.U64(xv), devnettest.U64(0), devnettest.U64(yv), devnettest.U64(0)}})
		}},
		{Name: "remove liquidity", Weight: 1, Run: func(e *devnettest.Env) error {
			x, y := sorted(poolTokens[e.Rand.IntN(len(poolTokens))].CoinType, SupraCoinType)
			return submit(e, devnettest.Call{Function: dexFn + "scripts::remove_liquidity", TypeArgs: []string{x, y, UncorrelatedType},
				Args: [][]byte{devnettest.U64(1 + e.Rand.Uint64N(1e12)), devnettest.U64(0), devnettest.U64(0)}})
		}},
		{Name: "stake", Weight: 3, Run: func(e *devnettest.Env) error {
			fns := []string{"stake", "unstake", "claim", "buy_tax_free_pass", "fund_rewards"}
			fn := fns[e.Rand.IntN(len(fns))]
			var args [][]byte
			if fn == "stake" || fn == "unstake" || fn == "fund_rewards" {
				args = [][]byte{devnettest.U64(1 + e.Rand.Uint64N(1e12))}
			}
			return submit(e, devnettest.Call{Function: stakeFn + fn, Args: args})
		}},
		{Name: "mine", Weight: 3, Run: func(e *devnettest.Env) error {
			switch e.Rand.IntN(3) {
			case 0:
				ref := devnettest.Address(e.Key())
				refs := append([]byte{1}, ref[:]...)
				return submit(e, devnettest.Call{Function: minersFn + "purchase_miner",
					Args: [][]byte{devnettest.U64(1 + e.Rand.Uint64N(3)), devnettest.U64(1 + e.Rand.Uint64N(3)), refs}})
			case 1:
				return submit(e, devnettest.Call{Function: minersFn + "claim"})
			default:
				to := devnettest.Address(e.Key())
				return submit(e, devnettest.Call{Function: "0x1::coin::transfer", TypeArgs: []string{MineCoinType},
					Args: [][]byte{devnettest.Addr(to), devnettest.U64(e.Rand.Uint64N(1e12))}})
			}
		}},
		{Name: "transfer token", Weight: 2, Run: func(e *devnettest.Env) error {
			tok := poolTokens[e.Rand.IntN(len(poolTokens))].CoinType
			to := devnettest.Address(e.Key())
			return submit(e, devnettest.Call{Function: "0x1::supra_account::transfer_coins", TypeArgs: []string{tok},
				Args: [][]byte{devnettest.Addr(to), devnettest.U64(e.Rand.Uint64N(1e12))}})
		}},
		{Name: "migrate to fungible store", Weight: 1, Run: func(e *devnettest.Env) error {
			// From then on the account's spins, swaps, stakes and transfers of the coin go
			// through its primary fungible store.
			toks := append([]GenesisToken{}, slotTokens[1:]...)
			toks = append(toks, poolTokens...)
			return submit(e, devnettest.Call{Function: "0x1::coin::migrate_to_fungible_store",
				TypeArgs: []string{toks[e.Rand.IntN(len(toks))].CoinType}})
		}},
		{Name: "advance time", Weight: 1, Run: func(e *devnettest.Env) error {
			_, err := e.Node.AdvanceTime(time.Duration(e.Rand.IntN(200_000)) * time.Second)
			return err
		}},
	}
	steps := 2_000
	if testing.Short() {
		steps = 500
	}
	counts := devnettest.RunRandomOps(t, n, keys, ops, steps, 42)
	t.Logf("operations: %v", counts)
	t.Logf("successful transactions: %v", succeeded)
	for _, fn := range []string{"play", "play_supra_coin", "swap", "add_liquidity", "stake", "claim", "purchase_miner", "migrate_to_fungible_store"} {
		if succeeded[fn] == 0 {
			t.Errorf("no successful %s: the property test does not exercise it", fn)
		}
	}
}
