"""The one JSON line per action: its own timestamp, no token.

`python -m server` points it straight at a file descriptor: the line is
encoded by orjson to bytes, and the lines of one event-loop iteration leave
in one `os.write` at its end (a write per line was ~2.5 % of the loop under
load); a `logging` call (record, caller lookup, formatter, handler lock,
write and flush) cost ~5 µs, on the event loop, for every action. Anywhere else (tests,
an embedding program) the line goes through the `hauntkit.actions` logger as
before, so its handlers and levels still apply.
"""
from __future__ import annotations

import asyncio
import logging
import os

from . import jsontext

logger = logging.getLogger("hauntkit.actions")
_fd: int | None = None
_pending: list[bytes] = []


def write_to(fd: int | None) -> None:
    """Send the lines to `fd` (None: back to the logger), after any still
    waiting for the old one. The logger's level still decides whether a
    line is written."""
    global _fd
    flush()
    _fd = fd


def enabled() -> bool:
    return logger.isEnabledFor(logging.INFO)


def write(fields: dict) -> None:
    if _fd is None:
        logger.info(jsontext.dumps(fields))
        return
    _pending.append(jsontext.dumpb(fields) + b"\n")
    if len(_pending) == 1:
        try:
            asyncio.get_running_loop().call_soon(flush)
        except RuntimeError:     # no event loop: at once
            flush()


def flush() -> None:
    """Write the waiting lines in one go."""
    if not _pending or _fd is None:
        return
    data = b"".join(_pending)
    _pending.clear()
    while data:   # a blocking descriptor writes it all at once; a pipe may take less
        data = data[os.write(_fd, data):]
