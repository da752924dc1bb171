package api

// The figures a burn certificate adds to the burn itself (GET /api/v1/burns/{hash} and its
// PNG): the share of the token's supply the burn is, the burner's running total of that
// token, the token's logo and a QR code of the certificate page.

import (
	"context"
	"errors"
	"fmt"
	"image"
	"io/fs"
	"math/big"
	"net/http"
	"path"
	"strconv"
	"strings"
	"time"

	"rsc.io/qr"

	"github.com/luckycoin/lucky/internal/amount"
	"github.com/luckycoin/lucky/internal/certificate"
	"github.com/luckycoin/lucky/internal/chain"
	"github.com/luckycoin/lucky/internal/market"
	"github.com/luckycoin/lucky/internal/store"
	"github.com/luckycoin/lucky/internal/tokens"
)

// Why a figure is missing, in the words the certificate page shows.
const (
	NoteSupplyUnknown = "The token's total supply is not known: the chain keeps none and the token list publishes none."
	NoteSupplyUnread  = "The total supply could not be read from the chain just now."
	NoteNoIndex       = "This server runs without the event index, which the running total is counted from."
	NoteIndexBehind   = "The event index has not reached this burn's block yet: reload in a few seconds."
)

// indexWaitForBurn bounds how long a certificate waits for the index to reach a burn
// just confirmed, before answering without the running total.
const indexWaitForBurn = 3 * time.Second

type supplyShareJSON struct {
	// Percent is burned / total supply × 100, truncated (sharePercent).
	Percent     string `json:"percent"`
	TotalSupply string `json:"totalSupply"`
	Source      string `json:"source"`
}

type burnerTotalJSON struct {
	Amount string `json:"amount"`
	Burns  int64  `json:"burns"`
}

type qrJSON struct {
	// URL is what the code holds: the certificate page's address.
	URL  string `json:"url"`
	Size int    `json:"size"`
	// Modules are the code's rows, "1" for a dark module, without the quiet zone.
	Modules []string `json:"modules"`
}

type burnDetailJSON struct {
	burnJSON
	ShareOfSupply     *supplyShareJSON `json:"shareOfSupply"`
	ShareOfSupplyNote *string          `json:"shareOfSupplyNote"`
	BurnerTotal       *burnerTotalJSON `json:"burnerTotal"`
	BurnerTotalNote   *string          `json:"burnerTotalNote"`
	QR                qrJSON           `json:"qr"`
}

// burnFigures are the certificate's figures of one burn.
type burnFigures struct {
	share     *supplyShareJSON
	shareNote string
	total     *big.Int
	burns     int64
	totalNote string
	pageURL   string
	code      *qr.Code
	// final: every figure is what it will always be, so the image may be cached for good;
	// false when a figure is missing for a passing reason (a node read failed, the index
	// is behind).
	final bool
}

// figures reads the burn's figures. Only the QR code can fail it: everything else
// missing is said in a note.
func (h *Handler) figures(ctx context.Context, r *http.Request, b chain.Burn) (burnFigures, error) {
	f := burnFigures{final: true, pageURL: h.origin(r) + "/burn/" + strings.ToLower(b.TxHash)}
	code, err := qr.Encode(f.pageURL, qr.M)
	if err != nil {
		return f, fmt.Errorf("burn certificate: QR code of %s: %w", f.pageURL, err)
	}
	f.code = code

	supply, source, err := h.supplyOf(ctx, b.Token)
	switch {
	case err != nil:
		h.log.Warn("burn certificate: supply not read", "token", b.Token.Name, "err", err)
		f.shareNote, f.final = NoteSupplyUnread, false
	case supply == nil || supply.Sign() == 0:
		f.shareNote = NoteSupplyUnknown
	default:
		f.share = &supplyShareJSON{Percent: sharePercent(new(big.Int).SetUint64(b.Amount), supply),
			TotalSupply: supply.String(), Source: source}
	}

	switch {
	case h.index == nil || h.index.d.Store == nil:
		f.totalNote = NoteNoIndex
	default:
		total, n, found, err := h.index.burnerTotal(ctx, b)
		switch {
		case err != nil:
			return f, err
		case !found:
			f.totalNote, f.final = NoteIndexBehind, false
		default:
			f.total, f.burns = total, n
		}
	}
	return f, nil
}

