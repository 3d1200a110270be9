"""Locales, and the word catalogs every layer reads its texts from.

`LOCALES` is the one list of languages: adding a locale touches this tuple
and the catalogs only.
"""
from __future__ import annotations

LOCALES = ("zh-Hans", "zh-Hant", "en")
AUTHORED_LOCALES = ("zh-Hans", "en")     # written by hand; zh-Hant is converted unless given
