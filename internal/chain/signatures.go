package chain

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/luckycoin/lucky/internal/config"
	"github.com/luckycoin/lucky/internal/supra"
)

// This file declares every Move function the bindings call and every struct their decoders
// read: the one place those expectations live. The bindings go through it (view and
// buildCall refuse a function it does not declare), and `lucky doctor` checks a node's
// module ABIs against it, so a binding and its preflight cannot drift apart.

// Feature is a part of the app that can be switched off when the chain does not offer what
// it needs.
type Feature string

// The features a failed check can switch off.
const (
	FeatureSlots   Feature = "slots"
	FeatureSwap    Feature = "swap"
	FeatureBurn    Feature = "burn"
	FeatureStaking Feature = "staking"
	FeatureMiners  Feature = "miners"
)

// AllFeatures lists every feature, in the order the app shows them.
var AllFeatures = []Feature{FeatureSlots, FeatureSwap, FeatureBurn, FeatureStaking, FeatureMiners}

// Signature is one function the app calls, as its module's ABI must list it. Params are
// the ABI's parameter type strings (an entry function's leading &signer included; type
// parameters as T0, T1, …).
type Signature struct {
	Module     string // address::module
	Name       string
	Entry      bool
	View       bool
	TypeParams int
	Params     []string
	Return     []string
	// Features are what stops working when the node's function differs.
	Features []Feature
}

// ID is address::module::name.
func (s Signature) ID() string { return s.Module + "::" + s.Name }

// StructShape is a struct the decoders read: the fields they need (a node's struct may
// have more).
type StructShape struct {
	Module   string
	Name     string
	Fields   []string
	Features []Feature
	// Guess marks a shape no published source gives (see docs/mainnet.md).
	Guess bool
}

// ID is address::module::Name.
func (s StructShape) ID() string { return s.Module + "::" + s.Name }

const (
	tString  = "0x1::string::String"
	tAddress = "address"
	tU64     = "u64"
	tBool    = "bool"
	tSigner  = "&signer"
)

func feats(f ...Feature) []Feature { return f }

// Signatures are the functions the app calls on net; a contract the preset does not name
// contributes none.
func Signatures(net config.Network) []Signature {
	m := net.Modules
	var out []Signature
	add := func(mod string, f []Feature, sigs ...Signature) {
		for _, s := range sigs {
			s.Module, s.Features = mod, f
			out = append(out, s)
		}
	}
	view := func(name string, generic int, params []string, ret ...string) Signature {
		return Signature{Name: name, View: true, TypeParams: generic, Params: params, Return: ret}
	}
	entry := func(name string, generic int, params ...string) Signature {
		return Signature{Name: name, Entry: true, TypeParams: generic, Params: append([]string{tSigner}, params...)}
	}
	addr := []string{tAddress}

	// The framework: balances and coin info serve every feature that moves coins.
	add("0x1::coin", AllFeatures,
		view("balance", 1, addr, tU64),
		view("name", 1, nil, tString), view("symbol", 1, nil, tString), view("decimals", 1, nil, "u8"),
		view("supply", 1, nil, "0x1::option::Option<u128>"))
	// The coin's paired fungible-asset metadata: the index derives it (supra.PairedMetadataAddress)
	// to trace migrated accounts' stores; the doctor holds the chain's answer to that. A
	// wrong derivation misattributes fungible-store moves in the index, which no feature
	// switch fixes: reported only.
	add("0x1::coin", nil, view("paired_metadata", 1, nil, "0x1::option::Option<0x1::object::Object<0x1::fungible_asset::Metadata>>"))
	add("0x1::supra_account", feats(FeatureBurn),
		entry("transfer", 0, tAddress, tU64), entry("transfer_coins", 1, tAddress, tU64))

	if m.Slots != "" {
		add(m.Slots, feats(FeatureSlots),
			entry("play_supra_coin", 0, tU64, tU64, tAddress),
			entry("play", 1, tU64, tU64, tString, tAddress),
			view("get_supra_coin_house_fund_balance_view", 0, nil, tU64),
			view("get_house_fund_balance_view", 1, []string{tString}, tU64))
	}
	if m.DexPackage != "" {
		pair := func(name string, params []string, ret ...string) Signature { return view(name, 3, params, ret...) }
		u64 := []string{tU64}
		add(m.DexPackage+"::router", feats(FeatureSwap),
			pair("is_swap_exists", nil, tBool),
			pair("get_reserves_size", nil, tU64, tU64),
			pair("get_fees_config", nil, tU64, tU64),
			pair("get_dao_fees_config", nil, tU64, tU64),
			pair("get_amount_out", u64, tU64),
			pair("get_amount_in", u64, tU64))
		add(m.DexPackage+"::scripts", feats(FeatureSwap), entry("swap", 3, tU64, tU64))
	}
	if m.Staking != "" {
		add(m.Staking, feats(FeatureStaking),
			entry("stake", 0, tU64), entry("unstake", 0, tU64), entry("claim", 0), entry("buy_tax_free_pass", 0),
			view("get_active_users", 0, nil, tU64), view("get_global_deposit", 0, nil, tU64),
			view("get_pass_price", 0, nil, tU64), view("get_reward_reserve", 0, nil, tU64),
			view("get_user_deposit", 0, addr, tU64), view("get_user_pending_rewards", 0, addr, tU64),
			view("get_user_daily_yield", 0, addr, tU64), view("get_user_stake_time", 0, addr, tU64),
			view("get_user_apy_tier", 0, addr, tU64), view("get_has_tax_free_pass", 0, addr, tBool),
			view("get_user_debug", 0, addr, tU64, tU64, tU64))
	}
	if m.Miners != "" {
		vec := func(s string) string { return "vector<" + m.Miners + "::" + s + ">" }
		add(m.Miners, feats(FeatureMiners),
			entry("purchase_miner", 0, tU64, tU64, "vector<address>"), entry("claim", 0), entry("claim_starter", 0),
			view("get_starter_claimed", 0, addr, tBool),
			view("get_catalogue", 0, nil, vec("Miner")), view("get_booster_catalogue", 0, nil, vec("Booster")),
			view("get_fleet", 0, addr, vec("FleetEntry")), view("get_boosters", 0, addr, vec("BoosterEntry")),
			view("get_pending_output", 0, addr, tU64), view("get_balance", 0, addr, tU64),
			view("get_crew_size", 0, nil, tU64), view("get_power", 0, addr, tU64),
			view("get_boost", 0, addr, tU64), view("get_daily_output", 0, addr, tU64))
	}
	return out
}

