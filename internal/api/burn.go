package api

// Burn endpoints. Shapes:
//
// POST /api/v1/burn/build {"sender":"0x…","token":"LUCKY","amount":"1000.5"}
//   amount is whole tokens as a decimal string (at most the token's decimals), parsed
//   exactly; the answer is {rawTransaction, summary} like every build endpoint, the
//   summary adding {token, amountBase, burnAddress}.
//
// GET /api/v1/burns/{hash} — a verified burn, read from the node, with its certificate's
// figures (burn_figures.go):
//
//	{"txHash","burner","burnAddress","amount":"1000000000" (base units),
//	 "token":{"name","symbol","coinType","decimals","logo"},
//	 "blockNumber":"12","timestamp":"2026-…Z","network":"devnet",
//	 "certificateUrl":"/api/v1/burns/0x…/certificate.png","url":"/burn/0x…",
//	 "shareOfSupply":{"percent":"0.0000007","totalSupply","source"}|null,"shareOfSupplyNote",
//	 "burnerTotal":{"amount","burns"}|null,"burnerTotalNote",
//	 "qr":{"url","size","modules":["0101…",…]}}
//
//	404 not_found: no such transaction, or not final yet; 422 not_a_burn: failed, not a
//	transfer to the burn address, or a coin outside the token list (the message says which).
//
// GET /api/v1/burns/{hash}/certificate.png — the certificate image (1200×630), the same
// checks first.
//
// GET /api/v1/accounts/{address}/burns[?limit=] — the account's recent burns, newest
// first, plus the total LUCKY held by the burn address:
//
//	{"address","burns":[{…as above…}],"totalLuckyBurned":{"amount","decimals"}|null}

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/luckycoin/lucky/internal/amount"
	"github.com/luckycoin/lucky/internal/certificate"
	"github.com/luckycoin/lucky/internal/chain"
	"github.com/luckycoin/lucky/internal/config"
	"github.com/luckycoin/lucky/internal/market"
	"github.com/luckycoin/lucky/internal/supra"
	"github.com/luckycoin/lucky/internal/tokens"
)

// Burn messages. The first two are the spec's; the rest say what the spec leaves unsaid.
const (
	MsgBurnInvalid      = "Connect your wallet and enter a valid amount!"
	MsgBurnInsufficient = "Insufficient balance!"
	MsgNotBurnable      = "%s cannot be burned here: the burn list excludes SUPRA, dexUSDC and CASH."
	CodeNotBurnable     = "not_burnable"
	CodeNotABurn        = "not_a_burn"
)

type burnRequest struct {
	Sender string `json:"sender"`
	Token  string `json:"token"`
	Amount string `json:"amount"`
	feeRequest
}

type burnSummary struct {
	chain.Summary
	Token       string `json:"token"`
	AmountBase  string `json:"amountBase"`
	BurnAddress string `json:"burnAddress"`
}

