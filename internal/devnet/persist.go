package devnet

import (
	"bufio"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"time"

	"github.com/luckycoin/lucky/internal/supra"
)

// StateVersion is the version of the state file format. Loading refuses other versions
// (instead of silently misreading them, the lesson of foundry#11176). Version 2 may keep
// the history in a journal file beside it; version 1 files (all inline) still load.
const StateVersion = 2

// stateFile is the JSON state dump: the ledger, the block/transaction history and time.
type stateFile struct {
	Version      int            `json:"version"`
	ChainID      int            `json:"chain_id"`
	Seed         string         `json:"seed"`
	TimeOffsetUS int64          `json:"time_offset_us"`
	GasCollected supra.U64      `json:"gas_collected"`
	Accounts     []fileAccount  `json:"accounts"`
	Coins        []fileCoin     `json:"coins"`
	CoinInfos    []CoinInfo     `json:"coin_infos"`
	Resources    []fileResource `json:"resources"`
	Blocks       []fileBlock    `json:"blocks,omitempty"`
	Transactions []*txRecord    `json:"transactions,omitempty"`
	// Journal names the history file beside a state file written by SaveState and the
	// autosave (Blocks and Transactions are then left out): its first JournalBlocks lines are
	// the sealed blocks with their transactions. Lines after those (a save cut short) are
	// not part of the state.
	Journal       string `json:"journal,omitempty"`
	JournalBlocks uint64 `json:"journal_blocks,omitempty"`

	// FungibleStores are the accounts' primary fungible stores (owner, coin, balance).
	// Files written before the devnet had them lack the field and load as having none:
	// the format is otherwise unchanged, so the version is too.
	FungibleStores []fileCoin `json:"fungible_stores,omitempty"`

	// chain and txs are the ledger's blocks and transactions when the state is being
	// saved or dumped, for the journal and writeDump.
	chain blockList
	txs   txList
}

type fileAccount struct {
	Address        supra.Address `json:"address"`
	SequenceNumber uint64        `json:"sequence_number"`
	AuthKey        supra.Address `json:"authentication_key"`
}

type fileCoin struct {
	Address  supra.Address `json:"address"`
	CoinType string        `json:"coin_type"`
	Value    supra.U64     `json:"value"`
}

type fileResource struct {
	Address supra.Address   `json:"address"`
	Type    string          `json:"type"`
	Data    json.RawMessage `json:"data"`
}

type fileBlock struct {
	Height uint64   `json:"height"`
	Hash   [32]byte `json:"hash"`
	TimeUS int64    `json:"time_us"`
	Txs    []int    `json:"txs"`
}

// DumpState writes the whole chain as JSON. An open interval block is sealed first so the
// dump is self-consistent.
func (n *Node) DumpState(w io.Writer) error {
	n.mu.Lock()
	if n.ch.open != nil {
		n.ch.seal(n.now)
	}
	f, err := n.toFile(n.ch)
	n.mu.Unlock()
	if err == nil {
		err = f.writeDump(w)
	}
	if err != nil {
		return fmt.Errorf("devnet: dump state: %w", err)
	}
	return nil
}

// writeDump writes f with its history inline, read from the chain's block and transaction
// lists one record at a time, so that a dump of a long chain holds one record in memory
// rather than the chain (old records come back from the scratch file). It runs outside the
// node's lock: sealed blocks and their transactions never change. The output goes through
// a 64 KiB buffer, so a history that cannot be read early leaves w untouched.
func (f *stateFile) writeDump(w io.Writer) error {
	head, err := json.Marshal(f) // Blocks and Transactions are empty, so left out
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(w, 1<<16)
	// A bufio.Writer keeps its first write error and returns it from Flush, below.
	put := func(s string) { _, _ = bw.WriteString(s) }
	enc := json.NewEncoder(bw)
	put(string(head[:len(head)-1])) // the object stays open for the history
	put(`,"blocks":[`)
	sep := ""
	err = f.chain.each(func(b *blockRec) error {
		put(sep)
		sep = ","
		return enc.Encode(fileBlock{b.Height, b.Hash, b.Time.UnixMicro(), b.Txs})
	})
	if err != nil {
		return err
	}
	put(`],"transactions":[`)
	rd := f.txs.reader()
	for i := range f.txs.len() {
		rec, err := rd.at(i)
		if err != nil {
			return err
		}
		if i > 0 {
			put(",")
		}
		if err := enc.Encode(rec); err != nil {
			return err
		}
	}
	put("]}\n")
	return bw.Flush()
}

