"""Locales, and the word catalogs every layer reads its texts from.

`LOCALES` is the one list of languages: adding a locale touches this tuple
and the catalogs only. A catalog is a YAML file of keys (nested groups
allowed, joined with dots: `narrate.card_drawn`), each a text per locale:
`{zh-Hans: …, en: …}`, zh-Hant converted from zh-Hans with the game's
glossary unless written by hand, exactly as content texts are. A text may
hold `{field}` placeholders, or be a list (one text per item). The shared
catalog (`kit/words.yaml`) holds what every game says (protocol refusals,
the connect panel); a ruleset's (`rulesets/<name>/words.yaml`) adds its own
and wins on a shared key.
"""
from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import yaml

LOCALES = ("zh-Hans", "zh-Hant", "en")
AUTHORED_LOCALES = ("zh-Hans", "en")     # written by hand; zh-Hant is converted unless given
SHARED = Path(__file__).with_name("words.yaml")


class WordsError(ValueError):
    pass


def _is_text(node: Any) -> bool:
    return isinstance(node, dict) and bool(node) and set(node) <= set(LOCALES)


def _flatten(node: Any, prefix: str, out: dict[str, dict], where: str) -> None:
    if _is_text(node):
        missing = [loc for loc in AUTHORED_LOCALES if loc not in node]
        if missing:
            raise WordsError(f"{where}: {prefix}: no {', '.join(missing)} text (expected zh-Hans and en)")
        out[prefix] = dict(node)
        return
    if not isinstance(node, dict):
        raise WordsError(f"{where}: {prefix or '-'}: expected a group of keys or a text per locale")
    for key, value in node.items():
        _flatten(value, f"{prefix}.{key}" if prefix else str(key), out, where)


class Catalog:
    """Texts by key, every locale filled in."""

    def __init__(self, entries: dict[str, dict[str, Any]]):
        self.entries = entries

    def __contains__(self, key: str) -> bool:
        return key in self.entries

    def raw(self, key: str) -> dict[str, Any]:
        try:
            return self.entries[key]
        except KeyError:
            raise KeyError(f"no words for {key!r}") from None

    def get(self, key: str, locale: str, **fields: Any) -> Any:
        value = self.raw(key)[locale]
        return value.format(**fields) if fields and isinstance(value, str) else value

    def text(self, key: str, **fields: Any) -> dict[str, str]:
        """The text of `key` in every locale, placeholders filled. A field
        given as a text per locale (a card's title, a seat's name) fills each
        locale with its own."""
        entry = self.raw(key)
        if not fields:
            return {loc: entry[loc] for loc in LOCALES}
        return {loc: entry[loc].format(**{k: _in(v, loc) for k, v in fields.items()}) for loc in LOCALES}

    def group(self, prefix: str) -> dict[str, dict[str, Any]]:
        """Every text under `prefix.`, keyed by the rest of its key."""
        cut = len(prefix) + 1
        return {k[cut:]: v for k, v in self.entries.items() if k.startswith(prefix + ".")}

    def tree(self, prefix: str) -> dict[str, Any]:
        """The texts under `prefix` as nested groups: tree("render")["deck"]["event"]
        is {locale: text}."""
        out: dict[str, Any] = {}
        for key, entry in self.group(prefix).items():
            *path, last = key.split(".")
            node = out
            for part in path:
                node = node.setdefault(part, {})
            node[last] = entry
        return out

    def locale(self, locale: str, prefix: str = "") -> dict[str, Any]:
        """`key → text` in one locale (the Lua's config)."""
        cut = len(prefix) + 1 if prefix else 0
        return {k[cut:]: v[locale] for k, v in self.entries.items() if not prefix or k.startswith(prefix + ".")}


def _in(value: Any, locale: str) -> Any:
    """One locale of a per-locale text; anything else as it is."""
    if isinstance(value, dict) and set(value) & set(LOCALES):
        return value.get(locale, value.get("en", ""))
    return value


def _fill_hant(entries: dict[str, dict], glossary: Path | None) -> None:
    from .hant import converter
    convert = converter(glossary)
    for entry in entries.values():
        if "zh-Hant" not in entry:
            hans = entry["zh-Hans"]
            entry["zh-Hant"] = [convert(t) for t in hans] if isinstance(hans, list) else convert(hans)


def read(path: Path, glossary: Path | None = None) -> dict[str, dict]:
    data = yaml.safe_load(Path(path).read_text(encoding="utf-8")) or {}
    entries: dict[str, dict] = {}
    _flatten(data, "", entries, str(path))
    _fill_hant(entries, glossary)
    return entries


@functools.lru_cache(maxsize=16)
def catalog(folder: Path | None = None) -> Catalog:
    """The shared words plus those of the ruleset in `folder` (its
    `words.yaml`, zh-Hant converted with its `glossary.yaml`)."""
    entries = read(SHARED)
    if folder is not None:
        folder = Path(folder)
        own = folder / "words.yaml"
        if own.is_file():
            glossary = folder / "glossary.yaml"
            entries.update(read(own, glossary if glossary.is_file() else None))
    return Catalog(entries)
