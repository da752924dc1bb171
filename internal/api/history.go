package api

import (
	"context"
	"log/slog"
	"math/big"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/luckycoin/lucky/internal/chain"
	"github.com/luckycoin/lucky/internal/config"
	"github.com/luckycoin/lucky/internal/history"
	"github.com/luckycoin/lucky/internal/store"
	"github.com/luckycoin/lucky/internal/supra"
	"github.com/luckycoin/lucky/internal/tokens"
)

// Error codes of the index endpoints.
const (
	CodeIndexUnavailable = "index_unavailable"
	// CodeCatchingUp: /readyz while the index is behind the node's head.
	CodeCatchingUp = "catching_up"
)

// IndexStatus says how far the index has caught up: the last height every stream has
// ingested and the node's head.
type IndexStatus func(ctx context.Context) (indexed, head uint64, err error)

// HistoryDeps are what the event history endpoints need.
type HistoryDeps struct {
	Network config.Network
	Tokens  *tokens.Registry
	// Rules are the trading and holding rules the index was built with (indexer.NetworkRules):
	// the burn address left out of the holders, the coins of SUPRA's dollar price.
	Rules  history.Rules
	Store  *store.DB // nil when this process runs without an index
	Status IndexStatus
	// WaitHead returns once the index holds the node's current head (optional): the
	// history of a player waits for it so a play just confirmed is listed.
	WaitHead func(ctx context.Context) error
	Log      *slog.Logger
	Now      func() time.Time
}

// HistoryHandler serves the event history read from the index: candles, burns, the spins
// feed, holders and account activity. Every answer carries indexedHeight and headHeight.
type HistoryHandler struct {
	d       HistoryDeps
	day     blockCache[*luckyDayJSON]
	holders blockCache[holderList]
	days    blockCache[*tokenDays]
	// The lists every open page polls, rendered once per block indexed and head.
	holdersBody, feedBody, burnsBody answerCache[indexKey]
	last                             lastBlockMemo
}

// dayCacheFor bounds how long the 24 hour figures are kept at one indexed block: trades
// age out of the window while the index stands still.
const dayCacheFor = 5 * time.Second

// NewHistory returns the event history handlers.
func NewHistory(d HistoryDeps) *HistoryHandler {
	if d.Log == nil {
		d.Log = slog.New(slog.DiscardHandler)
	}
	if d.Now == nil {
		d.Now = time.Now
	}
	return &HistoryHandler{d: d}
}

const (
	defaultLimit = 20
	maxLimit     = 100
	maxCandles   = 1000
)

type heights struct {
	IndexedHeight string `json:"indexedHeight"`
	HeadHeight    string `json:"headHeight"`
	indexed, head uint64
}

// available answers 503 when this server has no index (lucky serve with the indexer
// off and no shared database).
func (h *HistoryHandler) available(w http.ResponseWriter, r *http.Request) bool {
	if h.d.Store == nil || h.d.Status == nil || h.d.Tokens == nil {
		WriteError(w, r, h.d.Log, http.StatusServiceUnavailable, CodeIndexUnavailable, "The event index is not running on this server.")
		return false
	}
	return true
}

// ready reads the heights; it answers the error itself.
func (h *HistoryHandler) ready(w http.ResponseWriter, r *http.Request) (heights, bool) {
	idx, head, err := h.d.Status(r.Context())
	if err != nil {
		h.d.Log.Warn("index status", "err", err)
		WriteError(w, r, h.d.Log, http.StatusServiceUnavailable, CodeIndexUnavailable, "The event index is not available.")
		return heights{}, false
	}
	return heights{strconv.FormatUint(idx, 10), strconv.FormatUint(head, 10), idx, head}, true
}

// lastBlock is the index's last block (ok false before the first), read from the store
// once per change of the index's heights (indexed and head, from Status) and at most
// every blockRecheck while they stand.
func (h *HistoryHandler) lastBlock(ctx context.Context, indexed, head uint64) (store.BlockRef, bool, error) {
	return h.last.get(indexed, head, func() (store.BlockRef, bool, error) { return h.d.Store.LastBlock(ctx) })
}

