package contracts

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"

	"github.com/luckycoin/lucky/internal/devnet"
	"github.com/luckycoin/lucky/internal/devnet/contracts/slots"
	"github.com/luckycoin/lucky/internal/supra"
)

// slotsModule is 0xb4ba…9b2b::slots_v3 (see package slots for the rules).
// House funds are held in the module address's coin stores; the state
// resource records each fund, so balance ≥ fund always (equal unless someone
// sends coins to the module address directly).
type slotsModule struct{ g *Genesis }

const (
	slotsStateType = "0xb4ba040eb59c3b3c3776b7a603d896781e48bbf5fcea559c495814b5cde29b2b::slots_v3::State"
	PlayEventType  = "0xb4ba040eb59c3b3c3776b7a603d896781e48bbf5fcea559c495814b5cde29b2b::slots_v3::PlayEvent"
)

// slots_v3 abort codes.
var (
	codeSpinsOutOfRange = code(catInvalidArgument, 1)
	codeBetTooSmall     = code(catInvalidArgument, 2)
	codeTokenMismatch   = code(catInvalidArgument, 3)
	codeNoHouseFund     = code(catNotFound, 4)
	codeInsolvent       = code(catInvalidState, 5)
	codeSlotsOverflow   = code(catOutOfRange, 6)
	codeNotOwner        = code(catPermissionDenied, 7)
	codeZeroAmount      = code(catInvalidArgument, 8)
)

func (slotsModule) ID() supra.ModuleID {
	return supra.ModuleID{Address: SlotsAddress, Name: "slots_v3"}
}

func (slotsModule) ABI() devnet.ABI {
	return devnet.ABI{
		Functions: []devnet.Function{
			{Name: "play_supra_coin", IsEntry: true, Params: []string{"&signer", "u64", "u64", "address"}},
			{Name: "play", IsEntry: true, GenericTypeParams: 1, Params: []string{"&signer", "u64", "u64", "0x1::string::String", "address"}},
			{Name: "add_to_house_fund", IsEntry: true, GenericTypeParams: 1, Params: []string{"&signer", "u64"}},
			{Name: "get_supra_coin_house_fund_balance_view", IsView: true, Return: []string{"u64"}},
			{Name: "get_house_fund_balance_view", IsView: true, GenericTypeParams: 1, Params: []string{"0x1::string::String"}, Return: []string{"u64"}},
			{Name: "get_min_bet_view", IsView: true, GenericTypeParams: 1, Return: []string{"u64"}},
			{Name: "get_paytable_view", IsView: true, Return: []string{"vector<0xb4ba040eb59c3b3c3776b7a603d896781e48bbf5fcea559c495814b5cde29b2b::slots_v3::Tier>"}},
		},
		Structs: []devnet.Struct{
			{Name: "PlayEvent", Abilities: []string{"drop", "store"}, Fields: []devnet.Field{
				{Name: "player", Type: "address"}, {Name: "token_type", Type: "0x1::string::String"},
				{Name: "bet_per_spin", Type: "u64"}, {Name: "number_of_spins", Type: "u64"},
				{Name: "spin_results", Type: "vector<0xb4ba040eb59c3b3c3776b7a603d896781e48bbf5fcea559c495814b5cde29b2b::slots_v3::SpinResult>"},
				{Name: "total_prize", Type: "u64"}}},
			{Name: "SpinResult", Abilities: []string{"copy", "drop", "store"}, Fields: []devnet.Field{
				{Name: "tier_index", Type: "u8"}, {Name: "prize_won", Type: "u64"}}},
			{Name: "Tier", Abilities: []string{"copy", "drop", "store"}, Fields: []devnet.Field{
				{Name: "index", Type: "u8"}, {Name: "name", Type: "0x1::string::String"},
				{Name: "multiplier_tenths", Type: "u64"}, {Name: "probability_bps", Type: "u64"}}},
			{Name: "State", Abilities: []string{"key"}, Fields: []devnet.Field{
				{Name: "tokens", Type: "vector<0xb4ba040eb59c3b3c3776b7a603d896781e48bbf5fcea559c495814b5cde29b2b::slots_v3::HouseFund>"},
				{Name: "forced_outcomes", Type: "vector<u8>"}}},
		},
	}
}

