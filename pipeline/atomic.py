"""Atomic writes for every build output.

Readers (the rules server, TTS, a parallel build) must never see half a
file, and a write that fails must leave the old file as it was: the bytes go
to a temp file in the target's folder, which is then renamed over the
target. Outputs are shared files, so they get the umask's mode rather than
the 0600 a temp file is created with.
"""
from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Callable


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


# Read once: os.umask is process-wide, and a pool thread changing it while
# another creates a file would give that file the wrong mode.
_MODE = 0o666 & ~_umask()


def write_via(path: str | Path, write: Callable[[Path], None]) -> None:
    """Let `write` fill a temp file (for writers that want a path, such as
    Pillow or fpdf2), then rename it over `path`."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    os.close(fd)
    tmp = Path(name)
    try:
        os.chmod(tmp, _MODE)
        write(tmp)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def write_bytes(path: str | Path, data: bytes) -> None:
    def write(tmp: Path) -> None:
        with open(tmp, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
    write_via(path, write)


def write_if_changed(path: str | Path, data: str | bytes) -> bool:
    """Skip the write when the bytes are equal, so an unchanged rebuild
    leaves mtimes alone (and the next step's up-to-date checks hold).
    Returns True if written."""
    path = Path(path)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    if path.exists() and path.read_bytes() == raw:
        os.chmod(path, _MODE)      # mend a file an older build left 0600
        return False
    write_bytes(path, raw)
    return True
