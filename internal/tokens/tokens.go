// Package tokens is the token registry: the tokens the app lists, swaps, burns and
// plays the slot game with. The list is embedded data (tokens.json), the same on every
// network because the devnet's genesis clones mainnet's coin types. The file also names
// the tokens with a part to play (the app's own token, the dollar stable coin), so no Go
// code has to spell a token's name to find them.
package tokens

import (
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math/big"
	"net/url"
	"slices"
	"strings"

	"github.com/luckycoin/lucky/internal/amount"
	"github.com/luckycoin/lucky/internal/supra"
)

//go:embed tokens.json
var embedded []byte

// ErrInvalid marks registry data that cannot be used.
var ErrInvalid = errors.New("tokens: invalid registry")

// Token is one registry entry. Amounts are base-unit integers carried as decimal strings.
// CoinType is the type as the registry writes it (the API sends it as is); Coin is the
// same type parsed once, for lookups and comparisons.
type Token struct {
	Name     string `json:"name"`
	Symbol   string `json:"symbol"`
	CoinType string `json:"coinType"`
	Decimals uint8  `json:"decimals"`
	Logo     string `json:"logo"`
	// TotalSupply in base units; nil where the supply is not published.
	TotalSupply *string `json:"totalSupply"`
	Slots       *Slot   `json:"slots,omitempty"`
	Burnable    bool    `json:"burnable"`
	Telegram    string  `json:"telegram,omitempty"`
	Website     string  `json:"website,omitempty"`
	X           string  `json:"x,omitempty"`

	coin supra.CoinType
}

// NewToken is a token outside the registry (a coin the swap picker imported by type):
// named by its symbol, without logo, supply or links.
func NewToken(coin supra.CoinType, symbol string, decimals uint8) Token {
	return Token{Name: symbol, Symbol: symbol, CoinType: coin.String(), Decimals: decimals, coin: coin}
}

// Coin is the token's coin type, parsed. A Token built by hand (tests) is parsed here; a
// CoinType that does not parse is the zero CoinType.
func (t Token) Coin() supra.CoinType {
	if !t.coin.IsZero() {
		return t.coin
	}
	c, _ := supra.ParseCoinType(t.CoinType)
	return c
}

// Slot holds what the slot game needs for a token it accepts.
type Slot struct {
	Order int `json:"order"`
	// MinBet is the minimum bet per spin in whole tokens as written in the spec ("0.1");
	// MinBetBase is the same in base units, derived at load.
	MinBet     string `json:"minBet"`
	MinBetBase string `json:"minBetBase"`
	Partner    string `json:"partner"`
}

// Roles names (by token name) the tokens the app gives a part: App is the app's own token
// (LUCKY: its dashboard, holders and burn certificates), USD the dollar stable coin whose
// pool against the native coin prices everything in dollars.
type Roles struct {
	App string `json:"app"`
	USD string `json:"usd"`
}

// Registry is the loaded, validated list.
type Registry struct {
	tokens []Token
	byCoin map[supra.CoinType]int
	roles  Roles
}

// Load reads the embedded registry.
func Load(log *slog.Logger) (*Registry, error) { return Parse(embedded, log) }

