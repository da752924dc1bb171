package devnet

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"

	"crypto/sha3"

	"github.com/luckycoin/lucky/internal/supra"
)

// InjectedEventFunction is the entry function an injected event's transaction shows
// unless the request names another.
const InjectedEventFunction = "0x1::devnet::inject_event"

// ErrBadEvent: an event to inject that the node cannot carry (no struct type, data that
// is not a JSON object, a call that does not parse).
var ErrBadEvent = errors.New("devnet: bad event to inject")

// InjectTx is what the transaction carrying an injected event shows; zero values are the
// defaults (sent by 0x1, calling InjectedEventFunction without arguments).
type InjectTx struct {
	Sender        string            `json:"sender"`
	Function      string            `json:"function"`
	TypeArguments []string          `json:"type_arguments"`
	Arguments     []json.RawMessage `json:"arguments"`
}

// InjectEvent appends a block holding one successful transaction whose output carries one
// event of eventType with data, as given: nothing checks the data against any contract,
// so tests can feed the app hostile or unexpected chain data. Only the chain's history
// changes (no balance, no sequence number, no per-account listing). It returns the
// transaction's hash and the block's height.
func (n *Node) InjectEvent(eventType string, data json.RawMessage, tx InjectTx) (string, uint64, error) {
	if _, err := supra.ParseStructTag(eventType); err != nil {
		return "", 0, fmt.Errorf("%w: type %q is not a struct type such as 0x1::coin::CoinDeposit: %v", ErrBadEvent, eventType, err)
	}
	if t := bytes.TrimSpace(data); len(t) == 0 || t[0] != '{' || !json.Valid(t) {
		return "", 0, fmt.Errorf("%w: data must be a JSON object", ErrBadEvent)
	}
	sender := supra.FrameworkAddress
	var err error
	if tx.Sender != "" {
		if sender, err = supra.ParseAddress(tx.Sender); err != nil {
			return "", 0, fmt.Errorf("%w: sender: %v", ErrBadEvent, err)
		}
	}
	fn := InjectedEventFunction
	if tx.Function != "" {
		fid, err := supra.ParseFunctionID(tx.Function)
		if err != nil {
			return "", 0, fmt.Errorf("%w: function: %v", ErrBadEvent, err)
		}
		fn = fid.String()
	}
	tys := []string{}
	for _, t := range tx.TypeArguments {
		tag, err := supra.ParseTypeTag(t)
		if err != nil {
			return "", 0, fmt.Errorf("%w: type argument %q: %v", ErrBadEvent, t, err)
		}
		tys = append(tys, tag.String())
	}
	args := []any{}
	for i, a := range tx.Arguments {
		var v any
		if err := json.Unmarshal(a, &v); err != nil {
			return "", 0, fmt.Errorf("%w: argument %d: %v", ErrBadEvent, i, err)
		}
		args = append(args, v)
	}
	var compact bytes.Buffer
	if err := json.Compact(&compact, data); err != nil {
		return "", 0, fmt.Errorf("%w: data: %v", ErrBadEvent, err)
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.closed {
		return "", 0, ErrClosed
	}
	c := n.ch
	if c.open != nil && len(c.open.Txs) > 0 {
		c.seal(n.now) // the injected transaction gets a block of its own
	}
	b := c.openBlock()
	h := sha3.New256()
	h.Write([]byte("LUCKY::DevnetInjectedTx"))
	h.Write(binary.LittleEndian.AppendUint64(nil, b.Height))
	h.Write(binary.LittleEndian.AppendUint64(nil, uint64(c.txs.len())))
	h.Write([]byte(eventType))
	h.Write(compact.Bytes())
	var hash [32]byte
	h.Sum(hash[:0])
	ev := supra.Event{GUID: supra.EventGUID{AccountAddress: "0x0"}, Type: eventType, Data: compact.Bytes()}
	rec := &txRecord{Hash: hash, Sender: sender, Height: b.Height, Status: supra.StatusSuccess}
	rec.Output = supra.TxOutput{Move: supra.MoveOutput{Events: []supra.Event{ev}, VMStatus: supra.VMStatusSuccess}}
	rec.Info = supra.TransactionInfo{
		Authenticator: supra.TxAuthenticatorInfo{Move: map[string]supra.Ed25519AuthJSON{}},
		Hash:          supra.EncodeHex(hash[:]),
		Header: supra.TxHeader{ChainID: ChainID, ExpirationTimestamp: supra.NewTimestamp(b.Time),
			Sender: supra.SenderInfo{Move: sender.String()}},
		Payload: supra.TxPayloadInfo{Move: supra.EntryFunctionPayloadInfo{Type: "entry_function_payload",
			Function: fn, TypeArguments: tys, Arguments: args}},
	}
	b.Txs = append(b.Txs, c.txs.len())
	c.txs.add(rec)
	c.seal(n.now)
	n.log.Debug("devnet: injected event", "type", eventType, "hash", rec.Info.Hash, "height", rec.Height)
	return rec.Info.Hash, rec.Height, nil
}

// injectHandler serves POST /devnet/events {"type", "data", optional "sender",
// "function", "type_arguments", "arguments"}.
func (n *Node) injectHandler(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Type string          `json:"type"`
		Data json.RawMessage `json:"data"`
		InjectTx
	}
	body, ok := readAdminBytes(w, r)
	if !ok {
		return
	}
	if err := json.Unmarshal(body, &req); err != nil {
		adminError(w, http.StatusBadRequest, "invalid_body", "body must be {\"type\": \"<event type>\", \"data\": {…}}: "+err.Error())
		return
	}
	hash, height, err := n.InjectEvent(req.Type, req.Data, req.InjectTx)
	switch {
	case errors.Is(err, ErrBadEvent):
		adminError(w, http.StatusBadRequest, "invalid_body", err.Error())
		return
	case err != nil:
		adminError(w, http.StatusServiceUnavailable, "unavailable", err.Error())
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"hash": hash, "height": height})
}
