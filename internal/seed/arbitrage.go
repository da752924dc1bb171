package seed

import (
	"crypto/ed25519"
	"crypto/sha256"
	"fmt"

	"github.com/luckycoin/lucky/internal/devnet/contracts"
	"github.com/luckycoin/lucky/internal/market/arbitrage"
	"github.com/luckycoin/lucky/internal/supra"
)

// The past's arbitrage trader: every real AMM market has one. A pool of two tokens that
// both have a SUPRA pool (LUCKY/dexUSDC) prices a coin a second time; whenever a trade
// leaves it off the price the SUPRA pools give by more than the fees, the arbitrageur runs
// the cycle SUPRA → one token → the other → SUPRA that pays most (internal/market/arbitrage),
// in the same instant, so the pools agree within their fees after every trade.

// arbFunding is the SUPRA the faucet gives the arbitrageur when the past starts: enough
// for the largest cycle the past's trades call for, so the trade is never cut short.
const arbFunding = 500_000 * supraUnit

// minArbProfit is the least profit, in SUPRA quants, a cycle is run for: well over the gas
// of its three transactions.
const minArbProfit = supraUnit / 10

// cross is a pool of two tokens that both have a SUPRA pool.
type cross struct{ a, b *token }

// arbitrageur is the past's arbitrage account: its key derives from the seed like the
// newcomers', under a name of its own.
func arbitrageur(seed string) signer {
	h := sha256.Sum256([]byte("LUCKY::devnet-past::arbitrageur\x00" + seed))
	key := ed25519.NewKeyFromSeed(h[:])
	return signer{key, supra.AddressFromPublicKey(key.Public().(ed25519.PublicKey))}
}

// crossPools are genesis's pools quoted in a token other than SUPRA whose two tokens the
// past trades against SUPRA.
func crossPools(g *contracts.Genesis, native *token, lucky *token, others []*token) []cross {
	bySym := map[string]*token{lucky.sym: lucky}
	for _, t := range others {
		bySym[t.sym] = t
	}
	var out []cross
	for _, p := range g.Pools {
		q := g.QuoteSymbol(p)
		if q == native.sym {
			continue
		}
		a, b := bySym[p.Token], bySym[q]
		if a != nil && b != nil {
			out = append(out, cross{a, b})
		}
	}
	return out
}

// pool reads a pool in the direction in → out.
func (w *writer) pool(in, out string) (arbitrage.Pool, error) {
	rin, rout, err := w.c.reserves(in, out)
	if err != nil {
		return arbitrage.Pool{}, err
	}
	fees, err := w.c.view(dexFunction("router", "get_fees_config"), []string{in, out, contracts.UncorrelatedType})
	if err != nil || len(fees) != 2 {
		return arbitrage.Pool{}, fmt.Errorf("seed: fees of %s/%s: %d results, %w", in, out, len(fees), err)
	}
	return arbitrage.Pool{In: rin, Out: rout, Fee: fees[0], Scale: fees[1]}, nil
}

// arbitrage runs, for each cross pool, the cycle through it that pays, if one does.
func (w *writer) arbitrage() error {
	if w.arb == nil {
		return nil
	}
	for _, x := range w.cross {
		for _, path := range [][]*token{{w.native, x.a, x.b, w.native}, {w.native, x.b, x.a, w.native}} {
			cycle := make([]arbitrage.Pool, 0, 3)
			for i := 0; i+1 < len(path); i++ {
				p, err := w.pool(path[i].coin, path[i+1].coin)
				if err != nil {
					return err
				}
				cycle = append(cycle, p)
			}
			free := w.c.balance(w.arb.addr, w.native.coin)
			free -= min(free, gasReserve)
			in, profit := arbitrage.Capped(cycle, free)
			if profit < minArbProfit {
				continue
			}
			// The three swaps run in one instant: each gets exactly what was sized.
			v := in
			for i, p := range cycle {
				out := p.Amount(v)
				ok, err := w.send(*w.arb, call{fn: dexFunction("scripts", "swap"),
					typeArgs: []string{path[i].coin, path[i+1].coin, contracts.UncorrelatedType},
					args:     [][]byte{u64Arg(v), u64Arg(out)}})
				if err != nil || !ok {
					return fmt.Errorf("seed: arbitrage %s → %s of %d: executed %v: %w", path[i].sym, path[i+1].sym, v, ok, err)
				}
				v = out
			}
			w.arbs++
			break // one direction pays at most
		}
	}
	return nil
}
