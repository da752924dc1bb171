-- The market's slow figures: each coin's total supply and the burn address's balance of
-- it, as last read from the node, so that a restarted server answers at once from them and
-- reads them again in the background once they are old. They are read, not derived from
-- the events, so they are not part of the index's dump; the index's reset drops them with
-- the chain they were read from. Amounts are canonical decimal TEXT; supply is NULL when
-- the chain keeps no supply for the coin. height is the node's head when they were read.
CREATE TABLE coin_supplies (
  coin TEXT PRIMARY KEY, supply TEXT, burned TEXT NOT NULL, height INTEGER NOT NULL,
  read_at_us INTEGER NOT NULL) WITHOUT ROWID;
