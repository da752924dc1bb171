package bots_test

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/luckycoin/lucky/internal/bots"
)

func TestReadTokens(t *testing.T) {
	for _, c := range []struct {
		name, body string
		want       map[string]string
	}{
		{"both", "# from BotFather\nsuprabot=111:AAA\n\nburnbot = 222:BBB\n", map[string]string{"suprabot": "111:AAA", "burnbot": "222:BBB"}},
		{"one", "burnbot=222:BBB", map[string]string{"burnbot": "222:BBB"}},
		{"unknown bot", "pumpbot=1:A", nil},
		{"no equals", "111:AAA", nil},
		{"not a token", "suprabot=hello", nil},
		{"twice", "suprabot=1:A\nsuprabot=2:B", nil},
		{"empty", "# nothing\n", nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "tokens")
			if err := os.WriteFile(p, []byte(c.body), 0o600); err != nil {
				t.Fatal(err)
			}
			got, err := bots.ReadTokens(p)
			if c.want == nil {
				if !errors.Is(err, bots.ErrConfig) {
					t.Fatalf("got %v, %v; want ErrConfig", got, err)
				}
				return
			}
			if err != nil || len(got) != len(c.want) {
				t.Fatalf("got %v, %v", got, err)
			}
			for k, v := range c.want {
				if got[k] != v {
					t.Fatalf("%s = %q, want %q", k, got[k], v)
				}
			}
		})
	}
	if _, err := bots.ReadTokens(filepath.Join(t.TempDir(), "missing")); err == nil {
		t.Fatal("missing file accepted")
	}
}
