package main

import (
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/luckycoin/lucky/internal/supra"
)

// A devnet with --state survives kill -9: what was committed more than a second before
// the kill is there after a restart (transfers, sequence numbers, admin changes). The
// real binary, built here, killed with SIGKILL.
func TestDevnetStateSurvivesKill9(t *testing.T) {
	dir := t.TempDir()
	bin := buildLucky(t)
	state := filepath.Join(dir, "state.json")
	ctx := context.Background()

	base, proc := startDevnetBinary(t, bin, state)
	client, err := supra.NewClient([]string{base}, supra.WithRetries(0, 0))
	if err != nil {
		t.Fatal(err)
	}
	key := devKey(t, base, 0)
	sender := supra.AddressFromPublicKey(key.Public().(ed25519.PublicKey))
	to := supra.MustParseAddress("0x4242")
	const transfers = 25
	builder := supra.NewTxBuilder(client)
	for i := 0; i < transfers; i++ {
		raw, err := builder.Build(ctx, sender, supra.EntryFunction{
			Module:   supra.ModuleID{Address: supra.FrameworkAddress, Name: "supra_account"},
			Function: "transfer", Args: [][]byte{supra.ArgAddress(to), supra.ArgU64(uint64(1000 + i))},
		})
		if err != nil {
			t.Fatal(err)
		}
		signed, err := supra.Sign(raw, key)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := client.Submit(ctx, supra.NewSubmitBody(signed)); err != nil {
			t.Fatalf("transfer %d: %v", i, err)
		}
	}
	res, err := http.Post(base+"/devnet/balance", "application/json", strings.NewReader(`{"address":"0x4343","amount":"777"}`))
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("set balance: %v %v", err, res)
	}
	res.Body.Close()
	wantSeq, wantTo := uint64(transfers), uint64(0)
	for i := 0; i < transfers; i++ {
		wantTo += uint64(1000 + i)
	}
	before := accountView(t, ctx, client, sender, to)

	// The file catches up within about a second (polled, no fixed sleep), then kill -9.
	deadline := time.Now().Add(5 * time.Second)
	for !stateFileHas(state, sender, wantSeq, "0x4343") {
		if time.Now().After(deadline) {
			t.Fatal("the state file did not catch up with the chain within 5 s")
		}
		time.Sleep(50 * time.Millisecond)
	}
	if err := proc.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	proc.Wait()

	base, _ = startDevnetBinary(t, bin, state)
	client, err = supra.NewClient([]string{base}, supra.WithRetries(0, 0))
	if err != nil {
		t.Fatal(err)
	}
	after := accountView(t, ctx, client, sender, to)
	if after != before || after.seq != wantSeq || after.toBalance != wantTo {
		t.Fatalf("after kill -9 and restart: %+v, before the kill %+v (want sequence %d, recipient %d)", after, before, wantSeq, wantTo)
	}
	if b := supraBalance(t, ctx, client, supra.MustParseAddress("0x4343")); b != 777 {
		t.Fatalf("admin-set balance after restart: %d", b)
	}
}

type view struct {
	seq                      uint64
	senderBalance, toBalance uint64
}

func accountView(t *testing.T, ctx context.Context, c *supra.Client, sender, to supra.Address) view {
	t.Helper()
	info, err := c.Account(ctx, sender)
	if err != nil {
		t.Fatal(err)
	}
	return view{info.SequenceNumber, supraBalance(t, ctx, c, sender), supraBalance(t, ctx, c, to)}
}

// supraBalance reads 0x1::coin::balance<SupraCoin>(addr) through the node's view call.
func supraBalance(t *testing.T, ctx context.Context, c *supra.Client, addr supra.Address) uint64 {
	t.Helper()
	out, err := c.View(ctx, "0x1::coin::balance", []string{supra.SupraCoinType}, []string{addr.String()})
	if err != nil || len(out) != 1 {
		t.Fatalf("balance of %s: %v %s", addr, err, out)
	}
	var s string
	var v uint64
	if err := json.Unmarshal(out[0], &s); err != nil {
		t.Fatal(err)
	}
	if _, err := fmt.Sscan(s, &v); err != nil {
		t.Fatal(err)
	}
	return v
}

// stateFileHas reports whether the state file records sender at sequence seq and an
// account addr.
func stateFileHas(path string, sender supra.Address, seq uint64, addr string) bool {
	b, err := os.ReadFile(path)
	if err != nil {
		return false
	}
	var f struct {
		Accounts []struct {
			Address        string `json:"address"`
			SequenceNumber uint64 `json:"sequence_number"`
		} `json:"accounts"`
	}
	if json.Unmarshal(b, &f) != nil {
		return false
	}
	var seqOK, addrOK bool
	for _, a := range f.Accounts {
		seqOK = seqOK || (a.Address == sender.String() && a.SequenceNumber == seq)
		addrOK = addrOK || a.Address == supra.MustParseAddress(addr).String()
	}
	return seqOK && addrOK
}

