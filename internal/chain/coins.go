package chain

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
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
