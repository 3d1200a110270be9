"""The one JSON line per action: its own timestamp, no token.

`python -m server` points it straight at a file descriptor: the line is
encoded by orjson to bytes and leaves in one `os.write`, ~0.6 µs, where a
`logging` call (record, caller lookup, formatter, handler lock, write and
flush) cost ~5 µs, on the event loop, for every action. Anywhere else (tests,
an embedding program) the line goes through the `hauntkit.actions` logger as
before, so its handlers and levels still apply.
"""
from __future__ import annotations

import logging
import os

from . import jsontext

logger = logging.getLogger("hauntkit.actions")
_fd: int | None = None


def write_to(fd: int | None) -> None:
    """Send the lines to `fd` (one write each; None: back to the logger).
    The logger's level still decides whether a line is written."""
    global _fd
    _fd = fd


def enabled() -> bool:
    return logger.isEnabledFor(logging.INFO)


def write(fields: dict) -> None:
    if _fd is None:
        logger.info(jsontext.dumps(fields))
        return
    line = jsontext.dumpb(fields) + b"\n"
    while line:   # a blocking descriptor writes it all at once; a pipe may take less
        line = line[os.write(_fd, line):]
