package contracts

import (
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/luckycoin/lucky/internal/devnet"
	"github.com/luckycoin/lucky/internal/devnet/contracts/miners"
	"github.com/luckycoin/lucky/internal/supra"
)

// minersModule is the devnet-only Cosmic Miners game 0x…de02::cosmic_miners
// with its coin MINE (see package miners for the rules). The emission
// reserve sits in the module address's MINE coin store.
type minersModule struct{ g *Genesis }

const (
	minersStateType    = "0xde02::cosmic_miners::Game"
	MinerPurchasedType = "0xde02::cosmic_miners::MinerPurchasedEvent"
	OutputClaimedType  = "0xde02::cosmic_miners::OutputClaimedEvent"
	BoosterGrantedType = "0xde02::cosmic_miners::BoosterGrantedEvent"
	StarterClaimedType = "0xde02::cosmic_miners::StarterClaimedEvent"
	minersStructPrefix = "0xde02::cosmic_miners::"
)

func (minersModule) ID() supra.ModuleID {
	return supra.ModuleID{Address: MinersAddress, Name: "cosmic_miners"}
}

func (minersModule) ABI() devnet.ABI {
	entry := func(name string, params ...string) devnet.Function {
		return devnet.Function{Name: name, IsEntry: true, Params: append([]string{"&signer"}, params...)}
	}
	view := func(name string, params []string, ret ...string) devnet.Function {
		return devnet.Function{Name: name, IsView: true, Params: params, Return: ret}
	}
	addr := []string{"address"}
	u64 := func(n string) devnet.Field { return devnet.Field{Name: n, Type: "u64"} }
	return devnet.ABI{
		Functions: []devnet.Function{
			entry("purchase_miner", "u64", "u64", "vector<address>"),
			entry("claim"),
			entry("grant_booster", "address", "u64", "u64"),
			entry("fund_emission", "u64"),
			entry("claim_starter"),
			view("get_starter_claimed", addr, "bool"),
			view("get_catalogue", nil, "vector<"+minersStructPrefix+"Miner>"),
			view("get_booster_catalogue", nil, "vector<"+minersStructPrefix+"Booster>"),
			view("get_fleet", addr, "vector<"+minersStructPrefix+"FleetEntry>"),
			view("get_boosters", addr, "vector<"+minersStructPrefix+"BoosterEntry>"),
			view("get_pending_output", addr, "u64"),
			view("get_balance", addr, "u64"),
			view("get_crew_size", nil, "u64"),
			view("get_power", addr, "u64"),
			view("get_boost", addr, "u64"),
			view("get_daily_output", addr, "u64"),
			view("get_emission_reserve", nil, "u64"),
		},
		Structs: []devnet.Struct{
			{Name: "MINE"},
			{Name: "Miner", Abilities: []string{"copy", "drop", "store"}, Fields: []devnet.Field{
				u64("id"), {Name: "name", Type: "0x1::string::String"}, {Name: "level", Type: "0x1::string::String"},
				u64("cost"), u64("daily_output"), u64("power")}},
			{Name: "Booster", Abilities: []string{"copy", "drop", "store"}, Fields: []devnet.Field{
				u64("id"), {Name: "name", Type: "0x1::string::String"}, u64("boost")}},
			{Name: "FleetEntry", Abilities: []string{"copy", "drop", "store"}, Fields: []devnet.Field{
				u64("id"), {Name: "name", Type: "0x1::string::String"}, u64("count")}},
			{Name: "BoosterEntry", Abilities: []string{"copy", "drop", "store"}, Fields: []devnet.Field{
				u64("id"), {Name: "name", Type: "0x1::string::String"}, u64("count")}},
			{Name: "MinerPurchasedEvent", Abilities: []string{"drop", "store"}, Fields: []devnet.Field{
				{Name: "buyer", Type: "address"}, u64("miner_id"), u64("quantity"), u64("cost"),
				{Name: "referrer", Type: "0x1::option::Option<address>"}, u64("referral_bonus")}},
			{Name: "OutputClaimedEvent", Abilities: []string{"drop", "store"}, Fields: []devnet.Field{
				{Name: "player", Type: "address"}, u64("amount")}},
			{Name: "BoosterGrantedEvent", Abilities: []string{"drop", "store"}, Fields: []devnet.Field{
				{Name: "player", Type: "address"}, u64("booster_id"), u64("count")}},
			{Name: "StarterClaimedEvent", Abilities: []string{"drop", "store"}, Fields: []devnet.Field{
				{Name: "player", Type: "address"}, u64("amount")}},
			{Name: "Game", Abilities: []string{"key"}},
		},
	}
}

