"""`load_ruleset`: every YAML file of a ruleset → one validated `Ruleset`.

A ruleset is the YAML under `cards/<name>/` and `tiles/<name>/`. Each file
is a map with one key naming its kind (`rooms:`, `events:`, …) holding a
list (the chart holds one map). The whole ruleset is read before anything
is judged, so one run reports every problem in every file: syntax, fields,
ids, references and the whole-ruleset checks (starting rooms, chart
coverage, R-PLACE-3).
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from .cards import read_card
from .characters import read_character
from .context import Context
from .errors import ContentError, Sink
from .fields import ID_RE, At, one_of, report_duplicates
from .haunts import read_chart, read_haunt
from .model import FLOORS, Ruleset
from .placement import floor_budget
from .rooms import read_room
from .terms import read_terms
from .yamlsrc import LDict, load_file

CONTENT_DIRS = ("cards", "tiles")
START_ROOMS = 5      # entrance hall, foyer, grand staircase, upper and basement landing (R-SETUP-1)

# kind key in a file → reader of one list item
READERS: dict[str, Callable[[At, Any, Context], Any]] = {
    "rooms": read_room,
    "events": read_card("event"),
    "items": read_card("item"),
    "omens": read_card("omen"),
    "characters": read_character,
    "haunts": read_haunt,
}
SINGLE = {"haunt_chart": read_chart, "terms": read_terms}
KINDS = tuple(READERS) + tuple(SINGLE)
KIND_NOUN = {"rooms": "room", "events": "event", "items": "item", "omens": "omen",
             "characters": "character", "haunts": "haunt"}


def discover_rulesets(root: Path) -> list[str]:
    """Every ruleset name with at least one YAML file under cards/ or tiles/."""
    names = set()
    for top in CONTENT_DIRS:
        base = root / top
        if base.is_dir():
            names.update(d.name for d in base.iterdir() if d.is_dir() and any(d.glob("*.yaml")))
    return sorted(names)


def ruleset_files(root: Path, name: str) -> list[Path]:
    files: list[Path] = []
    for top in CONTENT_DIRS:
        files.extend(sorted((root / top / name).glob("*.yaml")))
    return files


def load_ruleset(root: Path | str, name: str) -> Ruleset:
    """Load and validate one ruleset; raises `ContentError` with every problem."""
    root = Path(root)
    sink = Sink()
    ctx = Context()
    files = ruleset_files(root, name)
    if not files:
        sink.add(f"cards/{name}", 0, "-", "no content files (expected YAML files under "
                 f"cards/{name}/ or tiles/{name}/)")
        sink.raise_if_any()
    collections: dict[str, dict[str, Any]] = {kind: {} for kind in READERS}
    single: dict[str, Any] = {}
    places: dict[str, tuple[At, str]] = {}
    known: dict[str, set[str]] = {kind: set() for kind in READERS}
    failed: set[str] = set()
    sources = []
    for path in files:
        rel = path.relative_to(root).as_posix()
        sources.append(rel)
        before = len(sink.problems)
        data = load_file(path, rel, sink)
        if data is None:
            if len(sink.problems) == before:
                sink.add(rel, 1, "-", f"empty file (expected a map with one of {', '.join(KINDS)})")
            continue
        _read_file(rel, data, sink, ctx, collections, single, places, known, failed)
    ruleset = Ruleset(name=name, haunt_chart=single.get("haunt_chart"), terms=single.get("terms") or {},
                      sources=sources, **collections)
    ctx.refs.resolve(known)
    for check in ctx.checks:
        check(ruleset)
    if "rooms" not in failed:
        # Counting doors or starting rooms with a room missing would only
        # add confusing follow-on problems to the one that broke the room.
        _check_starts(ruleset, places, sink)
        _check_floors(ruleset, places)
    if ruleset.omens and ruleset.haunt_chart is None and "haunt_chart" not in single:
        first = next(iter(ruleset.omens.values())).where
        sink.add(first.file, first.line, "haunt_chart", "no haunt chart (expected a file with "
                 "haunt_chart: when the ruleset has omens, R-HAUNT-2)")
    if "terms" not in single and files:
        sink.add(files[0].relative_to(root).as_posix(), 1, "terms", "no terms (expected a file with terms: "
                 "naming the traits and floors in every locale, e.g. cards/<ruleset>/terms.yaml)")
    sink.raise_if_any()
    return ruleset


def _read_file(rel, data, sink, ctx, collections, single, places, known, failed) -> None:
    top = At(sink, rel, "", getattr(data, "line", 1))
    report_duplicates(top, data)
    if not isinstance(data, dict) or len(data) != 1:
        got = f"{len(data)} keys" if isinstance(data, dict) else "no mapping"
        top.error(f"{got} at the top (expected exactly one key, one of {', '.join(KINDS)})")
        return
    kind, body = next(iter(data.items()))
    kind_line = data.key_lines.get(kind, 1) if isinstance(data, LDict) else 1
    at = At(sink, rel, str(kind), data.line_of(kind) if isinstance(data, LDict) else 1)
    if kind in SINGLE:
        if kind in single:
            at.error(f"a second {kind} (expected one per ruleset)")
            return
        single[kind] = SINGLE[kind](at, body, ctx)
        return
    if kind not in READERS:
        At(sink, rel, str(kind), kind_line).error(f"unknown kind '{kind}' ({one_of(KINDS)})")
        return
    if not isinstance(body, list):
        at.wrong(body, f"expected a list of {kind}")
        return
    for i, item in enumerate(body):
        item_at = at.index(i, body.line_of(i))
        if isinstance(item, dict) and isinstance(item.get("id"), str) and ID_RE.match(item["id"]):
            known[kind].add(item["id"])
        obj = READERS[kind](item_at, item, ctx)
        if obj is None:
            failed.add(kind)
            continue
        if obj.id in places:
            first, first_kind = places[obj.id]
            id_line = item.key_lines.get("id", item_at.line) if isinstance(item, LDict) else item_at.line
            item_at.key("id", id_line).error(
                f"duplicate id '{obj.id}', already used by {KIND_NOUN[first_kind]} "
                f"{first.path} at {first.file}:{first.line} (expected ids unique within the ruleset)")
            continue
        places[obj.id] = (item_at, kind)
        collections[kind][obj.id] = obj


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
