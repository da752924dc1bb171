package api

import (
	"encoding/base64"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/luckycoin/lucky/internal/amount"
	"github.com/luckycoin/lucky/internal/chain"
	"github.com/luckycoin/lucky/internal/store"
	"github.com/luckycoin/lucky/internal/supra"
)

// Limits of the activity endpoints.
const (
	defaultActivityLimit = 50
	// csvPage is how many rows the CSV export reads at a time: the file is written page by
	// page as it is read, so a long history never sits in memory.
	csvPage = 500
	// csvPageWrite is how long writing one page of the CSV may take: the deadline moves on
	// with every page, so a long export is not cut by the server's write timeout while a
	// client that stops reading still is.
	csvPageWrite = 30 * time.Second
)

// Errors of the activity endpoints' queries.
var (
	errActivityKind   = errors.New("api: unknown activity kind")
	errActivityToken  = errors.New("api: unknown token")
	errActivityCursor = errors.New("api: bad cursor")
	errActivityLimit  = errors.New("api: bad limit")
	errMinerEvent     = errors.New("api: unknown miners event")
	errStakingEvent   = errors.New("api: bad staking event")
)

// queryError is a refused query parameter: one of the sentinels above, and the sentence
// the client is answered with.
type queryError struct {
	kind error
	msg  string
}

func (e queryError) Error() string { return e.kind.Error() + ": " + e.msg }
func (e queryError) Unwrap() error { return e.kind }

// badQuery answers a refused query parameter with 400 and its sentence.
func (h *HistoryHandler) badQuery(w http.ResponseWriter, r *http.Request, err error) {
	msg := "Invalid query."
	var qe queryError
	if errors.As(err, &qe) {
		msg = qe.msg
	}
	WriteError(w, r, h.d.Log, http.StatusBadRequest, CodeInvalidQuery, msg)
}

// minerActionJSON says what a Cosmic Miners row was (kind "miner").
type minerActionJSON struct {
	Action string  `json:"action"` // purchase, claim or booster
	ItemID *string `json:"itemId"` // the miner bought or the booster granted; null for a claim
	Count  *string `json:"count"`  // how many of them; null for a claim
}

// Miner actions.
const (
	minerPurchase = "purchase"
	minerClaim    = "claim"
	minerBooster  = "booster"
)

type activityJSON struct {
	Kind      string        `json:"kind"` // swap, spin, burn, miner, stake, unstake, reward, pass, received, sent
	TxHash    string        `json:"txHash"`
	Height    string        `json:"height"`
	Time      string        `json:"time"`
	Token     tokenRefJSON  `json:"token"`
	Amount    string        `json:"amount"` // base units of token
	TokenOut  *tokenRefJSON `json:"tokenOut"`
	AmountOut *string       `json:"amountOut"` // base units of tokenOut (a swap's output, a spin's winnings, a claim)
	// Miner is set on Cosmic Miners rows only.
	Miner *minerActionJSON `json:"miner"`
}

// activityFilter is what the activity endpoints' queries select.
type activityFilter struct {
	kinds []string
	coin  supra.CoinType
}

// parseActivityFilter reads ?kind= (a comma list of kinds) and ?token= (a registry name).
func (h *HistoryHandler) parseActivityFilter(r *http.Request) (activityFilter, error) {
	var f activityFilter
	q := r.URL.Query()
	if s := q.Get("kind"); s != "" {
		for _, k := range strings.Split(s, ",") {
			k = strings.ToLower(strings.TrimSpace(k))
			if k == "" {
				continue
			}
			known := false
			for _, want := range store.ActivityKinds() {
				known = known || k == want
			}
			if !known {
				return f, queryError{errActivityKind, "Unknown kind " + strconv.Quote(k) + ": kind is a comma-separated list of " +
					strings.Join(store.ActivityKinds(), ", ") + "."}
			}
			f.kinds = append(f.kinds, k)
		}
	}
	if name := q.Get("token"); name != "" {
		t, ok := h.d.Tokens.ByName(name)
		if !ok {
			return f, queryError{errActivityToken, "Unknown token " + strconv.Quote(name) +
				": token is a token's name as GET /api/v1/config lists it, e.g. LUCKY."}
		}
		f.coin = t.Coin()
	}
	return f, nil
}

