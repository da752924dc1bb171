// Package devnet is an emulated Supra L1 node for development and tests: in-memory state,
// Ed25519-verified transactions, Move modules written in Go behind a registry (module.go),
// RPC v1 over HTTP with the node's JSON shapes, funded dev accounts, a faucet, and admin
// endpoints (snapshot/revert/reset, time travel, balances, fault injection, state files).
package devnet

import (
	"context"
	"crypto/ed25519"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"math/big"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/luckycoin/lucky/internal/supra"
)

// ChainID is the devnet chain id (Supra's local/dev id; testnet is 6, mainnet 8).
const ChainID = supra.DevnetChainID

// Defaults for Options.
const (
	DefaultDevAccounts  = 10
	DefaultDevBalance   = 1_000_000 * 100_000_000     // 1,000,000 SUPRA per dev account
	DefaultFaucetAmount = 1_000 * 100_000_000         // 1,000 SUPRA per faucet call
	faucetReserve       = 1_000_000_000 * 100_000_000 // 1e9 SUPRA held by the faucet account
	// DefaultSaveInterval keeps the promise that kill -9 loses at most the last second with
	// a margin of three quarters of it for the save itself and a busy machine.
	DefaultSaveInterval = 250 * time.Millisecond
)

// Sentinel errors of the node's Go API.
var (
	ErrNotFound        = errors.New("devnet: not found")
	ErrUnknownSnapshot = errors.New("devnet: unknown snapshot")
	ErrClosed          = errors.New("devnet: node closed")
	ErrStateVersion    = errors.New("devnet: unsupported state file version")
	ErrStateInvariant  = errors.New("devnet: state refused: an invariant does not hold")
	ErrStateTooLarge   = errors.New("devnet: state too large")
	ErrPast            = errors.New("devnet: writing the past failed")
)

// Options configure a Node. The zero value is a usable devnet.
type Options struct {
	// Seed derives the dev account keys (default DefaultSeed). It is also what modules read
	// through Exec.Seed for deterministic randomness.
	Seed string
	// BlockTime 0 seals one block per transaction; > 0 seals a block every BlockTime.
	BlockTime time.Duration
	// StatePath: load state from this file at start (a missing file starts fresh), save it
	// every SaveInterval while the chain changes, and on Close.
	StatePath string
	// SaveInterval is how often a changed chain is written to StatePath (default
	// DefaultSaveInterval): a crash (kill -9, power loss) loses at most that much plus the
	// time a save takes (milliseconds: it appends the new blocks and rewrites the small
	// state part).
	SaveInterval time.Duration
	// RecentBlocks is how many of the newest sealed blocks stay in memory (default
	// DefaultRecentBlocks). Older ones go to a scratch file in StatePath's directory (the
	// system's temporary directory without one), deleted when the node closes, so memory
	// does not grow with the height; they read back the same.
	RecentBlocks int
	// RecentTransactions is how many of the newest transactions stay in memory, at least
	// (default DefaultRecentTransactions; up to twice as many do). Older ones go to the
	// same scratch file as old blocks and read back the same.
	RecentTransactions int
	// MinGasPrice is the minimum gas unit price (default 100).
	MinGasPrice uint64
	// Logger (default: discard).
	Logger *slog.Logger
	// Modules are extra modules (contracts) registered after the framework, in order.
	Modules []Module
	// DevAccounts is the number of dev accounts (default 10); DevBalance their SUPRA at
	// genesis in quants (default 1,000,000 SUPRA); FaucetAmount per faucet call.
	DevAccounts  int
	DevBalance   uint64
	FaucetAmount uint64
	// Now is the wall clock (default time.Now); tests pass a fixed clock.
	Now func() time.Time
	// MinimalEvents has the contracts emit only the event fields the product documents or
	// the published sources name (PlayEvent: spin_results, total_prize, number_of_spins),
	// as the real chain may: the app must derive the rest from the transaction
	// (--minimal-events, LUCKY_DEVNET_MINIMAL_EVENTS=1).
	MinimalEvents bool
	// Past, when set, is written onto every fresh chain (not onto a state file loaded at
	// start): the node starts on a world with a history instead of an empty genesis.
	Past *Past
}

