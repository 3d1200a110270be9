"""The durable record: SQLite in WAL mode, one append-only log per table.

Each accepted action is one transaction that appends the log entry (with its
random tape and the answer given) and bumps the table's version with a
conditional UPDATE (a trigger on the log), so two writers can never both
claim a version even across processes. Snapshots of the engine state bound how much must be replayed on
start; the log alone is enough to rebuild any table.
"""
from __future__ import annotations

import functools
import json
import logging
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

from . import jsontext, readonly
from .schema import SCHEMA, TABLE_COLUMNS, add_columns
from .snapshots import PARTS, SnapshotEncoder  # noqa: F401  (SnapshotEncoder: re-exported)

log = logging.getLogger("hauntkit.store")

# A batch of actions from different tables touches a different leaf page per
# row in the log, in its request-id index and in `tables` (the version bump):
# ~4 pages a row, each written whole to the WAL at COMMIT. With 1 KiB pages
# instead of SQLite's 4 KiB a row costs 5 KB of WAL instead of 15 KB
# (microbenchmark, 64-row batches: COMMIT 15.4 -> 9.7 us a row).
PAGE_SIZE = 1024

# The health probe's write (server.writer.health): a saturated batch of ~20
# rows with a snapshot is a few tens of KiB of WAL.
PROBE_BYTES = 64 * 1024

# Rows per INSERT statement (10 parameters each; SQLite allows 32766).
INSERT_CHUNK = 500


@functools.cache
def _insert_sql(rows: int) -> str:
    return "INSERT INTO actions VALUES " + ",".join(["(?,?,?,?,?,?,?,?,?,?)"] * rows)


class VersionConflict(Exception):
    """Another writer appended to this table first."""


@dataclass
class TableRow:
    id: str
    ruleset: str
    locale: str
    seats: list[str]
    options: dict
    token_hash: str
    content_hash: str | None
    setup_tape: list[int]
    version: int
    over_at: float | None = None    # when its game ended (None: not over)


@dataclass
class Entry:
    version: int
    request_id: str | None
    kind: str                 # "action" | "undo"
    action: dict              # {"action", "player", "args"}
    tape: list[int]
    restore_to: int | None    # undo: the version whose state it restores
    revealing: bool
    answer: dict              # the body answered the first time
    answer_json: str = ""     # the same, encoded (written as is, replayed as is)

    def encoded_answer(self) -> str:
        if not self.answer_json:
            self.answer_json = _dumps(self.answer)
        return self.answer_json


_dumps = jsontext.dumps


def log_row(table_id: str, entry: Entry) -> tuple:
    """The `actions` row of an entry, in column order."""
    return (table_id, entry.version, entry.request_id, entry.kind, _dumps(entry.action), _dumps(entry.tape),
            entry.restore_to, int(entry.revealing), entry.encoded_answer(), time.time())


def table_values(row: TableRow) -> tuple:
    """The `tables` row, in column order."""
    return (row.id, row.ruleset, row.locale, _dumps(row.seats), _dumps(row.options), row.token_hash,
            row.content_hash, _dumps(row.setup_tape), row.version, time.time())


