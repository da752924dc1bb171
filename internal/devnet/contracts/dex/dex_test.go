package dex

import (
	"encoding/json"
	"errors"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"
)

const (
	supraT = "0x1::supra_coin::SupraCoin"
	luckyT = "0x4205c82380bff5708cd7c59e0043a45890a457a6cdb60c9191d818958fd7ac26::LUCKY::LUCKY"
	spikeT = "0xfec116479f1fd3cb9732cc768e6061b0e45b178a610b9bc23c2143a6493e794::memecoins::SPIKE"
	usdcT  = "0x8f7d16ade319b0fce368ca6cdb98589c4527ce7f5b51e544a9e68e719934458b::hyper_coin::DexlynUSDC"
)

var (
	supraCoin = MustParseCoinType(supraT)
	lucky     = MustParseCoinType(luckyT)
	usdc      = MustParseCoinType(usdcT)
)

// Expected values computed independently (Python integers) from the
// Liquidswap formulas quoted in the package doc.
func TestAmountOutTable(t *testing.T) {
	cases := []struct {
		in, rIn, rOut, fee, want uint64
		err                      error
	}{
		{1000, 10000, 10000, 30, 906, nil},
		{1, 10000, 10000, 30, 0, nil}, // rounds to nothing
		{334, 1_000_000, 1_000_000, 30, 332, nil},
		{100_000_000, 500_000_000_000, 200_000_000_000_000, 30, 39_872_049_513, nil},
		{100_000_000, 100_000_000_000_000, 1_000_000_000_000, 30, 996_999, nil},
		{7, 3, 5, 30, 3, nil},
		{0, 10, 10, 30, 0, nil},
		{1000, 0, 0, 30, 0, nil},
		{1 << 62, 1, 1, 30, 0, ErrArithmetic},        // in × 9970 overflows u64, as in Move
		{1, 1 << 62, 1, 30, 0, ErrArithmetic},        // reserve_in × 10000 overflows
		{0, 0, 10, 30, 0, ErrDivideByZero},           // empty pool
		{1_000_000, 10_000, 10_000, 100, 9_900, nil}, // 1 % fee
	}
	for _, c := range cases {
		got, err := AmountOut(c.in, c.rIn, c.rOut, c.fee, FeeScale)
		if !errors.Is(err, c.err) || got != c.want {
			t.Errorf("AmountOut(%d,%d,%d,%d) = %d,%v want %d,%v", c.in, c.rIn, c.rOut, c.fee, got, err, c.want, c.err)
		}
	}
}

func TestAmountInTable(t *testing.T) {
	cases := []struct {
		out, rOut, rIn, want uint64
		err                  error
	}{
		{906, 10000, 10000, 1000, nil},
		{1, 10000, 10000, 2, nil},
		{9999, 10000, 10000, 100_290_873, nil},
		{1_000_000_000, 1_000_000_000_000, 100_000_000_000_000, 100_401_304_013, nil},
		{10000, 10000, 10000, 0, ErrDivideByZero}, // the whole reserve
		{10001, 10000, 10000, 0, ErrArithmetic},   // more than the reserve
	}
	for _, c := range cases {
		got, err := AmountIn(c.out, c.rOut, c.rIn, DefaultFee, FeeScale)
		if !errors.Is(err, c.err) || got != c.want {
			t.Errorf("AmountIn(%d,%d,%d) = %d,%v want %d,%v", c.out, c.rOut, c.rIn, got, err, c.want, c.err)
		}
	}
}

