package api

import (
	"context"
	"fmt"
	"strconv"

	"github.com/luckycoin/lucky/internal/supra"
)

// gameCoin is the account's Cosmic Miners coin (MINE), for its balances and its portfolio:
// the game's coin is not on the token list, so the market never reads it, yet a wallet
// holding it should see it. ok is false on a network without the miners module.
func (h *Handler) gameCoin(ctx context.Context, addr supra.Address) (balanceJSON, bool, error) {
	if h.miners == nil || !h.miners.MinersLive() {
		return balanceJSON{}, false, nil
	}
	coin, err := h.miners.MineCoinType()
	if err != nil {
		return balanceJSON{}, false, fmt.Errorf("game coin: %w", err)
	}
	info, err := h.coins.CoinInfo(ctx, coin)
	if err != nil {
		return balanceJSON{}, false, fmt.Errorf("game coin %s: %w", coin, err)
	}
	amount, err := h.coins.CoinBalance(ctx, addr, coin)
	if err != nil {
		return balanceJSON{}, false, fmt.Errorf("game coin balance: %w", err)
	}
	return balanceJSON{Name: info.Symbol, Symbol: info.Symbol, CoinType: coin.String(), Decimals: info.Decimals,
		Amount: strconv.FormatUint(amount, 10)}, true, nil
}