func (m slotsModule) Genesis(ex *devnet.Exec) error {
	game := slots.NewGame()
	syms := make([]string, 0, len(m.g.HouseFunds))
	for sym := range m.g.HouseFunds {
		syms = append(syms, sym)
	}
	slices.Sort(syms)
	for _, sym := range syms {
		t, ok := m.g.Token(sym)
		if !ok {
			return fmt.Errorf("%w: house fund for unknown %s", ErrGenesis, sym)
		}
		fund, err := m.g.Amount(sym, m.g.HouseFunds[sym])
		if err != nil {
			return err
		}
		if err := game.AddToken(slots.Token{CoinType: t.CoinType, Decimals: t.Decimals, Fund: fund}); err != nil {
			return err
		}
		if err := transfer(ex, TreasuryAddress, SlotsAddress, t.CoinType, fund); err != nil {
			return fmt.Errorf("house fund %s: %w", sym, err)
		}
	}
	return ex.SetResource(SlotsAddress, slotsStateType, game)
}

// readGame returns the game as shared by every reader of the stored state: views must
// not modify it.
func readGame(ex *devnet.Exec) (*slots.Game, error) {
	return readState[slots.Game](ex, SlotsAddress, slotsStateType)
}

// loadGame returns a copy of the game for a transaction to change and store.
func loadGame(ex *devnet.Exec) (*slots.Game, error) {
	g, err := readGame(ex)
	if err != nil {
		return nil, err
	}
	return g.Clone(), nil
}

// spinResultJSON and playEventJSON are PlayEvent's JSON: u8 as a number,
// u64 as a string.
type spinResultJSON struct {
	TierIndex uint8     `json:"tier_index"`
	PrizeWon  supra.U64 `json:"prize_won"`
}

type playEventJSON struct {
	Player        supra.Address    `json:"player"`
	TokenType     string           `json:"token_type"`
	BetPerSpin    supra.U64        `json:"bet_per_spin"`
	NumberOfSpins supra.U64        `json:"number_of_spins"`
	SpinResults   []spinResultJSON `json:"spin_results"`
	TotalPrize    supra.U64        `json:"total_prize"`
}

// minimalPlayEventJSON is PlayEvent as the product documents name it, nothing more
// (Options.MinimalEvents): the player, token and bet are the transaction's.
type minimalPlayEventJSON struct {
	NumberOfSpins supra.U64        `json:"number_of_spins"`
	SpinResults   []spinResultJSON `json:"spin_results"`
	TotalPrize    supra.U64        `json:"total_prize"`
}

func (m slotsModule) Execute(ex *devnet.Exec, call devnet.EntryCall) error {
	switch call.Function {
	case "play_supra_coin":
		a := call.Args()
		bet, spins, partner := a.U64(), a.U64(), a.Address()
		if err := a.Done(); err != nil {
			return err
		}
		return m.play(ex, SupraCoinType, bet, spins, partner)
	case "play":
		coin, err := typeArg(call.TypeArgs, 0)
		if err != nil {
			return err
		}
		a := call.Args()
		bet, spins, tokenType, partner := a.U64(), a.U64(), a.String(), a.Address()
		if err := a.Done(); err != nil {
			return err
		}
		if coinOf(coin).IsZero() || coinOf(tokenType) != coinOf(coin) {
			return ex.AbortWithReason(codeTokenMismatch, "ETOKEN_TYPE_MISMATCH",
				fmt.Sprintf("token_type %q does not name the type argument %s", tokenType, coin))
		}
		return m.play(ex, coin, bet, spins, partner)
	case "add_to_house_fund":
		coin, err := typeArg(call.TypeArgs, 0)
		if err != nil {
			return err
		}
		a := call.Args()
		amount := a.U64()
		if err := a.Done(); err != nil {
			return err
		}
		if !isOwner(ex, SlotsAddress) {
			return ex.Abort(codeNotOwner, "ENOT_OWNER")
		}
		game, err := loadGame(ex)
		if err != nil {
			return err
		}
		if err := game.AddFund(coin, amount); err != nil {
			return slotsAbort(ex, err)
		}
		if err := ex.Transfer(ex.Sender(), SlotsAddress, coin, amount); err != nil {
			return err
		}
		return devnet.SetSharedResource(ex, SlotsAddress, slotsStateType, game)
	}
	return fmt.Errorf("%w: slots_v3::%s", devnet.ErrBadArgument, call.Function)
}