// Structs are the structs the decoders read on net.
func Structs(net config.Network) []StructShape {
	m := net.Modules
	out := []StructShape{
		{Module: "0x1::coin", Name: "CoinDeposit", Fields: []string{"coin_type", "account", "amount"}, Features: feats(FeatureBurn)},
		{Module: "0x1::coin", Name: "CoinWithdraw", Fields: []string{"coin_type", "account", "amount"}},
	}
	if m.Slots != "" {
		// The documented fields only: the rest of a spin is derived from its transaction.
		out = append(out,
			StructShape{Module: m.Slots, Name: "PlayEvent", Fields: []string{"spin_results", "total_prize", "number_of_spins"}, Features: feats(FeatureSlots)},
			StructShape{Module: m.Slots, Name: "SpinResult", Fields: []string{"tier_index", "prize_won"}, Features: feats(FeatureSlots)})
	}
	if pkg, ok := strings.CutSuffix(m.SwapEvent, "::SwapEvent"); ok {
		out = append(out,
			// Observed on mainnet (a public bot reads these fields); it feeds trades, not swaps.
			StructShape{Module: pkg, Name: "SwapEvent", Fields: []string{"pair_x", "pair_y", "x_in", "x_out", "y_in", "y_out", "timestamp"}},
			StructShape{Module: pkg, Name: "LiquidityAddedEvent", Fields: []string{"pair_x", "pair_y", "added_x_val", "added_y_val", "lp_tokens_received"}, Guess: true},
			StructShape{Module: pkg, Name: "LiquidityRemovedEvent", Fields: []string{"pair_x", "pair_y", "returned_x_val", "returned_y_val", "lp_tokens_burned"}, Guess: true})
	}
	if m.Staking != "" {
		for _, s := range []struct {
			name   string
			fields []string
		}{{"StakeEvent", []string{"user", "amount"}}, {"UnstakeEvent", []string{"user", "amount", "returned", "tax"}},
			{"ClaimEvent", []string{"user", "amount"}}, {"PassPurchasedEvent", []string{"user", "price"}}} {
			out = append(out, StructShape{Module: m.Staking, Name: s.name, Fields: s.fields, Features: feats(FeatureStaking)})
		}
	}
	if m.Miners != "" {
		out = append(out,
			StructShape{Module: m.Miners, Name: "MinerPurchasedEvent", Fields: []string{"buyer", "miner_id", "quantity", "cost", "referral_bonus"}, Features: feats(FeatureMiners)},
			StructShape{Module: m.Miners, Name: "OutputClaimedEvent", Fields: []string{"player", "amount"}, Features: feats(FeatureMiners)},
			StructShape{Module: m.Miners, Name: "BoosterGrantedEvent", Fields: []string{"player", "booster_id", "count"}, Features: feats(FeatureMiners)})
	}
	return out
}

// declared returns the declaration of fn (address::module::name in any address form).
func (c *core) declared(fn string) (Signature, error) {
	want, err := supra.ParseFunctionID(fn)
	if err != nil {
		return Signature{}, fmt.Errorf("%w: function %q: %v", ErrNotConfigured, fn, err)
	}
	for _, s := range c.sigs {
		if id, err := supra.ParseFunctionID(s.ID()); err == nil && id == want {
			return s, nil
		}
	}
	return Signature{}, fmt.Errorf("%w: %s is not a declared binding", ErrNotConfigured, fn)
}

// view calls a declared view function; a call that does not match its declaration (type
// argument or argument count) is a defect of the binding, refused before it reaches a node.
func (c *core) view(ctx context.Context, fn string, typeArgs, args []string) ([]json.RawMessage, error) {
	sig, err := c.declared(fn)
	if err != nil {
		return nil, err
	}
	if !sig.View || sig.TypeParams != len(typeArgs) || len(sig.Params) != len(args) {
		return nil, fmt.Errorf("%w: %s called with <%d> and %d arguments, declared %d and %d", ErrNotConfigured,
			sig.ID(), len(typeArgs), len(args), sig.TypeParams, len(sig.Params))
	}
	return c.node.View(ctx, fn, typeArgs, args)
}