func (m minersModule) Genesis(ex *devnet.Exec) error {
	g := miners.NewGame()
	reserve, err := m.g.Amount("MINE", m.g.Miners.EmissionReserve)
	if err != nil {
		return err
	}
	if reserve > 0 {
		if err := g.Fund(reserve); err != nil {
			return err
		}
		if err := ex.Transfer(TreasuryAddress, MinersAddress, MineCoinType, reserve); err != nil {
			return err
		}
	}
	t := now(ex)
	for _, b := range m.g.Miners.Boosters {
		addr, err := devAccount(ex, b.Account)
		if err != nil {
			return err
		}
		if err := g.GrantBooster(addr.String(), b.Booster, b.Count, t); err != nil {
			return err
		}
	}
	return ex.SetResource(MinersAddress, minersStateType, g)
}

// readMiners returns the game as shared by every reader of the stored state: views must
// not modify it.
func readMiners(ex *devnet.Exec) (*miners.Game, error) {
	return readState[miners.Game](ex, MinersAddress, minersStateType)
}

// loadMiners returns a copy of the game for a transaction to change and store (Clone
// also makes the players map of a state stored without players).
func loadMiners(ex *devnet.Exec) (*miners.Game, error) {
	g, err := readMiners(ex)
	if err != nil {
		return nil, err
	}
	return g.Clone(), nil
}

func minersAbort(ex *devnet.Exec, err error) error {
	table := []struct {
		err  error
		code uint64
		name string
	}{
		{miners.ErrUnknownMiner, code(catNotFound, 1), "EUNKNOWN_MINER"},
		{miners.ErrUnknownBooster, code(catNotFound, 2), "EUNKNOWN_BOOSTER"},
		{miners.ErrQuantity, code(catInvalidArgument, 3), "EINVALID_QUANTITY"},
		{miners.ErrNothingToClaim, code(catInvalidState, 4), "ENOTHING_TO_CLAIM"},
		{miners.ErrOverflow, code(catOutOfRange, 5), "EOVERFLOW"},
		{miners.ErrTimeWentBack, code(catInvalidState, 6), "ETIME"},
		{miners.ErrZeroAmount, code(catInvalidArgument, 7), "EZERO_AMOUNT"},
		{miners.ErrStarterTaken, code(catInvalidState, 9), "ESTARTER_CLAIMED"},
	}
	for _, t := range table {
		if errors.Is(err, t.err) {
			return ex.AbortWithReason(t.code, t.name, err.Error())
		}
	}
	return err
}

// addressVector decodes a BCS vector<address>.
func addressVector(raw []byte) ([]supra.Address, error) {
	n, used := binary.Uvarint(raw)
	if used <= 0 || uint64(len(raw)-used) != n*32 {
		return nil, fmt.Errorf("%w: bad vector<address>", devnet.ErrBadArgument)
	}
	out := make([]supra.Address, n)
	for i := range out {
		copy(out[i][:], raw[used+32*i:])
	}
	return out, nil
}

