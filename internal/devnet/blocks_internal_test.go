package devnet

import (
	"errors"
	"log/slog"
	"path/filepath"
	"reflect"
	"testing"
	"time"
)

// testBlock is block h of a branch: salt makes two branches' blocks differ.
func testBlock(h uint64, salt byte, txs int) *blockRec {
	b := &blockRec{Height: h, Time: time.UnixMicro(int64(1_700_000_000_000_000 + h))}
	b.Hash[0], b.Hash[1], b.Hash[31] = byte(h), byte(h>>8), salt
	for i := range txs {
		b.Txs = append(b.Txs, int(h)*1_000_000+i)
	}
	return b
}

// checkBlocks reads every block of l both ways (one at a time, and in order) and
// compares it with want.
func checkBlocks(t *testing.T, l *blockList, want []*blockRec) {
	t.Helper()
	if l.len() != uint64(len(want)) {
		t.Fatalf("len %d, want %d", l.len(), len(want))
	}
	same := func(got, want *blockRec) bool {
		return got.Height == want.Height && got.Hash == want.Hash && got.Time.Equal(want.Time) && reflect.DeepEqual(got.Txs, want.Txs)
	}
	for h, w := range want {
		got, err := l.at(uint64(h))
		if err != nil {
			t.Fatalf("at(%d): %v", h, err)
		}
		if !same(got, w) {
			t.Fatalf("at(%d) = %+v, want %+v", h, got, w)
		}
	}
	i := 0
	if err := l.each(func(got *blockRec) error {
		if !same(got, want[i]) {
			t.Fatalf("each: block %d = %+v, want %+v", i, got, want[i])
		}
		i++
		return nil
	}); err != nil {
		t.Fatal(err)
	}
}

func TestBlockList(t *testing.T) {
	log := slog.New(slog.DiscardHandler)
	tests := []struct {
		name string
		dir  func(t *testing.T) string
		run  func(t *testing.T, l blockList)
	}{
		{name: "old blocks go to the file and read back", run: func(t *testing.T, l blockList) {
			var want []*blockRec
			for h := range uint64(50) {
				want = append(want, testBlock(h, 0, int(h%3)))
				l.add(want[h])
			}
			if l.cold.len() == 0 || len(l.hot) > 2*l.recent {
				t.Fatalf("%d blocks in the file, %d in memory", l.cold.len(), len(l.hot))
			}
			checkBlocks(t, &l, want)
			if _, err := l.at(50); !errors.Is(err, ErrNotFound) {
				t.Fatalf("at(len) = %v, want ErrNotFound", err)
			}
		}},
		{name: "records longer than a read", run: func(t *testing.T, l blockList) {
			var want []*blockRec
			for h := range uint64(12) {
				want = append(want, testBlock(h, 0, int(h)*700)) // up to 7,700 indexes of 4 bytes
				l.add(want[h])
			}
			checkBlocks(t, &l, want)
		}},
		{name: "a snapshot and the chain each read their own branch", run: func(t *testing.T, l blockList) {
			var base []*blockRec
			for h := range uint64(20) {
				base = append(base, testBlock(h, 0, 1))
				l.add(base[h])
			}
			snap := l.clone()
			chain, other := append([]*blockRec(nil), base...), append([]*blockRec(nil), base...)
			for h := uint64(20); h < 45; h++ {
				chain = append(chain, testBlock(h, 1, 2))
				l.add(chain[h])
				other = append(other, testBlock(h, 2, 0))
				snap.add(other[h])
			}
			checkBlocks(t, &l, chain)
			checkBlocks(t, &snap, other)
		}},
		{name: "a directory that cannot be written keeps blocks in memory", dir: func(t *testing.T) string {
			return filepath.Join(t.TempDir(), "missing")
		}, run: func(t *testing.T, l blockList) {
			var want []*blockRec
			for h := range uint64(30) {
				want = append(want, testBlock(h, 0, 1))
				l.add(want[h])
			}
			if l.cold.len() != 0 {
				t.Fatalf("%d blocks in an unwritable file", l.cold.len())
			}
			checkBlocks(t, &l, want)
		}},
		{name: "a closed file fails reads of old blocks only", run: func(t *testing.T, l blockList) {
			for h := range uint64(30) {
				l.add(testBlock(h, 0, 0))
			}
			if err := l.file.close(); err != nil {
				t.Fatal(err)
			}
			if _, err := l.at(0); !errors.Is(err, ErrBlockStorage) {
				t.Fatalf("at(0) after close = %v, want ErrBlockStorage", err)
			}
			if b, err := l.at(29); err != nil || b.Height != 29 {
				t.Fatalf("at(29) after close = %v, %v", b, err)
			}
			l.add(testBlock(30, 0, 0)) // no file: stays in memory
			if b, err := l.at(30); err != nil || b.Height != 30 {
				t.Fatalf("at(30) after close = %v, %v", b, err)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			if tt.dir != nil {
				dir = tt.dir(t)
			}
			l := newBlockList(newBlockFile(dir, log), 4)
			t.Cleanup(func() { l.file.close() })
			tt.run(t, l)
		})
	}
}
