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
	// Bots are the Telegram usernames of the bots that run (bot → username), for the
	// /bots page; a bot not listed is not running for this deployment.
	Bots map[string]string
	Log  *slog.Logger
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
	bots   map[string]string
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
		d.Market = NewMarket(d.Chain, d.Log)
	}
	return &Handler{net: d.Network, tokens: d.Tokens, chain: d.Chain, market: d.Market, log: d.Log, certs: newCertCache(512), index: d.Index,
		bots: d.Bots}
}

// NewMarket is the market service the API builds over the bindings (with the staking
// pool's total where the network has one), for a process that shares it (the bots).
func NewMarket(c *chain.Client, log *slog.Logger) *market.Service {
	return market.New(c, market.Options{Log: log, Staking: stakingTotals(c)})
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
	// Bots maps each bot that exists in code to its Telegram username, null when it does
	// not run for this deployment (the page then says so instead of guessing a handle).
	Bots map[string]*string `json:"bots"`
}

// GetConfig serves GET /api/v1/config: the network the app targets and the token registry.
func (h *Handler) GetConfig(w http.ResponseWriter, r *http.Request) {
	WriteJSON(w, http.StatusOK, configResponse{
		Network:       h.net,
		KnownChainIDs: h.net.KnownChainIDs(),
		Tokens:        h.tokens.All(),
		Bots:          h.botUsernames(),
	})
}

// botUsernames lists the bots that exist in code (internal/bots); the page's other bots
// are a showcase until their contracts exist.
func (h *Handler) botUsernames() map[string]*string {
	out := map[string]*string{}
	for _, b := range []string{"suprabot", "burnbot"} {
		if u := h.bots[b]; u != "" {
			out[b] = &u
		} else {
			out[b] = nil
		}
	}
	return out
}
