package chain

import (
	"context"
	"encoding/json"
	"fmt"
	"math/bits"

	"golang.org/x/sync/errgroup"

	"github.com/luckycoin/lucky/internal/supra"
)

// Cosmic Miners: the devnet's cosmic_miners module and its coin MINE.
// The module exists only where the network preset names it (Modules.Miners); elsewhere
// every binding returns ErrNotConfigured and MinersLive is false.

// Cosmic Miners limits and texts.
const (
	MineDecimals        = 8
	MinerMaxQuantity    = 1000
	MsgInsufficientMine = "Insufficient MINE tokens!"
	CodeUnknownMiner    = "unknown_miner"
	CodeNothingToClaim  = "nothing_to_claim"
	MsgNothingToClaim   = "No MINE to claim yet."
	CodeStarterClaimed  = "starter_claimed"
	MsgStarterClaimed   = "This wallet has already claimed its starter MINE."
	// MinerStarterGrant is what claim_starter pays: 100 MINE, a Nano Rig's price.
	MinerStarterGrant = 100 * 100_000_000
)

// PlaceholderAddress is the app's "no referrer" (the spec: the purchase call passes a
// list with a placeholder user address); the module ignores it.
var PlaceholderAddress = supra.MustParseAddress("0xffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff")

// Miner is a rig of the catalogue. Amounts are MINE base units.
type Miner struct {
	ID          uint64 `json:"id,string"`
	Name        string `json:"name"`
	Level       string `json:"level"`
	Cost        uint64 `json:"cost,string"`
	DailyOutput uint64 `json:"daily_output,string"`
	Power       uint64 `json:"power,string"`
}

// Booster is a booster item of the catalogue (Boost in percent).
type Booster struct {
	ID    uint64 `json:"id,string"`
	Name  string `json:"name"`
	Boost uint64 `json:"boost,string"`
}

// FleetEntry is a rig the player owns, Count times.
type FleetEntry struct {
	Miner
	Count uint64 `json:"count,string"`
}

// BoosterEntry is a booster the player owns, Count times.
type BoosterEntry struct {
	Booster
	Count uint64 `json:"count,string"`
}

// MinerPlayer is one player's game state read at one moment.
type MinerPlayer struct {
	Fleet        []FleetEntry
	Boosters     []BoosterEntry
	Balance      uint64 // MINE
	Pending      uint64 // output accrued, not claimed
	DailyOutput  uint64 // per day with the boost, floored
	Power        uint64
	BoostPercent uint64
	// StarterClaimed: the address has had its one-time starter grant.
	StarterClaimed bool
}

// minersModule returns the cosmic_miners module id of the network.
func (c *core) minersModule() (supra.ModuleID, error) {
	if c.net.Modules.Miners == "" {
		return supra.ModuleID{}, fmt.Errorf("%w: miners", ErrNotConfigured)
	}
	m, err := supra.ParseModuleID(c.net.Modules.Miners)
	if err != nil {
		return supra.ModuleID{}, fmt.Errorf("%w: miners module %q: %v", ErrNotConfigured, c.net.Modules.Miners, err)
	}
	return m, nil
}

// MinersLive reports whether the network has the Cosmic Miners module.
func (c *Miners) MinersLive() bool {
	_, err := c.minersModule()
	return err == nil
}

// MineCoinType is the MINE coin type (module::MINE).
func (c *Miners) MineCoinType() (supra.CoinType, error) {
	m, err := c.minersModule()
	if err != nil {
		return supra.CoinType{}, err
	}
	ct, err := supra.ParseCoinType(m.String() + "::MINE")
	if err != nil {
		return supra.CoinType{}, fmt.Errorf("%w: miners module %s: %v", ErrNotConfigured, m, err)
	}
	return ct, nil
}