// BuildBurn serves POST /api/v1/burn/build: the transfer of the amount to the burn
// address, after the token is checked against the burn list and the balance is read.
func (h *Handler) BuildBurn(w http.ResponseWriter, r *http.Request) {
	if h.refuseOff(w, r, chain.FeatureBurn) {
		return
	}
	var req burnRequest
	if !h.readBody(w, r, &req) {
		return
	}
	if strings.TrimSpace(req.Sender) == "" || strings.TrimSpace(req.Amount) == "" {
		h.fail(w, r, &chain.InputError{Code: chain.CodeInvalidAmount, Msg: MsgBurnInvalid})
		return
	}
	sender, err := supra.ParseAddress(req.Sender)
	if err != nil {
		h.fail(w, r, &chain.InputError{Code: chain.CodeInvalidAddress, Msg: err.Error()})
		return
	}
	tok, ok := h.tokens.ByName(strings.TrimSpace(req.Token))
	if !ok {
		tok, ok = h.tokens.ByCoinType(strings.TrimSpace(req.Token))
	}
	if !ok {
		h.fail(w, r, &chain.InputError{Code: chain.CodeUnknownToken, Msg: fmt.Sprintf("Unknown token %q.", req.Token)})
		return
	}
	if !tok.Burnable {
		WriteError(w, r, h.log, http.StatusBadRequest, CodeNotBurnable, fmt.Sprintf(MsgNotBurnable, tok.Name))
		return
	}
	amt, err := amount.ParseUint64(strings.TrimSpace(req.Amount), tok.Decimals)
	if err != nil || amt == 0 {
		h.fail(w, r, &chain.InputError{Code: chain.CodeInvalidAmount, Msg: MsgBurnInvalid})
		return
	}
	bal, err := h.coins.CoinBalance(r.Context(), sender, tok.Coin())
	if err != nil {
		h.fail(w, r, err)
		return
	}
	if bal < amt {
		h.fail(w, r, &chain.InputError{Code: chain.CodeInsufficient, Msg: MsgBurnInsufficient})
		return
	}
	b, err := h.burns.BuildBurn(r.Context(), sender, tok.Coin(), amt)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	h.writeBuilt(w, r, b, req.feeRequest, func() any {
		return burnSummary{Summary: b.Summary, Token: tok.Name, AmountBase: strconv.FormatUint(amt, 10), BurnAddress: h.net.Modules.BurnAddress}
	})
}

type burnJSON struct {
	TxHash         string       `json:"txHash"`
	Burner         string       `json:"burner"`
	BurnAddress    string       `json:"burnAddress"`
	Amount         string       `json:"amount"`
	Token          tokenRefJSON `json:"token"`
	BlockNumber    string       `json:"blockNumber"`
	Timestamp      time.Time    `json:"timestamp"`
	Network        string       `json:"network"`
	CertificateURL string       `json:"certificateUrl"`
	URL            string       `json:"url"`
}

func (h *Handler) burnOut(b chain.Burn) burnJSON {
	return newBurnJSON(h.net, b.TxHash, b.Burner.String(), strconv.FormatUint(b.Amount, 10), tokenRef(b.Token), b.Block, b.Time)
}

// newBurnJSON is the one shape of a burn: verified against the node (burnOut) or read
// from the event index (GET /api/v1/burns).
func newBurnJSON(net config.Network, txHash, burner, amount string, tok tokenRefJSON, block uint64, at time.Time) burnJSON {
	hash := strings.ToLower(txHash)
	return burnJSON{
		TxHash: hash, Burner: burner, BurnAddress: net.Modules.BurnAddress, Amount: amount, Token: tok,
		BlockNumber: strconv.FormatUint(block, 10), Timestamp: at.UTC(), Network: net.Name,
		CertificateURL: "/api/v1/burns/" + hash + "/certificate.png", URL: "/burn/" + hash,
	}
}

func tokenRef(t tokens.Token) tokenRefJSON {
	return tokenRefJSON{Name: t.Name, Symbol: t.Symbol, CoinType: t.CoinType, Decimals: t.Decimals, Logo: t.Logo}
}

// errBadHash is an invalid {hash}.
var errBadHash = errors.New("invalid transaction hash")

// verifiedBurn reads the transaction and checks it is a burn (chain.BurnOf).
func (h *Handler) verifiedBurn(ctx context.Context, raw string) (chain.Burn, error) {
	hash, ok := parseTxHash(raw)
	if !ok {
		return chain.Burn{}, errBadHash
	}
	tx, err := h.node.Transaction(ctx, hash)
	if err != nil {
		return chain.Burn{}, err
	}
	return h.burns.BurnOf(tx)
}