class Store:
    """`read_only`: opened for reading only, because the disk refused a
    writable open (full, or mounted read-only); `why` says what it refused."""

    def __init__(self, path: Path | str, synchronous: str = "FULL", fallback: bool = False):
        self.path = Path(path)
        self.read_only, self.why = False, ""
        self.snapshots = SnapshotEncoder()
        try:
            self.db = self._open_writable(path, synchronous)
        except (sqlite3.Error, OSError) as exc:
            if not fallback:
                raise
            self.read_only, self.why = True, f"{type(exc).__name__}: {exc}"
            self.db = readonly.open_for_reading(self.path, SCHEMA)
            log.warning("%s cannot be opened for writing (%s); serving reads only", path, self.why)
        # A database read as it is, from before the column existed, has none.
        have = {r[1] for r in self.db.execute("PRAGMA table_info(tables)")}
        self._over_at = "over_at" if "over_at" in have else "NULL"

    def _open_writable(self, path, synchronous: str) -> sqlite3.Connection:
        if str(path) != ":memory:":
            self.path.parent.mkdir(parents=True, exist_ok=True)
        db = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
        try:
            # Only a new, empty file takes it (an existing one keeps its own).
            db.execute(f"PRAGMA page_size={PAGE_SIZE}")
            db.execute("PRAGMA journal_mode=WAL")
            db.execute(f"PRAGMA synchronous={'FULL' if synchronous.upper() == 'FULL' else 'NORMAL'}")
            db.execute("PRAGMA busy_timeout=5000")
            db.executescript(SCHEMA)
            add_columns(db)
        except BaseException:
            db.close()
            raise
        return db

    def close(self) -> None:
        self.db.close()

    def journal_mode(self) -> str:
        return self.db.execute("PRAGMA journal_mode").fetchone()[0]

    # -- tables -----------------------------------------------------------
    def create_table(self, row: TableRow, state: dict) -> None:
        self.create_encoded(table_values(row), *self.snapshots.encode(row.id, state))

    def create_encoded(self, values: tuple, parts: dict, blobs: list) -> None:
        """The table's row and its snapshot 0, from `table_values` and
        `SnapshotEncoder.encode` (the writer process gets them encoded)."""
        with self._tx():
            self.db.execute(f"INSERT INTO tables ({TABLE_COLUMNS}) VALUES (?,?,?,?,?,?,?,?,?,?)", values)
            if not self._write_snapshot(values[0], 0, parts, blobs):
                raise RuntimeError(f"table {values[0]}: snapshot 0 names blobs never written")

    def set_token_hash(self, table_id: str, token_hash: str) -> None:
        """A new host token replaces the old one (the panel's New token)."""
        with self._tx():
            self.db.execute("UPDATE tables SET token_hash=? WHERE id=?", (token_hash, table_id))

    def table(self, table_id: str) -> TableRow | None:
        r = self.db.execute(
            "SELECT id, ruleset, locale, seats, options, token_hash, content_hash, setup_tape, version, "
            f"{self._over_at} FROM tables WHERE id=?", (table_id,)).fetchone()
        if r is None:
            return None
        return TableRow(r[0], r[1], r[2], json.loads(r[3]), json.loads(r[4]), r[5], r[6], json.loads(r[7]), r[8],
                        r[9])

    def table_ids(self) -> list[str]:
        return [r[0] for r in self.db.execute("SELECT id FROM tables ORDER BY created")]

    def table_count(self) -> int:
        return self.db.execute("SELECT count(*) FROM tables").fetchone()[0]

    # -- the log ----------------------------------------------------------
    def append(self, table_id: str, entry: Entry, snapshot: dict | None = None) -> None:
        """Append `entry` as version `entry.version`, atomically with the
        version bump (and then the snapshot, if any); VersionConflict if the
        table is not at the version before it."""
        err = self.append_many([(table_id, entry, snapshot)])[0]
        if err is not None:
            raise err

    def append_many(self, items: list[tuple[str, Entry, dict | None]]) -> list[Exception | None]:
        """`append_rows` for entries and states as the tables hold them."""
        rows = [log_row(table_id, entry) for table_id, entry, _ in items]
        snaps = [None if state is None else self.snapshots.encode(table_id, state) for table_id, _, state in items]
        results, skipped = self.append_rows(rows, snaps)
        if skipped:
            self.snapshots.forget()
        return results

    def append_rows(self, rows: list[tuple], snapshots: list[tuple[dict, list] | None]) -> tuple[list, bool]:
        """Append several tables' log rows (`log_row`): one INSERT statement,
        so one transaction and one call into SQLite (the writer process
        makes no other per batch). The `actions_bump` trigger bumps each
        table's version in the same statement and aborts it if a table was
        not at the version before.

        A batch with a conflict (another process wrote, or a request_id is
        reused) is rolled back whole and its rows appended one by one, so a
        conflicting row fails alone (VersionConflict, or the error that
        refused it) and leaves nothing behind. Any other error is raised:
        nothing of the batch was written.
        Snapshots (`SnapshotEncoder.encode`, or None), an optimisation, are
        written after the log in their own transaction; the second value
        says one was skipped, after which the encoder must forget what it
        sent."""
        if not rows:
            return [], False
        try:
            for i in range(0, len(rows), INSERT_CHUNK):
                if i == 0 and len(rows) > INSERT_CHUNK:
                    self.db.execute("BEGIN IMMEDIATE")
                chunk = rows[i:i + INSERT_CHUNK]
                self.db.execute(_insert_sql(len(chunk)), [v for row in chunk for v in row])
            if self.db.in_transaction:
                self.db.execute("COMMIT")
            results: list[Exception | None] = [None] * len(rows)
        except sqlite3.IntegrityError:
            if self.db.in_transaction:
                self.db.execute("ROLLBACK")
            results = [self._append_alone(row) for row in rows]
        except BaseException:
            if self.db.in_transaction:
                self.db.execute("ROLLBACK")
            raise
        todo = [(row[0], row[1], snap) for row, snap, err in zip(rows, snapshots, results)
                if err is None and snap is not None]
        skipped = False
        if todo:
            try:
                with self._tx():
                    for table_id, version, (parts, blobs) in todo:
                        skipped |= not self._write_snapshot(table_id, version, parts, blobs)
            except sqlite3.Error as exc:
                # The log is written; a table without this snapshot replays a little more on start.
                log.warning("snapshots at %s not written: %s", [(t, v) for t, v, _ in todo][:8], exc)
                skipped = True
        return results, skipped

    def _append_alone(self, row: tuple) -> Exception | None:
        """VersionConflict, or the disk's refusal of this row alone: rows
        before it in the batch are written, and must be reported so."""
        try:
            self.db.execute(_insert_sql(1), row)
        except sqlite3.IntegrityError:     # the version or the request_id is taken
            return VersionConflict(row[0])
        except sqlite3.Error as exc:
            if self.db.in_transaction:
                self.db.execute("ROLLBACK")
            return exc
        return None

    def _write_snapshot(self, table_id: str, version: int, parts: dict[str, str], blobs: list[tuple[str, str]]) -> bool:
        """Write it unless it names a blob that is not stored (one sent
        earlier whose transaction failed); False when skipped."""
        self.db.executemany("INSERT OR IGNORE INTO blobs VALUES (?,?)", blobs)
        wanted = sorted(set(parts.values()))
        if wanted:
            have = self.db.execute(f"SELECT count(*) FROM blobs WHERE hash IN ({','.join('?' * len(wanted))})",
                                   wanted).fetchone()[0]
            if have != len(wanted):
                log.warning("table %s: snapshot at %d skipped (%d of its parts missing)",
                            table_id, version, len(wanted) - have)
                return False
        self.db.execute("INSERT OR REPLACE INTO snapshots VALUES (?,?,?)", (table_id, version, _dumps({PARTS: parts})))
        return True

    def entries(self, table_id: str, after: int = 0, upto: int | None = None, limit: int | None = None) -> list[Entry]:
        sql = ("SELECT version, request_id, kind, action, tape, restore_to, revealing, answer "
               "FROM actions WHERE table_id=? AND version>?")
        args: list = [table_id, after]
        if upto is not None:
            sql += " AND version<=?"
            args.append(upto)
        sql += " ORDER BY version"
        if limit is not None:
            sql += " LIMIT ?"
            args.append(limit)
        return [self._entry(r) for r in self.db.execute(sql, args)]

    def entry(self, table_id: str, version: int) -> Entry | None:
        found = self.entries(table_id, after=version - 1, upto=version)
        return found[0] if found else None

    def by_request(self, table_id: str, request_id: str) -> Entry | None:
        r = self.db.execute(
            "SELECT version, request_id, kind, action, tape, restore_to, revealing, answer "
            "FROM actions WHERE table_id=? AND request_id=?", (table_id, request_id)).fetchone()
        return self._entry(r) if r else None

    def request_ids(self, table_id: str) -> set[str]:
        return {r[0] for r in self.db.execute(
            "SELECT request_id FROM actions WHERE table_id=? AND request_id IS NOT NULL", (table_id,))}

    def snapshot(self, table_id: str, at_most: int) -> tuple[int, dict] | None:
        r = self.db.execute(
            "SELECT version, state FROM snapshots WHERE table_id=? AND version<=? ORDER BY version DESC LIMIT 1",
            (table_id, at_most)).fetchone()
        if r is None:
            return None
        return r[0], self._state(r[1])

    def snapshot_versions(self, table_id: str, upto: int) -> list[int]:
        return [r[0] for r in self.db.execute(
            "SELECT version FROM snapshots WHERE table_id=? AND version<=? ORDER BY version", (table_id, upto))]

    def snapshot_at(self, table_id: str, version: int) -> dict | None:
        """The state snapshotted at exactly `version`, if one was."""
        r = self.db.execute("SELECT state FROM snapshots WHERE table_id=? AND version=?",
                            (table_id, version)).fetchone()
        return None if r is None else self._state(r[0])

    def _state(self, text: str) -> dict:
        parts = json.loads(text)[PARTS]
        if not parts:
            return {}
        blobs = dict(self.db.execute(
            f"SELECT hash, json FROM blobs WHERE hash IN ({','.join('?' * len(parts))})", list(parts.values())))
        return {key: json.loads(blobs[digest]) for key, digest in parts.items()}

    # -- seat tokens, the end of a game, expiry, the health probe -------------
    def seat_tokens(self, table_id: str) -> dict[str, str]:
        """seat -> token hash."""
        return dict(self.db.execute("SELECT seat, token_hash FROM seat_tokens WHERE table_id=?", (table_id,)))

    def set_seat_token(self, table_id: str, seat: str, token_hash: str) -> None:
        """Issue (or replace: the old one stops working) the seat's token."""
        with self._tx():
            if self.db.execute("SELECT 1 FROM tables WHERE id=?", (table_id,)).fetchone() is None:
                raise RuntimeError(f"table {table_id}: no such table")
            self.db.execute("INSERT OR REPLACE INTO seat_tokens VALUES (?,?,?,?)",
                            (table_id, seat, token_hash, time.time()))

    def mark_over(self, table_id: str, at: float | None) -> None:
        """When the game ended (None: it goes on again, after an undo)."""
        with self._tx():
            self.db.execute("UPDATE tables SET over_at=? WHERE id=?", (at, table_id))

    def expired(self, unplayed_before: float, over_before: float) -> list[str]:
        """Tables nobody ever acted on, created before `unplayed_before`, and
        tables whose game ended before `over_before`."""
        return [r[0] for r in self.db.execute(
            "SELECT id FROM tables WHERE (version=0 AND created<?) OR (over_at IS NOT NULL AND over_at<?) "
            "ORDER BY created", (unplayed_before, over_before))]

    def delete_tables(self, table_ids: list[str]) -> None:
        """Every row of these tables, then the blobs no snapshot names any more."""
        with self._tx():
            for table_id in table_ids:
                for sql in ("DELETE FROM actions WHERE table_id=?", "DELETE FROM snapshots WHERE table_id=?",
                            "DELETE FROM seat_tokens WHERE table_id=?", "DELETE FROM tables WHERE id=?"):
                    self.db.execute(sql, (table_id,))
            self.db.execute(
                "DELETE FROM blobs WHERE hash NOT IN "
                f"(SELECT p.value FROM snapshots, json_each(snapshots.state, '$.\"{PARTS}\"') AS p)")

    def probe(self) -> None:
        """A write the size of a busy batch of actions with its snapshot:
        what the next actions need from the disk."""
        with self._tx():
            self.db.execute("INSERT OR REPLACE INTO health VALUES (1, ?, zeroblob(?))", (time.time(), PROBE_BYTES))

    @staticmethod
    def _entry(r) -> Entry:
        return Entry(r[0], r[1], r[2], json.loads(r[3]), json.loads(r[4]), r[5], bool(r[6]), json.loads(r[7]), r[7])

    def _tx(self):
        return _Transaction(self.db)


class _Transaction:
    def __init__(self, db: sqlite3.Connection):
        self.db = db

    def __enter__(self):
        self.db.execute("BEGIN IMMEDIATE")

    def __exit__(self, exc_type, exc, tb):
        try:
            if exc_type is None:
                self.db.execute("COMMIT")
        finally:
            if self.db.in_transaction:     # SQLite rolls back by itself after SQLITE_FULL
                self.db.execute("ROLLBACK")
        return False
