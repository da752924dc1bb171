package simulate

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/luckycoin/lucky/internal/supra"
)

// Devnet reads a devnet's admin endpoints (/devnet/info, /devnet/state): what the RPC
// does not say, the chain's clock and the whole ledger.
type Devnet struct {
	base string
	http supra.HTTPDoer
}

// NewDevnet reads the devnet at base (the URL its /rpc/v1/ and /devnet/ hang from)
// through doer (nil: a plain HTTP client).
func NewDevnet(base string, doer supra.HTTPDoer) *Devnet {
	if doer == nil {
		doer = &http.Client{Timeout: 2 * time.Minute}
	}
	return &Devnet{base: strings.TrimRight(base, "/"), http: doer}
}

// Info is GET /devnet/info.
type Info struct {
	ChainID     uint8  `json:"chain_id"`
	Height      uint64 `json:"height"`
	TimestampUS int64  `json:"timestamp_us"` // where the chain's clock stands
	Faucet      string `json:"faucet"`
}

// Info reads the devnet's info; an error says the URL is not a devnet (or is down).
func (d *Devnet) Info(ctx context.Context) (Info, error) {
	var in Info
	if err := d.get(ctx, "/devnet/info", &in); err != nil {
		return Info{}, err
	}
	if in.TimestampUS == 0 {
		return Info{}, fmt.Errorf("simulate: %s/devnet/info: no chain time: not a devnet", d.base)
	}
	return in, nil
}

// Clock is the chain's clock as seen from here: the wall clock plus how far the devnet's
// clock stood from it when read. After a time travel the chain runs ahead, and a
// transaction expiring by the wall clock would already be expired.
func (d *Devnet) Clock(ctx context.Context) (func() time.Time, error) {
	in, err := d.Info(ctx)
	if err != nil {
		return nil, err
	}
	offset := time.Until(time.UnixMicro(in.TimestampUS))
	return func() time.Time { return time.Now().Add(offset) }, nil
}

// Ledger is every coin store of a devnet, the supply of every coin and the gas paid, the
// other resources, and the blocks with their transactions, read at one instant: the
// balances, the pools' reserves and the history that led to them agree.
type Ledger struct {
	GasCollected uint64
	Stores       []CoinStore
	Infos        []CoinInfo
	// Resources are the accounts' resources other than coin stores (the DEX's pools are
	// one).
	Resources []Resource
	// Blocks are every block, oldest first; a block names its transactions by their index
	// in Txs.
	Blocks []Block
	Txs    []Tx
}

// Resource is one stored resource, its value as the node writes it.
type Resource struct {
	Address supra.Address
	Type    string
	Data    json.RawMessage
}

// Block is one block of the chain: its height, its time and its transactions (indexes in
// Ledger.Txs, in the block's order).
type Block struct {
	Height uint64
	TimeUS int64 // microseconds since the Unix epoch
	Txs    []int
}

// Tx is what a transaction left on the chain: its status (supra.StatusSuccess, …) and
// the events it emitted, in order.
type Tx struct {
	Status string
	Events []supra.Event
}

// CoinStore is one account's balance of one coin.
type CoinStore struct {
	Address  supra.Address
	CoinType string
	Value    uint64
}

// CoinInfo is one coin's 0x1::coin::CoinInfo.
type CoinInfo struct {
	CoinType string
	Symbol   string
	Supply   uint64
	Decimals uint8
}

// Ledger reads the ledger from the devnet's state dump (GET /devnet/state), which the
// node writes under its lock: balances, supplies, gas, resources, blocks and transactions
// are of the same instant, so one read serves every check.
func (d *Devnet) Ledger(ctx context.Context) (*Ledger, error) {
	var f struct {
		GasCollected supra.U64 `json:"gas_collected"`
		Coins        []struct {
			Address  supra.Address `json:"address"`
			CoinType string        `json:"coin_type"`
			Value    supra.U64     `json:"value"`
		} `json:"coins"`
		CoinInfos []struct {
			CoinType string    `json:"coin_type"`
			Symbol   string    `json:"symbol"`
			Decimals uint8     `json:"decimals"`
			Supply   supra.U64 `json:"supply"`
		} `json:"coin_infos"`
		Resources []struct {
			Address supra.Address   `json:"address"`
			Type    string          `json:"type"`
			Data    json.RawMessage `json:"data"`
		} `json:"resources"`
		Blocks []struct {
			Height uint64 `json:"height"`
			TimeUS int64  `json:"time_us"`
			Txs    []int  `json:"txs"`
		} `json:"blocks"`
		// A transaction record is written with its Go field names; only what the checks
		// read is decoded.
		Transactions []struct {
			Status string `json:"Status"`
			Output struct {
				Move struct {
					Events []supra.Event `json:"events"`
				} `json:"Move"`
			} `json:"Output"`
		} `json:"transactions"`
	}
	if err := d.get(ctx, "/devnet/state", &f); err != nil {
		return nil, err
	}
	l := &Ledger{GasCollected: uint64(f.GasCollected)}
	for _, c := range f.Coins {
		l.Stores = append(l.Stores, CoinStore{Address: c.Address, CoinType: c.CoinType, Value: uint64(c.Value)})
	}
	for _, c := range f.CoinInfos {
		l.Infos = append(l.Infos, CoinInfo{CoinType: c.CoinType, Symbol: c.Symbol, Supply: uint64(c.Supply), Decimals: c.Decimals})
	}
	for _, r := range f.Resources {
		l.Resources = append(l.Resources, Resource{Address: r.Address, Type: r.Type, Data: r.Data})
	}
	l.Blocks = make([]Block, 0, len(f.Blocks))
	for _, b := range f.Blocks {
		l.Blocks = append(l.Blocks, Block{Height: b.Height, TimeUS: b.TimeUS, Txs: b.Txs})
	}
	l.Txs = make([]Tx, 0, len(f.Transactions))
	for _, t := range f.Transactions {
		l.Txs = append(l.Txs, Tx{Status: t.Status, Events: t.Output.Move.Events})
	}
	return l, nil
}