// minersView calls a cosmic_miners view and decodes result[0] into out.
func (c *Miners) minersView(ctx context.Context, fn string, out any, args ...string) error {
	m, err := c.minersModule()
	if err != nil {
		return err
	}
	res, err := c.view(ctx, m.String()+"::"+fn, nil, args)
	if err != nil {
		return fmt.Errorf("cosmic_miners::%s: %w", fn, err)
	}
	if len(res) == 0 {
		return fmt.Errorf("%w: cosmic_miners::%s: empty result", ErrBadResponse, fn)
	}
	if err := json.Unmarshal(res[0], out); err != nil {
		return fmt.Errorf("%w: cosmic_miners::%s: %v", ErrBadResponse, fn, err)
	}
	return nil
}

func (c *Miners) minersU64(ctx context.Context, fn string, args ...string) (uint64, error) {
	var v supra.U64
	err := c.minersView(ctx, fn, &v, args...)
	return uint64(v), err
}

// MinerCatalogue reads get_catalogue.
func (c *Miners) MinerCatalogue(ctx context.Context) ([]Miner, error) {
	var out []Miner
	return out, c.minersView(ctx, "get_catalogue", &out)
}

// BoosterCatalogue reads get_booster_catalogue.
func (c *Miners) BoosterCatalogue(ctx context.Context) ([]Booster, error) {
	var out []Booster
	return out, c.minersView(ctx, "get_booster_catalogue", &out)
}

// CrewSize reads get_crew_size: players owning at least one rig.
func (c *Miners) CrewSize(ctx context.Context) (uint64, error) {
	return c.minersU64(ctx, "get_crew_size")
}

// MinerBalance reads get_balance: the address's MINE in base units.
func (c *Miners) MinerBalance(ctx context.Context, addr supra.Address) (uint64, error) {
	return c.minersU64(ctx, "get_balance", addr.String())
}

// MinerPlayer reads every per-player view of addr concurrently.
func (c *Miners) MinerPlayer(ctx context.Context, addr supra.Address) (MinerPlayer, error) {
	var p MinerPlayer
	a := addr.String()
	g, ctx := errgroup.WithContext(ctx)
	g.Go(func() error { return c.minersView(ctx, "get_fleet", &p.Fleet, a) })
	g.Go(func() error { return c.minersView(ctx, "get_boosters", &p.Boosters, a) })
	g.Go(func() error { return c.minersView(ctx, "get_starter_claimed", &p.StarterClaimed, a) })
	for _, r := range []struct {
		fn  string
		dst *uint64
	}{
		{"get_balance", &p.Balance}, {"get_pending_output", &p.Pending}, {"get_daily_output", &p.DailyOutput},
		{"get_power", &p.Power}, {"get_boost", &p.BoostPercent},
	} {
		g.Go(func() (err error) { *r.dst, err = c.minersU64(ctx, r.fn, a); return err })
	}
	if err := g.Wait(); err != nil {
		return MinerPlayer{}, err
	}
	if p.Fleet == nil {
		p.Fleet = []FleetEntry{}
	}
	if p.Boosters == nil {
		p.Boosters = []BoosterEntry{}
	}
	return p, nil
}

// MinerPurchase is a purchase to build. Referrer nil means none (the placeholder is sent).
type MinerPurchase struct {
	Sender   supra.Address
	MinerID  uint64
	Quantity uint64
	Referrer *supra.Address
}

// MinerPurchaseBuilt is a built purchase with its cost.
type MinerPurchaseBuilt struct {
	*Built
	Miner Miner
	Cost  uint64 // MINE base units, cost × quantity
}

