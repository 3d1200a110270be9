"""Reading a database whose disk refuses writes (full, or mounted read-only).

The server then still answers every read, while its health says why it
cannot act; an operator can look at the games before fixing the disk.
"""
from __future__ import annotations

import logging
import shutil
import sqlite3
import tempfile
from pathlib import Path

log = logging.getLogger("hauntkit.store")


def open_for_reading(path: Path, schema: str) -> sqlite3.Connection:
    """A connection that writes nothing, for a disk that refuses writes.

    `mode=ro` still needs the WAL index (`-shm`) to exist or to be created;
    on a full disk it cannot be. A database without a WAL holding anything
    (closed cleanly) is then read as `immutable`; one with a WAL is copied
    beside a temporary folder first, where SQLite may create the index."""
    if not path.exists():
        db = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
        db.executescript(schema)
        return db
    uri = path.resolve().as_uri()
    try:
        db = sqlite3.connect(f"{uri}?mode=ro", uri=True, isolation_level=None, check_same_thread=False)
        db.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except sqlite3.Error:
        wal = Path(f"{path}-wal")
        if not wal.exists() or wal.stat().st_size == 0:
            db = sqlite3.connect(f"{uri}?immutable=1", uri=True, isolation_level=None, check_same_thread=False)
        else:
            copy = Path(tempfile.mkdtemp(prefix="hauntkit-ro-")) / path.name
            shutil.copyfile(path, copy)
            shutil.copyfile(wal, f"{copy}-wal")
            log.warning("%s has a WAL and its disk refuses the index: reading a copy in %s", path, copy.parent)
            db = sqlite3.connect(str(copy), isolation_level=None, check_same_thread=False)
    return db
