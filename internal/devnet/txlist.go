package devnet

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"slices"
	"sort"
	"strings"

	"github.com/luckycoin/lucky/internal/supra"
)

// A chain's transactions, in chain order. As with blocks, the newest stay in memory and
// older ones go to the chain's scratch file, read back when asked for: a transaction's
// record (its payload, its events) is kilobytes, and a devnet left running would otherwise
// keep every one it ever ran. Nothing of an old transaction stays in memory: what the event
// queries filter on without reading its record (its place in the file, its height and a
// summary of its event types: txCold, 24 bytes) is in the file too, one record for each
// batch moved there, and its hash and its places in the per-account listings are in the
// file's index (txIndex). The list keeps where each batch's summaries are: 16 bytes for
// hundreds of transactions.

// DefaultRecentTransactions is how many of the newest transactions a node keeps in memory
// when Options.RecentTransactions is not set: between this many and twice as many are.
const DefaultRecentTransactions = 256

// txList is a ledger's transactions, indexes 0 to len()-1: transaction i is in the file
// when i < cold, and in memory at hot[i-cold] otherwise.
//
// A ledger and its snapshots share the file, its index and the batches array, as
// blockList shares its arrays: each side only appends, and clone caps the batches it
// hands out. The hot array is copied (it is short), so that each side may replace its
// records of an open block.
type txList struct {
	file    *blockFile
	index   *txIndex
	cold    int       // transactions in the file
	batches []txBatch // where their summaries are, in chain order
	hot     []*txRecord
	recent  int // transactions kept in memory after moving older ones to the file
}

// txBatch says where in the file the summaries of the transactions from first on (up to
// the next batch's first) are: the record at at, txColdSize bytes a transaction.
type txBatch struct {
	first int
	at    int64
}

// txCold is what the event queries read of a transaction in the file before its record.
type txCold struct {
	off    int64
	height uint64
	events eventFilter
}

const txColdSize = 24

// appendTxBatch appends the record of a batch's summaries to dst.
func appendTxBatch(dst []byte, cs []txCold) []byte {
	dst = binary.AppendUvarint(dst, uint64(len(cs)*txColdSize))
	for _, c := range cs {
		dst = binary.LittleEndian.AppendUint64(dst, uint64(c.off))
		dst = binary.LittleEndian.AppendUint64(dst, c.height)
		dst = binary.LittleEndian.AppendUint64(dst, uint64(c.events))
	}
	return dst
}

func newTxList(file *blockFile, recent int) txList {
	return txList{file: file, index: newTxIndex(file.dir, file.log), recent: max(recent, 1)}
}

func (l *txList) clone() txList {
	return txList{
		file:    l.file,
		index:   l.index,
		cold:    l.cold,
		batches: l.batches[:len(l.batches):len(l.batches)],
		hot:     append([]*txRecord(nil), l.hot...),
		recent:  l.recent,
	}
}

// len is the number of transactions: the index of the next one.
func (l *txList) len() int { return l.cold + len(l.hot) }

// add appends a transaction (an executed one may still be pending: see settle).
func (l *txList) add(r *txRecord) { l.hot = append(l.hot, r) }

// hotAt returns transaction i, which the caller knows to be in memory: a transaction
// of the open block, or one just added.
func (l *txList) hotAt(i int) *txRecord { return l.hot[i-l.cold] }

// at returns transaction i, reading it from the file when it is no longer in memory.
func (l *txList) at(i int) (*txRecord, error) {
	if i >= l.cold {
		return l.hot[i-l.cold], nil
	}
	r := txReader{list: l, file: &blockReader{file: l.file, chunk: 4096}}
	return r.at(i)
}

// search returns the first transaction at or above height start (len() when none is). It
// reads summaries in the file only when start is below the transactions in memory.
func (l *txList) search(r *txReader, start uint64) (int, error) {
	if len(l.hot) > 0 && l.hot[0].Height < start {
		return l.cold + sort.Search(len(l.hot), func(i int) bool { return l.hot[i].Height >= start }), nil
	}
	var err error
	i := sort.Search(l.cold, func(i int) bool {
		h, herr := r.height(i)
		err = cmp.Or(err, herr)
		return herr != nil || h >= start
	})
	return i, err
}

