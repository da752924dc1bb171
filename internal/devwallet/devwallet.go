// Package devwallet is the devnet's stand-in for the StarKey browser extension: the
// script that defines window.starkey.supra in the page, and the endpoints it calls. The
// keys never leave Go: the wallet asks these endpoints to sign with a dev account, and
// the signed transaction goes through the node's normal submit path, where its signature
// is verified like any other.
//
// It is a client of the node (over the supra RPC client), not part of it, and builds
// transactions with supra.TxBuilder: the app's defaults (max gas, gas price floor,
// expiry), in one place.
package devwallet

import (
	"context"
	"crypto/ed25519"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/luckycoin/lucky/internal/supra"
)

//go:embed wallet.js
var script []byte

//go:embed wallet.css
var style []byte

// Account is a dev account the wallet can sign for.
type Account struct {
	Address    supra.Address
	PrivateKey ed25519.PrivateKey
}

// Node is what the wallet needs of a node: what building a transaction reads, and submit.
type Node interface {
	supra.TxNode
	Submit(ctx context.Context, body any) (string, error)
}

// Wallet serves the dev wallet; it is an http.Handler for the routes below.
type Wallet struct {
	accounts []Account
	node     Node
	tx       *supra.TxBuilder
	log      *slog.Logger
	mux      *http.ServeMux
}

// Routes the wallet serves (server mounts Paths on its one route table).
const (
	PathScript = "/devnet/wallet.js"
	PathStyle  = "/devnet/wallet.css"
	// PathPrefix holds the endpoints the script calls: send, decode, raw, sign-message.
	PathPrefix = "/devnet/wallet/"
)

// New returns the wallet for the given dev accounts (index i is account i). now is the
// chain's clock, which the transactions it builds expire by (the devnet's moves ahead of
// the wall clock with /devnet/time/advance); nil is the wall clock.
func New(accounts []Account, node Node, now func() time.Time, log *slog.Logger) *Wallet {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	w := &Wallet{accounts: accounts, node: node, tx: &supra.TxBuilder{Node: node, Now: now}, log: log, mux: http.NewServeMux()}
	w.mux.HandleFunc("GET "+PathScript, w.Script)
	w.mux.HandleFunc("GET "+PathStyle, w.Style)
	w.mux.HandleFunc("POST "+PathPrefix+"send", w.Send)
	w.mux.HandleFunc("POST "+PathPrefix+"decode", w.Decode)
	w.mux.HandleFunc("POST "+PathPrefix+"raw", w.RawTransaction)
	w.mux.HandleFunc("POST "+PathPrefix+"sign-message", w.SignMessage)
	w.mux.HandleFunc(PathPrefix, func(rw http.ResponseWriter, r *http.Request) {
		writeJSON(rw, http.StatusNotFound, map[string]any{"error": map[string]string{"code": "not_found", "message": "No such dev wallet endpoint."}})
	})
	return w
}

// ServeHTTP serves the script, the style sheet and the endpoints under PathPrefix.
func (w *Wallet) ServeHTTP(rw http.ResponseWriter, r *http.Request) { w.mux.ServeHTTP(rw, r) }

// Errors answered as 400 with the message shown in the wallet panel and to the app.
var (
	errBadRequest = errors.New("devwallet: bad request")
	errAccount    = errors.New("devwallet: no such dev account")
)

// Script serves GET /devnet/wallet.js.
func (w *Wallet) Script(rw http.ResponseWriter, _ *http.Request) {
	rw.Header().Set("Content-Type", "text/javascript; charset=utf-8")
	rw.Header().Set("Cache-Control", "no-cache")
	_, _ = rw.Write(script)
}

// Style serves GET /devnet/wallet.css.
func (w *Wallet) Style(rw http.ResponseWriter, _ *http.Request) {
	rw.Header().Set("Content-Type", "text/css; charset=utf-8")
	rw.Header().Set("Cache-Control", "no-cache")
	_, _ = rw.Write(style)
}

