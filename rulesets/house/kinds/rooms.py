"""Room tiles: floors, doors, icon, start cell, links and special kinds.

The special kinds (R-SPECIAL-1..9) carry the numbers the engine needs; each
kind has its own required fields, so a room cannot say `kind: hazard` and
forget its damage.
"""
from __future__ import annotations

from typing import Any

from pipeline.content.context import Context, art_field, where_of
from .steps import check_damage
from pipeline.content.fields import At, Fields, check_enum, check_int, one_of, unique_members
from .model import DECKS, FLOORS, ICONS, SIDES, SPECIAL_KINDS, TRAITS, Link, Room, Special, StartPlacement
from pipeline.content.texts import text_field

ROOM_FIELDS = ("id", "name", "floors", "doors", "windows", "icon", "art", "special", "text",
               "start", "links")
ROTATIONS = (0, 90, 180, 270)
ELEVATOR_STOPS = ("basement_hurt", "basement", "ground", "upper", "any")
EMPTY_TEXT = {"zh-Hans": "", "zh-Hant": "", "en": ""}


def _target(f: Fields) -> dict:
    return {"trait": f.enum("trait", TRAITS, "trait"), "target": f.int("target", minimum=1)}


def _damage(f: Fields, key: str = "damage", nullable: bool = False):
    if nullable and f.has(key) and f.data[key] is None:
        return None
    value = f.raw(key, True, "expected {kind, amount} or {kind, dice}" + (" or null" if nullable else ""))
    if key not in f.data:
        return None
    return check_damage(f.at_key(key), value)


def _on_fail(f: Fields):
    expected = "expected end_movement or {lose: {trait, steps}}"
    value = f.raw("on_fail", True, expected)
    if "on_fail" not in f.data:
        return None
    at = f.at_key("on_fail")
    if value == "end_movement":
        return value
    if isinstance(value, dict) and set(value) == {"lose"}:
        lose = Fields(at.key("lose", value.line_of("lose")), value["lose"], ("trait", "steps"))
        result = {"lose": {"trait": lose.enum("trait", TRAITS, "trait"),
                           "steps": lose.int("steps", minimum=1)}}
        lose.close()
        return result
    at.wrong(value, expected)
    return None


def _draws(f: Fields) -> list[dict]:
    items, ats = f.list("draws", expected="expected a list of {deck, count}")
    out = []
    for item, at in zip(items, ats):
        d = Fields(at, item, ("deck", "count"))
        out.append({"deck": d.enum("deck", DECKS, "deck"), "count": d.int("count", minimum=1)})
        d.close()
    return out


def _elevator(f: Fields) -> dict:
    dice = f.int("dice", minimum=1)
    table_value = f.raw("table", True, "expected a map from each dice total to a stop")
    table: dict[int, str] = {}
    if "table" in f.data:
        t = Fields(f.at_key("table"), table_value, ())
        for key, value in t.data.items():
            key_at = t.at_key(key)
            if check_int(key_at, key, 0) is not None and check_enum(key_at, value, ELEVATOR_STOPS, "stop"):
                table[key] = value
        if dice is not None and t.ok:
            totals = set(range(0, 2 * dice + 1))
            missing = sorted(totals - set(table))
            extra = sorted(k for k in table if k not in totals)
            if missing:
                t.at.error(f"no stop for total(s) {', '.join(map(str, missing))} "
                           f"(expected one stop for every total 0..{2 * dice} of {dice} dice)")
            if extra:
                t.at.error(f"total(s) {', '.join(map(str, extra))} cannot be rolled with {dice} dice "
                           f"(expected totals 0..{2 * dice})")
    return {"dice": dice, "table": dict(sorted(table.items()))}


def _boon(f: Fields) -> dict:
    items, ats = f.list("traits", expected="expected a list of traits (the player picks one)")
    return {"traits": unique_members(f.at_key("traits"), items, ats, TRAITS, "trait", allow_empty=False),
            "steps": f.int("steps", minimum=1)}


# kind → (fields besides kind, reader)
SPECIALS = {
    "chute": ((), lambda f: {}),
    "unstable_floor": (("trait", "target", "damage"), lambda f: {**_target(f), "damage": _damage(f)}),
    "crossing": (("trait", "target"), _target),
    "leaving_check": (("trait", "target", "on_fail"), lambda f: {**_target(f), "on_fail": _on_fail(f)}),
    "boon": (("traits", "steps"), _boon),
    "locked_store": (("trait", "target", "draws"), lambda f: {**_target(f), "draws": _draws(f)}),
    "elevator": (("dice", "table"), _elevator),
    "drop_through": (("to", "damage"), lambda f: {"to": f.str("to"), "damage": _damage(f, nullable=True)}),
    "hazard": (("damage",), lambda f: {"damage": _damage(f)}),
}
assert tuple(SPECIALS) == SPECIAL_KINDS


def _special(at: At, value: Any, room_id: str | None, ctx: Context) -> Special | None:
    if not isinstance(value, dict):
        at.wrong(value, "expected a mapping with kind and its fields")
        return None
    if "kind" not in value:
        at.key("kind", at.line).error(f"missing required field ({one_of(SPECIAL_KINDS)})")
        return None
    kind = check_enum(at.key("kind", value.line_of("kind")), value["kind"], SPECIAL_KINDS,
                      "special kind")
    if kind is None:
        return None
    allowed, reader = SPECIALS[kind]
    f = Fields(at, value, ("kind",) + allowed)
    params = reader(f)
    f.close()
    if kind == "drop_through" and params.get("to"):
        ctx.refs.add(f.at_key("to"), params["to"], "rooms", "room")
        ctx.later(lambda rs: _check_drop(f.at_key("to"), room_id, params["to"], rs))
    if kind == "chute":
        ctx.later(lambda rs: _check_chute(at, rs))
    return Special(kind, params)


