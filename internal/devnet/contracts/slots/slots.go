// Package slots is the pure game logic of the devnet's slots_v3 contract
// ("FRUIT SPIN FRENZY"): the prize tiers, the per-spin randomness, the
// development fee and its partner share, and the house funds that pay prizes.
// It knows nothing about the node; the devnet module wraps it and moves coins.
//
// # An honest, solvent contract
//
// The real slots_v3 source is not public, so this package documents exactly
// what the devnet contract does. Every rule below is enforced here and tested.
//
// Tiers (docs/product.md, Slots). A spin draws one tier with these probabilities, in basis
// points out of 10,000, and pays bet_per_spin × multiplier:
//
//	index name           multiplier  probability
//	0     No Win          0           4400 (the complement, see below)
//	1     Tiny            0.5         1800
//	2     Small           0.8         1400
//	3     Medium          1.5         1400
//	4     High            3           800
//	5     Jackpot         10          190
//	6     Super Jackpot   50          10
//
// The product's paytable lists No Win at 43 %, but its seven rows then sum
// to 99 % (4300+1800+1400+1400+800+190+10 = 9900). A draw needs a complete
// probability space, so the contract gives every winning tier exactly its
// listed probability and No Win the complement, 10000 − 5600 = 4400 bps.
// This keeps every prize's odds and the advertised 89.2 % return exactly;
// any other choice (renormalising, or topping up a winning tier) would change
// the return. Win chance is therefore 56 % and profit chance 24 %.
//
// The expected return is Σ p·m = 0.892 of the amount wagered (89.2 %), and the
// variance of one spin's multiplier is 4.773936, so over n spins the return has
// a standard deviation of sqrt(4.773936/n) (0.0069 at n = 100,000).
//
// Prize. Multipliers are kept as tenths (0, 5, 8, 15, 30, 100, 500) and a
// prize is floor(bet_per_spin × tenths / 10) in the token's base units. Only
// Tiny and Medium can round, and only when the bet is odd in base units; the
// minimum bets (10^7 base units) make this a difference of at most one base
// unit, always kept by the house fund.
//
// Randomness. The random value of spin i (0-based, in the order of the
// transaction's spins) is
//
//	r_i = SHA3-256("LUCKY::slots_v3::spin" || seed || tx_hash || u64_le(i))
//
// where seed is the devnet seed bytes and tx_hash the 32-byte transaction
// hash. The roll is the first 8 bytes of r_i read big-endian, modulo 10,000,
// and the tier is the first one whose cumulative probability exceeds the roll
// (roll < 4400 → 0, < 6200 → 1, < 7600 → 2, < 9000 → 3, < 9800 → 4,
// < 9990 → 5, else 6). The modulo bias is below 10^-15. Anyone who knows the
// seed can recompute every spin of every transaction with [SpinRandom] and
// [TierForRoll]. Tiers queued by the devnet admin (forced outcomes, for tests)
// replace the draw of the next spins, first in first out; an aborted play
// does not consume them.
//
// Fee. The development fee is 5 % of the total bet (bet_per_spin ×
// number_of_spins), computed once per play: fee = floor(total × 500 / 10000).
// The house fund receives total − fee (bet 10 → 9.5 to the fund, 0.5 fee).
// Flooring the fee leaves any remainder in the house fund, which backs prizes.
// When the partner is a real address it receives floor(fee × 2000 / 10000),
// 20 % of the fee, and the developer receives the rest; otherwise the
// developer receives the whole fee. The placeholder maximal address
// (0xff…ff), the zero address and the player's own address are not real
// partners (a player cannot rebate himself).
//
// Minimum bets (docs/product.md, Slots), per spin, read as whole tokens converted with the
// token's decimals: 0.1 SUPRA (10^7 base units at 8 decimals), 10,000 SPIKE
// (10^7 at 3 decimals) and 10 of every other token (10^7 at 6 decimals).
// Spins per play: 1 to 1000.
//
// Solvency. The net bet enters the house fund before the spins are paid, and
// all prizes are paid from it. A play whose total prize exceeds the fund plus
// the net bet aborts and changes nothing: no coins move, the fund is unchanged
// and the forced-outcome queue is not consumed. Since all prizes are debits
// after one credit, this single check is the same as checking every spin.
package slots

import (
	"crypto/sha3"
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"
	"slices"

	"github.com/luckycoin/lucky/internal/supra"
)

