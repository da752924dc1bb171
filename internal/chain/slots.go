package chain

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/luckycoin/lucky/internal/amount"
	"github.com/luckycoin/lucky/internal/config"
	"github.com/luckycoin/lucky/internal/supra"
	"github.com/luckycoin/lucky/internal/tokens"
)

// Slot game limits.
const (
	MinSpins          = 1
	MaxSpins          = 1000
	PotLimitFactor    = 5 // total bet ≤ 5 × house pot
	displayedDecimals = 2
)

// slotsModule returns the slots_v3 module id of the network.
func (c *Slots) slotsModule() (supra.ModuleID, error) {
	if c.net.Modules.Slots == "" {
		return supra.ModuleID{}, fmt.Errorf("%w: slots", ErrNotConfigured)
	}
	m, err := supra.ParseModuleID(c.net.Modules.Slots)
	if err != nil {
		return supra.ModuleID{}, fmt.Errorf("%w: slots module %q: %v", ErrNotConfigured, c.net.Modules.Slots, err)
	}
	return m, nil
}

// HousePot reads a token's slots house fund in base units:
// get_supra_coin_house_fund_balance_view() for SUPRA, otherwise
// get_house_fund_balance_view<T>(token_type: String) (the ABI takes the type string).
func (c *Slots) HousePot(ctx context.Context, coinType supra.CoinType) (uint64, error) {
	mod, err := c.slotsModule()
	if err != nil {
		return 0, err
	}
	var res []json.RawMessage
	if coinType.IsNative() {
		res, err = c.view(ctx, mod.String()+"::get_supra_coin_house_fund_balance_view", nil, nil)
	} else {
		res, err = c.view(ctx, mod.String()+"::get_house_fund_balance_view", []string{coinType.String()}, []string{coinType.String()})
	}
	if err != nil {
		return 0, fmt.Errorf("house pot of %s: %w", coinType, err)
	}
	return firstU64(res)
}

// SpinCheck is what the "before spinning" rules of the spec look at. Pot and Balance are
// nil when they could not be read.
type SpinCheck struct {
	Token      tokens.Token
	BetPerSpin uint64   // base units
	Spins      *big.Int // as requested (may be out of range)
	Pot        *uint64
	Balance    *uint64
}

// TotalBet is bet × spins, exact.
func (s SpinCheck) TotalBet() *big.Int {
	return new(big.Int).Mul(new(big.Int).SetUint64(s.BetPerSpin), s.Spins)
}

// ValidateSpin applies the spec's "Before spinning" rules in the spec's order, with its
// texts: house pot loaded and nonzero; total bet ≤ 5 × house pot; bet at least
// the minimum; spins 1–1000; balance at least the total bet; partner address valid.
// It returns the partner address on success.
func ValidateSpin(s SpinCheck) (supra.Address, error) {
	t := s.Token
	if t.Slots == nil {
		return supra.Address{}, inputErr(CodeUnknownToken, "Token %s is not playable.", t.Name)
	}
	if s.Pot == nil || *s.Pot == 0 {
		return supra.Address{}, inputErr(CodePotUnavailable, "House pot balance is unavailable or zero!")
	}
	total := s.TotalBet()
	limit := new(big.Int).Mul(new(big.Int).SetUint64(*s.Pot), big.NewInt(PotLimitFactor))
	if total.Cmp(limit) > 0 {
		return supra.Address{}, inputErr(CodeTotalBetTooLarge, "Total bet (%s %s) exceeds 5x house pot (%s %s)!",
			amount.Format(total, t.Decimals, displayedDecimals), t.Name, amount.Format(limit, t.Decimals, displayedDecimals), t.Name)
	}
	minBet, err := strconv.ParseUint(t.Slots.MinBetBase, 10, 64)
	if err != nil {
		return supra.Address{}, fmt.Errorf("chain: registry minimum bet of %s: %w", t.Name, err)
	}
	if s.BetPerSpin < minBet {
		return supra.Address{}, inputErr(CodeMinBet, "Minimum bet is %s %s!", t.Slots.MinBet, t.Name)
	}
	if s.Spins.Cmp(big.NewInt(MinSpins)) < 0 || s.Spins.Cmp(big.NewInt(MaxSpins)) > 0 {
		return supra.Address{}, inputErr(CodeSpinsOutOfRange, "Number of spins must be between 1 and 1000!")
	}
	if s.Balance == nil || new(big.Int).SetUint64(*s.Balance).Cmp(total) < 0 {
		return supra.Address{}, inputErr(CodeInsufficient, "Insufficient %s balance!", t.Name)
	}
	partner, err := ParsePartner(t.Slots.Partner)
	if err != nil {
		return supra.Address{}, inputErr(CodeInvalidPartner, "Invalid partner address for %s: %s", t.Name, t.Slots.Partner)
	}
	return partner, nil
}

