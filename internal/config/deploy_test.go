package config_test

import (
	"bufio"
	"io"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/luckycoin/lucky/internal/config"
)

// The operator's files in deploy/ stay true to the flags: the example environment and
// the systemd unit's command line parse into a mainnet replica on the shared database.
func TestDeployFilesParse(t *testing.T) {
	env := map[string]string{}
	f, err := os.Open("../../deploy/lucky.env")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		k, v, ok := strings.Cut(line, "=")
		if !ok || !strings.HasPrefix(k, "LUCKY_") {
			t.Fatalf("lucky.env: %q is not LUCKY_NAME=value", line)
		}
		env[k] = v
	}
	unit, err := os.ReadFile("../../deploy/systemd/lucky@.service")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^ExecStart=\S+ serve (.*)$`).FindSubmatch(unit)
	if m == nil {
		t.Fatal("lucky@.service: no ExecStart=… serve")
	}
	args := strings.Fields(strings.ReplaceAll(string(m[1]), "%i", "8081"))
	cfg, err := config.ParseServe(args, func(k string) string { return env[k] }, io.Discard)
	if err != nil {
		t.Fatalf("the deploy files do not parse: %v", err)
	}
	if cfg.Network.Name != "mainnet" || !strings.HasPrefix(cfg.Index.DatabaseURL, "postgres://") || cfg.Addr != "127.0.0.1:8081" {
		t.Fatalf("parsed %+v", cfg)
	}
}
