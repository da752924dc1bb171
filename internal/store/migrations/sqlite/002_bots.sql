-- Telegram bots (internal/bots): each chat's settings (JSON, written by its admins' commands)
-- and, per alert stream, the position (height, tx_pos, event_index) of the last row
-- Telegram accepted for it and the id of the message that carried it ("delete previous"). The bots only read the index's tables.
CREATE TABLE bot_chats (
  bot TEXT NOT NULL, chat_id INTEGER NOT NULL, settings TEXT NOT NULL,
  PRIMARY KEY (bot, chat_id)) WITHOUT ROWID;
CREATE TABLE bot_cursors (
  bot TEXT NOT NULL, chat_id INTEGER NOT NULL, stream TEXT NOT NULL,
  height INTEGER NOT NULL, tx_pos INTEGER NOT NULL, event_index INTEGER NOT NULL, last_message INTEGER NOT NULL,
  PRIMARY KEY (bot, chat_id, stream)) WITHOUT ROWID;