// pending reports whether transaction i is in the open block (never one in the file).
func (l *txList) pending(i int) bool { return i >= l.cold && l.hot[i-l.cold].Pending }

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
	var at []int64
	if err == nil {
		cs := make([]txCold, n)
		for i, r := range old {
			cs[i] = txCold{off: offsets[i], height: r.Height, events: eventsOf(r)}
		}
		at, err = l.file.appendRecords(1, func(dst []byte, _ int) ([]byte, error) { return appendTxBatch(dst, cs), nil })
	}
	if err == nil {
		err = l.index.add(l.cold, old)
	}
	if err != nil {
		return // the records written are never read
	}
	l.batches = append(l.batches, txBatch{first: l.cold, at: at[0]})
	l.cold += n
	// A new array: the old one, which a snapshot's copy does not share, goes with the
	// moved records.
	l.hot = append([]*txRecord(nil), l.hot[n:]...)
}

// find returns the place of the transaction with hash.
func (l *txList) find(hash [32]byte) (int, bool, error) {
	for i, r := range l.hot {
		if r.Hash == hash {
			return l.cold + i, true, nil
		}
	}
	return l.index.find(l.cold, hash)
}

// sent returns the places of up to count of the transactions addr sent, in order, from
// sequence number from on, leaving out those still pending.
func (l *txList) sent(addr supra.Address, from uint64, count int) ([]int, error) {
	places, err := l.index.sent(l.cold, addr, from, count)
	if err != nil {
		return nil, err
	}
	for i, r := range l.hot {
		if len(places) == count {
			break
		}
		if r.listed && r.Sender == addr && r.Seq >= from && !r.Pending {
			places = append(places, l.cold+i)
		}
	}
	return places, nil
}

// coinPage returns the places of up to count transactions in addr's coin listing from
// number from on, stopping at a pending one, and the number after the last returned
// (from when none is).
func (l *txList) coinPage(addr supra.Address, from uint64, count int) ([]int, uint64, error) {
	places, inFile, err := l.index.coins(l.cold, addr, from, count)
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
			places = append(places, l.cold+i)
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

// txReader reads transactions and their summaries; it keeps the batch of summaries it
// read last, so a scan reads each batch once.
type txReader struct {
	list  *txList
	file  *blockReader
	batch int // the batch in sums, when sums is not nil
	sums  []byte
}

func (r *txReader) at(i int) (*txRecord, error) {
	if i >= r.list.cold {
		return r.list.hot[i-r.list.cold], nil
	}
	c, err := r.cold(i)
	if err != nil {
		return nil, err
	}
	body, err := r.file.body(c.off)
	var rec *txRecord
	if err == nil {
		rec, err = decodeTxRecord(body)
	}
	if err == nil && rec.Height != c.height {
		err = fmt.Errorf("record at %d holds another transaction (height %d, not %d)", c.off, rec.Height, c.height)
	}
	if err != nil {
		return nil, fmt.Errorf("%w: transaction %d: %w", ErrBlockStorage, i, err)
	}
	return rec, nil
}

// height is transaction i's block height.
func (r *txReader) height(i int) (uint64, error) {
	if i >= r.list.cold {
		return r.list.hot[i-r.list.cold].Height, nil
	}
	c, err := r.cold(i)
	return c.height, err
}

// mayHaveEvent reports whether transaction i may have an event whose type matches want
// (eventMatches); false means it has none, known without reading its record.
func (r *txReader) mayHaveEvent(i int, want eventFilter) (bool, error) {
	if i >= r.list.cold {
		return true, nil
	}
	c, err := r.cold(i)
	return c.events&want == want, err
}

// cold returns the summary of transaction i, which is in the file.
func (r *txReader) cold(i int) (txCold, error) {
	l := r.list
	k := sort.Search(len(l.batches), func(k int) bool { return l.batches[k].first > i }) - 1
	if r.sums == nil || r.batch != k {
		// A reader of its own: nothing else reads into the buffer body is part of.
		body, err := (&blockReader{file: l.file, chunk: 16 << 10}).body(l.batches[k].at)
		if err != nil {
			return txCold{}, fmt.Errorf("%w: transaction %d: its summary: %w", ErrBlockStorage, i, err)
		}
		r.sums, r.batch = body, k
	}
	j := (i - l.batches[k].first) * txColdSize
	if j+txColdSize > len(r.sums) {
		return txCold{}, fmt.Errorf("%w: transaction %d: a summary record of %d bytes", ErrBlockStorage, i, len(r.sums))
	}
	s := r.sums[j:]
	return txCold{off: int64(binary.LittleEndian.Uint64(s)), height: binary.LittleEndian.Uint64(s[8:]),
		events: eventFilter(binary.LittleEndian.Uint64(s[16:]))}, nil
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
