"""Locale texts: every text is a map by locale, with zh-Hant filled in.

`zh-Hans` and `en` are written by hand and required; a missing `zh-Hant` is
converted from `zh-Hans` (see `hant`), and a hand-written one always wins.
Inline icon tokens are checked here, because a misspelt token would print
as literal `:sanit:` on a card.
"""
from __future__ import annotations

import re
from typing import Any

from .fields import At, Fields, MISSING, one_of
from .hant import to_hant
from .model import AUTHORED_LOCALES, LOCALES

ICON_TOKENS = ("might", "speed", "knowledge", "sanity", "event", "item", "omen", "die")
_TOKEN = re.compile(r":([a-z_]+):")
_PRIVATE_USE = re.compile("[\ue000-\uf8ff]")


def check_text(at: At, value: Any) -> dict[str, str] | None:
    """A text map with every locale; None (and problems) when it is wrong."""
    f = Fields(at, value, LOCALES)
    if not f.ok:
        return None
    out: dict[str, str] = {}
    for locale in LOCALES:
        required = locale in AUTHORED_LOCALES
        text = f.raw(locale, required, "expected a text in " + locale)
        if text is MISSING or text is None and not required:
            continue
        loc_at = f.at_key(locale)
        if not isinstance(text, str) or not text.strip():
            loc_at.wrong(text, "expected a non-empty text")
            continue
        bad = [t for t in _TOKEN.findall(text) if t not in ICON_TOKENS]
        if bad:
            loc_at.error(f"unknown icon token ':{bad[0]}:' ({one_of(':%s:' % t for t in ICON_TOKENS)})")
            continue
        if _PRIVATE_USE.search(text):
            loc_at.error("private-use character in text (expected printable text only)")
            continue
        out[locale] = text
    f.close()
    if any(locale not in out for locale in AUTHORED_LOCALES):
        return None
    if "zh-Hant" not in out:
        out["zh-Hant"] = to_hant(out["zh-Hans"])
    return {locale: out[locale] for locale in LOCALES}


def text_field(f: Fields, key: str, required: bool = True) -> dict[str, str] | None:
    value = f.raw(key, required, "expected a text map with zh-Hans and en")
    if value is MISSING or key not in f.data:
        return None
    return check_text(f.at_key(key), value)
