"""The database's tables, and the columns added to them since the first
release (an older database gets them when it is opened for writing)."""
from __future__ import annotations

import sqlite3

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
  id TEXT PRIMARY KEY,
  ruleset TEXT NOT NULL,
  locale TEXT NOT NULL,
  seats TEXT NOT NULL,
  options TEXT NOT NULL,
  token_hash TEXT NOT NULL,
  content_hash TEXT,
  setup_tape TEXT NOT NULL,
  version INTEGER NOT NULL,
  created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS actions (
  table_id TEXT NOT NULL,
  version INTEGER NOT NULL,
  request_id TEXT,
  kind TEXT NOT NULL,
  action TEXT NOT NULL,
  tape TEXT NOT NULL,
  restore_to INTEGER,
  revealing INTEGER NOT NULL,
  answer TEXT NOT NULL,
  created REAL NOT NULL,
  PRIMARY KEY (table_id, version)
) WITHOUT ROWID;
CREATE UNIQUE INDEX IF NOT EXISTS actions_request
  ON actions(table_id, request_id) WHERE request_id IS NOT NULL;
CREATE TABLE IF NOT EXISTS snapshots (
  table_id TEXT NOT NULL,
  version INTEGER NOT NULL,
  state TEXT NOT NULL,
  PRIMARY KEY (table_id, version)
) WITHOUT ROWID;
-- The version bump rides on the log row's INSERT, in the same statement:
-- a table not at the version before the row's aborts it.
CREATE TRIGGER IF NOT EXISTS actions_bump AFTER INSERT ON actions BEGIN
  UPDATE tables SET version = NEW.version WHERE id = NEW.table_id AND version = NEW.version - 1;
  SELECT RAISE(ABORT, 'version conflict') WHERE changes() = 0;
END;
CREATE TABLE IF NOT EXISTS blobs (
  hash TEXT PRIMARY KEY,
  json TEXT NOT NULL
) WITHOUT ROWID;
-- A seat token acts as one seat only (issued by the host, one per seat).
CREATE TABLE IF NOT EXISTS seat_tokens (
  table_id TEXT NOT NULL,
  seat TEXT NOT NULL,
  token_hash TEXT NOT NULL,
  created REAL NOT NULL,
  PRIMARY KEY (table_id, seat)
) WITHOUT ROWID;
-- One row the health probe rewrites: a write that must reach the disk,
-- as large as a busy batch of actions (`filler`), so a nearly full disk that
-- still takes a few bytes is not reported healthy while actions fail.
CREATE TABLE IF NOT EXISTS health (
  id INTEGER PRIMARY KEY,
  at REAL NOT NULL,
  filler BLOB
);
"""
# Columns added after the first release, each with its type: an older
# database gets them on open.
ADDED_COLUMNS = {"tables": {"over_at": "REAL"}}
TABLE_COLUMNS = ("id, ruleset, locale, seats, options, token_hash, content_hash, setup_tape, version, created")


def add_columns(db: sqlite3.Connection) -> None:
    for table, columns in ADDED_COLUMNS.items():
        have = {r[1] for r in db.execute(f"PRAGMA table_info({table})")}
        for name, kind in columns.items():
            if name not in have:
                db.execute(f"ALTER TABLE {table} ADD COLUMN {name} {kind}")
