package chain

import (
	"context"
	"errors"
	"fmt"
	"math/big"
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

// SpinRecord is one slot play of an account. Amounts are base units as decimal strings;
// Net is won − wagered (signed).
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

// SpinHistory returns the account's most recent slot plays (newest first, at most limit),
// from its sent transactions. A failed play wagered and won nothing (only gas was spent).
func (c *Client) SpinHistory(ctx context.Context, addr supra.Address, limit int) ([]SpinRecord, error) {
	if limit <= 0 {
		limit = DefaultHistoryLimit
	}
	limit = min(limit, MaxHistoryLimit)
	out := []SpinRecord{}
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

func (c *Client) spinRecord(tx *supra.TransactionInfo, mod supra.ModuleID) (SpinRecord, bool) {
	fn, err := ParseFunction(tx.Payload.Move.Function)
	if err != nil || fn.Module != mod || (fn.Name != "play" && fn.Name != "play_supra_coin") {
		return SpinRecord{}, false
	}
	rec := SpinRecord{TxHash: tx.Hash, Status: supra.AppStatus(tx), Wagered: "0", Won: "0", Net: "0"}
	if tx.BlockHeader != nil {
		rec.Time = time.UnixMicro(int64(tx.BlockHeader.Timestamp.MicrosecondsSinceUnixEpoch)).UTC().Format(time.RFC3339)
	}
	args := tx.Payload.Move.Arguments
	if len(args) >= 2 {
		rec.BetPerSpin, rec.Spins = fmt.Sprint(args[0]), fmt.Sprint(args[1])
	}
	rec.CoinType = supra.SupraCoinType
	if fn.Name == "play" && len(tx.Payload.Move.TypeArguments) > 0 {
		rec.CoinType = tx.Payload.Move.TypeArguments[0]
	}
	if tx.Output != nil && rec.Status == supra.TxSuccess {
		if p, err := c.FindPlayEvent(tx.Output.Move.Events); err == nil && p != nil {
			rec.CoinType = p.TokenType
			rec.BetPerSpin, rec.Spins = u64s(p.BetPerSpin), u64s(p.NumberOfSpins)
			w := p.Wagered()
			won := new(big.Int).SetUint64(p.TotalPrize)
			rec.Wagered, rec.Won, rec.Net = w.String(), won.String(), new(big.Int).Sub(won, w).String()
		}
	}
	rec.Token = rec.CoinType
	if t, ok := c.reg.ByCoinType(rec.CoinType); ok {
		rec.Token = t.Name
	}
	return rec, true
}
