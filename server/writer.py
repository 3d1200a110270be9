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
first append arrived.
"""
from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Callable

from .store import Entry, Store, TableRow


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

    async def _in_thread(self, fn: Callable, *args) -> Any:
        if not self.threaded:
            return fn(*args)
        return await asyncio.get_running_loop().run_in_executor(self._executor, fn, *args)

    async def create_table(self, row: TableRow, state: dict) -> None:
        async with self._busy:
            await self._in_thread(self.store.create_table, row, state)

    async def append(self, table_id: str, entry: Entry, snapshot: dict | None) -> None:
        """Returns once the entry is durable; raises VersionConflict or the
        database error, in which case nothing of it was written."""
        fut = asyncio.get_running_loop().create_future()
        self._pending.append((table_id, entry, snapshot, fut))
        if not self._flushing:
            self._flushing = True
            if self.threaded:
                asyncio.get_running_loop().create_task(self._flush())
            else:
                asyncio.get_running_loop().call_soon(self._flush_inline)
        await fut

    def _flush_inline(self) -> None:
        batch, self._pending = self._pending, []
        self._flushing = False
        try:
            results = self.store.append_many([b[:3] for b in batch])
        except Exception as exc:
            results = [exc] * len(batch)
        self._settle(batch, results)

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
        self.store.close()
