package chain

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"net/http"
	"strconv"
	"strings"

	"golang.org/x/sync/errgroup"

	"github.com/luckycoin/lucky/internal/supra"
)

// CoinBalance reads view 0x1::coin::balance<coinType>(addr) in base units. An account or
// coin store that does not exist holds 0.
func (c *Coins) CoinBalance(ctx context.Context, addr supra.Address, coinType supra.CoinType) (uint64, error) {
	res, err := c.view(ctx, "0x1::coin::balance", []string{coinType.String()}, []string{addr.String()})
	if err != nil {
		if missingStore(err) {
			return 0, nil
		}
		return 0, fmt.Errorf("balance of %s for %s: %w", coinType, addr, err)
	}
	return firstU64(res)
}

// missingStore reports node errors that mean "nothing there" for a balance read.
func missingStore(err error) bool {
	if errors.Is(err, supra.ErrAccountNotFound) || errors.Is(err, supra.ErrResourceNotFound) {
		return true
	}
	var ne *supra.NodeError
	if !errors.As(err, &ne) {
		return false
	}
	switch ne.Code {
	case "account_not_found", "resource_not_found":
		return true
	}
	return ne.Status < http.StatusInternalServerError &&
		(strings.Contains(ne.Message, "ECOIN_STORE_NOT_PUBLISHED") || strings.Contains(ne.Message, "EACCOUNT_NOT_FOUND"))
}

// firstU64 reads result[0] as a u64 (a decimal string or a number).
func firstU64(res []json.RawMessage) (uint64, error) {
	if len(res) == 0 {
		return 0, fmt.Errorf("%w: empty view result", ErrBadResponse)
	}
	var v supra.U64
	if err := json.Unmarshal(res[0], &v); err != nil {
		return 0, fmt.Errorf("%w: %v", ErrBadResponse, err)
	}
	return uint64(v), nil
}

// Framework coin event types.
const (
	CoinDepositType  = "0x1::coin::CoinDeposit"
	CoinWithdrawType = "0x1::coin::CoinWithdraw"
)

// CoinEvent is 0x1::coin::CoinDeposit or CoinWithdraw. Its JSON is the API's shape
// (the amount in base units as a decimal string).
type CoinEvent struct {
	Deposit  bool          `json:"-"`
	CoinType string        `json:"coinType"`
	Account  supra.Address `json:"account"`
	Amount   uint64        `json:"amount,string"`
}

// DecodeCoinEvent reads a CoinDeposit / CoinWithdraw event; ok is false for other types.
func DecodeCoinEvent(ev supra.Event) (CoinEvent, bool, error) {
	var dep bool
	switch {
	case sameStruct(ev.Type, CoinDepositType):
		dep = true
	case sameStruct(ev.Type, CoinWithdrawType):
	default:
		return CoinEvent{}, false, nil
	}
	var in struct {
		CoinType string    `json:"coin_type"`
		Account  string    `json:"account"`
		Amount   supra.U64 `json:"amount"`
	}
	if err := json.Unmarshal(ev.Data, &in); err != nil {
		return CoinEvent{}, true, fmt.Errorf("%w: %s: %v", ErrBadResponse, ev.Type, err)
	}
	a, err := supra.ParseAddress(in.Account)
	if err != nil {
		return CoinEvent{}, true, fmt.Errorf("%w: %s account: %v", ErrBadResponse, ev.Type, err)
	}
	return CoinEvent{Deposit: dep, CoinType: in.CoinType, Account: a, Amount: uint64(in.Amount)}, true, nil
}

// coinDecoders: every coin deposit and withdrawal of a transaction, as lists.
func coinDecoders() []Decoder {
	dec := func(ev supra.Event) (any, bool, error) {
		ce, ok, err := DecodeCoinEvent(ev)
		return ce, ok, err
	}
	return []Decoder{
		{Key: "deposits", Tag: CoinDepositType, All: true, Decode: dec},
		{Key: "withdrawals", Tag: CoinWithdrawType, All: true, Decode: dec},
	}
}

// sameStruct compares two struct type strings by address, module and name, ignoring type
// parameters and how the address is written.
func sameStruct(a, b string) bool {
	ka, ok1 := keyOf(a)
	kb, ok2 := keyOf(b)
	return ok1 && ok2 && ka == kb
}

// u64s renders a uint64 as a decimal string.
func u64s(v uint64) string { return strconv.FormatUint(v, 10) }

// ErrSupplyUntracked: the coin does not track its total supply (coin::supply is none).
var ErrSupplyUntracked = errors.New("chain: coin supply not tracked")

// CoinInfo is a coin's 0x1::coin::CoinInfo as its views return it.
type CoinInfo struct {
	CoinType supra.CoinType
	Name     string
	Symbol   string
	Decimals uint8
	// Supply is the total supply in base units (u128), nil when not tracked.
	Supply *big.Int
}