// Past is a history written onto a fresh chain before the node serves it.
//
// The chain starts at Start: its genesis block has that time. While Write runs, the
// chain's clock stands still and moves only with SetTime and AdvanceTime, and every
// transaction seals a block of its own whatever BlockTime is, so the same Write on the
// same seed gives the same chain, block for block and hash for hash, on any day and any
// machine. When Write returns, the clock runs on from where Write left it, at the pace of
// Options.Now: the past ends at the chain's "now", which is what the app measures its
// windows against.
type Past struct {
	Start time.Time
	// Write submits the past's transactions through the node's ordinary paths (Submit,
	// SetTime, Balance, View…). An error fails New with ErrPast.
	Write func(ctx context.Context, n *Node) error
}

// DevAccount is a well-known, pre-funded account derived from the seed.
type DevAccount struct {
	Index      int
	Address    supra.Address
	PublicKey  ed25519.PublicKey
	PrivateKey ed25519.PrivateKey
}

// Node is the emulated Supra L1 node. All methods are safe for concurrent use.
type Node struct {
	opts    Options
	seed    string
	log     *slog.Logger
	now     func() time.Time
	dev     []DevAccount
	faucet  DevAccount
	modules map[supra.ModuleID]Module
	order   []Module // registration order (framework first)
	admin   map[string]AdminRoute

	mu sync.RWMutex
	ch *ledger
	// saveMu guards journal, the history file of the state file (persist.go).
	saveMu    sync.Mutex
	journal   *journal
	snapshots map[uint64]*ledger
	onRewind  []func() // OnRewind callbacks, run after Revert and Reset
	nextSnap  uint64
	// droppedSnap is the newest snapshot id dropped to keep MaxSnapshots.
	droppedSnap uint64
	faults      faults
	closed      bool
	// writingPast is set while Options.Past is written: every transaction seals its block.
	writingPast bool
	// pastSigs checks the past's signatures beside its execution (see pastSignatures).
	pastSigs *pastSignatures
	// base is the chain as the past left it, which Reset returns to (nil without a past).
	base *ledger

	stop chan struct{}
	wg   sync.WaitGroup
}

// New builds a node: genesis (or the state file), then the block ticker when BlockTime > 0.
func New(opts Options) (*Node, error) { return NewContext(context.Background(), opts) }

