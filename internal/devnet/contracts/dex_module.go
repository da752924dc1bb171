package contracts

import (
	"errors"
	"fmt"

	"github.com/luckycoin/lucky/internal/devnet"
	"github.com/luckycoin/lucky/internal/devnet/contracts/dex"
	"github.com/luckycoin/lucky/internal/supra"
)

// The Dexlyn package (0x0dc6…70d8): router (views), scripts (entries),
// liquidity_pool (events) and curves (curve types), over package dex. The
// pools' coins sit in the coin stores of Dexlyn's mainnet LP resource
// account 0x22a2…a7c4; the state resource at the package address records
// every pool's reserves, DAO share and LP balances.
const (
	dexPkg                    = "0xdc694898dff98a1b0447e0992d0413e123ea80da1021d464a4fbaf0265870d8"
	dexStateType              = dexPkg + "::liquidity_pool::PoolsState"
	UncorrelatedType          = dexPkg + "::curves::Uncorrelated"
	StableType                = dexPkg + "::curves::Stable"
	SwapEventType             = dexPkg + "::liquidity_pool::SwapEvent"
	LiquidityAddedEventType   = dexPkg + "::liquidity_pool::LiquidityAddedEvent"
	LiquidityRemovedEventType = dexPkg + "::liquidity_pool::LiquidityRemovedEvent"

	codeInvalidCurve = 10001 // liquidswap curves::ERR_INVALID_CURVE
)

func dexModuleID(name string) supra.ModuleID {
	return supra.ModuleID{Address: DexlynAddress, Name: name}
}

// readExchange returns the pools as shared by every reader of the stored state: views
// must not modify them. With a few hundred pools, decoding them is most of a view's cost.
func readExchange(ex *devnet.Exec) (*dex.Exchange, error) {
	return readState[dex.Exchange](ex, DexlynAddress, dexStateType)
}

// loadExchange returns a copy of the pools for a transaction to change and store.
func loadExchange(ex *devnet.Exec) (*dex.Exchange, error) {
	e, err := readExchange(ex)
	if err != nil {
		return nil, err
	}
	return e.Clone(), nil
}

// dexAbort maps package dex errors to Liquidswap's abort codes.
func dexAbort(ex *devnet.Exec, err error) error {
	if c, ok := dex.AbortCode(err); ok {
		return ex.AbortWithReason(c, "", err.Error())
	}
	if errors.Is(err, dex.ErrArithmetic) {
		return ex.AbortWithReason(code(catOutOfRange, 0), "EARITHMETIC", err.Error())
	}
	return err
}

// pairArgs decodes <X, Y, Curve>: the curve must be Uncorrelated (no stable
// pools exist on the devnet; other types are not curves).
func pairArgs(ex *devnet.Exec, tags []supra.TypeTag) (x, y dex.CoinType, err error) {
	if len(tags) != 3 {
		return x, y, fmt.Errorf("%w: want <X, Y, Curve>", devnet.ErrBadArgument)
	}
	curve := tags[2].String()
	switch {
	case coinOf(curve) == coinOf(UncorrelatedType):
	case coinOf(curve) == coinOf(StableType):
		return x, y, ex.AbortWithReason(107, "", "no stable pools on the devnet") // ERR_POOL_DOES_NOT_EXIST
	default:
		return x, y, ex.AbortWithReason(codeInvalidCurve, "", "not a curve: "+curve)
	}
	if x, err = dex.ParseCoinType(tags[0].String()); err != nil {
		return x, y, fmt.Errorf("%w: %v", devnet.ErrBadArgument, err)
	}
	if y, err = dex.ParseCoinType(tags[1].String()); err != nil {
		return x, y, fmt.Errorf("%w: %v", devnet.ErrBadArgument, err)
	}
	return x, y, nil
}

// curvesModule declares the curve structs.
type curvesModule struct{}

func (curvesModule) ID() supra.ModuleID { return dexModuleID("curves") }
func (curvesModule) ABI() devnet.ABI {
	return devnet.ABI{
		Functions: []devnet.Function{
			{Name: "is_uncorrelated", IsView: true, GenericTypeParams: 1, Return: []string{"bool"}},
			{Name: "is_stable", IsView: true, GenericTypeParams: 1, Return: []string{"bool"}},
		},
		Structs: []devnet.Struct{{Name: "Uncorrelated"}, {Name: "Stable"}},
	}
}
func (curvesModule) Genesis(*devnet.Exec) error { return nil }
func (curvesModule) Execute(*devnet.Exec, devnet.EntryCall) error {
	return fmt.Errorf("%w: curves has no entry functions", devnet.ErrBadArgument)
}
func (curvesModule) View(ex *devnet.Exec, call devnet.ViewCall) ([]any, error) {
	t, err := typeArg(call.TypeArgs, 0)
	if err != nil {
		return nil, err
	}
	switch call.Function {
	case "is_uncorrelated":
		return []any{coinOf(t) == coinOf(UncorrelatedType)}, nil
	case "is_stable":
		return []any{coinOf(t) == coinOf(StableType)}, nil
	}
	return nil, fmt.Errorf("%w: curves::%s", devnet.ErrBadArgument, call.Function)
}

