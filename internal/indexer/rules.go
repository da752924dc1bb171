package indexer

import (
	"errors"
	"fmt"

	"github.com/luckycoin/lucky/internal/config"
	"github.com/luckycoin/lucky/internal/history"
	"github.com/luckycoin/lucky/internal/store"
	"github.com/luckycoin/lucky/internal/supra"
	"github.com/luckycoin/lucky/internal/tokens"
)

// ErrRules: the network or the token registry names a coin type or burn address that
// does not parse, so the trading rules cannot be built.
var ErrRules = errors.New("indexer: bad trading rules")

// NetworkRules are the app's trading and holding rules on a network: SUPRA-quoted pools, USD
// through the dexUSDC pool, LUCKY holders, burns to the network's burn address, decimals
// from the token registry.
func NetworkRules(net config.Network, reg *tokens.Registry) (history.Rules, error) {
	var r history.Rules
	var err error
	if r.Native, err = supra.ParseCoinType(net.Modules.NativeCoin); err != nil {
		return r, fmt.Errorf("%w: native coin %q: %v", ErrRules, net.Modules.NativeCoin, err)
	}
	if net.Modules.BurnAddress != "" {
		if r.BurnAddress, err = store.CanonAddress(net.Modules.BurnAddress); err != nil {
			return r, fmt.Errorf("%w: burn address %q: %v", ErrRules, net.Modules.BurnAddress, err)
		}
	}
	// The registry names the app's token and the dollar coin by role; their coin types were
	// parsed when it loaded.
	if t, ok := reg.App(); ok {
		r.Lucky = t.Coin()
	}
	if t, ok := reg.USD(); ok {
		r.USDCoin = t.Coin()
	}
	r.Decimals = func(c supra.CoinType) (uint8, bool) {
		t, ok := reg.ByCoin(c)
		return t.Decimals, ok
	}
	return r, nil
}
