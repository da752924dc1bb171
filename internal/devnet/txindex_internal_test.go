package devnet

import (
	"log/slog"
	"testing"

	"github.com/luckycoin/lucky/internal/supra"
)

// testTxs are n transactions from place from on, as a busy chain's: each sent by one of
// 40 accounts and changing the coin balances of its sender and one other.
func testTxs(from, n int) []*txRecord {
	recs := make([]*txRecord, n)
	for i := range recs {
		p := from + i
		r := &txRecord{Seq: uint64(p / 40), listed: true}
		r.Hash[0], r.Hash[1], r.Hash[2] = byte(p), byte(p>>8), byte(p>>16)
		r.Sender[31] = byte(p % 40)
		var other supra.Address
		other[31] = byte(40 + p%7)
		r.coins = []supra.Address{r.Sender, other}
		recs[i] = r
	}
	return recs
}

// Moving a batch of transactions to the file indexes them; the chain's writes wait for it.
func BenchmarkTxIndexAdd(b *testing.B) {
	x := newTxIndex(b.TempDir(), slog.New(slog.DiscardHandler))
	b.Cleanup(func() { x.close() })
	const batch = DefaultRecentTransactions
	from := 0
	for b.Loop() {
		if err := x.add(from, testTxs(from, batch)); err != nil {
			b.Fatal(err)
		}
		from += batch
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(from), "ns/tx")
	var pages, size int64
	if err := x.conn.QueryRowContext(b.Context(), "SELECT page_count, page_size FROM pragma_page_count, pragma_page_size").Scan(&pages, &size); err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(pages*size)/float64(from), "disk-B/tx")
}
