package devnet

import (
	"encoding/binary"
	"time"

	"crypto/sha3"
	"github.com/luckycoin/lucky/internal/supra"
)

// ledger is the node's whole chain: state plus history. Snapshots are ledger clones.
// (Named ledger, not chain, so it never reads as the internal/chain bindings package.)
type ledger struct {
	st         *state
	clock      func() time.Time
	timeOffset time.Duration // devnet time travel
	blocks     blockList     // sealed blocks, the old ones on disk
	open       *blockRec     // block being filled in interval mode (nil otherwise)
	txs        txList        // executed transactions, the old ones on disk
}

type blockRec struct {
	Height uint64
	Hash   [32]byte
	Time   time.Time
	Txs    []int
}

// txRecord is one executed transaction. Info holds everything but the block header,
// output and status, which depend on whether the block is sealed yet.
type txRecord struct {
	Hash    [32]byte
	Sender  supra.Address
	Seq     uint64
	Height  uint64
	Pending bool // in the open block of interval mode
	Info    supra.TransactionInfo
	Output  supra.TxOutput
	Status  string
	// Where the per-account listings show it, kept while it is in memory (the index has
	// it for the old ones): listed puts it in its sender's listing and coins, the
	// accounts whose coin balances it changed, in theirs.
	listed bool
	coins  []supra.Address
}

func newLedger(clock func() time.Time, blocks blockList, recentTxs int) *ledger {
	c := &ledger{
		st:     newState(),
		clock:  clock,
		blocks: blocks,
		txs:    newTxList(blocks.file, recentTxs),
	}
	g := &blockRec{Height: 0, Time: clock().Truncate(time.Microsecond)}
	g.Hash = blockHash(g, [32]byte{}, nil)
	c.blocks.add(g)
	return c
}

func (c *ledger) clone() *ledger {
	d := &ledger{
		st:         c.st.clone(),
		clock:      c.clock,
		timeOffset: c.timeOffset,
		blocks:     c.blocks.clone(),
		txs:        c.txs.clone(),
	}
	if c.open != nil {
		// Records of the open block are mutated when it seals: give the clone its own
		// (they are in memory: a pending record never goes to the file).
		o := *c.open
		o.Txs = append([]int(nil), c.open.Txs...)
		for _, i := range o.Txs {
			r := *c.txs.hotAt(i)
			d.txs.hot[i-d.txs.cold] = &r
		}
		d.open = &o
	}
	return d
}

func (c *ledger) height() uint64 { return c.blocks.last().Height }

func (c *ledger) nextHeight() uint64 {
	if c.open != nil {
		return c.open.Height
	}
	return c.height() + 1
}

// blockTime is the timestamp of the block the next transaction goes into: the open
// block's, or now (+ time travel), strictly after the last block.
func (c *ledger) blockTime() time.Time {
	if c.open != nil {
		return c.open.Time
	}
	t := c.clock().Add(c.timeOffset).Truncate(time.Microsecond)
	last := c.blocks.last().Time
	if !t.After(last) {
		t = last.Add(time.Microsecond)
	}
	return t
}

func (c *ledger) openBlock() *blockRec {
	if c.open == nil {
		c.open = &blockRec{Height: c.height() + 1, Time: c.blockTime()}
	}
	return c.open
}

// seal closes the open block (or an empty one) and finalises its transactions.
func (c *ledger) seal(_ func() time.Time) {
	b := c.openBlock()
	c.open = nil
	hashes := make([][32]byte, len(b.Txs))
	for i, ti := range b.Txs {
		hashes[i] = c.txs.hotAt(ti).Hash
	}
	b.Hash = blockHash(b, c.blocks.last().Hash, hashes)
	for _, ti := range b.Txs {
		c.txs.hotAt(ti).Pending = false
	}
	c.blocks.add(b)
	c.txs.settle()
}

// GenesisFunction is the entry function the genesis transaction shows.
const GenesisFunction = "0x1::genesis::initialize"

