// Package tokens is the token registry: the tokens the app lists, swaps, burns and
// plays the slot game with. The list is embedded data (tokens.json), the same on every
// network because the devnet's genesis clones mainnet's coin types.
package tokens

import (
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math/big"
	"net/url"
	"regexp"
	"slices"
	"strings"

	"github.com/luckycoin/lucky/internal/amount"
)

//go:embed tokens.json
var embedded []byte

// ErrInvalid marks registry data that cannot be used.
var ErrInvalid = errors.New("tokens: invalid registry")

// Token is one registry entry. Amounts are base-unit integers carried as decimal strings.
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

// Registry is the loaded, validated list.
type Registry struct {
	tokens []Token
}

// Load reads the embedded registry.
func Load(log *slog.Logger) (*Registry, error) { return Parse(embedded, log) }

var coinTypeRE = regexp.MustCompile(`^0x[0-9a-f]{1,64}::[A-Za-z_][A-Za-z0-9_]*::[A-Za-z_][A-Za-z0-9_]*$`)

// Parse validates registry JSON. Structural errors fail the load; a social link that is not
// https is dropped with a log line, since a bad link must never reach a player's click.
func Parse(data []byte, log *slog.Logger) (*Registry, error) {
	var doc struct {
		Tokens []Token `json:"tokens"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrInvalid, err)
	}
	seen := map[string]bool{}
	for i := range doc.Tokens {
		t := &doc.Tokens[i]
		key := strings.ToLower(t.Name)
		if t.Name == "" || seen[key] {
			return nil, fmt.Errorf("%w: empty or duplicate name %q", ErrInvalid, t.Name)
		}
		seen[key] = true
		if !coinTypeRE.MatchString(t.CoinType) {
			return nil, fmt.Errorf("%w: %s: coin type %q", ErrInvalid, t.Name, t.CoinType)
		}
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
	return &Registry{tokens: doc.Tokens}, nil
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

// ByCoinType finds a token by its coin type. Leading zeros of the address part are
// ignored, since nodes and lists write the same address with and without them.
func (r *Registry) ByCoinType(coinType string) (Token, bool) {
	want := canonicalType(coinType)
	for _, t := range r.tokens {
		if canonicalType(t.CoinType) == want {
			return t, true
		}
	}
	return Token{}, false
}

func canonicalType(s string) string {
	addr, rest, ok := strings.Cut(strings.TrimSpace(s), "::")
	if !ok {
		return s
	}
	addr = strings.TrimLeft(strings.TrimPrefix(strings.ToLower(addr), "0x"), "0")
	return "0x" + addr + "::" + rest
}
