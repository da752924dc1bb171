package slots

import (
	"encoding/json"
	"fmt"
)

type tokenJSON struct {
	CoinType string `json:"coin_type"`
	Decimals uint8  `json:"decimals"`
	MinBet   uint64 `json:"min_bet,string"`
	Fund     uint64 `json:"house_fund,string"`
}

type gameJSON struct {
	Tokens []tokenJSON `json:"tokens"`
	Queue  []int       `json:"forced_outcomes"`
}

// MarshalJSON stores the game as a resource value (u64 as strings).
func (g *Game) MarshalJSON() ([]byte, error) {
	out := gameJSON{Tokens: []tokenJSON{}, Queue: []int{}}
	for _, t := range g.Tokens() {
		out.Tokens = append(out.Tokens, tokenJSON(t))
	}
	for _, q := range g.queue {
		out.Queue = append(out.Queue, int(q))
	}
	return json.Marshal(out)
}

// UnmarshalJSON restores a game stored by MarshalJSON.
func (g *Game) UnmarshalJSON(b []byte) error {
	var in gameJSON
	if err := json.Unmarshal(b, &in); err != nil {
		return err
	}
	*g = Game{tokens: map[string]*Token{}}
	for _, t := range in.Tokens {
		tt := Token(t)
		g.tokens[t.CoinType] = &tt
	}
	for _, q := range in.Queue {
		if q < 0 || q >= NumTiers {
			return fmt.Errorf("%w: %d", ErrBadTier, q)
		}
		g.queue = append(g.queue, uint8(q))
	}
	return nil
}
