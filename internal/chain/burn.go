package chain

import (
	"context"
	"fmt"

	"github.com/luckycoin/lucky/internal/supra"
)

// BurnEvent is a coin deposit to the network's burn address (the spec: burning LUCKY is a
// transfer there). Its JSON is the API's shape.
type BurnEvent struct {
	CoinType string `json:"coinType"`
	Token    string `json:"token"`
	Amount   uint64 `json:"amount,string"`
}

// BurnAddress is the network's burn address; ok is false when it has none.
func (c *Burns) BurnAddress() (supra.Address, bool) { return c.burnAddress() }

func (c *core) burnAddress() (supra.Address, bool) {
	a, err := supra.ParseAddress(c.net.Modules.BurnAddress)
	return a, err == nil && c.net.Modules.BurnAddress != ""
}

// burnDecoders: the first deposit to the burn address as "burn": a CoinDeposit to it, or a
// fungible_asset::Deposit to its primary store of a registry coin.
func (c *core) burnDecoders() []Decoder {
	burn, ok := c.burnAddress()
	if !ok {
		return nil
	}
	event := func(coinType string, amount uint64) *BurnEvent {
		b := &BurnEvent{CoinType: coinType, Amount: amount}
		if t, ok := c.reg.ByCoinType(coinType); ok {
			b.Token = t.Name
		}
		return b
	}
	return []Decoder{{Key: "burn", Tag: CoinDepositType, Decode: func(ev supra.Event) (any, bool, error) {
		ce, ok, err := DecodeCoinEvent(ev)
		if err != nil || !ok || ce.Account != burn {
			return nil, false, err
		}
		return event(ce.CoinType, ce.Amount), true, nil
	}}, {Key: "burn", Tag: FADepositType, Decode: func(ev supra.Event) (any, bool, error) {
		fe, ok, err := DecodeFAEvent(ev)
		if err != nil || !ok {
			return nil, false, err
		}
		o, ok := c.stores.Resolve(fe.Store, burn)
		if !ok || o.Owner != burn {
			return nil, false, nil
		}
		return event(o.Coin.String(), fe.Amount), true, nil
	}}}
}

// BuildBurn builds a burn: a transfer of amount base units of coinType from sender to the
// network's burn address (ErrNotConfigured when it has none).
func (c *Burns) BuildBurn(ctx context.Context, sender supra.Address, coinType supra.CoinType, amount uint64) (*Built, error) {
	burn, ok := c.BurnAddress()
	if !ok {
		return nil, fmt.Errorf("%w: burn address", ErrNotConfigured)
	}
	return c.coins.BuildTransfer(ctx, sender, burn, coinType, amount)
}
