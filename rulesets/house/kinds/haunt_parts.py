"""The closed lists a haunt is built from: setup steps (R-HAUNT-8), special
rules (R-AUTH-1) and objectives (R-HAUNT-10), docs/rulesets/haunts.md.

Each entry is a one-key map in the YAML and compiles to a flat dict with a
discriminator (`step`, `rule`, `objective`) so the engine reads no prose. A
key outside these lists is refused here: the engine would silently ignore
it, and the haunt would play differently from what its books say.
"""
from __future__ import annotations

from typing import Any

from pipeline.content.fields import At, Fields, check_enum, check_id, check_int, one_of

from .. import INFO
from ..game import TRAITS

PLACES = ("traitor", "revealer", "omen_room", "each_hero")
WHO_TRAIT = ("traitor", "heroes", "revealer", "all")
SIDES = ("heroes", "traitor")
ROOM_WHO = ("heroes", "traitor", "all")
# An escape's count as a share of the heroes, so one haunt asks as much of a table of three as of six.
ESCAPE_SHARES = ("all", "half")
# The table sizes a number may be given for, one each: {3: 2, 4: 2, 5: 3, 6: 3}.
TABLE_SIZES = tuple(range(INFO.players[0], INFO.players[1] + 1))
ATTACK_TARGETS = ("traitor", "heroes", "monsters")
DAMAGE = ("physical", "mental")
ORDERS = ("standard", "traitor_first")

SETUP_STEPS = ("add_room", "monsters", "tokens", "item", "trait")
RULES = ("allies_attack", "order", "monsters_can_win", "attack_with", "destroy", "invulnerable",
         "room_hurts", "room_heals", "weapon", "extra_attack", "stunned_move")
# Rules that replace one general rule as a whole: written twice, one would be ignored.
SINGLE_RULES = ("allies_attack", "order", "monsters_can_win", "stunned_move")
OBJECTIVES = ("traitor_dead", "heroes_dead", "monsters_stunned", "monsters_destroyed", "carry",
              "ritual", "survive", "escape", "collect")
FLAG_OBJECTIVES = ("traitor_dead", "heroes_dead", "survive")


def one_key(at: At, value: Any, choices: tuple, what: str) -> tuple[str | None, Any, At | None]:
    """A one-key map `{name: body}` whose name is one of `choices`."""
    if not isinstance(value, dict) or len(value) != 1:
        at.wrong(value, f"expected a one-key map {{{what}: …}}, {one_of(choices)}")
        return None, None, None
    (name, body), = value.items()
    line = value.key_lines.get(name, at.line) if hasattr(value, "key_lines") else at.line
    key_at = at.key(str(name), line)
    if check_enum(key_at, name, choices, what) is None:
        return None, None, None
    return name, body, key_at


def _true(at: At, body: Any) -> bool:
    if body is not True:
        at.wrong(body, "expected true")
        return False
    return True


def _prefixed(f: Fields, key: str, ctx_refs: list, required: bool = True) -> str | None:
    """`trait:<trait>` or `item:<card>` (and `any` where allowed by the caller)."""
    value = f.str(key, required=required)
    if value is None:
        return None
    if value == "any":
        return value
    kind, _, name = value.partition(":")
    if kind == "trait" and name in TRAITS:
        return value
    if kind == "item" and check_id(f.at_key(key), name) is not None:
        ctx_refs.append((f.at_key(key), name))
        return value
    f.at_key(key).wrong(value, f"expected trait:<one of {', '.join(TRAITS)}> or item:<card id>")
    return None


class Refs:
    """What one haunt's parts name, checked once the whole ruleset is read."""

    def __init__(self):
        self.monster_kinds: list[tuple[At, str]] = []
        self.token_kinds: list[tuple[At, str]] = []
        self.cards: list[tuple[At, str]] = []
        self.rooms: list[tuple[At, str]] = []
        self.places: list[tuple[At, str, tuple[str, ...]]] = []   # (at, room, rooms added before it)
        self.objects: list[tuple[At, str]] = []                   # carry: a card or a token kind
        self.added: list[str] = []
        self.adds: list[tuple[At, str]] = []                      # add_room steps


