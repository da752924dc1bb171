package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/luckycoin/lucky/internal/supra"
)

// Activity kinds.
const (
	ActivitySwap     = "swap"
	ActivitySpin     = "spin"
	ActivityBurn     = "burn"
	ActivityMiner    = "miner"
	ActivityReceived = "received"
	ActivitySent     = "sent"
	// The staking pool's: a stake, an unstake, a claim of its rewards, a tax-free pass.
	ActivityStake   = "stake"
	ActivityUnstake = "unstake"
	ActivityReward  = "reward"
	ActivityPass    = "pass"
)

// ActivityKinds is every kind of activity, in the order the API names them.
func ActivityKinds() []string {
	return []string{ActivitySwap, ActivitySpin, ActivityBurn, ActivityMiner, ActivityStake, ActivityUnstake, ActivityReward,
		ActivityPass, ActivityReceived, ActivitySent}
}

// stakingEvents are the raw events of each staking kind, by the end of their type: the
// module's address is left out, as a node may write it short (0xde01) or in full.
var stakingEvents = []struct{ kind, suffix string }{
	{ActivityStake, "::staking::StakeEvent"},
	{ActivityUnstake, "::staking::UnstakeEvent"},
	{ActivityReward, "::staking::ClaimEvent"},
	{ActivityPass, "::staking::PassPurchasedEvent"},
}

// ErrBadQuery: a read asked for something the store does not have (an unknown kind).
var ErrBadQuery = errors.New("store: bad query")

// Rows of one account never share a Pos (an event is one row of one kind), so positions
// order an account's activity totally.

// Activity is one thing an account did (or received) that the index holds. Amounts are
// base units: Token/Amount is what went in (a swap's input, a spin's wager, a burn, a
// transfer, a miner purchase's cost), TokenOut/AmountOut what came back (a swap's output,
// a spin's winnings); TokenOut is zero when nothing came back. A miner or staking row's
// amounts are in its event: Type and Data are the event as it came, for the caller to
// read, and its Token and Amount are left empty.
type Activity struct {
	Ref
	TxPos     int
	Kind      string
	Token     supra.CoinType
	Amount    string
	TokenOut  supra.CoinType
	AmountOut string
	Type      string
	Data      string
}

// Pos is the row's place in the chain.
func (a Activity) Pos() Pos { return Pos{int64(a.Height), int64(a.TxPos), int64(a.EventIndex)} }

// ActivityQuery selects a page of an account's activity.
type ActivityQuery struct {
	Account string
	// Kinds lists the kinds to return; empty returns every kind.
	Kinds []string
	// Coin keeps only rows that move it (either side of a swap); zero keeps every row.
	Coin supra.CoinType
	// MinersCoin is the coin the Cosmic Miners rows are about (the game's): with Coin set to
	// another coin they are left out.
	MinersCoin supra.CoinType
	// StakingCoin is the coin the staking rows are about (the pool's, SUPRA): with Coin set
	// to another coin they are left out.
	StakingCoin supra.CoinType
	// Before keeps only rows strictly before this position, newest first: the previous
	// page's last row, or for a first page the block after the last one every stream has
	// ingested (so a page never holds a block some stream has not finished).
	Before Pos
	Limit  int
}

// activityCols are the columns every branch of the activity query selects, in order.
const activityCols = `kind, tx_hash, event_index, height, tx_pos, time_us, token, amount, token_out, amount_out, type, data`