// BuildMinerPurchase checks the rig exists, the quantity is 1–1000 and the sender's MINE
// covers the cost (the spec: 'Insufficient MINE tokens!'), then builds
// purchase_miner(id, quantity, [referrer or placeholder]).
func (c *Miners) BuildMinerPurchase(ctx context.Context, req MinerPurchase) (*MinerPurchaseBuilt, error) {
	m, err := c.minersModule()
	if err != nil {
		return nil, err
	}
	if req.Quantity < 1 || req.Quantity > MinerMaxQuantity {
		return nil, inputErr(CodeInvalidAmount, "Quantity must be between 1 and %d.", MinerMaxQuantity)
	}
	cat, err := c.MinerCatalogue(ctx)
	if err != nil {
		return nil, err
	}
	var rig *Miner
	for i := range cat {
		if cat[i].ID == req.MinerID {
			rig = &cat[i]
		}
	}
	if rig == nil {
		return nil, inputErr(CodeUnknownMiner, "Unknown miner %d.", req.MinerID)
	}
	hi, cost := bits.Mul64(rig.Cost, req.Quantity)
	bal, err := c.MinerBalance(ctx, req.Sender)
	if err != nil {
		return nil, err
	}
	if hi != 0 || bal < cost {
		return nil, inputErr(CodeInsufficient, MsgInsufficientMine)
	}
	ref := PlaceholderAddress
	if req.Referrer != nil {
		ref = *req.Referrer
	}
	b, err := c.buildCall(ctx, req.Sender, Call{
		Function: supra.FunctionID{Module: m, Name: "purchase_miner"},
		Args:     [][]byte{supra.ArgU64(req.MinerID), supra.ArgU64(req.Quantity), addressVector(ref)},
		Shown:    []string{u64s(req.MinerID), u64s(req.Quantity), "[" + ref.String() + "]"},
	})
	if err != nil {
		return nil, err
	}
	return &MinerPurchaseBuilt{Built: b, Miner: *rig, Cost: cost}, nil
}

// BuildMinerClaim builds claim(): the sender's pending output paid from the reserve.
// Nothing pending is refused here rather than left to abort on chain.
func (c *Miners) BuildMinerClaim(ctx context.Context, sender supra.Address) (*Built, error) {
	m, err := c.minersModule()
	if err != nil {
		return nil, err
	}
	pending, err := c.minersU64(ctx, "get_pending_output", sender.String())
	if err != nil {
		return nil, err
	}
	if pending == 0 {
		return nil, inputErr(CodeNothingToClaim, MsgNothingToClaim)
	}
	return c.buildCall(ctx, sender, Call{Function: supra.FunctionID{Module: m, Name: "claim"}})
}

// addressVector is the BCS of a vector<address> (ULEB128 length, then 32 bytes each).
func addressVector(as ...supra.Address) []byte {
	out := []byte{byte(len(as))} // lists here hold one address; ULEB128 of n < 128 is one byte
	for _, a := range as {
		out = append(out, a[:]...)
	}
	return out
}

// Miners events.

// MinerPurchasedEvent is cosmic_miners::MinerPurchasedEvent (decoded as "minerPurchase").
type MinerPurchasedEvent struct {
	Buyer         string  `json:"buyer"`
	MinerID       uint64  `json:"minerId,string"`
	Quantity      uint64  `json:"quantity,string"`
	Cost          uint64  `json:"cost,string"`
	Referrer      *string `json:"referrer"`
	ReferralBonus uint64  `json:"referralBonus,string"`
}

// OutputClaimedEvent is cosmic_miners::OutputClaimedEvent (decoded as "minerClaim").
type OutputClaimedEvent struct {
	Player string `json:"player"`
	Amount uint64 `json:"amount,string"`
}

// BoosterGrantedEvent is cosmic_miners::BoosterGrantedEvent (decoded as "minerBooster"):
// the game's owner gave a player Count boosters; no coins move.
type BoosterGrantedEvent struct {
	Player    string `json:"player"`
	BoosterID uint64 `json:"boosterId,string"`
	Count     uint64 `json:"count,string"`
}

