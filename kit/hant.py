"""zh-Hant from zh-Hans: OpenCC `s2twp` with a game's glossary protected.

A converter alone cannot produce the Traditional Chinese game vocabulary:
the Simplified and Traditional rule texts use different *words*, not just
different characters (a game's zh-Hant rules may call a role, a quality or an
attack by another word than the converter would), and s2twp's
Taiwan phrase table even rewrites some terms (远程攻击 becomes 遠端攻擊, a
networking word). So every glossary term is swapped for a private-use
placeholder character before conversion (OpenCC passes those through
untouched) and replaced by its zh-Hant form afterwards.

Each ruleset has its own glossary (its terms differ: 体力 is stamina in one
game and a misprint for Might in another); `kit/glossary.yaml` holds the
words every game shares. Content texts and word catalogs are converted the
same way.
"""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import opencc
import yaml

SHARED_GLOSSARY = Path(__file__).with_name("glossary.yaml")
_PLACEHOLDER_BASE = 0xE000   # Unicode private use area: never in real text


class Converter:
    """zh-Hans → zh-Hant with the terms of `glossaries` (later files win)."""

    def __init__(self, glossaries: tuple[Path, ...]):
        self.glossaries = tuple(Path(p) for p in glossaries)
        merged: dict[str, str] = {}
        for path in self.glossaries:
            if path.is_file():
                data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
                merged.update({t["hans"]: t["hant"] for t in data.get("terms") or []})
        # Longest first, so a compound term is taken whole before a shorter one inside it.
        self.terms = tuple(sorted(merged.items(), key=lambda t: (-len(t[0]), t[0])))
        self._index = {hans: i for i, (hans, _) in enumerate(self.terms)}
        self._pattern = re.compile("|".join(re.escape(h) for h, _ in self.terms)) if self.terms else None

    def __call__(self, text: str) -> str:
        protected = text if self._pattern is None else self._pattern.sub(
            lambda m: chr(_PLACEHOLDER_BASE + self._index[m.group(0)]), text)
        converted = _opencc().convert(protected)
        n = len(self.terms)
        return "".join(self.terms[ord(ch) - _PLACEHOLDER_BASE][1]
                       if _PLACEHOLDER_BASE <= ord(ch) < _PLACEHOLDER_BASE + n else ch
                       for ch in converted)

    def fingerprint(self) -> bytes:
        """What zh-Hant output depends on besides the sources: the glossaries
        and the converter's version (its phrase tables change between releases)."""
        from importlib.metadata import version
        parts = [p.read_bytes() if p.is_file() else b"" for p in self.glossaries]
        return b"\0".join(parts) + f"\0opencc {version('opencc')}".encode()


@lru_cache(maxsize=1)
def _opencc() -> opencc.OpenCC:
    return opencc.OpenCC("s2twp")


@lru_cache(maxsize=16)
def converter(glossary: Path | None = None) -> Converter:
    """The converter for one ruleset's glossary (plus the shared one)."""
    return Converter((SHARED_GLOSSARY,) + ((Path(glossary),) if glossary else ()))
