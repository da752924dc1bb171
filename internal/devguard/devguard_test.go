package devguard

import "testing"

func TestAllowsHost(t *testing.T) {
	p := Policy{PublicHosts: []string{"lucky.example"}}
	remote := Policy{AnyIP: true}
	tests := []struct {
		host        string
		local, open bool
	}{
		{"127.0.0.1:8080", true, true},
		{"127.45.6.7", true, true},
		{"localhost:5173", true, true},
		{"LOCALHOST.", true, true},
		{"[::1]:8080", true, true},
		{"lucky.example", true, false},
		{"Lucky.Example:443", true, false},
		{"192.168.1.5:8080", false, true},
		{"[fe80::1]:8080", false, true},
		{"rebind.attacker.example", false, false},
		{"localhost.attacker.example", false, false},
		{"127.0.0.1.nip.io", false, false},
		{"lucky.example.attacker.example", false, false},
		{"", false, false},
	}
	for _, tt := range tests {
		if got := p.allowsHost(tt.host); got != tt.local {
			t.Errorf("loopback+public: %q = %v", tt.host, got)
		}
		if got := remote.allowsHost(tt.host); got != (tt.open && tt.host != "lucky.example" && tt.host != "Lucky.Example:443") {
			t.Errorf("remote allowed: %q = %v", tt.host, got)
		}
	}
}

func TestLoopbackAddr(t *testing.T) {
	for addr, want := range map[string]bool{
		"127.0.0.1:8080": true, "localhost:1": true, "[::1]:2": true,
		":8080": false, "0.0.0.0:8080": false, "[::]:1": false, "10.0.0.1:80": false, "nonsense": false,
	} {
		if got := LoopbackAddr(addr); got != want {
			t.Errorf("%s = %v", addr, got)
		}
	}
}
