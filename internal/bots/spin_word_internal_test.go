package bots

import "testing"

func TestSpinWord(t *testing.T) {
	for _, tc := range []struct{ n, want string }{{"1", "spin"}, {"0", "spins"}, {"2", "spins"}, {"1000", "spins"}} {
		if got := spinWord(tc.n); got != tc.want {
			t.Errorf("spinWord(%q) = %q, want %q", tc.n, got, tc.want)
		}
	}
}
