-- One row per swap in a SUPRA pool, as the trading rules decided it once: the base coin,
-- buy or sell, the amounts (base units, canonical decimal TEXT) and the prices at the
-- moment of the trade (SUPRA per whole base coin, and in dollars with SUPRA's dollar price
-- then). Candles, the 24 hour figures and the bots' buy alerts all read these rows.
CREATE TABLE trades (
  tx_hash TEXT NOT NULL, event_index BIGINT NOT NULL, height BIGINT NOT NULL,
  tx_pos BIGINT NOT NULL, time_us BIGINT NOT NULL, sender TEXT NOT NULL,
  base TEXT NOT NULL, buy BIGINT NOT NULL, base_amount TEXT NOT NULL, quote_amount TEXT NOT NULL,
  price DOUBLE PRECISION NOT NULL, price_before DOUBLE PRECISION NOT NULL,
  supra_usd DOUBLE PRECISION, price_usd DOUBLE PRECISION, price_before_usd DOUBLE PRECISION,
  PRIMARY KEY (tx_hash, event_index));
CREATE INDEX trades_order ON trades (height, tx_pos, event_index);
CREATE INDEX trades_base_time ON trades (base, time_us);
-- Trades exist only for swaps indexed from now on: the index is built again from the
-- chain, so every swap has its trade and old and new databases end the same.
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
DELETE FROM liquidity;
DELETE FROM pools;
