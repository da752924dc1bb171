-- How many accounts hold a positive balance of each tracked coin, moved by the writer in the
-- same transaction as the balances, so that reading the count never counts the holders.
CREATE TABLE holder_counts (coin TEXT PRIMARY KEY, n BIGINT NOT NULL);
INSERT INTO holder_counts (coin, n) SELECT coin, count(*) FROM holders WHERE bal_len > 0 GROUP BY coin;
