package chain

import (
	"encoding/json"
	"fmt"

	"github.com/luckycoin/lucky/internal/config"
	"github.com/luckycoin/lucky/internal/supra"
)

// SwapEvent is Dexlyn's liquidity_pool::SwapEvent. Its JSON is the API's shape (u64s as
// decimal strings).
type SwapEvent struct {
	PairX     string `json:"pairX"`
	PairY     string `json:"pairY"`
	XIn       uint64 `json:"xIn,string"`
	XOut      uint64 `json:"xOut,string"`
	YIn       uint64 `json:"yIn,string"`
	YOut      uint64 `json:"yOut,string"`
	Timestamp uint64 `json:"timestamp,string"`
	// The swap read in the trader's terms: the side that went in (x_in or y_in non-zero)
	// and what came out of the other side (doc 2 §7: y_out when X went in, else x_out).
	CoinIn   string `json:"coinIn"`
	CoinOut  string `json:"coinOut"`
	AmountIn uint64 `json:"amountIn,string"`
	Received uint64 `json:"received,string"`
}

// DecodeSwapEvent reads SwapEvent data.
func DecodeSwapEvent(data json.RawMessage) (SwapEvent, error) {
	var in struct {
		PairX     string    `json:"pair_x"`
		PairY     string    `json:"pair_y"`
		XIn       supra.U64 `json:"x_in"`
		XOut      supra.U64 `json:"x_out"`
		YIn       supra.U64 `json:"y_in"`
		YOut      supra.U64 `json:"y_out"`
		Timestamp supra.U64 `json:"timestamp"`
	}
	if err := json.Unmarshal(data, &in); err != nil {
		return SwapEvent{}, fmt.Errorf("%w: SwapEvent: %v", ErrBadResponse, err)
	}
	ev := SwapEvent{PairX: in.PairX, PairY: in.PairY, XIn: uint64(in.XIn), XOut: uint64(in.XOut),
		YIn: uint64(in.YIn), YOut: uint64(in.YOut), Timestamp: uint64(in.Timestamp)}
	if ev.XIn > 0 {
		ev.CoinIn, ev.CoinOut, ev.AmountIn, ev.Received = ev.PairX, ev.PairY, ev.XIn, ev.YOut
	} else {
		ev.CoinIn, ev.CoinOut, ev.AmountIn, ev.Received = ev.PairY, ev.PairX, ev.YIn, ev.XOut
	}
	return ev, nil
}

// dexDecoders: the first Dexlyn SwapEvent as "swap". (The Dexlyn call bindings live in
// dex.go; the decoder stays here so the two can change apart.)
func dexDecoders(net config.Network) []Decoder {
	return []Decoder{{Key: "swap", Tag: net.Modules.SwapEvent, Decode: func(ev supra.Event) (any, bool, error) {
		s, err := DecodeSwapEvent(ev.Data)
		if err != nil {
			return nil, false, err
		}
		return &s, true, nil
	}}}
}

// FindSwapEvent returns the first Dexlyn SwapEvent among events, or ErrEventNotFound.
func (c *Client) FindSwapEvent(events []supra.Event) (*SwapEvent, error) {
	v, err := c.events.First("swap", events)
	if err != nil {
		return nil, err
	}
	return v.(*SwapEvent), nil
}