def read_setup(at: At, value: Any, refs: Refs) -> dict | None:
    name, body, key_at = one_key(at, value, SETUP_STEPS, "setup step")
    if name is None:
        return None
    fields = {"add_room": ("room",), "monsters": ("kind", "count", "at"), "tokens": ("kind", "count", "at"),
              "item": ("card", "at"), "trait": ("who", "trait", "steps")}[name]
    f = Fields(key_at, body, fields)
    if not f.ok:
        return None
    out: dict[str, Any] = {"step": name}
    if name == "add_room":
        room = f.id("room")
        if room is not None:
            if room in refs.added:
                f.at_key("room").error(f"room '{room}' is added twice (expected each room placed once)")
            refs.rooms.append((f.at_key("room"), room))
            refs.adds.append((f.at_key("room"), room))
            refs.added.append(room)
        out["room"] = room
    elif name in ("monsters", "tokens"):
        out["kind"] = f.id("kind")
        out["count"] = by_table(f, "count")
        if out["kind"] is not None:
            (refs.monster_kinds if name == "monsters" else refs.token_kinds).append((f.at_key("kind"), out["kind"]))
    elif name == "item":
        out["card"] = f.id("card")
        if out["card"] is not None:
            refs.cards.append((f.at_key("card"), out["card"]))
    else:
        out["who"] = f.enum("who", WHO_TRAIT, "who")
        out["trait"] = f.enum("trait", TRAITS, "trait")
        steps = f.int("steps", minimum=-8, maximum=8)
        if steps == 0:
            f.at_key("steps").error("0 steps (expected a non-zero number of steps, + up or − down)")
            steps = None
        out["steps"] = steps
    if "at" in fields:
        place = f.str("at")
        if place is not None and place not in PLACES:
            if check_id(f.at_key("at"), place) is not None:
                refs.places.append((f.at_key("at"), place, tuple(refs.added)))
            else:
                place = None
        out["at"] = place
    f.close()
    return None if None in out.values() else out


def read_rule(at: At, value: Any, refs: Refs) -> dict | None:
    name, body, key_at = one_key(at, value, RULES, "rule")
    if name is None:
        return None
    out: dict[str, Any] = {"rule": name}
    if name in ("allies_attack", "stunned_move"):
        return out if _true(key_at, body) else None
    if name == "order":
        out["order"] = check_enum(key_at, body, ORDERS, "turn order")
        return None if out["order"] is None else out
    if name == "monsters_can_win":
        if not isinstance(body, bool):
            key_at.wrong(body, "expected true or false")
            return None
        out["value"] = body
        return out
    if name == "extra_attack":
        f = Fields(key_at, body, ("who",))
        if not f.ok:
            return None
        out["who"] = f.enum("who", SIDES, "side")
        f.close()
        return None if None in out.values() else out
    fields = {"attack_with": ("who", "trait", "target"), "destroy": ("kind", "by"),
              "invulnerable": ("kind", "except"), "room_hurts": ("room", "damage", "amount", "who"),
              "room_heals": ("room", "trait", "who"), "weapon": ("card", "dice", "trait")}[name]
    f = Fields(key_at, body, fields)
    if not f.ok:
        return None
    if name == "attack_with":
        out.update(who=f.enum("who", SIDES, "side"), trait=f.enum("trait", TRAITS, "trait"),
                   target=f.enum("target", ATTACK_TARGETS, "target"))
    elif name in ("destroy", "invulnerable"):
        out["kind"] = f.id("kind")
        if out["kind"] is not None:
            refs.monster_kinds.append((f.at_key("kind"), out["kind"]))
        key = "by" if name == "destroy" else "except"
        out[key] = _prefixed(f, key, refs.cards)
        if out[key] == "any" and name == "invulnerable":
            f.at_key(key).wrong("any", "expected trait:<trait> or item:<card>")
            out[key] = None
    elif name in ("room_hurts", "room_heals"):
        out["room"] = f.id("room")
        if out["room"] is not None:
            refs.rooms.append((f.at_key("room"), out["room"]))
        if name == "room_hurts":
            out.update(damage=f.enum("damage", DAMAGE, "damage kind"), amount=f.int("amount", minimum=1))
        else:
            out["trait"] = f.enum("trait", TRAITS, "trait")
        out["who"] = f.enum("who", ROOM_WHO, "who")
    else:
        out["card"] = f.id("card")
        if out["card"] is not None:
            refs.cards.append((f.at_key("card"), out["card"]))
        out["dice"] = f.int("dice", minimum=0, maximum=8)
        out["trait"] = f.enum("trait", TRAITS, "trait", required=False, default="might")
    f.close()
    return None if None in out.values() else out


