package slots

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"math/big"
	"testing"
)

func TestPaytable(t *testing.T) {
	var probSum, rtp uint64
	for i, tier := range Tiers() {
		if int(tier.Index) != i {
			t.Fatalf("tier %d has index %d", i, tier.Index)
		}
		probSum += tier.ProbBps
		rtp += tier.ProbBps * tier.MulTenths
	}
	if probSum != BpsScale {
		t.Fatalf("probabilities sum to %d", probSum)
	}
	// The product's printed table (No Win 43 %) sums to 99 %; the difference is No Win's
	// (docs/product.md, Slots).
	if probSum-NoWinBps+PrintedNoWinBps != 9_900 {
		t.Fatalf("printed table sum changed")
	}
	// Σ p·m in (bps × tenths) = 892 per mille × 10000 × 10 / 1000.
	if rtp != RTPPerMille*BpsScale*MultiplierScale/1000 {
		t.Fatalf("rtp %d", rtp)
	}
}

func TestTierForRollBoundaries(t *testing.T) {
	cases := []struct {
		roll uint64
		want uint8
	}{
		{0, 0}, {4399, 0}, {4400, 1}, {6199, 1}, {6200, 2}, {7599, 2}, {7600, 3},
		{8999, 3}, {9000, 4}, {9799, 4}, {9800, 5}, {9989, 5}, {9990, 6}, {9999, 6},
	}
	for _, c := range cases {
		if got := TierForRoll(c.roll); got != c.want {
			t.Errorf("roll %d: tier %d, want %d", c.roll, got, c.want)
		}
	}
}

func TestSpinRandomIsRecomputable(t *testing.T) {
	var tx [32]byte
	tx[0] = 0xab
	a := SpinRandom([]byte("seed"), tx, 7)
	if a != SpinRandom([]byte("seed"), tx, 7) {
		t.Fatal("not deterministic")
	}
	for _, other := range [][32]byte{
		SpinRandom([]byte("seed"), tx, 8),
		SpinRandom([]byte("seeD"), tx, 7),
		SpinRandom([]byte("seed"), [32]byte{}, 7),
	} {
		if other == a {
			t.Fatal("input not mixed in")
		}
	}
	// Golden value, computed independently with Python's hashlib.sha3_256, so
	// any change of the derivation is a deliberate one.
	const golden = "4d9b7719ba111fa0f2cece2ff5e6b4a91902680e97fb60415eb256cde7e00ed0"
	if got := hex.EncodeToString(a[:]); got != golden {
		t.Fatalf("SpinRandom = %s want %s", got, golden)
	}
	if Roll(a) != 4880 || DrawTier(a) != 1 {
		t.Fatalf("roll %d tier %d", Roll(a), DrawTier(a))
	}
}

func TestPrize(t *testing.T) {
	cases := []struct {
		bet  uint64
		tier uint8
		want uint64
		err  error
	}{
		{10_000_000, 0, 0, nil},
		{10_000_000, 1, 5_000_000, nil},
		{10_000_000, 2, 8_000_000, nil},
		{10_000_000, 3, 15_000_000, nil},
		{10_000_000, 4, 30_000_000, nil},
		{10_000_000, 5, 100_000_000, nil},
		{10_000_000, 6, 500_000_000, nil},
		{10_000_001, 1, 5_000_000, nil},  // 5,000,000.5 floored
		{10_000_001, 2, 8_000_000, nil},  // 8,000,000.8 floored
		{10_000_001, 3, 15_000_001, nil}, // 15,000,001.5 floored
		{3, 1, 1, nil},
		{1<<64 - 1, 0, 0, nil},
		{1<<64 - 1, 6, 0, ErrOverflow},
		{1 << 58, 6, 1 << 58 * 50, nil},
		{10, 7, 0, ErrBadTier},
	}
	for _, c := range cases {
		got, err := Prize(c.bet, c.tier)
		if !errors.Is(err, c.err) || got != c.want {
			t.Errorf("Prize(%d,%d) = %d,%v want %d,%v", c.bet, c.tier, got, err, c.want, c.err)
		}
	}
}

