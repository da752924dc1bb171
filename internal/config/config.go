// Package config holds the network presets and the settings of `lucky serve`,
// read from flags with environment fallbacks, and validates them.
package config

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"slices"
	"strings"
	"time"
)

// ErrInvalid marks a bad flag or environment value; the command exits with code 2 for it.
var ErrInvalid = errors.New("config: invalid")

// Network names.
const (
	Devnet  = "devnet"
	Testnet = "testnet"
	Mainnet = "mainnet"
)

// DevnetRPC is the base URL the server's chain client uses for the in-process devnet.
// The host never resolves: requests to it are routed to the node's handler in memory,
// so the client takes exactly the code path it takes against a real node.
const DevnetRPC = "http://devnet.internal"

// Network is one preset: which chain, where its nodes are, how to link to an explorer
// and where the app's contracts live.
type Network struct {
	Name    string   `json:"name"`
	Label   string   `json:"label"` // how the wallet UI names the network, e.g. "Supra Mainnet"
	ChainID uint8    `json:"chainId"`
	RPC     []string `json:"-"` // primary first, then backups
	// Explorer URL patterns with {hash} and {address} placeholders.
	ExplorerTx      string  `json:"explorerTx"`
	ExplorerAddress string  `json:"explorerAddress"`
	Modules         Modules `json:"modules"`
	// Devnet is true when the node runs inside this binary.
	Devnet bool `json:"devnet"`
	// Labels name the network's known accounts (full 64-digit lowercase address → label),
	// the one source of the names the app shows beside addresses.
	Labels map[string]string `json:"labels"`
	// IndexStart is the first block a fresh event index ingests (--index-start overrides
	// it): the height of the first event of the contracts the index follows (the LUCKY coin,
	// Dexlyn's package, the slots module; whichever was published first). The blocks
	// before it hold nothing of the app's, and on mainnet they are millions.
	IndexStart uint64 `json:"-"`
}

// Modules are the addresses of the contracts the app calls.
// An empty address means the contract is not known on that network.
type Modules struct {
	Slots       string `json:"slots"`       // address::module
	DexPackage  string `json:"dexPackage"`  // Dexlyn package address
	DexCurve    string `json:"dexCurve"`    // the Uncorrelated curve type
	SwapEvent   string `json:"swapEvent"`   // liquidity_pool::SwapEvent type
	Staking     string `json:"staking"`     // address::module; devnet only
	Miners      string `json:"miners"`      // address::module; devnet only
	BurnAddress string `json:"burnAddress"` // LUCKY burn address
	NativeCoin  string `json:"nativeCoin"`
}

const (
	slotsModule  = "0xb4ba040eb59c3b3c3776b7a603d896781e48bbf5fcea559c495814b5cde29b2b::slots_v3"
	dexPackage   = "0x0dc694898dff98a1b0447e0992d0413e123ea80da1021d464a4fbaf0265870d8"
	burnAddress  = "0x00000000000000000000000000000000ffffffffffffffffffffffffffffffff"
	nativeCoin   = "0x1::supra_coin::SupraCoin"
	scanTx       = "https://suprascan.io/tx/{hash}"
	scanAddress  = "https://suprascan.io/address/{address}"
	devnetChain  = 255
	testnetChain = 6
	mainnetChain = 8
)

// dexPoolAccount is the Dexlyn resource account that holds every pool's reserves;
// slotsHouse is the slots module's address, whose coin stores are the house funds.
const (
	dexPoolAccount = "0x22a28a1b5264935d4778d542b1e84bca8879cf78f6183e1a9429b56a40a1a7c4"
	slotsHouse     = "0xb4ba040eb59c3b3c3776b7a603d896781e48bbf5fcea559c495814b5cde29b2b"
)

// Devnet-only accounts: the genesis treasury (what genesis did not hand out) and the
// slots development-fee collector.
const (
	devnetTreasury     = "0x000000000000000000000000000000000000000000000000000000000000de00"
	devnetFeeCollector = "0x000000000000000000000000000000000000000000000000000000000000de03"
	frameworkAddress   = "0x0000000000000000000000000000000000000000000000000000000000000001"
)

// knownLabels are the accounts every network shares (the contracts live at their mainnet
// addresses on devnet too).
func knownLabels() map[string]string {
	return map[string]string{
		burnAddress:    "Burn address",
		dexPoolAccount: "Dexlyn pool account",
		slotsHouse:     "Slots house fund",
	}
}

