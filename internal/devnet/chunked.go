package devnet

// chunkLen is how many elements a chunk of a chunked array holds.
const chunkLen = 4096

// chunked is an append-only array kept in chunks of chunkLen elements, for what stays in
// memory of every old block (its place in the scratch file). Growing it never copies what
// it holds and leaves at most one chunk of spare room: a slice that doubles keeps up to as
// much again spare, and while it grows both arrays are live, so a devnet's memory would
// climb in steps with its history.
//
// A ledger and its snapshots share chunks, as they shared slices: clone copies the list
// of chunks (a few pointers) and caps the last one, so that each side appends where the
// other never reads, and a side appending to a capped chunk copies it first.
type chunked[T any] struct {
	chunks [][]T // all full but the last
	n      int
}

func (c *chunked[T]) len() int { return c.n }

func (c *chunked[T]) at(i int) T { return c.chunks[i/chunkLen][i%chunkLen] }

func (c *chunked[T]) append(v T) {
	k := len(c.chunks) - 1
	switch {
	case k < 0 || len(c.chunks[k]) == chunkLen:
		c.chunks = append(c.chunks, append(make([]T, 0, chunkLen), v))
	case len(c.chunks[k]) == cap(c.chunks[k]): // capped by clone: copy before writing
		c.chunks[k] = append(append(make([]T, 0, chunkLen), c.chunks[k]...), v)
	default:
		c.chunks[k] = append(c.chunks[k], v)
	}
	c.n++
}

func (c *chunked[T]) clone() chunked[T] {
	out := chunked[T]{chunks: append([][]T(nil), c.chunks...), n: c.n}
	if k := len(out.chunks) - 1; k >= 0 {
		out.chunks[k] = out.chunks[k][:len(out.chunks[k]):len(out.chunks[k])]
	}
	return out
}