func TestSplitBetExact(t *testing.T) {
	cases := []struct {
		total   uint64
		partner bool
		want    FeeSplit
	}{
		// bet 10 LUCKY (6 decimals): 9.5 to the house, 0.5 fee.
		{10_000_000, false, FeeSplit{10_000_000, 500_000, 9_500_000, 0, 500_000}},
		{10_000_000, true, FeeSplit{10_000_000, 500_000, 9_500_000, 100_000, 400_000}},
		// 0.1 SUPRA × 1000 spins.
		{10_000_000_000, true, FeeSplit{10_000_000_000, 500_000_000, 9_500_000_000, 100_000_000, 400_000_000}},
		// rounding: 19 × 5 % = 0.95 → fee 0, all to the house.
		{19, true, FeeSplit{19, 0, 19, 0, 0}},
		{20, true, FeeSplit{20, 1, 19, 0, 1}},
		{199, true, FeeSplit{199, 9, 190, 1, 8}},
		{123_456_789, true, FeeSplit{123_456_789, 6_172_839, 117_283_950, 1_234_567, 4_938_272}},
		{123_456_789, false, FeeSplit{123_456_789, 6_172_839, 117_283_950, 0, 6_172_839}},
		{1<<64 - 1, true, FeeSplit{1<<64 - 1, 922_337_203_685_477_580, 1<<64 - 1 - 922_337_203_685_477_580, 184_467_440_737_095_516, 922_337_203_685_477_580 - 184_467_440_737_095_516}},
		{0, true, FeeSplit{}},
	}
	for _, c := range cases {
		got := SplitBet(c.total, c.partner)
		if got != c.want {
			t.Errorf("SplitBet(%d,%v) = %+v want %+v", c.total, c.partner, got, c.want)
		}
		if got.HouseIn+got.Partner+got.Dev != got.TotalBet {
			t.Errorf("SplitBet(%d) does not add up", c.total)
		}
	}
}

func TestMinBet(t *testing.T) {
	cases := []struct {
		coin string
		dec  uint8
		want uint64
	}{
		{NativeCoinType, 8, 10_000_000},
		{SpikeCoinType, 3, 10_000_000},
		{"0xfec116479f1fd3cb9732cc768e6061b0e45b178a610b9bc23c2143a6493e794::memecoins::SPIKE", 3, 10_000_000},
		{"0x0000000000000000000000000000000000000000000000000000000000000001::supra_coin::SupraCoin", 8, 10_000_000},
		{"0x4205c82380bff5708cd7c59e0043a45890a457a6cdb60c9191d818958fd7ac26::LUCKY::LUCKY", 6, 10_000_000},
		{"0x9176f70f125199a3e3d5549ce795a8e906eed75901d535ded623802f15ae3637::cdp_multi::CASH", 8, 1_000_000_000},
		{"0x1::x::Y", 0, 10},
	}
	for _, c := range cases {
		got, err := MinBet(c.coin, c.dec)
		if err != nil || got != c.want {
			t.Errorf("MinBet(%s,%d) = %d,%v want %d", c.coin, c.dec, got, err, c.want)
		}
	}
	if _, err := MinBet("0x1::x::Y", 20); !errors.Is(err, ErrOverflow) {
		t.Errorf("decimals 20: %v", err)
	}
}

func TestIsRealPartner(t *testing.T) {
	player := Address{1}
	cases := []struct {
		partner Address
		want    bool
	}{
		{PlaceholderPartner(), false},
		{Address{}, false},
		{player, false},
		{Address{2}, true},
	}
	for _, c := range cases {
		if got := IsRealPartner(c.partner, player); got != c.want {
			t.Errorf("IsRealPartner(%x) = %v", c.partner, got)
		}
	}
}

