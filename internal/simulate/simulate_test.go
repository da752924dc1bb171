package simulate_test

import (
	"context"
	"errors"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/luckycoin/lucky/internal/chain"
	"github.com/luckycoin/lucky/internal/config"
	"github.com/luckycoin/lucky/internal/devnet"
	"github.com/luckycoin/lucky/internal/devnet/contracts"
	"github.com/luckycoin/lucky/internal/seed"
	"github.com/luckycoin/lucky/internal/simulate"
	"github.com/luckycoin/lucky/internal/supra"
	"github.com/luckycoin/lucky/internal/tokens"
)

var modulesOnce = sync.OnceValues(contracts.All)

// devnetServer is a real devnet with the app's contracts, served over HTTP as `lucky
// devnet` serves it, on the wall clock.
func devnetServer(t *testing.T, opts devnet.Options) (*devnet.Node, string) {
	t.Helper()
	mods, err := modulesOnce()
	if err != nil {
		t.Fatal(err)
	}
	opts.Modules = mods
	n, err := devnet.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(n.Handler())
	t.Cleanup(func() { srv.Close(); n.Close() })
	return n, srv.URL
}

// bindings are the app's contract clients over the devnet at base, on its clock.
func bindings(t *testing.T, base string) *chain.Client {
	t.Helper()
	reg, err := tokens.Load(nil)
	if err != nil {
		t.Fatal(err)
	}
	net, err := config.Lookup(config.Devnet)
	if err != nil {
		t.Fatal(err)
	}
	net.RPC = []string{base}
	client, err := supra.NewClient(net.RPC)
	if err != nil {
		t.Fatal(err)
	}
	now, err := simulate.NewDevnet(base, nil).Clock(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return chain.New(client, net, reg, chain.Options{Now: now})
}

// A short run on a real devnet: transactions of every kind are confirmed, none fails for
// a reason other than a contract refusing what a crowd provokes, and every coin is
// conserved, on a chain that seals a block per transaction and on one that seals them on
// an interval (transactions wait for their block).
func TestRunOnDevnet(t *testing.T) {
	past, err := seed.Past(seed.Config{History: 2 * time.Hour, End: time.Now().UTC().Truncate(time.Second)})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name      string
		opts      devnet.Options
		accounts  int
		rate      float64
		duration  time.Duration
		minSent   int
		maxP50    time.Duration
		wantKinds []string
	}{
		{"block per transaction, seeded past", devnet.Options{Past: past}, 10, 25, 3 * time.Second, 25, time.Second,
			[]string{"buy", "spin", "burn"}},
		{"blocks every 200 ms", devnet.Options{BlockTime: 200 * time.Millisecond}, 6, 10, 3 * time.Second, 10, 2 * time.Second,
			[]string{"buy"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			tt.opts.Now = time.Now
			node, base := devnetServer(t, tt.opts)
			rep, err := simulate.Run(context.Background(), simulate.Config{
				Chain: bindings(t, base), Accounts: tt.accounts, Seed: "test " + tt.name, Rate: tt.rate, Duration: tt.duration})
			if err != nil {
				t.Fatal(err)
			}
			var out strings.Builder
			rep.Write(&out)
			t.Log("\n" + out.String())
			if err := rep.Err(); err != nil {
				t.Error(err)
			}
			if rep.Sent < tt.minSent {
				t.Errorf("sent %d, want at least %d", rep.Sent, tt.minSent)
			}
			if rep.Latency.P50 > tt.maxP50 {
				t.Errorf("p50 latency %s, want at most %s", rep.Latency.P50, tt.maxP50)
			}
			confirmed := map[string]int{}
			for _, k := range rep.Kinds {
				confirmed[k.Kind] = k.Confirmed
			}
			for _, k := range tt.wantKinds {
				if confirmed[k] == 0 {
					t.Errorf("no %s confirmed: %v", k, confirmed)
				}
			}
			l, err := simulate.NewDevnet(base, nil).Ledger(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			c := l.Conservation()
			if err := c.Err(); err != nil {
				t.Error(err)
			}
			if len(c.Coins) < 10 || c.Stores < tt.accounts {
				t.Errorf("conservation over %d coins and %d stores: the ledger was not read whole", len(c.Coins), c.Stores)
			}
			// The node's own check agrees.
			if err := node.CheckInvariants(); err != nil {
				t.Error(err)
			}
		})
	}
}

// A run ends when its context does, reporting what it sent.
func TestRunStopsWithContext(t *testing.T) {
	t.Parallel()
	_, base := devnetServer(t, devnet.Options{Now: time.Now})
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	rep, err := simulate.Run(ctx, simulate.Config{Chain: bindings(t, base), Accounts: 3, Seed: "ctx", Rate: 20})
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v, want the context's", err)
	}
	if rep == nil || rep.Confirmed == 0 {
		t.Fatalf("report %+v: want the transactions sent before the end", rep)
	}
}

