"""The haunt's books as texts to read: the `show_text` instruction of each
`haunt_book` event and the seat's page the server serves (R-HAUNT-7: each
side reads its own book only).

A book is paragraphs separated by a blank line; its markup (`**keyword**`,
`*flavour*`) is dropped and its `:trait:` icons and `{floor}` names become
the content's words, since a reading panel or a phone shows plain text.
"""
from __future__ import annotations

import re
from typing import Any

from kit.markup import TOKEN_RE, plain
from kit.present import TableView
from kit.words import LOCALES

from ..engine.scenario import at_table
from .names import Namer, pick

_NAME_RE = re.compile(r"\{([a-z_]+)\}")
_BLANK_RE = re.compile(r"\n\s*\n")


def paragraphs(text: Any, namer: Namer) -> dict[str, list[str]]:
    """Each locale's paragraphs, in words only."""
    out = {}
    for loc in LOCALES:
        words = plain(pick(text, loc))
        words = TOKEN_RE.sub(lambda m: namer.term(m.group(1), loc), words)
        words = _NAME_RE.sub(lambda m: namer.term(m.group(1), loc), words)
        out[loc] = [" ".join(p.split()) if loc == "en" else "".join(p.split())
                    for p in _BLANK_RE.split(words.strip()) if p.strip()]
    return out


def title(haunt: dict, side: str | None, namer: Namer) -> dict[str, str]:
    """"<haunt title> · <the side's book>" (the haunt's title alone without a side)."""
    name = {loc: pick(haunt.get("title"), loc) or str(haunt.get("id", "")) for loc in LOCALES}
    key = f"reading.book.{side}"
    if side is None or key not in namer.words:
        return name
    return {loc: namer.words.get(key, loc, haunt=name[loc]) for loc in LOCALES}


def at_this_table(haunt: dict, side: str | None, namer: Namer) -> dict[str, str] | None:
    """The haunt's numbers for this table, where it gives one per table size
    (docs/rulesets/haunts.md): the book prints every size's, and a reader
    wants theirs. The figures and tokens its setup placed, the reader's
    side's ritual, carry or collect, and where the track ends; None when
    the haunt sizes nothing."""
    spec = (namer.content.get("haunts") or {}).get(haunt.get("id"))
    if not isinstance(spec, dict):
        return None
    at = lambda value: at_table(value, namer.view)      # noqa: E731  (the engine's reading of a number)
    names = {"monsters": haunt.get("monster_names") or {}, "tokens": namer.token_kinds}
    items: list[tuple[str, Any, int]] = []      # (word, name, number)
    placed: dict[tuple[str, str], list] = {}
    for step in spec.get("setup") or []:
        if step.get("step") in names:
            placed.setdefault((step["step"], step.get("kind")), []).append(step.get("count"))
    for (what, kind), counts in placed.items():
        if any(isinstance(c, dict) for c in counts):
            items.append(("figures", names[what].get(kind) or kind, sum(at(c) for c in counts)))
    for o in spec.get("traitor_wins" if side == "traitor" else "heroes_win") or []:
        name, key = o.get("objective"), {"ritual": "successes", "carry": "count", "collect": "count"}
        if name in key and isinstance(o.get(key[name]), dict):
            thing = o.get("object") if name == "carry" else o.get("kind")
            items.append((name, namer.token_kinds.get(thing) or thing, at(o[key[name]])))
    clock = spec.get("clock") or {}
    if isinstance(clock.get("end"), dict):
        items.append(("clock", None, at(clock["end"])))
    if not items:
        return None
    size = str(len(namer.players))
    out = {}
    for loc in LOCALES:
        parts = [namer.words.get(f"reading.sized.{word}", loc, n=n,
                                 name=pick(name, loc) if isinstance(name, dict) else namer.card(name, None, loc))
                 for word, name, n in items]
        out[loc] = namer.words.get("reading.at_table", loc, players=size,
                                   list=namer.words.get("reading.sized.sep", loc).join(parts))
    return out


def book_text(haunt: dict, side: str, book: Any, namer: Namer) -> dict:
    """A side's book as the panel shows it: its paragraphs, then, for a
    haunt sized to the table, one with this table's numbers."""
    shown = paragraphs(book, namer)
    extra = at_this_table(haunt, side, namer)
    if extra:
        shown = {loc: [*shown[loc], extra[loc]] for loc in LOCALES}
    return {"title": title(haunt, side, namer), "paragraphs": shown, "side": side}


def page(table: TableView, seat: str) -> dict | None:
    """What `seat` reads once the haunt began: `{"title", "paragraphs",
    "side"}` from its own view (the engine gives each seat its side's book
    only), or None before the haunt or for a seat that plays no figure."""
    view = table.of(seat)
    haunt = view.get("haunt")
    if not isinstance(haunt, dict) or not haunt.get("book"):
        return None
    namer = Namer(table.content, view, table.words)
    return book_text(haunt, haunt.get("side") or "heroes", haunt["book"], namer)
