package api

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"github.com/andybalholm/brotli"
)

// rendered is a JSON answer encoded once, with its brotli and gzip forms and an ETag: an
// answer many clients ask for between two changes of what it shows (a block indexed, a
// market snapshot) is not encoded and compressed again for each of them, and a client
// holding it revalidates with If-None-Match for a 304 and no body.
type rendered struct {
	body, gz, br []byte
	// etag is the strong validator (a digest of body), kept as the header value it is
	// sent as, so that serving it allocates nothing; so are the three lengths.
	etag                  []string
	bodyLen, gzLen, brLen []string
}

// brotliQuality is the brotli level answers are rendered at. Measured on the devnet's
// answers (best of 40): the 72 KB burns list (limit 100) renders in 1.4 ms at quality 5
// (gzip's default level: 0.4 ms) for a body 5% smaller than gzip's, the 15 KB token index
// in 0.5 ms; quality 11 is 17% smaller but takes 195 ms and 26 ms, and an answer is
// rendered again with every block. Levels 4 to 7 compress alike; 5 took the least time on
// the largest list.
const brotliQuality = 5

func render(v any) (*rendered, error) {
	var b bytes.Buffer
	if err := json.NewEncoder(&b).Encode(v); err != nil {
		return nil, err
	}
	var gz bytes.Buffer
	// The default level, not the best: with the event index an answer changes with every
	// block, and at 300 tokens the best level took four times as long (11 ms against 3 ms)
	// for a body 8% smaller.
	zw, _ := gzip.NewWriterLevel(&gz, gzip.DefaultCompression) // a valid level never fails
	_, _ = zw.Write(b.Bytes())                                 // writes to a bytes.Buffer do not fail
	if err := zw.Close(); err != nil {
		return nil, err
	}
	var br bytes.Buffer
	bw := brotli.NewWriterLevel(&br, brotliQuality)
	_, _ = bw.Write(b.Bytes())
	if err := bw.Close(); err != nil {
		return nil, err
	}
	sum := sha256.Sum256(b.Bytes())
	length := func(p []byte) []string { return []string{strconv.Itoa(len(p))} }
	return &rendered{body: b.Bytes(), gz: gz.Bytes(), br: br.Bytes(), etag: []string{`"` + hex.EncodeToString(sum[:16]) + `"`},
		bodyLen: length(b.Bytes()), gzLen: length(gz.Bytes()), brLen: length(br.Bytes())}, nil
}

// size is the bytes the answer keeps.
func (b *rendered) size() int { return len(b.body) + len(b.gz) + len(b.br) + len(b.etag[0]) }

// The headers every rendered answer carries, built once (a header's value slice is only
// read by the server, and an Add to one of them appends to a full slice, which copies).
var (
	hdrJSON    = []string{"application/json; charset=utf-8"}
	hdrNoCache = []string{"no-cache"}
	hdrGzip    = []string{"gzip"}
	hdrBrotli  = []string{"br"}
)

// serve answers 200 with the body (brotli or gzip when the client accepts it, brotli
// first; the server's compression skips an answer that is already encoded), or 304 when
// the client's copy is this one. no-cache: a cache may keep it but must ask first, as the
// figures move.
func (b *rendered) serve(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h["Content-Type"] = hdrJSON
	h["Cache-Control"] = hdrNoCache
	h["Etag"] = b.etag
	for _, inm := range r.Header["If-None-Match"] {
		if etagMatches(inm, b.etag[0]) {
			w.WriteHeader(http.StatusNotModified)
			return
		}
	}
	body, length := b.body, b.bodyLen
	switch codingFor(r.Header.Get("Accept-Encoding")) {
	case "br":
		h["Content-Encoding"] = hdrBrotli
		body, length = b.br, b.brLen
	case "gzip":
		h["Content-Encoding"] = hdrGzip
		body, length = b.gz, b.gzLen
	}
	// Said up front, so a body larger than the server's buffer goes unchunked.
	h["Content-Length"] = length
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		_, _ = w.Write(body)
	}
}

// codingFor is the content coding an answer is sent in for an Accept-Encoding header:
// brotli, the smaller, when accepted, else gzip, else none ("").
func codingFor(acceptEncoding string) string {
	switch {
	case acceptEncoding == "":
		return ""
	case acceptsCoding(acceptEncoding, "br"):
		return "br"
	case acceptsCoding(acceptEncoding, "gzip"):
		return "gzip"
	}
	return ""
}

// etagMatches reports whether an If-None-Match header names etag (weakly, as RFC 9110
// compares for If-None-Match), or is "*".
func etagMatches(header, etag string) bool {
	for header != "" {
		var t string
		t, header, _ = strings.Cut(header, ",")
		t = strings.TrimPrefix(strings.TrimSpace(t), "W/")
		if t == "*" || t == etag {
			return true
		}
	}
	return false
}

// maxVariants bounds the answers one route keeps at one version: a list's limit is a
// query parameter (1 to 100), so the cache keeps the limits asked for last, and a client
// walking through every limit evicts, never grows, it.
const maxVariants = 4

// answerCache keeps one route's answers rendered at one version of what they depend on
// (key: the indexed block, the market snapshot, the head height, whatever the answer
// shows), at most maxVariants of them (variant: a list's limit; 0 for an answer without
// one). A new key drops every answer of the old one: a change invalidates exactly the
// routes whose key it changes. Holding the lock while rendering makes concurrent misses
// share one render. The memory it holds is at most maxVariants answers of the route.
type answerCache[K comparable] struct {
	mu    sync.Mutex
	key   K
	valid bool
	// byVariant holds the answers, order their variants, least recently used first.
	byVariant map[int]*rendered
	order     []int
}

// get returns the answer for key and variant, rendering the value build returns when it
// has none.
func (c *answerCache[K]) get(key K, variant int, build func() (any, error)) (*rendered, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.valid || c.key != key {
		clear(c.byVariant)
		c.order = c.order[:0]
		c.key, c.valid = key, false
	}
	if out, ok := c.byVariant[variant]; ok {
		c.touch(variant)
		return out, nil
	}
	v, err := build()
	if err != nil {
		return nil, err
	}
	out, err := render(v)
	if err != nil {
		return nil, err
	}
	if c.byVariant == nil {
		c.byVariant = make(map[int]*rendered, maxVariants)
	}
	if len(c.order) == maxVariants {
		delete(c.byVariant, c.order[0])
		c.order = append(c.order[:0], c.order[1:]...)
	}
	c.byVariant[variant] = out
	c.order = append(c.order, variant)
	c.valid = true
	return out, nil
}

// touch moves variant to the most recently used end.
func (c *answerCache[K]) touch(variant int) {
	i := len(c.order) - 1
	if c.order[i] == variant {
		return
	}
	for j, v := range c.order {
		if v == variant {
			copy(c.order[j:], c.order[j+1:])
			c.order[i] = variant
			return
		}
	}
}

// stats are the answers kept and their bytes.
func (c *answerCache[K]) stats() (answers, bytes int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, a := range c.byVariant {
		answers++
		bytes += a.size()
	}
	return answers, bytes
}
