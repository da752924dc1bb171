package seed_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"math/big"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/luckycoin/lucky/internal/devnet"
	"github.com/luckycoin/lucky/internal/devnet/contracts"
	"github.com/luckycoin/lucky/internal/devnet/devnettest"
	"github.com/luckycoin/lucky/internal/market/arbitrage"
	"github.com/luckycoin/lucky/internal/seed"
	"github.com/luckycoin/lucky/internal/supra"
)

const (
	luckyType = "0x4205c82380bff5708cd7c59e0043a45890a457a6cdb60c9191d818958fd7ac26::LUCKY::LUCKY"
	usdcType  = "0x8f7d16ade319b0fce368ca6cdb98589c4527ce7f5b51e544a9e68e719934458b::hyper_coin::DexlynUSDC"
)

// nodePools reads n's Dexlyn pools with the router's views.
func nodePools(t *testing.T, n *devnet.Node) arbitrage.Reader {
	return func(in, out string) (arbitrage.Pool, error) {
		view := func(fn string) []uint64 {
			res, err := n.View(contracts.DexlynAddress.String()+"::router::"+fn, []string{in, out, contracts.UncorrelatedType}, nil)
			if err != nil || len(res) != 2 {
				t.Fatalf("%s %s/%s: %v", fn, in, out, err)
			}
			var v [2]uint64
			for i, r := range res {
				var s string
				if err := json.Unmarshal(r, &s); err != nil {
					t.Fatal(err)
				}
				if v[i], err = strconv.ParseUint(s, 10, 64); err != nil {
					t.Fatal(err)
				}
			}
			return v[:]
		}
		r, f := view("get_reserves_size"), view("get_fees_config")
		return arbitrage.Pool{In: r[0], Out: r[1], Fee: f[0], Scale: f[1]}, nil
	}
}

// end is when the pasts end: the default, 2026-01-01T00:00:00Z.
func end() time.Time { return time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC) }

var modulesOnce = sync.OnceValues(contracts.All)

// seeded starts a devnet on devnet seed s with history of past.
func seeded(t *testing.T, s string, history time.Duration) *devnet.Node {
	t.Helper()
	mods, err := modulesOnce()
	if err != nil {
		t.Fatal(err)
	}
	p, err := seed.Past(seed.Config{History: history})
	if err != nil {
		t.Fatal(err)
	}
	return devnettest.New(t, devnet.Options{Seed: s, Modules: mods, Past: p})
}