func devnetLabels() map[string]string {
	l := knownLabels()
	l[devnetTreasury] = "Genesis treasury"
	l[frameworkAddress] = "Genesis (0x1)"
	l[strings.SplitN(DevnetStakingModule, "::", 2)[0]] = "Staking pool"
	l[strings.SplitN(DevnetMinersModule, "::", 2)[0]] = "Cosmic Miners"
	l[devnetFeeCollector] = "Slots fee collector"
	return l
}

// DevAccountLabel names dev account i (as the devnet banner numbers it).
func DevAccountLabel(i int) string { return fmt.Sprintf("Dev account %d", i) }

// The staking pool and Cosmic Miners have no known mainnet address, so they exist on devnet only.
const (
	DevnetStakingModule = "0x000000000000000000000000000000000000000000000000000000000000de01::staking"
	DevnetMinersModule  = "0x000000000000000000000000000000000000000000000000000000000000de02::cosmic_miners"
)

func mainnetModules() Modules {
	return Modules{
		Slots:       slotsModule,
		DexPackage:  dexPackage,
		DexCurve:    dexPackage + "::curves::Uncorrelated",
		SwapEvent:   dexPackage + "::liquidity_pool::SwapEvent",
		BurnAddress: burnAddress,
		NativeCoin:  nativeCoin,
	}
}

// Presets returns the three networks, devnet first. A fresh value each call: callers may modify it.
func Presets() []Network {
	devMods := mainnetModules()
	devMods.Staking = DevnetStakingModule
	devMods.Miners = DevnetMinersModule
	return []Network{
		{
			Name: Devnet, Label: "Supra Devnet", ChainID: devnetChain, RPC: []string{DevnetRPC},
			ExplorerTx: "/tx/{hash}", ExplorerAddress: "/account/{address}",
			// The devnet publishes every contract in its genesis block.
			Modules: devMods, Devnet: true, Labels: devnetLabels(), IndexStart: 0,
		},
		{
			Name: Testnet, Label: "Supra Testnet", ChainID: testnetChain,
			RPC:        []string{"https://rpc-testnet.supra.com"},
			ExplorerTx: scanTx + "?network=testnet", ExplorerAddress: scanAddress + "?network=testnet",
			Modules: mainnetModules(), Labels: knownLabels(),
			// Not known: a fresh index finds it from the chain (the first transaction of
			// each listed coin's publisher and of slots_v3, cmd/lucky index_start.go), or
			// reads from genesis when it cannot, which is slow but misses nothing.
			IndexStart: 0,
		},
		{
			Name: Mainnet, Label: "Supra Mainnet", ChainID: mainnetChain,
			RPC:        []string{"https://rpc-mainnet.supra.com", "https://rpc-mainnet-citadel.supra.com"},
			ExplorerTx: scanTx, ExplorerAddress: scanAddress,
			Modules: mainnetModules(), Labels: knownLabels(),
			// No public source we hold gives it (reference/mainnet.json has no heights): a
			// fresh index finds it from the chain, the first transaction of each listed
			// coin's publisher and of slots_v3, whichever is lowest (cmd/lucky
			// index_start.go); when one cannot be placed it reads from genesis, which is
			// slow but misses nothing.
			IndexStart: 0,
		},
	}
}

// Lookup returns the preset with that name.
func Lookup(name string) (Network, error) {
	names := make([]string, 0, 3)
	for _, n := range Presets() {
		if n.Name == name {
			return n, nil
		}
		names = append(names, n.Name)
	}
	return Network{}, fmt.Errorf("%w: unknown network %q (want one of %s)", ErrInvalid, name, strings.Join(names, ", "))
}

// Serve is the configuration of `lucky serve`.
type Serve struct {
	Addr    string
	Network Network
	// Devnet node settings, used when Network.Devnet is set: the same flags as `lucky devnet`.
	Devnet DevnetNode
	// RPC, when set, are the node URLs to serve against instead of the network's (on
	// devnet: a running `lucky devnet` that replicas share, instead of a node in-process).
	RPC   []string
	Index Index
	// Telegram runs the bots in-process when it names a token file.
	Telegram Telegram
	// NodeTimeout is the longest the server waits on one node request (a call with its
	// retries gets one and a half times that): past it, the API answers 504.
	NodeTimeout time.Duration
	// Simulate runs the simulator's agents on the devnet at this many transactions a
	// second (0: off).
	Simulate SimulateRate
}

