package devnet

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/luckycoin/lucky/internal/supra"
)

// RPC v1: view functions, table items and the faucet.

// Faucet funds addr with FaucetAmount SUPRA through a real supra_account::transfer signed
// by the faucet account, and returns the transaction hash.
func (n *Node) Faucet(addr supra.Address) ([32]byte, error) {
	n.mu.RLock()
	seq := n.ch.st.accounts[n.faucet.Address].SequenceNumber
	expiry := uint64(n.ch.blockTime().Unix()) + faucetExpirySecs
	n.mu.RUnlock()
	raw := &supra.RawTransaction{
		Sender:         n.faucet.Address,
		SequenceNumber: seq,
		Payload: supra.EntryFunction{
			Module:   supra.ModuleID{Address: supra.FrameworkAddress, Name: "supra_account"},
			Function: "transfer",
			Args:     [][]byte{addr[:], leU64(n.opts.FaucetAmount)},
		},
		MaxGasAmount:            faucetMaxGas,
		GasUnitPrice:            n.opts.MinGasPrice,
		ExpirationTimestampSecs: expiry,
		ChainID:                 ChainID,
	}
	tx, err := supra.Sign(raw, n.faucet.PrivateKey)
	if err != nil {
		return [32]byte{}, err
	}
	return n.Submit(tx)
}

func leU64(v uint64) []byte {
	b := make([]byte, 8)
	for i := 0; i < 8; i++ {
		b[i] = byte(v >> (8 * i))
	}
	return b
}

func (n *Node) faucetHandler(w http.ResponseWriter, r *http.Request) {
	addr, ok := pathAddress(w, r)
	if !ok {
		return
	}
	var h [32]byte
	var err error
	// Concurrent faucet calls can race for the faucet's sequence number; retry.
	for range 5 {
		h, err = n.Faucet(addr)
		var rej *RejectError
		if !errors.As(err, &rej) || !strings.HasPrefix(rej.VMStatus, "SEQUENCE_NUMBER") {
			break
		}
	}
	if err != nil {
		writeReject(w, err)
		return
	}
	writeJSON(w, http.StatusOK, supra.FaucetResponse{Accepted: supra.EncodeHex(h[:])})
}

// View runs a view function (function "0x1::coin::balance", type argument strings, JSON
// arguments as the node's /view takes them) and returns the JSON results.
func (n *Node) View(function string, typeArgs []string, args []json.RawMessage) ([]json.RawMessage, error) {
	fid, err := supra.ParseFunctionID(function)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrBadArgument, err)
	}
	m, ok := n.modules[fid.Module]
	if !ok {
		return nil, fmt.Errorf("%w: module %s", ErrNotFound, fid.Module)
	}
	fn := findFunction(m.ABI(), fid.Name)
	if fn == nil || !fn.IsView {
		return nil, fmt.Errorf("%w: view function %s", ErrNotFound, fid)
	}
	tys := make([]supra.TypeTag, len(typeArgs))
	for i, s := range typeArgs {
		if tys[i], err = supra.ParseTypeTag(s); err != nil {
			return nil, fmt.Errorf("%w: type argument %d: %v", ErrBadArgument, i, err)
		}
	}
	if len(tys) != fn.GenericTypeParams {
		return nil, fmt.Errorf("%w: NUMBER_OF_TYPE_ARGUMENTS_MISMATCH: %s takes %d", ErrBadArgument, fid, fn.GenericTypeParams)
	}
	if len(args) != fn.argCount() {
		return nil, fmt.Errorf("%w: NUMBER_OF_ARGUMENTS_MISMATCH: %s takes %d", ErrBadArgument, fid, fn.argCount())
	}
	n.mu.RLock()
	ex := n.newExec(n.ch, supra.Address{}, fid.Module, 0)
	ex.readOnly = true
	var res []any
	err = safeCall(func() error {
		var e error
		res, e = m.View(ex, ViewCall{Function: fid.Name, TypeArgs: tys, RawArgs: args})
		return e
	})
	n.mu.RUnlock()
	if err != nil {
		var ab *AbortError
		if errors.As(err, &ab) && ab.Module == (supra.ModuleID{}) {
			ab.Module = fid.Module
		}
		return nil, err
	}
	out := make([]json.RawMessage, len(res))
	for i, v := range res {
		if out[i], err = json.Marshal(v); err != nil {
			return nil, fmt.Errorf("devnet: view %s result %d: %w", fid, i, err)
		}
	}
	return out, nil
}

func (n *Node) viewHandler(w http.ResponseWriter, r *http.Request) {
	var req supra.ViewRequest
	if err := json.NewDecoder(io.LimitReader(r.Body, maxBodyBytes)).Decode(&req); err != nil {
		rpcError(w, http.StatusBadRequest, "invalid_input", "invalid view request: "+err.Error())
		return
	}
	if req.Arguments == nil {
		req.Arguments = []json.RawMessage{}
	}
	res, err := n.View(req.Function, req.TypeArguments, req.Arguments)
	if err != nil {
		var ab *AbortError
		switch {
		case errors.As(err, &ab):
			rpcError(w, http.StatusBadRequest, "vm_error", ab.Error())
		case errors.Is(err, ErrNotFound):
			rpcError(w, http.StatusNotFound, "module_not_found", err.Error())
		case errors.Is(err, ErrBadArgument):
			rpcError(w, http.StatusBadRequest, "invalid_input", err.Error())
		default:
			n.log.Warn("devnet: view failed", "function", req.Function, "err", err)
			rpcError(w, http.StatusBadRequest, "vm_error", err.Error())
		}
		return
	}
	writeJSON(w, http.StatusOK, supra.ViewResponse{Result: res})
}

func (n *Node) tableItemHandler(w http.ResponseWriter, _ *http.Request) {
	// The devnet's modules keep no Move tables.
	rpcError(w, http.StatusNotFound, "table_item_not_found", "Table item not found")
}
