"""Haunts and the haunt chart (R-HAUNT-2/3).

The chart must give a haunt for every omen × omen-room pair: the engine
looks the haunt up the moment a haunt roll fails, and a gap there would
stop the game with no rule to fall back on.
"""
from __future__ import annotations

from typing import Any

from pipeline.content.context import Context, art_field, where_of
from pipeline.content.fields import At, Fields, ID_RE, check_id, check_int, one_of, unique_members
from .model import TRAITS, Haunt, HauntChart, HauntRules, HauntTrack, MonsterSpec, TraitorRule
from pipeline.content.texts import text_field

from ..engine.haunt import WIN_CONDITIONS

TRAITOR_RULES = ("revealer", "left_of_revealer", "highest_trait", "lowest_trait",
                 "oldest", "youngest", "none")
NEEDS_TRAIT = ("highest_trait", "lowest_trait")
MONSTER_STARTS = ("revealer", "traitor")
TRACK_WINNERS = ("heroes", "traitor")
ORDERS = ("standard", "traitor_first")


def _traitor(at: At, value: Any) -> TraitorRule | None:
    f = Fields(at, value, ("rule", "trait", "except_revealer"))
    if not f.ok:
        return None
    rule = f.enum("rule", TRAITOR_RULES, "traitor rule")
    trait = f.enum("trait", TRAITS, "trait", required=rule in NEEDS_TRAIT)
    if rule is not None and rule not in NEEDS_TRAIT and f.has("trait"):
        f.at_key("trait").error(f"rule '{rule}' takes no trait (expected trait only with "
                                f"{' or '.join(NEEDS_TRAIT)})")
    except_revealer = f.bool("except_revealer")
    f.close()
    if rule is None or (rule in NEEDS_TRAIT and trait is None):
        return None
    return TraitorRule(rule, trait, except_revealer)


def _monster(at: At, value: Any, ctx: Context) -> MonsterSpec | None:
    f = Fields(at, value, ("id", "name", "count", "traits", "start", "carries_items", "attackable_with"))
    if not f.ok:
        return None
    monster_id = f.id()
    name = text_field(f, "name")
    count = f.int("count", minimum=1)
    traits: dict[str, int] = {}
    if f.has("traits"):
        t = Fields(f.at_key("traits"), f.data["traits"], TRAITS)
        for trait in TRAITS:
            if t.has(trait) and check_int(t.at_key(trait), t.data[trait], 0) is not None:
                traits[trait] = t.data[trait]
        t.close()
    else:
        f.require("traits", "expected a map of fixed trait values")
    start = f.str("start")
    if start is not None:
        ctx.refs.add(f.at_key("start"), start, "rooms", "room", also=MONSTER_STARTS)
    carries_items = f.bool("carries_items")
    attackable_with = _attackable_with(f, traits)
    f.close()
    if None in (monster_id, name, count, start):
        return None
    return MonsterSpec(monster_id, name, count, traits, start, carries_items, attackable_with)


def _attackable_with(f: Fields, traits: dict[str, int]) -> list[str]:
    """R-FIGHT-4: a haunt may let heroes attack a monster with another trait
    than Might; the monster must have that trait to defend with."""
    items, ats = f.list("attackable_with", required=False, expected="expected a list of traits")
    out = []
    for trait in unique_members(f.at_key("attackable_with"), items, ats, TRAITS, "trait"):
        at = ats[items.index(trait)]
        if trait == "might":
            at.error("might is always allowed (expected only traits besides might)")
        elif trait not in traits:
            at.error(f"the monster has no {trait} to defend with (R-FIGHT-4; expected one of its traits: "
                     f"{', '.join(t for t in traits if t != 'might') or 'none besides might'})")
        else:
            out.append(trait)
    return out