// LoadState replaces the chain with a dump produced by DumpState and drops snapshots.
func (n *Node) LoadState(r io.Reader) error {
	c, _, err := n.readState(r, "")
	if err != nil {
		return err
	}
	if err := n.checkInvariants(c); err != nil {
		return fmt.Errorf("%w: %w", ErrStateInvariant, err)
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	n.ch = c
	clear(n.snapshots)
	return nil
}

// SaveState writes the state file atomically and durably: a temporary file, fsynced,
// renamed over path, and the directory fsynced, so a crash leaves the old file or the
// new one, never a torn one.
func (n *Node) SaveState(path string) error {
	n.mu.Lock()
	if n.ch.open != nil {
		n.ch.seal(n.now)
	}
	c := n.ch
	f, err := n.toFile(c)
	n.mu.Unlock()
	if err != nil {
		return fmt.Errorf("devnet: save state: %w", err)
	}
	return n.save(path, c, f)
}

// save writes a state file in two parts, so that a save costs what changed since the last
// one rather than the whole chain (a chain of a few thousand transactions is megabytes of
// JSON, and rewriting it all took longer than the interval it had to fit in): first the
// sealed blocks not yet in the journal are appended to it and fsynced, then the state file
// (accounts, coins, resources, time: small) is replaced atomically, naming the journal and
// how many of its blocks count. A chain that is not the journal's (revert, reset, load, a
// start) begins a new journal; the old one is deleted once the state file no longer names it.
func (n *Node) save(path string, c *ledger, f *stateFile) error {
	n.saveMu.Lock()
	defer n.saveMu.Unlock()
	j := n.journal
	old := ""
	if j == nil || j.ledger != c || j.blocks > f.chain.len() {
		if j != nil {
			old = j.name
			j.close()
		}
		var err error
		if j, err = newJournal(path, c); err != nil {
			return fmt.Errorf("devnet: save state: %w", err)
		}
		n.journal = j
	}
	if err := j.append(&f.chain, &f.txs); err != nil {
		// A half-written line is past the count the state file names: the next save starts
		// a new journal rather than appending after it.
		j.ledger = nil
		return fmt.Errorf("devnet: save state: journal: %w", err)
	}
	f.Journal, f.JournalBlocks = j.name, j.blocks
	f.Transactions = nil
	if err := writeStateFile(path, f); err != nil {
		return err
	}
	if old != "" && old != j.name {
		_ = os.Remove(filepath.Join(filepath.Dir(path), old))
	}
	return nil
}

// journal is the history half of the state on disk: one JSON line per sealed block, with
// its transactions, appended as the chain grows.
type journal struct {
	ledger *ledger // the chain whose blocks the lines are (nil: none; start a new journal)
	name   string  // file name, in the state file's directory
	file   *os.File
	blocks uint64 // lines written
}

type journalLine struct {
	Block fileBlock   `json:"block"`
	Txs   []*txRecord `json:"txs"`
}

func newJournal(statePath string, c *ledger) (*journal, error) {
	var id [6]byte
	if _, err := rand.Read(id[:]); err != nil {
		return nil, err
	}
	name := filepath.Base(statePath) + ".history-" + hex.EncodeToString(id[:])
	fh, err := os.OpenFile(filepath.Join(filepath.Dir(statePath), name), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return nil, err
	}
	return &journal{ledger: c, name: name, file: fh}, nil
}

// append writes the blocks from j.blocks up to the chain's height, then fsyncs.
func (j *journal) append(chain *blockList, txs *txList) error {
	if j.blocks == chain.len() {
		return nil
	}
	w := bufio.NewWriterSize(j.file, 1<<16)
	enc := json.NewEncoder(w)
	rd := txs.reader()
	for h := j.blocks; h < chain.len(); h++ {
		b, err := chain.at(h)
		if err != nil {
			return err
		}
		line := journalLine{Block: fileBlock{b.Height, b.Hash, b.Time.UnixMicro(), b.Txs}, Txs: make([]*txRecord, len(b.Txs))}
		for k, i := range b.Txs {
			if line.Txs[k], err = rd.at(i); err != nil {
				return err
			}
		}
		if err := enc.Encode(line); err != nil {
			return err
		}
	}
	if err := w.Flush(); err != nil {
		return err
	}
	if err := j.file.Sync(); err != nil {
		return err
	}
	j.blocks = chain.len()
	return nil
}

func (j *journal) close() {
	if j.file != nil {
		j.file.Close()
	}
}

// readJournal fills f's blocks and transactions from the first f.JournalBlocks lines of
// its journal in dir.
func (f *stateFile) readJournal(dir string) error {
	fh, err := os.Open(filepath.Join(dir, filepath.Base(f.Journal)))
	if err != nil {
		return fmt.Errorf("devnet: state journal: %w", err)
	}
	defer fh.Close()
	dec := json.NewDecoder(bufio.NewReaderSize(fh, 1<<16))
	f.Blocks = make([]fileBlock, 0, f.JournalBlocks)
	for h := uint64(0); h < f.JournalBlocks; h++ {
		var line journalLine
		if err := dec.Decode(&line); err != nil {
			return fmt.Errorf("devnet: state journal %s, block %d of %d: %w", f.Journal, h, f.JournalBlocks, err)
		}
		if len(line.Txs) != len(line.Block.Txs) {
			return fmt.Errorf("devnet: state journal %s, block %d: %d transactions for %d", f.Journal, h, len(line.Txs), len(line.Block.Txs))
		}
		for k, i := range line.Block.Txs {
			if i != len(f.Transactions) {
				return fmt.Errorf("devnet: state journal %s, block %d: transaction %d out of order", f.Journal, h, i)
			}
			f.Transactions = append(f.Transactions, line.Txs[k])
		}
		f.Blocks = append(f.Blocks, line.Block)
	}
	return nil
}

func writeStateFile(path string, f *stateFile) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".devnet-state-*")
	if err != nil {
		return fmt.Errorf("devnet: save state: %w", err)
	}
	defer os.Remove(tmp.Name())
	w := bufio.NewWriterSize(tmp, 1<<16)
	err = json.NewEncoder(w).Encode(f)
	if err == nil {
		err = w.Flush()
	}
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		return fmt.Errorf("devnet: save state: %w", err)
	}
	// The rename is durable once the directory entry is.
	if d, err := os.Open(filepath.Dir(path)); err == nil {
		_ = d.Sync()
		d.Close()
	}
	return nil
}