// indexKey is what a list read from the index shows: the block the index holds (height
// and hash: a devnet revert can index another block at a height already seen) and the
// node's head.
type indexKey struct {
	indexed, head uint64
	block         store.BlockRef
}

// serveList answers a list endpoint (?limit=) from c, where build's answer at this block,
// head and limit is rendered once, however many ask.
func (h *HistoryHandler) serveList(w http.ResponseWriter, r *http.Request, c *answerCache[indexKey],
	build func(ctx context.Context, n int, hs heights) (any, error)) {
	n, hs, ok := h.listRequest(w, r)
	if !ok {
		return
	}
	last, _, err := h.lastBlock(r.Context(), hs.indexed, hs.head)
	if err != nil {
		h.storeFailed(w, r, err)
		return
	}
	out, err := c.get(indexKey{hs.indexed, hs.head, last}, n, func() (any, error) { return build(r.Context(), n, hs) })
	if err != nil {
		h.storeFailed(w, r, err)
		return
	}
	out.serve(w, r)
}

func (h *HistoryHandler) storeFailed(w http.ResponseWriter, r *http.Request, err error) {
	if r.Context().Err() != nil {
		return // the client went away
	}
	h.d.Log.Error("index read", "path", r.URL.Path, "err", err)
	WriteError(w, r, h.d.Log, http.StatusInternalServerError, CodeInternal, "Something went wrong.")
}

// limit reads ?limit= (1..100, default 20).
// listRequest is the prelude of every list endpoint: the index runs, ?limit= is valid, and
// how far the index has caught up; ok is false when it has already answered.
func (h *HistoryHandler) listRequest(w http.ResponseWriter, r *http.Request) (n int, hs heights, ok bool) {
	if !h.available(w, r) {
		return 0, heights{}, false
	}
	if n, ok = limit(w, r, h.d.Log); !ok {
		return 0, heights{}, false
	}
	hs, ok = h.ready(w, r)
	return n, hs, ok
}