// The app's formula (docs/product.md, Swap) floors in×(scale−fee)/scale first; it can
// differ from Liquidswap's by rounding, never by more than one unit here.
func TestAmountOutMatchesBigIntFormula(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 20_000 {
		in, rIn, rOut := r.Uint64N(1<<40)+1, r.Uint64N(1<<44)+1, r.Uint64N(1<<50)+1
		got, err := AmountOut(in, rIn, rOut, DefaultFee, FeeScale)
		if err != nil {
			t.Fatal(err)
		}
		a := new(big.Int).Mul(big.NewInt(int64(in)), big.NewInt(FeeScale-DefaultFee))
		den := new(big.Int).Add(new(big.Int).Mul(big.NewInt(int64(rIn)), big.NewInt(FeeScale)), a)
		want := new(big.Int).Quo(new(big.Int).Mul(a, new(big.Int).SetUint64(rOut)), den)
		if want.Uint64() != got {
			t.Fatalf("AmountOut(%d,%d,%d) = %d want %s", in, rIn, rOut, got, want)
		}
		// get_amount_in of that output never asks for more than the input
		// (the +1 covers the floor), and always asks for a positive amount.
		if got > 0 && got < rOut {
			back, err := AmountIn(got, rOut, rIn, DefaultFee, FeeScale)
			if err != nil || back > in+1 || back == 0 {
				t.Fatalf("AmountIn(%d) = %d,%v for in %d", got, back, err, in)
			}
		}
	}
}

func TestCompareOrdering(t *testing.T) {
	cases := []struct {
		x, y string
		want int
	}{
		// A shorter struct name sorts first, whatever the address: the BCS
		// length prefix is compared first.
		{luckyT, supraT, -1},
		{supraT, luckyT, 1},
		{supraT, usdcT, -1}, // SupraCoin (9) before DexlynUSDC (10)
		{spikeT, luckyT, 1}, // same length: 'L' < 'S'
		{"0x1::b::Coin", "0x1::a::Coin", 1},
		{"0x2::m::Coin", "0x1::m::Coin", 1},
		{"0x0100::m::Coin", "0x02::m::Coin", 1}, // addresses compare as big-endian numbers
		{"0x1::m::PECKY", "0x1::m::Pecky", -1},  // 'E' 0x45 < 'e' 0x65
		{"0x1::m::Coin", "0x01::m::Coin", 0},
		{"0x1::m::" + strings.Repeat("A", 200), "0x1::m::ZZZZZ", 1}, // two-byte ULEB128 length
	}
	for _, c := range cases {
		if got := Compare(MustParseCoinType(c.x), MustParseCoinType(c.y)); got != c.want {
			t.Errorf("Compare(%s, %s) = %d want %d", c.x, c.y, got, c.want)
		}
	}
	if _, err := IsSorted(supraCoin, supraCoin); !errors.Is(err, ErrSameCoin) {
		t.Fatal(err)
	}
}

func TestParseAndFormat(t *testing.T) {
	cases := []struct{ in, want string }{
		{supraT, supraT},
		{"0x0000000000000000000000000000000000000000000000000000000000000001::supra_coin::SupraCoin", supraT},
		{"0x0fec116479f1fd3cb9732cc768e6061b0e45b178a610b9bc23c2143a6493e794::memecoins::SPIKE", spikeT},
		{"0XABC::m::N", "0xabc::m::N"},
	}
	for _, c := range cases {
		ct, err := ParseCoinType(c.in)
		if err != nil || ct.String() != c.want {
			t.Errorf("ParseCoinType(%s) = %s,%v want %s", c.in, ct, err, c.want)
		}
	}
	for _, bad := range []string{"", "0x1::a", "0x1::::B", "zz::a::B", "0x" + strings.Repeat("1", 65) + "::a::B"} {
		if _, err := ParseCoinType(bad); !errors.Is(err, ErrBadType) {
			t.Errorf("ParseCoinType(%q) = %v", bad, err)
		}
	}
}

// newPool makes a LUCKY/SUPRA pool (LUCKY is X) with the given reserves.
func newPool(t *testing.T, rLucky, rSupra uint64) *Exchange {
	t.Helper()
	e := NewExchange()
	if err := e.RegisterPool(lucky, supraCoin); err != nil {
		t.Fatal(err)
	}
	if _, err := e.AddLiquidity(Address{9}, lucky, supraCoin, rLucky, 0, rSupra, 0); err != nil {
		t.Fatal(err)
	}
	return e
}

