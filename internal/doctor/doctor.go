// Package doctor is the preflight of `lucky doctor` and of `serve`: it reads a node's
// module ABIs, chain id, gas price and coin info and holds them to what the app's bindings
// declare (chain.Signatures, chain.Structs) and to the token registry. Each check names
// the features that stop working when it fails, so serve can switch off only those.
package doctor

import (
	"context"
	"errors"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"text/tabwriter"

	"github.com/luckycoin/lucky/internal/chain"
	"github.com/luckycoin/lucky/internal/config"
	"github.com/luckycoin/lucky/internal/supra"
	"github.com/luckycoin/lucky/internal/tokens"
)

// Status is a check's outcome.
type Status string

// The outcomes: what the node shows equals what the app expects; differs; is absent
// (or could not be read).
const (
	OK       Status = "ok"
	Mismatch Status = "mismatch"
	Missing  Status = "missing"
)

// Check is one row of the table.
type Check struct {
	Check    string
	Expected string
	Found    string
	Status   Status
	// Features are what a failed check switches off (none: reported only).
	Features []chain.Feature
}

// Report is every check of one run, in table order.
type Report struct{ Checks []Check }

// OK reports whether every check passed.
func (r Report) OK() bool {
	for _, c := range r.Checks {
		if c.Status != OK {
			return false
		}
	}
	return true
}

// Off maps each feature a failed check switches off to the reasons, one line per check.
func (r Report) Off() map[chain.Feature][]string {
	off := map[chain.Feature][]string{}
	for _, c := range r.Checks {
		if c.Status == OK {
			continue
		}
		for _, f := range c.Features {
			off[f] = append(off[f], c.Reason())
		}
	}
	return off
}

// Reason says what failed in one line: "slots_v3::play_supra_coin: expected …, found …".
func (c Check) Reason() string {
	return fmt.Sprintf("%s %s: expected %s, found %s", c.Check, c.Status, c.Expected, c.Found)
}

// WriteTable prints the table: check, expected, found, status.
func (r Report) WriteTable(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "CHECK\tEXPECTED\tFOUND\tSTATUS")
	for _, c := range r.Checks {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", c.Check, display(c.Expected), display(c.Found), c.Status)
	}
	return tw.Flush()
}

// Node is what the checks read from the chain: the bindings' core and coin clients.
type Node struct {
	Core  *chain.Core
	Coins *chain.Coins
}

// Run checks the node against net's declarations and the registry. It never fails: a
// node that cannot be read makes its checks "missing".
func Run(ctx context.Context, net config.Network, reg *tokens.Registry, n Node) Report {
	var r Report
	r.Checks = append(r.Checks, chainChecks(ctx, net, n.Core)...)
	mods := fetchModules(ctx, n.Core, net)
	for _, s := range chain.Signatures(net) {
		r.Checks = append(r.Checks, checkFunction(s, mods[s.Module]))
	}
	for _, s := range chain.Structs(net) {
		r.Checks = append(r.Checks, checkStruct(s, mods[s.Module]))
	}
	r.Checks = append(r.Checks, coinChecks(ctx, reg, n.Coins)...)
	return r
}

// chainChecks: the chain id the preset names, and a gas price the node gives. Every
// transaction needs both, so they switch off every feature.
func chainChecks(ctx context.Context, net config.Network, core *chain.Core) []Check {
	id := Check{Check: "chain id", Expected: strconv.Itoa(int(net.ChainID)), Features: chain.AllFeatures}
	if got, err := core.ChainID(ctx); err != nil {
		id.Found, id.Status = short(err), Missing
	} else {
		id.Found, id.Status = strconv.Itoa(int(got)), status(got == net.ChainID)
	}
	gas := Check{Check: "gas price", Expected: "a price ≥ 1", Features: chain.AllFeatures}
	if got, err := core.GasPrice(ctx); err != nil {
		gas.Found, gas.Status = short(err), Missing
	} else {
		gas.Found, gas.Status = strconv.FormatUint(got, 10), status(got >= 1)
	}
	return []Check{id, gas}
}

type fetched struct {
	mod *chain.MoveModule
	err error
}

// fetchModules reads each module the declarations name, concurrently.
func fetchModules(ctx context.Context, core *chain.Core, net config.Network) map[string]fetched {
	var names []string
	for _, s := range chain.Signatures(net) {
		names = append(names, s.Module)
	}
	for _, s := range chain.Structs(net) {
		names = append(names, s.Module)
	}
	slices.Sort(names)
	names = slices.Compact(names)
	out := make(map[string]fetched, len(names))
	var mu sync.Mutex
	var wg sync.WaitGroup
	for _, name := range names {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var f fetched
			addr, mod, _ := strings.Cut(name, "::")
			a, err := supra.ParseAddress(addr)
			if err != nil {
				f.err = err
			} else {
				f.mod, f.err = core.ModuleABI(ctx, supra.ModuleID{Address: a, Name: mod})
			}
			mu.Lock()
			out[name] = f
			mu.Unlock()
		}()
	}
	wg.Wait()
	return out
}

func status(ok bool) Status {
	if ok {
		return OK
	}
	return Mismatch
}

// short is an error in one line.
func short(err error) string {
	if errors.Is(err, chain.ErrModuleNotFound) {
		return "no such module"
	}
	s := err.Error()
	if len(s) > 120 {
		s = s[:120] + "…"
	}
	return s
}

// moduleName is a module's name without its address, for the table.
func moduleName(m string) string {
	_, name, _ := strings.Cut(m, "::")
	if strings.HasPrefix(m, "0x1::") {
		return m
	}
	return name
}

var addrRE = regexp.MustCompile(`0x[0-9a-fA-F]+`)

