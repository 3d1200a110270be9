"""Event, item and omen cards, with the item/omen flags the rules read.

Flags are checked for consistency here rather than in the engine: a
`ranged` card that is not a `weapon` would be silently unusable (R-FIGHT-7),
and a defending-use card must be a weapon to mean anything (R-CARD-5).
"""
from __future__ import annotations

from typing import Any

from pipeline.content.context import Context, art_field, where_of
from .steps import check_steps
from pipeline.content.fields import At, Fields, check_enum, check_int
from .model import TRAITS, Card
from pipeline.content.texts import text_field

COMMON = ("id", "title", "text", "art", "effect", "use")
FLAG_FIELDS = ("weapon", "ranged", "usable_when_defending", "attack_trait", "attack_dice",
               "tradeable", "stealable", "droppable", "discard_after_use", "companion",
               "traitor_may_ignore", "trait_bonus")
BOOL_DEFAULTS = {"weapon": False, "ranged": False, "usable_when_defending": False,
                 "tradeable": True, "stealable": True, "droppable": True,
                 "discard_after_use": False, "companion": False, "traitor_may_ignore": False}
OMEN_ONLY = {"companion": "R-CARD-4", "traitor_may_ignore": "R-HAUNT-6"}


def _trait_bonus(f: Fields) -> dict[str, int]:
    if not f.has("trait_bonus"):
        return {}
    t = Fields(f.at_key("trait_bonus"), f.data["trait_bonus"], ())
    out = {}
    for trait, amount in t.data.items():
        at = t.at_key(trait)
        if check_enum(at, trait, TRAITS, "trait") is None:
            continue
        if check_int(at, amount) is None:
            continue
        if amount == 0:
            at.error("a bonus of 0 does nothing (expected a non-zero number of steps)")
            continue
        out[trait] = amount
    return out


def _flags(f: Fields, kind: str) -> dict:
    flags: dict[str, Any] = {name: f.bool(name, default) for name, default in BOOL_DEFAULTS.items()}
    flags["attack_trait"] = f.enum("attack_trait", TRAITS, "trait", required=False, default="might")
    flags["attack_dice"] = f.int("attack_dice", required=False, default=0, minimum=0)
    flags["trait_bonus"] = _trait_bonus(f)
    for flag, rule in OMEN_ONLY.items():
        if kind != "omen" and flags[flag]:
            f.at_key(flag).error(f"only omens may set {flag} ({rule}; expected it on an omen card)")
    if not flags["weapon"]:
        for flag, rule in (("ranged", "R-FIGHT-7"), ("usable_when_defending", "R-CARD-5")):
            if flags[flag]:
                f.at_key(flag).error(f"{flag} needs weapon: true ({rule}; expected weapon: true or "
                                     f"no {flag})")
    return flags


def read_card(kind: str):
    """A reader for one deck: `event`, `item` or `omen`."""
    allowed = COMMON + (("stays",) if kind == "event" else FLAG_FIELDS)

    def read(at: At, data: Any, ctx: Context) -> Card | None:
        f = Fields(at, data, allowed)
        if not f.ok:
            return None
        card_id = f.id()
        title = text_field(f, "title")
        text = text_field(f, "text")
        art = art_field(f)
        effect = check_steps(f.at_key("effect"), f.data.get("effect"), ctx.refs)
        use = check_steps(f.at_key("use"), f.data.get("use"), ctx.refs)
        extra = {"stays": f.bool("stays")} if kind == "event" else _flags(f, kind)
        f.close()
        if None in (card_id, title, text, art) or None in extra.values():
            return None
        return Card(id=card_id, kind=kind, title=title, text=text, art=art, effect=effect, use=use,
                    where=where_of(at), **extra)

    return read