func TestRouterViewsFollowArgumentOrder(t *testing.T) {
	e := newPool(t, 1_000_000_000_000, 50_000_000_000_000)
	x, y, err := e.ReservesSize(lucky, supraCoin)
	if err != nil || x != 1_000_000_000_000 || y != 50_000_000_000_000 {
		t.Fatalf("sorted order: %d %d %v", x, y, err)
	}
	y2, x2, _ := e.ReservesSize(supraCoin, lucky)
	if x2 != x || y2 != y {
		t.Fatalf("reversed order: %d %d", y2, x2)
	}
	for _, pair := range [][2]CoinType{{lucky, supraCoin}, {supraCoin, lucky}} {
		ok, err := e.IsSwapExists(pair[0], pair[1])
		if !ok || err != nil {
			t.Fatal("is_swap_exists", err)
		}
		fee, scale, _ := e.FeesConfig(pair[0], pair[1])
		if fee != 30 || scale != 10000 {
			t.Fatal("fees", fee, scale)
		}
	}
	if ok, err := e.IsSwapExists(lucky, usdc); ok || err != nil {
		t.Fatal("missing pool", ok, err)
	}
	if _, err := e.AmountOut(lucky, usdc, 1); !errors.Is(err, ErrPoolMissing) {
		t.Fatal(err)
	}
	// get_amount_out<SUPRA, LUCKY> uses the SUPRA reserve as reserve_in.
	got, _ := e.AmountOut(supraCoin, lucky, 100_000_000)
	want, _ := AmountOut(100_000_000, y, x, 30, 10000)
	if got != want {
		t.Fatalf("amount out %d want %d", got, want)
	}
	got, _ = e.AmountIn(supraCoin, lucky, 1_000_000)
	want, _ = AmountIn(1_000_000, x, y, 30, 10000)
	if got != want {
		t.Fatalf("amount in %d want %d", got, want)
	}
}

func TestSwapBothDirections(t *testing.T) {
	const rl, rs = 1_000_000_000_000, 50_000_000_000_000 // 1M LUCKY, 500k SUPRA
	cases := []struct {
		name      string
		in, out   CoinType
		amount    uint64
		wantEvent SwapEvent
	}{
		{"buy LUCKY with SUPRA", supraCoin, lucky, 100_000_000, SwapEvent{PairX: luckyT, PairY: supraT, YIn: 100_000_000, XOut: 1_993_996, Timestamp: 77}},
		{"sell LUCKY for SUPRA", lucky, supraCoin, 2_000_000, SwapEvent{PairX: luckyT, PairY: supraT, XIn: 2_000_000, YOut: 99_699_801, Timestamp: 77}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := newPool(t, rl, rs)
			before := e.Holdings()
			quote, _ := e.AmountOut(c.in, c.out, c.amount)
			got, ev, err := e.Swap(c.in, c.out, c.amount, quote, 77)
			if err != nil {
				t.Fatal(err)
			}
			if got != quote || ev != c.wantEvent {
				t.Fatalf("got %d event %+v want %+v", got, ev, c.wantEvent)
			}
			// Conservation: the pool account gained the input and lost the output.
			after := e.Holdings()
			if after[c.in.String()] != before[c.in.String()]+c.amount || after[c.out.String()] != before[c.out.String()]-got {
				t.Fatalf("holdings %v → %v", before, after)
			}
			// DAO share: ceil(30×33/100) = 10 per 10,000 of the input.
			p, _ := e.Pool(lucky, supraCoin)
			dao := p.DaoX + p.DaoY
			if dao != c.amount*10/10000 {
				t.Fatalf("dao %d", dao)
			}
		})
	}
}

func TestSwapAbortsChangeNothing(t *testing.T) {
	e := newPool(t, 1_000_000_000_000, 50_000_000_000_000)
	before, _ := e.Pool(lucky, supraCoin)
	quote, _ := e.AmountOut(supraCoin, lucky, 100_000_000)
	cases := []struct {
		name        string
		in, out     CoinType
		amount, min uint64
		err         error
	}{
		{"min out", supraCoin, lucky, 100_000_000, quote + 1, ErrOutBelowMin},
		{"pool missing", supraCoin, usdc, 100_000_000, 0, ErrPoolMissing},
		{"same coin", supraCoin, supraCoin, 1, 0, ErrSameCoin},
		{"empty input", supraCoin, lucky, 0, 0, ErrEmptyCoinIn},
		{"dust input gives nothing: k must grow strictly", supraCoin, lucky, 1, 0, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			snap := e.Clone()
			_, _, err := e.Swap(c.in, c.out, c.amount, c.min, 1)
			if !errors.Is(err, c.err) {
				t.Fatalf("err %v want %v", err, c.err)
			}
			if err != nil {
				if after, _ := e.Pool(lucky, supraCoin); after != before {
					t.Fatalf("pool changed %+v", after)
				}
			}
			e = snap
		})
	}
	if code, ok := AbortCode(ErrOutBelowMin); !ok || code != 205 {
		t.Fatal(code)
	}
}

