package api

import (
	"context"

	"github.com/luckycoin/lucky/internal/chain"
	"github.com/luckycoin/lucky/internal/market"
	"github.com/luckycoin/lucky/internal/supra"
)

// What the handlers use of the chain, one small interface per contract client: the chain
// package's clients satisfy them, and a handler can be given anything else that does.

// Chain holds the chain parts the handlers use; a nil part serves its routes as
// "not configured" only where the handler checks (Miners and Staking report live or not).
type Chain struct {
	Node    Node
	Coins   Coins
	Dex     Swaps
	Slots   SlotGame
	Burns   Burner
	Miners  MinersGame
	Staking StakingPool
	// Fees simulates built transactions for their network fee (nil: every fee is the
	// upper bound, max gas × price).
	Fees Simulator
}

// ChainOf picks the handlers' parts out of the contract clients.
func ChainOf(c *chain.Client) Chain {
	return Chain{Node: c.Core, Coins: c.Coins, Dex: c.Dex, Slots: c.Slots, Burns: c.Burns, Miners: c.Miners, Staking: c.Staking, Fees: c.Core}
}

// Node is the node side of POST /tx/build and /tx/{hash} (chain.Core).
type Node interface {
	Build(ctx context.Context, req chain.CallRequest) (*chain.Built, error)
	Transaction(ctx context.Context, hash string) (*supra.TransactionInfo, error)
	WaitTransaction(ctx context.Context, hash string) (*supra.TransactionInfo, error)
	// DecodeTransaction decodes a transaction's events with what it says (its sender and
	// call name a play's player, token and bet).
	DecodeTransaction(tx *supra.TransactionInfo) (chain.Decoded, error)
	// AbortReason is a failed transaction's abort of an app contract in plain words ("" if none).
	AbortReason(vmStatus string) string
}

// Coins reads a coin's info and an account's balance (chain.Coins).
type Coins interface {
	CoinInfo(ctx context.Context, coin supra.CoinType) (chain.CoinInfo, error)
	CoinBalance(ctx context.Context, addr supra.Address, coin supra.CoinType) (uint64, error)
}

// Swaps quotes and builds Dexlyn swaps (chain.Dex).
type Swaps interface {
	Quote(ctx context.Context, in, out supra.CoinType, amountIn uint64, slippageBps int) (*chain.Quote, error)
	PairExists(ctx context.Context, a, b supra.CoinType) (bool, error)
	BuildSwap(ctx context.Context, sender supra.Address, in, out supra.CoinType, amountIn, minOut uint64) (*chain.Built, error)
	// BestRoute is the best of the direct pool and every two-hop path through hubs.
	BestRoute(ctx context.Context, in, out supra.CoinType, amountIn uint64, slippageBps int, hubs []supra.CoinType) (*chain.Route, error)
	// QuoteRoute quotes one path of two or three coins (the direct pool beside a two-hop best route).
	QuoteRoute(ctx context.Context, path []supra.CoinType, amountIn uint64, slippageBps int) (*chain.Route, error)
	// FirstStepMin is the first transaction's minimum of a two-hop route via → out.
	FirstStepMin(ctx context.Context, via, out supra.CoinType, routeMinOut uint64) (uint64, error)
	// FindSwapEvent reads a transaction's SwapEvent (what a first step returned).
	FindSwapEvent(events []supra.Event) (*chain.SwapEvent, error)
	// PoolsWith lists the hubs a coin has a pool with.
	PoolsWith(ctx context.Context, coin supra.CoinType, hubs []supra.CoinType) ([]supra.CoinType, error)
}

// SlotGame builds spins and reads house pots (chain.Slots).
type SlotGame interface {
	BuildSpin(ctx context.Context, req chain.SpinRequest) (*chain.SpinBuilt, error)
	HousePot(ctx context.Context, coin supra.CoinType) (uint64, error)
}

// Burner builds and verifies burns (chain.Burns); Transaction reads the one to verify.
type Burner interface {
	BuildBurn(ctx context.Context, sender supra.Address, coin supra.CoinType, amount uint64) (*chain.Built, error)
	BurnOf(tx *supra.TransactionInfo) (chain.Burn, error)
	BurnHistory(ctx context.Context, addr supra.Address, limit int) ([]chain.Burn, error)
}

// MinersGame reads and builds Cosmic Miners (chain.Miners).
type MinersGame interface {
	MinersLive() bool
	MineCoinType() (supra.CoinType, error)
	MinerCatalogue(ctx context.Context) ([]chain.Miner, error)
	BoosterCatalogue(ctx context.Context) ([]chain.Booster, error)
	CrewSize(ctx context.Context) (uint64, error)
	MinerPlayer(ctx context.Context, addr supra.Address) (chain.MinerPlayer, error)
	BuildMinerPurchase(ctx context.Context, req chain.MinerPurchase) (*chain.MinerPurchaseBuilt, error)
	BuildMinerClaim(ctx context.Context, sender supra.Address) (*chain.Built, error)
	BuildMinerStarter(ctx context.Context, sender supra.Address) (*chain.Built, error)
}

// StakingPool reads the staking pool and builds its transactions (chain.Staking).
type StakingPool interface {
	StakingLive() bool
	StakingGlobal(ctx context.Context) (chain.StakingGlobal, error)
	StakingUser(ctx context.Context, addr supra.Address) (chain.StakingUser, error)
	BuildStake(ctx context.Context, sender supra.Address, amount uint64) (*chain.StakeBuilt, error)
	BuildUnstake(ctx context.Context, req chain.UnstakeRequest) (*chain.UnstakeBuilt, error)
	BuildStakingClaim(ctx context.Context, sender supra.Address) (*chain.StakingClaimBuilt, error)
	BuildPass(ctx context.Context, sender supra.Address) (*chain.PassBuilt, error)
}

// Market is the market data the dashboard, the portfolio and the swap's USD values come
// from (market.Service).
type Market interface {
	Snapshot(ctx context.Context, force bool) (*market.Snapshot, error)
	Balances(ctx context.Context, addr supra.Address) ([]market.Balance, error)
	Portfolio(ctx context.Context, addr supra.Address, force bool) (*market.Portfolio, error)
}
