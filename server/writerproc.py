"""The log writer: a process of its own that owns the database's write
connection. The server (server.writer) sends it encoded rows over a pipe and
gets back, per row, "durable" or why not.

Why a process: writing an action's row is ~20 µs of SQLite's C code, and an
fsync is a millisecond or more. In a thread of the server those would run
beside the event loop, but every hand-back of the GIL to a thread waited
for the busy loop's switch interval (a convoy): measured, a batch of 14
rows took 1.4 ms in the server's writer thread against 0.35 ms alone, and
the loop sat idle a fifth of the time waiting for answers. Here nothing
competes for this process's GIL; the server pays one pickle and one pipe
write per loop iteration.

- Batches: everything read from the pipe at once is one batch, written by
  `Store.append_rows`: one INSERT statement, one transaction, the version
  bumps by trigger inside it.
- FULL (durable): a row is reported only after the WAL file has been fsynced
  by the fsync thread *after* its batch committed: its frames are then on
  disk, which is what SQLite's own FULL does inside the COMMIT with the
  write lock held. Here the next batches commit while the disk works, and
  one fsync covers every commit before it. A failed fsync stops the writer:
  after one, what the disk holds is unknown (PostgreSQL's "fsyncgate"); a
  restart rebuilds the tables from whatever the log has.
- NORMAL: a row is reported at its commit; it survives a crash of the
  server, not a power cut.
- Checkpoints never ride on a commit (SQLite's automatic one copies the WAL
  into the database file and fsyncs both): a thread runs a passive one on
  its own connection every CHECKPOINT_EVERY rows.

Run by server.writer as `python writerproc.py DB FULL|NORMAL`.
"""
from __future__ import annotations

import logging
import os
import pickle
import queue
import signal
import sqlite3
import struct
import sys
import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Callable

if __package__ in (None, ""):    # run as a script: import the server package beside this folder
    _here = str(Path(__file__).resolve().parent)
    sys.path[:] = [p for p in sys.path if p != _here]
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from server.store import Store, VersionConflict  # noqa: E402

log = logging.getLogger("hauntkit.writer")

# Rows between two WAL checkpoints: an action's row is a few 1 KiB pages, so
# about SQLite's default of 1000 pages.
CHECKPOINT_EVERY = 500

HEADER = struct.Struct("<I")
_STOP = object()


def frame(obj) -> bytes:
    data = pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)
    return HEADER.pack(len(data)) + data


def unframe(buf: bytearray) -> list:
    """The whole frames at the start of `buf`, removed from it."""
    out, at = [], 0
    while len(buf) - at >= HEADER.size:
        (size,) = HEADER.unpack_from(buf, at)
        if len(buf) - at - HEADER.size < size:
            break
        out.append(pickle.loads(memoryview(buf)[at + HEADER.size:at + HEADER.size + size]))
        at += HEADER.size + size
    del buf[:at]
    return out


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


Reply = tuple[int, str, str]      # (seq, "ok" | "conflict" | "storage" | "error" | "failed", detail)

# Requests other than appends: kind -> the Store method, called with the payload.
OPERATIONS = {"create": "create_encoded", "token": "set_token_hash", "seat_token": "set_seat_token",
              "over": "mark_over", "delete": "delete_tables", "probe": "probe"}
# SQLite's primary result codes that mean the disk, not the request, refused.
STORAGE_CODES = frozenset({sqlite3.SQLITE_FULL, sqlite3.SQLITE_IOERR, sqlite3.SQLITE_READONLY,
                           sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_PERM})


def refusal(exc: BaseException) -> str:
    """"storage" when the disk refused (a later write may succeed), else "error"."""
    if isinstance(exc, OSError):
        return "storage"
    if isinstance(exc, sqlite3.Error) and (getattr(exc, "sqlite_errorcode", 0) & 0xFF) in STORAGE_CODES:
        return "storage"
    return "error"


def _describe(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}"


# Seconds between two log lines about the disk refusing writes.
REFUSAL_LOG_EVERY = 5.0


class Throttled:
    """A WARNING now, then at most one every `every` seconds, saying how
    many like it were not written meanwhile."""

    def __init__(self, logger: logging.Logger, every: float, clock=time.monotonic):
        self.logger, self.every, self.clock = logger, every, clock
        self.last = float("-inf")
        self.held = 0
        self.lock = threading.Lock()

    def note(self, message: str) -> None:
        with self.lock:
            now = self.clock()
            if now - self.last < self.every:
                self.held += 1
                return
            held, self.held, self.last = self.held, 0, now
        self.logger.warning("%s%s", message, f" ({held} more like it since the last)" if held else "")