type sendRequest struct {
	Account        int    `json:"account"`
	RawTransaction string `json:"rawTransaction"`
	To             string `json:"to"`
	Value          string `json:"value"`
}

// Send serves POST /devnet/wallet/send: sign a raw transaction (hex BCS, as StarKey's
// sendTransaction receives it) with the dev account, or build a plain SUPRA transfer
// from {to, value}, then submit it to the node. Answers {"hash":"0x…"}.
func (w *Wallet) Send(rw http.ResponseWriter, r *http.Request) {
	var req sendRequest
	if !w.decode(rw, r, &req) {
		return
	}
	acct, err := w.account(req.Account)
	if err != nil {
		w.fail(rw, r, err)
		return
	}
	var raw *supra.RawTransaction
	if req.RawTransaction != "" {
		raw, err = decodeRaw(req.RawTransaction)
		if err == nil && raw.Sender != acct.Address {
			err = fmt.Errorf("%w: the transaction's sender %s is not dev account #%d (%s)", errBadRequest, raw.Sender, req.Account, acct.Address)
		}
	} else {
		raw, err = w.transfer(r.Context(), acct.Address, req.To, req.Value)
	}
	if err != nil {
		w.fail(rw, r, err)
		return
	}
	signed, err := supra.Sign(raw, acct.PrivateKey)
	if err != nil {
		w.fail(rw, r, err)
		return
	}
	hash, err := w.node.Submit(r.Context(), supra.NewSubmitBody(signed))
	if err != nil {
		w.fail(rw, r, err)
		return
	}
	writeJSON(rw, http.StatusOK, map[string]string{"hash": hash})
}

// transfer builds 0x1::supra_account::transfer(to, value) for a plain SUPRA send.
func (w *Wallet) transfer(ctx context.Context, sender supra.Address, toText, value string) (*supra.RawTransaction, error) {
	to, err := supra.ParseAddress(toText)
	if err != nil {
		return nil, fmt.Errorf("%w: recipient: %v", errBadRequest, err)
	}
	amount, err := strconv.ParseUint(value, 10, 64)
	if err != nil || amount == 0 {
		return nil, fmt.Errorf("%w: value must be a positive whole number of base units", errBadRequest)
	}
	return w.tx.Build(ctx, sender, supra.EntryFunction{
		Module:   supra.ModuleID{Address: supra.FrameworkAddress, Name: "supra_account"},
		Function: "transfer",
		Args:     [][]byte{supra.ArgAddress(to), supra.ArgU64(amount)},
	})
}

// Decode serves POST /devnet/wallet/decode: what a raw transaction does, for the panel.
func (w *Wallet) Decode(rw http.ResponseWriter, r *http.Request) {
	var req struct {
		RawTransaction string `json:"rawTransaction"`
	}
	if !w.decode(rw, r, &req) {
		return
	}
	raw, err := decodeRaw(req.RawTransaction)
	if err != nil {
		w.fail(rw, r, err)
		return
	}
	writeJSON(rw, http.StatusOK, describe(raw))
}

// describe is a person-readable summary of a raw transaction.
func describe(raw *supra.RawTransaction) map[string]any {
	tys := make([]string, len(raw.Payload.TypeArgs))
	for i, t := range raw.Payload.TypeArgs {
		tys[i] = t.String()
	}
	args := make([]string, len(raw.Payload.Args))
	for i, a := range raw.Payload.Args {
		args[i] = supra.EncodeHex(a)
	}
	return map[string]any{
		"function":      raw.Payload.Module.String() + "::" + raw.Payload.Function,
		"typeArguments": tys,
		"arguments":     args,
		"sender":        raw.Sender.String(),
		"maxGas":        strconv.FormatUint(raw.MaxGasAmount, 10),
		"gasUnitPrice":  strconv.FormatUint(raw.GasUnitPrice, 10),
		"expires":       time.Unix(int64(raw.ExpirationTimestampSecs), 0).UTC().Format(time.RFC3339),
		"chainId":       raw.ChainID,
	}
}

