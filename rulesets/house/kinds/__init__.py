"""The house content kinds: readers, whole-content checks, compile, counts.

`CONTENT` is what the generic loader (`pipeline.content.loader`) asks a
ruleset for. The whole-content checks are house rules: five starting rooms
(R-SETUP-1), an open door left on every floor (R-PLACE-3), a haunt chart
when there are omens (R-HAUNT-2), and the terms naming traits and floors.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from pipeline.content.compile import plain
from pipeline.content.errors import Sink
from pipeline.content.kinds import Kind, Loaded
from pipeline.content.texts import fill_names

from . import stats as _stats
from .cards import read_card
from .characters import read_character
from .haunts import read_chart, read_haunt
from .model import FLOORS, TRAITS, Ruleset
from .placement import floor_budget
from .rooms import read_room
from .terms import read_terms

START_ROOMS = 5      # entrance hall, foyer, grand staircase, upper and basement landing (R-SETUP-1)
LISTS = ("rooms", "events", "items", "omens", "characters", "haunts")
TEXT_TOKENS = ("might", "speed", "knowledge", "sanity", "event", "item", "omen", "die")


class HouseContent:
    kinds = (
        Kind("rooms", "room", read_room),
        Kind("events", "event", read_card("event")),
        Kind("items", "item", read_card("item")),
        Kind("omens", "omen", read_card("omen")),
        Kind("characters", "character", read_character),
        Kind("haunts", "haunt", read_haunt),
        Kind("haunt_chart", "haunt chart", read_chart, single=True),
        Kind("terms", "terms", read_terms, single=True),
    )
    text_tokens = TEXT_TOKENS
    text_names = TRAITS + FLOORS        # {might} … {upper}: filled from terms.yaml
    glossary = Path(__file__).resolve().parents[1] / "glossary.yaml"
    format = 5      # 2: haunts write track, rules and monsters' carries_items; 3: terms; 4: attackable_with; 5: the scenario format (docs/rulesets/haunts.md)

    def make(self, loaded: Loaded) -> Ruleset:
        rs = Ruleset(name=loaded.name, haunt_chart=loaded.singles.get("haunt_chart"),
                     terms=loaded.singles.get("terms") or {}, sources=loaded.sources,
                     **{k: loaded.collections[k] for k in LISTS})
        for kind in LISTS:                  # a floor or trait named in a text is the terms' word
            fill_names(getattr(rs, kind), rs.terms)
        return rs

    def check(self, rs: Ruleset, loaded: Loaded, sink: Sink) -> None:
        if "rooms" not in loaded.failed:
            # Counting doors or starting rooms with a room missing would only
            # add confusing follow-on problems to the one that broke the room.
            _check_starts(rs, loaded.places, sink)
            _check_floors(rs, loaded.places)
        if rs.omens and rs.haunt_chart is None and "haunt_chart" not in loaded.singles:
            first = next(iter(rs.omens.values())).where
            sink.add(first.file, first.line, "haunt_chart", "no haunt chart (expected a file with "
                     "haunt_chart: when the ruleset has omens, R-HAUNT-2)")
        if "terms" not in loaded.singles and loaded.files:
            sink.add(loaded.files[0], 1, "terms", "no terms (expected a file with terms: "
                     "naming the traits and floors in every locale, e.g. rulesets/house/content/terms.yaml)")

    def compile(self, rs: Ruleset) -> dict[str, Any]:
        out: dict[str, Any] = {"haunt_chart": plain(rs.haunt_chart), "terms": rs.terms}
        for kind in LISTS:
            out[kind] = {obj_id: plain(obj) for obj_id, obj in getattr(rs, kind).items()}
        return out

    def stats(self, rs: Ruleset) -> list[str]:
        return _stats.format_stats(rs)

    def summary(self, rs: Ruleset) -> str:
        return f"{len(rs.rooms)} rooms, {sum(len(rs.cards(d)) for d in ('event', 'item', 'omen'))} cards"


CONTENT = HouseContent()


def _check_starts(rs: Ruleset, places: dict, sink: Sink) -> None:
    """R-SETUP-1: exactly five starting rooms, each on its own cell."""
    starts = [r for r in rs.rooms.values() if r.start]
    if not rs.rooms:
        return
    if len(starts) != START_ROOMS:
        first = places[next(iter(rs.rooms))][0]
        names = ", ".join(r.id for r in starts) or "none"
        sink.add(first.file, first.line, "rooms", f"{len(starts)} starting room(s): {names} "
                 f"(expected exactly {START_ROOMS}, R-SETUP-1: entrance hall, foyer, grand "
                 "staircase, upper landing and basement landing, each with start)")
    seen: dict[tuple, str] = {}
    for room in starts:
        cell = (room.start.floor, room.start.x, room.start.y)
        if cell in seen:
            places[room.id][0].key("start", room.where.line).error(
                f"cell {cell[0]} ({cell[1]}, {cell[2]}) is taken by '{seen[cell]}' "
                "(expected a distinct cell for every starting room)")
        else:
            seen[cell] = room.id


def _check_floors(rs: Ruleset, places: dict) -> None:
    """R-PLACE-3 per floor, reported at the floor's first starting room."""
    rooms = list(rs.rooms.values())
    for floor in FLOORS:
        starts = [r for r in rooms if r.start and r.start.floor == floor]
        if not starts:
            continue
        at = places[starts[0].id][0].key("start", starts[0].where.line)
        for message in floor_budget(rooms, floor).problems():
            at.error(message)