func TestPoolSwapRejectsValueLoss(t *testing.T) {
	p := Pool{ReserveX: 10_000, ReserveY: 10_000, Fee: 30, DaoFee: 33}
	// Asking one more than the formula allows breaks the k check.
	out, _ := AmountOut(1000, 10_000, 10_000, 30, FeeScale)
	if _, err := poolSwap(p, 1000, 0, 0, out+1); !errors.Is(err, ErrIncorrectSwap) {
		t.Fatalf("out+1: %v", err)
	}
	if _, err := poolSwap(p, 1000, 0, 0, out); err != nil {
		t.Fatalf("out: %v", err)
	}
}

func TestLiquidity(t *testing.T) {
	e := NewExchange()
	if err := e.RegisterPool(supraCoin, lucky); !errors.Is(err, ErrWrongCoinOrder) {
		t.Fatal("unsorted register", err)
	}
	if err := e.RegisterPool(lucky, supraCoin); err != nil {
		t.Fatal(err)
	}
	if err := e.RegisterPool(lucky, supraCoin); !errors.Is(err, ErrPoolExists) {
		t.Fatal(err)
	}
	a, b := Address{1}, Address{2}
	// Too little initial liquidity: sqrt(1000×1000) = 1000 is not > 1000.
	if _, err := e.AddLiquidity(a, lucky, supraCoin, 1000, 0, 1000, 0); !errors.Is(err, ErrInitialLiquidity) {
		t.Fatal(err)
	}
	r, err := e.AddLiquidity(a, lucky, supraCoin, 100_000_000, 0, 1_000_000, 0)
	if err != nil || r.LP != 9_999_000 || r.UsedX != 100_000_000 || r.UsedY != 1_000_000 {
		t.Fatalf("initial %+v %v", r, err)
	}
	cases := []struct {
		name             string
		x, xMin, y, yMin uint64
		want             LiquidityResult
		err              error
	}{
		// y desired above the price: y is reduced to x's value.
		{"excess y", 1_000_000, 0, 1_000_000, 0, LiquidityResult{1_000_000, 10_000, 99_990}, nil},
		// x desired above the price: x is reduced to y's value.
		{"excess x", 50_000_000, 0, 100_000, 0, LiquidityResult{10_000_000, 100_000, 999_900}, nil},
		{"y below min", 1_000_000, 0, 1_000_000, 10_001, LiquidityResult{}, ErrInsufficientY},
		{"x below min", 50_000_000, 10_000_001, 100_000, 0, LiquidityResult{}, ErrInsufficientX},
		{"desired below min", 5, 6, 5, 0, LiquidityResult{}, ErrInsufficientX},
		{"dust mints nothing", 1, 0, 1, 0, LiquidityResult{}, ErrNotEnoughLiquidity},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			before, _ := e.Pool(lucky, supraCoin)
			got, err := e.AddLiquidity(b, lucky, supraCoin, c.x, c.xMin, c.y, c.yMin)
			if !errors.Is(err, c.err) || got != c.want {
				t.Fatalf("got %+v,%v want %+v,%v", got, err, c.want, c.err)
			}
			after, _ := e.Pool(lucky, supraCoin)
			if err != nil && after != before {
				t.Fatal("pool changed on error")
			}
			if err == nil && (after.ReserveX != before.ReserveX+got.UsedX || after.LPSupply != before.LPSupply+got.LP) {
				t.Fatal("reserves not updated")
			}
		})
	}
	if _, err := e.AddLiquidity(b, supraCoin, lucky, 1, 0, 1, 0); !errors.Is(err, ErrWrongCoinOrder) {
		t.Fatal(err)
	}
	// LP balances add up to the supply.
	la, _ := e.LPBalance(a, lucky, supraCoin)
	lb, _ := e.LPBalance(b, supraCoin, lucky)
	p, _ := e.Pool(lucky, supraCoin)
	if la+lb != p.LPSupply {
		t.Fatalf("lp %d + %d != %d", la, lb, p.LPSupply)
	}
	// Remove: proportional, floored; more than owned fails.
	if _, _, err := e.RemoveLiquidity(b, lucky, supraCoin, lb+1, 0, 0); !errors.Is(err, ErrInsufficientLP) {
		t.Fatal(err)
	}
	if _, _, err := e.RemoveLiquidity(b, lucky, supraCoin, lb, 1<<62, 0); !errors.Is(err, ErrOutBelowMin) {
		t.Fatal(err)
	}
	ox, oy, err := e.RemoveLiquidity(b, lucky, supraCoin, lb, 0, 0)
	if err != nil || ox != lb*p.ReserveX/p.LPSupply || oy != lb*p.ReserveY/p.LPSupply {
		t.Fatalf("remove %d %d %v", ox, oy, err)
	}
}

