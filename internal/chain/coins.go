package chain

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/luckycoin/lucky/internal/supra"
)

// CoinBalance reads view 0x1::coin::balance<coinType>(addr) in base units. An account or
// coin store that does not exist holds 0.
func (c *Client) CoinBalance(ctx context.Context, addr supra.Address, coinType string) (uint64, error) {
	res, err := c.node.View(ctx, "0x1::coin::balance", []string{coinType}, []string{addr.String()})
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
