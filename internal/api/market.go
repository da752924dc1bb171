package api

// Market data endpoints. Shapes:
//
// GET /api/v1/market/tokens[?refresh=true] — the token index:
//
//	{
//	  "updatedAt": "2026-01-01T00:00:00Z",           // when the node was last read for these figures (RFC 3339)
//	  "height": "1234",                               // the chain height the prices and reserves reflect (never lower than an earlier answer's)
//	  "stale": false, "ageSeconds": null,             // true (and the age) while the node is down: the last figures it gave, up to 10 minutes old
//	  "supraUsd": "0.007500000000000000" | null,      // dexUSDC per SUPRA (SUPRA/dexUSDC pool)
//	  "usdUnavailable": null | {"reason": "USD price unavailable", "detail": "the SUPRA/dexUSDC pool does not exist"},
//	  // (detail: "… does not exist", "… is empty" or "… could not be read")
//	  "tokens": [{
//	    "rank": 1,                                    // by market cap, highest first
//	    "name": "LUCKY", "symbol": "LUCKY", "coinType": "0x…::LUCKY::LUCKY", "decimals": 6, "logo": "/images/tokens/lucky.svg",
//	    "priceSupra": "0.006666666666666666",         // SUPRA per whole token
//	    "priceUsd": "0.000050000000000000" | null,    // null when usdUnavailable
//	    "priceRoute": "LUCKY/SUPRA",                  // the pool priceSupra is read from ("" for SUPRA)
//	    "usdRoute": "LUCKY/SUPRA × SUPRA/dexUSDC" | null, // the pools priceUsd is read through
//	    "totalSupply": "1000000000000000" | null,     // base units (decimals above)
//	    "totalSupplySource": "chain" | "registry" | null,
//	    "burned": "50000000000000",                   // base units held by the burn address
//	    "circulatingSupply": "950000000000000" | null,// total − burned, base units (market.CirculatingSupply, the one rule)
//	    "marketCap": "47500.000000000000000000" | null, // USD, price × circulating
//	    "fdv": "50000.000000000000000000" | null,       // USD, price × total supply
//	    "marketCapSupra": "…" | null, "fdvSupra": "…" | null,
//	    "reserves": {"token": "150000000000000", "supra": "100000000000000"} // TOKEN/SUPRA pool, base units (SUPRA's own row: both "0")
//	  }],
//	  "skipped": [{"name": "…", "symbol": "…", "coinType": "…", "reason": "no_pool" | "empty_pool" | "unreadable"}]
//	}
//
// GET /api/v1/market/lucky[?refresh=true] — the LUCKY dashboard:
//
//	{
//	  "updatedAt": "…", "height": "…", "stale": false, "ageSeconds": null, // as for the token index
//	  "token": {"name", "symbol", "coinType", "decimals", "logo"},
//	  "totalSupply": {"amount": "1000000000000000", "decimals": 6} | null, "totalSupplySource": "chain",
//	  "burned": {"amount", "decimals"} | null, "circulatingSupply": {"amount", "decimals"} | null,
//	  "houseVault": {"amount", "decimals"} | null,   // slots house fund of LUCKY; null without slots
//	  "burnAddress": "0x…",
//	  "priceSupra": "…" | null, "priceUsd": "…" | null, "luckyPerSupra": "150.000000000000000000" | null,
//	  "priceRoute": "LUCKY/SUPRA" | null, "usdRoute": "LUCKY/SUPRA × SUPRA/dexUSDC" | null, // as for the token index
//	  "supraUsd": "…" | null, "usdUnavailable": null | {"reason", "detail"},
//	  "marketCap": "…" | null, "fdv": "…" | null, "marketCapSupra": "…" | null, "fdvSupra": "…" | null,
//	  "pools": {
//	    "luckySupra":   {"base": {"symbol": "LUCKY", "amount", "decimals"}, "quote": {"symbol": "SUPRA", …}} | null,
//	    "luckyDexUsdc": {"base": {…LUCKY}, "quote": {"symbol": "dexUSDC", …}} | null
//	  },
//	  "staking": null | {"coin": {"symbol", "coinType", "decimals"}, "staked": {"amount", "decimals"}},
//	  "failed": [] | ["vault", "burned", "lucky", "liquidity"] // parts the node failed to answer: their figures are null
//	}
//
// The four dashboard parts are read independently: vault (houseVault), burned (burned,
// circulatingSupply), lucky (supply, price and the values built on them) and liquidity
// (pools). When the node fails some of them the answer is 200 with those null and named in
// "failed"; when it fails all four, the node's error (or the last complete figures,
// marked stale).
//
// Token amounts travel as base-unit integer strings with their decimals; prices and USD
// values as decimal strings with 18 decimals, truncated (never rounded up). With the event
// index, prices and reserves are the index's at its last block (height is that block), so
// a swap shows as soon as it is indexed; the pools it does not follow, the house vault and
// the staking total are node reads at most 10 s old (30 s while a refresh runs in the
// background); refresh=true asks for a new read of those (shared with any read younger
// than 1 s). Supplies and burned amounts change rarely: they are read at most 10 minutes
// before (again as soon as the index sees the coin burned), and a restarted server answers
// from the ones it stored. A server never answers a lower height than it has answered.

