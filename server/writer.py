"""Group commit off the event loop: appends that arrive together share one
INSERT statement, and with `synchronous=FULL` commits that arrive together
share one fsync.

Where the time goes decides the shape. Writing an action's row is ~20 µs of
SQLite's own C code (three B-trees, the WAL frames), and CPython's sqlite3
releases the GIL while SQLite works, so that work can run beside the event
loop, but only if it is one call: each call hands the GIL back and forth, and
a thread waiting for the GIL waits for the loop's switch interval. So:

- The writer thread takes every append queued since its last batch and
  writes them with `Store.append_many`: one statement, one transaction, the
  version bumps done by a trigger inside it, the GIL released throughout.
  Then it tells the loop once per batch.
- FULL (the default): a batch's appends settle only after the WAL file has
  been fsynced by a second thread *after* that batch's commit: the frames it
  wrote are then on disk, which is what SQLite's own FULL would do inside
  the COMMIT with the write lock held. Here the writer goes on committing the
  next batches while the disk works, and one fsync covers every commit made
  before it started. A failed fsync stops the writer (every later append
  fails): after one, what the disk holds is unknown (PostgreSQL's
  "fsyncgate"); a restart rebuilds the tables from whatever the log has.
- NORMAL: an append settles at its commit. It survives a crash of the
  server, not a power cut.
- Checkpoints: the writer's connection never checkpoints on commit (SQLite
  copies the WAL into the database file and fsyncs both, up to 15 ms); a
  third thread runs a passive checkpoint on its own connection every
  CHECKPOINT_EVERY appends (WAL lets a checkpoint and a writer run at once).
"""
from __future__ import annotations

import asyncio
import logging
import os
import queue
import sqlite3
import sys
import threading
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any, Callable

from .store import Entry, Store, TableRow

log = logging.getLogger("hauntkit.writer")

# Appends between two WAL checkpoints: an action's row is a few 1 KiB pages,
# so about SQLite's default of 1000 pages.
CHECKPOINT_EVERY = 500

# How long a thread that wants the GIL waits before the event loop is asked
# to give it up (CPython's default is 5 ms). The writer and fsync threads
# need it for a few µs per batch; at 5 ms each hand-over added up to 5 ms
# to every answer in that batch.
SWITCH_INTERVAL = 0.0005

_STOP = object()


def tune_switch_interval() -> None:
    sys.setswitchinterval(SWITCH_INTERVAL)


def _take_all(q: queue.SimpleQueue) -> tuple[list, bool]:
    """Wait for the first item, then take every one already queued; and
    whether the stop marker came."""
    items = [q.get()]
    while True:
        try:
            items.append(q.get_nowait())
        except queue.Empty:
            break
    if _STOP in items:
        return items[:items.index(_STOP)], True
    return items, False


class WriterFailed(RuntimeError):
    """The log can no longer be made durable; the server must be restarted."""