// Paytable and game limits.
const (
	NumTiers        = 7
	BpsScale        = 10_000 // probabilities and fee shares are in basis points
	MultiplierScale = 10     // multipliers are in tenths
	FeeBps          = 500    // 5 % development fee on the total bet
	PartnerShareBps = 2_000  // 20 % of the fee to a real partner
	MinSpins        = 1
	MaxSpins        = 1_000

	// NoWinBps is the complement of the winning tiers' listed probabilities
	// (the product's paytable says 43 %, but its rows sum to 99 %; see the package doc).
	NoWinBps = 4_400
	// PrintedNoWinBps is the No Win probability as the product's paytable prints it.
	PrintedNoWinBps = 4_300

	// RTPPerMille is Σ p·m of the paytable, in thousandths of the amount wagered.
	RTPPerMille = 892

	// RandomDomain separates the slot randomness from any other hash use.
	RandomDomain = "LUCKY::slots_v3::spin"

	// NativeCoinType and SpikeCoinType have their own minimum bets.
	NativeCoinType = "0x1::supra_coin::SupraCoin"
	SpikeCoinType  = "0x0fec116479f1fd3cb9732cc768e6061b0e45b178a610b9bc23c2143a6493e794::memecoins::SPIKE"
)

// Sentinel errors; callers map them to Move abort codes.
var (
	ErrUnknownToken    = errors.New("slots: no house fund for this token")
	ErrTokenExists     = errors.New("slots: house fund already exists")
	ErrBetTooSmall     = errors.New("slots: bet per spin below the minimum")
	ErrSpinsOutOfRange = errors.New("slots: number of spins must be between 1 and 1000")
	ErrInsolvent       = errors.New("slots: house fund cannot pay the prizes")
	ErrOverflow        = errors.New("slots: arithmetic overflow")
	ErrBadTier         = errors.New("slots: tier index out of range")
	ErrZeroAmount      = errors.New("slots: amount must be positive")
	ErrNoEntropy       = errors.New("slots: no randomness source")
)

// Tier is one row of the paytable.
type Tier struct {
	Index   uint8
	Name    string
	Symbols string
	// MulTenths is the multiplier in tenths: 15 means 1.5x.
	MulTenths uint64
	// ProbBps is the probability in basis points out of BpsScale.
	ProbBps uint64
}

// Tiers returns the paytable (docs/product.md, Slots). It is a function, not a variable,
// so no caller can change the odds.
func Tiers() [NumTiers]Tier {
	return [NumTiers]Tier{
		{0, "No Win", "cherry, lemon, seven (mixed)", 0, NoWinBps},
		{1, "Tiny", "three cherries", 5, 1800},
		{2, "Small", "three lemons", 8, 1400},
		{3, "Medium", "three watermelons", 15, 1400},
		{4, "High", "three strawberries", 30, 800},
		{5, "Jackpot", "three bananas", 100, 190},
		{6, "Super Jackpot", "three sevens", 500, 10},
	}
}

// SpinRandom derives the 32-byte random value of spin index i of the
// transaction txHash under the devnet seed (see the package doc).
func SpinRandom(seed []byte, txHash [32]byte, i uint64) [32]byte {
	h := sha3.New256()
	h.Write([]byte(RandomDomain))
	h.Write(seed)
	h.Write(txHash[:])
	var idx [8]byte
	binary.LittleEndian.PutUint64(idx[:], i)
	h.Write(idx[:])
	var out [32]byte
	h.Sum(out[:0])
	return out
}

// Roll maps a random value to 0..9999: its first 8 bytes big-endian, mod 10,000.
func Roll(r [32]byte) uint64 {
	return binary.BigEndian.Uint64(r[:8]) % BpsScale
}

// TierForRoll returns the tier whose cumulative probability band holds roll.
func TierForRoll(roll uint64) uint8 {
	var cum uint64
	for _, t := range Tiers() {
		cum += t.ProbBps
		if roll < cum {
			return t.Index
		}
	}
	return NumTiers - 1 // unreachable for roll < BpsScale; the top tier is the safe bound
}

// DrawTier is TierForRoll(Roll(r)).
func DrawTier(r [32]byte) uint8 { return TierForRoll(Roll(r)) }

// Prize is floor(bet × multiplier) in base units.
func Prize(bet uint64, tier uint8) (uint64, error) {
	if tier >= NumTiers {
		return 0, fmt.Errorf("%w: %d", ErrBadTier, tier)
	}
	hi, lo := bits.Mul64(bet, Tiers()[tier].MulTenths)
	if hi >= MultiplierScale {
		return 0, ErrOverflow
	}
	q, _ := bits.Div64(hi, lo, MultiplierScale)
	return q, nil
}

// FeeSplit is how one play's total bet is divided.
type FeeSplit struct {
	TotalBet uint64 // bet_per_spin × number_of_spins, paid by the player
	Fee      uint64 // floor(TotalBet × 5 %)
	HouseIn  uint64 // TotalBet − Fee, credited to the house fund
	Partner  uint64 // floor(Fee × 20 %) when the partner is real, else 0
	Dev      uint64 // Fee − Partner
}

