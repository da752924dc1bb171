package chain

import (
	"encoding/json"
	"fmt"
	"math/big"
	"strconv"

	"github.com/luckycoin/lucky/internal/supra"
)

// Framework coin event types.
const (
	CoinDepositType  = "0x1::coin::CoinDeposit"
	CoinWithdrawType = "0x1::coin::CoinWithdraw"
)

// PlayEvent is slots_v3::PlayEvent.
type PlayEvent struct {
	Player        supra.Address
	TokenType     string
	BetPerSpin    uint64
	NumberOfSpins uint64
	SpinResults   []SpinResult
	TotalPrize    uint64
}

// SpinResult is one spin of a PlayEvent.
type SpinResult struct {
	TierIndex uint8
	PrizeWon  uint64
}

// SwapEvent is Dexlyn's liquidity_pool::SwapEvent.
type SwapEvent struct {
	PairX, PairY                    string
	XIn, XOut, YIn, YOut, Timestamp uint64
}

// CoinEvent is 0x1::coin::CoinDeposit or CoinWithdraw.
type CoinEvent struct {
	Deposit  bool
	CoinType string
	Account  supra.Address
	Amount   uint64
}

// DecodePlayEvent reads PlayEvent data. u64 fields may be strings or numbers.
func DecodePlayEvent(data json.RawMessage) (PlayEvent, error) {
	var in struct {
		Player        string    `json:"player"`
		TokenType     string    `json:"token_type"`
		BetPerSpin    supra.U64 `json:"bet_per_spin"`
		NumberOfSpins supra.U64 `json:"number_of_spins"`
		SpinResults   []struct {
			TierIndex supra.U64 `json:"tier_index"`
			PrizeWon  supra.U64 `json:"prize_won"`
		} `json:"spin_results"`
		TotalPrize supra.U64 `json:"total_prize"`
	}
	if err := json.Unmarshal(data, &in); err != nil {
		return PlayEvent{}, fmt.Errorf("%w: PlayEvent: %v", ErrBadResponse, err)
	}
	p, err := supra.ParseAddress(in.Player)
	if err != nil {
		return PlayEvent{}, fmt.Errorf("%w: PlayEvent player: %v", ErrBadResponse, err)
	}
	ev := PlayEvent{Player: p, TokenType: in.TokenType, BetPerSpin: uint64(in.BetPerSpin),
		NumberOfSpins: uint64(in.NumberOfSpins), TotalPrize: uint64(in.TotalPrize),
		SpinResults: make([]SpinResult, len(in.SpinResults))}
	for i, s := range in.SpinResults {
		if s.TierIndex > 255 {
			return PlayEvent{}, fmt.Errorf("%w: PlayEvent tier %d", ErrBadResponse, s.TierIndex)
		}
		ev.SpinResults[i] = SpinResult{TierIndex: uint8(s.TierIndex), PrizeWon: uint64(s.PrizeWon)}
	}
	return ev, nil
}

// DecodeSwapEvent reads SwapEvent data.
func DecodeSwapEvent(data json.RawMessage) (SwapEvent, error) {
	var in struct {
		PairX     string    `json:"pair_x"`
		PairY     string    `json:"pair_y"`
		XIn       supra.U64 `json:"x_in"`
		XOut      supra.U64 `json:"x_out"`
		YIn       supra.U64 `json:"y_in"`
		YOut      supra.U64 `json:"y_out"`
		Timestamp supra.U64 `json:"timestamp"`
	}
	if err := json.Unmarshal(data, &in); err != nil {
		return SwapEvent{}, fmt.Errorf("%w: SwapEvent: %v", ErrBadResponse, err)
	}
	return SwapEvent{in.PairX, in.PairY, uint64(in.XIn), uint64(in.XOut), uint64(in.YIn), uint64(in.YOut), uint64(in.Timestamp)}, nil
}

// DecodeCoinEvent reads a CoinDeposit / CoinWithdraw event; ok is false for other types.
func DecodeCoinEvent(ev supra.Event) (CoinEvent, bool, error) {
	var dep bool
	switch {
	case sameStruct(ev.Type, CoinDepositType):
		dep = true
	case sameStruct(ev.Type, CoinWithdrawType):
	default:
		return CoinEvent{}, false, nil
	}
	var in struct {
		CoinType string    `json:"coin_type"`
		Account  string    `json:"account"`
		Amount   supra.U64 `json:"amount"`
	}
	if err := json.Unmarshal(ev.Data, &in); err != nil {
		return CoinEvent{}, true, fmt.Errorf("%w: %s: %v", ErrBadResponse, ev.Type, err)
	}
	a, err := supra.ParseAddress(in.Account)
	if err != nil {
		return CoinEvent{}, true, fmt.Errorf("%w: %s account: %v", ErrBadResponse, ev.Type, err)
	}
	return CoinEvent{Deposit: dep, CoinType: in.CoinType, Account: a, Amount: uint64(in.Amount)}, true, nil
}