// encodeCursor makes a row's position an opaque page cursor.
func encodeCursor(p store.Pos) string {
	return base64.RawURLEncoding.EncodeToString([]byte(fmt.Sprintf("%d.%d.%d", p.Height, p.TxPos, p.EventIndex)))
}

// decodeCursor reads a cursor encodeCursor made.
func decodeCursor(s string) (store.Pos, error) {
	bad := queryError{errActivityCursor, "cursor is not one this server gave: pass an answer's nextCursor as it is."}
	raw, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		return store.Pos{}, bad
	}
	parts := strings.Split(string(raw), ".")
	if len(parts) != 3 {
		return store.Pos{}, bad
	}
	var n [3]int64
	for i, p := range parts {
		if n[i], err = strconv.ParseInt(p, 10, 64); err != nil || n[i] < 0 || strconv.FormatInt(n[i], 10) != p {
			return store.Pos{}, bad
		}
	}
	return store.Pos{Height: n[0], TxPos: n[1], EventIndex: n[2]}, nil
}

// waitHead waits (up to historyWait) for the index to hold the node's head, so a
// transaction the user just made is listed; on a timeout it answers with what it holds.
func (h *HistoryHandler) waitHead(r *http.Request) {
	if h.d.WaitHead == nil {
		return
	}
	ctx, cancel := headWaitContext(r.Context())
	defer cancel()
	if err := h.d.WaitHead(ctx); err != nil && r.Context().Err() == nil {
		h.d.Log.Warn("activity: index behind the head", "err", err)
	}
}

// activityQuery is the store query of a first page: rows up to the last block every
// stream has ingested, so no later page can find a row of a block that was still filling.
func (h *HistoryHandler) activityQuery(addr supra.Address, f activityFilter, indexed uint64, limit int) store.ActivityQuery {
	mine, _ := h.minersCoin()
	return store.ActivityQuery{Account: addr.String(), Kinds: f.kinds, Coin: f.coin, MinersCoin: mine,
		StakingCoin: supra.NativeCoin(), Before: store.Pos{Height: int64(indexed) + 1}, Limit: limit}
}

// GetAccountActivity serves GET /api/v1/accounts/{address}/activity?kind=&token=&cursor=&limit=:
// the account's swaps, spins, burns, Cosmic Miners and staking actions and LUCKY transfers the index
// holds, newest first, a page at a time. nextCursor continues the list where the page
// ended (null on the last page); a page never repeats or skips a row, whatever is indexed
// in between.
func (h *HistoryHandler) GetAccountActivity(w http.ResponseWriter, r *http.Request) {
	addr, err := supra.ParseAddress(r.PathValue("address"))
	if err != nil {
		WriteError(w, r, h.d.Log, http.StatusBadRequest, chain.CodeInvalidAddress, err.Error())
		return
	}
	if !h.available(w, r) {
		return
	}
	f, err := h.parseActivityFilter(r)
	var cursor *store.Pos
	n := defaultActivityLimit
	q := r.URL.Query()
	if s := q.Get("cursor"); err == nil && s != "" {
		var p store.Pos
		if p, err = decodeCursor(s); err == nil {
			cursor = &p
		}
	}
	if s := q.Get("limit"); err == nil && s != "" {
		if n, err = strconv.Atoi(s); err != nil || n < 1 || n > maxLimit {
			err = queryError{errActivityLimit, "limit must be a whole number from 1 to 100."}
		}
	}
	if err != nil {
		h.badQuery(w, r, err)
		return
	}
	if cursor == nil {
		h.waitHead(r)
	}
	hs, ok := h.ready(w, r)
	if !ok {
		return
	}
	sq := h.activityQuery(addr, f, hs.indexed, n+1) // one more tells whether a next page exists
	if cursor != nil {
		sq.Before = *cursor
	}
	list, err := h.d.Store.AccountActivity(r.Context(), sq)
	if err != nil {
		h.storeFailed(w, r, err)
		return
	}
	var next *string
	if len(list) > n {
		list = list[:n]
		c := encodeCursor(list[n-1].Pos())
		next = &c
	}
	out := make([]activityJSON, len(list))
	for i, a := range list {
		if out[i], err = h.activityRow(a); err != nil {
			h.storeFailed(w, r, err)
			return
		}
	}
	WriteJSON(w, http.StatusOK, struct {
		Address    string         `json:"address"`
		Activity   []activityJSON `json:"activity"`
		NextCursor *string        `json:"nextCursor"`
		heights
	}{addr.String(), out, next, hs})
}

