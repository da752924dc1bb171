// Package miners is the pure logic of the devnet's Cosmic Miners game
// (docs/product.md, Cosmic Miners): a MINE coin, a catalogue of rigs that produce MINE per
// second, boosters, referrals, and claims. The original module is unknown;
// this is the documented design of an honest, solvent game.
//
// # Rules
//
// MINE has 8 decimals; every amount below is in base units (1 MINE = 10^8).
//
// Catalogue (id, name, level, cost, output per day, power):
//
//	1 Nano Rig      Common     100 MINE    5 MINE/day   1
//	2 Quantum Core  Rare       500 MINE   30 MINE/day   5
//	3 Nebula Forge  Legendary 2000 MINE  150 MINE/day  20
//
// Boosters (granted by the game owner, e.g. for NFT holders): Cyber Gem +10 %,
// Neon Shard +15 %, each copy counting; the total boost is capped at 50 %.
//
// purchase_miner(id, quantity, referrer) takes cost × quantity MINE from the
// buyer into the emission reserve. A referrer that is a real other address
// (not the buyer, the zero address or the placeholder maximal address)
// receives a bonus of 5 % of the cost, floored, paid from the reserve in the
// same transaction. Quantity is 1 to 1000.
//
// Output accrues per second:
//
//	output = Σ(count × daily_output) × (100 + boost%) × seconds / (100 × 86,400)
//
// settled before every change to the fleet or boosters and on claim, with
// the division remainder carried, so the total is exact to the base unit
// however often it is settled.
//
// Where output comes from: claims are paid only from the emission reserve,
// which holds the MINE funded at genesis plus every purchase (minus referral
// bonuses). Nothing is minted after genesis. If the reserve is short, claim
// pays what it holds and the rest stays pending until it is refilled. A rig
// pays back its cost in 20 days (Nano Rig 100/5) at 0 % boost, 13.3 days at
// the 50 % cap: players should know that output is only as good as the
// reserve, which the views show.
package miners

import (
	"cmp"
	"errors"
	"fmt"
	"maps"
	"math/big"
	"math/bits"
	"slices"
)

// Game constants.
const (
	Decimals      = 8
	Unit          = 100_000_000 // 1 MINE
	SecondsPerDay = 86_400
	ReferralBps   = 500 // 5 % of the cost
	BpsScale      = 10_000
	MaxBoostPct   = 50
	MaxQuantity   = 1_000
	// StarterGrant is what claim_starter gives a wallet once: the price of a Nano Rig, so a
	// newcomer can launch a first rig without another player sending MINE.
	StarterGrant = 100 * Unit
)

// Sentinel errors; the module maps them to aborts.
var (
	ErrUnknownMiner   = errors.New("miners: unknown miner id")
	ErrUnknownBooster = errors.New("miners: unknown booster id")
	ErrQuantity       = errors.New("miners: quantity must be between 1 and 1000")
	ErrNothingToClaim = errors.New("miners: nothing to claim")
	ErrOverflow       = errors.New("miners: arithmetic overflow")
	ErrTimeWentBack   = errors.New("miners: time went backwards")
	ErrZeroAmount     = errors.New("miners: amount must be positive")
	ErrStarterTaken   = errors.New("miners: this address has already claimed its starter MINE")
)

// Miner is a catalogue entry.
type Miner struct {
	ID          uint64 `json:"id,string"`
	Name        string `json:"name"`
	Level       string `json:"level"`
	Cost        uint64 `json:"cost,string"`
	DailyOutput uint64 `json:"daily_output,string"`
	Power       uint64 `json:"power,string"`
}

// Booster is a booster item.
type Booster struct {
	ID       uint64 `json:"id,string"`
	Name     string `json:"name"`
	BoostPct uint64 `json:"boost,string"`
}

// Catalogue returns the rigs (docs/product.md, Cosmic Miners).
func Catalogue() []Miner {
	return []Miner{
		{1, "Nano Rig", "Common", 100 * Unit, 5 * Unit, 1},
		{2, "Quantum Core", "Rare", 500 * Unit, 30 * Unit, 5},
		{3, "Nebula Forge", "Legendary", 2_000 * Unit, 150 * Unit, 20},
	}
}

// Boosters returns the booster items (docs/product.md, Cosmic Miners).
func Boosters() []Booster {
	return []Booster{{1, "Cyber Gem", 10}, {2, "Neon Shard", 15}}
}

func minerByID(id uint64) (Miner, error) {
	for _, m := range Catalogue() {
		if m.ID == id {
			return m, nil
		}
	}
	return Miner{}, fmt.Errorf("%w: %d", ErrUnknownMiner, id)
}