import (
	"math/big"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/luckycoin/lucky/internal/market"
)

type usdUnavailableJSON struct {
	Reason string `json:"reason"`
	Detail string `json:"detail"`
}

type reservesJSON struct {
	Token string `json:"token"`
	Supra string `json:"supra"`
}

type marketTokenJSON struct {
	Rank              int          `json:"rank"`
	Name              string       `json:"name"`
	Symbol            string       `json:"symbol"`
	CoinType          string       `json:"coinType"`
	Decimals          uint8        `json:"decimals"`
	Logo              string       `json:"logo"`
	PriceSupra        string       `json:"priceSupra"`
	PriceUSD          *string      `json:"priceUsd"`
	PriceRoute        string       `json:"priceRoute"`
	USDRoute          *string      `json:"usdRoute"`
	TotalSupply       *string      `json:"totalSupply"`
	TotalSupplySource *string      `json:"totalSupplySource"`
	Burned            string       `json:"burned"`
	Circulating       *string      `json:"circulatingSupply"`
	MarketCap         *string      `json:"marketCap"`
	FDV               *string      `json:"fdv"`
	MarketCapSupra    *string      `json:"marketCapSupra"`
	FDVSupra          *string      `json:"fdvSupra"`
	Reserves          reservesJSON `json:"reserves"`
	// LiquiditySupra is the pool's two reserves valued in SUPRA at its spot price (twice
	// its SUPRA reserve), SUPRA base units; LiquidityUSD the same in dollars. Null for
	// SUPRA's own row (and the USD value while USD is unavailable).
	LiquiditySupra *string `json:"liquiditySupra"`
	LiquidityUSD   *string `json:"liquidityUsd"`
	tokenDayJSON
}

type skippedJSON struct {
	Name     string `json:"name"`
	Symbol   string `json:"symbol"`
	CoinType string `json:"coinType"`
	Reason   string `json:"reason"`
}

// freshness says whether market figures are the node's current ones. Stale: the node
// failed to answer, and these are the last figures it gave, AgeSeconds old (null when
// fresh).
type freshness struct {
	Stale      bool   `json:"stale"`
	AgeSeconds *int64 `json:"ageSeconds"`
}

func freshnessOf(s *market.Snapshot) freshness {
	if !s.Stale {
		return freshness{}
	}
	age := int64(s.Age / time.Second)
	return freshness{Stale: true, AgeSeconds: &age}
}

// heightJSON is the chain height a market answer reflects, as a decimal string like every
// other height.
func heightJSON(s *market.Snapshot) string { return strconv.FormatUint(s.Height, 10) }

type marketTokensResponse struct {
	UpdatedAt time.Time `json:"updatedAt"`
	Height    string    `json:"height"`
	freshness
	SupraUSD       *string             `json:"supraUsd"`
	USDUnavailable *usdUnavailableJSON `json:"usdUnavailable"`
	Tokens         []marketTokenJSON   `json:"tokens"`
	Skipped        []skippedJSON       `json:"skipped"`
	// IndexedHeight is the index's block the rows' 24 h figures reflect (trades up to
	// height at most); null when this server has no index, and the figures are null.
	IndexedHeight *string `json:"indexedHeight"`
}

type amountJSON struct {
	Amount   string `json:"amount"`
	Decimals uint8  `json:"decimals"`
}

type symbolAmountJSON struct {
	Symbol   string `json:"symbol"`
	Amount   string `json:"amount"`
	Decimals uint8  `json:"decimals"`
}

type poolJSON struct {
	Base  symbolAmountJSON `json:"base"`
	Quote symbolAmountJSON `json:"quote"`
}

