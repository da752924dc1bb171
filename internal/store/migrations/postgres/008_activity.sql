-- An account's activity (GET /api/v1/accounts/{address}/activity) lists swaps, spins,
-- burns, Cosmic Miners actions and LUCKY transfers in one chain order: height, the
-- transaction's position in its block, the event's index in its transaction. Coin events
-- had no position, and a miners event did not say whose it was without reading its JSON.
-- The position of a plain transfer exists only in its block, not in any table here, so
-- the column cannot be filled in from what the index holds: the index is built again from
-- the chain (as for the trades), which writes both columns for every row and leaves old
-- and new databases the same. The market's coin supplies are read from the same chain and
-- stay; the bots' cursors name positions the rebuilt rows keep.
ALTER TABLE coin_events ADD COLUMN tx_pos BIGINT NOT NULL DEFAULT 0;
-- The account a miners event belongs to (its buyer or player), in the store's long form;
-- empty for an event that names none.
ALTER TABLE raw_events ADD COLUMN account TEXT NOT NULL DEFAULT '';
CREATE INDEX coin_events_account ON coin_events (account, height, tx_pos, event_index);
CREATE INDEX raw_events_account ON raw_events (account, height, tx_pos, event_index);
CREATE INDEX swaps_sender ON swaps (sender, height, tx_pos, event_index);
CREATE INDEX burns_burner ON burns (burner, height, tx_pos, event_index);
DELETE FROM cursors;
DELETE FROM kv;
DELETE FROM swaps;
DELETE FROM candles;
DELETE FROM plays;
DELETE FROM burns;
DELETE FROM burn_totals;
DELETE FROM coin_events;
DELETE FROM holders;
DELETE FROM holder_counts;
DELETE FROM raw_events;
DELETE FROM liquidity;
DELETE FROM pools;
DELETE FROM trades;
