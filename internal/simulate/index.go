package simulate

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/big"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/luckycoin/lucky/internal/supra"
)

// API reads the app's JSON API (lucky serve's /api/v1), to compare its index with the
// chain.
type API struct {
	base string
	http supra.HTTPDoer
}

// NewAPI reads the API at base through doer (nil: a plain HTTP client).
func NewAPI(base string, doer supra.HTTPDoer) *API {
	if doer == nil {
		doer = &http.Client{Timeout: 30 * time.Second}
	}
	return &API{base: strings.TrimRight(base, "/"), http: doer}
}

// listLimit is the most rows a list endpoint of the API answers.
const listLimit = 100

type holdersJSON struct {
	HolderCount int64 `json:"holderCount"`
	Holders     []struct {
		Account supra.Address `json:"account"`
		Balance string        `json:"balance"`
	} `json:"holders"`
	IndexedHeight string `json:"indexedHeight"`
}

// WaitIndexed waits until the index has taken in block height, and returns the height
// it stands at.
func (a *API) WaitIndexed(ctx context.Context, height uint64) (uint64, error) {
	var last error
	for {
		var h holdersJSON
		err := a.get(ctx, "/api/v1/holders?limit=1", &h)
		if err == nil {
			n, perr := strconv.ParseUint(h.IndexedHeight, 10, 64)
			if perr == nil && n >= height {
				return n, nil
			}
			err = fmt.Errorf("indexed to %s of %d", h.IndexedHeight, height)
		}
		last = err
		select {
		case <-ctx.Done():
			return 0, fmt.Errorf("%w: the index did not reach block %d: %w", ErrCheck, height, last)
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// IndexCheck compares the index with the chain: the holders of the app's token (their
// count and the largest ones' balances) and what was burned of it.
type IndexCheck struct {
	Indexed                    uint64
	HoldersChain, HoldersIndex int64
	Compared                   int      // holder balances compared
	Mismatched                 []string // holders whose indexed balance is not the chain's
	BurnedChain, BurnedIndex   *big.Int
	Burners                    int
	// BurnsCompared is false when the leaderboard is full: it then leaves the smallest
	// burners out, and its total says nothing.
	BurnsCompared bool
	// Candles compares the app token's candles with the chain's (nil: not compared).
	Candles *CandleCheck
}

// Rows is how many index rows were checked against the chain.
func (c IndexCheck) Rows() int {
	n := 1 + c.Compared + c.Burners
	if c.Candles != nil {
		n += c.Candles.Rows()
	}
	return n
}

// Err is ErrCheck naming what differs.
func (c IndexCheck) Err() error {
	var bad []string
	if c.HoldersChain != c.HoldersIndex {
		bad = append(bad, fmt.Sprintf("holders: chain %d, index %d", c.HoldersChain, c.HoldersIndex))
	}
	if len(c.Mismatched) > 0 {
		bad = append(bad, "balances: "+strings.Join(c.Mismatched, ", "))
	}
	if c.BurnsCompared && c.BurnedChain.Cmp(c.BurnedIndex) != 0 {
		bad = append(bad, fmt.Sprintf("burned: chain %s, index %s", c.BurnedChain, c.BurnedIndex))
	}
	var candles error
	if c.Candles != nil {
		candles = c.Candles.Err()
	}
	if len(bad) > 0 {
		return errors.Join(fmt.Errorf("%w: index ≠ chain at block %d: %s", ErrCheck, c.Indexed, strings.Join(bad, "; ")), candles)
	}
	return candles
}

// Write prints the check for people.
func (c IndexCheck) Write(w io.Writer) {
	status := "ok"
	if c.Err() != nil {
		status = "DIFFERS"
	}
	fmt.Fprintf(w, "index at block %d: %s (%d rows checked)\n", c.Indexed, status, c.Rows())
	fmt.Fprintf(w, "  holders: chain %d, index %d; %d largest balances compared, %d differ\n",
		c.HoldersChain, c.HoldersIndex, c.Compared, len(c.Mismatched))
	if c.BurnsCompared {
		fmt.Fprintf(w, "  burned: chain %s, index %s (%d burners)\n", c.BurnedChain, c.BurnedIndex, c.Burners)
	} else {
		fmt.Fprintf(w, "  burned: not compared: more than %d burners (chain %s)\n", listLimit-1, c.BurnedChain)
	}
	if c.Candles != nil {
		c.Candles.Write(w)
	}
}

// Check compares the index with ledger l for the app's token coinType, whose burns go to
// burn. The index must have taken in the block l was read at (WaitIndexed), and the chain
// must not have moved since.
func (a *API) Check(ctx context.Context, l *Ledger, coinType string, burn supra.Address, indexed uint64) (IndexCheck, error) {
	c := IndexCheck{Indexed: indexed, BurnedIndex: new(big.Int)}
	held := l.Holdings(coinType)
	for addr, v := range held {
		if v > 0 && addr != burn {
			c.HoldersChain++
		}
	}
	c.BurnedChain = new(big.Int).SetUint64(held[burn])

	var h holdersJSON
	if err := a.get(ctx, "/api/v1/holders?limit="+strconv.Itoa(listLimit), &h); err != nil {
		return c, err
	}
	c.HoldersIndex = h.HolderCount
	for _, x := range h.Holders {
		c.Compared++
		if want := strconv.FormatUint(held[x.Account], 10); x.Balance != want {
			c.Mismatched = append(c.Mismatched, fmt.Sprintf("%s index %s chain %s", x.Account.ShortString(), x.Balance, want))
		}
	}

	var lb struct {
		Leaders []struct {
			Total string `json:"total"`
		} `json:"leaders"`
	}
	if err := a.get(ctx, "/api/v1/burns/leaderboard?limit="+strconv.Itoa(listLimit), &lb); err != nil {
		return c, err
	}
	c.Burners = len(lb.Leaders)
	c.BurnsCompared = c.Burners < listLimit
	for _, x := range lb.Leaders {
		v, ok := new(big.Int).SetString(x.Total, 10)
		if !ok {
			return c, fmt.Errorf("simulate: burn leaderboard total %q is not a number", x.Total)
		}
		c.BurnedIndex.Add(c.BurnedIndex, v)
	}
	return c, nil
}

func (a *API) get(ctx context.Context, path string, out any) error {
	return getJSON(ctx, a.http, a.base+path, out)
}
