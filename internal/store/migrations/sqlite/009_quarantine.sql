-- Events the index could not decode (a field missing or malformed, a pair or token that
-- does not parse): kept as they came, with where they were, the transaction's call (the
-- context a decoder derives from) and why, so the index goes on past them and a later
-- decoder can re-derive them (lucky index --replay-quarantine). Not part of the index
-- proper: a clean run and a run that quarantined hold the same other tables.
CREATE TABLE quarantine (
  tx_hash TEXT NOT NULL, event_index INTEGER NOT NULL, height INTEGER NOT NULL,
  tx_pos INTEGER NOT NULL, time_us INTEGER NOT NULL, sender TEXT NOT NULL, stream TEXT NOT NULL,
  type TEXT NOT NULL, data TEXT NOT NULL, tx TEXT NOT NULL, reason TEXT NOT NULL,
  PRIMARY KEY (tx_hash, event_index));
CREATE INDEX quarantine_order ON quarantine (height, tx_pos, event_index);
