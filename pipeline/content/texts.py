"""Locale texts: every text is a map by locale, with zh-Hant filled in.

`zh-Hans` and `en` are written by hand and required; a missing `zh-Hant` is
converted from `zh-Hans` (`kit.hant`, with the ruleset's glossary), and a
hand-written one always wins. Inline icon tokens and the style marks
(`**keyword**`, `*flavour*`, see `kit.markup`) are checked here, because a
misspelt token would print as literal `:sanit:` on a card; which tokens a
game has is the ruleset's (its `TEXT_TOKENS`), set for the duration of a
load with `rules_for`. English texts get their smart typography here
(`smart`), so every layer reading the compiled content prints the same.

A game term *named in words* is a placeholder, `{upper}`, which the ruleset
fills from its own table of terms once every file is read (`fill_names`):
the words a card prints for a game term are then the same as every other
part of the table's, and cannot drift from them. Which names there are is the
ruleset's (its `text_names`). Braces are reserved for placeholders: a text
whose braces hold anything else is refused.
"""
from __future__ import annotations

import contextlib
import contextvars
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

from kit.hant import Converter, converter
from kit import markup
from kit.words import AUTHORED_LOCALES, LOCALES

from . import smart
from .fields import At, Fields, MISSING, one_of

_TOKEN = re.compile(r":([a-z_]+):")
_NAME = re.compile(r"\{([^{}]*)\}")
_PRIVATE_USE = re.compile("[\ue000-\uf8ff]")


@dataclass(frozen=True)
class TextRules:
    tokens: tuple[str, ...]          # inline icon tokens a text may use
    hant: Converter                  # zh-Hans → zh-Hant with the ruleset's glossary
    names: tuple[str, ...] = ()      # `{name}` placeholders a text may use


_RULES: contextvars.ContextVar[TextRules] = contextvars.ContextVar(
    "text_rules", default=TextRules((), converter(None)))


@contextlib.contextmanager
def rules_for(tokens: tuple[str, ...], glossary: Path | None,
              names: tuple[str, ...] = ()) -> Iterator[TextRules]:
    """Read texts with one ruleset's tokens, glossary and placeholder names."""
    rules = TextRules(tuple(tokens), converter(glossary), tuple(names))
    reset = _RULES.set(rules)
    try:
        yield rules
    finally:
        _RULES.reset(reset)


def current() -> TextRules:
    return _RULES.get()


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
        tokens = _RULES.get().tokens
        bad = [t for t in _TOKEN.findall(text) if t not in tokens]
        if bad:
            loc_at.error(f"unknown icon token ':{bad[0]}:' ({one_of(':%s:' % t for t in tokens)})")
            continue
        if _PRIVATE_USE.search(text):
            loc_at.error("private-use character in text (expected printable text only)")
            continue
        problem = _names_problem(text, _RULES.get().names)
        if problem:
            loc_at.error(problem)
            continue
        bad_marks = markup.problems(text)
        if bad_marks:
            loc_at.error(f"{bad_marks[0]} (style marks are **keyword** and *flavour*)")
            continue
        out[locale] = smart.apply(locale, text)
    f.close()
    if any(locale not in out for locale in AUTHORED_LOCALES):
        return None
    if "zh-Hant" not in out:
        out["zh-Hant"] = _RULES.get().hant(out["zh-Hans"])
    return {locale: out[locale] for locale in LOCALES}


def text_field(f: Fields, key: str, required: bool = True) -> dict[str, str] | None:
    value = f.raw(key, required, "expected a text map with zh-Hans and en")
    if value is MISSING or key not in f.data:
        return None
    return check_text(f.at_key(key), value)


def _names_problem(text: str, names: tuple[str, ...]) -> str | None:
    expected = one_of("{%s}" % n for n in names) if names else "expected no braces: this game has no names"
    bad = [n for n in _NAME.findall(text) if n not in names]
    if bad:
        return f"unknown name placeholder '{{{bad[0]}}}' ({expected})"
    if set("{}") & set(_NAME.sub("", text)):
        return f"unpaired brace (braces hold only a name placeholder, {expected})"
    return None


def has_names(text: dict[str, str]) -> bool:
    return any(_NAME.search(v) for v in text.values())


def fill_names(obj: Any, table: dict[str, dict[str, str]]) -> None:
    """Replace every `{name}` placeholder in the text maps under `obj`
    (content objects, their effect steps and option labels) by `table`'s
    text for that name in the same locale, in place. A name the table lacks
    stays as written (the load reports the missing entry)."""
    if isinstance(obj, dict):
        if set(obj) == set(LOCALES) and all(isinstance(v, str) for v in obj.values()):
            for locale, text in obj.items():
                obj[locale] = _NAME.sub(lambda m: table.get(m.group(1), {}).get(locale, m.group(0)), text)
            return
        for value in obj.values():
            fill_names(value, table)
    elif isinstance(obj, list):
        for value in obj:
            fill_names(value, table)
    elif hasattr(obj, "__dataclass_fields__"):
        for name in obj.__dataclass_fields__:
            fill_names(getattr(obj, name), table)
