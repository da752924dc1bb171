-- Cursors: per stream, the first block height not yet ingested. Written in the same
-- transaction as the rows of the blocks below it.
CREATE TABLE cursors (stream TEXT PRIMARY KEY, height INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE kv (k TEXT PRIMARY KEY, v TEXT NOT NULL) WITHOUT ROWID;

-- u64 amounts are canonical decimal TEXT (no leading zeros): exact beyond int64, and
-- ordered numerically by (length, text).
CREATE TABLE swaps (
  tx_hash TEXT NOT NULL, event_index INTEGER NOT NULL, height INTEGER NOT NULL,
  tx_pos INTEGER NOT NULL, time_us INTEGER NOT NULL, sender TEXT NOT NULL,
  pair_x TEXT NOT NULL, pair_y TEXT NOT NULL,
  x_in TEXT NOT NULL, x_out TEXT NOT NULL, y_in TEXT NOT NULL, y_out TEXT NOT NULL,
  PRIMARY KEY (tx_hash, event_index));
CREATE INDEX swaps_order ON swaps (height, tx_pos, event_index);

-- Tables read by key range are WITHOUT ROWID: the rows live in the key's B-tree.
-- Candles per pool (base token quoted in SUPRA), interval in seconds, bucket = unix
-- seconds of the bucket start. Prices are display ratios (decimals applied), not amounts.
CREATE TABLE candles (
  base TEXT NOT NULL, interval_s INTEGER NOT NULL, bucket INTEGER NOT NULL,
  open REAL NOT NULL, high REAL NOT NULL, low REAL NOT NULL, close REAL NOT NULL,
  open_usd REAL, high_usd REAL, low_usd REAL, close_usd REAL,
  vol_base TEXT NOT NULL, vol_quote TEXT NOT NULL,
  buys INTEGER NOT NULL, sells INTEGER NOT NULL,
  PRIMARY KEY (base, interval_s, bucket)) WITHOUT ROWID;

CREATE TABLE plays (
  tx_hash TEXT NOT NULL, event_index INTEGER NOT NULL, height INTEGER NOT NULL,
  tx_pos INTEGER NOT NULL, time_us INTEGER NOT NULL,
  player TEXT NOT NULL, token TEXT NOT NULL, bet TEXT NOT NULL, spins TEXT NOT NULL,
  wagered TEXT NOT NULL, won TEXT NOT NULL, tiers TEXT NOT NULL,
  PRIMARY KEY (tx_hash, event_index));
CREATE INDEX plays_order ON plays (height DESC, tx_pos DESC, event_index DESC);
CREATE INDEX plays_player ON plays (player, height DESC, tx_pos DESC, event_index DESC);
CREATE INDEX plays_won ON plays (length(won) DESC, won DESC);

CREATE TABLE burns (
  tx_hash TEXT NOT NULL, event_index INTEGER NOT NULL, height INTEGER NOT NULL,
  tx_pos INTEGER NOT NULL, time_us INTEGER NOT NULL,
  burner TEXT NOT NULL, token TEXT NOT NULL, amount TEXT NOT NULL,
  PRIMARY KEY (tx_hash, event_index));
CREATE INDEX burns_order ON burns (height DESC, tx_pos DESC, event_index DESC);
CREATE TABLE burn_totals (
  burner TEXT NOT NULL, token TEXT NOT NULL, total TEXT NOT NULL, total_len INTEGER NOT NULL,
  burns INTEGER NOT NULL, PRIMARY KEY (burner, token)) WITHOUT ROWID;
CREATE INDEX burn_totals_rank ON burn_totals (token, total_len DESC, total DESC);

-- LUCKY deposits and withdrawals (the holder balances below are their running sums).
CREATE TABLE coin_events (
  tx_hash TEXT NOT NULL, event_index INTEGER NOT NULL, height INTEGER NOT NULL,
  time_us INTEGER NOT NULL, coin TEXT NOT NULL, account TEXT NOT NULL,
  deposit INTEGER NOT NULL, amount TEXT NOT NULL,
  PRIMARY KEY (tx_hash, event_index));
-- bal_len is the digit count of a positive balance, 0 otherwise (an account that held the
-- coin before the start height can go below zero in the index).
CREATE TABLE holders (
  coin TEXT NOT NULL, account TEXT NOT NULL, balance TEXT NOT NULL, bal_len INTEGER NOT NULL,
  PRIMARY KEY (coin, account)) WITHOUT ROWID;
CREATE INDEX holders_rank ON holders (coin, bal_len DESC, balance DESC);

-- Events kept as they came (cosmic_miners).
CREATE TABLE raw_events (
  tx_hash TEXT NOT NULL, event_index INTEGER NOT NULL, height INTEGER NOT NULL,
  tx_pos INTEGER NOT NULL, time_us INTEGER NOT NULL, type TEXT NOT NULL, data TEXT NOT NULL,
  PRIMARY KEY (tx_hash, event_index));
