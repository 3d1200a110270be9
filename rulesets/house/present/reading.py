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


def book_text(haunt: dict, side: str, book: Any, namer: Namer) -> dict:
    return {"title": title(haunt, side, namer), "paragraphs": paragraphs(book, namer), "side": side}


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