func (slotsModule) play(ex *devnet.Exec, coin string, bet, spins uint64, partner supra.Address) error {
	game, err := loadGame(ex)
	if err != nil {
		return err
	}
	player := ex.Sender()
	out, err := game.Play(slots.PlayRequest{
		Player: slots.Address(player), Partner: slots.Address(partner), CoinType: coin,
		BetPerSpin: bet, Spins: spins,
		Entropy: slots.TxEntropy([]byte(ex.Seed()), ex.TxHash()),
	})
	if err != nil {
		return slotsAbort(ex, err)
	}
	if err := ex.ChargeGas(spins); err != nil { // one unit per spin on top of the base
		return err
	}
	// The bet: the net bet to the house fund, the fee to the developer and
	// the partner. Then the prizes from the house fund.
	if err := ex.Withdraw(player, coin, out.TotalBet); err != nil {
		return err
	}
	for _, d := range []struct {
		to     supra.Address
		amount uint64
	}{{SlotsAddress, out.HouseIn}, {SlotsFeeCollector, out.Dev}, {partner, out.Partner}} {
		if d.amount == 0 {
			continue
		}
		if err := ex.Deposit(d.to, coin, d.amount); err != nil {
			return err
		}
	}
	if err := transfer(ex, SlotsAddress, player, coin, out.TotalPrize); err != nil {
		return err
	}
	results := make([]spinResultJSON, len(out.Spins))
	for i, s := range out.Spins {
		results[i] = spinResultJSON{TierIndex: s.TierIndex, PrizeWon: supra.U64(s.PrizeWon)}
	}
	var ev any = playEventJSON{Player: player, TokenType: coin, BetPerSpin: supra.U64(bet), NumberOfSpins: supra.U64(spins),
		SpinResults: results, TotalPrize: supra.U64(out.TotalPrize)}
	if ex.MinimalEvents() {
		ev = minimalPlayEventJSON{NumberOfSpins: supra.U64(spins), SpinResults: results, TotalPrize: supra.U64(out.TotalPrize)}
	}
	if err := ex.Emit(PlayEventType, ev); err != nil {
		return err
	}
	return devnet.SetSharedResource(ex, SlotsAddress, slotsStateType, game)
}

func slotsAbort(ex *devnet.Exec, err error) error {
	table := []struct {
		err  error
		code uint64
		name string
	}{
		{slots.ErrSpinsOutOfRange, codeSpinsOutOfRange, "EINVALID_NUMBER_OF_SPINS"},
		{slots.ErrBetTooSmall, codeBetTooSmall, "EBET_TOO_SMALL"},
		{slots.ErrUnknownToken, codeNoHouseFund, "EHOUSE_FUND_NOT_FOUND"},
		{slots.ErrInsolvent, codeInsolvent, "EHOUSE_FUND_INSUFFICIENT"},
		{slots.ErrOverflow, codeSlotsOverflow, "EOVERFLOW"},
		{slots.ErrZeroAmount, codeZeroAmount, "EZERO_AMOUNT"},
	}
	for _, t := range table {
		if errors.Is(err, t.err) {
			return ex.AbortWithReason(t.code, t.name, err.Error())
		}
	}
	return err
}