// chainVersion identifies what the state file holds: a different ledger (revert, reset,
// load), another commit, another block or a time jump means it must be written again.
type chainVersion struct {
	ledger *ledger
	writes uint64
	blocks uint64
	offset time.Duration
}

// autosave writes the state file every interval while the chain changes, so that kill -9
// loses at most the last interval and the save under way. A save that takes longer than
// three intervals puts the promise at risk and says so in the log. In interval-block mode a block still open is left for
// the next tick, after it seals: its transactions are not final yet.
func (n *Node) autosave(path string, every time.Duration) {
	defer n.wg.Done()
	t := time.NewTicker(every)
	defer t.Stop()
	var saved chainVersion
	for {
		select {
		case <-n.stop:
			return
		case <-t.C:
		}
		n.mu.RLock()
		c := n.ch
		v := chainVersion{c, c.st.writes, c.blocks.len(), c.timeOffset}
		if v == saved || c.open != nil {
			n.mu.RUnlock()
			continue
		}
		f, err := n.toFile(c)
		n.mu.RUnlock()
		// Encoding runs outside the lock: toFile copied the maps, and the records and
		// blocks it shares (old blocks in the scratch file too) never change once sealed.
		began := time.Now()
		if err == nil {
			err = n.save(path, c, f)
		}
		if took := time.Since(began); took > 3*every {
			n.log.Warn("devnet: saving state took longer than three save intervals", "path", path, "took", took, "interval", every)
		}
		if err != nil {
			n.log.Error("devnet: saving state", "path", path, "err", err)
			continue
		}
		saved = v
	}
}

