"""The little markup of game texts, shared by content checks and rendering.

    **Weapon.**      a keyword, set bold
    *The door…*      flavour, set in the flavour style (italic or a Song face)
    :name:           an inline icon token (the ruleset says which exist)

Markup carries meaning, not looks: the renderer decides what bold and
flavour look like per locale, and `plain()` gives the words alone for
places that show no styles (chat lines, logs).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

TOKEN_RE = re.compile(r":([a-z][a-z0-9_]*):")
_MARK_RE = re.compile(r"\*\*|\*|:[a-z][a-z0-9_]*:")


@dataclass(frozen=True)
class Span:
    style: str     # "body" | "strong" | "flavour" | "icon"
    text: str      # the words; for an icon, its token name


class MarkupError(ValueError):
    pass


def parse(text: str, base: str = "body") -> list[Span]:
    """Spans in reading order. Unbalanced `*`/`**` raise MarkupError."""
    spans: list[Span] = []
    strong = flavour = False
    pos = 0

    def style() -> str:
        return "strong" if strong else "flavour" if flavour else base

    def emit(chunk: str) -> None:
        if chunk:
            if spans and spans[-1].style == style():
                spans[-1] = Span(style(), spans[-1].text + chunk)
            else:
                spans.append(Span(style(), chunk))

    for m in _MARK_RE.finditer(text):
        emit(text[pos:m.start()])
        mark = m.group(0)
        if mark == "**":
            strong = not strong
        elif mark == "*":
            flavour = not flavour
        else:
            spans.append(Span("icon", mark[1:-1]))
        pos = m.end()
    emit(text[pos:])
    if strong or flavour:
        raise MarkupError("unclosed " + ("**" if strong else "*"))
    return spans


def problems(text: str) -> list[str]:
    try:
        parse(text)
    except MarkupError as e:
        return [str(e)]
    return []


def plain(text: str) -> str:
    """The text without style marks (icon tokens kept)."""
    return text.replace("**", "").replace("*", "")
