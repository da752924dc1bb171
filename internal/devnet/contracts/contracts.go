// Package contracts holds the app's contracts as Go modules for the devnet
// node (internal/devnet): slots_v3, the Dexlyn DEX (router, scripts,
// liquidity_pool, curves), the SUPRA staking pool and Cosmic Miners, plus the
// genesis that clones mainnet's tokens, pools and house funds from the
// embedded genesis.json.
//
// The game logic lives in pure, separately tested packages (slots, dex,
// staking, miners); the modules here decode arguments, keep each contract's
// state in one node resource, move coins through the node (so failed
// transactions, snapshots and dumps cover everything) and emit events.
//
// # Addresses
//
// slots_v3 and Dexlyn live at their mainnet addresses (the same
// addresses as on Supra mainnet).
// The staking pool and Cosmic Miners have no known mainnet address; they live
// at devnet-only addresses whose last bytes spell "de" (devnet):
//
//	0x…de00  genesis treasury (holds what genesis did not hand out) and the devnet_genesis module
//	0x…de01  staking pool module `staking`
//	0x…de02  Cosmic Miners module `cosmic_miners` and its coin `0x…de02::cosmic_miners::MINE`
//	0x…de03  slots development-fee collector
//
// Register everything with [All] (or [Modules] for a custom genesis):
//
//	mods, err := contracts.All()
//	node, err := devnet.New(devnet.Options{Modules: mods})
package contracts

import (
	"errors"
	"fmt"
	"strings"

	"github.com/luckycoin/lucky/internal/devnet"
	"github.com/luckycoin/lucky/internal/supra"
)

// Mainnet and devnet addresses.
var (
	// These are parsed constants; Go has no array constants.
	SlotsAddress       = supra.MustParseAddress("0xb4ba040eb59c3b3c3776b7a603d896781e48bbf5fcea559c495814b5cde29b2b")
	DexlynAddress      = supra.MustParseAddress("0x0dc694898dff98a1b0447e0992d0413e123ea80da1021d464a4fbaf0265870d8")
	DexlynPoolAccount  = supra.MustParseAddress("0x22a28a1b5264935d4778d542b1e84bca8879cf78f6183e1a9429b56a40a1a7c4")
	TreasuryAddress    = supra.MustParseAddress("0xde00")
	StakingAddress     = supra.MustParseAddress("0xde01")
	MinersAddress      = supra.MustParseAddress("0xde02")
	SlotsFeeCollector  = supra.MustParseAddress("0xde03")
	BurnAddress        = supra.MustParseAddress("0x00000000000000000000000000000000ffffffffffffffffffffffffffffffff")
	PlaceholderAddress = supra.MustParseAddress("0x" + strings.Repeat("f", 64)) // the app's "no partner" / "no referrer"
)

// Type strings in the node's canonical (short address) form.
const (
	SupraCoinType = "0x1::supra_coin::SupraCoin"
	MineCoinType  = "0xde02::cosmic_miners::MINE"
)

// Sentinel errors.
var (
	// ErrGenesis reports bad genesis data.
	ErrGenesis = errors.New("contracts: bad genesis data")
	// ErrNoState reports a module whose state resource is missing.
	ErrNoState = errors.New("contracts: module state missing")
)

// All returns every contract module with the embedded genesis, in the order
// they must be registered (genesis first: it creates the coins the others
// use).
func All() ([]devnet.Module, error) {
	g, err := DefaultGenesis()
	if err != nil {
		return nil, err
	}
	return Modules(g), nil
}

// Modules returns every contract module for genesis g.
func Modules(g *Genesis) []devnet.Module {
	return []devnet.Module{
		genesisModule{g},
		curvesModule{}, liquidityPoolModule{}, routerModule{}, scriptsModule{g},
		slotsModule{g},
		stakingModule{g},
		minersModule{g},
	}
}

// now is the block time in seconds.
func now(ex *devnet.Exec) uint64 { return uint64(ex.Now().Unix()) }

// readState returns a module's state resource decoded once per stored version and shared
// with every other reader of that version (devnet.SharedResource): views and invariant
// checks read it without decoding the whole state each time, and must not modify it.
// A transaction works on a Clone and stores that. It fails with ErrNoState on a chain
// without the resource (the module's genesis did not run).
func readState[T any](ex *devnet.Exec, addr supra.Address, typ string) (*T, error) {
	v, ok, err := devnet.SharedResource[T](ex, addr, typ)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, fmt.Errorf("%w: %s at %s", ErrNoState, typ, addr)
	}
	return v, nil
}

// transfer moves amount unless it is zero (no empty coin events).
func transfer(ex *devnet.Exec, from, to supra.Address, coin string, amount uint64) error {
	if amount == 0 {
		return nil
	}
	return ex.Transfer(from, to, coin, amount)
}

// Abort categories (Aptos std::error): code = category << 16 | reason.
const (
	catInvalidArgument  = 0x1
	catOutOfRange       = 0x2
	catInvalidState     = 0x3
	catPermissionDenied = 0x5
	catNotFound         = 0x6
)

func code(category, reason uint64) uint64 { return category<<16 | reason }

// typeArg returns the canonical string of type argument i.
func typeArg(args []supra.TypeTag, i int) (string, error) {
	if i >= len(args) {
		return "", fmt.Errorf("%w: missing type argument %d", devnet.ErrBadArgument, i)
	}
	return args[i].String(), nil
}

// coinOf parses a struct type string (a coin or a curve) once, so two are compared with
// ==; text that is not a struct type is the zero CoinType, equal to no real type.
func coinOf(s string) supra.CoinType {
	c, _ := supra.ParseCoinType(s)
	return c
}

// isOwner reports whether sender may run a contract's owner entries on the
// devnet: the module's own address or dev account 0 (the devnet operator).
func isOwner(ex *devnet.Exec, module supra.Address) bool {
	s := ex.Sender()
	if s == module {
		return true
	}
	dev := ex.DevAccounts()
	return len(dev) > 0 && s == dev[0]
}
