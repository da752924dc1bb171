-- Telegram bots (internal/bots): each chat's settings (JSON, written by its admins' commands)
-- and, per alert stream, the position (height, tx_pos, event_index) of the last row
-- Telegram accepted for it and the id of the message that carried it ("delete previous"). The bots only read the index's tables.
CREATE TABLE bot_chats (
  bot TEXT NOT NULL, chat_id BIGINT NOT NULL, settings TEXT NOT NULL,
  PRIMARY KEY (bot, chat_id));
CREATE TABLE bot_cursors (
  bot TEXT NOT NULL, chat_id BIGINT NOT NULL, stream TEXT NOT NULL,
  height BIGINT NOT NULL, tx_pos BIGINT NOT NULL, event_index BIGINT NOT NULL, last_message BIGINT NOT NULL,
  PRIMARY KEY (bot, chat_id, stream));
