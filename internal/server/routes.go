package server

import (
	"net/http"

	"github.com/luckycoin/lucky/internal/api"
	"github.com/luckycoin/lucky/internal/devwallet"
)

// routes is the one route table of the binary.
func routes(o Options, spa *spa) http.Handler {
	mux := http.NewServeMux()
	a := o.API

	health := o.Health
	if health == nil {
		health = func() api.Health { return api.Health{} }
	}
	mux.HandleFunc("GET /healthz", api.Healthz(o.Network.Name, health))
	mux.HandleFunc("GET /readyz", api.Readyz(o.Network.Name, health))

	mux.HandleFunc("GET /api/v1/openapi.json", api.OpenAPIHandler())
	mux.HandleFunc("GET /api/v1/config", a.GetConfig)
	mux.HandleFunc("GET /api/v1/gas", a.GetGas)
	mux.HandleFunc("GET /api/v1/accounts/{address}/balances", a.GetBalances)
	mux.HandleFunc("POST /api/v1/tx/build", a.BuildTx)
	mux.HandleFunc("GET /api/v1/tx/{hash}", a.GetTx)
	mux.HandleFunc("POST /api/v1/slots/spins", a.BuildSpins)
	mux.HandleFunc("GET /api/v1/slots/pots", a.GetPots)
	mux.HandleFunc("GET /api/v1/market/tokens", a.GetMarketTokens)
	mux.HandleFunc("GET /api/v1/market/lucky", a.GetMarketLucky)
	mux.HandleFunc("POST /api/v1/swap/quote", a.QuoteSwap)
	mux.HandleFunc("POST /api/v1/swap/build", a.BuildSwap)
	mux.HandleFunc("GET /api/v1/swap/token", a.GetSwapToken)
	mux.HandleFunc("GET /api/v1/accounts/{address}/portfolio", a.GetPortfolio)
	mux.HandleFunc("GET /api/v1/accounts/{address}/burns", a.GetAccountBurns)
	mux.HandleFunc("POST /api/v1/burn/build", a.BuildBurn)
	mux.HandleFunc("GET /api/v1/burns/{hash}", a.GetBurn)
	mux.HandleFunc("GET /api/v1/burns/{hash}/certificate.png", a.GetBurnCertificate)
	mux.HandleFunc("GET /api/v1/miners", a.GetMiners)
	mux.HandleFunc("GET /api/v1/miners/{address}", a.GetMinerPlayer)
	mux.HandleFunc("POST /api/v1/miners/purchase", a.BuildMinerPurchase)
	mux.HandleFunc("POST /api/v1/miners/claim", a.BuildMinerClaim)
	mux.HandleFunc("POST /api/v1/miners/starter", a.BuildMinerStarter)
	mux.HandleFunc("GET /api/v1/staking", a.GetStaking)
	mux.HandleFunc("GET /api/v1/staking/{address}", a.GetStakingUser)
	mux.HandleFunc("POST /api/v1/staking/stake", a.BuildStake)
	mux.HandleFunc("POST /api/v1/staking/unstake", a.BuildUnstake)
	mux.HandleFunc("POST /api/v1/staking/claim", a.BuildStakingClaim)
	mux.HandleFunc("POST /api/v1/staking/pass", a.BuildStakingPass)
	ix := o.Index
	if ix == nil {
		ix = api.NewHistory(api.HistoryDeps{Log: o.Log})
	}
	mux.HandleFunc("GET /api/v1/market/candles", ix.GetCandles)
	mux.HandleFunc("GET /api/v1/market/trades", ix.GetTokenTrades)
	mux.HandleFunc("GET /api/v1/burns", ix.GetBurns)
	mux.HandleFunc("GET /api/v1/burns/leaderboard", ix.GetBurnLeaderboard)
	mux.HandleFunc("GET /api/v1/burns/sources", ix.GetBurnSources)
	mux.HandleFunc("GET /api/v1/slots/feed", ix.GetSlotsFeed)
	mux.HandleFunc("GET /api/v1/slots/history/{address}", ix.GetSpinHistory)
	mux.HandleFunc("GET /api/v1/slots/totals/{address}", ix.GetPlayTotals)
	mux.HandleFunc("GET /api/v1/holders", ix.GetHolders)
	mux.HandleFunc("GET /api/v1/accounts/{address}/activity", ix.GetAccountActivity)
	mux.HandleFunc("GET /api/v1/accounts/{address}/activity.csv", ix.GetAccountActivityCSV)
	mux.Handle("/api/", apiFallback(mux, o.Log))

	// The emulated node and its admin exist on devnet only; elsewhere these paths are 404,
	// never the app's index.html.
	// Both answer only loopback or public Host names and, under /devnet/, only same-origin
	// JSON requests (devguard).
	devnet := o.Devnet
	if devnet == nil {
		devnet = http.NotFoundHandler()
	} else {
		devnet = o.DevGuard.Devnet(devnet)
	}
	mux.Handle("/rpc/v1/", devnet)
	mux.Handle("/rpc/v3/", devnet)
	mux.Handle("/devnet/", devnet)
	if w := o.DevWallet; w != nil {
		guarded := o.DevGuard.Devnet(w)
		mux.Handle(devwallet.PathScript, guarded)
		mux.Handle(devwallet.PathStyle, guarded)
		mux.Handle(devwallet.PathPrefix, guarded)
	}

	mux.HandleFunc("GET /assets/", spa.serveAsset)
	// The public burn certificate page: the app shell with link-preview tags of the
	// verified burn.
	mux.HandleFunc("GET /burn/{hash}", spa.serveBurn(a.BurnCard))
	// Method-less so it cannot conflict with the method-less prefixes above; spa.serve
	// answers 405 itself for anything but GET and HEAD.
	mux.HandleFunc("/", spa.serve)
	return mux
}
