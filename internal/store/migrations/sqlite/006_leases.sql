-- Each role's lease epoch: taking a role bumps it, and the holder's writes check it in
-- their own transaction, so a replica that lost the role without knowing cannot write
-- after the next holder has begun.
CREATE TABLE leases (role TEXT PRIMARY KEY, epoch BIGINT NOT NULL);
-- The Telegram username each bot runs as, written by the replica that runs the bots, so
-- that every replica's /bots page names them.
CREATE TABLE bot_usernames (bot TEXT PRIMARY KEY, username TEXT NOT NULL);