func boosterByID(id uint64) (Booster, error) {
	for _, b := range Boosters() {
		if b.ID == id {
			return b, nil
		}
	}
	return Booster{}, fmt.Errorf("%w: %d", ErrUnknownBooster, id)
}

// Player is one player's record. Map keys are ids in decimal.
type Player struct {
	Fleet       map[uint64]uint64 `json:"fleet"`    // miner id → count
	Boosters    map[uint64]uint64 `json:"boosters"` // booster id → count
	LastAccrual uint64            `json:"last_accrual,string"`
	Owed        uint64            `json:"owed,string"`
	Remainder   uint64            `json:"remainder,string"`
	Claimed     uint64            `json:"claimed,string"`
	Referrals   uint64            `json:"referral_earned,string"`
	// Starter is set once the address has claimed its starter grant.
	Starter bool `json:"starter,omitempty"`
}

func (p Player) clone() Player {
	p.Fleet = maps.Clone(p.Fleet)
	p.Boosters = maps.Clone(p.Boosters)
	if p.Fleet == nil {
		p.Fleet = map[uint64]uint64{}
	}
	if p.Boosters == nil {
		p.Boosters = map[uint64]uint64{}
	}
	return p
}

// Daily is the fleet's output per day before boosts.
func (p Player) Daily() uint64 {
	var d uint64
	for _, m := range Catalogue() {
		d += p.Fleet[m.ID] * m.DailyOutput // counts are bounded by purchases paid in MINE
	}
	return d
}

// BoostPct is the total boost, capped at MaxBoostPct.
func (p Player) BoostPct() uint64 {
	var b uint64
	for _, x := range Boosters() {
		b += p.Boosters[x.ID] * x.BoostPct
	}
	return min(b, MaxBoostPct)
}

// Power is the fleet's power units.
func (p Player) Power() uint64 {
	var w uint64
	for _, m := range Catalogue() {
		w += p.Fleet[m.ID] * m.Power
	}
	return w
}

// BoostedDaily is the output per day with boosts, floored.
func (p Player) BoostedDaily() uint64 {
	n := new(big.Int).SetUint64(p.Daily())
	n.Mul(n, new(big.Int).SetUint64(100+p.BoostPct()))
	return n.Quo(n, big.NewInt(100)).Uint64()
}

// Game is the whole state; it marshals to JSON as a resource.
type Game struct {
	EmissionReserve uint64             `json:"emission_reserve,string"`
	Players         map[string]*Player `json:"players"` // key: address string
}

// NewGame returns a game with an empty reserve.
func NewGame() *Game { return &Game{Players: map[string]*Player{}} }

// Clone returns an independent copy.
func (g *Game) Clone() *Game {
	c := &Game{EmissionReserve: g.EmissionReserve, Players: make(map[string]*Player, len(g.Players))}
	for k, p := range g.Players {
		pp := p.clone()
		c.Players[k] = &pp
	}
	return c
}

// Holdings is what the game's account must hold: the emission reserve.
func (g *Game) Holdings() uint64 { return g.EmissionReserve }

func (g *Game) player(addr string) Player {
	if p, ok := g.Players[addr]; ok {
		return p.clone()
	}
	return Player{}.clone()
}

func settle(p Player, now uint64) (Player, error) {
	if now < p.LastAccrual {
		return p, ErrTimeWentBack
	}
	if d := p.Daily(); d > 0 && now > p.LastAccrual {
		n := new(big.Int).SetUint64(d)
		n.Mul(n, new(big.Int).SetUint64(100+p.BoostPct()))
		n.Mul(n, new(big.Int).SetUint64(now-p.LastAccrual))
		n.Add(n, new(big.Int).SetUint64(p.Remainder))
		q, r := new(big.Int).QuoRem(n, big.NewInt(100*SecondsPerDay), new(big.Int))
		if !q.IsUint64() {
			return p, ErrOverflow
		}
		owed, c := bits.Add64(p.Owed, q.Uint64(), 0)
		if c != 0 {
			return p, ErrOverflow
		}
		p.Owed, p.Remainder = owed, r.Uint64()
	}
	p.LastAccrual = now
	return p, nil
}

// Purchase is the accounting of purchase_miner. The buyer pays Cost (into
// the reserve) and the referrer, when referred is true, receives Bonus (from
// the reserve).
type Purchase struct {
	Miner Miner
	Cost  uint64
	Bonus uint64
}