// canonTypes writes every address in a type string one way, so 0xde02 and its 64-digit
// form compare equal (nodes render addresses in types either way).
func canonTypes(s string) string {
	return addrRE.ReplaceAllStringFunc(s, func(a string) string {
		if addr, err := supra.ParseAddress(a); err == nil {
			return addr.String()
		}
		return a
	})
}

// display writes addresses short for the table (0x1, 0x0dc6…70d8); checks compare canonTypes.
func display(s string) string {
	return addrRE.ReplaceAllStringFunc(canonTypes(s), func(a string) string {
		switch short := strings.TrimLeft(a[2:], "0"); {
		case len(short) <= 4: // 0x1, 0xde02
			return "0x" + max(short, "0")
		case len(a) > 20:
			return a[:6] + "…" + a[len(a)-4:]
		}
		return a
	})
}

// signature renders a function as the ABI gives it: "entry <1>(&signer, u64): ()".
func signature(kind string, generic int, params, ret []string) string {
	return fmt.Sprintf("%s <%d>(%s): (%s)", kind, generic, strings.Join(params, ", "), strings.Join(ret, ", "))
}

func kind(entry, view bool) string {
	switch {
	case entry:
		return "entry"
	case view:
		return "view"
	}
	return "fun"
}

func checkFunction(s chain.Signature, f fetched) Check {
	c := Check{Check: moduleName(s.Module) + "::" + s.Name, Features: s.Features}
	ret := s.Return
	if s.Entry {
		ret = nil
	}
	c.Expected = signature(kind(s.Entry, s.View), s.TypeParams, s.Params, ret)
	if f.err != nil {
		c.Found, c.Status = short(f.err), Missing
		return c
	}
	fn, ok := f.mod.Function(s.Name)
	if !ok {
		c.Found, c.Status = "no such function", Missing
		return c
	}
	gotRet := fn.Return
	if s.Entry {
		gotRet = nil
	}
	c.Found = signature(kind(fn.IsEntry, fn.IsView), len(fn.GenericTypeParams), fn.Params, gotRet)
	c.Status = status(canonTypes(c.Found) == canonTypes(c.Expected))
	return c
}

func checkStruct(s chain.StructShape, f fetched) Check {
	c := Check{Check: moduleName(s.Module) + "::" + s.Name, Expected: "fields " + strings.Join(s.Fields, ", "), Features: s.Features}
	if s.Guess {
		c.Expected += " (a guess)"
	}
	if f.err != nil {
		c.Found, c.Status = short(f.err), Missing
		return c
	}
	i := slices.IndexFunc(f.mod.Structs, func(m chain.MoveStruct) bool { return m.Name == s.Name })
	if i < 0 {
		c.Found, c.Status = "no such struct", Missing
		return c
	}
	var have, lacking []string
	for _, fl := range f.mod.Structs[i].Fields {
		have = append(have, fl.Name)
	}
	for _, want := range s.Fields {
		if !slices.Contains(have, want) {
			lacking = append(lacking, want)
		}
	}
	c.Found = "fields " + strings.Join(have, ", ")
	if len(lacking) > 0 {
		c.Found += " (lacks " + strings.Join(lacking, ", ") + ")"
	}
	c.Status = status(len(lacking) == 0)
	return c
}

// NotPaired is what a pairing check finds for a coin the framework has not paired with a
// fungible asset yet: fine (its first migration pairs it, at the derived address), noted.
const NotPaired = "not paired yet"

// coinChecks compare each listed coin's on-chain decimals and symbol with the registry,
// and its paired fungible-asset metadata with the address the index derives. Wrong
// decimals would misstate every amount of that coin, so they switch off the features that
// move coins; a different symbol or pairing is reported only.
func coinChecks(ctx context.Context, reg *tokens.Registry, coins *chain.Coins) []Check {
	const per = 3
	toks := reg.All()
	out := make([]Check, per*len(toks))
	var wg sync.WaitGroup
	sem := make(chan struct{}, 4)
	for i, t := range toks {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			dec := Check{Check: t.Symbol + " decimals", Expected: strconv.Itoa(int(t.Decimals)),
				Features: []chain.Feature{chain.FeatureSlots, chain.FeatureSwap, chain.FeatureBurn}}
			sym := Check{Check: t.Symbol + " symbol", Expected: t.Symbol}
			info, err := coins.CoinInfo(ctx, t.Coin())
			if err != nil {
				dec.Found, dec.Status = short(err), Missing
				sym.Found, sym.Status = dec.Found, Missing
			} else {
				dec.Found, dec.Status = strconv.Itoa(int(info.Decimals)), status(info.Decimals == t.Decimals)
				sym.Found, sym.Status = info.Symbol, status(info.Symbol == t.Symbol)
			}
			out[per*i], out[per*i+1], out[per*i+2] = dec, sym, pairingCheck(ctx, coins, t.Symbol, t.Coin())
		}()
	}
	wg.Wait()
	return out
}

// pairingCheck holds coin::paired_metadata<coin> to supra.PairedMetadataAddress, through
// which the index traces fungible_asset events to their stores' owners.
func pairingCheck(ctx context.Context, coins *chain.Coins, symbol string, coin supra.CoinType) Check {
	want := supra.PairedMetadataAddress(coin)
	c := Check{Check: symbol + " pairing", Expected: want.String()}
	switch got, paired, err := coins.PairedMetadata(ctx, coin); {
	case err != nil:
		c.Found, c.Status = short(err), Missing
	case !paired:
		c.Found, c.Status = NotPaired, OK
	default:
		c.Found, c.Status = got.String(), status(got == want)
	}
	return c
}
