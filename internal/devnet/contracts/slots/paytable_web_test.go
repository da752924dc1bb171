package slots

import (
	"os"
	"regexp"
	"strconv"
	"testing"
)

// The web app states the odds, the RTP and the top prize from its own copy of the paytable
// (web/src/lib/slots/paytable.ts, which must build without a server). This holds that copy to
// the contract's table, row for row, so no page can state a figure the contract does not pay.
func TestWebPaytableIsTheContracts(t *testing.T) {
	src, err := os.ReadFile("../../../../web/src/lib/slots/paytable.ts")
	if err != nil {
		t.Fatal(err)
	}
	row := regexp.MustCompile(`\{ index: (\d+), name: '([^']+)', mulTenths: (\d+), bps: (\d+), symbol: [^,]+, description: '([^']+)' \}`)
	rows := row.FindAllStringSubmatch(string(src), -1)
	tiers := Tiers()
	if len(rows) != len(tiers) {
		t.Fatalf("paytable.ts has %d tier rows, the contract %d", len(rows), len(tiers))
	}
	num := func(s string) uint64 {
		n, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	for i, r := range rows {
		c := tiers[i]
		if num(r[1]) != uint64(c.Index) || r[2] != c.Name || num(r[3]) != c.MulTenths || num(r[4]) != c.ProbBps || r[5] != c.Symbols {
			t.Errorf("paytable.ts row %d = %v; the contract's is %+v", i, r[1:], c)
		}
	}
}
