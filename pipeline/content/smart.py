"""English smart typography, applied where texts are compiled, so the cards,
the rules server's words and the saves all print the same thing:
curly quotes and apostrophes, en dashes in number ranges ("0–3"), a spaced
hyphen as an en dash, three dots as an ellipsis. Authors keep typing plain
ASCII; a text that already has typographic marks is left as it is.
"""
from __future__ import annotations

import re

_RANGE = re.compile(r"(?<![\w.])([+\-]?\d+)-(\d+)(?![\w])")
_OPEN_CONTEXT = set(" \t\n([{—–/*")


def _quotes(text: str) -> str:
    out = []
    for i, ch in enumerate(text):
        prev = text[i - 1] if i else ""
        nxt = text[i + 1] if i + 1 < len(text) else ""
        if ch == '"':
            out.append("“" if not prev or prev in _OPEN_CONTEXT or prev in "“‘" else "”")
        elif ch == "'":
            if prev.isalnum() and (nxt.isalpha() or not nxt or not nxt.isalnum()):
                out.append("’")          # don't, Rosa's, the boys'
            elif (not prev or prev in _OPEN_CONTEXT or prev == "“") and nxt.isalnum():
                out.append("‘")
            else:
                out.append("’")
        else:
            out.append(ch)
    return "".join(out)


def english(text: str) -> str:
    text = text.replace("...", "…")
    text = _RANGE.sub(lambda m: f"{m.group(1)}–{m.group(2)}", text)
    text = text.replace(" - ", " – ")
    return _quotes(text)


LOCALE_RULES = {"en": english}


def apply(locale: str, text: str) -> str:
    rule = LOCALE_RULES.get(locale)
    return rule(text) if rule else text