// NewContext is New with a context that stops the writing of Options.Past.
func NewContext(ctx context.Context, opts Options) (*Node, error) {
	if opts.Seed == "" {
		opts.Seed = DefaultSeed
	}
	if opts.MinGasPrice == 0 {
		opts.MinGasPrice = DefaultMinGasPrice
	}
	if opts.DevAccounts <= 0 {
		opts.DevAccounts = DefaultDevAccounts
	}
	if opts.DevBalance == 0 {
		opts.DevBalance = DefaultDevBalance
	}
	if opts.FaucetAmount == 0 {
		opts.FaucetAmount = DefaultFaucetAmount
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.RecentBlocks <= 0 {
		opts.RecentBlocks = DefaultRecentBlocks
	}
	if opts.RecentTransactions <= 0 {
		opts.RecentTransactions = DefaultRecentTransactions
	}
	if opts.BlockTime < 0 {
		return nil, fmt.Errorf("devnet: negative block time %s", opts.BlockTime)
	}
	n := &Node{
		opts:      opts,
		seed:      opts.Seed,
		log:       opts.Logger,
		now:       opts.Now,
		modules:   map[supra.ModuleID]Module{},
		admin:     map[string]AdminRoute{},
		snapshots: map[uint64]*ledger{},
		stop:      make(chan struct{}),
	}
	for i := 0; i < opts.DevAccounts; i++ {
		d, err := newDevAccount(opts.Seed, i)
		if err != nil {
			return nil, err
		}
		n.dev = append(n.dev, d)
	}
	f, err := newDevAccount(opts.Seed, faucetIndex)
	if err != nil {
		return nil, err
	}
	f.Index = -1
	n.faucet = f
	for _, m := range append([]Module{coinModule{}, supraAccountModule{}, primaryStoreModule{}}, opts.Modules...) {
		if err := n.register(m); err != nil {
			return nil, err
		}
	}
	loaded := false
	if opts.StatePath != "" {
		c, err := n.loadFile(opts.StatePath)
		switch {
		case errors.Is(err, os.ErrNotExist):
			n.log.Info("devnet: no state file, starting fresh", "path", opts.StatePath)
		case err != nil:
			return nil, err
		default:
			n.ch = c
			loaded = true
		}
	}
	if !loaded {
		c, err := n.fresh(ctx)
		if err != nil {
			return nil, err
		}
		n.ch = c
		if opts.Past != nil {
			n.base = c.clone()
		}
	}
	if opts.BlockTime > 0 {
		n.wg.Add(1)
		go n.ticker(opts.BlockTime)
	}
	if opts.StatePath != "" {
		if opts.SaveInterval <= 0 {
			opts.SaveInterval = DefaultSaveInterval
		}
		n.wg.Add(1)
		go n.autosave(opts.StatePath, opts.SaveInterval)
	}
	return n, nil
}

func (n *Node) register(m Module) error {
	id := m.ID()
	if _, dup := n.modules[id]; dup {
		return fmt.Errorf("devnet: module %s registered twice", id)
	}
	n.modules[id] = m
	n.order = append(n.order, m)
	if am, ok := m.(AdminModule); ok {
		for _, r := range am.AdminRoutes() {
			key := r.Method + " " + r.Path
			if _, dup := n.admin[key]; dup {
				return fmt.Errorf("devnet: admin route %s registered twice", key)
			}
			n.admin[key] = r
		}
	}
	return nil
}

// fresh builds a new chain: genesis, then the past when Options.Past is set. The past is
// written by a scratch node over the same accounts and modules, so that a Reset builds it
// while the live chain goes on serving; the scratch node starts nothing in the background.
func (n *Node) fresh(ctx context.Context) (*ledger, error) {
	p := n.opts.Past
	if p == nil {
		return n.genesis(n.now)
	}
	w := &Node{opts: n.opts, seed: n.seed, log: n.log, now: n.now, dev: n.dev, faucet: n.faucet,
		modules: n.modules, order: n.order, admin: n.admin, snapshots: map[uint64]*ledger{}, stop: make(chan struct{})}
	held := func() time.Time { return p.Start }
	c, err := w.genesis(held)
	if err != nil {
		return nil, err
	}
	w.ch, w.writingPast, w.pastSigs = c, true, newPastSignatures()
	began := time.Now()
	err = p.Write(ctx, w)
	if sigErr := w.pastSigs.wait(); err == nil {
		err = sigErr
	}
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrPast, err)
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	c = w.ch
	if c.open != nil {
		c.seal(n.now)
	}
	// From here the chain's clock is the node's, shifted so that it reads the time the
	// past reached: the past ends now, and time goes on from there.
	end := c.blockTime()
	c.clock = n.now
	c.timeOffset = end.Sub(n.now())
	n.log.Info("devnet: past written", "from", p.Start.UTC().Format(time.RFC3339), "to", end.UTC().Format(time.RFC3339),
		"blocks", c.height(), "took", time.Since(began).Round(time.Millisecond))
	return c, nil
}

