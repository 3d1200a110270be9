"""The escape content kinds: readers, whole-content checks, compile, counts.

`CONTENT` is what the generic loader (`pipeline.content.loader`) asks a
ruleset for. The whole-content checks are what the engine cannot do
without: a character for each of up to five players (E-KIT-1), at least
four stairs up (E-KIT-4, E-END-2), an infected card that some items can
eliminate (E-KIT-2), and the settings and terms files.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from pipeline.content.compile import plain
from pipeline.content.errors import Sink
from pipeline.content.kinds import Kind, Loaded

from . import stats as _stats
from .cards import read_explore, read_infected, read_item
from .characters import read_character
from .model import Escape
from .settings import read_settings
from .terms import read_terms

LISTS = ("characters", "infected", "items", "explore")
MIN_CHARACTERS = 5       # one per player, up to five (E-KIT-1)
MIN_STAIRS = 4           # E-KIT-4 / E-END-2


class EscapeContent:
    kinds = (
        Kind("characters", "character", read_character),
        Kind("infected", "infected card", read_infected),
        Kind("items", "item", read_item),
        Kind("explore", "explore card", read_explore),
        Kind("settings", "settings", read_settings, single=True, example="rulesets/escape/content/settings.yaml"),
        Kind("terms", "terms", read_terms, single=True, example="rulesets/escape/content/terms.yaml"),
    )
    text_tokens: tuple[str, ...] = ()
    glossary = Path(__file__).resolve().parents[1] / "glossary.yaml"
    format = 1

    def make(self, loaded: Loaded) -> Escape:
        return Escape(name=loaded.name, sources=loaded.sources, settings=loaded.singles.get("settings"),
                      terms=loaded.singles.get("terms") or {}, **{k: loaded.collections[k] for k in LISTS})

    def check(self, c: Escape, loaded: Loaded, sink: Sink) -> None:
        first = loaded.files[0] if loaded.files else "rulesets/escape/content"
        for kind in self.kinds:
            if kind.single and kind.key not in loaded.singles:
                sink.add(first, 1, kind.key, f"no {kind.key} (expected a file with {kind.key}: "
                         f"as in {kind.example})")
        if "characters" not in loaded.failed and len(c.characters) < MIN_CHARACTERS:
            sink.add(first, 1, "characters", f"{len(c.characters)} character(s) (expected at least "
                     f"{MIN_CHARACTERS}: one for each of up to five players, E-KIT-1)")
        stairs = [e for e in c.explore.values() if e.stairs]
        if "explore" not in loaded.failed and len(stairs) < MIN_STAIRS:
            where = next(iter(c.explore.values())).where if c.explore else None
            sink.add(where.file if where else first, where.line if where else 1, "explore",
                     f"{len(stairs)} stairs up (expected at least {MIN_STAIRS}: the fourth ends the game, E-END-2)")
        if "items" not in loaded.failed:
            for inf in c.infected.values():
                hitting = [i for i in c.items.values() if set(i.tags) & set(inf.hit_by)]
                if len(hitting) < inf.hits:
                    sink.add(inf.where.file, inf.where.line, "hit_by",
                             f"{len(hitting)} item(s) tagged {', '.join(inf.hit_by)} for {inf.hits} hit(s) "
                             "(expected enough items to eliminate it, E-KIT-2)")

    def compile(self, c: Escape) -> dict[str, Any]:
        out: dict[str, Any] = {"settings": c.settings, "terms": c.terms}
        for kind in LISTS:
            out[kind] = {obj_id: plain(obj) for obj_id, obj in getattr(c, kind).items()}
        return out

    def stats(self, c: Escape) -> list[str]:
        return _stats.format_stats(c)

    def summary(self, c: Escape) -> str:
        return (f"{len(c.characters)} characters, {len(c.infected)} infected, {len(c.items)} items, "
                f"{len(c.explore)} explore cards")


CONTENT = EscapeContent()
