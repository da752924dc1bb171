package devnet

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/luckycoin/lucky/internal/supra"
)

// RPC v1: chain id, gas, transactions (read, submit, simulate), account listings, blocks and events.

func (n *Node) chainIDHandler(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusOK, ChainID)
}

// gasPriceHandler answers v1 estimate_gas_price: every figure is the node's minimum (the
// devnet has no fee market), so a v1 client builds at a price the node accepts.
func (n *Node) gasPriceHandler(w http.ResponseWriter, _ *http.Request) {
	p := n.opts.MinGasPrice
	writeJSON(w, http.StatusOK, supra.GasPrice{MeanGasPrice: p, MaxGasPrice: p, MedianGasPrice: p})
}

// gasPriceV3Handler answers v3 estimate_gas_price, which adds min_configured_gas_price:
// the price below which submit and simulate refuse a transaction with
// GAS_UNIT_PRICE_BELOW_MIN_BOUND.
func (n *Node) gasPriceV3Handler(w http.ResponseWriter, _ *http.Request) {
	p := n.opts.MinGasPrice
	writeJSON(w, http.StatusOK, supra.GasPrice{MeanGasPrice: p, MaxGasPrice: p, MedianGasPrice: p, MinConfiguredGasPrice: p})
}

func (n *Node) txParametersHandler(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusOK, map[string]uint64{"max_transaction_time_to_live_seconds": maxTxTTLSeconds})
}

func (n *Node) transactionHandler(w http.ResponseWriter, r *http.Request) {
	h, err := parseHash(r.PathValue("hash"))
	if err != nil {
		rpcError(w, http.StatusBadRequest, "invalid_input", err.Error())
		return
	}
	n.mu.RLock()
	i, ok, err := n.ch.txs.find(h)
	var ti supra.TransactionInfo
	if ok {
		ti, err = n.ch.infoAt(i)
	}
	n.mu.RUnlock()
	switch {
	case err != nil:
		n.internalError(w, err)
	case !ok:
		writeJSON(w, http.StatusOK, nil) // the node answers null for unknown hashes
	default:
		writeJSON(w, http.StatusOK, ti)
	}
}

func decodeSubmit(w http.ResponseWriter, r *http.Request) (*supra.SignedTransaction, bool) {
	var body supra.SubmitBody
	dec := json.NewDecoder(io.LimitReader(r.Body, maxBodyBytes))
	if err := dec.Decode(&body); err != nil {
		rpcError(w, http.StatusBadRequest, "invalid_input", "invalid transaction body: "+err.Error())
		return nil, false
	}
	tx, err := body.SignedTransaction()
	if err != nil {
		rpcError(w, http.StatusBadRequest, "invalid_input", err.Error())
		return nil, false
	}
	return tx, true
}

func writeReject(w http.ResponseWriter, err error) {
	var rej *RejectError
	if errors.As(err, &rej) {
		rpcError(w, http.StatusBadRequest, rej.ErrorCode, rej.Error())
		return
	}
	if errors.Is(err, supra.ErrInvalidTransaction) {
		rpcError(w, http.StatusBadRequest, "invalid_input", err.Error())
		return
	}
	rpcError(w, http.StatusInternalServerError, "internal_error", "internal error")
}

func (n *Node) submitHandler(w http.ResponseWriter, r *http.Request) {
	tx, ok := decodeSubmit(w, r)
	if !ok {
		return
	}
	h, err := n.Submit(tx)
	if err != nil {
		writeReject(w, err)
		return
	}
	writeJSON(w, http.StatusOK, supra.EncodeHex(h[:]))
}

func (n *Node) simulateHandler(w http.ResponseWriter, r *http.Request) {
	tx, ok := decodeSubmit(w, r)
	if !ok {
		return
	}
	ti, err := n.Simulate(tx)
	if err != nil {
		var rej *RejectError
		if errors.As(err, &rej) {
			// A transaction the prologue rejects simulates as Invalid with that status.
			writeJSON(w, http.StatusOK, supra.TransactionInfo{
				Hash:   "0x" + strings.Repeat("0", 64),
				Status: supra.StatusInvalid,
				Output: &supra.TxOutput{Move: supra.MoveOutput{Events: []supra.Event{}, VMStatus: rej.VMStatus}},
			})
			return
		}
		writeReject(w, err)
		return
	}
	writeJSON(w, http.StatusOK, ti)
}