// liquidityPoolModule declares the pool events and the state resource.
type liquidityPoolModule struct{}

func (liquidityPoolModule) ID() supra.ModuleID { return dexModuleID("liquidity_pool") }
func (liquidityPoolModule) ABI() devnet.ABI {
	u64 := func(n string) devnet.Field { return devnet.Field{Name: n, Type: "u64"} }
	str := func(n string) devnet.Field { return devnet.Field{Name: n, Type: "0x1::string::String"} }
	return devnet.ABI{Structs: []devnet.Struct{
		{Name: "SwapEvent", Abilities: []string{"drop", "store"}, Fields: []devnet.Field{
			str("pair_x"), str("pair_y"), u64("x_in"), u64("x_out"), u64("y_in"), u64("y_out"), u64("timestamp")}},
		{Name: "LiquidityAddedEvent", Abilities: []string{"drop", "store"}, Fields: []devnet.Field{
			str("pair_x"), str("pair_y"), u64("added_x_val"), u64("added_y_val"), u64("lp_tokens_received")}},
		{Name: "LiquidityRemovedEvent", Abilities: []string{"drop", "store"}, Fields: []devnet.Field{
			str("pair_x"), str("pair_y"), u64("returned_x_val"), u64("returned_y_val"), u64("lp_tokens_burned")}},
		{Name: "PoolsState", Abilities: []string{"key"}, Fields: []devnet.Field{{Name: "pools", Type: "vector<u8>"}}},
	}}
}
func (liquidityPoolModule) Genesis(ex *devnet.Exec) error {
	return ex.SetResource(DexlynAddress, dexStateType, dex.NewExchange())
}
func (liquidityPoolModule) Execute(*devnet.Exec, devnet.EntryCall) error {
	return fmt.Errorf("%w: liquidity_pool has no entry functions", devnet.ErrBadArgument)
}
func (liquidityPoolModule) View(*devnet.Exec, devnet.ViewCall) ([]any, error) {
	return nil, fmt.Errorf("%w: liquidity_pool has no views", devnet.ErrBadArgument)
}

// CheckInvariants: the LP account holds every pool's reserves and DAO share.
func (liquidityPoolModule) CheckInvariants(ex *devnet.Exec) error {
	e, err := readExchange(ex)
	if err != nil {
		return err
	}
	for coin, want := range e.Holdings() {
		if bal := ex.Balance(DexlynPoolAccount, coin); bal < want {
			return fmt.Errorf("dexlyn: pools record %d %s but the pool account holds %d", want, coin, bal)
		}
	}
	return nil
}

// routerModule serves the router: every function of Dexlyn's published
// router interface (internal/chain/testdata/dexlyn_interface.json holds it to
// that). The public non-entry, non-view functions take and return Coin values,
// so only other Move code could call them: the ABI lists them and the node
// refuses them as transactions and views.
type routerModule struct{}

// lpCoinType is Dexlyn's LP coin, LP<X, Y, Curve> at the LP resource account.
const lpCoinType = "0x22a28a1b5264935d4778d542b1e84bca8879cf78f6183e1a9429b56a40a1a7c4::lp_coin::LP<T0, T1, T2>"