func TestConfigRefused(t *testing.T) {
	c := &chain.Client{}
	tests := []struct {
		name string
		cfg  simulate.Config
	}{
		{"no chain", simulate.Config{Accounts: 1, Rate: 1}},
		{"no accounts", simulate.Config{Chain: c, Rate: 1}},
		{"too many accounts", simulate.Config{Chain: c, Accounts: simulate.MaxAccounts + 1, Rate: 1}},
		{"zero rate", simulate.Config{Chain: c, Accounts: 1}},
		{"negative rate", simulate.Config{Chain: c, Accounts: 1, Rate: -2}},
		{"rate too high", simulate.Config{Chain: c, Accounts: 1, Rate: simulate.MaxRate + 1}},
		{"negative duration", simulate.Config{Chain: c, Accounts: 1, Rate: 1, Duration: -time.Second}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := simulate.Run(context.Background(), tt.cfg); !errors.Is(err, simulate.ErrConfig) {
				t.Fatalf("err = %v, want ErrConfig", err)
			}
		})
	}
}

// A ledger whose supply is not its balances and gas fails the check; burned coins count
// as the burn address's balance.
func TestConservation(t *testing.T) {
	burn := supra.MustParseAddress("0xffff")
	a, b := supra.MustParseAddress("0xa"), supra.MustParseAddress("0xb")
	const lucky = "0x42::LUCKY::LUCKY"
	tests := []struct {
		name   string
		ledger simulate.Ledger
		ok     bool
	}{
		{"balanced", simulate.Ledger{GasCollected: 5,
			Stores: []simulate.CoinStore{{a, supra.SupraCoinType, 60}, {b, supra.SupraCoinType, 35}, {a, lucky, 7}, {burn, lucky, 3}},
			Infos:  []simulate.CoinInfo{{supra.SupraCoinType, "SUPRA", 100, 8}, {lucky, "LUCKY", 10, 6}}}, true},
		{"gas not counted", simulate.Ledger{
			Stores: []simulate.CoinStore{{a, supra.SupraCoinType, 95}},
			Infos:  []simulate.CoinInfo{{supra.SupraCoinType, "SUPRA", 100, 8}}}, false},
		{"burn lost", simulate.Ledger{
			Stores: []simulate.CoinStore{{a, lucky, 7}},
			Infos:  []simulate.CoinInfo{{lucky, "LUCKY", 10, 6}}}, false},
		{"coin without info", simulate.Ledger{
			Stores: []simulate.CoinStore{{a, lucky, 7}}}, false},
		{"sum beyond u64", simulate.Ledger{
			Stores: []simulate.CoinStore{{a, lucky, 1 << 63}, {b, lucky, 1 << 63}},
			Infos:  []simulate.CoinInfo{{lucky, "LUCKY", 0, 6}}}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.ledger.Conservation().Err()
			if (err == nil) != tt.ok {
				t.Fatalf("err = %v, want ok %v", err, tt.ok)
			}
			if err != nil && !errors.Is(err, simulate.ErrCheck) {
				t.Fatalf("err = %v, want ErrCheck", err)
			}
		})
	}
}
