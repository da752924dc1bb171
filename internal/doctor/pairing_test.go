package doctor_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/luckycoin/lucky/internal/chain"
	"github.com/luckycoin/lucky/internal/config"
	"github.com/luckycoin/lucky/internal/devnet"
	"github.com/luckycoin/lucky/internal/devnet/contracts"
	"github.com/luckycoin/lucky/internal/devnet/devnettest"
	"github.com/luckycoin/lucky/internal/doctor"
	"github.com/luckycoin/lucky/internal/supra"
	"github.com/luckycoin/lucky/internal/tokens"
)

// pairingNode is a devnet on which a dev account moved its LUCKY to a fungible store, so
// LUCKY is paired and the other coins are not.
func pairingNode(t *testing.T) (*devnet.Node, *tokens.Registry, config.Network) {
	t.Helper()
	mods, err := contracts.All()
	if err != nil {
		t.Fatal(err)
	}
	n := devnettest.New(t, devnet.Options{Modules: mods})
	reg, err := tokens.Load(nil)
	if err != nil {
		t.Fatal(err)
	}
	net, err := config.Lookup(config.Devnet)
	if err != nil {
		t.Fatal(err)
	}
	lucky, _ := reg.App()
	if _, err := devnettest.Submit(n, n.Accounts()[1].PrivateKey, devnettest.Call{Function: "0x1::coin::migrate_to_fungible_store",
		TypeArgs: []string{lucky.Coin().String()}}); err != nil {
		t.Fatal(err)
	}
	return n, reg, net
}

func runDoctor(t *testing.T, c *supra.Client, net config.Network, reg *tokens.Registry) doctor.Report {
	b := chain.New(c, net, reg, chain.Options{ABIs: chain.ClientABISource{Client: c}})
	return doctor.Run(t.Context(), net, reg, doctor.Node{Core: b.Core, Coins: b.Coins})
}

func row(t *testing.T, rep doctor.Report, name string) doctor.Check {
	t.Helper()
	for _, c := range rep.Checks {
		if c.Check == name {
			return c
		}
	}
	t.Fatalf("no %q row", name)
	return doctor.Check{}
}

// Against the devnet every listed coin's pairing row is ok: LUCKY's is the address the
// index derives, a coin no account migrated yet is "not paired yet", and the view the
// rows read is declared and found in the node's ABI.
func TestPairingAgainstDevnet(t *testing.T) {
	n, reg, net := pairingNode(t)
	rep := runDoctor(t, devnettest.Client(t, n), net, reg)
	for _, c := range rep.Checks {
		if c.Status != doctor.OK {
			t.Errorf("%s", c.Reason())
		}
	}
	lucky, _ := reg.App()
	if got, want := row(t, rep, "LUCKY pairing"), supra.PairedMetadataAddress(lucky.Coin()).String(); got.Found != want || got.Expected != want {
		t.Errorf("LUCKY pairing %+v, want %s", got, want)
	}
	if got := row(t, rep, "SPIKE pairing"); got.Found != doctor.NotPaired || got.Status != doctor.OK {
		t.Errorf("SPIKE pairing %+v", got)
	}
	if got := row(t, rep, "SUPRA pairing"); got.Expected != supra.FungibleAssetAddress.String() {
		t.Errorf("SUPRA pairing %+v", got)
	}
	if got := row(t, rep, "0x1::coin::paired_metadata"); got.Status != doctor.OK {
		t.Errorf("paired_metadata %+v", got)
	}
	for _, tok := range reg.All() {
		row(t, rep, tok.Symbol+" pairing")
	}
}

// otherPairing answers coin::paired_metadata<LUCKY> with another metadata address, as a
// chain whose derivation differs from the app's would.
type otherPairing struct {
	next  *http.Client
	lucky string
	meta  string
}

func (o otherPairing) Do(r *http.Request) (*http.Response, error) {
	if r.URL.Path == "/rpc/v1/view" && r.Body != nil {
		body, err := io.ReadAll(r.Body)
		if err != nil {
			return nil, err
		}
		var req struct {
			Function string   `json:"function"`
			TypeArgs []string `json:"type_arguments"`
		}
		if json.Unmarshal(body, &req) == nil && req.Function == "0x1::coin::paired_metadata" && len(req.TypeArgs) == 1 && req.TypeArgs[0] == o.lucky {
			out := `{"result":[{"vec":[{"inner":"` + o.meta + `"}]}]}`
			return &http.Response{StatusCode: http.StatusOK, Header: http.Header{"Content-Type": {"application/json"}},
				Body: io.NopCloser(strings.NewReader(out)), ContentLength: int64(len(out)), Request: r}, nil
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
	}
	return o.next.Do(r)
}

// A node whose pairing of LUCKY differs from the derived address fails that row alone,
// naming both addresses; the report is not OK (the doctor exits 1) and no feature is off.
func TestPairingMismatchIsNamed(t *testing.T) {
	n, reg, net := pairingNode(t)
	lucky, _ := reg.App()
	other := supra.MustParseAddress("0xbad1").String()
	c, err := supra.NewClient([]string{config.DevnetRPC}, supra.WithHTTP(otherPairing{next: devnettest.HTTPClient(n), lucky: lucky.Coin().String(), meta: other}))
	if err != nil {
		t.Fatal(err)
	}
	rep := runDoctor(t, c, net, reg)
	var bad []doctor.Check
	for _, c := range rep.Checks {
		if c.Status != doctor.OK {
			bad = append(bad, c)
		}
	}
	if len(bad) != 1 || bad[0].Check != "LUCKY pairing" || bad[0].Status != doctor.Mismatch || bad[0].Found != other ||
		bad[0].Expected != supra.PairedMetadataAddress(lucky.Coin()).String() {
		t.Fatalf("failed rows %+v", bad)
	}
	if rep.OK() {
		t.Error("a report with a pairing mismatch is OK")
	}
	if off := rep.Off(); len(off) != 0 {
		t.Errorf("a pairing mismatch switched off %v", off)
	}
	if !strings.Contains(bad[0].Reason(), other) {
		t.Errorf("reason %q does not name %s", bad[0].Reason(), other)
	}
}