// activityRow renders one row; a miners or staking row is read from its event.
func (h *HistoryHandler) activityRow(a store.Activity) (activityJSON, error) {
	out := activityJSON{Kind: a.Kind, TxHash: strings.ToLower(a.TxHash), Height: strconv.FormatUint(a.Height, 10),
		Time: isoTime(a.TimeUS), Token: h.tokenRefOf(a.Token), Amount: a.Amount}
	switch a.Kind {
	case store.ActivityMiner:
		return h.minerRow(out, a)
	case store.ActivityStake, store.ActivityUnstake, store.ActivityReward, store.ActivityPass:
		return h.stakingRow(out, a)
	}
	if !a.TokenOut.IsZero() {
		t, amt := h.tokenRefOf(a.TokenOut), a.AmountOut
		out.TokenOut, out.AmountOut = &t, &amt
	}
	return out, nil
}

// minerRow fills a Cosmic Miners row from its event: a purchase spent its cost in MINE, a
// claim brought MINE back (amountOut), a booster moved no coins (amount 0).
func (h *HistoryHandler) minerRow(out activityJSON, a store.Activity) (activityJSON, error) {
	mine, ok := h.minersCoin()
	if !ok {
		return out, fmt.Errorf("%w: %s in %s on a network without the game", errMinerEvent, a.Type, a.TxHash)
	}
	out.Token, out.Amount = h.tokenRefOf(mine), "0"
	u := func(v uint64) *string { s := strconv.FormatUint(v, 10); return &s }
	data := []byte(a.Data)
	name := a.Type[strings.LastIndex(a.Type, "::")+2:]
	switch name {
	case "MinerPurchasedEvent":
		e, err := chain.DecodeMinerPurchased(data)
		if err != nil {
			return out, err
		}
		out.Amount = *u(e.Cost)
		out.Miner = &minerActionJSON{Action: minerPurchase, ItemID: u(e.MinerID), Count: u(e.Quantity)}
	case "OutputClaimedEvent":
		e, err := chain.DecodeOutputClaimed(data)
		if err != nil {
			return out, err
		}
		t := out.Token
		out.TokenOut, out.AmountOut = &t, u(e.Amount)
		out.Miner = &minerActionJSON{Action: minerClaim}
	case "BoosterGrantedEvent":
		e, err := chain.DecodeBoosterGranted(data)
		if err != nil {
			return out, err
		}
		out.Miner = &minerActionJSON{Action: minerBooster, ItemID: u(e.BoosterID), Count: u(e.Count)}
	default:
		return out, fmt.Errorf("%w: %s in %s", errMinerEvent, a.Type, a.TxHash)
	}
	return out, nil
}

// stakingRow fills a staking pool row from its event, in SUPRA: a stake and a pass spent
// their amount; an unstake took its amount out of the pool and brought back what was left
// after the early-unstake tax (amountOut); a reward claim brought its rewards back
// (amountOut, amount 0).
func (h *HistoryHandler) stakingRow(out activityJSON, a store.Activity) (activityJSON, error) {
	var e struct {
		Amount   *supra.U64 `json:"amount"`
		Returned *supra.U64 `json:"returned"`
		Price    *supra.U64 `json:"price"`
	}
	if err := json.Unmarshal([]byte(a.Data), &e); err != nil {
		return out, fmt.Errorf("%w: %s in %s: %v", errStakingEvent, a.Type, a.TxHash, err)
	}
	field := e.Amount
	if a.Kind == store.ActivityPass {
		field = e.Price
	}
	if field == nil || (a.Kind == store.ActivityUnstake && e.Returned == nil) {
		return out, fmt.Errorf("%w: %s in %s lacks its amounts", errStakingEvent, a.Type, a.TxHash)
	}
	out.Token, out.Amount = h.tokenRefOf(supra.NativeCoin()), strconv.FormatUint(uint64(*field), 10)
	back := func(v supra.U64) {
		t, s := out.Token, strconv.FormatUint(uint64(v), 10)
		out.TokenOut, out.AmountOut = &t, &s
	}
	switch a.Kind {
	case store.ActivityUnstake:
		back(*e.Returned)
	case store.ActivityReward:
		back(*field)
		out.Amount = "0"
	}
	return out, nil
}