// failBurn writes the error of verifiedBurn.
func (h *Handler) failBurn(w http.ResponseWriter, r *http.Request, err error) {
	switch {
	case errors.Is(err, errBadHash):
		WriteError(w, r, h.log, http.StatusBadRequest, CodeInvalidHash, "Invalid transaction hash: expected 64 hex digits.")
	case errors.Is(err, supra.ErrTxNotFound):
		WriteError(w, r, h.log, http.StatusNotFound, CodeNotFound, "No transaction with this hash on chain.")
	case errors.Is(err, chain.ErrBurnPending):
		WriteError(w, r, h.log, http.StatusNotFound, CodeNotFound, "The transaction is not final yet: try again in a few seconds.")
	case errors.Is(err, chain.ErrBurnFailed):
		WriteError(w, r, h.log, http.StatusUnprocessableEntity, CodeNotABurn, "Not a burn: this transaction failed on chain, so nothing was burned.")
	case errors.Is(err, chain.ErrNotToBurn):
		WriteError(w, r, h.log, http.StatusUnprocessableEntity, CodeNotABurn, "Not a burn: this transaction sends no tokens to the burn address.")
	case errors.Is(err, chain.ErrUnknownCoin):
		WriteError(w, r, h.log, http.StatusUnprocessableEntity, CodeNotABurn, "Not a burn of a listed token: the burned coin is not in the token list.")
	default:
		h.fail(w, r, err)
	}
}

// GetBurn serves GET /api/v1/burns/{hash}: the burn, verified against the chain.
func (h *Handler) GetBurn(w http.ResponseWriter, r *http.Request) {
	b, err := h.verifiedBurn(r.Context(), r.PathValue("hash"))
	if err != nil {
		h.failBurn(w, r, err)
		return
	}
	f, err := h.figures(r.Context(), r, b)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	WriteJSON(w, http.StatusOK, h.burnDetail(b, f))
}

// certificateData is what the certificate of b shows.
func (h *Handler) certificateData(b chain.Burn) certificate.Data {
	return certificate.Data{
		Amount: amount.Group(amount.Exact(new(big.Int).SetUint64(b.Amount), b.Token.Decimals)),
		Symbol: b.Token.Symbol, Token: b.Token.Name, Burner: b.Burner.String(), TxHash: strings.ToLower(b.TxHash),
		Time: b.Time, Block: b.Block, Network: h.net.Name,
	}
}

// GetBurnCertificate serves GET /api/v1/burns/{hash}/certificate.png. A verified burn is
// final, so once its figures are too its image never changes: it is drawn once, kept by
// hash and page address (the QR code holds it), and cached by browsers and link-preview
// crawlers for a year. While a figure is missing for a passing reason (the index behind,
// a node read failed) the image is drawn afresh and not cached.
func (h *Handler) GetBurnCertificate(w http.ResponseWriter, r *http.Request) {
	b, err := h.verifiedBurn(r.Context(), r.PathValue("hash"))
	if err != nil {
		h.failBurn(w, r, err)
		return
	}
	key := strings.ToLower(b.TxHash) + " " + h.origin(r)
	png, cached := h.certs.lookup(key)
	final := cached
	if !cached {
		f, err := h.figures(r.Context(), r, b)
		if err != nil {
			h.fail(w, r, err)
			return
		}
		d := h.certificateData(b)
		d.Logo = h.logo(b.Token)
		certificateFigures(&d, b, f)
		if png, err = certificate.Render(d); err != nil {
			h.fail(w, r, err)
			return
		}
		if final = f.final; final {
			h.certs.put(key, png)
		}
	}
	hdr := w.Header()
	hdr.Set("Content-Type", "image/png")
	hdr.Set("Content-Length", strconv.Itoa(len(png)))
	if final {
		hdr.Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		hdr.Set("Cache-Control", "no-store")
	}
	hdr.Set("Content-Disposition", `inline; filename="burn-certificate-`+strings.TrimPrefix(strings.ToLower(b.TxHash), "0x")[:8]+`.png"`)
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		_, _ = w.Write(png)
	}
}

type accountBurnsResponse struct {
	Address          string      `json:"address"`
	Burns            []burnJSON  `json:"burns"`
	TotalLuckyBurned *amountJSON `json:"totalLuckyBurned"`
}

