"""The log read back by hand: every table's state folded from its setup and
its log rows with the engine, no snapshot and no server code, to compare
with what the server said live and what it rebuilt after a restart."""
from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from kit.engine import TapeRng


def open_db(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(f"file:{path}?mode=ro", uri=True)


def rows(db: sqlite3.Connection, table_id: str) -> list[tuple]:
    return db.execute("SELECT version, request_id, kind, action, tape, restore_to, answer FROM actions "
                      "WHERE table_id=? ORDER BY version", (table_id,)).fetchall()


def replay(db: sqlite3.Connection, engine, content: dict, table_id: str, keep: set[int]) -> dict[int, dict]:
    """{version: state} for the versions in `keep` (and the last one)."""
    options, setup_tape, version = db.execute(
        "SELECT options, setup_tape, version FROM tables WHERE id=?", (table_id,)).fetchone()
    state = engine.new_table(content, json.loads(options), TapeRng(json.loads(setup_tape)))
    log = rows(db, table_id)
    needed = set(keep) | {version} | {r[5] for r in log if r[2] == "undo"}
    states = {0: state} if 0 in needed else {}
    for v, _rid, kind, action, tape, restore_to, _answer in log:
        if kind == "undo":
            state = states[restore_to]
        else:
            state, _ = engine.apply(state, json.loads(action), TapeRng(json.loads(tape)))
        if v in needed:
            states[v] = state
    return states
