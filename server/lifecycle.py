"""When a table leaves memory, and when it leaves the store.

Every table costs memory while it is live (its state, ~200 KB for a house
table), and anyone may create one. So a table unused for `idle_seconds`
leaves memory (the next request rebuilds it from the store: its snapshot and
the log after it), and at most `max_live` stay live at once (the least
recently used go first). A table nobody ever acted on expires
`expire_unplayed` seconds after it was created, and one whose game ended
expires `expire_over` seconds after the end: its rows are deleted, and its
token then opens nothing (403, as for any table that does not exist).
A game left unfinished never expires.
"""
from __future__ import annotations

import asyncio
import logging
import time

from .tables import Tables, settle_heap

log = logging.getLogger("hauntkit.lifecycle")


class Lifecycle:
    def __init__(self, tables: Tables, idle_seconds: float, expire_unplayed: float, expire_over: float,
                 every: float | None = None, clock=time.time):
        self.tables = tables
        self.idle_seconds = idle_seconds
        self.expire_unplayed = expire_unplayed
        self.expire_over = expire_over
        self.every = every or max(1.0, min(60.0, idle_seconds / 4))
        self._clock = clock
        self._settled = 0
        self._task: asyncio.Task | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._run())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            try:
                await self._task
            except asyncio.CancelledError:
                pass

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self.every)
            try:
                await self.sweep()
            except Exception as exc:       # the writer refused (a full disk): try again next time
                log.warning("table sweep failed: %s", exc)

    async def sweep(self) -> dict:
        evicted = self.tables.trim(idle_before=time.monotonic() - self.idle_seconds)
        expired = await self.expire()
        if self.tables.loaded != self._settled:
            self._settled = self.tables.loaded
            settle_heap()
        return {"evicted": evicted, "expired": len(expired), "live": len(self.tables.live)}

    async def expire(self) -> list[str]:
        tables = self.tables
        if tables.writer.failed is not None or tables.store.read_only:
            return []
        now = self._clock()
        ids = [t for t in tables.store.expired(now - self.expire_unplayed, now - self.expire_over)
               if t not in tables.live or not tables.live[t].busy]
        if not ids:
            return []
        tables.expiring.update(ids)
        try:
            for table_id in ids:
                tables.evict(table_id)
            await tables.writer.delete_tables(ids)
        finally:
            tables.expiring.difference_update(ids)
        log.info("expired %d table(s): %s", len(ids), ", ".join(ids[:20]) + (" …" if len(ids) > 20 else ""))
        return ids