// A random walk of swaps and liquidity changes: the pool's holdings always
// equal what went in minus what came out, and k never decreases.
func TestRandomOperationsConserve(t *testing.T) {
	e := newPool(t, 1_000_000_000_000, 50_000_000_000_000)
	r := rand.New(rand.NewPCG(3, 4))
	held := e.Holdings()
	for i := range 5_000 {
		p0, _ := e.Pool(lucky, supraCoin)
		switch r.IntN(3) {
		case 0, 1:
			in, out := lucky, supraCoin
			if r.IntN(2) == 0 {
				in, out = supraCoin, lucky
			}
			amt := r.Uint64N(10_000_000_000) + 1
			got, _, err := e.Swap(in, out, amt, 0, uint64(i))
			if err != nil {
				continue
			}
			held[in.String()] += amt
			held[out.String()] -= got
		case 2:
			res, err := e.AddLiquidity(Address{byte(r.IntN(4))}, lucky, supraCoin, r.Uint64N(1e9)+1, 0, r.Uint64N(5e10)+1, 0)
			if err != nil {
				continue
			}
			held[luckyT] += res.UsedX
			held[supraT] += res.UsedY
		}
		p1, _ := e.Pool(lucky, supraCoin)
		k0 := new(big.Int).Mul(new(big.Int).SetUint64(p0.ReserveX), new(big.Int).SetUint64(p0.ReserveY))
		k1 := new(big.Int).Mul(new(big.Int).SetUint64(p1.ReserveX), new(big.Int).SetUint64(p1.ReserveY))
		if k1.Cmp(k0) < 0 {
			t.Fatalf("step %d: k decreased", i)
		}
	}
	got := e.Holdings()
	if got[luckyT] != held[luckyT] || got[supraT] != held[supraT] {
		t.Fatalf("holdings %v, expected %v", got, held)
	}
}

func TestJSONRoundTrip(t *testing.T) {
	e := newPool(t, 1_000_000_000, 2_000_000_000)
	_, _, _ = e.Swap(supraCoin, lucky, 1_000_000, 0, 5)
	b, err := json.Marshal(e)
	if err != nil {
		t.Fatal(err)
	}
	var back Exchange
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	b2, _ := json.Marshal(&back)
	if string(b) != string(b2) {
		t.Fatalf("%s\n%s", b, b2)
	}
	p1, _ := e.Pool(lucky, supraCoin)
	p2, _ := back.Pool(supraCoin, lucky)
	l1, _ := e.LPBalance(Address{9}, lucky, supraCoin)
	l2, _ := back.LPBalance(Address{9}, lucky, supraCoin)
	if p1 != p2 || l1 != l2 || l1 == 0 {
		t.Fatalf("%+v %+v", p1, p2)
	}
}