const lucky = "0x4205c82380bff5708cd7c59e0043a45890a457a6cdb60c9191d818958fd7ac26::LUCKY::LUCKY"

func newGame(t *testing.T, fund uint64) *Game {
	t.Helper()
	g := NewGame()
	if err := g.AddToken(Token{CoinType: lucky, Decimals: 6, Fund: fund}); err != nil {
		t.Fatal(err)
	}
	return g
}

func noRandom(uint64) [32]byte { panic("randomness used while outcomes were forced") }

// The reference game of the slots acceptance tests: bet 10 LUCKY, tiers Super Jackpot, No Win,
// Medium → total won 515 LUCKY, player net +485 LUCKY.
func TestForcedOutcomes(t *testing.T) {
	g := newGame(t, 1_000_000_000_000)
	if err := g.QueueOutcomes([]uint8{6, 0, 3}); err != nil {
		t.Fatal(err)
	}
	out, err := g.Play(PlayRequest{Player: Address{1}, Partner: PlaceholderPartner(), CoinType: lucky,
		BetPerSpin: 10_000_000, Spins: 3, Entropy: noRandom})
	if err != nil {
		t.Fatal(err)
	}
	want := []Spin{{6, 500_000_000, true}, {0, 0, true}, {3, 15_000_000, true}}
	for i := range want {
		if out.Spins[i] != want[i] {
			t.Errorf("spin %d = %+v want %+v", i, out.Spins[i], want[i])
		}
	}
	if out.TotalPrize != 515_000_000 || out.TotalBet != 30_000_000 || out.Fee != 1_500_000 || out.Dev != 1_500_000 {
		t.Fatalf("outcome %+v", out)
	}
	if got, _ := g.FundBalance(lucky); got != 1_000_000_000_000+28_500_000-515_000_000 {
		t.Fatalf("fund %d", got)
	}
	if len(g.QueuedOutcomes()) != 0 {
		t.Fatal("queue not consumed")
	}
}

func TestForcedThenRandom(t *testing.T) {
	g := newGame(t, 1_000_000_000_000)
	_ = g.QueueOutcomes([]uint8{5})
	calls := 0
	out, err := g.Play(PlayRequest{CoinType: lucky, BetPerSpin: 10_000_000, Spins: 3,
		Entropy: func(i uint64) [32]byte { calls++; return SpinRandom(nil, [32]byte{}, i) }})
	if err != nil {
		t.Fatal(err)
	}
	if !out.Spins[0].Forced || out.Spins[0].TierIndex != 5 || out.Spins[1].Forced || calls != 2 {
		t.Fatalf("%+v calls %d", out.Spins, calls)
	}
	// Spin 1 and 2 use their own index in the derivation.
	if out.Spins[1].TierIndex != DrawTier(SpinRandom(nil, [32]byte{}, 1)) {
		t.Fatal("spin index not used")
	}
	// A longer queue than the play leaves the rest for the next play.
	_ = g.QueueOutcomes([]uint8{1, 2, 3})
	if _, err := g.Play(PlayRequest{CoinType: lucky, BetPerSpin: 10_000_000, Spins: 2, Entropy: noRandom}); err != nil {
		t.Fatal(err)
	}
	if q := g.QueuedOutcomes(); len(q) != 1 || q[0] != 3 {
		t.Fatalf("queue %v", q)
	}
	if err := g.QueueOutcomes([]uint8{7}); !errors.Is(err, ErrBadTier) {
		t.Fatalf("bad tier: %v", err)
	}
}

