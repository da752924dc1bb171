package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"net"
	"net/http"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// buildLucky compiles the real binary for tests that send it signals.
func buildLucky(t testing.TB) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "lucky")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// syncBuffer is a bytes.Buffer safe to read while a child process writes to it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// freeAddr is a loopback address with a port that was free a moment ago.
func freeAddr(t testing.TB) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// startLucky runs the binary with `serve --addr <free port>` and args, and waits for
// /healthz; it returns the base URL and the running command.
func startLucky(t testing.TB, bin string, stderr *syncBuffer, args ...string) (string, *exec.Cmd) {
	t.Helper()
	addr := freeAddr(t)
	cmd := exec.Command(bin, append([]string{"serve", "--addr", addr, "--history", "0"}, args...)...)
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			cmd.Process.Kill()
			cmd.Wait()
		}
	})
	base := "http://" + addr
	for i := 0; i < 200; i++ {
		if res, err := http.Get(base + "/healthz"); err == nil {
			res.Body.Close()
			return base, cmd
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("lucky did not start:\n%s", stderr.String())
	return "", nil
}

// SIGTERM while a client long-polls GET /api/v1/tx/{hash}?wait=60s: the client gets a
// whole answer (the status as it stands: Pending) promptly, and the process exits 0.
func TestSIGTERMAnswersLongPollsAndExitsZero(t *testing.T) {
	bin := buildLucky(t)
	var stderr syncBuffer
	base, cmd := startLucky(t, bin, &stderr)

	type answer struct {
		status int
		body   map[string]any
		err    error
	}
	got := make(chan answer, 1)
	hash := "0x" + strings.Repeat("7e", 32)
	go func() {
		res, err := http.Get(base + "/api/v1/tx/" + hash + "?wait=60s")
		if err != nil {
			got <- answer{err: err}
			return
		}
		defer res.Body.Close()
		a := answer{status: res.StatusCode}
		a.err = json.NewDecoder(res.Body).Decode(&a.body)
		got <- a
	}()
	time.Sleep(500 * time.Millisecond) // the long-poll is waiting on the node
	select {
	case a := <-got:
		t.Fatalf("long-poll answered before the signal: %+v", a)
	default:
	}
	sent := time.Now()
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case a := <-got:
		if a.err != nil || a.status != http.StatusOK || a.body["status"] != "Pending" || a.body["txHash"] != hash {
			t.Fatalf("long-poll answer %+v", a)
		}
		if waited := time.Since(sent); waited > 3*time.Second {
			t.Fatalf("long-poll answered %v after SIGTERM", waited)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("long-poll not answered after SIGTERM")
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	select {
	case err := <-exited:
		var exit *exec.ExitError
		if errors.As(err, &exit) || err != nil {
			t.Fatalf("exit: %v\n%s", err, stderr.String())
		}
	case <-time.After(20 * time.Second):
		t.Fatalf("lucky did not exit after SIGTERM:\n%s", stderr.String())
	}
	t.Logf("answered and exited %v after SIGTERM", time.Since(sent))
}
