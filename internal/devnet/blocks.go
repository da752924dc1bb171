package devnet

import (
	"errors"
	"fmt"
)

// A chain's sealed blocks. The newest stay in memory, where the node reads them most
// (the latest block, recent events, new transactions); older ones are written to a
// scratch file and read back when asked for, so that a devnet left running for days does
// not grow its memory with its height: what stays in memory for an old block is its
// 8-byte place in the file.

// DefaultRecentBlocks is how many of the newest sealed blocks a node keeps in memory when
// Options.RecentBlocks is not set.
const DefaultRecentBlocks = 8192

// ErrBlockStorage reports a failure of the scratch file of old blocks: an old block that
// could not be read back (an RPC answers 500), or blocks that could not be written (they
// stay in memory).
var ErrBlockStorage = errors.New("devnet: block storage")

// blockList is a ledger's sealed blocks, heights 0 to len()-1: block h is in the file at
// offset cold.at(h) when h < cold.len(), and in memory at hot[h-cold.len()] otherwise.
//
// Sealed blocks never change, so a ledger and its snapshots share a blockList's arrays
// and its file. Each side only appends, and clone caps what it hands out, so an append by
// one side copies instead of writing where the other side can see; a block one side
// writes to the file is a record the other never points at.
type blockList struct {
	file   *blockFile
	cold   chunked[int64]
	hot    []*blockRec
	recent int // blocks kept in memory after moving older ones to the file
}

func newBlockList(file *blockFile, recent int) blockList {
	return blockList{file: file, recent: max(recent, 1)}
}

func (l *blockList) clone() blockList {
	return blockList{
		file:   l.file,
		cold:   l.cold.clone(),
		hot:    l.hot[:len(l.hot):len(l.hot)],
		recent: l.recent,
	}
}

// len is the number of sealed blocks: the height of the next one.
func (l *blockList) len() uint64 { return uint64(l.cold.len() + len(l.hot)) }

// last is the newest block; a chain always has its genesis block, which is in memory
// until a later block is.
func (l *blockList) last() *blockRec { return l.hot[len(l.hot)-1] }

// at returns block h, reading it from the file when it is no longer in memory.
func (l *blockList) at(h uint64) (*blockRec, error) {
	if h >= l.len() {
		return nil, fmt.Errorf("%w: block %d of %d", ErrNotFound, h, l.len())
	}
	if h >= uint64(l.cold.len()) {
		return l.hot[h-uint64(l.cold.len())], nil
	}
	off := l.cold.at(int(h))
	b, err := l.file.read(off)
	if err == nil && b.Height != h {
		err = fmt.Errorf("record at %d holds block %d", off, b.Height)
	}
	if err != nil {
		return nil, fmt.Errorf("%w: block %d: %w", ErrBlockStorage, h, err)
	}
	return b, nil
}

// first returns the block of height 0 while it is in memory (genesis is recorded into it
// before any other block exists).
func (l *blockList) first() *blockRec { return l.hot[0] }

// add appends a sealed block. Once twice the recent blocks are in memory, the older half
// goes to the file in one write. If the file cannot be written the blocks stay in memory:
// the chain is still right, it only uses more memory (the file logged why).
func (l *blockList) add(b *blockRec) {
	l.hot = append(l.hot, b)
	if len(l.hot) < 2*l.recent {
		return
	}
	old := l.hot[:len(l.hot)-l.recent]
	offsets, err := l.file.append(old)
	if err != nil {
		return
	}
	for _, off := range offsets {
		l.cold.append(off)
	}
	// A new array: the old one, which a snapshot may share, keeps the moved blocks
	// alive only for as long as that snapshot lives.
	l.hot = append(make([]*blockRec, 0, 2*l.recent), l.hot[len(old):]...)
}

// each calls f with every block from height 0 up, reading the file sequentially.
func (l *blockList) each(f func(*blockRec) error) error {
	r := l.file.reader()
	for h := range l.cold.len() {
		off := l.cold.at(h)
		b, err := r.read(off)
		if err == nil && b.Height != uint64(h) {
			err = fmt.Errorf("record at %d holds block %d", off, b.Height)
		}
		if err != nil {
			return fmt.Errorf("%w: block %d: %w", ErrBlockStorage, h, err)
		}
		if err := f(b); err != nil {
			return err
		}
	}
	for _, b := range l.hot {
		if err := f(b); err != nil {
			return err
		}
	}
	return nil
}
