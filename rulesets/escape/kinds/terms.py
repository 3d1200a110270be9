"""The game's words outside any card (`terms:`): the item tags an infected
card's condition names (利器 blade, 火 fire…), and the words the table and
the chat use (体力 stamina, 队长 leader…), each in every locale."""
from __future__ import annotations

from typing import Any

from pipeline.content.context import Context
from pipeline.content.fields import At, Fields, check_id
from pipeline.content.texts import check_text

# Words the table needs whatever the cards say.
REQUIRED_WORDS = ("stamina", "vp", "leader", "member", "column", "front", "end", "infected", "revelation",
                  "stairs_up", "hidden", "dead", "hand", "equipment", "item", "explore")


def _texts(f: Fields, key: str, required: tuple = ()) -> dict:
    if not f.require(key, "expected a map of id: {zh-Hans, en}"):
        return {}
    sub = Fields(f.at_key(key), f.data[key], ())
    out = {}
    for name, value in sub.data.items():
        at = sub.at_key(name)
        if check_id(at, name) is None:
            continue
        text = check_text(at, value)
        if text is not None:
            out[name] = text
    for name in required:
        if name not in sub.data:
            sub.at.error(f"no word '{name}' (expected every one of {', '.join(required)})")
    return out


def read_terms(at: At, data: Any, ctx: Context) -> dict | None:
    f = Fields(at, data, ("tags", "words"))
    if not f.ok:
        return None
    out = {"tags": _texts(f, "tags"), "words": _texts(f, "words", REQUIRED_WORDS)}
    f.close()
    return out