// supplyOf is the token's total supply in base units and where it comes from: the market
// snapshot's figure (the one the dashboard and the token index show: the chain's
// coin::supply, else the token list's), or, for a token without a pool in the snapshot,
// the token list's. A burn is a transfer to the burn address and leaves the supply as it
// was, so for these coins the supply now is the supply at the time of the burn.
func (h *Handler) supplyOf(ctx context.Context, t tokens.Token) (*big.Int, string, error) {
	snap, err := h.market.Snapshot(ctx, false)
	if err != nil {
		return nil, "", err
	}
	for _, m := range snap.Tokens {
		if m.Token.Coin() == t.Coin() && m.TotalSupply != nil {
			return m.TotalSupply, m.SupplySource, nil
		}
	}
	if t.TotalSupply != nil {
		if v, ok := new(big.Int).SetString(*t.TotalSupply, 10); ok {
			return v, market.SourceRegistry, nil
		}
	}
	return nil, "", nil
}

// burnerTotal is the burner's total of b's token over its burns up to and including b,
// from the index; a burn the index has not reached yet is waited for a moment.
func (h *HistoryHandler) burnerTotal(ctx context.Context, b chain.Burn) (*big.Int, int64, bool, error) {
	burner, hash := b.Burner.String(), strings.ToLower(b.TxHash)
	total, n, found, err := h.d.Store.BurnerTotalUpTo(ctx, burner, b.Token.Coin(), hash)
	if err != nil || found || h.d.WaitHead == nil {
		return total, n, found, err
	}
	wctx, cancel := context.WithTimeout(ctx, indexWaitForBurn)
	werr := h.d.WaitHead(wctx)
	cancel()
	if werr != nil && ctx.Err() == nil {
		h.d.Log.Warn("burn certificate: index behind the head", "err", werr)
	}
	return h.d.Store.BurnerTotalUpTo(ctx, burner, b.Token.Coin(), hash)
}

// sharePercent is part / whole × 100 as a decimal string, truncated (a share is never
// overstated): two decimals from 1 % up, below that as many as bring out three significant
// digits, at most 12; trailing zeros dropped. A share too small for 12 decimals is
// "<0.000000000001".
func sharePercent(part, whole *big.Int) string {
	const maxDecimals = 12
	if part.Sign() == 0 {
		return "0"
	}
	hundred := new(big.Int).Mul(part, big.NewInt(100))
	d := 2
	v := new(big.Int)
	for ; ; d++ {
		v.Quo(new(big.Int).Mul(hundred, new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(d)), nil)), whole)
		// From 1 %, d = 2 already gives v ≥ 100.
		if v.Cmp(big.NewInt(100)) >= 0 || d == maxDecimals {
			break
		}
	}
	if v.Sign() == 0 {
		return "<0." + strings.Repeat("0", maxDecimals-1) + "1"
	}
	s := amount.Exact(v, uint8(d))
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	return s
}

// origin is the app's public address: the configured one, else the scheme and host the
// client used (a proxy's X-Forwarded-Proto is trusted for the scheme only when it is http
// or https), as the link-preview tags of /burn/{hash} do.
func (h *Handler) origin(r *http.Request) string {
	if h.publicURL != "" {
		return strings.TrimRight(h.publicURL, "/")
	}
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	switch p := strings.ToLower(r.Header.Get("X-Forwarded-Proto")); p {
	case "http", "https":
		scheme = p
	}
	return scheme + "://" + r.Host
}

// logo is the token's logo drawn for the certificate when the app ships it (a path into
// the web build, which the binary embeds); nil otherwise, and the certificate shows the
// monogram. Remote logos are never fetched: drawing a certificate waits on nobody.
func (h *Handler) logo(t tokens.Token) image.Image {
	p, ok := strings.CutPrefix(t.Logo, "/")
	if !ok || h.assets == nil || !strings.HasSuffix(p, ".svg") {
		return nil
	}
	data, err := fs.ReadFile(h.assets, path.Clean(p))
	if err != nil {
		if !errors.Is(err, fs.ErrNotExist) {
			h.log.Warn("burn certificate: logo not read", "token", t.Name, "err", err)
		}
		return nil
	}
	img, err := certificate.LogoFromSVG(data, certificate.LogoSize)
	if err != nil {
		h.log.Warn("burn certificate: logo not drawn", "token", t.Name, "err", err)
		return nil
	}
	return img
}