// genesis builds a fresh chain on clock: framework coin, funded dev and faucet accounts,
// then every module's Genesis, all in block 0.
func (n *Node) genesis(clock func() time.Time) (*ledger, error) {
	c := newLedger(clock, n.newBlockList(), n.opts.RecentTransactions)
	ex := n.newExec(c, supra.FrameworkAddress, supra.ModuleID{Address: supra.FrameworkAddress, Name: "genesis"}, 0)
	if err := ex.RegisterCoin(CoinInfo{CoinType: supra.SupraCoinType, Name: "Supra Coin", Symbol: "SUPRA", Decimals: 8}); err != nil {
		return nil, err
	}
	fund := func(d DevAccount, amount uint64) error {
		ex.ov.setAccount(d.Address, accountState{AuthKey: d.Address})
		return ex.Mint(d.Address, supra.SupraCoinType, amount)
	}
	for _, d := range n.dev {
		if err := fund(d, n.opts.DevBalance); err != nil {
			return nil, err
		}
	}
	if err := fund(n.faucet, faucetReserve); err != nil {
		return nil, err
	}
	for _, m := range n.order {
		ex.module = m.ID()
		ex.sender = m.ID().Address
		if err := safeCall(func() error { return m.Genesis(ex) }); err != nil {
			return nil, fmt.Errorf("devnet: genesis of %s: %w", m.ID(), err)
		}
	}
	ex.ov.commit()
	c.recordGenesis(ex.events)
	return c, nil
}

// newBlockList returns an empty block list for a new chain (genesis or a loaded state),
// with a scratch file of its own: the old chain's file goes when nothing refers to it.
func (n *Node) newBlockList() blockList {
	dir := ""
	if n.opts.StatePath != "" {
		dir = filepath.Dir(n.opts.StatePath)
	}
	return newBlockList(newBlockFile(dir, n.log), n.opts.RecentBlocks)
}

// newExec makes a Exec over a fresh overlay of c's state.
func (n *Node) newExec(c *ledger, sender supra.Address, mod supra.ModuleID, gasLimit uint64) *Exec {
	return &Exec{
		node:     n,
		ov:       newOverlay(c.st),
		sender:   sender,
		module:   mod,
		now:      c.blockTime(),
		height:   c.nextHeight(),
		gasLimit: gasLimit,
	}
}

// safeCall runs f, turning a panic into an error so module bugs fail one transaction
// instead of the node.
func safeCall(f func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("devnet: module panic: %v", r)
		}
	}()
	return f()
}

// Accounts returns the dev accounts.
func (n *Node) Accounts() []DevAccount { return append([]DevAccount(nil), n.dev...) }

// FaucetAccount returns the faucet's account: like the dev accounts it derives from the
// seed, and it holds the SUPRA the faucet hands out.
func (n *Node) FaucetAccount() DevAccount { return n.faucet }

// MinGasPrice is the lowest gas unit price the node accepts.
func (n *Node) MinGasPrice() uint64 { return n.opts.MinGasPrice }

// Seed returns the seed string.
func (n *Node) Seed() string { return n.seed }

// WriteBanner prints the dev accounts like Anvil does.
func (n *Node) WriteBanner(w io.Writer) {
	n.mu.RLock()
	defer n.mu.RUnlock()
	fmt.Fprintf(w, "Supra devnet (chain id %d), seed %q\n\nAvailable Accounts\n==================\n", ChainID, n.seed)
	// Every coin an account holds, SUPRA first and the rest by symbol, so a developer sees
	// at a glance which account to use for what.
	infos := make([]CoinInfo, 0, len(n.ch.st.coinInfos))
	for _, ci := range n.ch.st.coinInfos {
		if ci.CoinType != supra.SupraCoinType {
			infos = append(infos, ci)
		}
	}
	slices.SortFunc(infos, func(a, b CoinInfo) int { return strings.Compare(a.Symbol, b.Symbol) })
	for _, d := range n.dev {
		holdings := []string{formatUnits(n.ch.st.coins[coinKey{d.Address, supra.SupraCoinType}], 8) + " SUPRA"}
		for _, ci := range infos {
			k := coinKey{d.Address, ci.CoinType}
			if bal := n.ch.st.coins[k] + n.ch.st.fa[k]; bal > 0 {
				holdings = append(holdings, formatUnits(bal, int(ci.Decimals))+" "+ci.Symbol)
			}
		}
		fmt.Fprintf(w, "(%d) %s (%s)\n", d.Index, d.Address, strings.Join(holdings, ", "))
	}
	fmt.Fprintf(w, "\nPrivate Keys\n==================\n")
	for _, d := range n.dev {
		fmt.Fprintf(w, "(%d) %s\n", d.Index, supra.EncodeHex(d.PrivateKey.Seed()))
	}
	fmt.Fprintf(w, "\nKeys derive from the seed at m/44'/637'/i'/0'/0'. Block time: %s. Min gas price: %d.\n",
		blockTimeText(n.opts.BlockTime), n.opts.MinGasPrice)
	// A chain with a seeded past keeps the clock that past ended on, not the wall clock's.
	fmt.Fprintf(w, "Chain clock: %s (height %d).\n", n.ch.blockTime().UTC().Format(time.RFC3339), n.ch.height())
	if n.opts.MinimalEvents {
		fmt.Fprintf(w, "Minimal events: events carry only the fields the product documents or published sources name.\n")
	}
}