func dump(t *testing.T, n *devnet.Node) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := n.DumpState(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func headHash(t *testing.T, n *devnet.Node) string {
	t.Helper()
	h, err := devnettest.Client(t, n).LatestBlock(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return h.Hash
}

// The same seed writes the same chain byte for byte (blocks, transactions, their
// outcomes, every balance); another seed writes another.
func TestSameSeedSameChain(t *testing.T) {
	const history = 3 * time.Hour
	a := seeded(t, devnet.DefaultSeed, history)
	tests := []struct {
		name string
		seed string
		same bool
	}{
		{"same seed", devnet.DefaultSeed, true},
		{"other seed", "lucky lucky lucky lucky lucky lucky lucky lucky lucky lucky lucky dice", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := seeded(t, tt.seed, history)
			if got := headHash(t, a) == headHash(t, b); got != tt.same {
				t.Errorf("same head block hash: %v, want %v", got, tt.same)
			}
			if got := bytes.Equal(dump(t, a), dump(t, b)); got != tt.same {
				t.Errorf("same state dump: %v, want %v", got, tt.same)
			}
			// Whatever the seed, the past leaves dev account 0 its genesis LUCKY.
			for _, n := range []*devnet.Node{a, b} {
				if got := n.Balance(n.Accounts()[0].Address, luckyType); got != 1_000_000_000_000 {
					t.Errorf("dev account 0 holds %d LUCKY base units, genesis gave it 1,000,000 LUCKY", got)
				}
			}
		})
	}
}

// chainView is what a day of seeded past holds, read from the chain's blocks.
type chainView struct {
	luckySwaps []time.Time
	tiers      map[int]int
	events     map[string]int // by the event struct's name
	failed     int
	luckyTo    map[supra.Address]bool // every account LUCKY was deposited to
}

func readChain(t *testing.T, n *devnet.Node) chainView {
	t.Helper()
	c := devnettest.Client(t, n)
	v := chainView{tiers: map[int]int{}, events: map[string]int{}, luckyTo: map[supra.Address]bool{}}
	for h := uint64(1); h <= n.Height(); h++ {
		b, err := c.BlockByHeight(context.Background(), h, true)
		if err != nil {
			t.Fatal(err)
		}
		at := time.UnixMicro(int64(b.Header.Timestamp.MicrosecondsSinceUnixEpoch)).UTC()
		for _, tx := range b.Transactions {
			if tx.Status != supra.StatusSuccess {
				v.failed++
			}
			for _, ev := range tx.Output.Move.Events {
				v.events[ev.Type[strings.LastIndex(ev.Type, "::")+2:]]++
				switch ev.Type {
				case contracts.SwapEventType:
					if strings.Contains(string(ev.Data), "LUCKY::LUCKY") {
						v.luckySwaps = append(v.luckySwaps, at)
					}
				case contracts.PlayEventType:
					var p struct {
						Spins []struct {
							Tier int `json:"tier_index"`
						} `json:"spin_results"`
					}
					if err := json.Unmarshal(ev.Data, &p); err != nil {
						t.Fatal(err)
					}
					for _, s := range p.Spins {
						v.tiers[s.Tier]++
					}
				case "0x1::coin::CoinDeposit":
					var d struct {
						Account  supra.Address `json:"account"`
						CoinType string        `json:"coin_type"`
					}
					if err := json.Unmarshal(ev.Data, &d); err != nil {
						t.Fatal(err)
					}
					if d.CoinType == luckyType {
						v.luckyTo[d.Account] = true
					}
				}
			}
		}
	}
	return v
}

// A day of past holds what the app shows: LUCKY trades all along it, spins of every
// tier, burns, gifts, stakes, Cosmic Miners purchases and claims, and over a hundred
// LUCKY holders; it ends on the chain's clock at End, and leaves the dev accounts as
// genesis made them but for the MINE that starts the miners.
func TestADayOfPast(t *testing.T) {
	const history = 24 * time.Hour
	n := seeded(t, devnet.DefaultSeed, history)
	if err := n.CheckInvariants(); err != nil {
		t.Fatal(err)
	}
	if now := n.Now(); now.Before(end()) || now.After(end().Add(time.Second)) {
		t.Fatalf("chain clock at %s after the past, want %s", now, end())
	}
	v := readChain(t, n)
	if v.failed != 0 {
		t.Errorf("%d transactions failed", v.failed)
	}

	// LUCKY trades in every three hours of the day: 1m, 5m, 1h and 1d candles.
	const bucket = 3 * time.Hour
	seen := map[int]int{}
	for _, at := range v.luckySwaps {
		seen[int(at.Sub(end().Add(-history))/bucket)]++
	}
	for b := range int(history / bucket) {
		if seen[b] == 0 {
			t.Errorf("no LUCKY swap from %s to %s", end().Add(-history+time.Duration(b)*bucket), end().Add(-history+time.Duration(b+1)*bucket))
		}
	}

	for tier := range 7 {
		if v.tiers[tier] == 0 {
			t.Errorf("no spin of tier %d (spins by tier: %v)", tier, v.tiers)
		}
	}
	for _, name := range []string{"PlayEvent", "SwapEvent", "StakeEvent", "ClaimEvent", "MinerPurchasedEvent", "OutputClaimedEvent"} {
		if v.events[name] == 0 {
			t.Errorf("no %s (events: %v)", name, v.events)
		}
	}
	burns := n.Balance(contracts.BurnAddress, luckyType)
	g, err := contracts.DefaultGenesis()
	if err != nil {
		t.Fatal(err)
	}
	genesisBurn, err := g.Amount("LUCKY", g.Burned["LUCKY"])
	if err != nil {
		t.Fatal(err)
	}
	if burns <= genesisBurn {
		t.Errorf("burn address holds %d LUCKY, genesis burned %d: no burns", burns, genesisBurn)
	}

	holders := 0
	for a := range v.luckyTo {
		if n.Balance(a, luckyType) > 0 {
			holders++
		}
	}
	if holders <= 100 {
		t.Errorf("%d LUCKY holders, want over 100", holders)
	}

	// The dev accounts: untouched but for the one genesis gives MINE to.
	for i, d := range n.Accounts() {
		seq, err := n.SequenceNumber(d.Address)
		if err != nil {
			t.Fatal(err)
		}
		if (seq > 0) != (i == 3) {
			t.Errorf("dev account %d sent %d transactions", i, seq)
		}
	}
	// The arbitrageur keeps the LUCKY/dexUSDC pool in line with LUCKY/SUPRA and SUPRA/dexUSDC.
	agree, err := arbitrage.Measure(nodePools(t, n), supra.SupraCoinType, [][2]string{{luckyType, usdcType}})
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range agree {
		if g, _ := a.Gap.Float64(); !a.Within(big.NewRat(1, 100)) || v.events["SwapEvent"] == 0 {
			t.Errorf("LUCKY/dexUSDC is %.4f off the route through SUPRA, beyond the fees and 1 %%", g)
		}
	}
	t.Logf("%d blocks, %d LUCKY swaps, spins by tier %v, %d LUCKY holders, events %v", n.Height(), len(v.luckySwaps), v.tiers, holders, v.events)
}

func TestPastConfig(t *testing.T) {
	tests := []struct {
		name    string
		cfg     seed.Config
		wantNil bool
		wantErr error
	}{
		{name: "no history", cfg: seed.Config{}, wantNil: true},
		{name: "a week", cfg: seed.Config{History: 7 * 24 * time.Hour}},
		{name: "negative", cfg: seed.Config{History: -time.Hour}, wantErr: seed.ErrConfig},
		{name: "too long", cfg: seed.Config{History: seed.MaxHistory + time.Hour}, wantErr: seed.ErrConfig},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := seed.Past(tt.cfg)
			if !errors.Is(err, tt.wantErr) || (err == nil && (p == nil) != tt.wantNil) {
				t.Fatalf("Past = %v, %v; want nil %v, err %v", p, err, tt.wantNil, tt.wantErr)
			}
			if p != nil && !p.Start.Equal(end().Add(-tt.cfg.History)) {
				t.Fatalf("starts at %s, want %s before %s", p.Start, tt.cfg.History, end())
			}
		})
	}
}