// ParseServe reads `lucky serve` flags; getenv supplies LUCKY_* fallbacks (flags win).
func ParseServe(args []string, getenv func(string) string, stderr io.Writer) (Serve, error) {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", envOr(getenv, "LUCKY_ADDR", "127.0.0.1:8080"), "listen address (env LUCKY_ADDR)")
	network := fs.String("network", envOr(getenv, "LUCKY_NETWORK", Devnet), "network: devnet, testnet or mainnet (env LUCKY_NETWORK)")
	rpc := fs.String("rpc", getenv("LUCKY_RPC"), "node URL(s), comma-separated, instead of the network's; on devnet, a running `lucky devnet` to share instead of a node in this process (env LUCKY_RPC)")
	var node DevnetNode
	node.register(fs, getenv)
	var index Index
	index.register(fs, getenv, true)
	var tg Telegram
	tg.register(fs, getenv, false)
	nodeTimeout := fs.Duration("node-timeout", 10*time.Second, "longest wait for one chain node request before the API answers 504 (env LUCKY_NODE_TIMEOUT)")
	if v := getenv("LUCKY_NODE_TIMEOUT"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil {
			return Serve{}, fmt.Errorf("%w: LUCKY_NODE_TIMEOUT %q: %v", ErrInvalid, v, err)
		}
		*nodeTimeout = d
	}
	var simulate SimulateRate
	fs.Var(&simulate, "simulate", fmt.Sprintf("devnet: keep the market alive with simulated traders, players and burners, "+
		"--simulate alone at %g transaction a second, --simulate=RATE at RATE (default off)", DefaultServeSimulateRate))
	set, err := parse(fs, args)
	if err != nil {
		return Serve{}, err
	}
	if err := validateAddr(*addr); err != nil {
		return Serve{}, err
	}
	n, err := Lookup(*network)
	if err != nil {
		return Serve{}, err
	}
	if simulate > 0 && !n.Devnet {
		return Serve{}, fmt.Errorf("%w: --simulate runs on devnet only: it funds its accounts from the devnet's faucet", ErrInvalid)
	}
	if err := node.validate(set); err != nil {
		return Serve{}, err
	}
	urls, err := parseRPC(*rpc)
	if err != nil {
		return Serve{}, err
	}
	if n.Devnet {
		if err := node.checkBind(*addr); err != nil {
			return Serve{}, err
		}
	}
	if err := index.validate(); err != nil {
		return Serve{}, err
	}
	if err := tg.validate(); err != nil {
		return Serve{}, err
	}
	if *nodeTimeout <= 0 {
		return Serve{}, fmt.Errorf("%w: --node-timeout must be positive (a server must not wait on a node forever)", ErrInvalid)
	}
	return Serve{Addr: *addr, Network: n, Devnet: node, RPC: urls, Index: index, Telegram: tg, NodeTimeout: *nodeTimeout, Simulate: simulate}, nil
}

func validateAddr(addr string) error {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("%w: --addr %q: %v", ErrInvalid, addr, err)
	}
	if host != "" && host != "localhost" && net.ParseIP(host) == nil {
		return fmt.Errorf("%w: --addr %q: host must be an IP address or localhost", ErrInvalid, addr)
	}
	if _, err := net.LookupPort("tcp", port); err != nil || port == "" {
		return fmt.Errorf("%w: --addr %q: bad port", ErrInvalid, addr)
	}
	return nil
}

func envOr(getenv func(string) string, key, def string) string {
	if v := getenv(key); v != "" {
		return v
	}
	return def
}

// KnownChainIDs are the chain ids the wallet layer recognises for a target network.
// Ints, not []uint8, so that JSON shows numbers rather than base64.
func (n Network) KnownChainIDs() []int {
	ids := []int{testnetChain, mainnetChain}
	if !slices.Contains(ids, int(n.ChainID)) {
		ids = append(ids, int(n.ChainID))
	}
	return ids
}

// SlotsFeeCollector is the account the slots contract pays its development fee to (full
// 64-digit lowercase address), "" where the app does not know it: the live contract's
// collector is not published, so only the devnet's is known.
func (n Network) SlotsFeeCollector() string {
	if n.Devnet {
		return devnetFeeCollector
	}
	return ""
}
