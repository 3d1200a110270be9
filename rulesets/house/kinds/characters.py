"""Characters: two sides, each with four trait tracks (R-SETUP-2/3).

A track is 8 values from lowest to highest; the clip starts at a 0-based
index. A decreasing track would make "gain a step" lower a trait, so the
order is checked, not assumed.
"""
from __future__ import annotations

import re
from typing import Any

from pipeline.content.context import Context, art_field, where_of
from pipeline.content.fields import At, Fields, check_int
from .model import TRAITS, Character, CharacterSide, Trait
from pipeline.content.texts import text_field

TRACK_LENGTH = 8
COLOR_RE = re.compile(r"^#[0-9a-fA-F]{6}$")


def _trait(at: At, value: Any) -> Trait | None:
    f = Fields(at, value, ("track", "start"))
    if not f.ok:
        return None
    items, ats = f.list("track", expected=f"expected a list of {TRACK_LENGTH} values")
    start = f.int("start", minimum=0, maximum=TRACK_LENGTH - 1)
    f.close()
    if not f.has("track") or not isinstance(f.data["track"], list):
        return None
    if len(items) != TRACK_LENGTH:
        f.at_key("track").error(f"{len(items)} values (expected {TRACK_LENGTH}, lowest first)")
        return None
    values = [check_int(a, v, 0) for v, a in zip(items, ats)]
    if None in values:
        return None
    for i in range(1, TRACK_LENGTH):
        if values[i] < values[i - 1]:
            ats[i].error(f"{values[i]} after {values[i - 1]} (expected non-decreasing values, "
                         "lowest first)")
            return None
    if start is None:
        return None
    return Trait(values, start)


def _side(at: At, value: Any) -> CharacterSide | None:
    f = Fields(at, value, ("name", "age", "bio", "traits", "art"))
    if not f.ok:
        return None
    art = art_field(f) if f.has("art") else ""
    name = text_field(f, "name")
    age = f.int("age", minimum=0)
    bio = text_field(f, "bio")
    traits: dict[str, Trait] = {}
    if f.require("traits", "expected a map of might, speed, knowledge, sanity"):
        t = Fields(f.at_key("traits"), f.data["traits"], TRAITS)
        for trait in TRAITS:
            if t.require(trait, "expected {track, start}"):
                parsed = _trait(t.at_key(trait), t.data[trait])
                if parsed:
                    traits[trait] = parsed
        t.close()
    f.close()
    if None in (name, age, bio, art) or len(traits) != len(TRAITS):
        return None
    return CharacterSide(name, age, bio, traits, art)


def read_character(at: At, data: Any, ctx: Context) -> Character | None:
    f = Fields(at, data, ("id", "color", "art", "sides"))
    if not f.ok:
        return None
    char_id = f.id()
    color = f.str("color")
    if color is not None and not COLOR_RE.match(color):
        f.at_key("color").wrong(color, "expected a colour like \"#c0392b\"")
        color = None
    art = art_field(f)
    items, ats = f.list("sides", expected="expected a list of two sides")
    if f.has("sides") and isinstance(f.data["sides"], list) and len(items) != 2:
        f.at_key("sides").error(f"{len(items)} side(s) (expected exactly two, R-SETUP-2)")
    sides = [_side(a, v) for v, a in zip(items, ats)]
    f.close()
    if None in (char_id, color, art) or len(sides) != 2 or None in sides:
        return None
    return Character(id=char_id, color=color, art=art, sides=sides, where=where_of(at))
