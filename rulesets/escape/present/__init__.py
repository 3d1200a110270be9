"""The escape presenter (server side): the engine's events and views →
table instructions, chat lines and button labels (docs/RULESETS.md, §5).
The server calls these with a `kit.present.TableView`, never the raw state."""
from __future__ import annotations

from .labels import label
from .narrate import messages
from .ops import layout, ops

__all__ = ["answer", "layout", "label"]


def answer(events: list[dict], table, version: int) -> dict:
    """`{"ops": [...], "messages": [...]}` for one accepted action."""
    return {"ops": ops(events, table, version), "messages": messages(events, table)}
