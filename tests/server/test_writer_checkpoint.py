"""With synchronous=NORMAL the group commit runs on the event loop, so the
WAL checkpoint (a copy into the database file plus two fsyncs) must not ride
on a COMMIT there: the writer thread runs it every CHECKPOINT_EVERY appends."""
from __future__ import annotations

import asyncio
import sqlite3

from server import writer as writer_mod
from server.store import Entry, TableRow
from server.writer import GroupWriter


def _checkpointed_actions(path) -> int:
    """Rows in the database file itself; immutable=1 ignores the WAL."""
    db = sqlite3.connect(f"file:{path}?immutable=1", uri=True)
    try:
        return db.execute("SELECT count(*) FROM actions").fetchone()[0]
    finally:
        db.close()


async def _append(writer: GroupWriter, first: int, count: int) -> None:
    await asyncio.gather(*[
        writer.append("t", Entry(v, None, "action", {"action": "add"}, [], None, False, {"ok": True, "version": v}),
                      None)
        for v in range(first, first + count)])


async def test_normal_sync_checkpoints_in_the_writer_thread_not_on_commit(tmp_path, monkeypatch):
    monkeypatch.setattr(writer_mod, "CHECKPOINT_EVERY", 20)
    path = tmp_path / "w.sqlite3"
    writer = GroupWriter(path, "NORMAL")
    try:
        assert not writer.threaded
        assert writer.store.db.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == 0
        writer.store.create_table(TableRow("t", "counter", "en", ["Red"], {}, "h", None, [], 0), {"n": 0})
        writer.store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")   # the schema and the table into the file
        await _append(writer, 1, 19)
        assert writer.checkpoints == 0 and _checkpointed_actions(path) == 0
        await _append(writer, 20, 1)           # the 20th append starts one, nobody waits for it
        writer._checkpointing.result(timeout=10)
        assert writer.checkpoints == 1 and _checkpointed_actions(path) == 20
        assert writer.store.table("t").version == 20
    finally:
        writer.close()


def test_full_sync_keeps_sqlite_checkpointing_in_the_commit_thread(tmp_path):
    writer = GroupWriter(tmp_path / "f.sqlite3", "FULL")
    try:
        assert writer.threaded
        assert writer.store.db.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == 1000
    finally:
        writer.close()