func TestPlayValidation(t *testing.T) {
	g := newGame(t, 1_000_000_000_000)
	rnd := TxEntropy([]byte("s"), [32]byte{})
	cases := []struct {
		name string
		req  PlayRequest
		err  error
	}{
		{"unknown token", PlayRequest{CoinType: "0x1::a::B", BetPerSpin: 10_000_000, Spins: 1, Entropy: rnd}, ErrUnknownToken},
		{"zero spins", PlayRequest{CoinType: lucky, BetPerSpin: 10_000_000, Spins: 0, Entropy: rnd}, ErrSpinsOutOfRange},
		{"1001 spins", PlayRequest{CoinType: lucky, BetPerSpin: 10_000_000, Spins: 1001, Entropy: rnd}, ErrSpinsOutOfRange},
		{"bet below min", PlayRequest{CoinType: lucky, BetPerSpin: 9_999_999, Spins: 1, Entropy: rnd}, ErrBetTooSmall},
		{"total overflow", PlayRequest{CoinType: lucky, BetPerSpin: 1 << 60, Spins: 1000, Entropy: rnd}, ErrOverflow},
		{"no entropy", PlayRequest{CoinType: lucky, BetPerSpin: 10_000_000, Spins: 1}, ErrNoEntropy},
		{"min bet 1000 spins", PlayRequest{CoinType: lucky, BetPerSpin: 10_000_000, Spins: 1000, Entropy: rnd}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			before := g.Clone()
			_, err := g.Play(c.req)
			if !errors.Is(err, c.err) {
				t.Fatalf("err %v want %v", err, c.err)
			}
			if err != nil {
				assertSame(t, before, g)
			}
		})
	}
}

func assertSame(t *testing.T, a, b *Game) {
	t.Helper()
	ta, tb := a.Tokens(), b.Tokens()
	if len(ta) != len(tb) {
		t.Fatal("token count changed")
	}
	for i := range ta {
		if ta[i] != tb[i] {
			t.Fatalf("token changed: %+v → %+v", ta[i], tb[i])
		}
	}
	qa, qb := a.QueuedOutcomes(), b.QueuedOutcomes()
	if string(qa) != string(qb) {
		t.Fatalf("queue changed %v → %v", qa, qb)
	}
}

func TestInsolventPlayAbortsAndChangesNothing(t *testing.T) {
	// Fund 400 LUCKY; a forced 50x on 10 LUCKY needs 500 − 9.5 net bet = 490.5 > 400.
	g := newGame(t, 400_000_000)
	_ = g.QueueOutcomes([]uint8{6, 0})
	before := g.Clone()
	_, err := g.Play(PlayRequest{CoinType: lucky, BetPerSpin: 10_000_000, Spins: 1, Entropy: noRandom})
	if !errors.Is(err, ErrInsolvent) {
		t.Fatalf("err %v", err)
	}
	assertSame(t, before, g)
	// Exactly enough: fund 490.5 pays the 500 prize with the 9.5 net bet; fund ends at 0.
	g2 := newGame(t, 490_500_000)
	_ = g2.QueueOutcomes([]uint8{6})
	out, err := g2.Play(PlayRequest{CoinType: lucky, BetPerSpin: 10_000_000, Spins: 1, Entropy: noRandom})
	if err != nil || out.FundAfter != 0 {
		t.Fatalf("exact fund: %v %+v", err, out)
	}
	g3 := newGame(t, 490_499_999)
	_ = g3.QueueOutcomes([]uint8{6})
	if _, err := g3.Play(PlayRequest{CoinType: lucky, BetPerSpin: 10_000_000, Spins: 1, Entropy: noRandom}); !errors.Is(err, ErrInsolvent) {
		t.Fatalf("one unit short: %v", err)
	}
}

func TestAddFund(t *testing.T) {
	g := newGame(t, 5)
	if err := g.AddFund(lucky, 10); err != nil {
		t.Fatal(err)
	}
	if b, _ := g.FundBalance(lucky); b != 15 {
		t.Fatal(b)
	}
	for _, c := range []struct {
		coin string
		amt  uint64
		err  error
	}{{lucky, 0, ErrZeroAmount}, {"0x1::a::B", 1, ErrUnknownToken}, {lucky, 1<<64 - 1, ErrOverflow}} {
		if err := g.AddFund(c.coin, c.amt); !errors.Is(err, c.err) {
			t.Errorf("AddFund(%s,%d) = %v", c.coin, c.amt, err)
		}
	}
	if err := g.AddToken(Token{CoinType: lucky}); !errors.Is(err, ErrTokenExists) {
		t.Fatal(err)
	}
}