// SplitBet divides a total bet into the house share, the partner's share and
// the developer's share; the four parts always add up to the total exactly.
func SplitBet(total uint64, realPartner bool) FeeSplit {
	fee := mulDivFloor(total, FeeBps, BpsScale)
	s := FeeSplit{TotalBet: total, Fee: fee, HouseIn: total - fee}
	if realPartner {
		s.Partner = mulDivFloor(fee, PartnerShareBps, BpsScale)
	}
	s.Dev = fee - s.Partner
	return s
}

// mulDivFloor computes floor(a×b/d) for d > 0 and b ≤ d, which cannot overflow.
func mulDivFloor(a, b, d uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	q, _ := bits.Div64(hi, lo, d)
	return q
}

// MinBet returns the minimum bet per spin of a token in base units (see the
// package doc): 0.1 of the native coin, 10,000 SPIKE, 10 of any other token.
func MinBet(coinType string, decimals uint8) (uint64, error) {
	unit, err := pow10(decimals)
	if err != nil {
		return 0, err
	}
	coin, _ := supra.ParseCoinType(coinType)
	switch {
	case coin == supra.MustCoinType(NativeCoinType):
		if unit < 10 {
			return 1, nil // a native coin with no decimals cannot go below one base unit
		}
		return unit / 10, nil
	case coin == supra.MustCoinType(SpikeCoinType):
		return checkedMul(unit, 10_000)
	default:
		return checkedMul(unit, 10)
	}
}

func pow10(d uint8) (uint64, error) {
	if d > 19 {
		return 0, ErrOverflow
	}
	u := uint64(1)
	for range d {
		u *= 10
	}
	return u, nil
}

func checkedMul(a, b uint64) (uint64, error) {
	hi, lo := bits.Mul64(a, b)
	if hi != 0 {
		return 0, ErrOverflow
	}
	return lo, nil
}

// Address is a 32-byte account address.
type Address [32]byte

// PlaceholderPartner is the maximal address the app passes for tokens
// without a partner.
func PlaceholderPartner() Address {
	var a Address
	for i := range a {
		a[i] = 0xff
	}
	return a
}

// IsRealPartner reports whether partner earns a share of a play's fee.
func IsRealPartner(partner, player Address) bool {
	return partner != PlaceholderPartner() && partner != (Address{}) && partner != player
}

// Token is a token's slot configuration and its house fund.
type Token struct {
	CoinType string
	Decimals uint8
	MinBet   uint64 // base units per spin
	Fund     uint64 // base units held by the house for prizes
}

// Entropy yields the random value of spin i of the current play.
type Entropy func(i uint64) [32]byte

// TxEntropy is the production entropy: SpinRandom under seed for txHash.
func TxEntropy(seed []byte, txHash [32]byte) Entropy {
	seed = slices.Clone(seed)
	return func(i uint64) [32]byte { return SpinRandom(seed, txHash, i) }
}

// PlayRequest is one call of play_supra_coin or play<T>.
type PlayRequest struct {
	Player     Address
	Partner    Address
	CoinType   string
	BetPerSpin uint64
	Spins      uint64
	Entropy    Entropy
}

// Spin is one spin's result, as in PlayEvent.spin_results.
type Spin struct {
	TierIndex uint8
	PrizeWon  uint64
	Forced    bool // the tier came from the admin queue, not from randomness
}

// Outcome is the result of a successful play. Coin movements it implies:
// player −TotalBet +TotalPrize; house fund +HouseIn −TotalPrize; partner
// +Partner; developer +Dev.
type Outcome struct {
	FeeSplit
	Spins      []Spin
	TotalPrize uint64
	FundBefore uint64
	FundAfter  uint64
	ForcedUsed int
}

// Game holds every token's house fund and the forced-outcome queue. It is
// not safe for concurrent use; the node serialises transactions.
type Game struct {
	tokens map[string]*Token
	queue  []uint8
}

// NewGame returns a game with no house funds.
func NewGame() *Game { return &Game{tokens: map[string]*Token{}} }

// AddToken opens a house fund for a token, with an initial balance.
func (g *Game) AddToken(t Token) error {
	if _, ok := g.tokens[t.CoinType]; ok {
		return fmt.Errorf("%w: %s", ErrTokenExists, t.CoinType)
	}
	if t.MinBet == 0 {
		mb, err := MinBet(t.CoinType, t.Decimals)
		if err != nil {
			return err
		}
		t.MinBet = mb
	}
	g.tokens[t.CoinType] = &t
	return nil
}

// Token returns a copy of a token's configuration and fund.
func (g *Game) Token(coinType string) (Token, error) {
	t, ok := g.tokens[coinType]
	if !ok {
		return Token{}, fmt.Errorf("%w: %s", ErrUnknownToken, coinType)
	}
	return *t, nil
}

