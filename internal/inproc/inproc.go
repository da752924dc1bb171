// Package inproc delivers HTTP requests to an http.Handler in memory. `lucky serve`
// reaches its in-process devnet through it, over the same HTTP JSON as a real node (like
// geth's simulated backend), so there is no special code path for the devnet.
package inproc

import (
	"bytes"
	"io"
	"net/http"
	"strconv"
)

// Transport is an http.RoundTripper that serves each request with Handler.
type Transport struct{ Handler http.Handler }

// RoundTrip implements http.RoundTripper. Like a network transport it honours the
// request's context: once the context ends, the caller gets its error and never the
// handler's half-written answer. A handler that returns early on a cancelled request
// writes nothing, and reading that as an empty 200 would turn a timeout into a zero.
func (t Transport) RoundTrip(r *http.Request) (*http.Response, error) {
	ctx := r.Context()
	if err := ctx.Err(); err != nil {
		closeBody(r)
		return nil, err
	}
	rec := newResponseRecorder()
	done := make(chan struct{})
	go func() {
		defer close(done)
		// The handler owns the body until it returns (RoundTrip may have returned
		// already); closing it afterwards is the transport's duty.
		defer closeBody(r)
		t.Handler.ServeHTTP(rec, r)
	}()
	select {
	case <-ctx.Done():
		return nil, ctx.Err()
	case <-done:
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return rec.result(r), nil
}

func closeBody(r *http.Request) {
	if r.Body != nil {
		_ = r.Body.Close()
	}
}

// Client returns an *http.Client over Transport.
func Client(h http.Handler) *http.Client { return &http.Client{Transport: Transport{Handler: h}} }

// responseRecorder is a minimal in-memory http.ResponseWriter (httptest's recorder is
// meant for tests, not production paths).
type responseRecorder struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func newResponseRecorder() *responseRecorder { return &responseRecorder{header: http.Header{}} }

func (r *responseRecorder) Header() http.Header { return r.header }

func (r *responseRecorder) WriteHeader(code int) {
	if r.status == 0 {
		r.status = code
	}
}

func (r *responseRecorder) Write(p []byte) (int, error) {
	r.WriteHeader(http.StatusOK)
	return r.body.Write(p)
}

func (r *responseRecorder) result(req *http.Request) *http.Response {
	r.WriteHeader(http.StatusOK)
	return &http.Response{
		Status:        strconv.Itoa(r.status) + " " + http.StatusText(r.status),
		StatusCode:    r.status,
		Proto:         "HTTP/1.1",
		ProtoMajor:    1,
		ProtoMinor:    1,
		Header:        r.header,
		Body:          io.NopCloser(bytes.NewReader(r.body.Bytes())),
		ContentLength: int64(r.body.Len()),
		Request:       req,
	}
}
