"""The log writer (server.writerproc.LogWriter, run here in-process, and the
real process behind server.writer.GroupWriter): one statement per batch, the
WAL checkpoint in a thread (never inside a commit), and with FULL a row
reported only after an fsync of the WAL that started after its commit."""
from __future__ import annotations

import asyncio
import os
import sqlite3
import threading

import pytest

from server import writerproc
from server.store import Entry, SnapshotEncoder, TableRow, log_row, table_values
from server.writer import GroupWriter, WriterFailed
from server.writerproc import LogWriter, frame, unframe


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


def _append(seq: int, v: int, table: str = "t", snapshot=None) -> tuple:
    return (seq, "append", (log_row(table, _entry(v)), snapshot))


def _create(seq: int, table: str = "t") -> tuple:
    row = TableRow(table, "counter", "en", ["Red"], {}, "h", None, [], 0)
    return (seq, "create", (table_values(row), *SnapshotEncoder().encode(table, {"n": 0})))


class Replies:
    """What the writer sent, from whichever thread."""

    def __init__(self):
        self.items: list[tuple] = []
        self.forgets = 0
        self._cond = threading.Condition()

    def __call__(self, stats, forget, replies):
        with self._cond:
            self.items += replies
            self.forgets += forget
            self._cond.notify_all()

    def wait(self, n: int, timeout: float = 10) -> dict[int, str]:
        with self._cond:
            assert self._cond.wait_for(lambda: len(self.items) >= n, timeout), self.items
            return {seq: code for seq, code, _ in self.items}


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


@pytest.fixture
def make_writer(tmp_path):
    made = []

    def make(sync: str, fsync=os.fsync) -> tuple[LogWriter, Replies, str]:
        replies = Replies()
        path = str(tmp_path / f"w{len(made)}.sqlite3")
        writer = LogWriter(path, sync == "FULL", replies, fsync=fsync)
        made.append(writer)
        return writer, replies, path
    yield make
    for w in made:
        w.close()


@pytest.mark.parametrize("sync", ["NORMAL", "FULL"])
def test_checkpoints_run_in_a_thread_not_on_commit(make_writer, monkeypatch, sync):
    monkeypatch.setattr(writerproc, "CHECKPOINT_EVERY", 20)
    writer, replies, path = make_writer(sync)
    assert writer.store.db.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == 0
    writer.handle([_create(1)])
    replies.wait(1)
    writer.store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")   # the schema and the table into the file
    writer.handle([_append(1 + v, v) for v in range(1, 20)])
    replies.wait(20)
    assert writer.checkpoints == 0 and _checkpointed_actions(path) == 0
    writer.handle([_append(21, 20)])        # the 20th row starts one, nobody waits for it
    replies.wait(21)
    writer._checkpointing.result(timeout=10)
    assert writer.checkpoints == 1 and _checkpointed_actions(path) == 20
    assert writer.store.table("t").version == 20


def test_the_wal_is_emptied_by_each_checkpoint_while_appends_go_on(make_writer, monkeypatch):
    """Under constant appends a passive checkpoint never reaches the WAL's
    end, SQLite never starts the WAL over, and the file grows with every
    action until the disk is full (seen: 7 MB after 850 actions, and a full
    16 MB disk in the storage-fault harness). Each checkpoint must leave the
    WAL bounded, with every row it held in the database file."""
    monkeypatch.setattr(writerproc, "CHECKPOINT_EVERY", 20)
    writer, replies, path = make_writer("NORMAL")
    writer.handle([_create(1)])
    replies.wait(1)
    wal = path + "-wal"
    rows = 400
    for v in range(1, rows + 1, 5):
        writer.handle([_append(1 + v + k, v + k) for k in range(5)])
    replies.wait(rows + 1)
    writer._checkpointing.result(timeout=10)
    writer.handle([_append(rows + 2 + k, rows + 1 + k) for k in range(20)])
    replies.wait(rows + 21)
    writer._checkpointing.result(timeout=10)
    assert os.path.getsize(wal) == 0, "the checkpoint left the WAL as it was"
    assert _checkpointed_actions(path) == rows + 20


