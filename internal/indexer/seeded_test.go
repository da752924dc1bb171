package indexer_test

import (
	"testing"
	"time"

	"github.com/luckycoin/lucky/internal/devnet"
	"github.com/luckycoin/lucky/internal/devnet/devnettest"
	"github.com/luckycoin/lucky/internal/seed"
)

// Two devnets started on the same seed and the same end of a seeded past index to the
// same rows, byte for byte: candles, trades, holders, burns, plays (the seed package holds
// the chains themselves equal).
func TestSameSeededPastSameIndex(t *testing.T) {
	mods, err := modulesOnce()
	if err != nil {
		t.Fatal(err)
	}
	past := func() *devnet.Node {
		p, err := seed.Past(seed.Config{History: 3 * time.Hour})
		if err != nil {
			t.Fatal(err)
		}
		return devnettest.New(t, devnet.Options{Modules: mods, Past: p})
	}
	want := cleanDump(t, past(), "\ntrades|", "\ncandles|", "\nplays|", "\nburns|", "\nholders|")
	if got := cleanDump(t, past()); got != want {
		t.Fatal("the same seeded past indexed to different rows")
	}
}