// A short past ending at another instant, written for a genesis that gives no dev
// account MINE: no miners (nobody could start them), the rest as usual, and the chain's
// clock at the end it was given.
func TestPastOptions(t *testing.T) {
	g, err := contracts.DefaultGenesis()
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2025, 3, 14, 15, 0, 0, 0, time.UTC)
	noMine := *g
	noMine.DevAccounts = nil
	p, err := seed.Past(seed.Config{History: 2 * time.Hour, End: at, Genesis: &noMine})
	if err != nil {
		t.Fatal(err)
	}
	mods, err := modulesOnce()
	if err != nil {
		t.Fatal(err)
	}
	n := devnettest.New(t, devnet.Options{Modules: mods, Past: p})
	if now := n.Now(); now.Before(at) || now.After(at.Add(time.Second)) {
		t.Fatalf("chain clock %s, want %s", now, at)
	}
	v := readChain(t, n)
	if v.events["MinerPurchasedEvent"] != 0 || v.events["SwapEvent"] == 0 {
		t.Fatalf("events %v: want swaps and no miners", v.events)
	}
}

// BenchmarkSeededWeek writes the default week of past into a fresh devnet: the part of
// `make run`'s start that grows with the history.
func BenchmarkSeededWeek(b *testing.B) {
	mods, err := modulesOnce()
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		p, err := seed.Past(seed.Config{History: 7 * 24 * time.Hour})
		if err != nil {
			b.Fatal(err)
		}
		n, err := devnet.New(devnet.Options{Modules: mods, Past: p})
		if err != nil {
			b.Fatal(err)
		}
		n.Close()
	}
}
