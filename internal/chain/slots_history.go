package chain

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"strconv"
	"time"

	"github.com/luckycoin/lucky/internal/supra"
)

// History limits.
const (
	DefaultHistoryLimit = 20
	MaxHistoryLimit     = 100
	historyPage         = 100
	historyMaxPages     = 10 // scan at most the last 1000 transactions
)

// Spin is one slot play of an account. Amounts are base units; Time is the block's
// (zero while pending).
type Spin struct {
	TxHash     string
	Time       time.Time
	Token      string // the registry's name, or CoinType when unknown
	CoinType   string
	BetPerSpin uint64
	Spins      uint64
	Wagered    *big.Int
	Won        *big.Int
	Status     string
}

// Net is won − wagered (signed).
func (s Spin) Net() *big.Int { return new(big.Int).Sub(s.Won, s.Wagered) }

// SpinHistory returns the account's most recent slot plays (newest first, at most limit),
// from its sent transactions. A failed play wagered and won nothing (only gas was spent).
func (c *Client) SpinHistory(ctx context.Context, addr supra.Address, limit int) ([]Spin, error) {
	if limit <= 0 {
		limit = DefaultHistoryLimit
	}
	limit = min(limit, MaxHistoryLimit)
	out := []Spin{}
	mod, err := c.slotsModule()
	if err != nil {
		return out, nil
	}
	info, err := c.node.Account(ctx, addr)
	if errors.Is(err, supra.ErrAccountNotFound) {
		return out, nil
	}
	if err != nil {
		return nil, fmt.Errorf("history of %s: %w", addr, err)
	}
	end := info.SequenceNumber // exclusive
	for page := 0; page < historyMaxPages && end > 0 && len(out) < limit; page++ {
		start := end - min(end, historyPage)
		txs, err := c.node.AccountTransactions(ctx, addr, historyPage, start)
		if err != nil {
			return nil, fmt.Errorf("history of %s: %w", addr, err)
		}
		for i := len(txs) - 1; i >= 0 && len(out) < limit; i-- {
			tx := &txs[i]
			if tx.Header.SequenceNumber >= end {
				continue
			}
			if rec, ok := c.spinRecord(tx, mod); ok {
				out = append(out, rec)
			}
		}
		end = start
	}
	return out, nil
}

func (c *Client) spinRecord(tx *supra.TransactionInfo, mod supra.ModuleID) (Spin, bool) {
	fn, err := ParseFunction(tx.Payload.Move.Function)
	if err != nil || fn.Module != mod || (fn.Name != "play" && fn.Name != "play_supra_coin") {
		return Spin{}, false
	}
	rec := Spin{TxHash: tx.Hash, Status: supra.AppStatus(tx), Wagered: new(big.Int), Won: new(big.Int)}
	if tx.BlockHeader != nil {
		rec.Time = time.UnixMicro(int64(tx.BlockHeader.Timestamp.MicrosecondsSinceUnixEpoch)).UTC()
	}
	args := tx.Payload.Move.Arguments
	if len(args) >= 2 {
		rec.BetPerSpin, _ = strconv.ParseUint(fmt.Sprint(args[0]), 10, 64)
		rec.Spins, _ = strconv.ParseUint(fmt.Sprint(args[1]), 10, 64)
	}
	rec.CoinType = supra.SupraCoinType
	if fn.Name == "play" && len(tx.Payload.Move.TypeArguments) > 0 {
		rec.CoinType = tx.Payload.Move.TypeArguments[0]
	}
	if tx.Output != nil && rec.Status == supra.TxSuccess {
		if p, err := c.FindPlayEvent(tx.Output.Move.Events); err == nil {
			rec.CoinType = p.TokenType
			rec.BetPerSpin, rec.Spins = p.BetPerSpin, p.NumberOfSpins
			rec.Wagered, rec.Won = p.Wagered(), new(big.Int).SetUint64(p.TotalPrize)
		}
	}
	rec.Token = rec.CoinType
	if t, ok := c.reg.ByCoinType(rec.CoinType); ok {
		rec.Token = t.Name
	}
	return rec, true
}
