package api

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"strings"

	"github.com/luckycoin/lucky/internal/amount"
	"github.com/luckycoin/lucky/internal/chain"
	"github.com/luckycoin/lucky/internal/supra"
)

// msgSpinsRange is the product's text for a spin count that is not 1 to 1000.
const msgSpinsRange = "Number of spins must be between 1 and 1000!"

// parseSpin reads a spin request in the spec's order: sender address, token (registry
// name, case-insensitive), bet (whole tokens, at most the token's decimals), spin count.
// The rules that need the chain (pot, balance, ranges) are chain.ValidateSpin's.
func (h *Handler) parseSpin(req spinRequest) (chain.SpinRequest, error) {
	sender, err := supra.ParseAddress(req.Sender)
	if err != nil {
		return chain.SpinRequest{}, &chain.InputError{Code: chain.CodeInvalidAddress, Msg: err.Error()}
	}
	tok, ok := h.tokens.ByName(strings.TrimSpace(req.Token))
	if !ok || tok.Slots == nil {
		return chain.SpinRequest{}, &chain.InputError{Code: chain.CodeUnknownToken, Msg: fmt.Sprintf("Unknown token %q.", req.Token)}
	}
	bet, err := amount.ParseUint64(req.BetPerSpin, tok.Decimals)
	if err != nil {
		return chain.SpinRequest{}, &chain.InputError{Code: chain.CodeInvalidAmount,
			Msg: fmt.Sprintf("Invalid bet amount %q for %s (at most %d decimals).", req.BetPerSpin, tok.Name, tok.Decimals)}
	}
	spins, err := parseSpins(req.Spins)
	if err != nil {
		return chain.SpinRequest{}, err
	}
	return chain.SpinRequest{Sender: sender, Token: tok, BetPerSpin: bet, Spins: spins}, nil
}

// parseSpins reads a spin count given as a JSON number or string; it must be an integer
// (leading/trailing spaces allowed). Its range is checked with the other spin rules.
func parseSpins(v json.RawMessage) (*big.Int, error) {
	v = bytes.TrimSpace(v)
	var s string
	if json.Unmarshal(v, &s) != nil && len(v) > 0 && v[0] != '[' && v[0] != '{' {
		s = string(v) // a bare JSON number (or literal, refused below)
	}
	s = strings.TrimSpace(s)
	bad := &chain.InputError{Code: chain.CodeSpinsOutOfRange, Msg: msgSpinsRange}
	if s == "" || len(s) > 40 {
		return nil, bad
	}
	n, ok := new(big.Int).SetString(s, 10)
	if !ok {
		return nil, bad
	}
	return n, nil
}