func (routerModule) ID() supra.ModuleID { return dexModuleID("router") }
func (routerModule) ABI() devnet.ABI {
	v := func(name string, params, ret []string) devnet.Function {
		return devnet.Function{Name: name, IsView: true, GenericTypeParams: 3, Params: params, Return: ret}
	}
	fn := func(name string, generic int, params, ret []string) devnet.Function {
		return devnet.Function{Name: name, GenericTypeParams: generic, Params: params, Return: ret}
	}
	coin := func(t string) string { return "0x1::coin::Coin<" + t + ">" }
	u64s := func(n int) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = "u64"
		}
		return out
	}
	return devnet.ABI{Functions: []devnet.Function{
		fn("register_pool", 3, []string{"&signer"}, nil),
		fn("add_liquidity", 3, []string{coin("T0"), "u64", coin("T1"), "u64"}, []string{coin("T0"), coin("T1"), coin(lpCoinType)}),
		fn("remove_liquidity", 3, []string{coin(lpCoinType), "u64", "u64"}, []string{coin("T0"), coin("T1")}),
		fn("swap_exact_coin_for_coin", 3, []string{coin("T0"), "u64"}, []string{coin("T1")}),
		fn("swap_coin_for_exact_coin", 3, []string{coin("T0"), "u64"}, []string{coin("T0"), coin("T1")}),
		fn("swap_coin_for_coin_unchecked", 3, []string{coin("T0"), "u64"}, []string{coin("T1")}),
		v("get_decimals_scales", nil, u64s(2)),
		v("get_cumulative_prices", nil, []string{"u128", "u128", "u64"}),
		v("get_pool", nil, []string{"0x1::option::Option<address>"}),
		v("get_reserves_size", nil, u64s(2)),
		v("get_fees_config", nil, u64s(2)),
		v("get_fee", nil, u64s(1)),
		v("get_dao_fees_config", nil, u64s(2)),
		v("get_dao_fee", nil, u64s(1)),
		v("is_swap_exists", nil, []string{"bool"}),
		v("calc_optimal_coin_values", u64s(4), u64s(2)),
		fn("convert_with_current_price", 0, u64s(3), u64s(1)),
		v("get_reserves_for_lp_coins", u64s(1), u64s(2)),
		v("get_amount_out", u64s(1), u64s(1)),
		v("get_amount_in", u64s(1), u64s(1)),
	}}
}
func (routerModule) Genesis(*devnet.Exec) error { return nil }
func (routerModule) Execute(*devnet.Exec, devnet.EntryCall) error {
	return fmt.Errorf("%w: router has no entry functions", devnet.ErrBadArgument)
}

// viewArgCount is how many u64 arguments each router view takes.
var viewArgCount = map[string]int{"get_amount_out": 1, "get_amount_in": 1, "get_reserves_for_lp_coins": 1, "calc_optimal_coin_values": 4}

func (routerModule) View(ex *devnet.Exec, call devnet.ViewCall) ([]any, error) {
	if len(call.TypeArgs) == 3 && coinOf(call.TypeArgs[2].String()) == coinOf(StableType) {
		switch call.Function {
		case "is_swap_exists":
			return []any{false}, nil
		case "get_pool":
			return []any{map[string]any{"vec": []any{}}}, nil
		}
	}
	x, y, err := pairArgs(ex, call.TypeArgs)
	if err != nil {
		return nil, err
	}
	e, err := readExchange(ex)
	if err != nil {
		return nil, err
	}
	a := call.Args()
	n := make([]uint64, viewArgCount[call.Function])
	for i := range n {
		n[i] = a.U64()
	}
	if err := a.Done(); err != nil {
		return nil, err
	}
	two := func(a, b uint64, err error) ([]any, error) { return []any{supra.U64(a), supra.U64(b)}, err }
	one := func(v uint64, err error) ([]any, error) { return []any{supra.U64(v)}, err }
	var out []any
	switch call.Function {
	case "is_swap_exists":
		var ok bool
		if ok, err = e.IsSwapExists(x, y); err == nil {
			out = []any{ok}
		}
	case "get_pool":
		var ok bool
		if ok, err = e.IsSwapExists(x, y); err == nil {
			pool := []any{}
			if ok {
				pool = append(pool, DexlynPoolAccount.String())
			}
			out = []any{map[string]any{"vec": pool}}
		}
	case "get_reserves_size":
		out, err = two(e.ReservesSize(x, y))
	case "get_fees_config":
		out, err = two(e.FeesConfig(x, y))
	case "get_fee":
		var fee uint64
		fee, _, err = e.FeesConfig(x, y)
		out = []any{supra.U64(fee)}
	case "get_dao_fees_config":
		out, err = two(e.DaoFeesConfig(x, y))
	case "get_dao_fee":
		var fee uint64
		fee, _, err = e.DaoFeesConfig(x, y)
		out = []any{supra.U64(fee)}
	case "get_decimals_scales":
		out, err = two(e.DecimalsScales(x, y))
	case "get_cumulative_prices":
		var px, py dex.U128
		var ts uint64
		if px, py, ts, err = e.CumulativePrices(x, y); err == nil {
			out = []any{px.Big().String(), py.Big().String(), supra.U64(ts)}
		}
	case "calc_optimal_coin_values":
		out, err = two(e.CalcOptimal(x, y, n[0], n[1], n[2], n[3]))
	case "get_reserves_for_lp_coins":
		out, err = two(e.ReservesForLP(x, y, n[0]))
	case "get_amount_out":
		out, err = one(e.AmountOut(x, y, n[0]))
	case "get_amount_in":
		out, err = one(e.AmountIn(x, y, n[0]))
	default:
		return nil, fmt.Errorf("%w: router::%s", devnet.ErrBadArgument, call.Function)
	}
	if err != nil {
		return nil, dexAbort(ex, err)
	}
	return out, nil
}

