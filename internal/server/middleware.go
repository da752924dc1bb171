package server

import (
	"compress/gzip"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/luckycoin/lucky/internal/api"
)

// contentSecurityPolicy allows only this origin's scripts, styles and media, no inline
// script, and no framing. React's style props go through CSSOM, which style-src allows.
const contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self'; " +
	"img-src 'self' data: blob:; media-src 'self' blob:; connect-src 'self'; font-src 'self'; " +
	"object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"

// withMiddleware wraps the route table in what every request goes through: request logs,
// panic recovery, security headers and compression.
func withMiddleware(h http.Handler, log *slog.Logger, https bool) http.Handler {
	return logRequests(recoverPanics(securityHeaders(compress(h), https), log), log)
}

// hsts tells browsers to come back over https only (a year), sent only when the public
// URL is https: over plain http the header would be ignored, and on a host that later
// serves http it would lock visitors out.
const hsts = "max-age=31536000"

// headerValue is one header, its name already canonical and its value built once.
type headerValue struct {
	name  string
	value []string
}

// securityHeaderSet is the headers every answer carries. They are the same for every
// answer, so they are built once and each response gets the same value slices (the
// server only reads them; an Add appends to a full slice, which copies).
func securityHeaderSet(https bool) []headerValue {
	set := []headerValue{
		{"Content-Security-Policy", []string{contentSecurityPolicy}},
		{"X-Content-Type-Options", []string{"nosniff"}},
		{"Referrer-Policy", []string{"strict-origin-when-cross-origin"}},
		{"X-Frame-Options", []string{"DENY"}},
		{"Cross-Origin-Opener-Policy", []string{"same-origin"}},
		{"Permissions-Policy", []string{"camera=(), microphone=(), geolocation=(), payment=()"}},
	}
	if https {
		set = append(set, headerValue{"Strict-Transport-Security", []string{hsts}})
	}
	for i := range set {
		set[i].name = http.CanonicalHeaderKey(set[i].name)
	}
	return set
}

func securityHeaders(next http.Handler, https bool) http.Handler {
	set := securityHeaderSet(https)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		for _, hv := range set {
			h[hv.name] = hv.value
		}
		next.ServeHTTP(w, r)
	})
}

// recoverPanics turns a panic in any handler into a logged 500 in the JSON error shape,
// so no panic escapes a request.
func recoverPanics(next http.Handler, log *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				log.Error("panic in handler", "method", r.Method, "path", r.URL.Path, "panic", v)
				api.WriteError(w, r, log, http.StatusInternalServerError, api.CodeInternal, "Internal server error")
			}
		}()
		next.ServeHTTP(w, r)
	})
}

type statusRecorder struct {
	http.ResponseWriter
	status int
	bytes  int
}

func (s *statusRecorder) WriteHeader(code int) {
	if s.status == 0 {
		s.status = code
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusRecorder) Write(p []byte) (int, error) {
	if s.status == 0 {
		s.status = http.StatusOK
	}
	n, err := s.ResponseWriter.Write(p)
	s.bytes += n
	return n, err
}

func (s *statusRecorder) Unwrap() http.ResponseWriter { return s.ResponseWriter }

func logRequests(next http.Handler, log *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &statusRecorder{ResponseWriter: w}
		next.ServeHTTP(rec, r)
		level := slog.LevelDebug
		if rec.status >= 500 {
			level = slog.LevelWarn
		}
		if !log.Enabled(r.Context(), level) {
			return // a request log off (debug) costs no record built and thrown away
		}
		log.Log(r.Context(), level, "http", "method", r.Method, "path", r.URL.Path, "status", rec.status,
			"bytes", rec.bytes, "duration", time.Since(start))
	})
}

var gzipPool = sync.Pool{New: func() any { w, _ := gzip.NewWriterLevel(io.Discard, gzip.DefaultCompression); return w }}

// compress gzips dynamic text responses (JSON, HTML, JS) for clients that accept it.
// Static files arrive pre-compressed and set Content-Encoding themselves, which this skips.
func compress(next http.Handler) http.Handler {
	varyEncoding := []string{"Accept-Encoding"} // every answer's Vary, built once
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		if _, ok := h["Vary"]; ok {
			h.Add("Vary", "Accept-Encoding")
		} else {
			h["Vary"] = varyEncoding
		}
		if !api.AcceptsEncoding(r, "gzip") || r.Method == http.MethodHead {
			next.ServeHTTP(w, r)
			return
		}
		gw := &gzipWriter{ResponseWriter: w}
		defer gw.close()
		next.ServeHTTP(gw, r)
	})
}

type gzipWriter struct {
	http.ResponseWriter
	gz      *gzip.Writer
	decided bool
}

func (g *gzipWriter) decide() {
	if g.decided {
		return
	}
	g.decided = true
	h := g.Header()
	if h.Get("Content-Encoding") != "" || h.Get("Content-Range") != "" {
		return
	}
	ct := h.Get("Content-Type")
	if !(strings.HasPrefix(ct, "application/json") || strings.HasPrefix(ct, "text/") ||
		strings.HasPrefix(ct, "application/javascript") || strings.HasPrefix(ct, "image/svg")) {
		return
	}
	h.Del("Content-Length")
	h.Set("Content-Encoding", "gzip")
	g.gz = gzipPool.Get().(*gzip.Writer)
	g.gz.Reset(g.ResponseWriter)
}

func (g *gzipWriter) WriteHeader(code int) {
	if code != http.StatusNoContent && code != http.StatusNotModified {
		g.decide()
	} else {
		g.decided = true
	}
	g.ResponseWriter.WriteHeader(code)
}

func (g *gzipWriter) Write(p []byte) (int, error) {
	if !g.decided {
		if g.Header().Get("Content-Type") == "" {
			g.Header().Set("Content-Type", http.DetectContentType(p))
		}
		g.decide()
	}
	if g.gz != nil {
		return g.gz.Write(p)
	}
	return g.ResponseWriter.Write(p)
}

// Flush lets long-polling handlers push what they have.
func (g *gzipWriter) Flush() {
	if g.gz != nil {
		_ = g.gz.Flush()
	}
	if f, ok := g.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

func (g *gzipWriter) Unwrap() http.ResponseWriter { return g.ResponseWriter }

func (g *gzipWriter) close() {
	if g.gz != nil {
		_ = g.gz.Close()
		gzipPool.Put(g.gz)
		g.gz = nil
	}
}
