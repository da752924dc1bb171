package contracts

import (
	"github.com/luckycoin/lucky/internal/devnet"
	"github.com/luckycoin/lucky/internal/devnet/contracts/dex"
)

// emitLiquidity emits a liquidity event of the pool x/y with amounts (Liquidswap's
// field names). By default it also carries the pair as pair_x and pair_y, as Dexlyn's
// SwapEvent does; with minimal events (devnet.Options.MinimalEvents) it has Liquidswap's
// published shape only, the pair in the type's arguments:
// LiquidityAddedEvent<X, Y, Curve>.
func emitLiquidity(ex *devnet.Exec, eventType string, x, y dex.CoinType, amounts map[string]any) error {
	if ex.MinimalEvents() {
		return ex.Emit(eventType+"<"+x.String()+", "+y.String()+", "+UncorrelatedType+">", amounts)
	}
	amounts["pair_x"], amounts["pair_y"] = x.String(), y.String()
	return ex.Emit(eventType, amounts)
}