class GroupWriter:
    def __init__(self, path: Path | str, synchronous: str, fsync: Callable[[int], None] = os.fsync):
        self.durable = synchronous.upper() == "FULL"
        self.store = Store(path, "NORMAL")
        self.store.db.execute("PRAGMA wal_autocheckpoint=0")
        self._path = str(path)
        self._fsync = fsync
        self._loop: asyncio.AbstractEventLoop | None = None
        self._writes: queue.SimpleQueue = queue.SimpleQueue()    # (kind, payload, future)
        self._to_sync: queue.SimpleQueue = queue.SimpleQueue()   # lists of committed futures
        self._wal_fd: int | None = None
        self.failed: WriterFailed | None = None
        self._since_checkpoint = 0
        self._checkpoint_db: sqlite3.Connection | None = None
        self._checkpointing: Future | None = None
        self._checkpoint_thread = ThreadPoolExecutor(1, thread_name_prefix="hauntkit-checkpoint")
        self.batches = 0
        self.appends = 0
        self.syncs = 0
        self.checkpoints = 0
        self._threads = [threading.Thread(target=self._write_loop, name="hauntkit-writer", daemon=True)]
        if self.durable:
            self._threads.append(threading.Thread(target=self._sync_loop, name="hauntkit-fsync", daemon=True))
        for t in self._threads:
            t.start()

    # -- on the event loop ------------------------------------------------
    def append(self, table_id: str, entry: Entry, snapshot: dict | None) -> asyncio.Future:
        """A future that settles once the entry is durable, or with
        VersionConflict or the database error, in which case nothing of it
        was written. A plain function returning the future, not a coroutine:
        one frame fewer to create and resume per action."""
        return self._submit("append", (table_id, entry, snapshot))

    async def create_table(self, row: TableRow, state: dict) -> None:
        await self._submit("call", (self.store.create_table, row, state))

    def _submit(self, kind: str, payload: Any) -> asyncio.Future:
        loop = self._loop = asyncio.get_running_loop()
        fut = loop.create_future()
        if self.failed is not None:
            fut.set_exception(self.failed)
        else:
            self._writes.put((kind, payload, fut))
        return fut

    @staticmethod
    def _settle(outcomes: list[tuple[asyncio.Future, BaseException | None]]) -> None:
        for fut, err in outcomes:
            if fut.done():      # its request was cancelled (the client went away)
                continue
            if err is None:
                fut.set_result(None)
            else:
                fut.set_exception(err)

    def _to_loop(self, outcomes: list) -> None:
        if outcomes:
            try:
                self._loop.call_soon_threadsafe(self._settle, outcomes)
            except RuntimeError:    # the loop is closed: nobody is waiting any more
                pass

    # -- the writer thread ------------------------------------------------
    def _write_loop(self) -> None:
        while True:
            batch, stop = _take_all(self._writes)
            if batch:
                self._write(batch)
            if stop:
                return

    def _write(self, batch: list) -> None:
        if self.failed is not None:
            self._to_loop([(fut, self.failed) for *_, fut in batch])
            return
        done: list[tuple[asyncio.Future, BaseException | None]] = []
        appends: list = []
        for kind, payload, fut in batch + [("end", None, None)]:
            if kind != "append" and appends:
                try:
                    results = self.store.append_many([p for p, _ in appends])
                except Exception as exc:    # the statement failed: nothing of it was written
                    results = [exc] * len(appends)
                done += [(f, err) for (_, f), err in zip(appends, results)]
                self.batches += 1
                self.appends += len(appends)
                self._since_checkpoint += len(appends)
                appends = []
            if kind == "append":
                appends.append((payload, fut))
            elif kind == "call":
                fn, *args = payload
                try:
                    fn(*args)
                    done.append((fut, None))
                except Exception as exc:
                    done.append((fut, exc))
        if self._since_checkpoint >= CHECKPOINT_EVERY and (self._checkpointing is None or self._checkpointing.done()):
            self._since_checkpoint = 0
            self._checkpointing = self._checkpoint_thread.submit(self._checkpoint)
        if self.durable:
            committed = [fut for fut, err in done if err is None]
            if committed:
                self._to_sync.put(committed)
            self._to_loop([(fut, err) for fut, err in done if err is not None])
        else:
            self._to_loop(done)

    # -- the fsync thread (FULL) ------------------------------------------
    def _sync_loop(self) -> None:
        while True:
            lists, stop = _take_all(self._to_sync)
            waiting = [fut for futs in lists for fut in futs]
            if not waiting and stop:
                return
            err = self.failed
            if err is None:
                try:
                    self._sync_wal()
                    self.syncs += 1
                except Exception as exc:
                    err = self.failed = WriterFailed(
                        f"the log could not be synced to disk ({exc!r}); restart the server")
                    log.critical("%s", err)
            self._to_loop([(fut, err) for fut in waiting])
            if stop:
                return

    def _sync_wal(self) -> None:
        """Opened once: SQLite removes the WAL file only when the last
        connection closes, and the writer's stays open. (No stat to check:
        each call here is one more wait for the GIL.)"""
        wal = self._path + "-wal"
        if self._wal_fd is None:
            # Read-write: Windows cannot flush a file opened read-only.
            self._wal_fd = os.open(wal, os.O_RDWR | getattr(os, "O_BINARY", 0))
        self._fsync(self._wal_fd)

    # -- checkpoints ------------------------------------------------------
    def _checkpoint(self) -> None:
        """In the checkpoint thread; nobody waits for it, so nothing wakes the loop."""
        if self._checkpoint_db is None:
            self._checkpoint_db = sqlite3.connect(self._path, isolation_level=None, check_same_thread=False)
            self._checkpoint_db.execute("PRAGMA busy_timeout=5000")
        try:
            self._checkpoint_db.execute("PRAGMA wal_checkpoint(PASSIVE)")
        except sqlite3.Error:
            # The WAL only grows until the next one succeeds; the log is intact.
            log.exception("WAL checkpoint failed")
            return
        self.checkpoints += 1

    def close(self) -> None:
        self._writes.put(_STOP)
        self._threads[0].join()
        if self.durable:
            self._to_sync.put(_STOP)
            self._threads[1].join()
        self._checkpoint_thread.shutdown(wait=True)
        if self._wal_fd is not None:
            os.close(self._wal_fd)
            self._wal_fd = None
        if self._checkpoint_db is not None:
            self._checkpoint_db.close()
        self.store.close()