// DecodeMinerPurchased reads a MinerPurchasedEvent's data.
func DecodeMinerPurchased(data json.RawMessage) (*MinerPurchasedEvent, error) {
	var raw struct {
		Buyer    string    `json:"buyer"`
		MinerID  supra.U64 `json:"miner_id"`
		Quantity supra.U64 `json:"quantity"`
		Cost     supra.U64 `json:"cost"`
		Referrer struct {
			Vec []string `json:"vec"`
		} `json:"referrer"`
		ReferralBonus supra.U64 `json:"referral_bonus"`
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, fmt.Errorf("%w: MinerPurchasedEvent: %v", ErrBadResponse, err)
	}
	e := &MinerPurchasedEvent{Buyer: raw.Buyer, MinerID: uint64(raw.MinerID), Quantity: uint64(raw.Quantity),
		Cost: uint64(raw.Cost), ReferralBonus: uint64(raw.ReferralBonus)}
	if len(raw.Referrer.Vec) > 0 {
		e.Referrer = &raw.Referrer.Vec[0]
	}
	return e, nil
}

// DecodeOutputClaimed reads an OutputClaimedEvent's data.
func DecodeOutputClaimed(data json.RawMessage) (*OutputClaimedEvent, error) {
	var raw struct {
		Player string    `json:"player"`
		Amount supra.U64 `json:"amount"`
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, fmt.Errorf("%w: OutputClaimedEvent: %v", ErrBadResponse, err)
	}
	return &OutputClaimedEvent{Player: raw.Player, Amount: uint64(raw.Amount)}, nil
}

// DecodeBoosterGranted reads a BoosterGrantedEvent's data.
func DecodeBoosterGranted(data json.RawMessage) (*BoosterGrantedEvent, error) {
	var raw struct {
		Player    string    `json:"player"`
		BoosterID supra.U64 `json:"booster_id"`
		Count     supra.U64 `json:"count"`
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, fmt.Errorf("%w: BoosterGrantedEvent: %v", ErrBadResponse, err)
	}
	return &BoosterGrantedEvent{Player: raw.Player, BoosterID: uint64(raw.BoosterID), Count: uint64(raw.Count)}, nil
}

// MinersEventAccount is the account a decoded Cosmic Miners event belongs to: the buyer of
// a purchase, the player of a claim or a booster. ok is false for any other value.
func MinersEventAccount(v any) (account string, ok bool) {
	switch e := v.(type) {
	case *MinerPurchasedEvent:
		return e.Buyer, true
	case *OutputClaimedEvent:
		return e.Player, true
	case *BoosterGrantedEvent:
		return e.Player, true
	}
	return "", false
}

func (c *core) minersDecoders() []Decoder {
	m, err := c.minersModule()
	if err != nil {
		return nil
	}
	mod := m.String()
	return []Decoder{
		{Key: "minerPurchase", Tag: mod + "::MinerPurchasedEvent", Decode: func(ev supra.Event) (any, bool, error) {
			e, err := DecodeMinerPurchased(ev.Data)
			return e, err == nil, err
		}},
		{Key: "minerClaim", Tag: mod + "::OutputClaimedEvent", Decode: func(ev supra.Event) (any, bool, error) {
			e, err := DecodeOutputClaimed(ev.Data)
			return e, err == nil, err
		}},
		{Key: "minerBooster", Tag: mod + "::BoosterGrantedEvent", Decode: func(ev supra.Event) (any, bool, error) {
			e, err := DecodeBoosterGranted(ev.Data)
			return e, err == nil, err
		}},
	}
}

// BuildMinerStarter builds claim_starter: the one-time starter grant (a Nano Rig's price,
// paid from the emission reserve) that lets a new wallet play without another player's
// MINE. A wallet that has had it is refused here (the chain would abort).
func (c *Miners) BuildMinerStarter(ctx context.Context, sender supra.Address) (*Built, error) {
	m, err := c.minersModule()
	if err != nil {
		return nil, err
	}
	var claimed bool
	if err := c.minersView(ctx, "get_starter_claimed", &claimed, sender.String()); err != nil {
		return nil, err
	}
	if claimed {
		return nil, inputErr(CodeStarterClaimed, MsgStarterClaimed)
	}
	return c.buildCall(ctx, sender, Call{Function: supra.FunctionID{Module: m, Name: "claim_starter"}})
}
