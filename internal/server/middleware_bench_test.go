package server

import (
	"bytes"
	"log/slog"
	"net/http"
	"testing"
)

// discardWriter is a ResponseWriter that keeps nothing, so a benchmark measures the
// handlers and not a recorder.
type discardWriter struct{ h http.Header }

func (d *discardWriter) Header() http.Header         { return d.h }
func (d *discardWriter) Write(p []byte) (int, error) { return len(p), nil }
func (d *discardWriter) WriteHeader(int)             {}

// BenchmarkMiddleware is the chain's cost on an answer already rendered and compressed
// (what the hot reads send): "bare" is the handler alone, "chain" the same handler
// behind the middleware every request goes through; their difference is the chain's share.
func BenchmarkMiddleware(b *testing.B) {
	body := bytes.Repeat([]byte("x"), 600)
	answer := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Type", "application/json; charset=utf-8")
		h.Set("Content-Encoding", "gzip")
		w.WriteHeader(http.StatusOK)
		_, _ = w.Write(body)
	})
	log := slog.New(slog.DiscardHandler)
	for _, c := range []struct {
		name string
		h    http.Handler
	}{
		{"bare", answer},
		{"chain", withMiddleware(answer, log, true)},
	} {
		b.Run(c.name, func(b *testing.B) {
			r, _ := http.NewRequest(http.MethodGet, "http://localhost/api/v1/config", nil)
			r.Header.Set("Accept-Encoding", "gzip, deflate, br")
			w := &discardWriter{h: make(http.Header, 16)}
			b.ReportAllocs()
			for b.Loop() {
				clear(w.h)
				c.h.ServeHTTP(w, r)
			}
		})
	}
}
