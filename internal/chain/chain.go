// Package chain holds typed bindings of this app's contracts over the Supra RPC client,
// one client per contract, each in its file: Coins (coins.go: balances, coin info and
// supply, transfers), Dex (dex.go, the Dexlyn router, with its quote maths in
// dex_quote.go), Slots (slots.go), Burns (burn.go,
// burn_verify.go), Miners (miners.go) and Staking (staking.go), over a shared Core
// (chain.go, tx.go). Coin types travel as supra.CoinType, parsed once where they enter.
// Entry functions are built from Go values straight into BCS (entry.go, Call); the
// ABI-driven JSON path (build.go, args.go, abi.go) exists only for POST /api/v1/tx/build.
// Events are decoded by one registry keyed by struct tag (decode.go); each contract file
// contributes its decoders. JSON shapes and request parsing belong to internal/api.
//
// It talks to a node only through *supra.Client (and the module ABI endpoint); it never
// imports the devnet: the two meet on the wire.
package chain

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/luckycoin/lucky/internal/config"
	"github.com/luckycoin/lucky/internal/supra"
	"github.com/luckycoin/lucky/internal/tokens"
)

// Defaults of transaction building: supra's, the one place they live.
const (
	DefaultMaxGas      = supra.DefaultMaxGas
	DefaultExpiry      = supra.DefaultExpiry
	DefaultMinGasPrice = supra.DefaultMinGasPrice
	// ABICacheTTL is how long a module ABI is cached: the Supra SDK's 600000 ms.
	ABICacheTTL = 10 * time.Minute
)

// Sentinel errors. InputError wraps ErrInvalidInput; node failures are returned wrapped
// as they come from the supra client.
var (
	// ErrInvalidInput: the caller's input breaks a rule (see InputError for the code).
	ErrInvalidInput = errors.New("chain: invalid input")
	// ErrModuleNotFound: the node has no such module (or no such function in it).
	ErrModuleNotFound = errors.New("chain: module not found")
	// ErrNotConfigured: the network preset has no address for the contract.
	ErrNotConfigured = errors.New("chain: contract not configured for this network")
	// ErrBadResponse: the node answered in an unexpected shape.
	ErrBadResponse = errors.New("chain: unexpected node response")
)

// Input error codes (they become the API's error codes).
const (
	CodeInvalidFunction  = "invalid_function"
	CodeInvalidArgument  = "invalid_argument"
	CodeInvalidTypeArgs  = "invalid_type_arguments"
	CodeInvalidAddress   = "invalid_address"
	CodeInvalidAmount    = "invalid_amount"
	CodeUnknownToken     = "unknown_token"
	CodePotUnavailable   = "house_pot_unavailable"
	CodeTotalBetTooLarge = "total_bet_exceeds_pot"
	CodeMinBet           = "min_bet"
	CodeSpinsOutOfRange  = "spins_out_of_range"
	CodeInsufficient     = "insufficient_balance"
	CodeInvalidPartner   = "invalid_partner"
)

// InputError is a rule broken by the caller's input (or, for invalid_partner, by the
// registry). Msg is meant for people: where the spec gives a text, it is that text.
type InputError struct {
	Code string
	Msg  string
}

func (e *InputError) Error() string { return e.Msg }

// Unwrap makes errors.Is(err, ErrInvalidInput) hold.
func (e *InputError) Unwrap() error { return ErrInvalidInput }

func inputErr(code, format string, args ...any) *InputError {
	return &InputError{Code: code, Msg: fmt.Sprintf(format, args...)}
}

// Options tune the clients; zero values take the defaults above.
type Options struct {
	// Now is the clock for expiry timestamps (default time.Now).
	Now func() time.Time
	// MinGasPrice is the floor of the gas unit price (default 100); a node with v3
	// estimate_gas_price sets its own minimum above it.
	MinGasPrice uint64
	// MaxGas is the max gas amount of a built transaction before any simulation measures
	// it (default supra.DefaultMaxGas, 500).
	MaxGas uint64
	// Expiry is how long a built transaction stays valid (default 30 s).
	Expiry time.Duration
	// ABIs fetches module ABIs; required for building transactions.
	ABIs ABISource
	// ABITTL is the ABI cache lifetime (default 10 minutes).
	ABITTL time.Duration
}