class LogWriter:
    """`handle` a batch of requests (seq, "append" | "create", payload);
    replies go to `send(stats, forget_snapshots, replies)`, from this
    thread or the fsync thread."""

    def __init__(self, path: str, durable: bool, send: Callable[[tuple, bool, list[Reply]], None],
                 fsync: Callable[[int], None] = os.fsync):
        self.durable = durable
        self.store = Store(path, "NORMAL")     # the connection itself never fsyncs
        self.store.db.execute("PRAGMA wal_autocheckpoint=0")
        self._path = path
        self._send = send
        self._fsync = fsync
        self._wal_fd: int | None = None
        self.failed: str | None = None
        self.batches = self.appends = self.syncs = self.checkpoints = 0
        self._since_checkpoint = 0
        self._refusals = Throttled(log, REFUSAL_LOG_EVERY)
        self._checkpoint_db: sqlite3.Connection | None = None
        self._checkpointing: Future | None = None
        self._checkpoint_thread = ThreadPoolExecutor(1, thread_name_prefix="hauntkit-checkpoint")
        self._to_sync: queue.SimpleQueue = queue.SimpleQueue()
        self._sync_thread = None
        if durable:
            self._sync_thread = threading.Thread(target=self._sync_loop, name="hauntkit-fsync", daemon=True)
            self._sync_thread.start()

    def stats(self) -> tuple[int, int, int, int]:
        return self.batches, self.appends, self.syncs, self.checkpoints

    def handle(self, requests: list[tuple[int, str, tuple]]) -> None:
        if self.failed is not None:
            self._send(self.stats(), False, [(seq, "failed", self.failed) for seq, _, _ in requests])
            return
        now: list[Reply] = []         # answered at once: refusals, errors, and with NORMAL everything
        durable: list[Reply] = []     # committed, to be answered after the next fsync
        forget = False
        appends: list[tuple[int, tuple]] = []
        for seq, kind, payload in requests + [(0, "end", ())]:
            if kind != "append" and appends:
                forget |= self._append(appends, now, durable)
                appends = []
            if kind == "append":
                appends.append((seq, payload))
            elif kind in OPERATIONS:
                try:
                    getattr(self.store, OPERATIONS[kind])(*payload)
                    durable.append((seq, "ok", ""))
                except Exception as exc:
                    now.append((seq, self._refused(exc, kind), _describe(exc)))
        if not self.durable:
            now, durable = now + durable, []
        if self._since_checkpoint >= CHECKPOINT_EVERY and (self._checkpointing is None or self._checkpointing.done()):
            self._since_checkpoint = 0
            self._checkpointing = self._checkpoint_thread.submit(self._checkpoint)
        if now or forget:
            self._send(self.stats(), forget, now)
        if durable:
            self._to_sync.put(durable)

    def _append(self, appends: list, now: list, durable: list) -> bool:
        try:
            results, skipped = self.store.append_rows([p[0] for _, p in appends], [p[1] for _, p in appends])
        except Exception as exc:      # the statement failed: nothing of the batch was written
            code = self._refused(exc, f"{len(appends)} log rows")
            results, skipped = [(code, exc)] * len(appends), False
        for (seq, _), err in zip(appends, results):
            if err is None:
                durable.append((seq, "ok", ""))
            elif isinstance(err, VersionConflict):
                now.append((seq, "conflict", str(err)))
            elif isinstance(err, tuple):
                now.append((seq, err[0], _describe(err[1])))
            else:                     # this row alone was refused
                now.append((seq, self._refused(err, "a log row"), _describe(err)))
        self.batches += 1
        self.appends += len(appends)
        self._since_checkpoint += len(appends)
        return skipped

    def _refused(self, exc: BaseException, what: str) -> str:
        """A refusal by the disk is a line (at most one every few seconds: it
        repeats for every write until the disk has free space); anything else is a
        bug worth its traceback."""
        code = refusal(exc)
        if code == "storage":
            self._refusals.note(f"writing {what} refused by the disk: {_describe(exc)}")
        else:
            log.exception("writing %s failed", what)
        return code

    # -- the fsync thread -------------------------------------------------
    def _sync_loop(self) -> None:
        while True:
            lists, stop = _take_all(self._to_sync)
            waiting = [reply for replies in lists for reply in replies]
            if waiting:
                if self.failed is None:
                    try:
                        self._sync_wal()
                        self.syncs += 1
                    except Exception as exc:
                        self.failed = f"the log could not be synced to disk ({exc!r}); restart the server"
                        log.critical("%s", self.failed)
                if self.failed is not None:
                    waiting = [(seq, "failed", self.failed) for seq, _, _ in waiting]
                self._send(self.stats(), False, waiting)
            if stop:
                return

    def _sync_wal(self) -> None:
        """Opened once: SQLite removes the WAL file only when the last
        connection closes, and this one stays open."""
        if self._wal_fd is None:
            # Read-write: Windows cannot flush a file opened read-only.
            self._wal_fd = os.open(self._path + "-wal", os.O_RDWR | getattr(os, "O_BINARY", 0))
        self._fsync(self._wal_fd)

    # -- checkpoints ------------------------------------------------------
    def _checkpoint(self) -> None:
        """TRUNCATE, not PASSIVE: with this process appending all the time, a
        passive checkpoint never catches up with the WAL's end, so SQLite never
        starts the WAL over and the file grows with every action until the disk
        is full. TRUNCATE holds the writer back while it copies every frame
        (the database file is synced first) and then empties the WAL."""
        if self._checkpoint_db is None:
            self._checkpoint_db = sqlite3.connect(self._path, isolation_level=None, check_same_thread=False)
            self._checkpoint_db.execute("PRAGMA busy_timeout=5000")
        try:
            busy, _, _ = self._checkpoint_db.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
        except sqlite3.Error as exc:
            # The WAL only grows until the next one succeeds; the log is intact.
            if refusal(exc) == "storage":
                self._refusals.note(f"a WAL checkpoint refused by the disk: {_describe(exc)}")
            else:
                log.exception("WAL checkpoint failed")
            return
        if busy:          # a reader outlasted the busy timeout: the next one tries again
            return
        self.checkpoints += 1

    def close(self) -> None:
        """Answers everything handled so far (the last fsync included) first."""
        if self._sync_thread is not None:
            self._to_sync.put(_STOP)
            self._sync_thread.join()
        self._checkpoint_thread.shutdown(wait=True)
        if self._wal_fd is not None:
            os.close(self._wal_fd)
            self._wal_fd = None
        if self._checkpoint_db is not None:
            self._checkpoint_db.close()
        self.store.close()