// ParsePartner accepts only a full 32-byte hex address ("0x" + 64 hex digits), the spec:
// anything else is "Invalid hex string length for address".
func ParsePartner(s string) (supra.Address, error) {
	h := strings.TrimPrefix(strings.ToLower(s), "0x")
	if len(h) != 64 {
		return supra.Address{}, fmt.Errorf("%w: Invalid hex string length for address", supra.ErrInvalidAddress)
	}
	return supra.ParseAddress("0x" + h)
}

// SpinRequest is a spin to build, parsed (internal/api reads the JSON): Spins may still
// be out of range, which ValidateSpin reports in the spec's order.
type SpinRequest struct {
	Sender     supra.Address
	Token      tokens.Token
	BetPerSpin uint64 // base units
	Spins      *big.Int
}

// SpinBuilt is a built spin transaction with the amounts the summary shows.
type SpinBuilt struct {
	*Built
	Token          tokens.Token
	BetPerSpinBase uint64
	TotalBet       uint64
}

// BuildSpin checks every "before spinning" rule against the chain (house pot and the
// sender's balance are read now) and builds play_supra_coin(bet, spins, partner) for
// SUPRA or play<T>(bet, spins, token_type, partner) for other tokens, from Go values.
func (c *Slots) BuildSpin(ctx context.Context, req SpinRequest) (*SpinBuilt, error) {
	sender, tok, bet, spins := req.Sender, req.Token, req.BetPerSpin, req.Spins
	if tok.Slots == nil || spins == nil {
		return nil, inputErr(CodeUnknownToken, "Unknown token %q.", tok.Name)
	}
	check := SpinCheck{Token: tok, BetPerSpin: bet, Spins: spins}
	// Both reads at once; a failed read counts as "not loaded" (the rules then say why).
	type res struct {
		v   uint64
		err error
	}
	potc, balc := make(chan res, 1), make(chan res, 1)
	go func() { v, err := c.HousePot(ctx, tok.Coin()); potc <- res{v, err} }()
	go func() { v, err := c.coins.CoinBalance(ctx, sender, tok.Coin()); balc <- res{v, err} }()
	pot, bal := <-potc, <-balc
	if supra.NodeFailed(pot.err) || errors.Is(pot.err, ErrBadResponse) {
		// The node did not answer: that is not an empty pot, and the player must not be
		// told it is.
		return nil, pot.err
	}
	if pot.err == nil {
		check.Pot = &pot.v
	}
	if bal.err == nil {
		check.Balance = &bal.v
	}
	partner, err := ValidateSpin(check)
	if err != nil {
		if bal.err != nil && check.Pot != nil && isCode(err, CodeInsufficient) {
			return nil, bal.err // the balance could not be read: a node problem, not the player's
		}
		return nil, err
	}
	mod, err := c.slotsModule()
	if err != nil {
		return nil, err
	}
	bets, spinsN := strconv.FormatUint(bet, 10), spins.Uint64()
	call := Call{Function: supra.FunctionID{Module: mod, Name: "play_supra_coin"},
		Args:  [][]byte{supra.ArgU64(bet), supra.ArgU64(spinsN), supra.ArgAddress(partner)},
		Shown: []string{bets, spins.String(), partner.String()}}
	if coin := tok.Coin(); !coin.IsNative() {
		// token_type is the registry's text, as the original app sends it.
		call = Call{Function: supra.FunctionID{Module: mod, Name: "play"}, TypeArgs: []supra.TypeTag{coin.TypeTag()},
			Args:  [][]byte{supra.ArgU64(bet), supra.ArgU64(spinsN), supra.ArgString(tok.CoinType), supra.ArgAddress(partner)},
			Shown: []string{bets, spins.String(), tok.CoinType, partner.String()}}
	}
	b, err := c.buildCall(ctx, sender, call)
	if err != nil {
		return nil, err
	}
	return &SpinBuilt{Built: b, Token: tok, BetPerSpinBase: bet, TotalBet: check.TotalBet().Uint64()}, nil
}

func isCode(err error, code string) bool {
	ie, ok := err.(*InputError)
	return ok && ie.Code == code
}

