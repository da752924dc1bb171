package contracts

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"maps"
	"math/big"
	"slices"
	"strings"

	"github.com/luckycoin/lucky/internal/devnet"
	"github.com/luckycoin/lucky/internal/supra"
)

//go:embed genesis.json
var genesisJSON []byte // embedded data, read-only

// GenesisToken is one coin of the genesis.
type GenesisToken struct {
	Symbol   string `json:"symbol"`
	Name     string `json:"name"`
	CoinType string `json:"coin_type"`
	Decimals uint8  `json:"decimals"`
	Supply   string `json:"supply"` // whole tokens
}

// GenesisPool is a pool seeded by the treasury: TOKEN/SUPRA by default
// (token_amount, supra_amount), or TOKEN/QUOTE when quote names another
// token (token_amount, quote_amount), e.g. LUCKY/dexUSDC.
type GenesisPool struct {
	Token       string `json:"token"`
	TokenAmount string `json:"token_amount"`
	SupraAmount string `json:"supra_amount,omitempty"`
	Quote       string `json:"quote,omitempty"`
	QuoteAmount string `json:"quote_amount,omitempty"`
}

// QuoteSymbol is the pool's other side: the native coin unless quote is set.
func (g *Genesis) QuoteSymbol(p GenesisPool) string {
	if p.Quote == "" {
		return g.native
	}
	return p.Quote
}

// NativeSymbol is the symbol of the chain's own coin (0x1::supra_coin::SupraCoin) in the
// genesis token list.
func (g *Genesis) NativeSymbol() string { return g.native }

// QuoteWhole is the quote side's amount in whole tokens.
func (p GenesisPool) QuoteWhole() string {
	if p.Quote == "" {
		return p.SupraAmount
	}
	return p.QuoteAmount
}

// GenesisAccount is a dev account's extra balances (SUPRA comes from the node).
type GenesisAccount struct {
	Index    int               `json:"index"`
	Note     string            `json:"note"`
	Balances map[string]string `json:"balances"`
}

// GenesisBooster grants boosters to a dev account.
type GenesisBooster struct {
	Account int    `json:"account"`
	Booster uint64 `json:"booster"`
	Count   uint64 `json:"count"`
}

// Genesis is the devnet's initial distribution (genesis.json).
type Genesis struct {
	Version     int               `json:"version"`
	Tokens      []GenesisToken    `json:"tokens"`
	Burned      map[string]string `json:"burned"`
	Pools       []GenesisPool     `json:"pools"`
	HouseFunds  map[string]string `json:"house_funds"`
	DevAccounts []GenesisAccount  `json:"dev_accounts"`
	Staking     struct {
		RewardReserve string `json:"reward_reserve"`
		PassPrice     string `json:"pass_price"`
	} `json:"staking"`
	Miners struct {
		EmissionReserve string           `json:"emission_reserve"`
		Boosters        []GenesisBooster `json:"boosters"`
	} `json:"miners"`

	bySymbol map[string]GenesisToken
	native   string
}

// DefaultGenesis parses the embedded genesis.json.
func DefaultGenesis() (*Genesis, error) { return ParseGenesis(genesisJSON) }

// ParseGenesis parses and checks genesis data: known symbols, parseable
// amounts, and no coin handed out beyond its supply.
func ParseGenesis(b []byte) (*Genesis, error) {
	var g Genesis
	if err := json.Unmarshal(b, &g); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrGenesis, err)
	}
	if g.Version != 1 {
		return nil, fmt.Errorf("%w: version %d", ErrGenesis, g.Version)
	}
	g.bySymbol = map[string]GenesisToken{}
	for _, t := range g.Tokens {
		n, err := supra.NormalizeTypeString(t.CoinType)
		if err != nil {
			return nil, fmt.Errorf("%w: %s: %v", ErrGenesis, t.Symbol, err)
		}
		t.CoinType = n
		if _, dup := g.bySymbol[t.Symbol]; dup {
			return nil, fmt.Errorf("%w: duplicate %s", ErrGenesis, t.Symbol)
		}
		g.bySymbol[t.Symbol] = t
		if coinOf(n).IsNative() {
			g.native = t.Symbol
		}
	}
	if g.native == "" {
		return nil, fmt.Errorf("%w: no native coin %s", ErrGenesis, supra.SupraCoinType)
	}
	// Everything handed out per symbol must fit the supply.
	out := map[string]*big.Int{}
	add := func(sym, amount string) error {
		v, err := g.Amount(sym, amount)
		if err != nil {
			return err
		}
		if out[sym] == nil {
			out[sym] = new(big.Int)
		}
		out[sym].Add(out[sym], new(big.Int).SetUint64(v))
		return nil
	}
	for sym, a := range g.Burned {
		if err := add(sym, a); err != nil {
			return nil, err
		}
	}
	for _, p := range g.Pools {
		if err := add(p.Token, p.TokenAmount); err != nil {
			return nil, err
		}
		if p.Quote != "" && p.SupraAmount != "" || g.QuoteSymbol(p) == p.Token {
			return nil, fmt.Errorf("%w: pool %s/%s: give supra_amount for SUPRA pools, quote_amount otherwise", ErrGenesis, p.Token, g.QuoteSymbol(p))
		}
		if err := add(g.QuoteSymbol(p), p.QuoteWhole()); err != nil {
			return nil, err
		}
	}
	for sym, a := range g.HouseFunds {
		if err := add(sym, a); err != nil {
			return nil, err
		}
	}
	for _, d := range g.DevAccounts {
		for sym, a := range d.Balances {
			if err := add(sym, a); err != nil {
				return nil, err
			}
		}
	}
	if err := add(g.native, g.Staking.RewardReserve); err != nil {
		return nil, err
	}
	if _, err := g.Amount(g.native, g.Staking.PassPrice); err != nil {
		return nil, err
	}
	if _, ok := g.bySymbol["MINE"]; !ok {
		return nil, fmt.Errorf("%w: no MINE", ErrGenesis)
	}
	if err := add("MINE", g.Miners.EmissionReserve); err != nil {
		return nil, err
	}
	for sym, v := range out {
		supply, err := g.Amount(sym, g.bySymbol[sym].Supply)
		if err != nil {
			return nil, err
		}
		if v.Cmp(new(big.Int).SetUint64(supply)) > 0 {
			return nil, fmt.Errorf("%w: %s hands out %s of supply %d", ErrGenesis, sym, v, supply)
		}
	}
	return &g, nil
}