// RawTransaction serves POST /devnet/wallet/raw: StarKey's deprecated
// createRawTransactionData, whose payload is positional:
// [sender, sequenceNumber, moduleAddress, moduleName, functionName, typeArgs (strings),
// args (BCS byte arrays), {maxGas?, gasUnitPrice?, txExpiryTime?}]. A sequence number of 0
// is replaced by the account's current one, as apps pass 0 there.
func (w *Wallet) RawTransaction(rw http.ResponseWriter, r *http.Request) {
	var req struct {
		Payload []json.RawMessage `json:"payload"`
	}
	if !w.decode(rw, r, &req) {
		return
	}
	raw, err := w.fromPayload(r.Context(), req.Payload)
	if err != nil {
		w.fail(rw, r, err)
		return
	}
	b, err := raw.Bytes()
	if err != nil {
		w.fail(rw, r, err)
		return
	}
	writeJSON(rw, http.StatusOK, map[string]string{"rawTransaction": strings.TrimPrefix(supra.EncodeHex(b), "0x")})
}

func (w *Wallet) fromPayload(ctx context.Context, p []json.RawMessage) (*supra.RawTransaction, error) {
	if len(p) < 7 {
		return nil, fmt.Errorf("%w: payload needs at least 7 elements, got %d", errBadRequest, len(p))
	}
	var (
		senderText, moduleAddr, moduleName, function string
		seq                                          json.Number
		typeArgs                                     []string
		args                                         [][]int
		opts                                         struct{ MaxGas, GasUnitPrice, TxExpiryTime json.Number }
	)
	parts := []any{&senderText, &seq, &moduleAddr, &moduleName, &function, &typeArgs, &args}
	for i, dst := range parts {
		if err := json.Unmarshal(p[i], dst); err != nil {
			return nil, fmt.Errorf("%w: payload element %d: %v", errBadRequest, i, err)
		}
	}
	if len(p) > 7 {
		_ = json.Unmarshal(p[7], &opts)
	}
	sender, err := supra.ParseAddress(senderText)
	if err != nil {
		return nil, fmt.Errorf("%w: sender: %v", errBadRequest, err)
	}
	modAddr, err := supra.ParseAddress(moduleAddr)
	if err != nil {
		return nil, fmt.Errorf("%w: module address: %v", errBadRequest, err)
	}
	ef := supra.EntryFunction{Module: supra.ModuleID{Address: modAddr, Name: moduleName}, Function: function}
	for _, t := range typeArgs {
		tag, err := supra.ParseTypeTag(t)
		if err != nil {
			return nil, fmt.Errorf("%w: type argument %q: %v", errBadRequest, t, err)
		}
		ef.TypeArgs = append(ef.TypeArgs, tag)
	}
	for i, a := range args {
		b := make([]byte, len(a))
		for j, v := range a {
			if v < 0 || v > 255 {
				return nil, fmt.Errorf("%w: argument %d is not a byte array", errBadRequest, i)
			}
			b[j] = byte(v)
		}
		ef.Args = append(ef.Args, b)
	}
	// The app's builder and defaults; the payload's own sequence number (apps pass 0
	// there, meaning "the current one") and options override them.
	raw, err := w.tx.Build(ctx, sender, ef)
	if err != nil {
		return nil, err
	}
	if n, _ := strconv.ParseUint(seq.String(), 10, 64); n != 0 {
		raw.SequenceNumber = n
	}
	if v, err := strconv.ParseUint(opts.MaxGas.String(), 10, 64); err == nil && v > 0 {
		raw.MaxGasAmount = v
	}
	if v, err := strconv.ParseUint(opts.GasUnitPrice.String(), 10, 64); err == nil && v > 0 {
		raw.GasUnitPrice = v
	}
	if v, err := strconv.ParseUint(opts.TxExpiryTime.String(), 10, 64); err == nil && v > 0 {
		raw.ExpirationTimestampSecs = v
	}
	return raw, nil
}

