"""The group writer: batches written by its thread, the WAL checkpoint in
another (never inside a commit), and with synchronous=FULL an append settled
only after an fsync of the WAL that started after its commit."""
from __future__ import annotations

import asyncio
import os
import sqlite3
import threading

import pytest

from server import writer as writer_mod
from server.store import Entry, TableRow, VersionConflict
from server.writer import GroupWriter, WriterFailed


def _checkpointed_actions(path) -> int:
    """Rows in the database file itself; immutable=1 ignores the WAL."""
    db = sqlite3.connect(f"file:{path}?immutable=1", uri=True)
    try:
        return db.execute("SELECT count(*) FROM actions").fetchone()[0]
    finally:
        db.close()


def _committed(path) -> int:
    """Rows any other connection sees (the WAL included)."""
    db = sqlite3.connect(path)
    try:
        return db.execute("SELECT count(*) FROM actions").fetchone()[0]
    finally:
        db.close()


def _entry(v: int) -> Entry:
    return Entry(v, None, "action", {"action": "add"}, [], None, False, {"ok": True, "version": v})


def _appends(writer: GroupWriter, first: int, count: int) -> list[asyncio.Future]:
    return [writer.append("t", _entry(v), None) for v in range(first, first + count)]


def _new_table(writer: GroupWriter) -> None:
    writer.store.create_table(TableRow("t", "counter", "en", ["Red"], {}, "h", None, [], 0), {"n": 0})


class GatedFsync:
    """An fsync that waits until the test opens the gate, and records what it synced."""

    def __init__(self):
        self.gate = threading.Event()
        self.calls: list[int] = []       # inode of each file synced
        self.started = threading.Semaphore(0)

    def __call__(self, fd: int) -> None:
        self.calls.append(os.fstat(fd).st_ino)
        self.started.release()
        if not self.gate.wait(10):
            raise TimeoutError("gate never opened")
        os.fsync(fd)


@pytest.mark.parametrize("sync", ["NORMAL", "FULL"])
async def test_checkpoints_run_in_a_thread_not_on_commit(tmp_path, monkeypatch, sync):
    monkeypatch.setattr(writer_mod, "CHECKPOINT_EVERY", 20)
    path = tmp_path / "w.sqlite3"
    writer = GroupWriter(path, sync)
    try:
        assert writer.durable == (sync == "FULL")
        assert writer.store.db.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == 0
        _new_table(writer)
        writer.store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")   # the schema and the table into the file
        await asyncio.gather(*_appends(writer, 1, 19))
        assert writer.checkpoints == 0 and _checkpointed_actions(path) == 0
        await asyncio.gather(*_appends(writer, 20, 1))    # the 20th append starts one, nobody waits for it
        writer._checkpointing.result(timeout=10)
        assert writer.checkpoints == 1 and _checkpointed_actions(path) == 20
        assert writer.store.table("t").version == 20
    finally:
        writer.close()


async def test_full_sync_settles_an_append_only_after_a_wal_fsync_begun_after_its_commit(tmp_path):
    path = tmp_path / "d.sqlite3"
    fsync = GatedFsync()
    writer = GroupWriter(path, "FULL", fsync=fsync)
    try:
        _new_table(writer)
        first = _appends(writer, 1, 1)
        await asyncio.to_thread(fsync.started.acquire)        # committed, its fsync running
        assert _committed(path) == 1 and not first[0].done()
        later = _appends(writer, 2, 3)                         # committed while that fsync runs
        for _ in range(200):
            if _committed(path) == 4:
                break
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.05)
        assert _committed(path) == 4
        assert not any(f.done() for f in first + later)
        fsync.gate.set()
        await asyncio.wait_for(asyncio.gather(*first, *later), 10)
        # One fsync for the first commit, one for the three made during it, both of the WAL.
        assert writer.syncs == 2 and len(fsync.calls) == 2
        assert set(fsync.calls) == {os.stat(f"{path}-wal").st_ino}
    finally:
        fsync.gate.set()
        writer.close()


async def test_normal_sync_settles_at_commit_without_fsync(tmp_path):
    calls = []
    writer = GroupWriter(tmp_path / "n.sqlite3", "NORMAL", fsync=calls.append)
    try:
        _new_table(writer)
        await asyncio.wait_for(asyncio.gather(*_appends(writer, 1, 5)), 10)
        assert calls == [] and writer.syncs == 0 and writer.store.table("t").version == 5
    finally:
        writer.close()


async def test_full_sync_a_conflict_fails_at_once_and_waits_for_no_fsync(tmp_path):
    fsync = GatedFsync()
    writer = GroupWriter(tmp_path / "c.sqlite3", "FULL", fsync=fsync)
    try:
        _new_table(writer)
        ok, clash = writer.append("t", _entry(1), None), writer.append("t", _entry(1), None)
        with pytest.raises(VersionConflict):
            await asyncio.wait_for(clash, 5)
        assert not ok.done()
        fsync.gate.set()
        await asyncio.wait_for(ok, 10)
    finally:
        fsync.gate.set()
        writer.close()


async def test_a_failed_fsync_stops_the_writer(tmp_path):
    """After a failed fsync nobody knows what the disk holds: the waiting
    appends fail, and so does every later one, without writing."""
    path = tmp_path / "f.sqlite3"

    def broken(fd):
        raise OSError(5, "Input/output error")
    writer = GroupWriter(path, "FULL", fsync=broken)
    try:
        _new_table(writer)
        with pytest.raises(WriterFailed):
            await asyncio.wait_for(asyncio.gather(*_appends(writer, 1, 2)), 10)
        with pytest.raises(WriterFailed):
            await asyncio.wait_for(writer.append("t", _entry(3), None), 10)
        with pytest.raises(WriterFailed):
            await writer.create_table(TableRow("u", "counter", "en", ["Red"], {}, "h", None, [], 0), {"n": 0})
        assert _committed(path) == 2 and writer.store.table("u") is None
    finally:
        writer.close()