// Tokens returns all tokens sorted by coin type.
func (g *Game) Tokens() []Token {
	out := make([]Token, 0, len(g.tokens))
	for _, t := range g.tokens {
		out = append(out, *t)
	}
	slices.SortFunc(out, func(a, b Token) int {
		if a.CoinType < b.CoinType {
			return -1
		}
		if a.CoinType > b.CoinType {
			return 1
		}
		return 0
	})
	return out
}

// FundBalance returns a token's house fund in base units.
func (g *Game) FundBalance(coinType string) (uint64, error) {
	t, err := g.Token(coinType)
	return t.Fund, err
}

// AddFund credits the owner's deposit to a token's house fund.
func (g *Game) AddFund(coinType string, amount uint64) error {
	t, ok := g.tokens[coinType]
	if !ok {
		return fmt.Errorf("%w: %s", ErrUnknownToken, coinType)
	}
	if amount == 0 {
		return ErrZeroAmount
	}
	sum, carry := bits.Add64(t.Fund, amount, 0)
	if carry != 0 {
		return ErrOverflow
	}
	t.Fund = sum
	return nil
}

// QueueOutcomes appends forced tiers for the next spins.
func (g *Game) QueueOutcomes(tiers []uint8) error {
	for _, t := range tiers {
		if t >= NumTiers {
			return fmt.Errorf("%w: %d", ErrBadTier, t)
		}
	}
	g.queue = append(g.queue, tiers...)
	return nil
}

// ClearOutcomes empties the forced-outcome queue.
func (g *Game) ClearOutcomes() { g.queue = nil }

// QueuedOutcomes returns a copy of the forced-outcome queue.
func (g *Game) QueuedOutcomes() []uint8 { return slices.Clone(g.queue) }

// Clone returns an independent copy, for snapshots.
func (g *Game) Clone() *Game {
	c := &Game{tokens: make(map[string]*Token, len(g.tokens)), queue: slices.Clone(g.queue)}
	for k, t := range g.tokens {
		tt := *t
		c.tokens[k] = &tt
	}
	return c
}

// Quote validates a play and computes its outcome without changing the game.
func (g *Game) Quote(req PlayRequest) (Outcome, error) {
	t, ok := g.tokens[req.CoinType]
	if !ok {
		return Outcome{}, fmt.Errorf("%w: %s", ErrUnknownToken, req.CoinType)
	}
	if req.Spins < MinSpins || req.Spins > MaxSpins {
		return Outcome{}, fmt.Errorf("%w: %d", ErrSpinsOutOfRange, req.Spins)
	}
	if req.BetPerSpin < t.MinBet {
		return Outcome{}, fmt.Errorf("%w: %d < %d", ErrBetTooSmall, req.BetPerSpin, t.MinBet)
	}
	total, err := checkedMul(req.BetPerSpin, req.Spins)
	if err != nil {
		return Outcome{}, err
	}
	if req.Entropy == nil && len(g.queue) < int(req.Spins) {
		return Outcome{}, ErrNoEntropy
	}
	out := Outcome{
		FeeSplit:   SplitBet(total, IsRealPartner(req.Partner, req.Player)),
		Spins:      make([]Spin, req.Spins),
		FundBefore: t.Fund,
	}
	for i := range req.Spins {
		s := Spin{}
		if int(i) < len(g.queue) {
			s.TierIndex, s.Forced = g.queue[i], true
			out.ForcedUsed++
		} else {
			s.TierIndex = DrawTier(req.Entropy(i))
		}
		if s.PrizeWon, err = Prize(req.BetPerSpin, s.TierIndex); err != nil {
			return Outcome{}, err
		}
		var carry uint64
		if out.TotalPrize, carry = bits.Add64(out.TotalPrize, s.PrizeWon, 0); carry != 0 {
			return Outcome{}, ErrOverflow
		}
		out.Spins[i] = s
	}
	available, carry := bits.Add64(t.Fund, out.HouseIn, 0)
	if carry != 0 {
		return Outcome{}, ErrOverflow
	}
	if out.TotalPrize > available {
		return Outcome{}, fmt.Errorf("%w: prizes %d > fund %d + net bet %d",
			ErrInsolvent, out.TotalPrize, t.Fund, out.HouseIn)
	}
	out.FundAfter = available - out.TotalPrize
	return out, nil
}

// Play runs a play: on success the house fund and the queue are updated;
// on error nothing changes.
func (g *Game) Play(req PlayRequest) (Outcome, error) {
	out, err := g.Quote(req)
	if err != nil {
		return Outcome{}, err
	}
	g.tokens[req.CoinType].Fund = out.FundAfter
	g.queue = g.queue[out.ForcedUsed:]
	if len(g.queue) == 0 {
		g.queue = nil
	}
	return out, nil
}
