package contracts

import (
	"encoding/json"
	"testing"

	"github.com/luckycoin/lucky/internal/devnet"
	"github.com/luckycoin/lucky/internal/devnet/devnettest"
	"github.com/luckycoin/lucky/internal/supra"
)

const (
	luckyType = "0x4205c82380bff5708cd7c59e0043a45890a457a6cdb60c9191d818958fd7ac26::LUCKY::LUCKY"
	usdcType  = "0x8f7d16ade319b0fce368ca6cdb98589c4527ce7f5b51e544a9e68e719934458b::hyper_coin::DexlynUSDC"
	spikeType = "0xfec116479f1fd3cb9732cc768e6061b0e45b178a610b9bc23c2143a6493e794::memecoins::SPIKE"
)

func newNode(t testing.TB) *devnet.Node {
	t.Helper()
	mods, err := All()
	if err != nil {
		t.Fatal(err)
	}
	return devnettest.New(t, devnet.Options{Modules: mods, Seed: "contracts-test"})
}

// view calls a view with string arguments and decodes each result into a string
// (u64) or raw JSON.
func view(t testing.TB, n *devnet.Node, fn string, typeArgs []string, args ...string) []json.RawMessage {
	t.Helper()
	raw := make([]json.RawMessage, len(args))
	for i, a := range args {
		raw[i], _ = json.Marshal(a)
	}
	out, err := n.View(fn, typeArgs, raw)
	if err != nil {
		t.Fatalf("view %s: %v", fn, err)
	}
	return out
}

func viewU64(t testing.TB, n *devnet.Node, fn string, typeArgs []string, args ...string) uint64 {
	t.Helper()
	var v supra.U64
	if err := json.Unmarshal(view(t, n, fn, typeArgs, args...)[0], &v); err != nil {
		t.Fatal(err)
	}
	return uint64(v)
}

func mustSucceed(t testing.TB, info supra.TransactionInfo) {
	t.Helper()
	if info.Status != "Success" {
		vm := ""
		if info.Output != nil {
			vm = info.Output.Move.VMStatus
		}
		t.Fatalf("transaction %s: %s %s", info.Payload.Move.Function, info.Status, vm)
	}
}

func eventsOf(info supra.TransactionInfo, typ string) []json.RawMessage {
	var out []json.RawMessage
	if info.Output == nil {
		return nil
	}
	for _, e := range info.Output.Move.Events {
		if e.Type == typ {
			out = append(out, e.Data)
		}
	}
	return out
}