// core is what every contract client shares: the node, the network preset, the token
// registry, the transaction builder, the ABI cache and the event decoders. Its helpers are
// unexported, so no client grows another contract's methods by embedding it.
type core struct {
	node   *supra.Client
	net    config.Network
	reg    *tokens.Registry
	tx     *supra.TxBuilder
	now    func() time.Time
	abis   *abiCache
	events *Registry
	stores *PrimaryStores
	// sigs are the functions the bindings may call (signatures.go).
	sigs []Signature
}

// Core is the node side every consumer may need: chain id, gas, sequence numbers,
// transactions, the ABI-checked builder and the event decoders (tx.go, build.go, abi.go,
// entry.go, decode.go).
type Core struct{ *core }

// Coins binds the framework's coin module: balances, coin info and supply, transfers
// (coins.go).
type Coins struct{ *core }

// Dex binds Dexlyn's router: pools, reserves, fees, quotes and swaps (dex.go, decode_dex.go;
// the quote maths over its answers is dex_quote.go).
// Dex binds Dexlyn (dex.go, dex_quote.go, dex_route.go); missing remembers for a while
// which pairs have no pool, so a route search does not ask again for every quote.
type Dex struct {
	*core
	missing *missingPools
}

// Slots binds the slot game (slots.go); a spin's checks read the player's balance.
type Slots struct {
	*core
	coins *Coins
}

// Burns binds burning: transfers to the network's burn address and their verification
// (burn.go, burn_verify.go).
type Burns struct {
	*core
	coins *Coins
}

// Miners binds Cosmic Miners (miners.go).
type Miners struct{ *core }

// Staking binds the staking pool (staking.go); its builds read the sender's SUPRA.
type Staking struct {
	*core
	coins *Coins
}

// Client holds one client per contract over one shared core, for the process wiring
// (cmd/lucky) and tests to hand each consumer the part it needs. Each consumer states what
// it uses as a small interface next to itself and is given the field that satisfies it.
// Its own methods are only the event index's (text.go).
type Client struct {
	Core    *Core
	Coins   *Coins
	Dex     *Dex
	Slots   *Slots
	Burns   *Burns
	Miners  *Miners
	Staking *Staking
}

// New returns the contract clients of the network over node and the token registry.
func New(node *supra.Client, net config.Network, reg *tokens.Registry, o Options) *Client {
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.ABITTL <= 0 {
		o.ABITTL = ABICacheTTL
	}
	c := &core{
		node: node, net: net, reg: reg, now: o.Now, abis: newABICache(o.ABIs, o.ABITTL, o.Now), sigs: Signatures(net),
		tx:     &supra.TxBuilder{Node: node, Now: o.Now, MaxGas: o.MaxGas, MinGasPrice: o.MinGasPrice, Expiry: o.Expiry},
		stores: NewPrimaryStores(reg),
	}
	c.events = NewRegistry(c.decoders()...)
	coins := &Coins{c}
	return &Client{Core: &Core{c}, Coins: coins, Dex: &Dex{c, newMissingPools(o.Now)}, Slots: &Slots{c, coins}, Burns: &Burns{c, coins},
		Miners: &Miners{c}, Staking: &Staking{c, coins}}
}

// Node returns the underlying RPC client.
func (c *Core) Node() *supra.Client { return c.node }

// Tokens returns the registry.
func (c *Core) Tokens() *tokens.Registry { return c.reg }

// Network returns the network preset.
func (c *Core) Network() config.Network { return c.net }

// ChainID reads the node's chain id once and caches it (it never changes for a node).
func (c *Core) ChainID(ctx context.Context) (uint8, error) { return c.tx.ChainID(ctx) }

// GasPrice is the price transactions are built with: max(the chain's minimum, the median)
// on a node with v3 estimate_gas_price, else the mean; never below the floor.
func (c *Core) GasPrice(ctx context.Context) (uint64, error) { return c.tx.GasPrice(ctx) }

// SequenceNumber is the account's next sequence number (0 for an account the node does
// not know yet).
func (c *Core) SequenceNumber(ctx context.Context, addr supra.Address) (uint64, error) {
	return c.tx.SequenceNumber(ctx, addr)
}