// view calls a view function of one coin type and returns its first result.
func (c *Coins) coinView(ctx context.Context, fn string, coinType supra.CoinType) (json.RawMessage, error) {
	res, err := c.view(ctx, "0x1::coin::"+fn, []string{coinType.String()}, nil)
	if err != nil {
		return nil, fmt.Errorf("coin::%s<%s>: %w", fn, coinType, err)
	}
	if len(res) == 0 {
		return nil, fmt.Errorf("%w: coin::%s: empty view result", ErrBadResponse, fn)
	}
	return res[0], nil
}

// PairedMetadata reads coin::paired_metadata<coinType>(): the address of the fungible-asset
// metadata the framework paired with the coin; false while it is not paired (no account
// has moved it to a fungible store yet).
func (c *Coins) PairedMetadata(ctx context.Context, coinType supra.CoinType) (supra.Address, bool, error) {
	raw, err := c.coinView(ctx, "paired_metadata", coinType)
	if err != nil {
		return supra.Address{}, false, err
	}
	var opt struct {
		Vec []struct {
			Inner string `json:"inner"`
		} `json:"vec"`
	}
	if err := json.Unmarshal(raw, &opt); err != nil || len(opt.Vec) > 1 {
		return supra.Address{}, false, fmt.Errorf("%w: coin::paired_metadata<%s>: %s", ErrBadResponse, coinType, raw)
	}
	if len(opt.Vec) == 0 {
		return supra.Address{}, false, nil
	}
	a, err := supra.ParseAddress(opt.Vec[0].Inner)
	if err != nil {
		return supra.Address{}, false, fmt.Errorf("%w: coin::paired_metadata<%s>: %q", ErrBadResponse, coinType, opt.Vec[0].Inner)
	}
	return a, true, nil
}

// CoinInfo reads a coin's name, symbol, decimals and supply (four views, concurrently).
func (c *Coins) CoinInfo(ctx context.Context, coinType supra.CoinType) (CoinInfo, error) {
	info := CoinInfo{CoinType: coinType}
	var raw [3]json.RawMessage
	g, gctx := errgroup.WithContext(ctx)
	for i, fn := range []string{"name", "symbol", "decimals"} {
		g.Go(func() (err error) { raw[i], err = c.coinView(gctx, fn, coinType); return })
	}
	g.Go(func() error {
		s, err := c.CoinSupply(gctx, coinType)
		if errors.Is(err, ErrSupplyUntracked) {
			return nil
		}
		info.Supply = s
		return err
	})
	if err := g.Wait(); err != nil {
		return CoinInfo{}, err
	}
	var dec supra.U64
	if json.Unmarshal(raw[0], &info.Name) != nil || json.Unmarshal(raw[1], &info.Symbol) != nil ||
		json.Unmarshal(raw[2], &dec) != nil || dec > 255 {
		return CoinInfo{}, fmt.Errorf("%w: coin info of %s", ErrBadResponse, coinType)
	}
	info.Decimals = uint8(dec)
	return info, nil
}

// CoinSupply reads coin::supply<coinType>() (Option<u128>) in base units;
// ErrSupplyUntracked when it is none.
func (c *Coins) CoinSupply(ctx context.Context, coinType supra.CoinType) (*big.Int, error) {
	raw, err := c.coinView(ctx, "supply", coinType)
	if err != nil {
		return nil, err
	}
	var opt struct {
		Vec []json.RawMessage `json:"vec"`
	}
	if err := json.Unmarshal(raw, &opt); err != nil || len(opt.Vec) > 1 {
		return nil, fmt.Errorf("%w: coin::supply of %s: %s", ErrBadResponse, coinType, raw)
	}
	if len(opt.Vec) == 0 {
		return nil, fmt.Errorf("%w: %s", ErrSupplyUntracked, coinType)
	}
	var s string
	if json.Unmarshal(opt.Vec[0], &s) != nil {
		s = string(opt.Vec[0]) // a bare JSON number
	}
	n, ok := new(big.Int).SetString(s, 10)
	if !ok || n.Sign() < 0 {
		return nil, fmt.Errorf("%w: coin::supply of %s: %s", ErrBadResponse, coinType, raw)
	}
	return n, nil
}

// BuildTransfer builds a coin transfer of amount base units from sender to to:
// 0x1::supra_account::transfer for SUPRA, transfer_coins<T> for any other coin (both
// create the recipient's account and coin store when missing).
func (c *Coins) BuildTransfer(ctx context.Context, sender, to supra.Address, coinType supra.CoinType, amount uint64) (*Built, error) {
	if amount == 0 {
		return nil, inputErr(CodeInvalidAmount, "Amount must be greater than 0.")
	}
	mod := supra.ModuleID{Address: supra.FrameworkAddress, Name: "supra_account"}
	call := Call{Function: supra.FunctionID{Module: mod, Name: "transfer"},
		Args:  [][]byte{supra.ArgAddress(to), supra.ArgU64(amount)},
		Shown: []string{to.String(), u64s(amount)}}
	switch {
	case coinType.IsZero():
		return nil, inputErr(CodeUnknownToken, "Choose a token.")
	case !coinType.IsNative():
		call.Function.Name, call.TypeArgs = "transfer_coins", []supra.TypeTag{coinType.TypeTag()}
	}
	return c.buildCall(ctx, sender, call)
}
