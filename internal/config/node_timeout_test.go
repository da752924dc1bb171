package config

import (
	"errors"
	"io"
	"testing"
	"time"
)

// --node-timeout bounds a node request (default 10 s; LUCKY_NODE_TIMEOUT, the flag wins); a
// server must never wait on a node forever, so zero, negative or unreadable is refused.
func TestParseServeNodeTimeout(t *testing.T) {
	tests := []struct {
		args []string
		env  string
		want time.Duration
	}{
		{nil, "", 10 * time.Second},
		{[]string{"--node-timeout", "750ms"}, "", 750 * time.Millisecond},
		{nil, "2s", 2 * time.Second},
		{[]string{"--node-timeout", "3s"}, "2s", 3 * time.Second},
	}
	for _, tt := range tests {
		getenv := func(k string) string {
			if k == "LUCKY_NODE_TIMEOUT" {
				return tt.env
			}
			return ""
		}
		got, err := ParseServe(tt.args, getenv, io.Discard)
		if err != nil || got.NodeTimeout != tt.want {
			t.Errorf("%v env %q: %v %v, want %v", tt.args, tt.env, got.NodeTimeout, err, tt.want)
		}
	}
	for _, bad := range []struct {
		args []string
		env  string
	}{{[]string{"--node-timeout", "0s"}, ""}, {[]string{"--node-timeout", "-1s"}, ""}, {[]string{"--node-timeout", "soon"}, ""}, {nil, "soon"}} {
		getenv := func(k string) string {
			if k == "LUCKY_NODE_TIMEOUT" {
				return bad.env
			}
			return ""
		}
		if _, err := ParseServe(bad.args, getenv, io.Discard); !errors.Is(err, ErrInvalid) {
			t.Errorf("%v env %q: err %v, want ErrInvalid", bad.args, bad.env, err)
		}
	}
}
