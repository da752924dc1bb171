package indexer

import (
	"errors"
	"fmt"

	"github.com/luckycoin/lucky/internal/chain"
	"github.com/luckycoin/lucky/internal/history"
	"github.com/luckycoin/lucky/internal/store"
	"github.com/luckycoin/lucky/internal/supra"
)

// matcher compares event types by struct tag (address, module, name) like the node's
// events query: a tag without type arguments matches every instance.
type matcher struct {
	tag  supra.StructTag
	args bool // the stream names type arguments: they must match too
}

func newMatcher(t string) (matcher, error) {
	st, err := supra.ParseStructTag(t)
	if err != nil {
		return matcher{}, err
	}
	return matcher{tag: st, args: len(st.TypeArgs) > 0}, nil
}

func (m matcher) matches(eventType string) bool {
	st, err := supra.ParseStructTag(eventType)
	if err != nil || st.Address != m.tag.Address || st.Module != m.tag.Module || st.Name != m.tag.Name {
		return false
	}
	return !m.args || st.String() == m.tag.String()
}

// decode adds one event to the batch by its stream's kind, through the app's decoder
// registry (chain), with tx, what its transaction says (a play's player, token and bet
// come from it). A malformed event of a known type is an error wrapping
// chain.ErrBadResponse: the indexer quarantines it (see place); any other error has the
// window read again.
func decode(reg *chain.Registry, b *store.Batch, s Stream, meta history.Meta, ev supra.Event, tx chain.TxContext) error {
	var err error
	if meta.Sender, err = store.CanonAddress(meta.Sender); err != nil {
		return fmt.Errorf("%w: %s sender: %v", ErrInconsistent, meta.TxHash, err)
	}
	one := []supra.Event{ev}
	switch s.Kind {
	case KindSwap:
		v, err := reg.FirstTx(tx, "swap", one)
		if err != nil {
			return err
		}
		sw := v.(*chain.SwapEvent)
		x, err1 := supra.ParseCoinType(sw.PairX)
		y, err2 := supra.ParseCoinType(sw.PairY)
		if err1 != nil || err2 != nil {
			return fmt.Errorf("%w: SwapEvent pair %q/%q", chain.ErrBadResponse, sw.PairX, sw.PairY)
		}
		b.Events.Swaps = append(b.Events.Swaps, history.Swap{Meta: meta, PairX: x, PairY: y, XIn: sw.XIn, XOut: sw.XOut, YIn: sw.YIn, YOut: sw.YOut})
	case KindPlay:
		v, err := reg.FirstTx(tx, "play", one)
		if err != nil {
			return err
		}
		p := v.(*chain.PlayEvent)
		tok, err := supra.ParseCoinType(p.TokenType)
		if err != nil {
			return fmt.Errorf("%w: PlayEvent token %q", chain.ErrBadResponse, p.TokenType)
		}
		tiers := make([]uint8, len(p.SpinResults))
		for i, r := range p.SpinResults {
			tiers[i] = r.TierIndex
		}
		b.Events.Plays = append(b.Events.Plays, history.Play{Meta: meta, Player: p.Player.String(), Token: tok,
			Bet: p.BetPerSpin, Spins: p.NumberOfSpins, Won: p.TotalPrize, Tiers: tiers})
	case KindCoin:
		v, err := reg.FirstTx(tx, "deposits", one)
		if errors.Is(err, chain.ErrEventNotFound) {
			v, err = reg.FirstTx(tx, "withdrawals", one)
		}
		if err != nil {
			return err
		}
		c := v.(chain.CoinEvent)
		coin, err := supra.ParseCoinType(c.CoinType)
		if err != nil {
			return fmt.Errorf("%w: coin event type %q", chain.ErrBadResponse, c.CoinType)
		}
		b.Events.Coins = append(b.Events.Coins, history.CoinEvent{Meta: meta, Deposit: c.Deposit, Coin: coin, Account: c.Account.String(), Amount: c.Amount})
	case KindLiquidity:
		v, err := reg.FirstTx(tx, "liquidityAdded", one)
		if errors.Is(err, chain.ErrEventNotFound) {
			v, err = reg.FirstTx(tx, "liquidityRemoved", one)
		}
		if err != nil {
			return err
		}
		l := v.(*chain.LiquidityEvent)
		x, err1 := supra.ParseCoinType(l.PairX)
		y, err2 := supra.ParseCoinType(l.PairY)
		if err1 != nil || err2 != nil {
			return fmt.Errorf("%w: liquidity event pair %q/%q", chain.ErrBadResponse, l.PairX, l.PairY)
		}
		b.Events.Liquidity = append(b.Events.Liquidity, history.Liquidity{Meta: meta, PairX: x, PairY: y, X: l.X, Y: l.Y, LP: l.LP, Added: l.Added})
	case KindRaw:
		// Kept as it came, with the account it belongs to when the app knows the event
		// (Cosmic Miners, the staking pool), so an account's activity finds it without
		// reading every event.
		dec, err := reg.DecodeTx(tx, one)
		if err != nil {
			return err
		}
		account := ""
		for _, v := range dec {
			if a, ok := rawEventAccount(v); ok {
				if account, err = store.CanonAddress(a); err != nil {
					return fmt.Errorf("%w: %s %s account %q: %v", chain.ErrBadResponse, meta.TxHash, ev.Type, a, err)
				}
			}
		}
		b.Events.Raw = append(b.Events.Raw, history.RawEvent{Meta: meta, Type: ev.Type, Data: ev.Data, Account: account})
	default:
		return fmt.Errorf("indexer: stream %s has no kind", s.Name)
	}
	return nil
}

// rawEventAccount is the account a decoded raw event belongs to: the player of a Cosmic
// Miners event, the user of a staking pool event.
func rawEventAccount(v any) (string, bool) {
	switch e := v.(type) {
	case *chain.StakeEvent:
		return e.User, true
	case *chain.UnstakeEvent:
		return e.User, true
	case *chain.StakingClaimEvent:
		return e.User, true
	case *chain.PassPurchasedEvent:
		return e.User, true
	}
	return chain.MinersEventAccount(v)
}
