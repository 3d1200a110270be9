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


class StorageError(WriteError):
    """The disk refused the write (full, read-only, an I/O error); nothing
    of it was written, and a later write may succeed."""


# How long a health probe's answer stands for the next /healthz.
PROBE_FRESH = 1.0
PROBE_TIMEOUT = 5.0


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
        # The disk's last word: None after a write it took, else why it refused.
        self.storage_error: str | None = None
        self._probe: asyncio.Future | None = None
        self._probed = 0.0
        # The writer process's counts, as of its last reply.
        self.batches = self.appends = self.syncs = self.checkpoints = 0

    async def start(self, refuse: str = "") -> None:
        """Start the writer process; one that cannot open the database
        (`refuse`: the server already knows it cannot) leaves the server
        serving reads, every write refused and /healthz saying why."""
        if refuse:
            self._cannot_write(refuse)
            return
        self.proc = await asyncio.create_subprocess_exec(
            sys.executable, str(WRITER_SCRIPT), self._path, self._sync,
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE)
        try:
            ready = await asyncio.wait_for(self._read(), START_TIMEOUT)
        except asyncio.TimeoutError:
            ready = None
        if ready is None or ready[2]:
            self._kill()
            await self.proc.wait()
            why = ready[2][0][2] if ready else "it did not answer (its error is logged above)"
            self.proc = None
            self._cannot_write(why)
            return
        self._settle(ready)
        self._reader = asyncio.create_task(self._read_replies())

    def _cannot_write(self, why: str) -> None:
        self.storage_error = why
        self.failed = WriterFailed(f"the database {self._path} cannot be written ({why}); serving reads only: "
                                   "restart the server once its disk has free space and is writable")
        log.error("%s", self.failed)

    async def close(self) -> None:
        """Everything sent so far is answered before the process ends."""
        if self.proc is None or self.proc.stdin is None:
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

    def set_seat_token(self, table_id: str, seat: str, token_hash: str) -> asyncio.Future:
        return self._submit("seat_token", (table_id, seat, token_hash))

    def mark_over(self, table_id: str, at: float | None) -> asyncio.Future:
        return self._submit("over", (table_id, at))

    def delete_tables(self, table_ids: list[str]) -> asyncio.Future:
        return self._submit("delete", (list(table_ids),))

    async def health(self) -> Exception | None:
        """None if the disk takes a write now (one small write, made durable
        as an action's would be; its answer stands for PROBE_FRESH seconds),
        else WriterFailed or StorageError."""
        if self.failed is None and self.proc is not None and self.proc.returncode is not None:
            self.failed = WriterFailed(f"the log writer stopped (exit status {self.proc.returncode}); "
                                       "restart the server")
        if self.failed is not None:
            return self.failed        # never the answer of a probe from before it stopped
        loop = asyncio.get_running_loop()
        if self._probe is None or (self._probe.done() and loop.time() - self._probed > PROBE_FRESH):
            self._probed = loop.time()
            self._probe = asyncio.ensure_future(asyncio.wait_for(self._submit("probe", ()), PROBE_TIMEOUT))
        try:
            await asyncio.shield(self._probe)
        except asyncio.TimeoutError:
            return StorageError(f"a write did not reach the disk within {PROBE_TIMEOUT:.0f} s")
        except (WriterFailed, WriteError) as exc:
            return exc
        return None

    def _submit(self, kind: str, payload: tuple) -> asyncio.Future:
        loop = asyncio.get_running_loop()
        fut = loop.create_future()
        if self.failed is not None:
            fut.set_exception(self.failed)
            return fut
        if self.proc is None:
            raise RuntimeError("GroupWriter.start() was not awaited")
        if self.proc.returncode is not None or self.proc.stdin.is_closing():
            self.failed = self.failed or WriterFailed("the log writer has stopped; restart the server")
            fut.set_exception(self.failed)
            return fut
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
                self.storage_error = None
                fut.set_result(None)
            elif code == "conflict":
                fut.set_exception(VersionConflict(detail))
            elif code == "failed":
                self.failed = self.failed or WriterFailed(detail)
                fut.set_exception(self.failed)
            elif code == "storage":
                self.storage_error = detail
                fut.set_exception(StorageError(detail))
            else:
                fut.set_exception(WriteError(detail))

    def _fail(self, exc: WriterFailed) -> None:
        self.failed = exc
        waiting, self._waiting = self._waiting, {}
        for fut in waiting.values():
            if not fut.done():
                fut.set_exception(exc)
