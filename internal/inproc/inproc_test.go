package inproc

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

func TestTransport(t *testing.T) {
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		w.Header().Set("X-Path", r.URL.Path)
		w.WriteHeader(http.StatusAccepted)
		io.WriteString(w, "got:"+string(b))
	})
	res, err := Client(h).Post("http://node.internal/rpc/v1/x", "application/json", strings.NewReader("hi"))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusAccepted || string(body) != "got:hi" || res.Header.Get("X-Path") != "/rpc/v1/x" || res.ContentLength != 6 {
		t.Fatalf("status %d body %q header %v len %d", res.StatusCode, body, res.Header, res.ContentLength)
	}
	// A handler that writes nothing answers 200 with an empty body, like net/http.
	res, err = Client(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {})).Get("http://node.internal/")
	if err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("empty handler: %v %v", res, err)
	}
}

// A request whose context ends gets the context's error, never the empty 200 a handler
// leaves when it gives up on a cancelled request (as the devnet's latency fault does):
// the caller would read that as a zero value. Covered: a handler that returns early on
// cancellation, one that ignores it, and a context already over before the call.
func TestTransportHonoursCancellation(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	handlers := map[string]http.Handler{
		"gives up": http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { <-r.Context().Done() }),
		"ignores":  http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { <-release; io.WriteString(w, "late") }),
	}
	for name, h := range handlers {
		t.Run(name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
			defer cancel()
			req, _ := http.NewRequestWithContext(ctx, http.MethodGet, "http://node.internal/rpc/v1/block", nil)
			res, err := Client(h).Do(req)
			if err == nil {
				res.Body.Close()
				t.Fatalf("status %d, want the context's error", res.StatusCode)
			}
			if !errors.Is(err, context.DeadlineExceeded) {
				t.Fatalf("err = %v, want context.DeadlineExceeded", err)
			}
		})
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	called := false
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, "http://node.internal/", nil)
	_, err := Transport{Handler: http.HandlerFunc(func(http.ResponseWriter, *http.Request) { called = true })}.RoundTrip(req)
	if !errors.Is(err, context.Canceled) || called {
		t.Fatalf("cancelled before the call: err %v, handler called %v", err, called)
	}
}