// GetAccountBurns serves GET /api/v1/accounts/{address}/burns[?limit=]: the account's
// recent burns from its transactions on the node, and the LUCKY held by the burn address
// (the market snapshot's figure, the one the dashboard shows).
func (h *Handler) GetAccountBurns(w http.ResponseWriter, r *http.Request) {
	addr, ok := h.pathAddress(w, r)
	if !ok {
		return
	}
	limit := chain.DefaultHistoryLimit
	if s := r.URL.Query().Get("limit"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 || n > chain.MaxHistoryLimit {
			WriteError(w, r, h.log, http.StatusBadRequest, CodeInvalidQuery,
				fmt.Sprintf("limit must be a whole number from 1 to %d.", chain.MaxHistoryLimit))
			return
		}
		limit = n
	}
	burns, err := h.burns.BurnHistory(r.Context(), addr, limit)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	snap, err := h.market.Snapshot(r.Context(), false)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	out := accountBurnsResponse{Address: addr.String(), Burns: make([]burnJSON, 0, len(burns))}
	for _, b := range burns {
		out.Burns = append(out.Burns, h.burnOut(b))
	}
	if m := snap.Lucky.Market; m.Token.Name != "" && m.Burned != nil {
		out.TotalLuckyBurned = &amountJSON{Amount: m.Burned.String(), Decimals: m.Token.Decimals}
	}
	WriteJSON(w, http.StatusOK, out)
}

// BurnCard is what a shared link to /burn/{hash} previews (Open Graph and Twitter card).
// The values are plain text: the server escapes them when it writes the HTML.
type BurnCard struct {
	Title       string
	Description string
	// ImagePath and PagePath are absolute paths; the server prefixes its origin.
	ImagePath, PagePath string
}

// BurnCard verifies the burn of hash and returns its link preview; an error (anything
// BurnOf refuses, or the node failing) means the page gets no preview tags.
func (h *Handler) BurnCard(ctx context.Context, hash string) (BurnCard, error) {
	b, err := h.verifiedBurn(ctx, hash)
	if err != nil {
		return BurnCard{}, err
	}
	d := h.certificateData(b)
	out := h.burnOut(b)
	date := ""
	if !b.Time.IsZero() {
		date = " on " + b.Time.Format("2 Jan 2006")
	}
	return BurnCard{
		Title: fmt.Sprintf("%s %s burned: LuckyCoin burn certificate", d.Amount, d.Symbol),
		Description: fmt.Sprintf("%s burned %s %s (%s)%s. Verified on chain, transaction %s.",
			shortHex(d.Burner), d.Amount, d.Symbol, d.Token, date, shortHex(d.TxHash)),
		ImagePath: out.CertificateURL, PagePath: out.URL,
	}, nil
}

func shortHex(s string) string {
	if len(s) <= 14 {
		return s
	}
	return s[:8] + "…" + s[len(s)-6:]
}

// certCache keeps rendered certificates by transaction hash and page address, at most max
// of them (the oldest leaves first): the image of a final burn never changes.
type certCache struct {
	mu    sync.Mutex
	max   int
	m     map[string][]byte
	order []string
}

func newCertCache(max int) *certCache { return &certCache{max: max, m: map[string][]byte{}} }

func (c *certCache) lookup(key string) ([]byte, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	b, ok := c.m[key]
	return b, ok
}

func (c *certCache) put(key string, b []byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.m[key]; ok {
		return
	}
	if len(c.order) >= c.max {
		delete(c.m, c.order[0])
		c.order = c.order[1:]
	}
	c.m[key] = b
	c.order = append(c.order, key)
}

// premiumThreshold is PremiumLucky in base units of the app's token (nil without one).
func premiumThreshold(reg *tokens.Registry) *amountJSON {
	t, ok := reg.App()
	if !ok {
		return nil
	}
	v := new(big.Int).Mul(big.NewInt(market.PremiumLucky), new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(t.Decimals)), nil))
	return &amountJSON{Amount: v.String(), Decimals: t.Decimals}
}
