-- Dexlyn liquidity events and the pool reserves followed from them and from the swaps:
-- candles price a pool at its spot price (reserves ratio) after each swap.
CREATE TABLE liquidity (
  tx_hash TEXT NOT NULL, event_index INTEGER NOT NULL, height INTEGER NOT NULL,
  tx_pos INTEGER NOT NULL, time_us INTEGER NOT NULL, pair_x TEXT NOT NULL, pair_y TEXT NOT NULL,
  added INTEGER NOT NULL, x_val TEXT NOT NULL, y_val TEXT NOT NULL, lp TEXT NOT NULL,
  PRIMARY KEY (tx_hash, event_index));
-- A pool's row exists once the index has seen it created (its first deposit); reserves
-- are canonical decimal TEXT.
CREATE TABLE pools (
  pair_x TEXT NOT NULL, pair_y TEXT NOT NULL, reserve_x TEXT NOT NULL, reserve_y TEXT NOT NULL,
  PRIMARY KEY (pair_x, pair_y)) WITHOUT ROWID;
-- The new streams must start where the others did: the index is built again.
DELETE FROM cursors;
DELETE FROM kv;
DELETE FROM swaps;
DELETE FROM candles;
DELETE FROM plays;
DELETE FROM burns;
DELETE FROM burn_totals;
DELETE FROM coin_events;
DELETE FROM holders;
DELETE FROM raw_events;