def _check_basement_unlinked(at: At, room_id: str | None, links: list[Link], rs) -> None:
    """R-MOVE-6: nothing connects the basement's starting room to the rest at start.

    A tile found later may link to the ground floor (it is discovered first);
    a starting room may not link to or from the basement's starting room.
    """
    room = rs.rooms.get(room_id)
    if room is None or room.start is None:
        return
    for link in links:
        other = rs.rooms.get(link.to)
        if other is None or other.start is None:
            continue
        if "basement" in (room.start.floor, other.start.floor) and room.start.floor != other.start.floor:
            at.error(f"starting rooms '{room_id}' and '{link.to}' are linked, so the basement is "
                     "reachable at the start (R-MOVE-6; expected no link between the basement's "
                     "starting room and another floor's)")


def _check_drop(at: At, room_id: str | None, to: str, rs) -> None:
    """R-SPECIAL-8: the target lies one floor below a floor of this room."""
    room, target = rs.rooms.get(room_id), rs.rooms.get(to)
    if room is None or target is None:
        return
    below = {FLOORS[FLOORS.index(fl) - 1] for fl in room.floors if fl != FLOORS[0]}
    if not below & set(target.floors):
        at.error(f"room '{to}' lies on {', '.join(target.floors)} "
                 f"(expected a room one floor below {', '.join(room.floors)}: "
                 f"{', '.join(sorted(below)) or 'none, this room is in the basement'})")


def _check_chute(at: At, rs) -> None:
    """R-SPECIAL-1: a chute lands on the basement's starting room."""
    if not any(r.start and r.start.floor == "basement" for r in rs.rooms.values()):
        at.error("a chute needs a basement starting room to land on (expected a room with start on basement)")


def _start(at: At, value: Any, floors: list[str]) -> StartPlacement | None:
    f = Fields(at, value, ("floor", "x", "y", "rotation"))
    if not f.ok:
        return None
    floor = f.enum("floor", FLOORS, "floor")
    x, y = f.int("x"), f.int("y")
    rotation = f.enum("rotation", ROTATIONS, "rotation", required=False, default=0)
    f.close()
    if floor and floors and floor not in floors:
        f.at_key("floor").error(f"start floor '{floor}' is not among the room's floors "
                                f"(expected one of {', '.join(floors)})")
    if None in (floor, x, y, rotation):
        return None
    return StartPlacement(floor, x, y, rotation)


def _links(f: Fields, room_id: str | None, ctx: Context) -> list[Link]:
    items, ats = f.list("links", required=False, expected="expected a list of {to}")
    links = []
    for item, at in zip(items, ats):
        lf = Fields(at, item, ("to", "kind"))
        to = lf.str("to")
        kind = lf.enum("kind", ("stairs",), "link kind", required=False, default="stairs")
        lf.close()
        if to is None:
            continue
        if to == room_id:
            lf.at_key("to").error(f"room '{to}' links to itself (expected another room)")
            continue
        ctx.refs.add(lf.at_key("to"), to, "rooms", "room")
        links.append(Link(to, kind))
    return links


def read_room(at: At, data: Any, ctx: Context) -> Room | None:
    f = Fields(at, data, ROOM_FIELDS)
    if not f.ok:
        return None
    room_id = f.id()
    name = text_field(f, "name")
    floor_items, floor_ats = f.list("floors", expected=f"expected a list from {', '.join(FLOORS)}")
    floors = unique_members(f.at_key("floors"), floor_items, floor_ats, FLOORS, "floor",
                            allow_empty=not f.is_list("floors"))
    door_items, door_ats = f.list("doors", expected="expected a list from N, E, S, W")
    doors = unique_members(f.at_key("doors"), door_items, door_ats, SIDES, "side",
                           allow_empty=not f.is_list("doors"))
    win_items, win_ats = f.list("windows", required=False, expected="expected a list from N, E, S, W")
    windows = unique_members(f.at_key("windows"), win_items, win_ats, SIDES, "side")
    for side in windows:
        if side in doors:
            f.at_key("windows").error(f"side {side} has both a door and a window "
                                      "(expected a door or a window on each side, not both)")
            windows = []
            break
    icon = f.enum("icon", ICONS, "icon")
    art = art_field(f)
    text = text_field(f, "text", required=False) if f.has("text") else dict(EMPTY_TEXT)
    special = _special(f.at_key("special"), f.data["special"], room_id, ctx) \
        if f.has("special") and f.data["special"] is not None else None
    start = _start(f.at_key("start"), f.data["start"], floors) if f.has("start") else None
    links = _links(f, room_id, ctx)
    if links:
        links_at = f.at_key("links")
        ctx.later(lambda rs: _check_basement_unlinked(links_at, room_id, links, rs))
    f.close()
    if None in (room_id, name, icon, art, text) or not floors or not doors:
        return None
    if f.has("start") and start is None:
        return None
    return Room(id=room_id, name=name, floors=floors, doors=doors, windows=windows, icon=icon,
                text=text, art=art, special=special, start=start, links=links, where=where_of(at))