def read_objective(at: At, value: Any, refs: Refs, side: str) -> dict | None:
    name, body, key_at = one_key(at, value, OBJECTIVES, "objective")
    if name is None:
        return None
    out: dict[str, Any] = {"objective": name}
    if name in FLAG_OBJECTIVES:
        return out if _true(key_at, body) else None
    if name == "monsters_stunned" and body is True:
        out["kind"] = None
        return out
    fields = {"monsters_stunned": ("kind",), "monsters_destroyed": ("kind",),
              "carry": ("object", "to", "count"), "ritual": ("trait", "target", "room", "successes"),
              "escape": ("room", "count"), "collect": ("kind", "count")}[name]
    f = Fields(key_at, body, fields)
    if not f.ok:
        return None
    if name in ("monsters_stunned", "monsters_destroyed"):
        out["kind"] = f.id("kind")
        if out["kind"] is not None:
            refs.monster_kinds.append((f.at_key("kind"), out["kind"]))
    elif name == "carry":
        out["object"] = f.id("object")
        if out["object"] is not None:
            refs.objects.append((f.at_key("object"), out["object"]))
        out["to"] = _room(f, "to", refs)
        out["count"] = by_table(f, "count", required=False, default=1)
    elif name == "ritual":
        out.update(trait=f.enum("trait", TRAITS, "trait"), target=f.int("target", minimum=1, maximum=48),
                   room=_room(f, "room", refs), successes=by_table(f, "successes", maximum=20))
    elif name == "escape":
        if side != "heroes":
            key_at.error("only heroes escape (expected escape under heroes_win)")
        out["room"] = _room(f, "room", refs)
        count = None
        if f.require("count", "expected all, half or a number of heroes"):
            raw = f.data["count"]
            if raw in ESCAPE_SHARES:
                count = raw
            elif isinstance(raw, str):
                f.at_key("count").wrong(raw, "expected all, half or a number of heroes from 1 to 6")
            else:
                count = f.int("count", minimum=1, maximum=6)
        out["count"] = count
    else:
        out["kind"] = f.id("kind")
        if out["kind"] is not None:
            refs.token_kinds.append((f.at_key("kind"), out["kind"]))
        out["count"] = by_table(f, "count")
    f.close()
    if name == "monsters_stunned":
        return None if out["kind"] is None else out
    return None if None in out.values() else out


def by_table(f: Fields, key: str, minimum: int = 1, maximum: int | None = None, required: bool = True,
             default: int | None = None):
    """A number, or one per table size, so a haunt asks as much of a table of
    three as of six (more heroes take more turns a round: more tries at a
    ritual, more hands to carry). Compiled with the sizes as string keys,
    as JSON keeps them; the engine reads it through `scenario.at_table`."""
    raw = f.data.get(key) if f.ok else None
    if not isinstance(raw, dict):
        return f.int(key, required=required, default=default, minimum=minimum, maximum=maximum)
    sizes = Fields(f.at_key(key), raw, TABLE_SIZES)
    shape = "{" + ", ".join(f"{n}: n" for n in TABLE_SIZES) + "}"
    given = {str(k): k for k in raw}                  # 3 or "3": YAML may quote a key
    if sorted(given, key=lambda k: (len(k), k)) != [str(n) for n in TABLE_SIZES]:
        got = ", ".join(str(k) for k in raw) or "none"
        f.at_key(key).error(f"got table sizes {got} (expected a number, or one for each table size: {shape})")
        return None
    out = {str(n): check_int(sizes.at_key(given[str(n)]), raw[given[str(n)]], minimum, maximum)
           for n in TABLE_SIZES}
    return None if None in out.values() else out


def _room(f: Fields, key: str, refs: Refs) -> str | None:
    room = f.id(key)
    if room is not None:
        refs.rooms.append((f.at_key(key), room))
    return room
