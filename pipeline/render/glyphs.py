"""Tofu guard: every character drawn must exist in the locale's font.

Pillow has no font fallback, so a character missing from the font would be
drawn as an empty box. The check reads the font's cmap (fontTools) and runs
only for images about to be rendered, keeping no-op builds fast.
"""
from __future__ import annotations

import functools
from typing import Any, Iterable

from . import fonts
from .linebreak import TOKEN_RE

IGNORED = set("\n\t ")


@functools.lru_cache(maxsize=None)
def cmap(locale: str) -> frozenset[int]:
    from fontTools.ttLib import TTFont
    with TTFont(str(fonts.font_path(locale)), lazy=True) as f:
        return frozenset(f.getBestCmap())


def strings(value: Any) -> Iterable[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from strings(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from strings(v)


def missing(locale: str, texts: Iterable[str]) -> list[str]:
    have = cmap(locale)
    out: list[str] = []
    for t in texts:
        for ch in TOKEN_RE.sub("", t):
            if ch not in IGNORED and ord(ch) not in have and ch not in out:
                out.append(ch)
    return out


def describe(chars: list[str]) -> str:
    return ", ".join(f"'{c}' (U+{ord(c):04X})" for c in chars)
