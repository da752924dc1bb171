package devnet

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"sync"
	"time"
)

// blockFile is an append-only scratch file of encoded old blocks and old transactions,
// shared by a chain and its snapshots. It is created on the first write, in dir (the system's temporary directory
// when dir is ""), and unlinked at once: it only spares memory, the state file holds the
// whole chain, so nothing of it may outlive the process, even one that is killed. Its
// space is freed when it is closed: by Node.Close, or by the runtime once no ledger refers
// to it any more (the chain a reset or a load replaced).
type blockFile struct {
	dir string
	log *slog.Logger

	mu   sync.Mutex
	f    *os.File
	name string // set while the file could not be unlinked, to remove it on close
	size int64
	// err is the first failure to create or write the file, or the close: no write is
	// tried after it, so a full disk costs one log line and the chain stays in memory.
	err error
}

var errBlockFileClosed = errors.New("block file closed")

func newBlockFile(dir string, log *slog.Logger) *blockFile {
	return &blockFile{dir: dir, log: log}
}

// append writes blocks at the end of the file in one write and returns their offsets.
func (f *blockFile) append(blocks []*blockRec) ([]int64, error) {
	return f.appendRecords(len(blocks), func(dst []byte, i int) ([]byte, error) {
		return appendBlockRecord(dst, blocks[i]), nil
	})
}

// appendRecords writes n records at the end of the file in one write and returns their
// offsets; encode appends record i (its length and body) to dst.
func (f *blockFile) appendRecords(n int, encode func(dst []byte, i int) ([]byte, error)) ([]int64, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.err != nil {
		return nil, f.err
	}
	if f.f == nil {
		if err := f.create(); err != nil {
			return nil, f.fail(err)
		}
	}
	// Written a mebibyte at a time: a thousand old transactions are megabytes, which
	// need not all be in memory at once on their way out of it.
	var buf []byte
	offsets := make([]int64, n)
	end := f.size // where buf goes
	for i := range n {
		offsets[i] = end + int64(len(buf))
		var err error
		if buf, err = encode(buf, i); err != nil {
			// A record that cannot be encoded is not the file's fault: the records stay in
			// memory (what was written of them is never read), and later writes are tried.
			f.size = end
			return nil, fmt.Errorf("%w: encoding an old record: %w", ErrBlockStorage, err)
		}
		if len(buf) >= 1<<20 || i == n-1 {
			if _, err := f.f.WriteAt(buf, end); err != nil {
				return nil, f.fail(err)
			}
			end += int64(len(buf))
			buf = buf[:0]
		}
	}
	f.size = end
	return offsets, nil
}

func (f *blockFile) create() error {
	file, err := os.CreateTemp(f.dir, "lucky-devnet-blocks-*")
	if err != nil {
		return err
	}
	if err := os.Remove(file.Name()); err != nil {
		// Systems that cannot unlink an open file: remove it on close instead.
		f.name = file.Name()
	}
	f.f = file
	return nil
}

// fail records the first write failure; the caller holds f.mu.
func (f *blockFile) fail(err error) error {
	f.err = fmt.Errorf("%w: writing old blocks to a file in %q: %w", ErrBlockStorage, f.dir, err)
	f.log.Error("devnet: old blocks stay in memory", "err", f.err)
	return f.err
}

// close releases the file; blocks in it can no longer be read.
func (f *blockFile) close() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.err = errBlockFileClosed
	if f.f == nil {
		return nil
	}
	err := f.f.Close()
	if f.name != "" {
		err = errors.Join(err, os.Remove(f.name))
	}
	f.f = nil
	return err
}

func (f *blockFile) handle() (*os.File, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.f == nil {
		if f.err != nil {
			return nil, f.err
		}
		return nil, errors.New("nothing written yet")
	}
	return f.f, nil
}

// read returns the block recorded at off.
func (f *blockFile) read(off int64) (*blockRec, error) {
	r := blockReader{file: f, chunk: 128} // an empty block's record is 53 bytes
	return r.read(off)
}

// reader returns a reader for many records in file order, read 64 KiB at a time.
func (f *blockFile) reader() *blockReader { return &blockReader{file: f, chunk: 64 << 10} }