func (slotsModule) View(ex *devnet.Exec, call devnet.ViewCall) ([]any, error) {
	game, err := readGame(ex)
	if err != nil {
		return nil, err
	}
	switch call.Function {
	case "get_supra_coin_house_fund_balance_view":
		if err := call.Args().Done(); err != nil {
			return nil, err
		}
		fund, err := game.FundBalance(SupraCoinType)
		if err != nil {
			return nil, slotsAbort(ex, err)
		}
		return []any{supra.U64(fund)}, nil
	case "get_house_fund_balance_view":
		coin, err := typeArg(call.TypeArgs, 0)
		if err != nil {
			return nil, err
		}
		// The original app passes the type string as the argument too; it
		// must name the same type.
		a := call.Args()
		tokenType := a.String()
		if err := a.Done(); err != nil {
			return nil, err
		}
		if coinOf(coin).IsZero() || coinOf(tokenType) != coinOf(coin) {
			return nil, ex.AbortWithReason(codeTokenMismatch, "ETOKEN_TYPE_MISMATCH", tokenType)
		}
		fund, err := game.FundBalance(coin)
		if err != nil {
			return nil, slotsAbort(ex, err)
		}
		return []any{supra.U64(fund)}, nil
	case "get_min_bet_view":
		coin, err := typeArg(call.TypeArgs, 0)
		if err != nil {
			return nil, err
		}
		t, err := game.Token(coin)
		if err != nil {
			return nil, slotsAbort(ex, err)
		}
		return []any{supra.U64(t.MinBet)}, nil
	case "get_paytable_view":
		type tierJSON struct {
			Index     uint8     `json:"index"`
			Name      string    `json:"name"`
			MulTenths supra.U64 `json:"multiplier_tenths"`
			ProbBps   supra.U64 `json:"probability_bps"`
		}
		var out []tierJSON
		for _, t := range slots.Tiers() {
			out = append(out, tierJSON{t.Index, t.Name, supra.U64(t.MulTenths), supra.U64(t.ProbBps)})
		}
		return []any{out}, nil
	}
	return nil, fmt.Errorf("%w: slots_v3::%s", devnet.ErrBadArgument, call.Function)
}

// AdminRoutes adds POST/GET /devnet/slots/outcomes: {"tiers":[6,0,3]}
// appends forced tiers for the next spins (any token, any player);
// {"tiers":[],"replace":true} clears the queue. Both answer {"queued":[…]}.
func (slotsModule) AdminRoutes() []devnet.AdminRoute {
	type answer struct {
		Queued []int `json:"queued"`
	}
	queued := func(g *slots.Game) answer {
		out := answer{Queued: []int{}}
		for _, q := range g.QueuedOutcomes() {
			out.Queued = append(out.Queued, int(q))
		}
		return out
	}
	return []devnet.AdminRoute{
		{Method: "POST", Path: "slots/outcomes", Handle: func(ex *devnet.Exec, body json.RawMessage) (any, error) {
			var req struct {
				Tiers   []int `json:"tiers"`
				Replace bool  `json:"replace"`
			}
			if err := json.Unmarshal(body, &req); err != nil || req.Tiers == nil {
				return nil, &devnet.AdminError{Status: http.StatusBadRequest, Code: "invalid_input",
					Message: `body must be {"tiers":[0..6,…]} (optional "replace":true)`}
			}
			game, err := loadGame(ex)
			if err != nil {
				return nil, err
			}
			tiers := make([]uint8, len(req.Tiers))
			for i, t := range req.Tiers {
				if t < 0 || t >= slots.NumTiers {
					return nil, &devnet.AdminError{Status: http.StatusBadRequest, Code: "invalid_input",
						Message: fmt.Sprintf("tier %d out of range 0..%d", t, slots.NumTiers-1)}
				}
				tiers[i] = uint8(t)
			}
			if req.Replace {
				game.ClearOutcomes()
			}
			if err := game.QueueOutcomes(tiers); err != nil {
				return nil, err
			}
			if err := devnet.SetSharedResource(ex, SlotsAddress, slotsStateType, game); err != nil {
				return nil, err
			}
			return queued(game), nil
		}},
		{Method: "GET", Path: "slots/outcomes", Handle: func(ex *devnet.Exec, _ json.RawMessage) (any, error) {
			game, err := readGame(ex)
			if err != nil {
				return nil, err
			}
			return queued(game), nil
		}},
	}
}

// CheckInvariants: the module account holds at least every house fund.
func (slotsModule) CheckInvariants(ex *devnet.Exec) error {
	game, err := readGame(ex)
	if err != nil {
		return err
	}
	for _, t := range game.Tokens() {
		if bal := ex.Balance(SlotsAddress, t.CoinType); bal < t.Fund {
			return fmt.Errorf("slots_v3: house fund %s records %d but the account holds %d", t.CoinType, t.Fund, bal)
		}
	}
	return nil
}
