package api

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/luckycoin/lucky/internal/chain"
	"github.com/luckycoin/lucky/internal/supra"
)

// MaxWait caps GET /api/v1/tx/{hash}?wait= (the server's write timeout is 75 s).
const MaxWait = 60 * time.Second

// buildResponse is the answer of every build endpoint.
type buildResponse struct {
	RawTransaction string `json:"rawTransaction"`
	Summary        any    `json:"summary"`
	// Fee is the network fee of the transaction, estimated before signing (fee.go).
	Fee *feeJSON `json:"fee"`
	// Steps are a swap route's transactions in order (swap.go); other builds have none.
	Steps []swapStep `json:"steps,omitempty"`
}

type buildRequest struct {
	Sender        string            `json:"sender"`
	Function      string            `json:"function"`
	TypeArguments []string          `json:"typeArguments"`
	Arguments     []json.RawMessage `json:"arguments"`
	feeRequest
}

// BuildTx serves POST /api/v1/tx/build: a raw entry-function transaction for the wallet.
func (h *Handler) BuildTx(w http.ResponseWriter, r *http.Request) {
	var req buildRequest
	if !h.readBody(w, r, &req) || h.refuseOffFunction(w, r, req.Function) {
		return
	}
	b, err := h.node.Build(r.Context(), chain.CallRequest{
		Sender: req.Sender, Function: req.Function, TypeArgs: req.TypeArguments, Arguments: req.Arguments,
	})
	if err != nil {
		h.fail(w, r, err)
		return
	}
	h.writeBuilt(w, r, b, req.feeRequest, func() any { return b.Summary })
}

// txResponse is the transaction detail plus the decoded events of the app's contracts
// (chain's event registry: play, swap, burn, deposits, withdrawals, …). Play and Swap
// repeat decoded.play and decoded.swap at the top level, where clients read them first.
type txResponse struct {
	*TxDetail
	Decoded chain.Decoded `json:"decoded"`
	Play    any           `json:"play"`
	Swap    any           `json:"swap"`
	// Reason says in plain words why a failed transaction of an app contract aborted
	// (the staking pool's aborts); absent when the app has no words for its vmStatus.
	Reason string `json:"reason,omitempty"`
}

type pendingResponse struct {
	TxHash string `json:"txHash"`
	Status string `json:"status"`
}

// parseTxHash accepts 64 hex digits with or without 0x and returns "0x" + lower hex.
func parseTxHash(s string) (string, bool) {
	h := strings.TrimPrefix(strings.ToLower(s), "0x")
	if len(h) != 64 {
		return "", false
	}
	if _, err := hex.DecodeString(h); err != nil {
		return "", false
	}
	return "0x" + h, true
}

// parseWait reads ?wait= as a Go duration ("30s") or whole seconds ("30"), capped at MaxWait;
// below a millisecond it is 0.
func parseWait(s string) (time.Duration, bool) {
	if s == "" {
		return 0, true
	}
	d, err := time.ParseDuration(s)
	if err != nil {
		n, err2 := strconv.ParseUint(s, 10, 32)
		if err2 != nil {
			return 0, false
		}
		d = time.Duration(n) * time.Second
	}
	if d < 0 {
		return 0, false
	}
	// A wait shorter than a millisecond could not outlast the first read: it means no wait
	// (one read now), not a timeout before the node was asked.
	if d < time.Millisecond {
		return 0, true
	}
	return min(d, MaxWait), true
}

// GetTx serves GET /api/v1/tx/{hash}?wait=30s[&account=0x…]: with wait, it long-polls
// until the transaction is final (at most 60 s); then the detail of the spec with the
// events decoded by chain's registry. Unknown (after the wait) is {"txHash","status":"Pending"}.
// account chooses whose coin changes transactionInsights shows (default: the sender).
func (h *Handler) GetTx(w http.ResponseWriter, r *http.Request) {
	hash, ok := parseTxHash(r.PathValue("hash"))
	if !ok {
		WriteError(w, r, h.log, http.StatusBadRequest, CodeInvalidHash, "Invalid transaction hash: expected 64 hex digits.")
		return
	}
	wait, ok := parseWait(r.URL.Query().Get("wait"))
	if !ok {
		WriteError(w, r, h.log, http.StatusBadRequest, CodeInvalidQuery, "Invalid wait: use a duration such as 30s.")
		return
	}
	var account *supra.Address
	if s := r.URL.Query().Get("account"); s != "" {
		a, err := supra.ParseAddress(s)
		if err != nil {
			WriteError(w, r, h.log, http.StatusBadRequest, chain.CodeInvalidAddress, err.Error())
			return
		}
		account = &a
	}
	var tx *supra.TransactionInfo
	var err error
	if wait > 0 {
		ctx, cancel := waitContext(r.Context(), wait)
		tx, err = h.node.WaitTransaction(ctx, hash)
		cancel()
	} else {
		tx, err = h.node.Transaction(r.Context(), hash)
	}
	if errors.Is(err, supra.ErrTxNotFound) {
		WriteJSON(w, http.StatusOK, pendingResponse{TxHash: hash, Status: supra.TxPending})
		return
	}
	if err != nil {
		h.fail(w, r, err)
		return
	}
	listed := h.tokens.All()
	coins := make([]supra.CoinType, 0, len(listed))
	for _, t := range listed {
		coins = append(coins, t.Coin())
	}
	d, err := Detail(tx, account, coins)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	out := txResponse{TxDetail: d}
	if out.Decoded, err = h.node.DecodeTransaction(tx); err != nil {
		h.fail(w, r, err)
		return
	}
	out.Play, out.Swap = out.Decoded["play"], out.Decoded["swap"]
	if d.Status == supra.TxFailed && d.VMStatus != nil {
		out.Reason = h.node.AbortReason(*d.VMStatus)
	}
	WriteJSON(w, http.StatusOK, out)
}
