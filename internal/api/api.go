package api

import (
	"context"
	"log/slog"
	"math/big"
	"net/http"

	"github.com/luckycoin/lucky/internal/chain"
	"github.com/luckycoin/lucky/internal/config"
	"github.com/luckycoin/lucky/internal/market"
	"github.com/luckycoin/lucky/internal/supra"
	"github.com/luckycoin/lucky/internal/tokens"
)

// Deps are what the handlers need.
type Deps struct {
	Network config.Network
	Tokens  *tokens.Registry
	Node    *supra.Client
	// Chain is the contract bindings; when nil, New builds one over Node (without an ABI
	// source, so transaction building is unavailable).
	Chain *chain.Client
	// Market is the market data service; when nil, New builds one over Chain.
	Market *market.Service
	// Index adds the event index's 24 h figures to the LUCKY dashboard (nil: none).
	Index *IndexHandler
	Log   *slog.Logger
}

// Handler holds the /api/v1 handlers. The route table lives in internal/server.
type Handler struct {
	net    config.Network
	tokens *tokens.Registry
	chain  *chain.Client
	market *market.Service
	log    *slog.Logger
	certs  *certCache // burn certificates by transaction hash
	index  *IndexHandler
}

// New returns the API handlers.
func New(d Deps) *Handler {
	if d.Log == nil {
		d.Log = slog.New(slog.DiscardHandler)
	}
	if d.Chain == nil && d.Node != nil {
		d.Chain = chain.New(d.Node, d.Network, d.Tokens, chain.Options{})
	}
	if d.Market == nil && d.Chain != nil {
		d.Market = market.New(d.Chain, market.Options{Log: d.Log, Staking: stakingTotals(d.Chain)})
	}
	return &Handler{net: d.Network, tokens: d.Tokens, chain: d.Chain, market: d.Market, log: d.Log, certs: newCertCache(512), index: d.Index}
}

// stakingTotals feeds the dashboard's "Staked" card from the staking pool where the
// network has one (it stakes SUPRA); nil elsewhere, and the card says 'Coming Soon'.
func stakingTotals(c *chain.Client) func(context.Context) (*market.StakingTotals, error) {
	supraToken, ok := c.Tokens().ByCoinType(supra.SupraCoinType)
	if !c.StakingLive() || !ok {
		return nil
	}
	return func(ctx context.Context) (*market.StakingTotals, error) {
		g, err := c.StakingGlobal(ctx)
		if err != nil {
			return nil, err
		}
		return &market.StakingTotals{Coin: supraToken, Staked: new(big.Int).SetUint64(g.TotalStaked)}, nil
	}
}

type configResponse struct {
	Network       config.Network `json:"network"`
	KnownChainIDs []int          `json:"knownChainIds"`
	Tokens        []tokens.Token `json:"tokens"`
}

// GetConfig serves GET /api/v1/config: the network the app targets and the token registry.
func (h *Handler) GetConfig(w http.ResponseWriter, r *http.Request) {
	WriteJSON(w, http.StatusOK, configResponse{
		Network:       h.net,
		KnownChainIDs: h.net.KnownChainIDs(),
		Tokens:        h.tokens.All(),
	})
}