// blockReader reads records through a buffer of the file from offset at.
type blockReader struct {
	file  *blockFile
	chunk int
	buf   []byte
	at    int64
}

// maxBlockRecord bounds a record's length, so a damaged length cannot ask for gigabytes.
const maxBlockRecord = 64 << 20

func (r *blockReader) read(off int64) (*blockRec, error) {
	body, err := r.body(off)
	if err != nil {
		return nil, err
	}
	return decodeBlockRecord(body)
}

// body returns the body of the record at off; it aliases the reader's buffer, so it is
// only valid until the next read.
func (r *blockReader) body(off int64) ([]byte, error) {
	rec, ok, err := r.buffered(off)
	if !ok && err == nil {
		if err = r.fill(off, r.chunk); err == nil {
			rec, ok, err = r.buffered(off)
		}
	}
	if !ok && err == nil {
		// A record longer than the chunk: read exactly it.
		size, used := binary.Uvarint(r.buf)
		if err = r.fill(off, used+int(size)); err == nil {
			rec, ok, err = r.buffered(off)
		}
	}
	if !ok && err == nil {
		err = io.ErrUnexpectedEOF
	}
	return rec, err
}

// buffered returns the body of the record at off if the buffer holds all of it.
func (r *blockReader) buffered(off int64) ([]byte, bool, error) {
	if off < r.at || off >= r.at+int64(len(r.buf)) {
		return nil, false, nil
	}
	b := r.buf[off-r.at:]
	size, used := binary.Uvarint(b)
	switch {
	case used == 0:
		return nil, false, nil // the length itself is cut off
	case used < 0 || size > maxBlockRecord:
		return nil, false, fmt.Errorf("bad record length at %d", off)
	case uint64(len(b)-used) < size:
		return nil, false, nil
	}
	return b[used : used+int(size)], true, nil
}

func (r *blockReader) fill(off int64, n int) error {
	file, err := r.file.handle()
	if err != nil {
		return err
	}
	if cap(r.buf) < n {
		r.buf = make([]byte, n)
	}
	r.buf = r.buf[:n]
	got, err := file.ReadAt(r.buf, off)
	r.buf, r.at = r.buf[:got], off
	if got > 0 && errors.Is(err, io.EOF) {
		err = nil // the last record ends before the chunk does
	}
	return err
}

// A record is the body's length (uvarint) and the body: height (8 bytes, little endian),
// hash (32), time in microseconds since 1970 (8), the number of transactions and each
// transaction's index (uvarints).
func appendBlockRecord(dst []byte, b *blockRec) []byte {
	body := make([]byte, 0, 48+binary.MaxVarintLen64*(1+len(b.Txs)))
	body = binary.LittleEndian.AppendUint64(body, b.Height)
	body = append(body, b.Hash[:]...)
	body = binary.LittleEndian.AppendUint64(body, uint64(b.Time.UnixMicro()))
	body = binary.AppendUvarint(body, uint64(len(b.Txs)))
	for _, t := range b.Txs {
		body = binary.AppendUvarint(body, uint64(t))
	}
	dst = binary.AppendUvarint(dst, uint64(len(body)))
	return append(dst, body...)
}

func decodeBlockRecord(body []byte) (*blockRec, error) {
	if len(body) < 48 {
		return nil, fmt.Errorf("short block record (%d bytes)", len(body))
	}
	b := &blockRec{Height: binary.LittleEndian.Uint64(body)}
	copy(b.Hash[:], body[8:40])
	b.Time = time.UnixMicro(int64(binary.LittleEndian.Uint64(body[40:48])))
	rest := body[48:]
	n, used := binary.Uvarint(rest)
	if used <= 0 || n > uint64(len(rest)) {
		return nil, errors.New("bad transaction count in block record")
	}
	rest = rest[used:]
	if n > 0 {
		b.Txs = make([]int, n)
	}
	for i := range b.Txs {
		t, used := binary.Uvarint(rest)
		if used <= 0 {
			return nil, errors.New("bad transaction index in block record")
		}
		b.Txs[i], rest = int(t), rest[used:]
	}
	return b, nil
}