type tokenRefJSON struct {
	Name     string `json:"name"`
	Symbol   string `json:"symbol"`
	CoinType string `json:"coinType"`
	Decimals uint8  `json:"decimals"`
	Logo     string `json:"logo"`
}

type stakingJSON struct {
	Coin   tokenRefJSON `json:"coin"`
	Staked amountJSON   `json:"staked"`
}

type luckyResponse struct {
	UpdatedAt time.Time `json:"updatedAt"`
	Height    string    `json:"height"`
	freshness
	Token             tokenRefJSON        `json:"token"`
	TotalSupply       *amountJSON         `json:"totalSupply"`
	TotalSupplySource *string             `json:"totalSupplySource"`
	Burned            *amountJSON         `json:"burned"`
	Circulating       *amountJSON         `json:"circulatingSupply"`
	HouseVault        *amountJSON         `json:"houseVault"`
	BurnAddress       string              `json:"burnAddress"`
	PriceSupra        *string             `json:"priceSupra"`
	PriceUSD          *string             `json:"priceUsd"`
	PriceRoute        *string             `json:"priceRoute"`
	USDRoute          *string             `json:"usdRoute"`
	LuckyPerSupra     *string             `json:"luckyPerSupra"`
	SupraUSD          *string             `json:"supraUsd"`
	USDUnavailable    *usdUnavailableJSON `json:"usdUnavailable"`
	MarketCap         *string             `json:"marketCap"`
	FDV               *string             `json:"fdv"`
	MarketCapSupra    *string             `json:"marketCapSupra"`
	FDVSupra          *string             `json:"fdvSupra"`
	Pools             struct {
		LuckySupra   *poolJSON `json:"luckySupra"`
		LuckyDexUSDC *poolJSON `json:"luckyDexUsdc"`
	} `json:"pools"`
	// Staking is null where the network has no staking pool.
	Staking *stakingJSON `json:"staking"`
	// Failed names the dashboard parts the node failed to answer ("vault", "burned",
	// "lucky", "liquidity"); their figures are null. Empty when all were read.
	Failed []string `json:"failed"`
	luckyDayJSON
}

// snapshot reads the market snapshot, honouring ?refresh=true. It writes the error and
// returns nil on failure.
func (h *Handler) snapshot(w http.ResponseWriter, r *http.Request) *market.Snapshot {
	force := false
	switch v := strings.ToLower(r.URL.Query().Get("refresh")); v {
	case "", "false", "0":
	case "true", "1":
		force = true
	default:
		WriteError(w, r, h.log, http.StatusBadRequest, CodeInvalidQuery, "refresh must be true or false.")
		return nil
	}
	s, err := h.market.Snapshot(r.Context(), force)
	if err != nil {
		h.fail(w, r, err)
		return nil
	}
	return s
}

func usdUnavailable(s *market.Snapshot) *usdUnavailableJSON {
	if s.SupraUSD != nil {
		return nil
	}
	return &usdUnavailableJSON{Reason: s.USDReason(), Detail: s.USDDetail}
}

func intPtr(v interface{ String() string }, ok bool) *string {
	if !ok {
		return nil
	}
	s := v.String()
	return &s
}