def test_a_batch_is_one_statement_and_bumps_every_version(make_writer):
    writer, replies, path = make_writer("NORMAL")
    writer.handle([_create(1, "a"), _create(2, "b")])
    replies.wait(2)
    writer.handle([_append(3, 1, "a"), _append(4, 1, "b"), _append(5, 2, "b")])
    assert replies.wait(5) == {1: "ok", 2: "ok", 3: "ok", 4: "ok", 5: "ok"}
    assert writer.batches == 1 and writer.appends == 3
    assert writer.store.table("a").version == 1 and writer.store.table("b").version == 2


def test_full_sync_reports_a_row_only_after_a_wal_fsync_begun_after_its_commit(make_writer):
    fsync = GatedFsync()
    writer, replies, path = make_writer("FULL", fsync)
    writer.handle([_create(1)])
    fsync.started.acquire(timeout=10)
    fsync.gate.set()
    replies.wait(1)
    fsync.gate.clear()
    writer.handle([_append(2, 1)])
    assert fsync.started.acquire(timeout=10)         # committed, its fsync running
    assert _committed(path) == 1 and len(replies.items) == 1
    writer.handle([_append(3, 2), _append(4, 3)])   # committed while that fsync runs
    assert _committed(path) == 3 and len(replies.items) == 1
    fsync.gate.set()
    assert replies.wait(4) == {1: "ok", 2: "ok", 3: "ok", 4: "ok"}
    # The table's, then one for the first row, one for the two rows committed during it; all of the WAL.
    assert writer.syncs == 3 and len(fsync.calls) == 3
    assert set(fsync.calls) == {os.stat(f"{path}-wal").st_ino}


def test_normal_sync_reports_at_commit_without_fsync(make_writer):
    calls = []
    writer, replies, _ = make_writer("NORMAL", calls.append)
    writer.handle([_create(1)] + [_append(1 + v, v) for v in range(1, 6)])
    assert set(replies.wait(6).values()) == {"ok"}
    assert calls == [] and writer.syncs == 0 and writer.store.table("t").version == 5


def test_full_sync_a_conflict_is_reported_at_once_without_waiting_for_fsync(make_writer):
    fsync = GatedFsync()
    writer, replies, _ = make_writer("FULL", fsync)
    writer.handle([_create(1)])
    fsync.gate.set()
    replies.wait(1)
    fsync.gate.clear()
    writer.handle([_append(2, 1), _append(3, 1)])    # the second claims version 1 again
    assert replies.wait(2) == {1: "ok", 3: "conflict"}
    fsync.gate.set()
    assert replies.wait(3) == {1: "ok", 2: "ok", 3: "conflict"}
    assert writer.store.table("t").version == 1


def test_a_failed_fsync_stops_the_writer(make_writer):
    """After a failed fsync nobody knows what the disk holds: the waiting
    rows fail, and so does every later request, without writing."""
    def broken(fd):
        raise OSError(5, "Input/output error")
    writer, replies, path = make_writer("FULL", broken)
    writer.handle([_create(1)])
    assert replies.wait(1) == {1: "failed"}
    writer.handle([_create(2, "u"), _append(3, 1)])
    assert replies.wait(3) == {1: "failed", 2: "failed", 3: "failed"}
    assert writer.store.table("u") is None and _committed(path) == 0


def test_a_snapshot_naming_a_missing_blob_is_skipped_and_the_encoder_told(make_writer):
    writer, replies, _ = make_writer("NORMAL")
    enc = SnapshotEncoder()
    writer.handle([_create(1)])
    big = {"rules": list(range(1000)), "n": 1}
    parts, blobs = enc.encode("t", big)
    lost = [(d, t) for d, t in blobs if len(t) > 100]       # as if its transaction had failed
    writer.handle([_append(2, 1, snapshot=(parts, [b for b in blobs if b not in lost]))])
    assert replies.wait(2) == {1: "ok", 2: "ok"} and replies.forgets == 1
    assert [v for (v,) in writer.store.db.execute("SELECT version FROM snapshots")] == [0]
    enc.forget()
    writer.handle([_append(3, 2, snapshot=enc.encode("t", big))])
    replies.wait(3)
    assert writer.store.snapshot("t", 2) == (2, big)