// startDevnetBinary runs `lucky devnet --state` on a free port until the test ends, on
// an empty chain unless extra flags say otherwise.
func startDevnetBinary(t testing.TB, bin, state string, extra ...string) (string, *exec.Cmd) {
	t.Helper()
	addr := freeAddr(t)
	cmd := exec.Command(bin, append([]string{"devnet", "--addr", addr, "--state", state, "--history", "0"}, extra...)...)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	base := "http://" + addr
	for i := 0; i < 200; i++ {
		if res, err := http.Get(base + "/rpc/v1/transactions/chain_id"); err == nil {
			res.Body.Close()
			return base, cmd
		}
		time.Sleep(25 * time.Millisecond)
	}
	t.Fatalf("devnet did not start at %s", base)
	return "", nil
}

func devKey(t *testing.T, base string, i int) ed25519.PrivateKey {
	t.Helper()
	res, err := http.Get(base + "/devnet/accounts")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var accts []struct {
		PrivateKey string `json:"privateKey"`
	}
	if err := json.NewDecoder(res.Body).Decode(&accts); err != nil || len(accts) <= i {
		t.Fatalf("accounts: %v %d", err, len(accts))
	}
	seed, err := hex.DecodeString(strings.TrimPrefix(accts[i].PrivateKey, "0x"))
	if err != nil {
		t.Fatal(err)
	}
	return ed25519.NewKeyFromSeed(seed)
}

// Under steady load, kill -9 loses at most the last second of acknowledged transactions (the
// README's promise), with a margin: the state file is replaced at least twice a second
// while the chain changes (a second between saves was the old cadence, and a kill just
// before a save then lost more than a second), and after the kill every transaction
// acknowledged more than a second before it is there. The real binary, its default cadence.
func TestDevnetKill9UnderLoadLosesLessThanASecond(t *testing.T) {
	dir := t.TempDir()
	bin := buildLucky(t)
	state := filepath.Join(dir, "state.json")
	ctx := context.Background()
	base, proc := startDevnetBinary(t, bin, state)
	client, err := supra.NewClient([]string{base}, supra.WithRetries(0, 0))
	if err != nil {
		t.Fatal(err)
	}
	key := devKey(t, base, 0)
	sender := supra.AddressFromPublicKey(key.Public().(ed25519.PublicKey))
	builder := supra.NewTxBuilder(client)

	type ack struct {
		hash string
		at   time.Time
	}
	acks := make(chan ack, 10_000)
	stop := make(chan struct{})
	go func() {
		defer close(acks)
		// A steady load: a transfer every 5 ms at most.
		tick := time.NewTicker(5 * time.Millisecond)
		defer tick.Stop()
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			case <-tick.C:
			}
			raw, err := builder.Build(ctx, sender, supra.EntryFunction{
				Module:   supra.ModuleID{Address: supra.FrameworkAddress, Name: "supra_account"},
				Function: "transfer", Args: [][]byte{supra.ArgAddress(supra.MustParseAddress("0x4242")), supra.ArgU64(uint64(1 + i))},
			})
			if err != nil {
				return // the node is gone
			}
			signed, err := supra.Sign(raw, key)
			if err != nil {
				return
			}
			hash, err := client.Submit(ctx, supra.NewSubmitBody(signed))
			if err != nil {
				return
			}
			acks <- ack{hash, time.Now()}
		}
	}()

	// While the load runs, how often the file is replaced (each save renames a new file
	// over it: a new inode), after half a second of warming up.
	const window = 2500 * time.Millisecond
	var saves int
	var lastIno uint64
	began := time.Now()
	for time.Since(began) < 500*time.Millisecond+window {
		time.Sleep(10 * time.Millisecond)
		st, err := os.Stat(state)
		if err != nil {
			continue
		}
		ino := st.Sys().(*syscall.Stat_t).Ino
		if ino != lastIno && lastIno != 0 && time.Since(began) > 500*time.Millisecond {
			saves++
		}
		lastIno = ino
	}
	if err := proc.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	killed := time.Now()
	proc.Wait()
	close(stop)
	var acked []ack
	for a := range acks {
		if a.at.Before(killed) {
			acked = append(acked, a)
		}
	}
	if perSecond := float64(saves) / window.Seconds(); perSecond < 2 {
		t.Errorf("under load the state file was saved %d times in %v (%.1f a second): too few to lose at most a second", saves, window, perSecond)
	}

	base, _ = startDevnetBinary(t, bin, state)
	client, err = supra.NewClient([]string{base}, supra.WithRetries(0, 0))
	if err != nil {
		t.Fatal(err)
	}
	old, lost := 0, 0
	var oldestLost time.Duration
	for _, a := range acked {
		age := killed.Sub(a.at)
		if age > time.Second {
			old++
		}
		if _, err := client.Transaction(ctx, a.hash); err == nil {
			continue
		} else if !errors.Is(err, supra.ErrTxNotFound) {
			t.Fatal(err)
		}
		lost++
		oldestLost = max(oldestLost, age)
	}
	if old < 10 {
		t.Fatalf("only %d of %d transactions were acknowledged more than a second before the kill: the load proved nothing", old, len(acked))
	}
	if oldestLost > time.Second {
		t.Fatalf("kill -9 lost %d of %d acknowledged transactions, the oldest acknowledged %v before the kill", lost, len(acked), oldestLost)
	}
	t.Logf("%d transactions acknowledged, %d lost (the oldest %v before the kill); %d saves in %v", len(acked), lost, oldestLost, saves, window)
}