// SignMessage serves POST /devnet/wallet/sign-message: Ed25519 over the raw message bytes
// (the message is "0x"+hex of UTF-8 text, as StarKey takes it), no prefix.
func (w *Wallet) SignMessage(rw http.ResponseWriter, r *http.Request) {
	var req struct {
		Account int    `json:"account"`
		Message string `json:"message"`
	}
	if !w.decode(rw, r, &req) {
		return
	}
	acct, err := w.account(req.Account)
	if err != nil {
		w.fail(rw, r, err)
		return
	}
	msg, err := supra.DecodeHex(req.Message)
	if err != nil {
		msg = []byte(req.Message) // plain text is signed as its UTF-8 bytes
	}
	writeJSON(rw, http.StatusOK, map[string]string{
		"publicKey": supra.EncodeHex(acct.PrivateKey.Public().(ed25519.PublicKey)),
		"signature": supra.EncodeHex(ed25519.Sign(acct.PrivateKey, msg)),
		"address":   acct.Address.String(),
	})
}

func (w *Wallet) account(i int) (Account, error) {
	if i < 0 || i >= len(w.accounts) {
		return Account{}, fmt.Errorf("%w: #%d (there are %d)", errAccount, i, len(w.accounts))
	}
	return w.accounts[i], nil
}

func decodeRaw(hexText string) (*supra.RawTransaction, error) {
	b, err := supra.DecodeHex(hexText)
	if err != nil {
		return nil, fmt.Errorf("%w: rawTransaction is not hex: %v", errBadRequest, err)
	}
	raw, err := supra.DecodeRawTransaction(b)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", errBadRequest, err)
	}
	return raw, nil
}

func (w *Wallet) decode(rw http.ResponseWriter, r *http.Request, dst any) bool {
	r.Body = http.MaxBytesReader(rw, r.Body, 1<<20)
	if err := json.NewDecoder(r.Body).Decode(dst); err != nil {
		w.fail(rw, r, fmt.Errorf("%w: body: %v", errBadRequest, err))
		return false
	}
	return true
}

// fail answers in the one error shape. Node rejections (bad sequence number, expired...)
// are the client's problem (400) and keep the node's message. A node that did not answer
// (timeout, 5xx, an empty answer) is a 504 or 502: the transaction may or may not have
// been sent, which the caller must not take for a success.
func (w *Wallet) fail(rw http.ResponseWriter, r *http.Request, err error) {
	status, code := http.StatusBadRequest, "bad_request"
	var ne *supra.NodeError
	rejected := errors.As(err, &ne) && ne.Status < http.StatusInternalServerError
	msg := err.Error()
	switch {
	case errors.Is(err, errAccount):
		code = "unknown_account"
	case errors.Is(err, context.DeadlineExceeded):
		status, code, msg = http.StatusGatewayTimeout, "node_timeout", "The chain node did not answer in time."
		w.log.Error("dev wallet", "path", r.URL.Path, "err", err)
	case supra.NodeFailed(err):
		status, code, msg = http.StatusBadGateway, "node_error", "The chain node failed to answer."
		w.log.Error("dev wallet", "path", r.URL.Path, "err", err)
	case rejected:
		code = "rejected"
		if ne.Code != "" {
			code = ne.Code
		}
		if ne.Message != "" {
			msg = ne.Message
		}
	case errors.Is(err, errBadRequest), errors.Is(err, supra.ErrAccountNotFound):
	default:
		status, code = http.StatusBadGateway, "node_unavailable"
		w.log.Error("dev wallet", "path", r.URL.Path, "err", err)
	}
	msg = strings.TrimPrefix(msg, "devwallet: bad request: ")
	writeJSON(rw, status, map[string]any{"error": map[string]string{"code": code, "message": msg}})
}

func writeJSON(rw http.ResponseWriter, status int, v any) {
	rw.Header().Set("Content-Type", "application/json; charset=utf-8")
	rw.Header().Set("Cache-Control", "no-store")
	rw.WriteHeader(status)
	_ = json.NewEncoder(rw).Encode(v)
}