// scriptsModule runs the entry functions.
type scriptsModule struct{ g *Genesis }

func (scriptsModule) ID() supra.ModuleID { return dexModuleID("scripts") }
func (scriptsModule) ABI() devnet.ABI {
	e := func(name string, params ...string) devnet.Function {
		return devnet.Function{Name: name, IsEntry: true, GenericTypeParams: 3, Params: append([]string{"&signer"}, params...)}
	}
	return devnet.ABI{Functions: []devnet.Function{
		e("swap", "u64", "u64"),
		e("swap_into", "u64", "u64"),
		e("swap_unchecked", "u64", "u64"),
		// Beyond the published interface: Liquidswap's liquidity scripts, which the
		// devnet's tools use to seed pools (see beyond_interface in the fixture).
		e("register_pool_and_add_liquidity", "u64", "u64", "u64", "u64"),
		e("add_liquidity", "u64", "u64", "u64", "u64"),
		e("remove_liquidity", "u64", "u64", "u64"),
	}}
}

// Genesis seeds every pool of the genesis (TOKEN/SUPRA, and TOKEN/QUOTE
// such as LUCKY/dexUSDC) from the treasury (the treasury is the LP provider).
func (m scriptsModule) Genesis(ex *devnet.Exec) error {
	e, err := loadExchange(ex)
	if err != nil {
		return err
	}
	for _, p := range m.g.Pools {
		t, ok := m.g.Token(p.Token)
		if !ok {
			return fmt.Errorf("%w: pool for unknown %s", ErrGenesis, p.Token)
		}
		q, ok := m.g.Token(m.g.QuoteSymbol(p))
		if !ok {
			return fmt.Errorf("%w: pool quoted in unknown %s", ErrGenesis, m.g.QuoteSymbol(p))
		}
		tv, err := m.g.Amount(p.Token, p.TokenAmount)
		if err != nil {
			return err
		}
		qv, err := m.g.Amount(q.Symbol, p.QuoteWhole())
		if err != nil {
			return err
		}
		tok, err := dex.ParseCoinType(t.CoinType)
		if err != nil {
			return err
		}
		quote, err := dex.ParseCoinType(q.CoinType)
		if err != nil {
			return err
		}
		x, y, xv, yv := tok, quote, tv, qv
		if sorted, _ := dex.IsSorted(tok, quote); !sorted {
			x, y, xv, yv = quote, tok, qv, tv
		}
		if err := e.RegisterPool(x, y); err != nil {
			return fmt.Errorf("pool %s: %w", p.Token, err)
		}
		if err := e.UpdateOracle(x, y, now(ex)); err != nil { // register_pool stamps the oracle
			return fmt.Errorf("pool %s: %w", p.Token, err)
		}
		res, err := e.AddLiquidity(dex.Address(TreasuryAddress), x, y, xv, xv, yv, yv)
		if err != nil {
			return fmt.Errorf("pool %s: %w", p.Token, err)
		}
		if err := transfer(ex, TreasuryAddress, DexlynPoolAccount, x.String(), res.UsedX); err != nil {
			return err
		}
		if err := transfer(ex, TreasuryAddress, DexlynPoolAccount, y.String(), res.UsedY); err != nil {
			return err
		}
		if err := emitLiquidityAdded(ex, x, y, res); err != nil {
			return err
		}
	}
	return devnet.SetSharedResource(ex, DexlynAddress, dexStateType, e)
}

type swapEventJSON struct {
	PairX     string    `json:"pair_x"`
	PairY     string    `json:"pair_y"`
	XIn       supra.U64 `json:"x_in"`
	XOut      supra.U64 `json:"x_out"`
	YIn       supra.U64 `json:"y_in"`
	YOut      supra.U64 `json:"y_out"`
	Timestamp supra.U64 `json:"timestamp"`
}

