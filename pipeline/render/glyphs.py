"""Tofu guard: every character drawn must exist in the locale's font.

Pillow has no font fallback, so a character missing from the font would be
drawn as an empty box. The check reads the font's cmap (fontTools) and runs
only for images about to be rendered, keeping no-op builds fast.
"""
from __future__ import annotations

import functools
import hashlib
import json
import os
from pathlib import Path
from typing import Any, Iterable

from ..atomic import write_bytes
from . import fonts
from .linebreak import TOKEN_RE

IGNORED = set("\n\t ")


_cache_dir: Path | None = None


def set_cache_dir(path: Path | None) -> None:
    """Reading a CJK cmap with fontTools takes ~0.2 s; the code points are
    kept per font file so a rebuild pays a few milliseconds instead."""
    global _cache_dir
    _cache_dir = path


def cmap(locale: str) -> frozenset[int]:
    return _cmap(str(fonts.font_path(locale)))


@functools.lru_cache(maxsize=None)
def _cmap(path: str) -> frozenset[int]:
    st = os.stat(path)
    cached = None
    if _cache_dir is not None:
        key = hashlib.sha256(f"{path}:{st.st_size}:{st.st_mtime_ns}".encode()).hexdigest()[:16]
        cached = _cache_dir / f"cmap.{key}.json"
        if cached.exists():
            return frozenset(json.loads(cached.read_text()))
    from fontTools.ttLib import TTFont
    with TTFont(path, lazy=True) as f:
        points = frozenset(f.getBestCmap())
    if cached is not None:
        write_bytes(cached, json.dumps(sorted(points)).encode())
    return points


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