// Parse validates registry JSON. Structural errors fail the load; a social link that is not
// https is dropped with a log line, since a bad link must never reach a player's click.
func Parse(data []byte, log *slog.Logger) (*Registry, error) {
	var doc struct {
		Roles  Roles   `json:"roles"`
		Tokens []Token `json:"tokens"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrInvalid, err)
	}
	seen := map[string]bool{}
	byCoin := map[supra.CoinType]int{}
	for i := range doc.Tokens {
		t := &doc.Tokens[i]
		key := strings.ToLower(t.Name)
		if t.Name == "" || seen[key] {
			return nil, fmt.Errorf("%w: empty or duplicate name %q", ErrInvalid, t.Name)
		}
		seen[key] = true
		coin, err := supra.ParseCoinType(t.CoinType)
		if err != nil || len(coin.StructTag().TypeArgs) > 0 {
			return nil, fmt.Errorf("%w: %s: coin type %q", ErrInvalid, t.Name, t.CoinType)
		}
		if _, dup := byCoin[coin]; dup {
			return nil, fmt.Errorf("%w: %s: coin type %s listed twice", ErrInvalid, t.Name, coin)
		}
		t.coin, byCoin[coin] = coin, i
		if t.TotalSupply != nil {
			if _, ok := new(big.Int).SetString(*t.TotalSupply, 10); !ok {
				return nil, fmt.Errorf("%w: %s: total supply %q", ErrInvalid, t.Name, *t.TotalSupply)
			}
		}
		if t.Slots != nil {
			base, err := amount.ParseUint64(t.Slots.MinBet, t.Decimals)
			if err != nil || base == 0 {
				return nil, fmt.Errorf("%w: %s: minimum bet %q: %v", ErrInvalid, t.Name, t.Slots.MinBet, err)
			}
			t.Slots.MinBetBase = fmt.Sprint(base)
		}
		for _, link := range []*string{&t.Telegram, &t.Website, &t.X} {
			if *link != "" && !isHTTPS(*link) {
				log.Warn("token link dropped: not https", "token", t.Name, "link", *link)
				*link = ""
			}
		}
	}
	r := &Registry{tokens: doc.Tokens, byCoin: byCoin, roles: doc.Roles}
	for _, name := range []string{doc.Roles.App, doc.Roles.USD} {
		if _, ok := r.ByName(name); name != "" && !ok {
			return nil, fmt.Errorf("%w: role names unknown token %q", ErrInvalid, name)
		}
	}
	return r, nil
}

func isHTTPS(s string) bool {
	u, err := url.Parse(s)
	return err == nil && u.Scheme == "https" && u.Host != "" && u.User == nil
}

// All returns every token in registry order.
func (r *Registry) All() []Token { return slices.Clone(r.tokens) }

// Slots returns the tokens the slot game accepts, in the game's order (the native coin first).
func (r *Registry) Slots() []Token {
	var out []Token
	for _, t := range r.tokens {
		if t.Slots != nil {
			out = append(out, t)
		}
	}
	slices.SortStableFunc(out, func(a, b Token) int { return a.Slots.Order - b.Slots.Order })
	return out
}

// ByName finds a token by name, case-insensitively.
func (r *Registry) ByName(name string) (Token, bool) {
	for _, t := range r.tokens {
		if strings.EqualFold(t.Name, name) {
			return t, true
		}
	}
	return Token{}, false
}

// ByCoin finds a token by its coin type.
func (r *Registry) ByCoin(coin supra.CoinType) (Token, bool) {
	i, ok := r.byCoin[coin]
	if !ok {
		return Token{}, false
	}
	return r.tokens[i], true
}

// ByCoinType finds a token by a coin type written as text (a stored row, an event field):
// it is parsed, so however the address is written (leading zeros, 64 digits) the same
// coin is found. Text that is not a coin type finds nothing.
func (r *Registry) ByCoinType(coinType string) (Token, bool) {
	coin, err := supra.ParseCoinType(strings.TrimSpace(coinType))
	if err != nil {
		return Token{}, false
	}
	return r.ByCoin(coin)
}

// Native is the chain's own coin (SUPRA), when the registry lists it.
func (r *Registry) Native() (Token, bool) { return r.ByCoin(supra.NativeCoin()) }

// App is the app's own token (LUCKY), when the registry names one.
func (r *Registry) App() (Token, bool) { return r.role(r.roles.App) }

// USD is the dollar stable coin (dexUSDC), when the registry names one.
func (r *Registry) USD() (Token, bool) { return r.role(r.roles.USD) }

func (r *Registry) role(name string) (Token, bool) {
	if name == "" {
		return Token{}, false
	}
	return r.ByName(name)
}
