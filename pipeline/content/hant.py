"""zh-Hant from zh-Hans: OpenCC `s2twp` with the game's glossary protected.

A converter alone cannot produce the Traditional Chinese game vocabulary:
the Simplified and Traditional rule texts use different *words*, not just
different characters (奸徒 is 背叛者, 神志 is 精神, 袭击 is 攻擊), and s2twp's
Taiwan phrase table even rewrites some terms (远程攻击 becomes 遠端攻擊, a
networking word). So every glossary term is swapped for a private-use
placeholder character before conversion (OpenCC passes those through
untouched) and replaced by its zh-Hant form afterwards.
"""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import opencc
import yaml

GLOSSARY = Path(__file__).with_name("glossary.yaml")
_PLACEHOLDER_BASE = 0xE000   # Unicode private use area: never in real text


@lru_cache(maxsize=1)
def _glossary() -> tuple[tuple[str, str], ...]:
    data = yaml.safe_load(GLOSSARY.read_text(encoding="utf-8"))
    terms = [(t["hans"], t["hant"]) for t in data["terms"]]
    # Longest first, so 作祟判定 is taken whole before 作祟 could split it.
    return tuple(sorted(terms, key=lambda t: (-len(t[0]), t[0])))


@lru_cache(maxsize=1)
def _pattern() -> re.Pattern:
    return re.compile("|".join(re.escape(hans) for hans, _ in _glossary()))


@lru_cache(maxsize=1)
def _converter() -> opencc.OpenCC:
    return opencc.OpenCC("s2twp")


def to_hant(text: str) -> str:
    """Convert one zh-Hans text to zh-Hant with the glossary's terms."""
    terms = _glossary()
    index = {hans: i for i, (hans, _) in enumerate(terms)}
    protected = _pattern().sub(lambda m: chr(_PLACEHOLDER_BASE + index[m.group(0)]), text)
    converted = _converter().convert(protected)
    return "".join(
        terms[ord(ch) - _PLACEHOLDER_BASE][1]
        if _PLACEHOLDER_BASE <= ord(ch) < _PLACEHOLDER_BASE + len(terms) else ch
        for ch in converted)


def conversion_fingerprint() -> bytes:
    """What zh-Hant output depends on besides the sources: the glossary and
    the converter's version (its phrase tables change between releases)."""
    from importlib.metadata import version
    return GLOSSARY.read_bytes() + f"\0opencc {version('opencc')}".encode()
