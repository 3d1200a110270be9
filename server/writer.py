"""The server's side of the log writer (server.writerproc): appends go to
the writer process in one pickled message per event-loop iteration, and
each settles when the process reports it durable.

The event loop never waits on SQLite or the disk, and no thread of the
server competes with it for the GIL. What stays on the loop per action is
encoding its row (the answer is encoded once anyway, for the client) and,
every `snapshot_every` actions, the parts of the state that changed
(`SnapshotEncoder`, remembering what it sent).

If the writer process stops (killed, or it stopped itself after a failed
fsync), every waiting and later append fails: the server must be restarted
and rebuilds its tables from what the log holds.
"""
from __future__ import annotations

import asyncio
import logging
import pickle
import sys
from pathlib import Path

from .store import Entry, SnapshotEncoder, TableRow, VersionConflict, log_row, table_values
from .writerproc import HEADER, frame

log = logging.getLogger("hauntkit.writer")

WRITER_SCRIPT = Path(__file__).with_name("writerproc.py")
START_TIMEOUT = 60


class WriterFailed(RuntimeError):
    """The log can no longer be made durable; the server must be restarted."""


class WriteError(RuntimeError):
    """The database refused a batch; nothing of it was written."""


class GroupWriter:
    def __init__(self, path: Path | str, synchronous: str):
        self.durable = synchronous.upper() == "FULL"
        self._path = str(Path(path).resolve())
        self._sync = "FULL" if self.durable else "NORMAL"
        self.snapshots = SnapshotEncoder()
        self.proc: asyncio.subprocess.Process | None = None
        self._reader: asyncio.Task | None = None
        self._waiting: dict[int, asyncio.Future] = {}
        self._outbox: list[tuple[int, str, tuple]] = []
        self._seq = 0
        self.failed: WriterFailed | None = None
        # The writer process's counts, as of its last reply.
        self.batches = self.appends = self.syncs = self.checkpoints = 0

    async def start(self) -> None:
        self.proc = await asyncio.create_subprocess_exec(
            sys.executable, str(WRITER_SCRIPT), self._path, self._sync,
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE)
        try:
            ready = await asyncio.wait_for(self._read(), START_TIMEOUT)
        except asyncio.TimeoutError:
            ready = None
        if ready is None:
            self._kill()
            await self.proc.wait()
            raise RuntimeError(f"the log writer for {self._path} did not start (its error is logged above)")
        self._settle(ready)
        self._reader = asyncio.create_task(self._read_replies())

    async def close(self) -> None:
        """Everything sent so far is answered before the process ends."""
        if self.proc is None:
            return
        if self._outbox:
            self._send()
        self.proc.stdin.close()
        try:
            await asyncio.wait_for(self.proc.wait(), 30)
        except asyncio.TimeoutError:
            log.error("the log writer did not stop; killed")
            self._kill()
            await self.proc.wait()
        if self._reader is not None:
            await self._reader

    def _kill(self) -> None:
        try:
            self.proc.kill()
        except ProcessLookupError:     # it has ended already
            pass

    # -- requests ---------------------------------------------------------
    def append(self, table_id: str, entry: Entry, snapshot: dict | None) -> asyncio.Future:
        """A future that settles once the entry is durable, or with
        VersionConflict, WriteError or WriterFailed, in which case nothing
        of it was written. A plain function returning the future, not a
        coroutine: one frame fewer to create and resume per action."""
        snap = None if snapshot is None else self.snapshots.encode(table_id, snapshot)
        return self._submit("append", (log_row(table_id, entry), snap))

    async def create_table(self, row: TableRow, state: dict) -> None:
        await self._submit("create", (table_values(row), *self.snapshots.encode(row.id, state)))

    def set_token(self, table_id: str, token_hash: str) -> asyncio.Future:
        return self._submit("token", (table_id, token_hash))

    def _submit(self, kind: str, payload: tuple) -> asyncio.Future:
        loop = asyncio.get_running_loop()
        fut = loop.create_future()
        if self.failed is not None:
            fut.set_exception(self.failed)
            return fut
        if self.proc is None:
            raise RuntimeError("GroupWriter.start() was not awaited")
        self._seq += 1
        self._waiting[self._seq] = fut
        self._outbox.append((self._seq, kind, payload))
        if len(self._outbox) == 1:
            loop.call_soon(self._send)     # the rest of this loop iteration rides along
        return fut

    def _send(self) -> None:
        batch, self._outbox = self._outbox, []
        if batch and self.failed is None:
            self.proc.stdin.write(frame(batch))

    # -- replies ----------------------------------------------------------
    async def _read(self):
        stdout = self.proc.stdout
        try:
            head = await stdout.readexactly(HEADER.size)
            return pickle.loads(await stdout.readexactly(HEADER.unpack(head)[0]))
        except asyncio.IncompleteReadError:
            return None

    async def _read_replies(self) -> None:
        while (message := await self._read()) is not None:
            self._settle(message)
        self._fail(self.failed or WriterFailed(
            f"the log writer stopped (exit status {await self.proc.wait()}); restart the server"))

    def _settle(self, message: tuple) -> None:
        stats, forget, replies = message
        self.batches, self.appends, self.syncs, self.checkpoints = stats
        if forget:
            self.snapshots.forget()
        for seq, code, detail in replies:
            fut = self._waiting.pop(seq, None)
            if fut is None or fut.done():      # its request was cancelled (the client went away)
                continue
            if code == "ok":
                fut.set_result(None)
            elif code == "conflict":
                fut.set_exception(VersionConflict(detail))
            elif code == "failed":
                self.failed = self.failed or WriterFailed(detail)
                fut.set_exception(self.failed)
            else:
                fut.set_exception(WriteError(detail))

    def _fail(self, exc: WriterFailed) -> None:
        self.failed = exc
        waiting, self._waiting = self._waiting, {}
        for fut in waiting.values():
            if not fut.done():
                fut.set_exception(exc)
