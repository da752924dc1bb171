package simulate_test

import (
	"context"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/luckycoin/lucky/internal/chain"
	"github.com/luckycoin/lucky/internal/devnet"
	"github.com/luckycoin/lucky/internal/market/arbitrage"
	"github.com/luckycoin/lucky/internal/seed"
	"github.com/luckycoin/lucky/internal/simulate"
	"github.com/luckycoin/lucky/internal/supra"
)

// chainPools reads pools through the app's bindings.
func chainPools(ctx context.Context, c *chain.Client) arbitrage.Reader {
	return func(in, out string) (arbitrage.Pool, error) {
		a, err := supra.ParseCoinType(in)
		if err != nil {
			return arbitrage.Pool{}, err
		}
		b, err := supra.ParseCoinType(out)
		if err != nil {
			return arbitrage.Pool{}, err
		}
		p, err := c.Dex.Pool(ctx, a, b)
		return arbitrage.Pool{In: p.ReserveIn, Out: p.ReserveOut, Fee: p.Fees.Fee, Scale: p.Fees.Scale}, err
	}
}

// After a seeded past and a whale's trade that puts LUCKY/SUPRA 10 % off, a short run's
// arbitrageur brings LUCKY/dexUSDC back within the fees and 1 % of the route through SUPRA.
func TestRunKeepsPoolsInLine(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	past, err := seed.Past(seed.Config{History: 2 * time.Hour, End: time.Now().UTC().Truncate(time.Second)})
	if err != nil {
		t.Fatal(err)
	}
	node, base := devnetServer(t, devnet.Options{Past: past, Now: time.Now})
	c := bindings(t, base)
	pairs := [][2]string{{luckyType, usdcType}}
	band := big.NewRat(1, 100)
	agree, err := arbitrage.Measure(chainPools(ctx, c), supra.SupraCoinType, pairs)
	if err != nil {
		t.Fatal(err)
	}
	if !agree[0].Within(band) {
		t.Fatalf("after the seeded past LUCKY/dexUSDC is %s off the route through SUPRA", agree[0].Gap.FloatString(4))
	}

	// A whale buys 50,000 SUPRA of LUCKY: about 10 % on LUCKY/SUPRA, nothing on LUCKY/dexUSDC.
	whale := node.Accounts()[0]
	lucky, err := supra.ParseCoinType(luckyType)
	if err != nil {
		t.Fatal(err)
	}
	b, err := c.Dex.BuildSwap(ctx, whale.Address, supra.NativeCoin(), lucky, 50_000*100_000_000, 1)
	if err != nil {
		t.Fatal(err)
	}
	signed, err := supra.Sign(b.Raw, whale.PrivateKey)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := node.Submit(signed); err != nil {
		t.Fatal(err)
	}
	if agree, err = arbitrage.Measure(chainPools(ctx, c), supra.SupraCoinType, pairs); err != nil {
		t.Fatal(err)
	}
	if !agree[0].Within(band) {
		t.Logf("after the whale: gap %s", agree[0].Gap.FloatString(4))
	} else {
		t.Fatalf("the whale's trade left the pools %s apart: the test needs them further", agree[0].Gap.FloatString(4))
	}

	rep, err := simulate.Run(ctx, simulate.Config{Chain: c, Accounts: 6, Seed: "arbitrage", Rate: 5, Duration: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	rep.Write(&out)
	t.Log("\n" + out.String())
	confirmed := 0
	for _, k := range rep.Kinds {
		if k.Kind == "arbitrage" {
			confirmed = k.Confirmed
		}
	}
	if confirmed < 3 {
		t.Errorf("%d arbitrage transactions confirmed, want a cycle of 3 at least", confirmed)
	}
	if agree, err = arbitrage.Measure(chainPools(ctx, c), supra.SupraCoinType, pairs); err != nil {
		t.Fatal(err)
	}
	if !agree[0].Within(band) {
		t.Errorf("after the run LUCKY/dexUSDC is %s off the route through SUPRA (fees %s)", agree[0].Gap.FloatString(4), agree[0].Fees.FloatString(4))
	}
	t.Logf("after the run: gap %s, fees %s", agree[0].Gap.FloatString(5), agree[0].Fees.FloatString(4))
	if err := node.CheckInvariants(); err != nil {
		t.Error(err)
	}
}