// PlayEvent is slots_v3::PlayEvent read with its transaction. Its JSON is the API's
// shape: u64s as decimal strings, Token the registry's name of TokenType ("" when
// unknown). The product documents name only NumberOfSpins, SpinResults and TotalPrize;
// Player, TokenType and BetPerSpin come from the transaction that emitted it (see
// DecodePlayEventTx).
type PlayEvent struct {
	Player        supra.Address `json:"player"`
	TokenType     string        `json:"tokenType"`
	Token         string        `json:"token"`
	BetPerSpin    uint64        `json:"betPerSpin,string"`
	NumberOfSpins uint64        `json:"numberOfSpins,string"`
	SpinResults   []SpinResult  `json:"spinResults"`
	TotalPrize    uint64        `json:"totalPrize,string"`
}

// SpinResult is one spin of a PlayEvent.
type SpinResult struct {
	TierIndex uint8  `json:"tierIndex"`
	PrizeWon  uint64 `json:"prizeWon,string"`
}

// Wagered is bet × spins of a play, exact.
func (p *PlayEvent) Wagered() *big.Int {
	return new(big.Int).Mul(new(big.Int).SetUint64(p.BetPerSpin), new(big.Int).SetUint64(p.NumberOfSpins))
}

// PlayEventData is what a PlayEvent's data holds: the documented fields, always, and the
// fields our devnet used to add (player, token_type, bet_per_spin) when present. Nothing
// reads the extra fields where the transaction names the same thing.
type PlayEventData struct {
	NumberOfSpins uint64
	SpinResults   []SpinResult
	TotalPrize    uint64
	// Extra fields: nil when the event does not carry them.
	Player     *supra.Address
	TokenType  *string
	BetPerSpin *uint64
}

// DecodePlayEvent reads PlayEvent data: spin_results (each tier_index, prize_won),
// total_prize and number_of_spins are required; player, token_type and bet_per_spin are
// read when present and must then be well formed. u64 fields may be strings or numbers.
func DecodePlayEvent(data json.RawMessage) (PlayEventData, error) {
	// Field by field, so the reason names the field (it is what the quarantine keeps).
	var in map[string]json.RawMessage
	if err := json.Unmarshal(data, &in); err != nil {
		return PlayEventData{}, fmt.Errorf("%w: PlayEvent: data is not a JSON object: %v", ErrBadResponse, err)
	}
	var spins, prize supra.U64
	var results []struct {
		TierIndex *supra.U64 `json:"tier_index"`
		PrizeWon  *supra.U64 `json:"prize_won"`
	}
	for _, f := range []struct {
		name, want string
		v          any
	}{{"number_of_spins", "a u64", &spins}, {"spin_results", "a list of {tier_index, prize_won}", &results}, {"total_prize", "a u64", &prize}} {
		raw, ok := in[f.name]
		if !ok {
			return PlayEventData{}, fmt.Errorf("%w: PlayEvent: no %s", ErrBadResponse, f.name)
		}
		if err := json.Unmarshal(raw, f.v); err != nil || string(raw) == "null" {
			return PlayEventData{}, fmt.Errorf("%w: PlayEvent: %s is %.40s, not %s", ErrBadResponse, f.name, raw, f.want)
		}
	}
	out := PlayEventData{NumberOfSpins: uint64(spins), TotalPrize: uint64(prize), SpinResults: make([]SpinResult, len(results))}
	var extra struct {
		Player     *string    `json:"player"`
		TokenType  *string    `json:"token_type"`
		BetPerSpin *supra.U64 `json:"bet_per_spin"`
	}
	if err := json.Unmarshal(data, &extra); err != nil {
		return PlayEventData{}, fmt.Errorf("%w: PlayEvent: player, token_type or bet_per_spin malformed: %v", ErrBadResponse, err)
	}
	for i, s := range results {
		if s.TierIndex == nil || s.PrizeWon == nil {
			return PlayEventData{}, fmt.Errorf("%w: PlayEvent: spin result %d without tier_index or prize_won", ErrBadResponse, i)
		}
		if *s.TierIndex > 255 {
			return PlayEventData{}, fmt.Errorf("%w: PlayEvent tier %d", ErrBadResponse, *s.TierIndex)
		}
		out.SpinResults[i] = SpinResult{TierIndex: uint8(*s.TierIndex), PrizeWon: uint64(*s.PrizeWon)}
	}
	if extra.Player != nil {
		p, err := supra.ParseAddress(*extra.Player)
		if err != nil {
			return PlayEventData{}, fmt.Errorf("%w: PlayEvent player: %v", ErrBadResponse, err)
		}
		out.Player = &p
	}
	out.TokenType = extra.TokenType
	if extra.BetPerSpin != nil {
		b := uint64(*extra.BetPerSpin)
		out.BetPerSpin = &b
	}
	return out, nil
}

