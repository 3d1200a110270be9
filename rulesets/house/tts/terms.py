"""The table labels the save needs that are not content.

Trait and floor names are content (`rulesets/house/content/terms.yaml`,
compiled into the content's `terms`), shared with the rules server; `term`
looks there first, then in the house words' `table` group.
"""
from __future__ import annotations

from kit.words import catalog

from .. import INFO


def term(key: str, locale: str, content_terms: dict | None = None) -> str:
    found = (content_terms or {}).get(key)
    if found:
        return found[locale]
    return catalog(INFO.folder).get(f"table.{key}", locale)
