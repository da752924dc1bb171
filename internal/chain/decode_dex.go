package chain

import (
	"encoding/json"
	"fmt"
	"strings"

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
	// and what came out of the other side (the spec: y_out when X went in, else x_out).
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

// LiquidityEvent is Liquidswap's LiquidityAddedEvent (added_x_val, added_y_val,
// lp_tokens_received) or LiquidityRemovedEvent (returned_x_val, returned_y_val,
// lp_tokens_burned), with the pair from Dexlyn's pair_x/pair_y fields or, as in
// Liquidswap, from the event's type arguments.
type LiquidityEvent struct {
	PairX string `json:"pairX"`
	PairY string `json:"pairY"`
	X     uint64 `json:"x,string"`
	Y     uint64 `json:"y,string"`
	LP    uint64 `json:"lp,string"`
	Added bool   `json:"added"`
}

// LiquidityEventTypes are the liquidity events' struct tags next to the network's
// SwapEvent ("" without a DEX).
func LiquidityEventTypes(m config.Modules) (added, removed string) {
	pkg, ok := strings.CutSuffix(m.SwapEvent, "::SwapEvent")
	if !ok {
		return "", ""
	}
	return pkg + "::LiquidityAddedEvent", pkg + "::LiquidityRemovedEvent"
}

// DecodeLiquidityEvent reads a liquidity event of either kind.
func DecodeLiquidityEvent(ev supra.Event, added bool) (LiquidityEvent, error) {
	var in struct {
		PairX    string     `json:"pair_x"`
		PairY    string     `json:"pair_y"`
		AddedX   *supra.U64 `json:"added_x_val"`
		AddedY   *supra.U64 `json:"added_y_val"`
		LPOut    *supra.U64 `json:"lp_tokens_received"`
		ReturnX  *supra.U64 `json:"returned_x_val"`
		ReturnY  *supra.U64 `json:"returned_y_val"`
		LPBurned *supra.U64 `json:"lp_tokens_burned"`
	}
	if err := json.Unmarshal(ev.Data, &in); err != nil {
		return LiquidityEvent{}, fmt.Errorf("%w: %s: %v", ErrBadResponse, ev.Type, err)
	}
	x, y, lp := in.AddedX, in.AddedY, in.LPOut
	if !added {
		x, y, lp = in.ReturnX, in.ReturnY, in.LPBurned
	}
	if x == nil || y == nil || lp == nil {
		return LiquidityEvent{}, fmt.Errorf("%w: %s: amounts missing", ErrBadResponse, ev.Type)
	}
	out := LiquidityEvent{PairX: in.PairX, PairY: in.PairY, X: uint64(*x), Y: uint64(*y), LP: uint64(*lp), Added: added}
	if out.PairX == "" || out.PairY == "" {
		st, err := supra.ParseStructTag(ev.Type)
		if err != nil || len(st.TypeArgs) < 2 {
			return LiquidityEvent{}, fmt.Errorf("%w: %s: no pair", ErrBadResponse, ev.Type)
		}
		out.PairX, out.PairY = st.TypeArgs[0].String(), st.TypeArgs[1].String()
	}
	return out, nil
}

// dexDecoders: the first Dexlyn SwapEvent as "swap", the liquidity events as
// "liquidityAdded" and "liquidityRemoved". (The Dexlyn call bindings live in dex.go; the
// decoders stay here so the two can change apart.)
func dexDecoders(net config.Network) []Decoder {
	added, removed := LiquidityEventTypes(net.Modules)
	liquidity := func(add bool) func(ev supra.Event) (any, bool, error) {
		return func(ev supra.Event) (any, bool, error) {
			l, err := DecodeLiquidityEvent(ev, add)
			if err != nil {
				return nil, false, err
			}
			return &l, true, nil
		}
	}
	return []Decoder{{Key: "swap", Tag: net.Modules.SwapEvent, Decode: func(ev supra.Event) (any, bool, error) {
		s, err := DecodeSwapEvent(ev.Data)
		if err != nil {
			return nil, false, err
		}
		return &s, true, nil
	}},
		{Key: "liquidityAdded", Tag: added, Decode: liquidity(true)},
		{Key: "liquidityRemoved", Tag: removed, Decode: liquidity(false)}}
}

// FindSwapEvent returns the first Dexlyn SwapEvent among events, or ErrEventNotFound.
func (c *Dex) FindSwapEvent(events []supra.Event) (*SwapEvent, error) {
	v, err := c.events.First("swap", events)
	if err != nil {
		return nil, err
	}
	return v.(*SwapEvent), nil
}
