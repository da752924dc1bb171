package devnet

import "testing"

// A chunked array reads back what was appended, across chunk boundaries, and a clone and
// its original append independently: neither sees the other's new elements.
func TestChunked(t *testing.T) {
	tests := []struct {
		name         string
		before       int // appended before the clone
		orig, cloned int // appended after it, to each side
	}{
		{"empty", 0, 3, 2},
		{"within a chunk", 10, 5, 7},
		{"a full chunk", chunkLen, 1, 1},
		{"across chunks", chunkLen + 3, chunkLen, chunkLen + 5},
		{"the clone grows alone", 2*chunkLen - 1, 0, 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var a chunked[int]
			for i := range tt.before {
				a.append(i)
			}
			b := a.clone()
			for i := range tt.orig {
				a.append(1_000_000 + i)
			}
			for i := range tt.cloned {
				b.append(2_000_000 + i)
			}
			check := func(side string, c *chunked[int], base, added int) {
				t.Helper()
				if c.len() != tt.before+added {
					t.Fatalf("%s: len %d, want %d", side, c.len(), tt.before+added)
				}
				for i := range c.len() {
					want := i
					if i >= tt.before {
						want = base + i - tt.before
					}
					if got := c.at(i); got != want {
						t.Fatalf("%s: at(%d) = %d, want %d", side, i, got, want)
					}
				}
				for k, ch := range c.chunks {
					if k < len(c.chunks)-1 && len(ch) != chunkLen {
						t.Fatalf("%s: chunk %d of %d holds %d", side, k, len(c.chunks), len(ch))
					}
				}
			}
			check("original", &a, 1_000_000, tt.orig)
			check("clone", &b, 2_000_000, tt.cloned)
		})
	}
}