// DecodePlayEventTx reads a PlayEvent with the transaction that emitted it: the player is
// the transaction's sender, the token the entry function's type argument (the native
// coin for play_supra_coin), the bet per spin its first argument. Where the transaction
// is not a call of the network's play functions (a contract calling slots_v3, an event
// read without its transaction), the event's own player, token_type and bet_per_spin are
// used if it carries them; otherwise the event cannot be read (ErrBadResponse).
func DecodePlayEventTx(net config.Network, tx TxContext, data json.RawMessage) (PlayEvent, error) {
	d, err := DecodePlayEvent(data)
	if err != nil {
		return PlayEvent{}, err
	}
	ev := PlayEvent{NumberOfSpins: d.NumberOfSpins, SpinResults: d.SpinResults, TotalPrize: d.TotalPrize}
	if ok, err := derivePlay(net, tx, &ev); ok || err != nil {
		return ev, err
	}
	if d.Player == nil || d.TokenType == nil || d.BetPerSpin == nil {
		return PlayEvent{}, fmt.Errorf("%w: PlayEvent: its transaction (%q) is not a slots play and the event does not name the player, token and bet",
			ErrBadResponse, tx.Function)
	}
	ev.Player, ev.TokenType, ev.BetPerSpin = *d.Player, *d.TokenType, *d.BetPerSpin
	return ev, nil
}

// derivePlay fills in the player, token and bet from a call of play_supra_coin(bet,
// spins, partner) or play<T>(bet, spins, token_type, partner); ok false when tx is not one.
func derivePlay(net config.Network, tx TxContext, ev *PlayEvent) (bool, error) {
	if net.Modules.Slots == "" || tx.Function == "" {
		return false, nil
	}
	mod, err1 := supra.ParseModuleID(net.Modules.Slots)
	fid, err2 := supra.ParseFunctionID(tx.Function)
	if err1 != nil || err2 != nil || fid.Module != mod || (fid.Name != "play_supra_coin" && fid.Name != "play") {
		return false, nil
	}
	sender, err := supra.ParseAddress(tx.Sender)
	if err != nil {
		return false, fmt.Errorf("%w: PlayEvent: sender %q: %v", ErrBadResponse, tx.Sender, err)
	}
	if len(tx.Args) == 0 {
		return false, fmt.Errorf("%w: PlayEvent: %s without arguments", ErrBadResponse, fid.Name)
	}
	var bet supra.U64
	if err := json.Unmarshal(tx.Args[0], &bet); err != nil {
		return false, fmt.Errorf("%w: PlayEvent: %s bet argument %s: %v", ErrBadResponse, fid.Name, tx.Args[0], err)
	}
	token := net.Modules.NativeCoin
	if fid.Name == "play" {
		if len(tx.TypeArgs) != 1 {
			return false, fmt.Errorf("%w: PlayEvent: play with %d type arguments", ErrBadResponse, len(tx.TypeArgs))
		}
		token = tx.TypeArgs[0]
	}
	ev.Player, ev.TokenType, ev.BetPerSpin = sender, token, uint64(bet)
	return true, nil
}

// PlayEventType is the network's slots_v3::PlayEvent type ("" when slots is not configured).
func (c *Slots) PlayEventType() string { return c.playEventType() }

func (c *core) playEventType() string {
	if c.net.Modules.Slots == "" {
		return ""
	}
	return c.net.Modules.Slots + "::PlayEvent"
}

// slotsDecoders: the first PlayEvent as "play", its token named from the registry.
func (c *core) slotsDecoders() []Decoder {
	return []Decoder{{Key: "play", Tag: c.playEventType(), DecodeTx: func(tx TxContext, ev supra.Event) (any, bool, error) {
		p, err := DecodePlayEventTx(c.net, tx, ev.Data)
		if err != nil {
			return nil, false, err
		}
		if t, ok := c.reg.ByCoinType(p.TokenType); ok {
			p.Token = t.Name
		}
		return &p, true, nil
	}}}
}

// FindPlayEvent returns the first PlayEvent among a transaction's events, or
// ErrEventNotFound.
func (c *Slots) FindPlayEvent(tx TxContext, events []supra.Event) (*PlayEvent, error) {
	v, err := c.events.FirstTx(tx, "play", events)
	if err != nil {
		return nil, err
	}
	return v.(*PlayEvent), nil
}
