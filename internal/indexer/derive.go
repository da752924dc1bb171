package indexer

import (
	"github.com/luckycoin/lucky/internal/config"
	"github.com/luckycoin/lucky/internal/store"
	"github.com/luckycoin/lucky/internal/tokens"
)

// USDToken names the registry's dollar stable coin: its pool against SUPRA gives SUPRA's
// USD price.
const USDToken = "dexUSDC"

// Derive is the app's derivation on a network: SUPRA-quoted pools, USD through the
// dexUSDC pool, LUCKY holders, burns to the network's burn address, decimals from the
// token registry.
func Derive(net config.Network, reg *tokens.Registry) store.Derive {
	d := store.Derive{Native: net.Modules.NativeCoin, BurnAddress: net.Modules.BurnAddress,
		Decimals: func(coinType string) (uint8, bool) {
			t, ok := reg.ByCoinType(coinType)
			return t.Decimals, ok
		}}
	if t, ok := reg.ByName("LUCKY"); ok {
		d.Lucky = t.CoinType
	}
	if t, ok := reg.ByName(USDToken); ok {
		d.USDCoin = t.CoinType
	}
	return d
}
