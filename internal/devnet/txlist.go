package devnet

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"slices"
	"strings"

	"github.com/luckycoin/lucky/internal/supra"
)

// A chain's transactions, in chain order. As with blocks, the newest stay in memory and
// older ones go to the chain's scratch file, read back when asked for: a transaction's
// record (its payload, its events) is kilobytes, and a devnet left running would otherwise
// keep every one it ever ran. What stays in memory for an old transaction is what the
// event queries filter on without reading it: its place in the file, its height and a
// summary of its event types (24 bytes); its hash and its places in the per-account
// listings are in the file's index (txIndex).

// DefaultRecentTransactions is how many of the newest transactions a node keeps in memory
// when Options.RecentTransactions is not set: between this many and twice as many are.
const DefaultRecentTransactions = 256

// txList is a ledger's transactions, indexes 0 to len()-1: transaction i is in the file
// when i < cold.len(), and in memory at hot[i-cold.len()] otherwise.
//
// A ledger and its snapshots share the file, its index and the cold array, as blockList
// does: each side only appends, and clone caps the cold array it hands out. The hot array
// is copied (it is short), so that each side may replace its records of an open block.
type txList struct {
	file   *blockFile
	index  *txIndex
	cold   chunked[txCold]
	hot    []*txRecord
	recent int // transactions kept in memory after moving older ones to the file
}

// txCold is what stays in memory of a transaction in the file.
type txCold struct {
	off    int64
	height uint64
	events eventFilter
}

func newTxList(file *blockFile, recent int) txList {
	return txList{file: file, index: newTxIndex(file.dir, file.log), recent: max(recent, 1)}
}

func (l *txList) clone() txList {
	return txList{
		file:   l.file,
		index:  l.index,
		cold:   l.cold.clone(),
		hot:    append([]*txRecord(nil), l.hot...),
		recent: l.recent,
	}
}

// len is the number of transactions: the index of the next one.
func (l *txList) len() int { return l.cold.len() + len(l.hot) }

// add appends a transaction (an executed one may still be pending: see settle).
func (l *txList) add(r *txRecord) { l.hot = append(l.hot, r) }

// hotAt returns transaction i, which the caller knows to be in memory: a transaction
// of the open block, or one just added.
func (l *txList) hotAt(i int) *txRecord { return l.hot[i-l.cold.len()] }

// at returns transaction i, reading it from the file when it is no longer in memory.
func (l *txList) at(i int) (*txRecord, error) {
	if i >= l.cold.len() {
		return l.hot[i-l.cold.len()], nil
	}
	return l.readCold(i, l.file.body)
}

// readCold decodes cold transaction i with read (the file's, or a sequential reader's).
func (l *txList) readCold(i int, read func(int64) ([]byte, error)) (*txRecord, error) {
	c := l.cold.at(i)
	body, err := read(c.off)
	var r *txRecord
	if err == nil {
		r, err = decodeTxRecord(body)
	}
	if err == nil && r.Height != c.height {
		err = fmt.Errorf("record at %d holds another transaction (height %d, not %d)", c.off, r.Height, c.height)
	}
	if err != nil {
		return nil, fmt.Errorf("%w: transaction %d: %w", ErrBlockStorage, i, err)
	}
	return r, nil
}

// height is transaction i's block height, pending whether it is in the open block:
// neither reads the file.
func (l *txList) height(i int) uint64 {
	if i < l.cold.len() {
		return l.cold.at(i).height
	}
	return l.hot[i-l.cold.len()].Height
}

func (l *txList) pending(i int) bool { return i >= l.cold.len() && l.hot[i-l.cold.len()].Pending }

// mayHaveEvent reports whether transaction i may have an event whose type matches want
// (eventMatches); false means it has none, without reading the file.
func (l *txList) mayHaveEvent(i int, want eventFilter) bool {
	return i >= l.cold.len() || l.cold.at(i).events&want == want
}

// settle moves old transactions to the file once twice the recent ones are in memory:
// all but the newest recent, in one write, and never one still pending (the open block's
// records change when it seals). If the file cannot be written they stay in memory, as
// blocks do (the file logged why).
func (l *txList) settle() {
	if len(l.hot) < 2*l.recent {
		return
	}
	n := len(l.hot) - l.recent
	for i, r := range l.hot[:n] {
		if r.Pending {
			n = i
			break
		}
	}
	if n == 0 {
		return
	}
	old := l.hot[:n]
	offsets, err := l.file.appendRecords(n, func(dst []byte, i int) ([]byte, error) {
		return appendTxRecord(dst, old[i])
	})
	if err == nil {
		err = l.index.add(l.cold.len(), old)
	}
	if err != nil {
		return // the records written are never read
	}
	for i, r := range old {
		l.cold.append(txCold{off: offsets[i], height: r.Height, events: eventsOf(r)})
	}
	// A new array: the old one, which a snapshot's copy does not share, goes with the
	// moved records.
	l.hot = append([]*txRecord(nil), l.hot[n:]...)
}