func blockTimeText(d time.Duration) string {
	if d == 0 {
		return "one block per transaction"
	}
	return d.String()
}

// formatUnits renders an integer amount with decimals (no floats).
func formatUnits(v uint64, decimals int) string {
	s := new(big.Int).SetUint64(v).String()
	for len(s) <= decimals {
		s = "0" + s
	}
	i := len(s) - decimals
	frac := s[i:]
	for len(frac) > 0 && frac[len(frac)-1] == '0' {
		frac = frac[:len(frac)-1]
	}
	if frac == "" {
		return s[:i]
	}
	return s[:i] + "." + frac
}

// Close stops the block ticker and saves the state when StatePath is set.
func (n *Node) Close() error {
	n.mu.Lock()
	if n.closed {
		n.mu.Unlock()
		return nil
	}
	n.closed = true
	n.mu.Unlock()
	close(n.stop)
	n.wg.Wait()
	var err error
	if n.opts.StatePath != "" {
		err = n.SaveState(n.opts.StatePath)
		n.saveMu.Lock()
		if n.journal != nil {
			n.journal.close()
		}
		n.saveMu.Unlock()
	}
	// Snapshots share the chain's block file and its index; chains replaced before
	// (reset, load) had files of their own, closed when the runtime collects them.
	n.mu.RLock()
	file, index := n.ch.blocks.file, n.ch.txs.index
	n.mu.RUnlock()
	return errors.Join(err, file.close(), index.close())
}

func (n *Node) ticker(d time.Duration) {
	defer n.wg.Done()
	t := time.NewTicker(d)
	defer t.Stop()
	for {
		select {
		case <-n.stop:
			return
		case <-t.C:
			n.mu.Lock()
			n.ch.seal(n.now)
			n.mu.Unlock()
		}
	}
}

// CheckInvariants verifies, per coin type, that the sum of balances (plus gas collected,
// for SUPRA) equals the supply, and runs every InvariantModule's check. Balances are u64
// so none can be negative; sums use big.Int.
func (n *Node) CheckInvariants() error {
	n.mu.RLock()
	defer n.mu.RUnlock()
	return n.checkInvariants(n.ch)
}