func (d *Devnet) get(ctx context.Context, path string, out any) error {
	return getJSON(ctx, d.http, d.base+path, out)
}

// getJSON decodes the 200 answer of GET url into out.
func getJSON(ctx context.Context, doer supra.HTTPDoer, url string, out any) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return fmt.Errorf("simulate: %s: %w", url, err)
	}
	res, err := doer.Do(req)
	if err != nil {
		return fmt.Errorf("simulate: GET %s: %w", url, err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(io.LimitReader(res.Body, 512))
		return fmt.Errorf("simulate: GET %s: %s: %s", url, res.Status, strings.TrimSpace(string(b)))
	}
	if err := json.NewDecoder(res.Body).Decode(out); err != nil {
		return fmt.Errorf("simulate: GET %s: %w", url, err)
	}
	return nil
}

// Holdings are the balances of coinType by account, empty stores included.
func (l *Ledger) Holdings(coinType string) map[supra.Address]uint64 {
	out := map[supra.Address]uint64{}
	for _, s := range l.Stores {
		if s.CoinType == coinType {
			out[s.Address] = s.Value
		}
	}
	return out
}

// Conservation is the check that no coin was made or lost: for every coin, its supply
// equals the sum of every balance, plus for SUPRA the gas paid (which the devnet keeps
// count of rather than destroying). Burned coins are no exception: a burn is a transfer
// to the burn address, whose balance is one of the sum's.
type Conservation struct {
	Coins  []CoinSupply
	Stores int // coin stores summed
}

// CoinSupply is one coin's side of the check.
type CoinSupply struct {
	CoinType, Symbol string
	Supply           *big.Int
	Balances         *big.Int // the sum of every store's balance
	Gas              *big.Int // SUPRA paid as gas; 0 for other coins
	Stores           int
	Registered       bool // the coin has a CoinInfo (a store of a coin without one is a break)
}

// OK reports whether supply = balances + gas.
func (c CoinSupply) OK() bool {
	return c.Registered && new(big.Int).Add(c.Balances, c.Gas).Cmp(c.Supply) == 0
}

// Conservation sums the ledger per coin.
func (l *Ledger) Conservation() Conservation {
	byType := map[string]*CoinSupply{}
	get := func(t string) *CoinSupply {
		c := byType[t]
		if c == nil {
			c = &CoinSupply{CoinType: t, Supply: new(big.Int), Balances: new(big.Int), Gas: new(big.Int)}
			byType[t] = c
		}
		return c
	}
	for _, in := range l.Infos {
		c := get(in.CoinType)
		c.Symbol, c.Registered = in.Symbol, true
		c.Supply.SetUint64(in.Supply)
		if in.CoinType == supra.SupraCoinType {
			c.Gas.SetUint64(l.GasCollected)
		}
	}
	var out Conservation
	for _, s := range l.Stores {
		c := get(s.CoinType)
		c.Balances.Add(c.Balances, new(big.Int).SetUint64(s.Value))
		c.Stores++
		out.Stores++
	}
	for _, c := range byType {
		out.Coins = append(out.Coins, *c)
	}
	slices.SortFunc(out.Coins, func(a, b CoinSupply) int { return strings.Compare(a.CoinType, b.CoinType) })
	return out
}

// Err is ErrCheck naming every coin whose supply is not its balances and gas.
func (c Conservation) Err() error {
	var broken []string
	for _, x := range c.Coins {
		switch {
		case !x.Registered:
			broken = append(broken, fmt.Sprintf("%s: coin stores hold %s of a coin without CoinInfo", x.CoinType, x.Balances))
		case !x.OK():
			broken = append(broken, fmt.Sprintf("%s (%s): supply %s, balances %s + gas %s = %s", x.Symbol, x.CoinType,
				x.Supply, x.Balances, x.Gas, new(big.Int).Add(x.Balances, x.Gas)))
		}
	}
	if len(broken) > 0 {
		return fmt.Errorf("%w: conservation: %s", ErrCheck, strings.Join(broken, "; "))
	}
	return nil
}

// Write prints the check for people: one line per coin.
func (c Conservation) Write(w io.Writer) {
	status := "ok"
	if c.Err() != nil {
		status = "BROKEN"
	}
	fmt.Fprintf(w, "conservation: %d coins, %d coin stores: %s\n", len(c.Coins), c.Stores, status)
	for _, x := range c.Coins {
		mark := "="
		if !x.OK() {
			mark = "≠"
		}
		gas := ""
		if x.Gas.Sign() > 0 {
			gas = " + gas " + x.Gas.String()
		}
		fmt.Fprintf(w, "  %-16s supply %s %s balances %s%s (%d stores)\n", x.Symbol, x.Supply, mark, x.Balances, gas, x.Stores)
	}
}