// find returns the place of the transaction with hash.
func (l *txList) find(hash [32]byte) (int, bool, error) {
	for i, r := range l.hot {
		if r.Hash == hash {
			return l.cold.len() + i, true, nil
		}
	}
	return l.index.find(l.cold.len(), hash)
}

// sent returns the places of up to count of the transactions addr sent, in order, from
// sequence number from on, leaving out those still pending.
func (l *txList) sent(addr supra.Address, from uint64, count int) ([]int, error) {
	places, err := l.index.sent(l.cold.len(), addr, from, count)
	if err != nil {
		return nil, err
	}
	for i, r := range l.hot {
		if len(places) == count {
			break
		}
		if r.listed && r.Sender == addr && r.Seq >= from && !r.Pending {
			places = append(places, l.cold.len()+i)
		}
	}
	return places, nil
}

// coinPage returns the places of up to count transactions in addr's coin listing from
// number from on, stopping at a pending one, and the number after the last returned
// (from when none is).
func (l *txList) coinPage(addr supra.Address, from uint64, count int) ([]int, uint64, error) {
	places, inFile, err := l.index.coins(l.cold.len(), addr, from, count)
	if err != nil {
		return nil, from, err
	}
	next := from + uint64(len(places))
	k := uint64(inFile) // the number of the next one in memory
	for i, r := range l.hot {
		if len(places) == count {
			break
		}
		if !slices.Contains(r.coins, addr) {
			continue
		}
		if k >= from {
			if r.Pending {
				break
			}
			places = append(places, l.cold.len()+i)
			next = k + 1
		}
		k++
	}
	return places, next, nil
}

// reader returns a reader of many transactions in chain order, reading the file through
// a buffer.
func (l *txList) reader() *txReader {
	return &txReader{list: l, file: l.file.reader()}
}

type txReader struct {
	list *txList
	file *blockReader
}

func (r *txReader) at(i int) (*txRecord, error) {
	if i >= r.list.cold.len() {
		return r.list.hot[i-r.list.cold.len()], nil
	}
	return r.list.readCold(i, r.file.body)
}

// eventFilter summarises a transaction's event types in 64 bits: each type without its
// type arguments sets two bits. A filter that lacks a type's bits rules the type out; one
// that has them may still not hold it.
type eventFilter uint64

func eventFilterOf(eventType string) eventFilter {
	base, _, _ := strings.Cut(eventType, "<")
	h := fnv.New64a()
	h.Write([]byte(base))
	s := h.Sum64()
	return 1<<(s&63) | 1<<((s>>6)&63)
}

func eventsOf(r *txRecord) eventFilter {
	var f eventFilter
	for _, e := range r.Output.Move.Events {
		f |= eventFilterOf(e.Type)
	}
	return f
}

// A transaction's record in the file: hash (32 bytes), sender (32), sequence number and
// height (8 each, little endian), then the JSON of its info, output and status.
type txRecordJSON struct {
	Info   supra.TransactionInfo `json:"info"`
	Output supra.TxOutput        `json:"output"`
	Status string                `json:"status"`
}

const txRecordHead = 32 + 32 + 8 + 8

func appendTxRecord(dst []byte, r *txRecord) ([]byte, error) {
	// Not HTML-escaped, as the node answers: an event's data is raw JSON, and an escaped
	// '<' in it would read back as the escape, not the character.
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(txRecordJSON{r.Info, r.Output, r.Status}); err != nil {
		return dst, err
	}
	js := buf.Bytes()
	dst = binary.AppendUvarint(dst, uint64(txRecordHead+len(js)))
	dst = append(dst, r.Hash[:]...)
	dst = append(dst, r.Sender[:]...)
	dst = binary.LittleEndian.AppendUint64(dst, r.Seq)
	dst = binary.LittleEndian.AppendUint64(dst, r.Height)
	return append(dst, js...), nil
}

func decodeTxRecord(body []byte) (*txRecord, error) {
	if len(body) < txRecordHead {
		return nil, fmt.Errorf("short transaction record (%d bytes)", len(body))
	}
	r := &txRecord{}
	copy(r.Hash[:], body)
	copy(r.Sender[:], body[32:])
	r.Seq = binary.LittleEndian.Uint64(body[64:])
	r.Height = binary.LittleEndian.Uint64(body[72:])
	var j txRecordJSON
	if err := json.Unmarshal(body[txRecordHead:], &j); err != nil {
		return nil, errors.Join(errors.New("bad transaction record"), err)
	}
	r.Info, r.Output, r.Status = j.Info, j.Output, j.Status
	return r, nil
}
