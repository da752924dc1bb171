package chain

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/luckycoin/lucky/internal/supra"
	"github.com/luckycoin/lucky/internal/tokens"
)

// History limits of the account listings.
const (
	DefaultHistoryLimit = 20
	MaxHistoryLimit     = 100
	historyPage         = 100
	historyMaxPages     = 10 // scan at most the last 1000 transactions
)

// Why a transaction is not a verified burn (BurnOf). Each wraps ErrNotBurn.
var (
	ErrNotBurn      = errors.New("not a burn")
	ErrBurnPending  = fmt.Errorf("%w: the transaction is not final yet", ErrNotBurn)
	ErrBurnFailed   = fmt.Errorf("%w: the transaction failed on chain", ErrNotBurn)
	ErrNotToBurn    = fmt.Errorf("%w: the transaction sends no tokens to the burn address", ErrNotBurn)
	ErrUnknownCoin  = fmt.Errorf("%w: the burned coin is not in the token list", ErrNotBurn)
	errNoBurnConfig = fmt.Errorf("%w: burn address", ErrNotConfigured)
)

// Burn is one verified burn: a successful coin transfer from Burner to the network's burn
// address, read back from the chain.
type Burn struct {
	TxHash string
	Burner supra.Address
	Token  tokens.Token
	Amount uint64 // base units of Token
	Block  uint64
	Time   time.Time
}

// transferFunctions are the framework entry functions that move a coin (or its paired
// fungible asset) to an address, with the recipient's place among their arguments.
var transferFunctions = map[string]int{
	"0x1::supra_account::transfer":          0,
	"0x1::supra_account::transfer_coins":    0,
	"0x1::coin::transfer":                   0,
	"0x1::primary_fungible_store::transfer": 1, // (metadata, to, amount)
}

// BurnOf verifies that tx is a burn: final and successful (a framework transfer must name
// the burn address as recipient), with a coin deposit to the burn address among its
// events (the amount is the deposit's: what the chain moved, not what the payload asked).
// Anything else is an error wrapping ErrNotBurn that says why.
func (c *Burns) BurnOf(tx *supra.TransactionInfo) (Burn, error) {
	burn, ok := c.BurnAddress()
	if !ok {
		return Burn{}, errNoBurnConfig
	}
	switch supra.AppStatus(tx) {
	case supra.TxPending:
		return Burn{}, ErrBurnPending
	case supra.TxFailed:
		return Burn{}, ErrBurnFailed
	}
	// A framework transfer must name the burn address as its recipient. Any other
	// successful transaction that deposits coins at the burn address burns them too (the
	// chain's genesis places its burned supply there): the event index lists every such
	// deposit as a burn, so each listed burn verifies here.
	p := tx.Payload.Move
	fn, err := ParseFunction(p.Function)
	if at, ok := transferFunctions[fn.String()]; err == nil && ok {
		if len(p.Arguments) < at+2 {
			return Burn{}, ErrNotToBurn
		}
		to, _ := p.Arguments[at].(string)
		if a, err := supra.ParseAddress(to); err != nil || a != burn {
			return Burn{}, ErrNotToBurn
		}
	}
	sender, err := supra.ParseAddress(tx.Header.Sender.Move)
	if err != nil || tx.Output == nil {
		return Burn{}, fmt.Errorf("%w: transaction %s", ErrBadResponse, tx.Hash)
	}
	// The deposit is a CoinDeposit to the burn address or, where the burn address holds
	// the coin in its primary fungible store, a fungible_asset::Deposit to that store.
	var dep *CoinEvent
	for _, ev := range tx.Output.Move.Events {
		ce, ok, err := DecodeCoinEvent(ev)
		if err != nil {
			return Burn{}, err
		}
		if ok && ce.Deposit && ce.Account == burn {
			dep = &ce
			break
		}
		fe, ok, err := DecodeFAEvent(ev)
		if err != nil {
			return Burn{}, err
		}
		if !ok || !fe.Deposit {
			continue
		}
		if o, ok := c.stores.Resolve(fe.Store, burn); ok && o.Owner == burn {
			dep = &CoinEvent{Deposit: true, CoinType: o.Coin.String(), Account: burn, Amount: fe.Amount}
			break
		}
	}
	if dep == nil || dep.Amount == 0 {
		return Burn{}, ErrNotToBurn
	}
	t, ok := c.reg.ByCoinType(dep.CoinType)
	if !ok {
		return Burn{}, ErrUnknownCoin
	}
	b := Burn{TxHash: tx.Hash, Burner: sender, Token: t, Amount: dep.Amount}
	if bh := tx.BlockHeader; bh != nil {
		b.Block = bh.Height
		b.Time = time.UnixMicro(int64(bh.Timestamp.MicrosecondsSinceUnixEpoch)).UTC()
	}
	return b, nil
}

// BurnHistory returns addr's most recent burns (newest first, at most limit) from its
// sent transactions, scanning at most the last 1000 of them: the node has no index of
// burns, so this is what "from the node" costs until the indexer answers instead.
func (c *Burns) BurnHistory(ctx context.Context, addr supra.Address, limit int) ([]Burn, error) {
	if limit <= 0 {
		limit = DefaultHistoryLimit
	}
	limit = min(limit, MaxHistoryLimit)
	out := []Burn{}
	if _, ok := c.BurnAddress(); !ok {
		return out, nil
	}
	info, err := c.node.Account(ctx, addr)
	if errors.Is(err, supra.ErrAccountNotFound) {
		return out, nil
	}
	if err != nil {
		return nil, fmt.Errorf("burns of %s: %w", addr, err)
	}
	end := info.SequenceNumber // exclusive
	for page := 0; page < historyMaxPages && end > 0 && len(out) < limit; page++ {
		start := end - min(end, historyPage)
		txs, err := c.node.AccountTransactions(ctx, addr, historyPage, start)
		if err != nil {
			return nil, fmt.Errorf("burns of %s: %w", addr, err)
		}
		for i := len(txs) - 1; i >= 0 && len(out) < limit; i-- {
			if txs[i].Header.SequenceNumber >= end {
				continue
			}
			if b, err := c.BurnOf(&txs[i]); err == nil {
				out = append(out, b)
			}
		}
		end = start
	}
	return out, nil
}