func (minersModule) Execute(ex *devnet.Exec, call devnet.EntryCall) error {
	g, err := loadMiners(ex)
	if err != nil {
		return err
	}
	sender := ex.Sender()
	t := now(ex)
	a := call.Args()
	switch call.Function {
	case "purchase_miner":
		id, qty, raw := a.U64(), a.U64(), a.Raw()
		if err := a.Done(); err != nil {
			return err
		}
		refs, err := addressVector(raw)
		if err != nil {
			return err
		}
		// The first real address of the list is the referrer; the app's
		// placeholder, the zero address and the buyer are not.
		var referrer *supra.Address
		for _, r := range refs {
			if r != PlaceholderAddress && !r.IsZero() && r != sender {
				referrer = &r
				break
			}
		}
		refKey := ""
		if referrer != nil {
			refKey = referrer.String()
		}
		p, err := g.Buy(sender.String(), id, qty, refKey, t)
		if err != nil {
			return minersAbort(ex, err)
		}
		if err := ex.Transfer(sender, MinersAddress, MineCoinType, p.Cost); err != nil {
			return err
		}
		if referrer != nil {
			if err := transfer(ex, MinersAddress, *referrer, MineCoinType, p.Bonus); err != nil {
				return err
			}
		}
		ref := map[string]any{"vec": []any{}}
		if referrer != nil {
			ref["vec"] = []any{*referrer}
		}
		err = ex.Emit(MinerPurchasedType, map[string]any{"buyer": sender, "miner_id": supra.U64(id), "quantity": supra.U64(qty),
			"cost": supra.U64(p.Cost), "referrer": ref, "referral_bonus": supra.U64(p.Bonus)})
		if err != nil {
			return err
		}
	case "claim":
		if err := a.Done(); err != nil {
			return err
		}
		paid, err := g.Claim(sender.String(), t)
		if err != nil {
			return minersAbort(ex, err)
		}
		if err := ex.Transfer(MinersAddress, sender, MineCoinType, paid); err != nil {
			return err
		}
		if err := ex.Emit(OutputClaimedType, map[string]any{"player": sender, "amount": supra.U64(paid)}); err != nil {
			return err
		}
	case "grant_booster":
		player, id, count := a.Address(), a.U64(), a.U64()
		if err := a.Done(); err != nil {
			return err
		}
		if !isOwner(ex, MinersAddress) {
			return ex.Abort(code(catPermissionDenied, 8), "ENOT_OWNER")
		}
		if err := g.GrantBooster(player.String(), id, count, t); err != nil {
			return minersAbort(ex, err)
		}
		if err := ex.Emit(BoosterGrantedType, map[string]any{"player": player, "booster_id": supra.U64(id), "count": supra.U64(count)}); err != nil {
			return err
		}
	case "claim_starter":
		if err := a.Done(); err != nil {
			return err
		}
		paid, err := g.ClaimStarter(sender.String())
		if err != nil {
			return minersAbort(ex, err)
		}
		if err := ex.Transfer(MinersAddress, sender, MineCoinType, paid); err != nil {
			return err
		}
		if err := ex.Emit(StarterClaimedType, map[string]any{"player": sender, "amount": supra.U64(paid)}); err != nil {
			return err
		}
	case "fund_emission":
		amount := a.U64()
		if err := a.Done(); err != nil {
			return err
		}
		if err := g.Fund(amount); err != nil {
			return minersAbort(ex, err)
		}
		if err := ex.Transfer(sender, MinersAddress, MineCoinType, amount); err != nil {
			return err
		}
	default:
		return fmt.Errorf("%w: cosmic_miners::%s", devnet.ErrBadArgument, call.Function)
	}
	return devnet.SetSharedResource(ex, MinersAddress, minersStateType, g)
}

func (minersModule) View(ex *devnet.Exec, call devnet.ViewCall) ([]any, error) {
	g, err := readMiners(ex)
	if err != nil {
		return nil, err
	}
	a := call.Args()
	var key string
	var addr supra.Address
	switch call.Function {
	case "get_catalogue", "get_booster_catalogue", "get_crew_size", "get_emission_reserve":
	default:
		addr = a.Address()
		key = addr.String()
	}
	if err := a.Done(); err != nil {
		return nil, err
	}
	p := g.Player(key)
	switch call.Function {
	case "get_catalogue":
		return []any{miners.Catalogue()}, nil
	case "get_booster_catalogue":
		return []any{miners.Boosters()}, nil
	case "get_fleet":
		out := []any{}
		for _, f := range g.Fleet(key) {
			out = append(out, map[string]any{"id": supra.U64(f.ID), "name": f.Name, "level": f.Level,
				"daily_output": supra.U64(f.DailyOutput), "power": supra.U64(f.Power), "count": supra.U64(f.Count)})
		}
		return []any{out}, nil
	case "get_boosters":
		out := []any{}
		for _, b := range g.PlayerBoosters(key) {
			out = append(out, map[string]any{"id": supra.U64(b.ID), "name": b.Name, "boost": supra.U64(b.BoostPct), "count": supra.U64(b.Count)})
		}
		return []any{out}, nil
	case "get_pending_output":
		v, err := g.Pending(key, now(ex))
		if err != nil {
			return nil, minersAbort(ex, err)
		}
		return []any{supra.U64(v)}, nil
	case "get_balance":
		return []any{supra.U64(ex.Balance(addr, MineCoinType))}, nil
	case "get_crew_size":
		return []any{supra.U64(g.CrewSize())}, nil
	case "get_power":
		return []any{supra.U64(p.Power())}, nil
	case "get_boost":
		return []any{supra.U64(p.BoostPct())}, nil
	case "get_daily_output":
		return []any{supra.U64(p.BoostedDaily())}, nil
	case "get_emission_reserve":
		return []any{supra.U64(g.EmissionReserve)}, nil
	case "get_starter_claimed":
		return []any{p.Starter}, nil
	}
	return nil, fmt.Errorf("%w: cosmic_miners::%s", devnet.ErrBadArgument, call.Function)
}

// CheckInvariants: the game account holds the emission reserve.
func (minersModule) CheckInvariants(ex *devnet.Exec) error {
	g, err := readMiners(ex)
	if err != nil {
		return err
	}
	if bal := ex.Balance(MinersAddress, MineCoinType); bal < g.Holdings() {
		return fmt.Errorf("cosmic_miners: reserve records %d MINE but the account holds %d", g.Holdings(), bal)
	}
	return nil
}