func limit(w http.ResponseWriter, r *http.Request, log *slog.Logger) (int, bool) {
	s := r.URL.Query().Get("limit")
	if s == "" {
		return defaultLimit, true
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > maxLimit {
		WriteError(w, r, log, http.StatusBadRequest, CodeInvalidQuery, "limit must be a whole number from 1 to 100.")
		return 0, false
	}
	return n, true
}

// tokenName names a coin type from the registry ("" when unknown).
func (h *HistoryHandler) tokenName(coinType supra.CoinType) string {
	if t, ok := h.d.Tokens.ByCoin(coinType); ok {
		return t.Name
	}
	return ""
}

func isoTime(us int64) string {
	return time.UnixMicro(us).UTC().Format(time.RFC3339Nano)
}

type candleJSON struct {
	Time        int64    `json:"time"`
	Open        float64  `json:"open"`
	High        float64  `json:"high"`
	Low         float64  `json:"low"`
	Close       float64  `json:"close"`
	OpenUSD     *float64 `json:"openUsd"`
	HighUSD     *float64 `json:"highUsd"`
	LowUSD      *float64 `json:"lowUsd"`
	CloseUSD    *float64 `json:"closeUsd"`
	Volume      string   `json:"volume"`      // base token, base units
	VolumeQuote string   `json:"volumeQuote"` // SUPRA, base units
	Buys        int64    `json:"buys"`
	Sells       int64    `json:"sells"`
}

type candlesResponse struct {
	Pair     string       `json:"pair"`
	Interval string       `json:"interval"`
	Base     string       `json:"baseCoinType"`
	Quote    string       `json:"quoteCoinType"`
	Candles  []candleJSON `json:"candles"`
	// USDNote says in words why some (or all) candles of the range have no USD price;
	// null when every candle has one.
	USDNote *string `json:"usdNote"`
	heights
}

// GetCandles serves GET /api/v1/market/candles?pair=LUCKY-SUPRA&interval=1h&from=&to=:
// OHLCV of a TOKEN/SUPRA pool in SUPRA and USD. Prices are per whole token (decimals
// applied) and are display ratios; volumes are exact base units. from and to are unix
// seconds (defaults: the last 1,000 buckets up to now).
func (h *HistoryHandler) GetCandles(w http.ResponseWriter, r *http.Request) {
	if !h.available(w, r) {
		return
	}
	q := r.URL.Query()
	// Pairs are quoted in the native coin: TOKEN-SUPRA, the app's token by default.
	app, _ := h.d.Tokens.App()
	native, _ := h.d.Tokens.Native()
	example := app.Name + "-" + native.Name
	pair := q.Get("pair")
	if pair == "" {
		pair = example
	}
	// Cut at the last dash: token names may hold one (SUPRA-MUMMY-SUPRA).
	i := strings.LastIndex(pair, "-")
	baseName, quoteName, ok := pair[:max(i, 0)], pair[i+1:], i > 0
	base, okBase := h.d.Tokens.ByName(baseName)
	if !ok || quoteName != native.Name || !okBase || base.Coin().IsNative() {
		WriteError(w, r, h.d.Log, http.StatusBadRequest, CodeInvalidQuery,
			"Unknown pair "+strconv.Quote(pair)+": use TOKEN-"+native.Name+", e.g. "+example+".")
		return
	}
	ivName := q.Get("interval")
	if ivName == "" {
		ivName = "1h"
	}
	iv, ok := history.IntervalNamed(ivName)
	if !ok {
		WriteError(w, r, h.d.Log, http.StatusBadRequest, CodeInvalidQuery, "interval must be one of 1m, 5m, 1h, 1d.")
		return
	}
	to, from := h.d.Now().Unix(), int64(0)
	var err error
	if s := q.Get("to"); s != "" {
		if to, err = strconv.ParseInt(s, 10, 64); err != nil || to < 0 {
			WriteError(w, r, h.d.Log, http.StatusBadRequest, CodeInvalidQuery, "to must be unix seconds.")
			return
		}
	}
	from = to - iv*maxCandles
	if s := q.Get("from"); s != "" {
		if from, err = strconv.ParseInt(s, 10, 64); err != nil || from < 0 {
			WriteError(w, r, h.d.Log, http.StatusBadRequest, CodeInvalidQuery, "from must be unix seconds.")
			return
		}
	}
	if from > to {
		WriteError(w, r, h.d.Log, http.StatusBadRequest, CodeInvalidQuery, "from must not be after to.")
		return
	}
	hs, ok := h.ready(w, r)
	if !ok {
		return
	}
	baseType := base.Coin()
	// A bucket that starts before from but contains it belongs to the range.
	cs, err := h.d.Store.Candles(r.Context(), baseType, iv, from-from%iv, to, maxCandles)
	if err != nil {
		h.storeFailed(w, r, err)
		return
	}
	out := candlesResponse{Pair: baseName + "-SUPRA", Interval: ivName, Base: base.CoinType, Quote: h.d.Network.Modules.NativeCoin,
		Candles: make([]candleJSON, len(cs)), heights: hs}
	missing := false
	for i, c := range cs {
		out.Candles[i] = candleJSON{c.Time, c.Open, c.High, c.Low, c.Close, c.OpenUSD, c.HighUSD, c.LowUSD, c.CloseUSD,
			c.VolBase, c.VolQuote, c.Buys, c.Sells}
		missing = missing || c.CloseUSD == nil
	}
	if missing {
		note, err := h.usdNote(r.Context())
		if err != nil {
			h.storeFailed(w, r, err)
			return
		}
		out.USDNote = &note
	}
	WriteJSON(w, http.StatusOK, out)
}

// usdNote explains candles without a USD price: SUPRA's dollar price comes from the
// SUPRA/dexUSDC pool's reserves, which exist only from the pool's first deposit on.
func (h *HistoryHandler) usdNote(ctx context.Context) (string, error) {
	since, known, err := h.d.Store.USDPriceSince(ctx, h.d.Rules.USDCoin, h.d.Rules.Native)
	if err != nil {
		return "", err
	}
	if !known {
		return "No USD price: the index does not follow a SUPRA/dexUSDC pool on this network, so SUPRA has no dollar price here.", nil
	}
	return "No USD price before " + time.UnixMicro(since).UTC().Format("2 Jan 2006 15:04 UTC") +
		": the SUPRA/dexUSDC pool had no liquidity before then.", nil
}

// GetBurns serves GET /api/v1/burns?limit=: the latest burns of every token, in the shape
// of a verified burn (GET /api/v1/burns/{hash}).
func (h *HistoryHandler) GetBurns(w http.ResponseWriter, r *http.Request) {
	h.serveList(w, r, &h.burnsBody, h.burnsOf)
}

func (h *HistoryHandler) burnsOf(ctx context.Context, n int, hs heights) (any, error) {
	bs, err := h.d.Store.Burns(ctx, n)
	if err != nil {
		return nil, err
	}
	out := make([]burnJSON, len(bs))
	for i, b := range bs {
		// A coin the registry does not know is named by its type, in base units.
		tok := h.tokenRefOf(b.Token)
		out[i] = newBurnJSON(h.d.Network, b.TxHash, b.Burner, b.Amount, tok, b.Height, time.UnixMicro(b.TimeUS))
	}
	return struct {
		Burns []burnJSON `json:"burns"`
		heights
	}{out, hs}, nil
}

type leaderJSON struct {
	Rank   int    `json:"rank"`
	Burner string `json:"burner"`
	Total  string `json:"total"`
	Burns  int64  `json:"burns"`
}

// GetBurnLeaderboard serves GET /api/v1/burns/leaderboard?token=LUCKY&limit=: burners
// ranked by total burned of one token.
func (h *HistoryHandler) GetBurnLeaderboard(w http.ResponseWriter, r *http.Request) {
	if !h.available(w, r) {
		return
	}
	name := r.URL.Query().Get("token")
	if name == "" {
		app, _ := h.d.Tokens.App()
		name = app.Name
	}
	tok, ok := h.d.Tokens.ByName(name)
	if !ok {
		WriteError(w, r, h.d.Log, http.StatusBadRequest, CodeInvalidQuery, "Unknown token "+strconv.Quote(name)+".")
		return
	}
	n, ok := limit(w, r, h.d.Log)
	if !ok {
		return
	}
	hs, ok := h.ready(w, r)
	if !ok {
		return
	}
	ct := tok.Coin()
	lb, err := h.d.Store.BurnLeaderboard(r.Context(), ct, n)
	if err != nil {
		h.storeFailed(w, r, err)
		return
	}
	out := make([]leaderJSON, len(lb))
	for i, b := range lb {
		out[i] = leaderJSON{i + 1, b.Burner, b.Total, b.Burns}
	}
	WriteJSON(w, http.StatusOK, struct {
		Token    string       `json:"token"`
		CoinType string       `json:"coinType"`
		Leaders  []leaderJSON `json:"leaders"`
		heights
	}{tok.Name, tok.CoinType, out, hs})
}

type playJSON struct {
	Player   string `json:"player"`
	Token    string `json:"token"`
	CoinType string `json:"coinType"`
	Bet      string `json:"betPerSpin"`
	Spins    string `json:"numberOfSpins"`
	Wagered  string `json:"wagered"`
	Won      string `json:"won"`
	Tiers    []int  `json:"tiers"`
	TxHash   string `json:"txHash"`
	Height   string `json:"height"`
	Time     string `json:"time"`
}

// GetSlotsFeed serves GET /api/v1/slots/feed?limit=: the latest plays of everyone.
func (h *HistoryHandler) GetSlotsFeed(w http.ResponseWriter, r *http.Request) {
	h.serveList(w, r, &h.feedBody, h.feedOf)
}

func (h *HistoryHandler) feedOf(ctx context.Context, n int, hs heights) (any, error) {
	ps, err := h.d.Store.Plays(ctx, "", n)
	if err != nil {
		return nil, err
	}
	out := make([]playJSON, len(ps))
	for i, p := range ps {
		out[i] = playJSON{p.Player, h.tokenName(p.Token), p.Token.String(), p.Bet, p.Spins, p.Wagered, p.Won, p.Tiers, p.TxHash,
			strconv.FormatUint(p.Height, 10), isoTime(p.TimeUS)}
	}
	return struct {
		Plays []playJSON `json:"plays"`
		heights
	}{out, hs}, nil
}

// historyWait bounds how long a player's history waits for the index to reach the head.
const historyWait = 3 * time.Second

// headWaitContext bounds a wait for the index to reach the head: historyWait, and at most
// half of what is left of the request's budget, so the index's answer still fits in it.
func headWaitContext(ctx context.Context) (context.Context, context.CancelFunc) {
	d := historyWait
	if dl, ok := ctx.Deadline(); ok {
		d = min(d, time.Until(dl)/2)
	}
	return context.WithTimeout(ctx, d)
}

// SpinRecord is one slot play in GET /api/v1/slots/history. Amounts are base units as
// decimal strings; Net is won − wagered (signed); Time is RFC 3339. Only plays that ran
// are in the index: a failed transaction wagered nothing (it spent gas only).
type SpinRecord struct {
	TxHash     string `json:"txHash"`
	Time       string `json:"time"`
	Token      string `json:"token"`
	CoinType   string `json:"coinType"`
	BetPerSpin string `json:"betPerSpin"`
	Spins      string `json:"spins"`
	Wagered    string `json:"wagered"`
	Won        string `json:"won"`
	Net        string `json:"net"`
	Status     string `json:"status"`
}

// GetSpinHistory serves GET /api/v1/slots/history/{address}?limit=20: the player's plays,
// newest first, from the index (once it holds the node's current head, waiting up to
// historyWait).
func (h *HistoryHandler) GetSpinHistory(w http.ResponseWriter, r *http.Request) {
	addr, err := supra.ParseAddress(r.PathValue("address"))
	if err != nil {
		WriteError(w, r, h.d.Log, http.StatusBadRequest, chain.CodeInvalidAddress, err.Error())
		return
	}
	if !h.available(w, r) {
		return
	}
	n, ok := limit(w, r, h.d.Log)
	if !ok {
		return
	}
	if h.d.WaitHead != nil {
		ctx, cancel := headWaitContext(r.Context())
		if err := h.d.WaitHead(ctx); err != nil && r.Context().Err() == nil {
			h.d.Log.Warn("history: index behind the head", "err", err) // answer with what it holds
		}
		cancel()
	}
	hs, ok := h.ready(w, r)
	if !ok {
		return
	}
	ps, err := h.d.Store.Plays(r.Context(), addr.String(), n)
	if err != nil {
		h.storeFailed(w, r, err)
		return
	}
	out := make([]SpinRecord, len(ps))
	for i, p := range ps {
		name := h.tokenName(p.Token)
		if name == "" {
			name = p.Token.String()
		}
		net := new(big.Int)
		won, ok1 := new(big.Int).SetString(p.Won, 10)
		wagered, ok2 := new(big.Int).SetString(p.Wagered, 10)
		if ok1 && ok2 {
			net.Sub(won, wagered)
		}
		out[i] = SpinRecord{TxHash: p.TxHash, Time: time.UnixMicro(p.TimeUS).UTC().Format(time.RFC3339), Token: name,
			CoinType: p.Token.String(), BetPerSpin: p.Bet, Spins: p.Spins, Wagered: p.Wagered, Won: p.Won, Net: net.String(),
			Status: supra.TxSuccess}
	}
	WriteJSON(w, http.StatusOK, struct {
		Spins []SpinRecord `json:"spins"`
		heights
	}{out, hs})
}

type holderJSON struct {
	Rank    int    `json:"rank"`
	Account string `json:"account"`
	Balance string `json:"balance"`
	Percent string `json:"percentOfSupply"` // 4 decimals, rounded down
}

// GetHolders serves GET /api/v1/holders?limit=: the largest LUCKY holders (burn address
// excluded) with their share of the total supply.
func (h *HistoryHandler) GetHolders(w http.ResponseWriter, r *http.Request) {
	h.serveList(w, r, &h.holdersBody, h.holdersOf)
}

func (h *HistoryHandler) holdersOf(ctx context.Context, n int, hs heights) (any, error) {
	tok, ok := h.d.Tokens.App()
	if !ok {
		return nil, errNoLucky
	}
	top, err := h.topHolders(ctx, tok, hs.indexed)
	if err != nil {
		return nil, err
	}
	list, count := top.list[:min(n, len(top.list))], top.count
	var supply *big.Int
	if tok.TotalSupply != nil {
		supply, _ = new(big.Int).SetString(*tok.TotalSupply, 10)
	}
	out := make([]holderJSON, len(list))
	for i, x := range list {
		out[i] = holderJSON{Rank: i + 1, Account: x.Account, Balance: x.Balance, Percent: percent(x.Balance, supply)}
	}
	var supplyS *string
	if supply != nil {
		s := supply.String()
		supplyS = &s
	}
	return struct {
		Token       string       `json:"token"`
		CoinType    string       `json:"coinType"`
		TotalSupply *string      `json:"totalSupply"`
		HolderCount int64        `json:"holderCount"`
		Holders     []holderJSON `json:"holders"`
		heights
	}{tok.Name, tok.CoinType, supplyS, count, out, hs}, nil
}

// holderList is the largest LUCKY holders (as many as a request may ask for) and the
// holder count, read at one indexed block.
type holderList struct {
	list  []store.Holder
	count int64
}

// topHolders reads the largest holders once per indexed block: every request at that
// block answers from the same read, whatever its limit.
func (h *HistoryHandler) topHolders(ctx context.Context, tok tokens.Token, indexed uint64) (holderList, error) {
	last, _, err := h.d.Store.LastBlock(ctx)
	if err != nil {
		return holderList{}, err
	}
	return h.holders.get(indexed, last, h.d.Now(), 0, func() (holderList, error) {
		list, count, err := h.d.Store.Holders(ctx, tok.Coin(), h.d.Rules.BurnAddress, maxLimit)
		return holderList{list, count}, err
	})
}

type constErr string

func (e constErr) Error() string { return string(e) }

const errNoLucky = constErr("api: LUCKY is not in the token registry")

// percent is balance/supply in percent with 4 decimals, rounded down, computed exactly
// ("" without a supply).
func percent(balance string, supply *big.Int) string {
	b, ok := new(big.Int).SetString(balance, 10)
	if !ok || supply == nil || supply.Sign() <= 0 {
		return ""
	}
	// balance × 100 × 10^4 / supply, then place the decimal point.
	q := new(big.Int).Quo(new(big.Int).Mul(b, big.NewInt(1_000_000)), supply)
	s := q.String()
	if len(s) < 5 {
		s = strings.Repeat("0", 5-len(s)) + s
	}
	return s[:len(s)-4] + "." + s[len(s)-4:]
}

// luckyDayJSON is what GET /api/v1/market/lucky adds from the index: the last 24 hours
// of LUCKY/SUPRA and the holder count (all null when this server has no index).
type luckyDayJSON struct {
	Change24h      *float64 `json:"change24h"`    // percent, SUPRA price; null without a price 24 h ago
	Change24hUSD   *float64 `json:"change24hUsd"` // percent, USD price
	Volume24h      *string  `json:"volume24h"`    // LUCKY, base units
	Volume24hQuote *string  `json:"volume24hQuote"`
	Buys24h        *int64   `json:"buys24h"`
	Sells24h       *int64   `json:"sells24h"`
	Holders        *int64   `json:"holders"`
	IndexedHeight  *string  `json:"indexedHeight"`
	HeadHeight     *string  `json:"headHeight"`
}

// luckyDay reads the last 24 hours of LUCKY/SUPRA from the indexed trades (price change
// against the last trade before the window, volume, buys and sells: the same trades the
// candles and the bots' buy alerts show, see docs/product.md "Event history and market
// figures") and the holder count, with the node's head the index answered with; day is
// nil without an index. day is kept for every request at its block: it is not changed.
func (h *HistoryHandler) luckyDay(ctx context.Context) (day *luckyDayJSON, head uint64, err error) {
	if h.d.Store == nil || h.d.Status == nil || h.d.Tokens == nil {
		return nil, 0, nil
	}
	tok, found := h.d.Tokens.App()
	if !found {
		return nil, 0, errNoLucky
	}
	idx, head, err := h.d.Status(ctx)
	if err != nil {
		return nil, 0, err
	}
	last, _, err := h.lastBlock(ctx, idx, head)
	if err != nil {
		return nil, 0, err
	}
	now := h.d.Now()
	day, err = h.day.get(idx, last, now, dayCacheFor, func() (*luckyDayJSON, error) {
		d, err := h.sumDay(ctx, tok, idx, head, now.Unix())
		return &d, err
	})
	if err != nil {
		return nil, 0, err
	}
	return day, head, nil
}

// sumDay reads the 24 hours before now from the trades, and the holder count.
func (h *HistoryHandler) sumDay(ctx context.Context, tok tokens.Token, idx, head uint64, now int64) (out luckyDayJSON, err error) {
	ct := tok.Coin()
	win, err := h.d.Store.WindowSummary(ctx, ct, now-history.Day, now)
	if err != nil {
		return out, err
	}
	_, holders, err := h.d.Store.Holders(ctx, ct, h.d.Rules.BurnAddress, 1)
	if err != nil {
		return out, err
	}
	is, hs := strconv.FormatUint(idx, 10), strconv.FormatUint(head, 10)
	vb, vq := win.VolBase.String(), win.VolQuote.String()
	return luckyDayJSON{Change24h: history.Change(win.Ref, win.Close), Change24hUSD: history.Change(win.RefUSD, win.CloseUSD),
		Volume24h: &vb, Volume24hQuote: &vq, Buys24h: &win.Buys, Sells24h: &win.Sells,
		Holders: &holders, IndexedHeight: &is, HeadHeight: &hs}, nil
}

// tokenRefOf names a coin type from the registry, or as the Cosmic Miners coin MINE,
// which the game defines rather than the registry; any other coin is named by its type
// (with 0 decimals: its amounts stay in base units).
func (h *HistoryHandler) tokenRefOf(coinType supra.CoinType) tokenRefJSON {
	if t, ok := h.d.Tokens.ByCoin(coinType); ok {
		return tokenRef(t)
	}
	if mine, ok := h.minersCoin(); ok && mine == coinType {
		return tokenRefJSON{Name: mineName, Symbol: mineName, CoinType: mine.String(), Decimals: chain.MineDecimals}
	}
	return tokenRefJSON{Name: coinType.String(), CoinType: coinType.String()}
}

// mineName is the Cosmic Miners coin's name and symbol.
const mineName = "MINE"

// minersCoin is the network's Cosmic Miners coin (module::MINE); ok is false where the
// network has no miners module.
func (h *HistoryHandler) minersCoin() (supra.CoinType, bool) {
	if h.d.Network.Modules.Miners == "" {
		return supra.CoinType{}, false
	}
	ct, err := supra.ParseCoinType(h.d.Network.Modules.Miners + "::" + mineName)
	return ct, err == nil
}
