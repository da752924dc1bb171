package devnet_test

import (
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/luckycoin/lucky/internal/devnet"
	"github.com/luckycoin/lucky/internal/devnet/devnettest"
)

// TestMemoryAfterManyBlocks mines LUCKY_DEVNET_MEM_BLOCKS empty blocks and reports the
// heap and the process's resident memory, to check that a long-running devnet's memory
// does not grow with its height (old blocks live in the scratch file). It fails above
// 100 MB in use. It takes seconds and a temporary file of 53 bytes per block, so it runs
// only when the variable is set:
//
//	LUCKY_DEVNET_MEM_BLOCKS=1000000 go test -run MemoryAfterManyBlocks -v ./internal/devnet/
func TestMemoryAfterManyBlocks(t *testing.T) {
	blocks, _ := strconv.Atoi(os.Getenv("LUCKY_DEVNET_MEM_BLOCKS"))
	if blocks <= 0 {
		t.Skip("set LUCKY_DEVNET_MEM_BLOCKS to the number of blocks to mine")
	}
	n := devnettest.New(t, devnet.Options{})
	for left := blocks; left > 0; left -= 10_000 {
		n.Mine(min(left, 10_000))
	}
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	t.Logf("height %d: heap in use %.1f MB, RSS %.1f MB (peak %.1f MB)", n.Height(), float64(ms.HeapInuse)/1e6, procMB("VmRSS"), procMB("VmHWM"))
	if ms.HeapInuse > 100e6 {
		t.Errorf("heap in use %.1f MB after %d blocks, want under 100 MB", float64(ms.HeapInuse)/1e6, blocks)
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
