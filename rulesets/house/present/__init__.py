"""The house presenter: what the table must do and say after each action.

The server calls these with the engine's views (`kit.present.TableView`),
never the raw state (docs/RULESETS.md, "Presenter").
"""
from __future__ import annotations

from kit.present import TableView

from . import labels as _labels
from . import narrate as _narrate
from . import ops as _ops
from . import reading as _reading
from .names import Namer


def answer(events: list[dict], table: TableView, version: int) -> dict:
    """`{"ops": [...], "messages": [...]}` for one accepted action: each
    public event narrated once, the sentence both in the chat instruction
    and in the messages; what else the table tells everyone (a haunt's
    intro and turn order) is in the messages too, and the game's end last."""
    namer = Namer(table.content, table.public, table.words)
    texts = _narrate.per_event(events, namer)
    ops = _ops.build(events, table, version, texts, namer)
    told = [o["text"] for o in ops if o["op"] == "say" and o.get("visible_to") is None and o.get("to") is None]
    over = [t for ev, t in zip(events, texts) if t and ev.get("type") == "game_over"]
    return {"ops": ops, "messages": told + over}


def layout(table: TableView, version: int) -> list[dict]:
    return _ops.layout(table, version)


def label(actions: list[dict], table: TableView, seat: str | None) -> list[dict]:
    view = table.of(seat) if seat is not None else table.public
    return _labels.label_actions(actions, Namer(table.content, view, table.words), view, seat)


def page(table: TableView, seat: str) -> dict | None:
    """What `seat` reads on its own page once the haunt began: its side's
    book (`{"title", "paragraphs", "side"}`), or None."""
    return _reading.page(table, seat)
