package api

import (
	"context"
	"io/fs"
	"log/slog"
	"maps"
	"math/big"
	"net/http"
	"slices"
	"strings"

	"github.com/luckycoin/lucky/internal/chain"
	"github.com/luckycoin/lucky/internal/config"
	"github.com/luckycoin/lucky/internal/market"
	"github.com/luckycoin/lucky/internal/store"
	"github.com/luckycoin/lucky/internal/tokens"
)

// Deps are what the handlers need. Each chain part is the small interface its handlers use
// (deps.go); the process wiring builds them (ChainOf picks them out of chain.New's clients)
// and the market service, so nothing here is built behind the caller's back.
type Deps struct {
	Network config.Network
	Tokens  *tokens.Registry
	Chain   Chain
	Market  Market
	// Index adds the event index's 24 h figures to the LUCKY dashboard (nil: none).
	Index *HistoryHandler
	// Bots reports each bot's state now (bot → status), for the /bots page; a bot not
	// listed (or nil Bots) is not running for this deployment.
	Bots func() map[string]BotStatus
	// Assets is the web build (web.Dist()): burn certificates draw the token logos the
	// app ships from it (nil: monograms).
	Assets fs.FS
	// PublicURL is the app's public address, for the QR code on burn certificates; ""
	// uses the address each request came to.
	PublicURL string
	// Features are switched off by the preflight (nil: every feature on).
	Features *Features
	Log      *slog.Logger
}

// Handler holds the /api/v1 handlers. The route table lives in internal/server.
type Handler struct {
	net     config.Network
	tokens  *tokens.Registry
	node    Node
	coins   Coins
	dex     Swaps
	slots   SlotGame
	burns   Burner
	miners  MinersGame
	staking StakingPool
	sim     Simulator
	keys    *keyCache // senders' public keys found on chain, for fee simulations
	market  Market
	log     *slog.Logger
	certs   *certCache // burn certificates by transaction hash
	// tokensBody, luckyBody and configBody are GET /market/tokens, /market/lucky and
	// /config rendered for what they show now.
	tokensBody answerCache[tokensKey]
	luckyBody  answerCache[luckyKey]
	configBody answerCache[string]
	index      *HistoryHandler
	bots       func() map[string]BotStatus
	assets     fs.FS
	publicURL  string
	features   *Features
}

// New returns the API handlers over d.
func New(d Deps) *Handler {
	if d.Log == nil {
		d.Log = slog.New(slog.DiscardHandler)
	}
	c := d.Chain
	return &Handler{net: d.Network, tokens: d.Tokens, node: c.Node, coins: c.Coins, dex: c.Dex, slots: c.Slots,
		burns: c.Burns, miners: c.Miners, staking: c.Staking, sim: c.Fees, keys: &keyCache{}, market: d.Market, log: d.Log,
		certs: newCertCache(512), index: d.Index, bots: d.Bots,
		assets: d.Assets, publicURL: d.PublicURL, features: d.Features}
}

// NewMarket is the market service over the contract clients (with the staking pool's total
// where the network has one), for the process to share between the API and the bots. It
// reads every pool from the node and keeps supplies in memory only; NewIndexedMarket is
// the one a process with an event index uses.
func NewMarket(c *chain.Client, log *slog.Logger) *market.Service {
	return market.New(market.ChainOf(c), market.Options{Log: log, Staking: stakingTotals(c.Staking, c.Core.Tokens())})
}

// Indexer is what the market needs of the event indexer (indexer.Indexer): how far it
// has got, and a wait for it to reach the node's head.
type Indexer interface {
	Status() (indexed, head uint64)
	WaitHead(ctx context.Context) error
}

// NewIndexedMarket is NewMarket over the event index db that ix fills: the pools' reserves
// come from the index at its last block while it is within market.MaxIndexLag blocks of
// the head (a forced refresh first lets it reach the head), and supplies are kept in db
// across restarts.
func NewIndexedMarket(c *chain.Client, db *store.DB, ix Indexer, log *slog.Logger) *market.Service {
	o := market.Options{Log: log, Staking: stakingTotals(c.Staking, c.Core.Tokens())}
	if db != nil && ix != nil {
		o.Index, o.IndexStatus, o.WaitIndex = db, ix.Status, ix.WaitHead
	}
	return market.New(market.ChainOf(c), o)
}

