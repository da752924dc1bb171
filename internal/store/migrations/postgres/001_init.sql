-- Cursors: per stream, the first block height not yet ingested. Written in the same
-- transaction as the rows of the blocks below it.
CREATE TABLE cursors (stream TEXT PRIMARY KEY, height BIGINT NOT NULL);
CREATE TABLE kv (k TEXT PRIMARY KEY, v TEXT NOT NULL);

-- u64 amounts are canonical decimal TEXT (no leading zeros): exact beyond int64, and
-- ordered numerically by (length, text).
CREATE TABLE swaps (
  tx_hash TEXT NOT NULL, event_index BIGINT NOT NULL, height BIGINT NOT NULL,
  tx_pos BIGINT NOT NULL, time_us BIGINT NOT NULL, sender TEXT NOT NULL,
  pair_x TEXT NOT NULL, pair_y TEXT NOT NULL,
  x_in TEXT NOT NULL, x_out TEXT NOT NULL, y_in TEXT NOT NULL, y_out TEXT NOT NULL,
  PRIMARY KEY (tx_hash, event_index));
CREATE INDEX swaps_order ON swaps (height, tx_pos, event_index);

-- Candles per pool (base token quoted in SUPRA), interval in seconds, bucket = unix
-- seconds of the bucket start. Prices are display ratios (decimals applied), not amounts.
CREATE TABLE candles (
  base TEXT NOT NULL, interval_s BIGINT NOT NULL, bucket BIGINT NOT NULL,
  open DOUBLE PRECISION NOT NULL, high DOUBLE PRECISION NOT NULL, low DOUBLE PRECISION NOT NULL, close DOUBLE PRECISION NOT NULL,
  open_usd DOUBLE PRECISION, high_usd DOUBLE PRECISION, low_usd DOUBLE PRECISION, close_usd DOUBLE PRECISION,
  vol_base TEXT NOT NULL, vol_quote TEXT NOT NULL,
  buys BIGINT NOT NULL, sells BIGINT NOT NULL,
  PRIMARY KEY (base, interval_s, bucket));

CREATE TABLE plays (
  tx_hash TEXT NOT NULL, event_index BIGINT NOT NULL, height BIGINT NOT NULL,
  tx_pos BIGINT NOT NULL, time_us BIGINT NOT NULL,
  player TEXT NOT NULL, token TEXT NOT NULL, bet TEXT NOT NULL, spins TEXT NOT NULL,
  wagered TEXT NOT NULL, won TEXT NOT NULL, tiers TEXT NOT NULL,
  PRIMARY KEY (tx_hash, event_index));
CREATE INDEX plays_order ON plays (height DESC, tx_pos DESC, event_index DESC);
CREATE INDEX plays_player ON plays (player, height DESC, tx_pos DESC, event_index DESC);
CREATE INDEX plays_won ON plays (length(won) DESC, won DESC);

CREATE TABLE burns (
  tx_hash TEXT NOT NULL, event_index BIGINT NOT NULL, height BIGINT NOT NULL,
  tx_pos BIGINT NOT NULL, time_us BIGINT NOT NULL,
  burner TEXT NOT NULL, token TEXT NOT NULL, amount TEXT NOT NULL,
  PRIMARY KEY (tx_hash, event_index));
CREATE INDEX burns_order ON burns (height DESC, tx_pos DESC, event_index DESC);
CREATE TABLE burn_totals (
  burner TEXT NOT NULL, token TEXT NOT NULL, total TEXT NOT NULL, total_len BIGINT NOT NULL,
  burns BIGINT NOT NULL, PRIMARY KEY (burner, token));
CREATE INDEX burn_totals_rank ON burn_totals (token, total_len DESC, total DESC);

-- LUCKY deposits and withdrawals (the holder balances below are their running sums).
CREATE TABLE coin_events (
  tx_hash TEXT NOT NULL, event_index BIGINT NOT NULL, height BIGINT NOT NULL,
  time_us BIGINT NOT NULL, coin TEXT NOT NULL, account TEXT NOT NULL,
  deposit BIGINT NOT NULL, amount TEXT NOT NULL,
  PRIMARY KEY (tx_hash, event_index));
-- bal_len is the digit count of a positive balance, 0 otherwise (an account that held the
-- coin before the start height can go below zero in the index).
CREATE TABLE holders (
  coin TEXT NOT NULL, account TEXT NOT NULL, balance TEXT NOT NULL, bal_len BIGINT NOT NULL,
  PRIMARY KEY (coin, account));
CREATE INDEX holders_rank ON holders (coin, bal_len DESC, balance DESC);

-- Events kept as they came (cosmic_miners).
CREATE TABLE raw_events (
  tx_hash TEXT NOT NULL, event_index BIGINT NOT NULL, height BIGINT NOT NULL,
  tx_pos BIGINT NOT NULL, time_us BIGINT NOT NULL, type TEXT NOT NULL, data TEXT NOT NULL,
  PRIMARY KEY (tx_hash, event_index));