def test_frames_survive_being_read_in_pieces():
    data = frame([1, "二", {"x": 3}]) + frame(("end",))
    buf = bytearray()
    got = []
    for i in range(0, len(data), 7):
        buf += data[i:i + 7]
        got += unframe(buf)
    assert got == [[1, "二", {"x": 3}], ("end",)] and not buf


async def test_the_writer_process_appends_and_restarts(tmp_path):
    path = tmp_path / "p.sqlite3"
    writer = GroupWriter(path, "FULL")
    await writer.start()
    try:
        await writer.create_table(TableRow("t", "counter", "en", ["Red"], {}, "h", None, [], 0), {"n": 0})
        await asyncio.gather(*[writer.append("t", _entry(v), {"n": v} if v == 3 else None) for v in range(1, 6)])
        assert writer.appends == 5 and 1 <= writer.syncs <= writer.batches + 1
    finally:
        await writer.close()
    db = sqlite3.connect(path)
    assert db.execute("SELECT version FROM tables").fetchone()[0] == 5
    assert [v for (v,) in db.execute("SELECT version FROM snapshots ORDER BY version")] == [0, 3]


async def test_a_dead_writer_process_fails_every_append(tmp_path):
    writer = GroupWriter(tmp_path / "k.sqlite3", "FULL")
    await writer.start()
    try:
        await writer.create_table(TableRow("t", "counter", "en", ["Red"], {}, "h", None, [], 0), {"n": 0})
        writer.proc.kill()
        with pytest.raises(WriterFailed):
            await asyncio.wait_for(writer.append("t", _entry(1), None), 10)
        with pytest.raises(WriterFailed):
            await writer.append("t", _entry(1), None)
    finally:
        await writer.close()


async def test_a_writer_that_cannot_open_its_database_refuses_every_write_and_says_why(tmp_path):
    """The server then serves reads; /healthz and every write say why."""
    from server.writer import WriterFailed
    (tmp_path / "dir.sqlite3").mkdir()
    writer = GroupWriter(tmp_path / "dir.sqlite3", "NORMAL")
    await writer.start()
    assert "cannot be written" in str(writer.failed) and "unable to open" in str(writer.failed)
    with pytest.raises(WriterFailed):
        await writer.append("t", _entry(1), None)
    assert isinstance(await writer.health(), WriterFailed)
    await writer.close()


async def test_a_stopped_writer_refuses_actions_with_503_and_healthz_says_so(client):
    from conftest import new_table

    from server.app import TABLES
    tid, h = await new_table(client)
    assert (await client.get("/healthz")).status == 200
    client.app[TABLES].writer.proc.kill()
    r = await client.post(f"/v1/tables/{tid}/actions", headers=h, json={"action": "add", "player": "Red"})
    body = await r.json()
    assert r.status == 503 and body["error"]["code"] == "STORAGE-FAILED"
    assert "重启" in body["error"]["message"]["zh-Hans"]
    health = await client.get("/healthz")
    assert health.status == 503 and (await health.json())["ok"] is False
    state = await (await client.get(f"/v1/tables/{tid}/state", headers=h)).json()
    assert state["version"] == 2 and state["view"]["count"] == 0