func (n *Node) loadFile(path string) (*ledger, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	c, name, err := n.readState(fh, filepath.Dir(path))
	if err == nil && name != "" {
		// The first save starts a journal of its own and deletes this one.
		n.saveMu.Lock()
		n.journal = &journal{name: name}
		n.saveMu.Unlock()
	}
	if err == nil {
		if ierr := n.checkInvariants(c); ierr != nil {
			err = fmt.Errorf("%w: %w", ErrStateInvariant, ierr)
		}
	}
	if err != nil {
		return nil, fmt.Errorf("devnet: load %s: %w", path, err)
	}
	return c, nil
}

func (n *Node) toFile(c *ledger) (*stateFile, error) {
	st := c.st
	f := &stateFile{Version: StateVersion, ChainID: ChainID, Seed: n.seed, TimeOffsetUS: c.timeOffset.Microseconds(),
		GasCollected: supra.U64(st.gasCollected)}
	for a, v := range st.accounts {
		f.Accounts = append(f.Accounts, fileAccount{a, v.SequenceNumber, v.AuthKey})
	}
	sort.Slice(f.Accounts, func(i, j int) bool { return f.Accounts[i].Address.String() < f.Accounts[j].Address.String() })
	for k, v := range st.coins {
		f.Coins = append(f.Coins, fileCoin{k.Addr, k.Coin, supra.U64(v)})
	}
	sort.Slice(f.Coins, func(i, j int) bool {
		a, b := f.Coins[i], f.Coins[j]
		if a.Address != b.Address {
			return a.Address.String() < b.Address.String()
		}
		return a.CoinType < b.CoinType
	})
	for k, v := range st.fa {
		f.FungibleStores = append(f.FungibleStores, fileCoin{k.Addr, k.Coin, supra.U64(v)})
	}
	sort.Slice(f.FungibleStores, func(i, j int) bool {
		a, b := f.FungibleStores[i], f.FungibleStores[j]
		if a.Address != b.Address {
			return a.Address.String() < b.Address.String()
		}
		return a.CoinType < b.CoinType
	})
	for _, v := range st.coinInfos {
		f.CoinInfos = append(f.CoinInfos, v)
	}
	sort.Slice(f.CoinInfos, func(i, j int) bool { return f.CoinInfos[i].CoinType < f.CoinInfos[j].CoinType })
	for k, v := range st.resources {
		raw, err := v.json()
		if err != nil {
			return nil, fmt.Errorf("resource %s at %s: %w", k.Type, k.Addr, err)
		}
		f.Resources = append(f.Resources, fileResource{k.Addr, k.Type, raw})
	}
	sort.Slice(f.Resources, func(i, j int) bool {
		a, b := f.Resources[i], f.Resources[j]
		if a.Address != b.Address {
			return a.Address.String() < b.Address.String()
		}
		return a.Type < b.Type
	})
	f.chain = c.blocks.clone()
	f.txs = c.txs.clone()
	return f, nil
}