// TestStatistics plays 100,000 spins with the production randomness and checks
// every tier frequency and the return to player against 3 standard deviations.
//
// Tier i: |count − n·p| ≤ 3·sqrt(n·p·(1−p)).
// RTP: the mean multiplier of n spins has standard deviation sqrt(4.773936/n)
// = 0.00691 at n = 100,000, so the tolerance is 0.892 ± 0.0207.
// All checks are done in integers (squared, to avoid square roots).
func TestStatistics(t *testing.T) {
	const n = 100_000
	const bet = 10_000_000
	g := newGame(t, 1<<62)
	var tx [32]byte
	copy(tx[:], "statistics test transaction hash")
	counts := [NumTiers]int64{}
	var wagered, won uint64
	for play := range n / 1000 {
		tx[31] = byte(play)
		tx[30] = byte(play >> 8)
		out, err := g.Play(PlayRequest{CoinType: lucky, BetPerSpin: bet, Spins: 1000, Entropy: TxEntropy([]byte("devnet"), tx)})
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range out.Spins {
			counts[s.TierIndex]++
		}
		wagered += out.TotalBet
		won += out.TotalPrize
	}
	for i, tier := range Tiers() {
		// (count·10000 − n·p)² ≤ 9·n·p·(10000 − p)
		dev := big.NewInt(counts[i]*BpsScale - n*int64(tier.ProbBps))
		dev.Mul(dev, dev)
		bound := big.NewInt(9 * n * int64(tier.ProbBps) * int64(BpsScale-tier.ProbBps))
		t.Logf("tier %d %-13s count %6d expected %6d", i, tier.Name, counts[i], n*int64(tier.ProbBps)/BpsScale)
		if dev.Cmp(bound) > 0 {
			t.Errorf("tier %d frequency %d outside 3σ of %d", i, counts[i], n*int64(tier.ProbBps)/BpsScale)
		}
	}
	// RTP: (won − 0.892·wagered)² ≤ 9 · 4.773936 · n · bet², with 4.773936 = 4773936/10^6.
	diff := new(big.Int).Sub(new(big.Int).Mul(big.NewInt(int64(won)), big.NewInt(1000)),
		new(big.Int).Mul(new(big.Int).SetUint64(wagered), big.NewInt(RTPPerMille)))
	diff.Mul(diff, diff) // scaled by 1000²
	bound := new(big.Int).Mul(big.NewInt(9*4_773_936*n), big.NewInt(bet*bet))
	bound.Mul(bound, big.NewInt(1)) // 4773936/10^6 × 1000² = 4773936 → scales cancel
	t.Logf("RTP measured %d.%03d%% of %d wagered (paytable 89.2%%, 3σ = ±2.07%%)",
		won*100/wagered, won*100_000/wagered%1000, wagered)
	if diff.Cmp(bound) > 0 {
		t.Errorf("RTP %d/%d outside 3σ of 0.892", won, wagered)
	}
}

func TestJSONRoundTrip(t *testing.T) {
	g := newGame(t, 123)
	_ = g.QueueOutcomes([]uint8{6, 0, 3})
	b, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"tokens":[{"coin_type":"` + lucky + `","decimals":6,"min_bet":"10000000","house_fund":"123"}],"forced_outcomes":[6,0,3]}`
	if string(b) != want {
		t.Fatalf("json %s", b)
	}
	var back Game
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	assertSame(t, g, &back)
	if err := json.Unmarshal([]byte(`{"tokens":[],"forced_outcomes":[7]}`), &back); !errors.Is(err, ErrBadTier) {
		t.Fatal(err)
	}
}
