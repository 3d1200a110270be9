"""The ruleset's game terms outside any card: trait and floor names.

The rules server names them in prompts and in the table's chat, and the TTS
save on trait clips and floor labels; all of them read this one table from
the compiled content, so a mod author renames a trait in one place.
"""
from __future__ import annotations

from typing import Any

from pipeline.content.context import Context
from pipeline.content.fields import At, Fields
from .model import FLOORS, TRAITS
from pipeline.content.texts import has_names, text_field

TRAIT_KEYS = TRAITS
TERM_KEYS = TRAIT_KEYS + tuple(FLOORS)


def read_terms(at: At, data: Any, ctx: Context) -> dict[str, dict[str, str]] | None:
    f = Fields(at, data, TERM_KEYS)
    if not f.ok:
        return None
    out = {}
    for key in TERM_KEYS:
        text = text_field(f, key)
        if text is not None and has_names(text):
            f.at_key(key).error("a term names another term (expected the term's own words, no {name})")
        elif text is not None:
            out[key] = text
    f.close()
    return out