func strPtr(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// GetMarketTokens serves GET /api/v1/market/tokens: the token index, rendered once per
// snapshot (a stale answer carries its age, which moves: it is rendered each time).
func (h *Handler) GetMarketTokens(w http.ResponseWriter, r *http.Request) {
	s := h.snapshot(w, r)
	if s == nil {
		return
	}
	var day *tokenDays
	if h.index != nil {
		// Read fresh from the index (milliseconds, once per block); without them the 24 h
		// fields stay null and the page says why.
		d, err := h.index.tokensDay(r.Context(), s.Height)
		if err != nil {
			h.log.Warn("market: 24 h figures of the tokens from the index", "err", err)
		} else {
			day = d
		}
	}
	build := func() (any, error) { return marketTokensOf(s, day), nil }
	var (
		out *rendered
		err error
	)
	if s.Stale {
		out, err = render(marketTokensOf(s, day))
	} else {
		out, err = h.tokensBody.get(tokensKey{s, day}, 0, build)
	}
	if err != nil {
		h.fail(w, r, err)
		return
	}
	out.serve(w, r)
}

// marketTokensOf is the token index of a snapshot, ranked by market cap, with the index's
// 24 h figures of each token (day nil: none).
func marketTokensOf(s *market.Snapshot, day *tokenDays) marketTokensResponse {
	out := marketTokensResponse{
		UpdatedAt: s.UpdatedAt.UTC(), Height: heightJSON(s), freshness: freshnessOf(s), SupraUSD: market.DecimalPtr(s.SupraUSD), USDUnavailable: usdUnavailable(s),
		Tokens: make([]marketTokenJSON, 0, len(s.Tokens)), Skipped: make([]skippedJSON, 0, len(s.Skipped)),
	}
	// Each token's market cap is computed once, not in every comparison of the sort (a
	// product of big rationals: at 300 tokens the comparisons cost more than the rest).
	type ranked struct {
		t        market.TokenMarket
		cap, fdv *big.Rat // in SUPRA
	}
	toks := make([]ranked, len(s.Tokens))
	for i, t := range s.Tokens {
		toks[i] = ranked{t, t.MarketCap(false), t.FDV(false)}
	}
	// In USD: the SUPRA values × SUPRA's USD price, which is what the token's USD price
	// times its supply is (PriceUSD = PriceSupra × SupraUSD), for one product each.
	usd := func(v *big.Rat) *string {
		if v == nil || s.SupraUSD == nil {
			return nil
		}
		return market.DecimalPtr(new(big.Rat).Mul(v, s.SupraUSD))
	}
	// Rank by market cap, highest first (USD and SUPRA order alike: one factor apart);
	// tokens without a supply go last, by name.
	slices.SortStableFunc(toks, func(a, b ranked) int {
		switch {
		case a.cap == nil && b.cap == nil:
			return strings.Compare(a.t.Token.Name, b.t.Token.Name)
		case a.cap == nil:
			return 1
		case b.cap == nil:
			return -1
		}
		return b.cap.Cmp(a.cap)
	})
	// One SUPRA in base units, for the liquidity in dollars (SUPRA's row is always listed).
	var supraUnit *big.Int
	for _, t := range s.Tokens {
		if t.Token.Coin().IsNative() {
			supraUnit = new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(t.Token.Decimals)), nil)
		}
	}
	for i, r := range toks {
		t := r.t
		out.Tokens = append(out.Tokens, marketTokenJSON{
			Rank: i + 1, Name: t.Token.Name, Symbol: t.Token.Symbol, CoinType: t.Token.CoinType,
			Decimals: t.Token.Decimals, Logo: t.Token.Logo,
			PriceSupra: market.Decimal(t.PriceSupra), PriceUSD: market.DecimalPtr(t.PriceUSD),
			PriceRoute: t.PriceRoute, USDRoute: strPtr(t.USDRoute),
			TotalSupply: intPtr(t.TotalSupply, t.TotalSupply != nil), TotalSupplySource: strPtr(t.SupplySource),
			Burned: t.Burned.String(), Circulating: intPtr(t.Circulating, t.Circulating != nil),
			MarketCap: usd(r.cap), FDV: usd(r.fdv),
			MarketCapSupra: market.DecimalPtr(r.cap), FDVSupra: market.DecimalPtr(r.fdv),
			Reserves: reservesJSON{Token: u64s(t.ReserveToken), Supra: u64s(t.ReserveSupra)},
		})
		row := &out.Tokens[len(out.Tokens)-1]
		if liq := liquidity(t); liq != nil {
			row.LiquiditySupra = intPtr(liq, true)
			if s.SupraUSD != nil && supraUnit != nil {
				row.LiquidityUSD = market.DecimalPtr(new(big.Rat).Mul(new(big.Rat).SetFrac(liq, supraUnit), s.SupraUSD))
			}
		}
		if day != nil {
			row.tokenDayJSON = day.byCoin[t.Token.Coin()]
		}
	}
	if day != nil {
		out.IndexedHeight = &day.indexed
	}
	for _, sk := range s.Skipped {
		out.Skipped = append(out.Skipped, skippedJSON{Name: sk.Token.Name, Symbol: sk.Token.Symbol, CoinType: sk.Token.CoinType, Reason: sk.Reason})
	}
	return out
}

