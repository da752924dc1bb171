package devnet_test

import (
	"fmt"
	"os"
	"runtime"
	"strings"
	"testing"

	"github.com/luckycoin/lucky/internal/devnet"
	"github.com/luckycoin/lucky/internal/devnet/devnettest"
)

// BenchmarkMemoryAfterManyBlocks mines 1,000,000 empty blocks per run and reports the
// heap and the process's resident memory, to check that a long-running devnet's memory
// does not grow with its height (old blocks live in the scratch file). It fails above
// 100 MB in use. It takes seconds and a temporary file of 53 bytes per block:
//
//	go test -run '^$' -bench MemoryAfterManyBlocks -benchtime 1x ./internal/devnet/
func BenchmarkMemoryAfterManyBlocks(b *testing.B) {
	const blocks = 1_000_000
	for range b.N {
		n := devnettest.New(b, devnet.Options{})
		for left := blocks; left > 0; left -= 10_000 {
			n.Mine(min(left, 10_000))
		}
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		b.ReportMetric(float64(ms.HeapInuse)/1e6, "heap-MB")
		b.ReportMetric(procMB("VmRSS"), "rss-MB")
		b.Logf("height %d: heap in use %.1f MB, RSS %.1f MB (peak %.1f MB)", n.Height(), float64(ms.HeapInuse)/1e6, procMB("VmRSS"), procMB("VmHWM"))
		if ms.HeapInuse > 100e6 {
			b.Errorf("heap in use %.1f MB after %d blocks, want under 100 MB", float64(ms.HeapInuse)/1e6, blocks)
		}
	}
}

// procMB reads a memory figure of this process in MB from /proc/self/status ("VmRSS" is
// the resident set now, "VmHWM" its peak); 0 where there is no /proc.
func procMB(field string) float64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, field+":"); ok {
			var kb float64
			if _, err := fmt.Sscan(rest, &kb); err == nil {
				return kb / 1000
			}
		}
	}
	return 0
}
