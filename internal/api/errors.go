package api

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"

	"github.com/luckycoin/lucky/internal/chain"
	"github.com/luckycoin/lucky/internal/supra"
)

// Error codes of the chain endpoints (besides chain's input codes, which pass through).
const (
	CodeInvalidJSON  = "invalid_json"
	CodeInvalidHash  = "invalid_hash"
	CodeInvalidQuery = "invalid_query"
	CodeNodeError    = "node_error"
	CodeTimeout      = "node_timeout"
)

// MsgNoBody is the official SDK's text for a POST without a body, word for word.
const MsgNoBody = "For Post Request 'data' Should Not Be 'undefined'"

const maxBody = 64 << 10

// statusFor maps chain input codes to HTTP statuses: 409 when the chain's state (pot,
// balance, deposit, lock window, pass) refuses the request, 500 for a registry defect, 400 otherwise.
func statusFor(code string) int {
	switch code {
	case chain.CodePotUnavailable, chain.CodeTotalBetTooLarge, chain.CodeInsufficient,
		chain.CodeNoDeposit, chain.CodeExceedsDeposit, chain.CodeStakeLocked, chain.CodeReserveEmpty, chain.CodePassOwned:
		return http.StatusConflict
	case chain.CodeInvalidPartner:
		return http.StatusInternalServerError
	}
	return http.StatusBadRequest
}

// fail writes err in the one error shape. A node that did not answer is a 504 or 502,
// never a business message or a zero: the request's answer would be a guess.
func (h *Handler) fail(w http.ResponseWriter, r *http.Request, err error) {
	var ie *chain.InputError
	var ne *supra.NodeError
	switch {
	case errors.As(err, &ie):
		WriteError(w, r, h.log, statusFor(ie.Code), ie.Code, ie.Msg)
	case errors.Is(err, context.DeadlineExceeded):
		WriteError(w, r, h.log, http.StatusGatewayTimeout, CodeTimeout, "The chain node did not answer in time.")
	case errors.Is(err, supra.ErrUnavailable):
		h.log.Warn("node unavailable", "path", r.URL.Path, "err", err)
		WriteError(w, r, h.log, http.StatusBadGateway, CodeUnavailable, "The chain node is unavailable.")
	case errors.As(err, &ne), errors.Is(err, chain.ErrBadResponse), errors.Is(err, supra.ErrInvalidResponse),
		errors.Is(err, ErrUnsupportedTx):
		h.log.Warn("node error", "path", r.URL.Path, "err", err)
		msg := "The chain node answered with an error."
		if errors.Is(err, ErrUnsupportedTx) {
			msg = ErrUnsupportedTx.Error()
		}
		WriteError(w, r, h.log, http.StatusBadGateway, CodeNodeError, msg)
	case errors.Is(err, context.Canceled):
		// The client went away; nobody reads the answer.
	default:
		h.log.Error("request failed", "path", r.URL.Path, "err", err)
		WriteError(w, r, h.log, http.StatusInternalServerError, CodeInternal, "Something went wrong.")
	}
}

// readBody decodes a JSON request body into v. A missing body (empty, or JSON null) is
// the SDK's "'data' Should Not Be 'undefined'"; bad JSON is invalid_json. It writes the
// error and returns false on failure.
func (h *Handler) readBody(w http.ResponseWriter, r *http.Request, v any) bool {
	var data []byte
	if r.Body != nil {
		var err error
		data, err = io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
		if err != nil {
			WriteError(w, r, h.log, http.StatusRequestEntityTooLarge, CodeInvalidJSON, "Request body too large or unreadable.")
			return false
		}
	}
	trimmed := strings.TrimSpace(string(data))
	if trimmed == "" || trimmed == "null" {
		WriteError(w, r, h.log, http.StatusBadRequest, CodeInvalidJSON, MsgNoBody)
		return false
	}
	if err := json.Unmarshal(data, v); err != nil {
		WriteError(w, r, h.log, http.StatusBadRequest, CodeInvalidJSON, "Invalid JSON body: "+jsonProblem(err))
		return false
	}
	return true
}

func jsonProblem(err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) && te.Field != "" {
		return te.Field + " has the wrong type"
	}
	return "malformed JSON"
}