// readState decodes a state file; one whose history is in a journal reads it from dir
// ("" refuses it) and returns the journal's name.
func (n *Node) readState(r io.Reader, dir string) (*ledger, string, error) {
	var f stateFile
	if err := json.NewDecoder(r).Decode(&f); err != nil {
		return nil, "", fmt.Errorf("devnet: decode state: %w", err)
	}
	if f.Version != StateVersion && f.Version != 1 {
		return nil, "", fmt.Errorf("%w: %d (this build reads 1 and %d)", ErrStateVersion, f.Version, StateVersion)
	}
	if f.Journal != "" {
		if dir == "" {
			return nil, "", fmt.Errorf("devnet: state keeps its history in the journal file %s: load it from its path", f.Journal)
		}
		if err := f.readJournal(dir); err != nil {
			return nil, "", err
		}
	}
	if len(f.Blocks) == 0 {
		return nil, "", fmt.Errorf("devnet: state has no blocks")
	}
	if f.Seed != n.seed {
		n.log.Warn("devnet: state file was made with another seed; dev account keys may not match its accounts", "file_seed", f.Seed)
	}
	blocks := n.newBlockList()
	c := &ledger{
		st:         newState(),
		clock:      n.now,
		blocks:     blocks,
		timeOffset: time.Duration(f.TimeOffsetUS) * time.Microsecond,
		txs:        newTxList(blocks.file, n.opts.RecentTransactions),
	}
	c.st.gasCollected = uint64(f.GasCollected)
	for _, a := range f.Accounts {
		c.st.accounts[a.Address] = accountState{SequenceNumber: a.SequenceNumber, AuthKey: a.AuthKey}
	}
	for _, v := range f.Coins {
		t, err := supra.NormalizeTypeString(v.CoinType)
		if err != nil {
			return nil, "", err
		}
		c.st.coins[coinKey{v.Address, t}] = uint64(v.Value)
	}
	for _, v := range f.FungibleStores {
		t, err := supra.NormalizeTypeString(v.CoinType)
		if err != nil {
			return nil, "", err
		}
		c.st.fa[coinKey{v.Address, t}] = uint64(v.Value)
	}
	for _, v := range f.CoinInfos {
		c.st.coinInfos[v.CoinType] = v
	}
	for _, v := range f.Resources {
		c.st.resources[resKey{v.Address, v.Type}] = newStoredResource(v.Data)
	}
	for i, b := range f.Blocks {
		if b.Height != uint64(i) {
			return nil, "", fmt.Errorf("devnet: state block %d has height %d", i, b.Height)
		}
		c.blocks.add(&blockRec{Height: b.Height, Hash: b.Hash, Time: time.UnixMicro(b.TimeUS), Txs: b.Txs})
		for _, ti := range b.Txs {
			if ti < 0 || ti >= len(f.Transactions) {
				return nil, "", fmt.Errorf("devnet: state block %d references tx %d", i, ti)
			}
		}
	}
	// Rebuild the listings from the records (the coin listings from their events); the
	// old records go to the scratch file and its index as they are added.
	for i, rec := range f.Transactions {
		if rec == nil || rec.Height >= c.blocks.len() {
			return nil, "", fmt.Errorf("devnet: state transaction %d is invalid", i)
		}
		rec.Pending = false
		// The genesis transaction: no account sent it, so, as when the chain was built
		// (recordGenesis), it stays out of the per-account listings.
		if rec.listed = rec.Height > 0; rec.listed {
			rec.coins = coinAccounts(rec, c.st)
		}
		c.txs.add(rec)
		c.txs.settle()
	}
	return c, f.Journal, nil
}

// coinAccounts lists the accounts whose coin balances a transaction changed (from its
// CoinDeposit/CoinWithdraw events), plus its sender when there are any.
func coinAccounts(rec *txRecord, st *state) []supra.Address {
	seen := map[supra.Address]bool{}
	var out []supra.Address
	add := func(a supra.Address) {
		if !seen[a] {
			seen[a] = true
			out = append(out, a)
		}
	}
	for _, e := range rec.Output.Move.Events {
		switch e.Type {
		case "0x1::coin::CoinDeposit", "0x1::coin::CoinWithdraw":
			var ce coinEvent
			if json.Unmarshal(e.Data, &ce) == nil {
				add(ce.Account)
			}
		case faDepositEvent, faWithdrawEvent:
			// A primary store's owner never changes (its transfer is disabled), so the
			// owner found in the state now is the owner at the time.
			var fe faEvent
			if json.Unmarshal(e.Data, &fe) != nil {
				continue
			}
			if store, err := supra.ParseAddress(fe.Store); err == nil {
				if k, ok := st.storeOwner(store); ok {
					add(k.Addr)
				}
			}
		}
	}
	if len(out) > 0 && !seen[rec.Sender] {
		out = append(out, rec.Sender)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].String() < out[j].String() })
	return out
}