def main(argv: list[str]) -> int:
    path, sync = argv
    logging.basicConfig(level=logging.INFO, stream=sys.stderr,
                        format="%(asctime)s %(levelname)s %(name)s %(message)s")
    # Ctrl-C reaches the whole process group: the server handles it and
    # closes the pipe, after which this process answers what it has and ends.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if sys.platform == "win32":
        import msvcrt
        msvcrt.setmode(0, os.O_BINARY)
        msvcrt.setmode(1, os.O_BINARY)
    # Replies get a private copy of stdout; anything printed by mistake goes to stderr.
    out = os.dup(1)
    os.dup2(2, 1)
    lock = threading.Lock()

    def send(stats: tuple, forget: bool, replies: list[Reply]) -> None:
        data = memoryview(frame((stats, forget, replies)))
        with lock:
            while data:
                data = data[os.write(out, data):]

    try:
        writer = LogWriter(path, sync.upper() == "FULL", send)
    except (sqlite3.Error, OSError) as exc:
        # Told to the server, which serves reads and reports it on /healthz.
        log.error("cannot open %s for writing: %s", path, _describe(exc))
        send((0, 0, 0, 0), False, [(0, refusal(exc), _describe(exc))])
        return 3
    send(writer.stats(), False, [])     # ready
    buf = bytearray()
    try:
        while True:
            data = os.read(0, 1 << 20)
            if not data:                 # the server closed the pipe: finish and stop
                break
            buf += data
            requests = [r for batch in unframe(buf) for r in batch]
            if requests:
                writer.handle(requests)
    finally:
        writer.close()
    log.info("group commit: %d appends in %d batches, %d fsyncs, %d checkpoints", *[
        writer.appends, writer.batches, writer.syncs, writer.checkpoints])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