// AccountActivity returns a page of the account's activity, newest first, at most
// q.Limit rows: its swaps, spins, burns, Cosmic Miners and staking actions, and the tracked coin's
// transfers in or out that belong to none of them (a swap, a spin or a burn also moves
// coins; it is listed once, as itself, whatever kinds are asked for). Paging on with the
// last row's Pos as the next Before neither skips nor repeats a row, even while new blocks
// are ingested: they only ever come after every position already listed.
func (s *DB) AccountActivity(ctx context.Context, q ActivityQuery) ([]Activity, error) {
	kinds := q.Kinds
	if len(kinds) == 0 {
		kinds = ActivityKinds()
	}
	for _, k := range kinds {
		if !slices.Contains(ActivityKinds(), k) {
			return nil, fmt.Errorf("%w: activity kind %q", ErrBadQuery, k)
		}
	}
	want := func(k string) bool { return slices.Contains(kinds, k) }
	coin := ""
	if !q.Coin.IsZero() {
		coin = q.Coin.String()
	}
	b := q.Before
	// Strictly before b: the height bound first, so each branch scans its index from there.
	before := ` AND height <= ? AND (height < ? OR tx_pos < ? OR (tx_pos = ? AND event_index < ?))`
	beforeArgs := []any{b.Height, b.Height, b.TxPos, b.TxPos, b.EventIndex}
	order := ` ORDER BY height DESC, tx_pos DESC, event_index DESC LIMIT ?`

	var branches []string
	var args []any
	// add appends one branch: query selects activityCols for the account (its first
	// argument, extra the next ones); coinCond keeps the rows that move the coin.
	add := func(query string, coinCond string, coinArgs int, extra ...any) {
		a := append([]any{q.Account}, extra...)
		if coin != "" && coinCond != "" {
			query += coinCond
			for range coinArgs {
				a = append(a, coin)
			}
		}
		a = append(a, beforeArgs...)
		a = append(a, q.Limit)
		branches = append(branches, `SELECT * FROM (`+query+before+order+`) AS b`+fmt.Sprint(len(branches)))
		args = append(args, a...)
	}
	if want(ActivitySwap) {
		add(`SELECT 'swap' AS kind, tx_hash, event_index, height, tx_pos, time_us,
			CASE WHEN x_in <> '0' THEN pair_x ELSE pair_y END AS token, CASE WHEN x_in <> '0' THEN x_in ELSE y_in END AS amount,
			CASE WHEN x_in <> '0' THEN pair_y ELSE pair_x END AS token_out, CASE WHEN x_in <> '0' THEN y_out ELSE x_out END AS amount_out,
			'' AS type, '' AS data FROM swaps WHERE sender = ?`, ` AND (pair_x = ? OR pair_y = ?)`, 2)
	}
	if want(ActivitySpin) {
		add(`SELECT 'spin' AS kind, tx_hash, event_index, height, tx_pos, time_us, token, wagered AS amount,
			token AS token_out, won AS amount_out, '' AS type, '' AS data FROM plays WHERE player = ?`, ` AND token = ?`, 1)
	}
	if want(ActivityBurn) {
		add(`SELECT 'burn' AS kind, tx_hash, event_index, height, tx_pos, time_us, token, amount,
			'' AS token_out, '' AS amount_out, '' AS type, '' AS data FROM burns WHERE burner = ?`, ` AND token = ?`, 1)
	}
	// The miners rows are about the game's coin, which their table does not name.
	// raw_events holds the staking pool's events too: they are its kinds, not the game's.
	notStaking, stakingArgs := "", []any{}
	for _, e := range stakingEvents {
		notStaking += ` AND type NOT LIKE ?`
		stakingArgs = append(stakingArgs, "%"+e.suffix)
	}
	if want(ActivityMiner) && (coin == "" || q.Coin == q.MinersCoin) {
		add(`SELECT 'miner' AS kind, tx_hash, event_index, height, tx_pos, time_us, '' AS token, '' AS amount,
			'' AS token_out, '' AS amount_out, type, data FROM raw_events WHERE account = ?`+notStaking, "", 0, stakingArgs...)
	}
	// The staking rows are about the pool's coin, which their table does not name.
	if coin == "" || q.Coin == q.StakingCoin {
		for _, e := range stakingEvents {
			if want(e.kind) {
				add(`SELECT '`+e.kind+`' AS kind, tx_hash, event_index, height, tx_pos, time_us, '' AS token, '' AS amount,
					'' AS token_out, '' AS amount_out, type, data FROM raw_events WHERE account = ? AND type LIKE ?`, "", 0, "%"+e.suffix)
			}
		}
	}
	if want(ActivityReceived) || want(ActivitySent) {
		dir := ""
		switch {
		case !want(ActivitySent):
			dir = ` AND deposit = 1`
		case !want(ActivityReceived):
			dir = ` AND deposit = 0`
		}
		add(`SELECT CASE WHEN deposit = 1 THEN 'received' ELSE 'sent' END AS kind, tx_hash, event_index, height, tx_pos, time_us,
			coin AS token, amount, '' AS token_out, '' AS amount_out, '' AS type, '' AS data FROM coin_events c
			WHERE account = ?`+dir+`
			AND NOT EXISTS (SELECT 1 FROM swaps x WHERE x.tx_hash = c.tx_hash AND x.sender = ?)
			AND NOT EXISTS (SELECT 1 FROM plays x WHERE x.tx_hash = c.tx_hash AND x.player = ?)
			AND NOT EXISTS (SELECT 1 FROM burns x WHERE x.tx_hash = c.tx_hash AND x.burner = ?)
			AND NOT EXISTS (SELECT 1 FROM raw_events x WHERE x.tx_hash = c.tx_hash AND x.account = ?)`,
			` AND coin = ?`, 1, q.Account, q.Account, q.Account, q.Account)
	}
	out := []Activity{}
	if len(branches) == 0 || q.Limit <= 0 {
		return out, nil
	}
	query := `SELECT ` + activityCols + ` FROM (` + strings.Join(branches, " UNION ALL ") + `) AS u` + order
	args = append(args, q.Limit)
	rows, err := s.db.QueryContext(ctx, s.q(query), args...)
	if err != nil {
		return nil, fmt.Errorf("store: activity: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var a Activity
		var h int64
		if err := rows.Scan(&a.Kind, &a.TxHash, &a.EventIndex, &h, &a.TxPos, &a.TimeUS, optCoinCol{&a.Token}, &a.Amount,
			optCoinCol{&a.TokenOut}, &a.AmountOut, &a.Type, &a.Data); err != nil {
			return nil, fmt.Errorf("store: activity: %w", err)
		}
		a.Height = uint64(h)
		out = append(out, a)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: activity: %w", err)
	}
	return out, nil
}

// optCoinCol scans a coin type column that may be empty (no coin: the zero CoinType).
type optCoinCol struct{ dst *supra.CoinType }

func (c optCoinCol) Scan(src any) error {
	switch v := src.(type) {
	case string:
		if v == "" {
			*c.dst = supra.CoinType{}
			return nil
		}
	case []byte:
		if len(v) == 0 {
			*c.dst = supra.CoinType{}
			return nil
		}
	case nil:
		*c.dst = supra.CoinType{}
		return nil
	}
	return coinCol(c).Scan(src)
}

var _ sql.Scanner = optCoinCol{}