func (scriptsModule) Execute(ex *devnet.Exec, call devnet.EntryCall) error {
	x, y, err := pairArgs(ex, call.TypeArgs)
	if err != nil {
		return err
	}
	e, err := loadExchange(ex)
	if err != nil {
		return err
	}
	sender := ex.Sender()
	a := call.Args()
	switch call.Function {
	case "swap", "swap_into", "swap_unchecked":
		first, second := a.U64(), a.U64()
		if err := a.Done(); err != nil {
			return err
		}
		var amountIn, out uint64
		var ev dex.SwapEvent
		switch call.Function {
		case "swap": // exact in, at least second out
			amountIn = first
			out, ev, err = e.Swap(x, y, first, second, now(ex))
		case "swap_into": // at most first in, exactly second out
			out = second
			amountIn, ev, err = e.SwapInto(x, y, first, second, now(ex))
		default: // exactly first in for exactly second out, if the pool's invariant allows
			amountIn, out = first, second
			ev, err = e.SwapUnchecked(x, y, first, second, now(ex))
		}
		if err != nil {
			return dexAbort(ex, err)
		}
		if err := ex.Transfer(sender, DexlynPoolAccount, x.String(), amountIn); err != nil {
			return err
		}
		if err := transfer(ex, DexlynPoolAccount, sender, y.String(), out); err != nil {
			return err
		}
		if err := ex.Emit(SwapEventType, swapEventJSON{ev.PairX, ev.PairY, supra.U64(ev.XIn), supra.U64(ev.XOut),
			supra.U64(ev.YIn), supra.U64(ev.YOut), supra.U64(ev.Timestamp)}); err != nil {
			return err
		}
	case "register_pool_and_add_liquidity", "add_liquidity":
		xv, xMin, yv, yMin := a.U64(), a.U64(), a.U64(), a.U64()
		if err := a.Done(); err != nil {
			return err
		}
		if call.Function == "register_pool_and_add_liquidity" {
			for _, c := range []dex.CoinType{x, y} {
				if _, ok := ex.CoinInfo(c.String()); !ok {
					return ex.Abort(3001, "") // ERR_IS_NOT_COIN
				}
			}
			if err := e.RegisterPool(x, y); err != nil {
				return dexAbort(ex, err)
			}
		}
		if err := e.UpdateOracle(x, y, now(ex)); err != nil {
			return dexAbort(ex, err)
		}
		res, err := e.AddLiquidity(dex.Address(sender), x, y, xv, xMin, yv, yMin)
		if err != nil {
			return dexAbort(ex, err)
		}
		if err := transfer(ex, sender, DexlynPoolAccount, x.String(), res.UsedX); err != nil {
			return err
		}
		if err := transfer(ex, sender, DexlynPoolAccount, y.String(), res.UsedY); err != nil {
			return err
		}
		if err := emitLiquidityAdded(ex, x, y, res); err != nil {
			return err
		}
	case "remove_liquidity":
		lp, xMin, yMin := a.U64(), a.U64(), a.U64()
		if err := a.Done(); err != nil {
			return err
		}
		if err := e.UpdateOracle(x, y, now(ex)); err != nil {
			return dexAbort(ex, err)
		}
		ox, oy, err := e.RemoveLiquidity(dex.Address(sender), x, y, lp, xMin, yMin)
		if err != nil {
			return dexAbort(ex, err)
		}
		if err := transfer(ex, DexlynPoolAccount, sender, x.String(), ox); err != nil {
			return err
		}
		if err := transfer(ex, DexlynPoolAccount, sender, y.String(), oy); err != nil {
			return err
		}
		if err := emitLiquidity(ex, LiquidityRemovedEventType, x, y, map[string]any{
			"returned_x_val": supra.U64(ox), "returned_y_val": supra.U64(oy), "lp_tokens_burned": supra.U64(lp)}); err != nil {
			return err
		}
	default:
		return fmt.Errorf("%w: scripts::%s", devnet.ErrBadArgument, call.Function)
	}
	return devnet.SetSharedResource(ex, DexlynAddress, dexStateType, e)
}

// emitLiquidityAdded emits Liquidswap's LiquidityAddedEvent with Dexlyn's pair fields.
func emitLiquidityAdded(ex *devnet.Exec, x, y dex.CoinType, res dex.LiquidityResult) error {
	return emitLiquidity(ex, LiquidityAddedEventType, x, y, map[string]any{
		"added_x_val": supra.U64(res.UsedX), "added_y_val": supra.U64(res.UsedY), "lp_tokens_received": supra.U64(res.LP)})
}

func (scriptsModule) View(*devnet.Exec, devnet.ViewCall) ([]any, error) {
	return nil, fmt.Errorf("%w: scripts has no views", devnet.ErrBadArgument)
}