func (n *Node) accountTxsHandler(w http.ResponseWriter, r *http.Request) {
	addr, count, start, ok := pageRequest(w, r)
	if !ok {
		return
	}
	n.mu.RLock()
	out := supra.AccountTransactions{Record: []supra.TransactionInfo{}}
	places, err := n.ch.txs.sent(addr, start, count)
	for _, i := range places {
		var ti supra.TransactionInfo
		if ti, err = n.ch.infoAt(i); err != nil {
			break
		}
		out.Record = append(out.Record, ti)
	}
	n.mu.RUnlock()
	if err != nil {
		n.internalError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// coinTxsHandler pages through the transactions that changed addr's coin balances; the
// cursor is the index of the next record.
func (n *Node) coinTxsHandler(w http.ResponseWriter, r *http.Request) {
	addr, count, start, ok := pageRequest(w, r)
	if !ok {
		return
	}
	n.mu.RLock()
	places, next, err := n.ch.txs.coinPage(addr, start, count)
	out := supra.CoinTransactions{Record: []supra.TransactionInfo{}, Cursor: next}
	for _, i := range places {
		var ti supra.TransactionInfo
		if ti, err = n.ch.infoAt(i); err != nil {
			break
		}
		out.Record = append(out.Record, ti)
	}
	n.mu.RUnlock()
	if err != nil {
		n.internalError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

func (n *Node) latestBlockHandler(w http.ResponseWriter, _ *http.Request) {
	n.mu.RLock()
	h := n.ch.header(n.ch.blocks.last())
	n.mu.RUnlock()
	writeJSON(w, http.StatusOK, h)
}

func (n *Node) blockByHeightHandler(w http.ResponseWriter, r *http.Request) {
	height, err := strconv.ParseUint(r.PathValue("height"), 10, 64)
	if err != nil {
		rpcError(w, http.StatusBadRequest, "invalid_input", "invalid block height")
		return
	}
	withTxs := r.URL.Query().Get("with_finalized_transactions") == "true"
	n.mu.RLock()
	defer n.mu.RUnlock()
	b, err := n.ch.blocks.at(height)
	if errors.Is(err, ErrNotFound) {
		rpcError(w, http.StatusNotFound, "block_not_found", fmt.Sprintf("Block not found: %d", height))
		return
	}
	if err != nil {
		n.internalError(w, err)
		return
	}
	out := supra.Block{Header: n.ch.header(b), Transactions: []supra.TransactionInfo{}}
	if withTxs {
		for _, i := range b.Txs {
			ti, err := n.ch.infoAt(i)
			if err != nil {
				n.internalError(w, err)
				return
			}
			out.Transactions = append(out.Transactions, ti)
		}
	}
	writeJSON(w, http.StatusOK, out)
}

// eventsHandler returns events of a type in blocks [start, end) (at most 10 blocks, like
// the node). A type without type arguments also matches its generic instances.
func (n *Node) eventsHandler(w http.ResponseWriter, r *http.Request) {
	want, err := supra.NormalizeTypeString(r.PathValue("type"))
	if err != nil {
		rpcError(w, http.StatusBadRequest, "invalid_input", err.Error())
		return
	}
	n.mu.RLock()
	defer n.mu.RUnlock()
	latest := n.ch.height()
	end, err1 := queryUint(r, "end", latest+1)
	start, err2 := queryUint(r, "start", 0)
	if err := errors.Join(err1, err2); err != nil {
		rpcError(w, http.StatusBadRequest, "invalid_input", err.Error())
		return
	}
	if r.URL.Query().Get("start") == "" && end > maxEventBlocks {
		start = end - maxEventBlocks
	}
	if end < start || end-start > maxEventBlocks {
		rpcError(w, http.StatusBadRequest, "invalid_input",
			fmt.Sprintf("Invalid block range [%d, %d): at most %d blocks, end exclusive", start, end, maxEventBlocks))
		return
	}
	end = min(end, latest+1)
	out := supra.EventsResponse{Data: []supra.Event{}}
	filter := eventFilterOf(want)
	rd := n.ch.txs.reader()
	for h := start; h < end; h++ {
		b, err := n.ch.blocks.at(h)
		if err != nil {
			n.internalError(w, err)
			return
		}
		for _, i := range b.Txs {
			may, err := rd.mayHaveEvent(i, filter)
			if err != nil {
				n.internalError(w, err)
				return
			}
			if !may {
				continue
			}
			rec, err := rd.at(i)
			if err != nil {
				n.internalError(w, err)
				return
			}
			for _, e := range rec.Output.Move.Events {
				if eventMatches(e.Type, want) {
					out.Data = append(out.Data, e)
				}
			}
		}
	}
	writeJSON(w, http.StatusOK, out)
}