def test_a_database_from_before_the_version_trigger_gets_it_and_goes_on(tmp_path):
    """Files written when the version bump was a separate UPDATE have no
    trigger; opening one adds it, and appends continue from its version."""
    from server.store import SCHEMA, Store, VersionConflict
    path = tmp_path / "old.sqlite3"
    old_schema = SCHEMA[:SCHEMA.index("-- The version bump")] + SCHEMA[SCHEMA.index("CREATE TABLE IF NOT EXISTS blobs"):]
    db = sqlite3.connect(path)
    db.executescript(old_schema)
    db.execute("INSERT INTO tables VALUES ('t','counter','en','[\"Red\"]','{}','h',NULL,'[]',2,0)")
    for v in (1, 2):
        db.execute("INSERT INTO actions VALUES ('t',?,NULL,'action','{}','[]',NULL,0,'{}',0)", (v,))
    db.commit()
    assert db.execute("SELECT count(*) FROM sqlite_master WHERE type='trigger'").fetchone()[0] == 0
    db.close()
    store = Store(path)
    try:
        store.append("t", _entry(3))
        assert store.table("t").version == 3
        with pytest.raises(VersionConflict):
            store.append("t", _entry(3))
        assert store.table("t").version == 3
    finally:
        store.close()


def test_a_full_disk_refuses_each_write_alone_and_the_writer_goes_on_when_it_has_room(make_writer):
    """SQLITE_FULL is the disk's answer, not a bug: a "storage" reply (503
    STORAGE-FULL, nothing written, retry later), not a stopped writer; writes
    succeed again once the database may grow. (The real disk, and the
    probe /healthz sends, are tested on a full loop-mounted file system.)"""
    writer, replies, path = make_writer("FULL")
    writer.handle([_create(1)])
    replies.wait(1)
    pages = writer.store.db.execute("PRAGMA page_count").fetchone()[0]
    writer.store.db.execute(f"PRAGMA max_page_count={pages}")      # as full as a full disk
    row = TableRow("u", "counter", "en", ["Red"], {}, "h", None, [], 0)
    big = {"blob": "x" * 20_000}
    writer.handle([(2, "create", (table_values(row), *SnapshotEncoder().encode("u", big)))])
    got = replies.wait(2)
    assert got[2] == "storage" and writer.failed is None and writer.store.table("u") is None
    writer.store.db.execute("PRAGMA max_page_count=1073741823")
    writer.handle([(3, "create", (table_values(row), *SnapshotEncoder().encode("u", big))), _append(4, 1)])
    got = replies.wait(4)
    assert got[3] == got[4] == "ok" and writer.failed is None and writer.store.table("u").version == 0


def test_refusals_by_the_disk_are_told_apart_from_bugs():
    full = sqlite3.connect(":memory:")
    full.execute("CREATE TABLE t (x)")
    full.execute("PRAGMA max_page_count=1")
    try:
        full.executemany("INSERT INTO t VALUES (?)", [("x" * 5000,)] * 3)
    except sqlite3.Error as exc:
        assert writerproc.refusal(exc) == "storage"
    assert writerproc.refusal(OSError(28, "No space left on device")) == "storage"
    assert writerproc.refusal(sqlite3.IntegrityError("UNIQUE constraint failed")) == "error"
    assert writerproc.refusal(ValueError("bug")) == "error"


def test_the_disk_refusing_every_write_is_a_line_every_few_seconds_not_one_a_write(caplog):
    import logging
    now = [0.0]
    throttled = writerproc.Throttled(logging.getLogger("hauntkit.writer"), 5.0, clock=lambda: now[0])
    with caplog.at_level(logging.WARNING):
        for i in range(1000):
            throttled.note(f"writing 1 log rows refused by the disk ({i})")
            now[0] += 0.01
    lines = [r.getMessage() for r in caplog.records]
    assert 2 <= len(lines) <= 3 and "more like it since the last" in lines[1]
    assert not any(r.exc_info for r in caplog.records)


async def test_healthz_never_answers_with_a_probe_from_before_the_writer_stopped(client):
    """A probe's answer stands for a second; a writer that died meanwhile
    (no action tried since) is 503 at once, not 200 from the old probe."""
    from server.app import TABLES
    writer = client.app[TABLES].writer
    assert (await client.get("/healthz")).status == 200
    writer.proc.kill()
    await writer.proc.wait()
    health = await client.get("/healthz")
    assert health.status == 503 and (await health.json())["error"]["code"] == "STORAGE-FAILED"
