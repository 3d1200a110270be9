"""The table-instruction vocabulary: what the rules server tells the table.

Every ruleset's presenter speaks these ops and nothing else, so the core
Lua (`tts_lua/hauntkit/ops.lua`) carries out any game without a line of
game code. Each op is named for what the table does (place a piece, deal a
card, set a clip…); the fields are in `schemas/ops.schema.json` and
docs/PROTOCOL.md. `Ops` numbers them as they are emitted, so a table that
reloads mid-list resumes after the last one it applied.
"""
from __future__ import annotations

import functools
import json
import os
from pathlib import Path
from typing import Any

SCHEMA_PATH = Path(__file__).resolve().parents[1] / "schemas" / "ops.schema.json"
NAMES = ("place", "move", "deal", "move_card", "set_clip", "set_counter", "show_dice", "mark_turn",
         "say", "ask", "spawn", "flip", "remove", "game_over", "show_text", "sync")


class Ops:
    """One answer's ops, in order; `visible_to` (the source event's) is
    carried on an op built from a private event."""

    def __init__(self, version: int):
        self.version = version
        self.out: list[dict] = []

    def emit(self, op: str, visible_to: list[str] | None = None, **fields: Any) -> dict:
        entry = {"op": op, **fields, "version": self.version, "seq": len(self.out)}
        if visible_to is not None:
            entry["visible_to"] = list(visible_to)
        self.out.append(entry)
        return entry


def checking() -> bool:
    """Tests set HAUNTKIT_CHECK_OPS=1: every answer's ops are validated."""
    return os.environ.get("HAUNTKIT_CHECK_OPS") == "1"


@functools.lru_cache(maxsize=1)
def _validator():
    import jsonschema
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    return jsonschema.Draft202012Validator(schema)


def problems(ops: list[dict]) -> list[str]:
    """Every way `ops` breaks the vocabulary, one line each."""
    return [f"ops{''.join(f'[{p!r}]' for p in e.absolute_path)}: {e.message}"[:300]
            for e in _validator().iter_errors(ops)]


def check(ops: list[dict]) -> None:
    bad = problems(ops)
    if bad:
        raise ValueError("table instructions outside the vocabulary:\n" + "\n".join(bad[:10]))