// checkInvariants checks c; the caller holds n.mu or c is not yet shared.
func (n *Node) checkInvariants(c *ledger) error {
	st := c.st
	sums := map[string]*big.Int{}
	for k, v := range st.coins {
		s := sums[k.Coin]
		if s == nil {
			s = new(big.Int)
			sums[k.Coin] = s
		}
		s.Add(s, new(big.Int).SetUint64(v))
	}
	for k, v := range st.fa { // a paired coin's supply counts its fungible stores
		s := sums[k.Coin]
		if s == nil {
			s = new(big.Int)
			sums[k.Coin] = s
		}
		s.Add(s, new(big.Int).SetUint64(v))
	}
	types := make([]string, 0, len(st.coinInfos))
	for t := range st.coinInfos {
		types = append(types, t)
	}
	sort.Strings(types)
	var errs []error
	for _, t := range types {
		info := st.coinInfos[t]
		got := sums[t]
		if got == nil {
			got = new(big.Int)
		}
		if t == supra.SupraCoinType {
			got = new(big.Int).Add(got, new(big.Int).SetUint64(st.gasCollected))
		}
		if got.Cmp(new(big.Int).SetUint64(info.Supply)) != 0 {
			errs = append(errs, fmt.Errorf("devnet: %s: balances%s = %s, supply = %d", t,
				map[bool]string{true: "+gas", false: ""}[t == supra.SupraCoinType], got, info.Supply))
		}
	}
	for t := range sums {
		if _, ok := st.coinInfos[t]; !ok {
			errs = append(errs, fmt.Errorf("devnet: coin store of unregistered coin %s", t))
		}
	}
	for _, m := range n.order {
		im, ok := m.(InvariantModule)
		if !ok {
			continue
		}
		ex := n.newExec(c, m.ID().Address, m.ID(), 0)
		ex.readOnly = true
		if err := safeCall(func() error { return im.CheckInvariants(ex) }); err != nil {
			errs = append(errs, fmt.Errorf("devnet: %s: %w", m.ID(), err))
		}
	}
	return errors.Join(errs...)
}

// MaxSnapshots is how many snapshots the node keeps: each is a copy of the chain, so a
// client that snapshots without reverting would otherwise grow memory without bound.
// Taking one more drops the oldest.
const MaxSnapshots = 100

// Snapshot records the current chain and returns its id (Anvil's evm_snapshot).
func (n *Node) Snapshot() uint64 {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.nextSnap++
	n.snapshots[n.nextSnap] = n.ch.clone()
	if len(n.snapshots) > MaxSnapshots {
		oldest := slices.Min(slices.Collect(maps.Keys(n.snapshots)))
		delete(n.snapshots, oldest)
		n.droppedSnap = max(n.droppedSnap, oldest)
	}
	return n.nextSnap
}

// Revert restores snapshot id; it and every later snapshot are consumed (Anvil semantics).
func (n *Node) Revert(id uint64) error {
	n.mu.Lock()
	defer n.mu.Unlock()
	c, ok := n.snapshots[id]
	if !ok && id > 0 && id <= n.droppedSnap {
		return fmt.Errorf("%w: %d was dropped (the devnet keeps the newest %d snapshots)", ErrUnknownSnapshot, id, MaxSnapshots)
	}
	if !ok {
		return fmt.Errorf("%w: %d", ErrUnknownSnapshot, id)
	}
	for k := range n.snapshots {
		if k >= id {
			delete(n.snapshots, k)
		}
	}
	n.ch = c
	n.rewound()
	return nil
}

// OnRewind registers f to run after every Revert and Reset (caches of chain state, like
// the market data's, drop what the chain no longer holds).
func (n *Node) OnRewind(f func()) {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.onRewind = append(n.onRewind, f)
}

// rewound runs the OnRewind callbacks; the caller holds n.mu.
func (n *Node) rewound() {
	for _, f := range n.onRewind {
		f()
	}
}