// recordGenesis puts the events of genesis (the coins minted and moved, the pools filled,
// the games funded) in block 0 as one successful transaction from 0x1, as a real chain's
// genesis transaction carries them. Without it an indexer starting at height 0 would
// never see the genesis balances (LUCKY holders) or the genesis liquidity (pool reserves).
// No account sent it, so it stays out of the per-account listings.
func (c *ledger) recordGenesis(events []supra.Event) {
	g := c.blocks.first()
	h := sha3.New256()
	h.Write([]byte("LUCKY::DevnetGenesisTx"))
	h.Write(binary.LittleEndian.AppendUint64(nil, uint64(g.Time.UnixMicro())))
	for _, e := range events {
		h.Write([]byte(e.Type))
		h.Write(e.Data)
	}
	var hash [32]byte
	h.Sum(hash[:0])
	rec := &txRecord{Hash: hash, Sender: supra.FrameworkAddress, Height: 0, Status: supra.StatusSuccess}
	rec.Output = supra.TxOutput{Move: supra.MoveOutput{Events: append([]supra.Event{}, events...), VMStatus: supra.VMStatusSuccess}}
	rec.Info = supra.TransactionInfo{
		Authenticator: supra.TxAuthenticatorInfo{Move: map[string]supra.Ed25519AuthJSON{}},
		Hash:          supra.EncodeHex(hash[:]),
		Header: supra.TxHeader{
			ChainID:             ChainID,
			ExpirationTimestamp: supra.NewTimestamp(g.Time),
			Sender:              supra.SenderInfo{Move: supra.FrameworkAddress.String()},
		},
		Payload: supra.TxPayloadInfo{Move: supra.EntryFunctionPayloadInfo{Type: "entry_function_payload",
			Function: GenesisFunction, TypeArguments: []string{}, Arguments: []any{}}},
	}
	c.txs.add(rec)
	g.Txs = append(g.Txs, c.txs.len()-1)
	g.Hash = blockHash(g, [32]byte{}, [][32]byte{hash})
}

func blockHash(b *blockRec, parent [32]byte, txs [][32]byte) [32]byte {
	h := sha3.New256()
	h.Write([]byte("LUCKY::DevnetBlock"))
	h.Write(parent[:])
	h.Write(binary.LittleEndian.AppendUint64(nil, b.Height))
	h.Write(binary.LittleEndian.AppendUint64(nil, uint64(b.Time.UnixMicro())))
	for _, t := range txs {
		h.Write(t[:])
	}
	var out [32]byte
	h.Sum(out[:0])
	return out
}

func (c *ledger) header(b *blockRec) supra.BlockHeader {
	return supra.BlockHeader{Hash: supra.EncodeHex(b.Hash[:]), Height: b.Height, Timestamp: supra.NewTimestamp(b.Time)}
}

// info renders a transaction record as the node's TransactionInfoV1. It fails only when
// the record's block is an old one that cannot be read back (ErrBlockStorage).
func (c *ledger) info(r *txRecord) (supra.TransactionInfo, error) {
	ti := r.Info
	if r.Pending {
		ti.Status = supra.StatusPending
		return ti, nil
	}
	b, err := c.blocks.at(r.Height)
	if err != nil {
		return supra.TransactionInfo{}, err
	}
	h := c.header(b)
	ti.BlockHeader = &h
	out := r.Output
	ti.Output = &out
	ti.Status = r.Status
	return ti, nil
}

// infoAt renders transaction i, reading it back when it is an old one in the file.
func (c *ledger) infoAt(i int) (supra.TransactionInfo, error) {
	r, err := c.txs.at(i)
	if err != nil {
		return supra.TransactionInfo{}, err
	}
	return c.info(r)
}

func (c *ledger) pendingFor(supra.Address) uint64 { return 0 }

type timeT = time.Time

func timeUnix(s int64) time.Time { return time.Unix(s, 0) }
