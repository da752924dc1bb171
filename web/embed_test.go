package web

import (
	"io/fs"
	"os"
	"testing"
)

// TestDistServesAnIndex: with or without a web build, the embedded root has index.html.
func TestDistServesAnIndex(t *testing.T) {
	b, err := fs.ReadFile(Dist(), "index.html")
	if err != nil || len(b) == 0 {
		t.Fatalf("index.html: %v", err)
	}
}

// TestBuildKeepsTheTreeClean: Vite empties web/dist and then copies web/public into it;
// the empty .gitkeep there restores the tracked web/dist/.gitkeep byte for byte.
func TestBuildKeepsTheTreeClean(t *testing.T) {
	for _, p := range []string{"public/.gitkeep", "dist/.gitkeep"} {
		st, err := os.Stat(p)
		if err != nil || st.Size() != 0 {
			t.Fatalf("%s must exist and be empty: %v", p, err)
		}
	}
}