func (f burnFigures) qrJSON() qrJSON {
	rows := make([]string, f.code.Size)
	var line strings.Builder
	for y := range f.code.Size {
		line.Reset()
		for x := range f.code.Size {
			if f.code.Black(x, y) {
				line.WriteByte('1')
			} else {
				line.WriteByte('0')
			}
		}
		rows[y] = line.String()
	}
	return qrJSON{URL: f.pageURL, Size: f.code.Size, Modules: rows}
}

func (h *Handler) burnDetail(b chain.Burn, f burnFigures) burnDetailJSON {
	out := burnDetailJSON{burnJSON: h.burnOut(b), ShareOfSupply: f.share, QR: f.qrJSON()}
	if f.shareNote != "" {
		out.ShareOfSupplyNote = &f.shareNote
	}
	if f.total != nil {
		out.BurnerTotal = &burnerTotalJSON{Amount: f.total.String(), Burns: f.burns}
	} else {
		out.BurnerTotalNote = &f.totalNote
	}
	return out
}

// certificateFigures are the figures as the image writes them.
func certificateFigures(d *certificate.Data, b chain.Burn, f burnFigures) {
	if f.share != nil {
		d.Share = f.share.Percent + "%"
	}
	if f.total != nil {
		d.BurnerTotal = amount.Group(amount.Exact(f.total, b.Token.Decimals)) + " " + b.Token.Symbol
		if f.burns == 1 {
			d.BurnerTotal += " in 1 burn"
		} else {
			d.BurnerTotal += " in " + strconv.FormatInt(f.burns, 10) + " burns"
		}
	}
	d.QR = f.code
}

// burnSumJSON is one source's total, in base units, and the transactions it came from.
type burnSumJSON struct {
	Amount       string `json:"amount"`
	Transactions int64  `json:"transactions"`
}

func sumJSON(s store.BurnSum) burnSumJSON {
	return burnSumJSON{Amount: s.Amount.String(), Transactions: s.Txs}
}

// burnSourcesJSON answers GET /api/v1/burns/sources: what the index measured of the
// claims the pages make about burning, with the addresses each figure is read at.
type burnSourcesJSON struct {
	Token       string `json:"token"`
	CoinType    string `json:"coinType"`
	Decimals    uint8  `json:"decimals"`
	BurnAddress string `json:"burnAddress"`
	// FeeCollector is the slots fee collector; null where the app does not know it.
	FeeCollector *string     `json:"feeCollector"`
	BySells      burnSumJSON `json:"bySells"`
	ByPlay       burnSumJSON `json:"byPlay"`
	ByFees       burnSumJSON `json:"byFees"`
	ByHolders    burnSumJSON `json:"byHolders"`
	// SpinFees is what the fee collector received from plays in this token; null with no
	// known collector.
	SpinFees *burnSumJSON `json:"spinFees"`
	heights
}

// GetBurnSources serves GET /api/v1/burns/sources: the app token's burns split by the
// transaction that made them (a swap, a slots play, the fee collector, a holder) and the
// spin fees the fee collector received, all summed from the index's events.
func (h *HistoryHandler) GetBurnSources(w http.ResponseWriter, r *http.Request) {
	if !h.available(w, r) {
		return
	}
	app, _ := h.d.Tokens.App()
	hs, ok := h.ready(w, r)
	if !ok {
		return
	}
	collector := h.d.Network.SlotsFeeCollector()
	src, err := h.d.Store.BurnSources(r.Context(), app.Coin(), collector)
	if err != nil {
		h.storeFailed(w, r, err)
		return
	}
	out := burnSourcesJSON{Token: app.Name, CoinType: app.CoinType, Decimals: app.Decimals,
		BurnAddress: h.d.Rules.BurnAddress, BySells: sumJSON(src.Sells), ByPlay: sumJSON(src.Play),
		ByFees: sumJSON(src.Fees), ByHolders: sumJSON(src.Holders), heights: hs}
	if collector != "" {
		fees := sumJSON(src.FeesCollected)
		out.FeeCollector, out.SpinFees = &collector, &fees
	}
	WriteJSON(w, http.StatusOK, out)
}