// csvHeader is the first line of the CSV export.
var csvHeader = []string{"time_utc", "kind", "token", "amount", "token_out", "amount_out", "tx_hash", "height"}

// GetAccountActivityCSV serves GET /api/v1/accounts/{address}/activity.csv?kind=&token=:
// every row the activity list would page through, newest first, as a CSV file for a
// spreadsheet or a tax tool. Amounts are in whole tokens, exact (the token's decimals
// applied to the integer, never through a float); a coin the registry does not know stays
// in base units. It is written page by page as the index is read.
func (h *HistoryHandler) GetAccountActivityCSV(w http.ResponseWriter, r *http.Request) {
	addr, err := supra.ParseAddress(r.PathValue("address"))
	if err != nil {
		WriteError(w, r, h.d.Log, http.StatusBadRequest, chain.CodeInvalidAddress, err.Error())
		return
	}
	if !h.available(w, r) {
		return
	}
	f, err := h.parseActivityFilter(r)
	if err != nil {
		h.badQuery(w, r, err)
		return
	}
	h.waitHead(r)
	hs, ok := h.ready(w, r)
	if !ok {
		return
	}
	q := h.activityQuery(addr, f, hs.indexed, csvPage)
	// The first page is read before anything is sent, so a failing index still answers
	// with a status and the error shape.
	page, err := h.d.Store.AccountActivity(r.Context(), q)
	if err != nil {
		h.storeFailed(w, r, err)
		return
	}
	hd := w.Header()
	hd.Set("Content-Type", "text/csv; charset=utf-8")
	hd.Set("Content-Disposition", `attachment; filename="lucky-activity-`+addr.String()+`.csv"`)
	hd.Set("Cache-Control", "no-store")
	rc := http.NewResponseController(w)
	_ = rc.SetWriteDeadline(time.Now().Add(csvPageWrite)) // not every writer has a deadline to move
	cw := csv.NewWriter(w)
	if err := cw.Write(csvHeader); err != nil {
		return // the client went away
	}
	for {
		for _, a := range page {
			rec, err := h.csvRecord(a)
			if err == nil {
				err = cw.Write(rec)
			}
			if err != nil {
				h.csvFailed(r, err)
			}
		}
		cw.Flush()
		if err := cw.Error(); err != nil {
			h.csvFailed(r, err)
		}
		if len(page) < csvPage {
			return
		}
		_ = rc.Flush()
		_ = rc.SetWriteDeadline(time.Now().Add(csvPageWrite))
		q.Before = page[len(page)-1].Pos()
		if page, err = h.d.Store.AccountActivity(r.Context(), q); err != nil {
			h.csvFailed(r, err)
		}
	}
}

// csvFailed ends an export that has begun: the status is sent, so the connection is cut
// and the client sees a broken download rather than a file that looks complete.
func (h *HistoryHandler) csvFailed(r *http.Request, err error) {
	if r.Context().Err() == nil {
		h.d.Log.Error("activity csv", "path", r.URL.Path, "err", err)
	}
	panic(http.ErrAbortHandler)
}

// csvRecord is one row of the export.
func (h *HistoryHandler) csvRecord(a store.Activity) ([]string, error) {
	row, err := h.activityRow(a)
	if err != nil {
		return nil, err
	}
	amt, err := wholeTokens(row.Amount, row.Token)
	if err != nil {
		return nil, err
	}
	tokenOut, amtOut := "", ""
	if row.TokenOut != nil && row.AmountOut != nil {
		tokenOut = row.TokenOut.Name
		if amtOut, err = wholeTokens(*row.AmountOut, *row.TokenOut); err != nil {
			return nil, err
		}
	}
	return []string{row.Time, row.Kind, row.Token.Name, amt, tokenOut, amtOut, row.TxHash, row.Height}, nil
}

// wholeTokens writes base units in whole tokens, exactly ("1500000" of 6 decimals is "1.5").
func wholeTokens(base string, t tokenRefJSON) (string, error) {
	n, ok := new(big.Int).SetString(base, 10)
	if !ok {
		return "", fmt.Errorf("api: amount %q of %s is not an integer", base, t.CoinType)
	}
	return amount.Exact(n, t.Decimals), nil
}