// Token returns a token by symbol.
func (g *Genesis) Token(sym string) (GenesisToken, bool) {
	t, ok := g.bySymbol[sym]
	return t, ok
}

// Amount converts whole tokens ("1000", "0.5") of sym to base units exactly;
// more fractional digits than the token's decimals is an error.
func (g *Genesis) Amount(sym, whole string) (uint64, error) {
	t, ok := g.bySymbol[sym]
	if !ok {
		return 0, fmt.Errorf("%w: unknown token %q", ErrGenesis, sym)
	}
	return ParseUnits(whole, t.Decimals)
}

// ParseUnits converts a decimal string to base units with integer math.
func ParseUnits(s string, decimals uint8) (uint64, error) {
	ip, fp, _ := strings.Cut(strings.TrimSpace(s), ".")
	if ip == "" && fp == "" || len(fp) > int(decimals) || strings.Trim(ip+fp, "0123456789") != "" {
		return 0, fmt.Errorf("%w: amount %q with %d decimals", ErrGenesis, s, decimals)
	}
	v, ok := new(big.Int).SetString(ip+fp+strings.Repeat("0", int(decimals)-len(fp)), 10)
	if !ok || !v.IsUint64() {
		return 0, fmt.Errorf("%w: amount %q out of range", ErrGenesis, s)
	}
	return v.Uint64(), nil
}

// devAccount returns dev account i's address.
func devAccount(ex *devnet.Exec, i int) (supra.Address, error) {
	d := ex.DevAccounts()
	if i < 0 || i >= len(d) {
		return supra.Address{}, fmt.Errorf("%w: dev account %d of %d", ErrGenesis, i, len(d))
	}
	return d[i], nil
}

// genesisModule registers the coins, mints each supply to the treasury and
// hands out the burned amount and the dev accounts' balances. The contract
// modules then take their pools, house funds and reserves from the treasury.
type genesisModule struct{ g *Genesis }

func (genesisModule) ID() supra.ModuleID {
	return supra.ModuleID{Address: TreasuryAddress, Name: "devnet_genesis"}
}

func (genesisModule) ABI() devnet.ABI { return devnet.ABI{} }

func (m genesisModule) Genesis(ex *devnet.Exec) error {
	for _, t := range m.g.Tokens {
		supply, err := ParseUnits(t.Supply, t.Decimals)
		if err != nil {
			return err
		}
		info, exists := ex.CoinInfo(t.CoinType)
		if !exists {
			if err := ex.RegisterCoin(devnet.CoinInfo{CoinType: t.CoinType, Name: t.Name, Symbol: t.Symbol, Decimals: t.Decimals}); err != nil {
				return fmt.Errorf("register %s: %w", t.Symbol, err)
			}
		}
		// SUPRA already has the node's dev and faucet funding: top it up.
		if supply > info.Supply {
			if err := ex.Mint(TreasuryAddress, t.CoinType, supply-info.Supply); err != nil {
				return fmt.Errorf("mint %s: %w", t.Symbol, err)
			}
		}
	}
	// In symbol order, not map order: the genesis transaction's events are the same on
	// every start, so the same seed makes the same chain.
	for _, sym := range slices.Sorted(maps.Keys(m.g.Burned)) {
		if err := m.give(ex, BurnAddress, sym, m.g.Burned[sym]); err != nil {
			return err
		}
	}
	for _, d := range m.g.DevAccounts {
		addr, err := devAccount(ex, d.Index)
		if err != nil {
			return err
		}
		for _, sym := range slices.Sorted(maps.Keys(d.Balances)) {
			if err := m.give(ex, addr, sym, d.Balances[sym]); err != nil {
				return err
			}
		}
	}
	return nil
}

func (m genesisModule) give(ex *devnet.Exec, to supra.Address, sym, whole string) error {
	v, err := m.g.Amount(sym, whole)
	if err != nil {
		return err
	}
	t, _ := m.g.Token(sym)
	if err := transfer(ex, TreasuryAddress, to, t.CoinType, v); err != nil {
		return fmt.Errorf("genesis %s %s to %s: %w", whole, sym, to, err)
	}
	return nil
}

func (genesisModule) Execute(ex *devnet.Exec, call devnet.EntryCall) error {
	return fmt.Errorf("%w: devnet_genesis has no entry functions", devnet.ErrBadArgument)
}

func (genesisModule) View(ex *devnet.Exec, call devnet.ViewCall) ([]any, error) {
	return nil, fmt.Errorf("%w: devnet_genesis has no views", devnet.ErrBadArgument)
}
