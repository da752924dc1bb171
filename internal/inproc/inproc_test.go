package inproc

import (
	"io"
	"net/http"
	"strings"
	"testing"
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