// Buy adds quantity rigs to buyer's fleet. referrer is "" for none; the
// caller decides whether a referrer is real (see the package doc).
func (g *Game) Buy(buyer string, minerID, quantity uint64, referrer string, now uint64) (Purchase, error) {
	m, err := minerByID(minerID)
	if err != nil {
		return Purchase{}, err
	}
	if quantity < 1 || quantity > MaxQuantity {
		return Purchase{}, fmt.Errorf("%w: %d", ErrQuantity, quantity)
	}
	hi, cost := bits.Mul64(m.Cost, quantity)
	if hi != 0 {
		return Purchase{}, ErrOverflow
	}
	p, err := settle(g.player(buyer), now)
	if err != nil {
		return Purchase{}, err
	}
	var bonus uint64
	if referrer != "" && referrer != buyer {
		bh, bl := bits.Mul64(cost, ReferralBps)
		bonus, _ = bits.Div64(bh, bl, BpsScale)
	}
	reserve, c := bits.Add64(g.EmissionReserve, cost-bonus, 0)
	if c != 0 {
		return Purchase{}, ErrOverflow
	}
	p.Fleet[minerID] += quantity
	g.EmissionReserve = reserve
	g.Players[buyer] = &p
	if bonus > 0 {
		r := g.player(referrer)
		r.Referrals += bonus
		g.Players[referrer] = &r
	}
	return Purchase{Miner: m, Cost: cost, Bonus: bonus}, nil
}

// GrantBooster gives a player count boosters (owner action; no coins move).
func (g *Game) GrantBooster(addr string, boosterID, count, now uint64) error {
	if _, err := boosterByID(boosterID); err != nil {
		return err
	}
	if count == 0 || count > MaxQuantity {
		return ErrQuantity
	}
	p, err := settle(g.player(addr), now) // the new boost applies from now on
	if err != nil {
		return err
	}
	p.Boosters[boosterID] += count
	g.Players[addr] = &p
	return nil
}

// Claim pays addr's pending output from the reserve, up to what it holds.
func (g *Game) Claim(addr string, now uint64) (uint64, error) {
	p, err := settle(g.player(addr), now)
	if err != nil {
		return 0, err
	}
	pay := min(p.Owed, g.EmissionReserve)
	if pay == 0 {
		return 0, ErrNothingToClaim
	}
	p.Owed -= pay
	p.Claimed += pay
	g.EmissionReserve -= pay
	g.Players[addr] = &p
	return pay, nil
}

// ClaimStarter pays addr the starter grant from the emission reserve, once per address
// (ErrStarterTaken after), and only while the reserve holds it (ErrNothingToClaim): nothing
// is minted.
func (g *Game) ClaimStarter(addr string) (uint64, error) {
	p := g.player(addr)
	if p.Starter {
		return 0, ErrStarterTaken
	}
	if g.EmissionReserve < StarterGrant {
		return 0, ErrNothingToClaim
	}
	p.Starter = true
	g.EmissionReserve -= StarterGrant
	g.Players[addr] = &p
	return StarterGrant, nil
}

// Fund adds amount to the emission reserve.
func (g *Game) Fund(amount uint64) error {
	if amount == 0 {
		return ErrZeroAmount
	}
	r, c := bits.Add64(g.EmissionReserve, amount, 0)
	if c != 0 {
		return ErrOverflow
	}
	g.EmissionReserve = r
	return nil
}

// Pending is the output owed to addr at now, claimed or not yet settled.
func (g *Game) Pending(addr string, now uint64) (uint64, error) {
	p, err := settle(g.player(addr), now)
	return p.Owed, err
}

// Player returns a copy of addr's record (empty for unknown players).
func (g *Game) Player(addr string) Player { return g.player(addr) }

// CrewSize is the number of players owning at least one rig.
func (g *Game) CrewSize() uint64 {
	var n uint64
	for _, p := range g.Players {
		if p.Daily() > 0 {
			n++
		}
	}
	return n
}

// FleetEntry is one row of a player's fleet.
type FleetEntry struct {
	Miner
	Count uint64 `json:"count,string"`
}

// Fleet lists addr's rigs in catalogue order.
func (g *Game) Fleet(addr string) []FleetEntry {
	p := g.player(addr)
	var out []FleetEntry
	for _, m := range Catalogue() {
		if n := p.Fleet[m.ID]; n > 0 {
			out = append(out, FleetEntry{m, n})
		}
	}
	return out
}

// BoosterEntry is one row of a player's boosters.
type BoosterEntry struct {
	Booster
	Count uint64 `json:"count,string"`
}

// PlayerBoosters lists addr's boosters in catalogue order.
func (g *Game) PlayerBoosters(addr string) []BoosterEntry {
	p := g.player(addr)
	var out []BoosterEntry
	for _, b := range Boosters() {
		if n := p.Boosters[b.ID]; n > 0 {
			out = append(out, BoosterEntry{b, n})
		}
	}
	return out
}

// Addresses returns every player key, sorted.
func (g *Game) Addresses() []string {
	out := slices.Collect(maps.Keys(g.Players))
	slices.SortFunc(out, cmp.Compare[string])
	return out
}