def _track(at: At, value: Any) -> HauntTrack | None:
    """R-HAUNT-9: a track only when the haunt says so, with an end and a winner."""
    f = Fields(at, value, ("end", "winner"))
    if not f.ok:
        return None
    end = f.int("end", minimum=1)
    winner = f.enum("winner", TRACK_WINNERS, "winner")
    f.close()
    if None in (end, winner):
        return None
    return HauntTrack(end, winner)


def _rules(at: At, value: Any, traitor: TraitorRule | None) -> HauntRules | None:
    """R-AUTH-1: each key replaces one general rule. A rule that only
    concerns the traitor is refused in a haunt that has none: it could
    never apply, and the author plainly meant something else."""
    f = Fields(at, value, ("allies_attack", "order", "monsters_can_win"))
    if not f.ok:
        return None
    allies_attack = f.bool("allies_attack")
    order = f.enum("order", ORDERS, "turn order", required=False, default="standard")
    monsters_can_win, ok = None, order is not None
    if f.has("monsters_can_win"):
        monsters_can_win = f.bool("monsters_can_win", default=None)
        ok = ok and monsters_can_win is not None
    if traitor is not None and traitor.rule == "none":
        if order == "traitor_first":
            f.at_key("order").error("traitor_first, but this haunt has no traitor (R-HAUNT-8; "
                                    "expected standard, or a traitor rule other than none)")
            ok = False
        if monsters_can_win is not None:
            f.at_key("monsters_can_win").error(
                "only matters once the traitor is dead, but this haunt has no traitor "
                "(R-HAUNT-8; expected no monsters_can_win, or a traitor rule other than none)")
            ok = False
    f.close()
    return HauntRules(allies_attack, order, monsters_can_win) if ok else None


def _condition(f: Fields, key: str) -> str | None:
    """R-HAUNT-10: one of the conditions the engine checks (any other would never be met)."""
    value = f.str(key)
    if value is not None and not ID_RE.match(value):
        f.at_key(key).wrong(value, "expected a condition name in lower_snake_case, e.g. traitor_dead")
        return None
    if value is not None and value not in WIN_CONDITIONS:
        f.at_key(key).error(f"unknown win condition '{value}' (R-HAUNT-10: it would never be met; "
                            f"{one_of(WIN_CONDITIONS)})")
        return None
    return value


def read_haunt(at: At, data: Any, ctx: Context) -> Haunt | None:
    f = Fields(at, data, ("id", "title", "art", "traitor", "monsters", "heroes_win",
                          "traitor_wins", "heroes_text", "traitor_text", "track", "rules"))
    if not f.ok:
        return None
    haunt_id = f.id()
    title = text_field(f, "title")
    art = art_field(f)
    traitor = None
    if f.require("traitor", f"expected {{rule}}, rule {one_of(TRAITOR_RULES)}"):
        traitor = _traitor(f.at_key("traitor"), f.data["traitor"])
    items, ats = f.list("monsters", required=False, expected="expected a list of monsters")
    monsters, seen = [], set()
    for item, m_at in zip(items, ats):
        monster = _monster(m_at, item, ctx)
        if monster is None:
            continue
        if monster.id in seen:
            m_at.key("id", m_at.line).error(f"duplicate monster id '{monster.id}' "
                                            "(expected each monster id once per haunt)")
            continue
        seen.add(monster.id)
        monsters.append(monster)
    if traitor is not None and traitor.rule == "none":
        for monster, m_at in zip(items, ats):
            if isinstance(monster, dict) and monster.get("start") == "traitor":
                m_at.key("start", monster.line_of("start")).error(
                    "starts with the traitor, but this haunt has no traitor (R-HAUNT-3; "
                    "expected revealer or a room id)")
    heroes_win = _condition(f, "heroes_win")
    traitor_wins = _condition(f, "traitor_wins")
    heroes_text = text_field(f, "heroes_text")
    traitor_text = text_field(f, "traitor_text")
    track = _track(f.at_key("track"), f.data["track"]) if f.has("track") else None
    rules = _rules(f.at_key("rules"), f.data["rules"], traitor) if f.has("rules") else HauntRules()
    f.close()
    if None in (haunt_id, title, art, traitor, heroes_win, traitor_wins, heroes_text, traitor_text,
                rules) or (f.has("track") and track is None):
        return None
    if len(monsters) != len(items):
        return None
    return Haunt(id=haunt_id, title=title, traitor=traitor, heroes_text=heroes_text,
                 traitor_text=traitor_text, monsters=monsters, heroes_win=heroes_win,
                 traitor_wins=traitor_wins, art=art, track=track, rules=rules, where=where_of(at))


