package store

import (
	"context"
	"fmt"
	"strings"

	"github.com/luckycoin/lucky/internal/history"
	"github.com/luckycoin/lucky/internal/supra"
)

// DayTrades is WindowTrades for many base coins at once, up to a height: for each base,
// its trades in [from, to] (unix seconds) at or below maxHeight in chain order, and the
// last such trade before from. The token index asks for every listed token's 24 hours in
// two statements whatever the number of tokens, and at the height its prices reflect, so
// a row's volume and change agree with its reserves.
func (s *DB) DayTrades(ctx context.Context, bases []supra.CoinType, from, to int64, maxHeight uint64) (before map[supra.CoinType]history.Trade, in map[supra.CoinType][]history.Trade, err error) {
	before, in = map[supra.CoinType]history.Trade{}, map[supra.CoinType][]history.Trade{}
	if len(bases) == 0 {
		return before, in, nil
	}
	err = s.eachDayTrade(ctx, bases, from, to, maxHeight, func(t history.Trade) { in[t.Base] = append(in[t.Base], t) })
	if err != nil {
		return nil, nil, err
	}
	if before, err = s.tradesBefore(ctx, bases, from, maxHeight); err != nil {
		return nil, nil, err
	}
	return before, in, nil
}

// DayWindows is history.Summarize of DayTrades for each base, reading the trades one at a
// time: its memory does not grow with the pools' trading (a busy day is tens of thousands
// of trades). Every base has a window, an empty one when it never traded.
func (s *DB) DayWindows(ctx context.Context, bases []supra.CoinType, from, to int64, maxHeight uint64) (map[supra.CoinType]history.Window, error) {
	out := make(map[supra.CoinType]history.Window, len(bases))
	if len(bases) == 0 {
		return out, nil
	}
	before, err := s.tradesBefore(ctx, bases, from, maxHeight)
	if err != nil {
		return nil, err
	}
	sums := make(map[supra.CoinType]*history.Summary, len(bases))
	for _, b := range bases {
		var prev *history.Trade
		if t, ok := before[b]; ok {
			prev = &t
		}
		sums[b] = history.NewSummary(prev)
	}
	err = s.eachDayTrade(ctx, bases, from, to, maxHeight, func(t history.Trade) {
		if sum, ok := sums[t.Base]; ok {
			sum.Add(t)
		}
	})
	if err != nil {
		return nil, err
	}
	for b, sum := range sums {
		out[b] = sum.Window()
	}
	return out, nil
}

// eachDayTrade reads the bases' trades in [from, to] (unix seconds) at or below maxHeight
// in chain order, one at a time.
func (s *DB) eachDayTrade(ctx context.Context, bases []supra.CoinType, from, to int64, maxHeight uint64, f func(history.Trade)) error {
	args := make([]any, 0, len(bases)+3)
	for _, b := range bases {
		args = append(args, b.String())
	}
	marks := strings.TrimSuffix(strings.Repeat("?, ", len(bases)), ", ")
	// The (base, time_us) index serves it: an IN list on its first column with a range
	// on its second.
	return s.eachTrade(ctx, f, `SELECT `+tradeCols+` FROM trades WHERE base IN (`+marks+`) AND time_us >= ? AND time_us < ? AND height <= ?
		ORDER BY height, tx_pos, event_index`, append(args, from*1_000_000, (to+1)*1_000_000, int64(maxHeight))...)
}

// tradesBefore is each base's last trade before from at or below maxHeight, one indexed
// probe per base in one statement. Blocks are in time order, so the latest time is the
// latest position; ties in time (one block) are ordered by position.
func (s *DB) tradesBefore(ctx context.Context, bases []supra.CoinType, from int64, maxHeight uint64) (map[supra.CoinType]history.Trade, error) {
	var q strings.Builder
	pargs := make([]any, 0, 3*len(bases))
	for i, b := range bases {
		if i > 0 {
			q.WriteString(" UNION ALL ")
		}
		q.WriteString(`SELECT * FROM (SELECT ` + tradeCols + ` FROM trades WHERE base = ? AND time_us < ? AND height <= ?
			ORDER BY time_us DESC, height DESC, tx_pos DESC, event_index DESC LIMIT 1) AS b` + fmt.Sprint(i))
		pargs = append(pargs, b.String(), from*1_000_000, int64(maxHeight))
	}
	prev, err := s.trades(ctx, q.String(), pargs...)
	if err != nil {
		return nil, err
	}
	before := make(map[supra.CoinType]history.Trade, len(prev))
	for _, t := range prev {
		before[t.Base] = t
	}
	return before, nil
}

// RecentTrades are a base coin's latest trades, newest first, at most limit.
func (s *DB) RecentTrades(ctx context.Context, base supra.CoinType, limit int) ([]history.Trade, error) {
	out, err := s.trades(ctx, `SELECT `+tradeCols+` FROM trades WHERE base = ?
		ORDER BY time_us DESC, height DESC, tx_pos DESC, event_index DESC LIMIT ?`, base.String(), limit)
	if out == nil && err == nil {
		out = []history.Trade{}
	}
	return out, err
}
