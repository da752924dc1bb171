package api

import (
	"fmt"
	"strings"
	"testing"
)

// The cache of one route holds at most maxVariants answers, whatever limits clients walk
// through: the least recently asked goes first, and a new key (a block indexed, a new
// snapshot) drops every answer of the old one.
func TestAnswerCacheBound(t *testing.T) {
	var c answerCache[uint64]
	builds := 0
	get := func(key uint64, limit int) *rendered {
		t.Helper()
		out, err := c.get(key, limit, func() (any, error) {
			builds++
			return map[string]any{"rows": strings.Repeat("x", limit*100), "key": key}, nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	// The page's limit is asked for between every other: it stays.
	for limit := 1; limit <= 100; limit++ {
		get(7, 20)
		get(7, limit)
		if n, _ := c.stats(); n > maxVariants {
			t.Fatalf("limit %d: %d answers kept, the bound is %d", limit, n, maxVariants)
		}
	}
	before := builds
	get(7, 20)
	if builds != before {
		t.Fatal("the limit asked for most was evicted")
	}
	// The kept answers are the last maxVariants limits asked for, and their bytes are
	// what they weigh, nothing else.
	n, size := c.stats()
	want := 0
	for _, limit := range []int{20, 100, 99, 98} {
		want += get(7, limit).size()
	}
	if n != maxVariants || size != want || builds != before {
		t.Fatalf("%d answers of %d bytes kept (%d builds), want %d answers of %d bytes", n, size, builds-before, maxVariants, want)
	}
	// A new key: the old answers go, the new one is built once.
	a := get(8, 20)
	if n, size := c.stats(); n != 1 || size != a.size() || builds != before+1 {
		t.Fatalf("after a new key: %d answers of %d bytes", n, size)
	}
	if b := get(8, 20); b != a {
		t.Fatal("the same key and limit rendered again")
	}
	// A failed build keeps nothing and answers the error.
	if _, err := c.get(9, 20, func() (any, error) { return nil, fmt.Errorf("index read") }); err == nil {
		t.Fatal("no error")
	}
	if n, _ := c.stats(); n != 0 {
		t.Fatalf("%d answers kept after a failed build at a new key", n)
	}
}

// Each encoding is chosen by what the request accepts, brotli first, and every encoding
// of an answer carries the one ETag.
func TestRenderedEncodings(t *testing.T) {
	out, err := render(map[string]string{"a": strings.Repeat("lucky ", 200)})
	if err != nil {
		t.Fatal(err)
	}
	if len(out.br) == 0 || len(out.gz) == 0 || len(out.br) >= len(out.body) || len(out.gz) >= len(out.body) {
		t.Fatalf("body %d, gzip %d, brotli %d bytes", len(out.body), len(out.gz), len(out.br))
	}
	for _, c := range []struct{ accept, want string }{
		{"", ""}, {"gzip", "gzip"}, {"br", "br"}, {"gzip, deflate, br", "br"}, {"br;q=0, gzip", "gzip"},
		{"identity", ""}, {"gzip;q=0", ""},
	} {
		if got := codingFor(c.accept); got != c.want {
			t.Errorf("Accept-Encoding %q: %q, want %q", c.accept, got, c.want)
		}
	}
}