def _id_list(f: Fields, key: str, kinds: str, what: str, ctx: Context) -> list[str]:
    items, ats = f.list(key, expected=f"expected a list of {what} ids")
    out = []
    for item, at in zip(items, ats):
        if check_id(at, item) is None:
            continue
        if item in out:
            at.error(f"repeated {what} '{item}' (expected each {what} once)")
            continue
        ctx.refs.add(at, item, kinds, what)
        out.append(item)
    return out


def read_chart(at: At, data: Any, ctx: Context) -> HauntChart | None:
    f = Fields(at, data, ("omens", "rooms", "cells"))
    if not f.ok:
        return None
    omens = _id_list(f, "omens", "omens", "omen", ctx)
    rooms = _id_list(f, "rooms", "rooms", "room", ctx)
    cells: dict[str, dict[str, str]] = {}
    if f.require("cells", "expected a map room id → {omen id: haunt id}"):
        c = Fields(f.at_key("cells"), f.data["cells"], rooms)
        _extra_keys(c, rooms, "room", "rooms")
        for room in rooms:
            if not c.has(room):
                c.at.key(room, c.at.line).error(
                    f"no row for room '{room}' (expected a haunt for every omen in that room)")
                continue
            row = Fields(c.at_key(room), c.data[room], omens)
            _extra_keys(row, omens, "omen", "omens")
            cells[room] = {}
            for omen in omens:
                if not row.has(omen):
                    row.at.key(omen, row.at.line).error(
                        f"no haunt for omen '{omen}' in room '{room}' (expected a haunt id)")
                    continue
                haunt = row.data[omen]
                if check_id(row.at_key(omen), haunt) is not None:
                    ctx.refs.add(row.at_key(omen), haunt, "haunts", "haunt")
                    cells[room][omen] = haunt
    f.close()
    ctx.later(lambda rs: _check_chart_covers(f, rs))
    return HauntChart(omens=omens, rooms=rooms, cells=cells, where=where_of(at))


def _extra_keys(f: Fields, allowed: list[str], what: str, listed: str) -> None:
    """Cells keyed by an id the chart does not list: their haunt could never be looked up."""
    for key in f.data:
        if key not in allowed:
            f.at.key(str(key), f.data.key_lines.get(key, f.at.line)).error(
                f"{what} '{key}' is not in haunt_chart.{listed} "
                f"(expected one of {', '.join(allowed) or 'nothing listed'})")


def _check_chart_covers(f: Fields, rs) -> None:
    """Every omen is a column and every omen room a row (R-HAUNT-2)."""
    chart = rs.haunt_chart
    if chart is None:
        return
    for omen in sorted(set(rs.omens) - set(chart.omens)):
        f.at_key("omens").error(f"omen '{omen}' has no column (expected every omen card in the chart)")
    omen_rooms = {r.id for r in rs.rooms.values() if r.icon == "omen"}
    for room in sorted(omen_rooms - set(chart.rooms)):
        f.at_key("rooms").error(f"omen room '{room}' has no row (expected every room with icon omen)")
    for room in sorted(set(chart.rooms) & set(rs.rooms) - omen_rooms):
        f.at_key("rooms").error(f"room '{room}' has icon {rs.rooms[room].icon} "
                                "(expected only rooms with icon omen, where omens are drawn)")