// GetMarketLucky serves GET /api/v1/market/lucky: the dashboard of the app's own token.
func (h *Handler) GetMarketLucky(w http.ResponseWriter, r *http.Request) {
	s := h.snapshot(w, r)
	if s == nil {
		return
	}
	if s.Lucky.Market.Token.Name == "" {
		WriteError(w, r, h.log, http.StatusNotFound, CodeNotFound, "The token registry names no app token.")
		return
	}
	var (
		day  *luckyDayJSON
		head uint64
	)
	if h.index != nil {
		// The index's figures are read fresh (milliseconds); without them the fields stay
		// null and the dashboard says why.
		d, hd, err := h.index.luckyDay(r.Context())
		if err != nil {
			h.log.Warn("market: 24 h figures from the index", "err", err)
		}
		day, head = d, hd
	}
	if s.Stale {
		// A stale answer carries its age, which moves: it is written each time.
		WriteJSON(w, http.StatusOK, h.luckyOf(s, day, head))
		return
	}
	out, err := h.luckyBody.get(luckyKey{s, day, head}, 0, func() (any, error) { return h.luckyOf(s, day, head), nil })
	if err != nil {
		h.fail(w, r, err)
		return
	}
	out.serve(w, r)
}

// luckyOf is the dashboard of a snapshot with the index's 24 h figures day (nil: none)
// and the node's head the index answered with.
func (h *Handler) luckyOf(s *market.Snapshot, day *luckyDayJSON, head uint64) luckyResponse {
	l := s.Lucky
	m := l.Market
	dec := m.Token.Decimals
	amt := func(v interface{ String() string }, ok bool) *amountJSON {
		if !ok {
			return nil
		}
		return &amountJSON{Amount: v.String(), Decimals: dec}
	}
	out := luckyResponse{
		UpdatedAt: s.UpdatedAt.UTC(), Height: heightJSON(s), freshness: freshnessOf(s),
		Token: tokenRefJSON{Name: m.Token.Name, Symbol: m.Token.Symbol, CoinType: m.Token.CoinType,
			Decimals: dec, Logo: m.Token.Logo},
		TotalSupply: amt(m.TotalSupply, m.TotalSupply != nil), TotalSupplySource: strPtr(m.SupplySource),
		Burned: amt(m.Burned, m.Burned != nil), Circulating: amt(m.Circulating, m.Circulating != nil),
		HouseVault:  amt(l.HouseVault, l.HouseVault != nil),
		BurnAddress: h.net.Modules.BurnAddress,
		PriceSupra:  market.DecimalPtr(m.PriceSupra), PriceUSD: market.DecimalPtr(m.PriceUSD),
		PriceRoute: strPtr(m.PriceRoute), USDRoute: strPtr(m.USDRoute),
		SupraUSD: market.DecimalPtr(s.SupraUSD), USDUnavailable: usdUnavailable(s),
		MarketCap: market.DecimalPtr(m.MarketCap(true)), FDV: market.DecimalPtr(m.FDV(true)),
		MarketCapSupra: market.DecimalPtr(m.MarketCap(false)), FDVSupra: market.DecimalPtr(m.FDV(false)),
	}
	out.Failed = append([]string{}, l.Failed...)
	out.LuckyPerSupra = market.DecimalPtr(m.PerSupra())
	out.Pools.LuckySupra = poolOut(l.LuckySupra)
	out.Pools.LuckyDexUSDC = poolOut(l.LuckyUSDC)
	if st := l.Staking; st != nil {
		out.Staking = &stakingJSON{
			Coin:   tokenRefJSON{Name: st.Coin.Name, Symbol: st.Coin.Symbol, CoinType: st.Coin.CoinType, Decimals: st.Coin.Decimals, Logo: st.Coin.Logo},
			Staked: amountJSON{Amount: st.Staked.String(), Decimals: st.Coin.Decimals},
		}
	}
	if day != nil {
		// The head moves on without the index: say the one read now.
		out.luckyDayJSON = *day
		hs := strconv.FormatUint(head, 10)
		out.HeadHeight = &hs
	}
	return out
}

// luckyKey is what the dashboard shows: a market snapshot, the index's 24 h figures (one
// value per read of the index) and the node's head the index answered with.
type luckyKey struct {
	snap *market.Snapshot
	day  *luckyDayJSON
	head uint64
}

// tokensKey is what the token index shows: a market snapshot and the index's 24 h
// figures of the tokens.
type tokensKey struct {
	snap *market.Snapshot
	day  *tokenDays
}

func poolOut(p *market.Pool) *poolJSON {
	if p == nil {
		return nil
	}
	return &poolJSON{
		Base:  symbolAmountJSON{Symbol: p.Base.Symbol, Amount: u64s(p.BaseAmt), Decimals: p.Base.Decimals},
		Quote: symbolAmountJSON{Symbol: p.Quote.Symbol, Amount: u64s(p.QuoteAmt), Decimals: p.Quote.Decimals},
	}
}

func u64s(v uint64) string { return strconv.FormatUint(v, 10) }
