package seed

import (
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/luckycoin/lucky/internal/devnet/contracts"
	"github.com/luckycoin/lucky/internal/devnet/contracts/slots"
	"github.com/luckycoin/lucky/internal/draw"
	"github.com/luckycoin/lucky/internal/supra"
)

// supraUnit is one SUPRA in quants.
const supraUnit = 100_000_000

// token is a listed token the past trades against SUPRA, plays, or both.
type token struct {
	sym      string
	coin     string // canonical coin type
	decimals uint8
	// s0 and t0 are the SUPRA pool's genesis reserves (SUPRA, token); 0 without a pool.
	s0, t0 uint64
	// weight is the token's share of the trades of tokens other than LUCKY.
	weight int
	// walk is the pool's price walk, one step an hour, in millionths of the genesis
	// price; traders lean towards it once it is scaled to where the launch left the price.
	walk []int64
	// minBet is the slots minimum bet per spin; 0 when the game has no house fund for it.
	minBet uint64
}

// market lists the tokens of genesis g: LUCKY, SUPRA and the others, each with the SUPRA
// pool genesis seeds and the slots house fund it funds, and a target price walk for each
// pool over hours. The walks' steps are wider for thin pools than for LUCKY, and narrow
// for dexUSDC, whose pool is SUPRA's own dollar price.
func market(r *rand.Rand, g *contracts.Genesis, hours int) (native, lucky *token, others []*token, err error) {
	bySym := map[string]*token{}
	var order []string
	get := func(sym string) (*token, error) {
		if t, ok := bySym[sym]; ok {
			return t, nil
		}
		gt, ok := g.Token(sym)
		if !ok {
			return nil, fmt.Errorf("%w: genesis has no token %s", ErrConfig, sym)
		}
		coin, err := supra.ParseCoinType(gt.CoinType)
		if err != nil {
			return nil, fmt.Errorf("%w: %s: %v", ErrConfig, sym, err)
		}
		t := &token{sym: sym, coin: coin.String(), decimals: gt.Decimals}
		bySym[sym] = t
		order = append(order, sym)
		return t, nil
	}
	native, err = get(g.NativeSymbol())
	if err != nil {
		return nil, nil, nil, err
	}
	for _, p := range g.Pools {
		if g.QuoteSymbol(p) != g.NativeSymbol() {
			continue // the past trades against SUPRA only
		}
		t, err := get(p.Token)
		if err != nil {
			return nil, nil, nil, err
		}
		if t.t0, err = g.Amount(p.Token, p.TokenAmount); err != nil {
			return nil, nil, nil, err
		}
		if t.s0, err = g.Amount(g.NativeSymbol(), p.SupraAmount); err != nil {
			return nil, nil, nil, err
		}
	}
	syms := make([]string, 0, len(g.HouseFunds))
	for sym := range g.HouseFunds {
		syms = append(syms, sym)
	}
	slices.Sort(syms) // map order must not reach the chain
	for _, sym := range syms {
		t, err := get(sym)
		if err != nil {
			return nil, nil, nil, err
		}
		if t.minBet, err = slots.MinBet(t.coin, t.decimals); err != nil {
			return nil, nil, nil, fmt.Errorf("%w: %s: %v", ErrConfig, sym, err)
		}
	}
	lucky, ok := bySym["LUCKY"]
	if !ok || lucky.s0 == 0 {
		return nil, nil, nil, fmt.Errorf("%w: genesis has no LUCKY/SUPRA pool", ErrConfig)
	}
	for _, sym := range order {
		t := bySym[sym]
		if t.s0 == 0 {
			continue
		}
		step, drift := 200, r.IntN(13)-6 // thin pools: about ±26 % a week, drifting up to ±10 %
		switch {
		case t == lucky:
			step, drift = 200, r.IntN(11)-4 // about ±26 % a week, drifting -7 % to +11 %
		case t.sym == "dexUSDC":
			step, drift = 50, r.IntN(3)-1
		}
		t.walk = priceWalk(r, hours, step, drift)
		if t != lucky {
			// Busier pools trade more, but none takes over: dexUSDC's is ten times LUCKY's.
			t.weight = int(min(t.s0, 500_000*supraUnit) / supraUnit)
			others = append(others, t)
		}
	}
	return native, lucky, others, nil
}

// account is a newcomer: an account whose key derives from the seed, funded on arrival.
type account struct {
	key  ed25519.PrivateKey
	addr supra.Address
	// funding is the SUPRA the faucet sends on arrival, in quants.
	funding uint64
	// activity is how often the account acts relative to the others: a few are busy.
	activity int
	// burner accounts burn far more often than the others: the leaderboard's top.
	burner bool
	// early accounts are the community the past starts with, who buy in big.
	early bool

	// Staking, as the account did it.
	staker  bool // ever staked
	deposit uint64
	claimed time.Duration // last claim (or first stake)
	pass    bool

	// Cosmic Miners: whether the bank gave the account starter MINE, who recruited
	// it, how many rigs it bought, and when it last claimed.
	miner    bool
	referrer *account
	rigs     uint64
	mined    time.Duration
}

func (a *account) signer() signer { return signer{a.key, a.addr} }

// newcomers derives n accounts from the devnet's seed, each with its wealth (most with
// a little, a few whales with a lot) and its habits.
func newcomers(r *rand.Rand, seed string, n int) []*account {
	wealth := []draw.Weighted[draw.Band]{
		{Weight: 550, Value: draw.Band{Lo: 500, Hi: 5_000}},
		{Weight: 300, Value: draw.Band{Lo: 5_000, Hi: 40_000}},
		{Weight: 120, Value: draw.Band{Lo: 40_000, Hi: 200_000}},
		{Weight: 30, Value: draw.Band{Lo: 200_000, Hi: 1_000_000}},
	}
	activity := []draw.Weighted[int]{{Weight: 500, Value: 1}, {Weight: 300, Value: 3}, {Weight: 150, Value: 8}, {Weight: 50, Value: 20}}
	out := make([]*account, n)
	for i := range out {
		key := accountKey(seed, i)
		out[i] = &account{
			key:      key,
			addr:     supra.AddressFromPublicKey(key.Public().(ed25519.PublicKey)),
			funding:  draw.LogUniform(r, draw.Choose(r, wealth)) * supraUnit,
			activity: draw.Choose(r, activity),
			burner:   draw.Chance(r, 120),
		}
	}
	return out
}

// accountKey is newcomer i's key: a hash of the seed, so that anyone with the seed can
// sign as the past's accounts, as with the dev accounts.
func accountKey(seed string, i int) ed25519.PrivateKey {
	h := sha256.New()
	h.Write([]byte("LUCKY::devnet-past::account\x00"))
	h.Write([]byte(seed))
	h.Write(binary.LittleEndian.AppendUint32(nil, uint32(i)))
	return ed25519.NewKeyFromSeed(h.Sum(nil))
}

// giftAddress is the k-th address the past's holders gift LUCKY to: new holders with no
// key, like a friend's wallet that never signed anything.
func giftAddress(seed string, k int) supra.Address {
	h := sha256.New()
	h.Write([]byte("LUCKY::devnet-past::gift\x00"))
	h.Write([]byte(seed))
	h.Write(binary.LittleEndian.AppendUint32(nil, uint32(k)))
	var a supra.Address
	h.Sum(a[:0])
	return a
}