// stakingTotals feeds the dashboard's "Staked" card from the staking pool where the
// network has one (it stakes the native coin); nil elsewhere, and the card says 'Coming
// Soon'.
func stakingTotals(s StakingPool, reg *tokens.Registry) func(context.Context) (*market.StakingTotals, error) {
	native, ok := reg.Native()
	if !s.StakingLive() || !ok {
		return nil
	}
	return func(ctx context.Context) (*market.StakingTotals, error) {
		g, err := s.StakingGlobal(ctx)
		if err != nil {
			return nil, err
		}
		return &market.StakingTotals{Coin: native, Staked: new(big.Int).SetUint64(g.TotalStaked)}, nil
	}
}

type configResponse struct {
	Network       config.Network `json:"network"`
	KnownChainIDs []int          `json:"knownChainIds"`
	Tokens        []tokens.Token `json:"tokens"`
	// Bots maps each bot that exists in code to its state and Telegram username (null
	// unless running: the page never guesses a handle).
	Bots map[string]BotStatus `json:"bots"`
	// Features says which features are on, and why one is off.
	Features map[string]FeatureState `json:"features"`
}

// A bot's states on the /bots page.
const (
	BotRunning     = "running"
	BotUnavailable = "unavailable" // configured, but Telegram cannot be reached: retrying
	BotOff         = "off"         // not run by this deployment
)

// BotStatus is one bot's state; Username is set when it runs.
type BotStatus struct {
	Status   string  `json:"status"`
	Username *string `json:"username"`
}

// GetConfig serves GET /api/v1/config: the network the app targets and the token registry.
// The network and the registry are the process's; only the bots' and the features' states
// change, so the answer is rendered once per change of them.
func (h *Handler) GetConfig(w http.ResponseWriter, r *http.Request) {
	bots, features := h.botStatuses(), h.features.states()
	out, err := h.configBody.get(configKey(bots, features), 0, func() (any, error) {
		return configResponse{
			Network:       h.net,
			KnownChainIDs: h.net.KnownChainIDs(),
			Tokens:        h.tokens.All(),
			Bots:          bots,
			Features:      features,
		}, nil
	})
	if err != nil {
		h.fail(w, r, err)
		return
	}
	out.serve(w, r)
}

// configKey names the bots' and the features' states in one comparable value.
func configKey(bots map[string]BotStatus, features map[string]FeatureState) string {
	var b strings.Builder
	for _, name := range slices.Sorted(maps.Keys(features)) {
		st := features[name]
		b.WriteString(name)
		b.WriteByte(0)
		if !st.On {
			b.WriteByte(1)
		}
		if st.Reason != nil {
			b.WriteString(*st.Reason)
		}
		b.WriteByte(0)
	}
	for _, name := range slices.Sorted(maps.Keys(bots)) {
		st := bots[name]
		b.WriteString(name)
		b.WriteByte(0)
		b.WriteString(st.Status)
		b.WriteByte(0)
		if st.Username != nil {
			b.WriteByte(1)
			b.WriteString(*st.Username)
		}
		b.WriteByte(0)
	}
	return b.String()
}

// botStatuses lists the bots that exist in code (internal/bots); the page's other bots
// are a showcase until their contracts exist.
func (h *Handler) botStatuses() map[string]BotStatus {
	var now map[string]BotStatus
	if h.bots != nil {
		now = h.bots()
	}
	out := map[string]BotStatus{}
	for _, b := range []string{"suprabot", "burnbot"} {
		st, ok := now[b]
		switch {
		case !ok:
			st = BotStatus{Status: BotOff}
		case st.Status != BotRunning:
			st.Username = nil
		}
		out[b] = st
	}
	return out
}