// sameStruct compares two struct type strings by address, module and name, ignoring type
// parameters and how the address is written.
func sameStruct(a, b string) bool {
	sa, err1 := supra.ParseStructTag(a)
	sb, err2 := supra.ParseStructTag(b)
	return err1 == nil && err2 == nil && sa.Address == sb.Address && sa.Module == sb.Module && sa.Name == sb.Name
}

// PlayEventType is the network's slots_v3::PlayEvent type ("" when slots is not configured).
func (c *Client) PlayEventType() string {
	if c.net.Modules.Slots == "" {
		return ""
	}
	return c.net.Modules.Slots + "::PlayEvent"
}

// FindPlayEvent returns the first PlayEvent among events.
func (c *Client) FindPlayEvent(events []supra.Event) (*PlayEvent, error) {
	want := c.PlayEventType()
	for _, ev := range events {
		if want != "" && sameStruct(ev.Type, want) {
			p, err := DecodePlayEvent(ev.Data)
			if err != nil {
				return nil, err
			}
			return &p, nil
		}
	}
	return nil, nil
}

// FindSwapEvent returns the first Dexlyn SwapEvent among events.
func (c *Client) FindSwapEvent(events []supra.Event) (*SwapEvent, error) {
	want := c.net.Modules.SwapEvent
	for _, ev := range events {
		if want != "" && sameStruct(ev.Type, want) {
			s, err := DecodeSwapEvent(ev.Data)
			if err != nil {
				return nil, err
			}
			return &s, nil
		}
	}
	return nil, nil
}

// u64s renders a uint64 as a decimal string.
func u64s(v uint64) string { return strconv.FormatUint(v, 10) }

// PlayJSON is a decoded PlayEvent for the API (amounts as base-unit decimal strings).
type PlayJSON struct {
	Player        string           `json:"player"`
	TokenType     string           `json:"tokenType"`
	Token         string           `json:"token"`
	BetPerSpin    string           `json:"betPerSpin"`
	NumberOfSpins string           `json:"numberOfSpins"`
	SpinResults   []SpinResultJSON `json:"spinResults"`
	TotalPrize    string           `json:"totalPrize"`
}

// SpinResultJSON is one spin.
type SpinResultJSON struct {
	TierIndex uint8  `json:"tierIndex"`
	PrizeWon  string `json:"prizeWon"`
}

// SwapJSON is a decoded SwapEvent for the API.
type SwapJSON struct {
	PairX     string `json:"pairX"`
	PairY     string `json:"pairY"`
	XIn       string `json:"xIn"`
	XOut      string `json:"xOut"`
	YIn       string `json:"yIn"`
	YOut      string `json:"yOut"`
	Timestamp string `json:"timestamp"`
}

// PlayJSON renders p, naming the token from the registry ("" when unknown).
func (c *Client) PlayJSON(p *PlayEvent) *PlayJSON {
	if p == nil {
		return nil
	}
	out := &PlayJSON{Player: p.Player.String(), TokenType: p.TokenType, BetPerSpin: u64s(p.BetPerSpin),
		NumberOfSpins: u64s(p.NumberOfSpins), TotalPrize: u64s(p.TotalPrize), SpinResults: make([]SpinResultJSON, len(p.SpinResults))}
	if t, ok := c.reg.ByCoinType(p.TokenType); ok {
		out.Token = t.Name
	}
	for i, s := range p.SpinResults {
		out.SpinResults[i] = SpinResultJSON{TierIndex: s.TierIndex, PrizeWon: u64s(s.PrizeWon)}
	}
	return out
}

// NewSwapJSON renders s.
func NewSwapJSON(s *SwapEvent) *SwapJSON {
	if s == nil {
		return nil
	}
	return &SwapJSON{s.PairX, s.PairY, u64s(s.XIn), u64s(s.XOut), u64s(s.YIn), u64s(s.YOut), u64s(s.Timestamp)}
}

// Wagered is bet × spins of a play, exact.
func (p *PlayEvent) Wagered() *big.Int {
	return new(big.Int).Mul(new(big.Int).SetUint64(p.BetPerSpin), new(big.Int).SetUint64(p.NumberOfSpins))
}