// Reset rebuilds the chain from genesis and drops all snapshots. With Options.Past the
// chain goes back to where the past ended (written again first when the node started from
// a state file), its clock running on from there.
func (n *Node) Reset() error {
	n.mu.RLock()
	base := n.base
	n.mu.RUnlock()
	var c *ledger
	if base != nil {
		c = base.clone()
	} else {
		var err error
		if c, err = n.fresh(context.Background()); err != nil {
			return err
		}
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	if base == nil && n.opts.Past != nil {
		n.base = c.clone()
	}
	n.ch = c
	clear(n.snapshots)
	n.rewound()
	return nil
}

// AdvanceTime moves chain time forward by d (applies to the next block).
func (n *Node) AdvanceTime(d time.Duration) (time.Time, error) {
	if d < 0 {
		return time.Time{}, fmt.Errorf("devnet: cannot move time backwards (%s)", d)
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	n.ch.timeOffset += d
	return n.ch.blockTime(), nil
}

// SetTime moves chain time forward to t: the next block is at t (or a microsecond after
// the latest block, if that is later). Moving it back is refused, as AdvanceTime does.
func (n *Node) SetTime(t time.Time) (time.Time, error) {
	n.mu.Lock()
	defer n.mu.Unlock()
	cur := n.ch.clock().Add(n.ch.timeOffset)
	if t.Before(cur) {
		return time.Time{}, fmt.Errorf("devnet: cannot move time backwards (from %s to %s)", cur, t)
	}
	n.ch.timeOffset += t.Sub(cur)
	return n.ch.blockTime(), nil
}

// Mine seals count blocks (empty ones when nothing is pending).
func (n *Node) Mine(count int) uint64 {
	n.mu.Lock()
	defer n.mu.Unlock()
	for i := 0; i < count; i++ {
		n.ch.seal(n.now)
	}
	return n.ch.height()
}

// SetBalance sets addr's balance of coinType, minting or burning the difference so that
// supply stays consistent; it creates the account and coin store when needed.
func (n *Node) SetBalance(addr supra.Address, coinType string, amount uint64) error {
	n.mu.Lock()
	defer n.mu.Unlock()
	ex := n.newExec(n.ch, supra.FrameworkAddress, supra.ModuleID{Address: supra.FrameworkAddress, Name: "coin"}, 0)
	t, err := ex.canonicalCoin(coinType)
	if err != nil {
		return err
	}
	if _, ok := ex.ov.coinInfo(t); !ok {
		return fmt.Errorf("%w: coin %s", ErrNotFound, t)
	}
	if !ex.AccountExists(addr) {
		ex.ov.setAccount(addr, accountState{AuthKey: addr})
		ex.ov.setCoin(coinKey{addr, supra.SupraCoinType}, 0)
	}
	if err := ex.RegisterCoinStore(addr, t); err != nil {
		return err
	}
	cur := ex.Balance(addr, t)
	switch {
	case amount > cur:
		err = ex.Mint(addr, t, amount-cur)
	case amount < cur:
		err = ex.Burn(addr, t, cur-amount)
	}
	if err != nil {
		return err
	}
	ex.ov.commit()
	return nil
}

// Balance returns addr's balance of coinType.
func (n *Node) Balance(addr supra.Address, coinType string) uint64 {
	n.mu.RLock()
	defer n.mu.RUnlock()
	return n.newExec(n.ch, addr, supra.ModuleID{}, 0).Balance(addr, coinType)
}

// SequenceNumber returns addr's next sequence number (ErrNotFound for unknown accounts).
func (n *Node) SequenceNumber(addr supra.Address) (uint64, error) {
	n.mu.RLock()
	defer n.mu.RUnlock()
	a, ok := n.ch.st.accounts[addr]
	if !ok {
		return 0, fmt.Errorf("%w: account %s", ErrNotFound, addr)
	}
	return a.SequenceNumber + n.ch.pendingFor(addr), nil
}

// Now returns the chain's current block time.
func (n *Node) Now() time.Time {
	n.mu.RLock()
	defer n.mu.RUnlock()
	return n.ch.blockTime()
}

// Height returns the latest sealed block height.
func (n *Node) Height() uint64 {
	n.mu.RLock()
	defer n.mu.RUnlock()
	return n.ch.height()
}

// Transaction returns the node's TransactionInfo for hash.
func (n *Node) Transaction(hash [32]byte) (supra.TransactionInfo, bool) {
	n.mu.RLock()
	defer n.mu.RUnlock()
	i, ok, err := n.ch.txs.find(hash)
	var ti supra.TransactionInfo
	if ok {
		ti, err = n.ch.infoAt(i)
	}
	if err != nil {
		n.log.Error("devnet: transaction", "hash", supra.EncodeHex(hash[:]), "err", err)
		return supra.TransactionInfo{}, false
	}
	return ti, ok
}
