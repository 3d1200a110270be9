"""Group commit: appends that arrive together share one transaction.

With `synchronous=FULL` every commit waits for an fsync. Doing that on the
event loop would stall every table; doing it once per action in a thread
would cap throughput at one fsync per action. So with FULL the writer has its
own SQLite connection and commits whatever appends queued up while the
previous commit was running: under load many actions (from many tables) ride
on one fsync, and a lone action still commits at once. The batch's rows are
written on the event loop and only the COMMIT (the fsync) runs in a thread:
with every statement in the thread, each one handed the GIL to the loop and
back, and under load a batch spent two thirds of its time waiting for the
GIL, which left both the loop and the disk idle.

With `synchronous=NORMAL` a WAL commit does not wait for the disk, and
handing it to a thread costs more than the commit itself; the batch is then
committed on the event loop, at the end of the loop iteration in which its
first append arrived. Its connection does not checkpoint the WAL on commit
(SQLite's default every ~1000 pages): a checkpoint copies the WAL into the
database file and fsyncs both, which on the loop averaged 7.6 µs per row
and stalled every table for up to 15 ms each time. The writer thread runs a
passive checkpoint on its own connection every CHECKPOINT_EVERY appends
instead, alongside the commits (WAL lets a checkpoint and a writer run at
once).
"""
from __future__ import annotations

import asyncio
import logging
import sqlite3
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any, Callable

from .store import Entry, Store, TableRow

log = logging.getLogger("hauntkit.writer")

# Appends between two WAL checkpoints with synchronous=NORMAL: an action's
# row is one to two 4 KiB pages, so about SQLite's default of 1000 pages.
CHECKPOINT_EVERY = 500


class GroupWriter:
    def __init__(self, path: Path | str, synchronous: str):
        self.store = Store(path, synchronous)
        self.threaded = synchronous.upper() == "FULL"
        self._executor = ThreadPoolExecutor(1, thread_name_prefix="hauntkit-sqlite")
        self._pending: list[tuple[str, Entry, dict | None, asyncio.Future]] = []
        self._flushing = False
        # One user of the writer's connection at a time (a batch, a new table).
        self._busy = asyncio.Lock()
        self.batches = 0
        self.appends = 0
        self.checkpoints = 0
        self._path = str(path)
        self._since_checkpoint = 0
        self._checkpoint_db: sqlite3.Connection | None = None
        self._checkpointing: Future | None = None
        if not self.threaded:
            self.store.db.execute("PRAGMA wal_autocheckpoint=0")

    async def _in_thread(self, fn: Callable, *args) -> Any:
        if not self.threaded:
            return fn(*args)
        return await asyncio.get_running_loop().run_in_executor(self._executor, fn, *args)

    async def create_table(self, row: TableRow, state: dict) -> None:
        async with self._busy:
            await self._in_thread(self.store.create_table, row, state)

    def append(self, table_id: str, entry: Entry, snapshot: dict | None) -> asyncio.Future:
        """A future that settles once the entry is durable, or with
        VersionConflict or the database error, in which case nothing of it
        was written. A plain function returning the future, not a coroutine:
        one frame fewer to create and resume per action."""
        loop = asyncio.get_running_loop()
        fut = loop.create_future()
        self._pending.append((table_id, entry, snapshot, fut))
        if not self._flushing:
            self._flushing = True
            if self.threaded:
                loop.create_task(self._flush())
            else:
                loop.call_soon(self._flush_inline)
        return fut

    def _flush_inline(self) -> None:
        batch, self._pending = self._pending, []
        self._flushing = False
        try:
            results = self.store.append_many([b[:3] for b in batch])
        except Exception as exc:
            results = [exc] * len(batch)
        self._settle(batch, results)
        self._since_checkpoint += len(batch)
        if self._since_checkpoint >= CHECKPOINT_EVERY and (self._checkpointing is None or self._checkpointing.done()):
            self._since_checkpoint = 0
            self._checkpointing = self._executor.submit(self._checkpoint)

    def _checkpoint(self) -> None:
        """In the writer thread; nobody waits for it, so nothing wakes the loop."""
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

    async def _flush(self) -> None:
        try:
            while self._pending:
                async with self._busy:
                    batch, self._pending = self._pending, []
                    try:
                        results = self.store.write_many([b[:3] for b in batch])
                        await self._in_thread(self.store.commit)
                    except Exception as exc:  # the whole transaction failed
                        results = [exc] * len(batch)
                self._settle(batch, results)
        finally:
            self._flushing = False

    def _settle(self, batch: list, results: list) -> None:
        self.batches += 1
        self.appends += len(batch)
        for (*_, fut), err in zip(batch, results):
            if fut.done():
                continue
            if err is None:
                fut.set_result(None)
            else:
                fut.set_exception(err)

    def close(self) -> None:
        self._executor.shutdown(wait=True)
        if self._checkpoint_db is not None:
            self._checkpoint_db.close()
        self.store.close()
