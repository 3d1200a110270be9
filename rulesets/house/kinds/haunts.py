"""Haunts and the haunt chart (R-HAUNT-2/3).

The chart must give a haunt for every omen × omen-room pair: the engine
looks the haunt up the moment a haunt roll fails, and a gap there would
stop the game with no rule to fall back on.
"""
from __future__ import annotations

from typing import Any

from pipeline.content.context import Context, art_field, where_of
from pipeline.content.fields import At, Fields, check_id, check_int, one_of, unique_members
from pipeline.content.texts import text_field

from . import haunt_parts as P
from ..tts.layout import TRACK_SPACES
from .model import TRAITS, Haunt, HauntChart, HauntClock, MonsterSpec, TokenKind, TraitorRule

TRAITOR_RULES = ("revealer", "left_of_revealer", "highest_trait", "lowest_trait",
                 "oldest", "youngest", "none")
NEEDS_TRAIT = ("highest_trait", "lowest_trait")
CLOCK_COUNTS = ("rounds", "hero_damage")
CLOCK_WINNERS = ("heroes", "traitor", "house")
HAUNT_FIELDS = ("id", "title", "art", "traitor", "monsters", "tokens", "setup", "rules", "heroes_win",
                "traitor_wins", "clock", "intro", "heroes_book", "traitor_book")


def _traitor(at: At, value: Any) -> TraitorRule | None:
    f = Fields(at, value, ("rule", "trait", "except_revealer", "hidden"))
    if not f.ok:
        return None
    rule = f.enum("rule", TRAITOR_RULES, "traitor rule")
    trait = f.enum("trait", TRAITS, "trait", required=rule in NEEDS_TRAIT)
    if rule is not None and rule not in NEEDS_TRAIT and f.has("trait"):
        f.at_key("trait").error(f"rule '{rule}' takes no trait (expected trait only with "
                                f"{' or '.join(NEEDS_TRAIT)})")
    except_revealer = f.bool("except_revealer")
    hidden = f.bool("hidden")
    if hidden and rule == "none":
        f.at_key("hidden").error("a hidden traitor, but this haunt has no traitor "
                                 "(expected hidden: false, or a traitor rule other than none)")
    f.close()
    if rule is None or (rule in NEEDS_TRAIT and trait is None):
        return None
    return TraitorRule(rule, trait, except_revealer, hidden)


def _monster(at: At, value: Any) -> MonsterSpec | None:
    f = Fields(at, value, ("id", "name", "traits", "carries_items", "attackable_with"))
    if not f.ok:
        return None
    monster_id = f.id()
    name = text_field(f, "name")
    traits: dict[str, int] = {}
    if f.has("traits"):
        t = Fields(f.at_key("traits"), f.data["traits"], TRAITS)
        for trait in TRAITS:
            if t.has(trait) and check_int(t.at_key(trait), t.data[trait], 0) is not None:
                traits[trait] = t.data[trait]
        t.close()
    else:
        f.require("traits", "expected a map of fixed trait values")
    carries_items = f.bool("carries_items")
    attackable_with = _attackable_with(f, traits)
    f.close()
    if None in (monster_id, name):
        return None
    return MonsterSpec(monster_id, name, traits, carries_items, attackable_with)


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


def _clock(f: Fields) -> HauntClock | None:
    """R-HAUNT-9: every haunt ends at the latest when its clock runs out."""
    if not f.require("clock", "expected {counts, end, winner}: counts rounds or hero_damage, "
                     "winner heroes, traitor or house"):
        return None
    c = Fields(f.at_key("clock"), f.data["clock"], ("counts", "end", "winner"))
    if not c.ok:
        return None
    counts = c.enum("counts", CLOCK_COUNTS, "clock count")
    end = P.by_table(c, "end", maximum=TRACK_SPACES - 1)         # its last space on the track
    winner = c.enum("winner", CLOCK_WINNERS, "winner")
    c.close()
    return None if None in (counts, end, winner) else HauntClock(counts, end, winner)


def _listed(f: Fields, key: str, reader, required: bool, expected: str) -> tuple[list, bool]:
    """A list of one-key maps read by `reader`; ok is False when any entry failed."""
    items, ats = f.list(key, required=required, expected=expected)
    out = [reader(at, item) for item, at in zip(items, ats)]
    if required and f.has(key) and isinstance(f.data[key], list) and not items:
        f.at_key(key).error(f"empty list ({expected}, at least one)")
        return [], False
    return [o for o in out if o is not None], all(o is not None for o in out)


def _named(f: Fields, key: str, reader, what: str) -> tuple[list, bool]:
    """Monster kinds or token kinds: each id once per haunt."""
    items, ats = f.list(key, required=False, expected=f"expected a list of {what}s")
    out, seen, ok = [], set(), True
    for item, at in zip(items, ats):
        obj = reader(at, item)
        if obj is None:
            ok = False
        elif obj.id in seen:
            at.key("id", item.line_of("id")).error(f"duplicate {what} id '{obj.id}' "
                                                   f"(expected each {what} id once per haunt)")
            ok = False
        else:
            seen.add(obj.id)
            out.append(obj)
    return out, ok


def _token(at: At, value: Any) -> TokenKind | None:
    f = Fields(at, value, ("id", "name"))
    if not f.ok:
        return None
    token_id, name = f.id(), text_field(f, "name")
    f.close()
    return None if None in (token_id, name) else TokenKind(token_id, name)


def read_haunt(at: At, data: Any, ctx: Context) -> Haunt | None:
    f = Fields(at, data, HAUNT_FIELDS)
    if not f.ok:
        return None
    haunt_id = f.id()
    title = text_field(f, "title")
    art = art_field(f)
    traitor = None
    if f.require("traitor", f"expected {{rule}}, rule {one_of(TRAITOR_RULES)}"):
        traitor = _traitor(f.at_key("traitor"), f.data["traitor"])
    monsters, ok_m = _named(f, "monsters", _monster, "monster")
    tokens, ok_t = _named(f, "tokens", _token, "token")
    refs = P.Refs()
    setup, ok_s = _listed(f, "setup", lambda a, v: P.read_setup(a, v, refs), False, "expected a list of setup steps")
    rules, ok_r = _listed(f, "rules", lambda a, v: P.read_rule(a, v, refs), False, "expected a list of rules")
    wins = {}
    oks = [ok_m, ok_t, ok_s, ok_r]
    for side, key in (("heroes", "heroes_win"), ("traitor", "traitor_wins")):
        wins[side], ok = _listed(f, key, lambda a, v, s=side: P.read_objective(a, v, refs, s), True,
                                 "expected a list of objectives")
        oks.append(ok and f.has(key))
    clock = _clock(f)
    intro = text_field(f, "intro")
    heroes_book = text_field(f, "heroes_book")
    has_traitor = traitor is not None and traitor.rule != "none"
    traitor_book = None
    if traitor is None or has_traitor:
        traitor_book = text_field(f, "traitor_book", required=traitor is not None)
    elif f.has("traitor_book"):
        f.at_key("traitor_book").error("a traitor book, but this haunt has no traitor "
                                       "(R-HAUNT-7; expected no traitor_book with traitor rule none)")
    f.close()
    _check_rules(f, rules, traitor)
    if traitor is not None and traitor.hidden and traitor.rule != "none":
        _check_hidden(f)
    _check_objectives(f, wins, clock, traitor)
    _check_refs(refs, monsters, tokens, ctx)
    ctx.later(lambda rs: _check_unique_pair(f, haunt_id, wins, rs))
    if None in (haunt_id, title, art, traitor, clock, intro, heroes_book) or not all(oks) \
            or (has_traitor and traitor_book is None):
        return None
    return Haunt(id=haunt_id, title=title, traitor=traitor, monsters=monsters, tokens=tokens, setup=setup,
                 rules=rules, heroes_win=wins["heroes"], traitor_wins=wins["traitor"], clock=clock,
                 intro=intro, heroes_book=heroes_book, traitor_book=traitor_book, art=art,
                 where=where_of(at))


def _rule_at(f: Fields, i: int, name: str) -> At:
    items = f.data["rules"]
    return f.at_key("rules").index(i, items.line_of(i)).key(name, items.line_of(i))


def _check_rules(f: Fields, rules: list[dict], traitor: TraitorRule | None) -> None:
    """A rule replacing a general rule as a whole is written once; a rule
    that only concerns the traitor is refused in a haunt that has none: it
    could never apply, and the author plainly meant something else."""
    if not rules:
        return
    seen = set()
    for i, rule in enumerate(f.data["rules"]):
        name = next(iter(rule)) if isinstance(rule, dict) and len(rule) == 1 else None
        if name in P.SINGLE_RULES:
            if name in seen:
                _rule_at(f, i, name).error(f"rule '{name}' written twice (expected it once)")
            seen.add(name)
        if traitor is not None and traitor.rule == "none":
            if name == "order" and rule[name] == "traitor_first":
                _rule_at(f, i, name).error("traitor_first, but this haunt has no traitor (R-HAUNT-8; "
                                           "expected standard, or a traitor rule other than none)")
            elif name == "monsters_can_win":
                _rule_at(f, i, name).error(
                    "only matters once the traitor is dead, but this haunt has no traitor "
                    "(R-HAUNT-8; expected no monsters_can_win, or a traitor rule other than none)")


# What a setup step or rule does in public that would show a hidden traitor.
_GIVES_AWAY = {("monsters", "at"): ("traitor", "each_hero"), ("tokens", "at"): ("traitor", "each_hero"),
               ("item", "at"): ("traitor",), ("trait", "who"): ("traitor", "heroes"),
               ("order", None): ("traitor_first",)}


def _check_hidden(f: Fields) -> None:
    """A hidden traitor stays hidden only if the setup and rules treat it
    like everyone else: a piece placed with it, its clip moved alone, or its
    turn put first would show every seat who it is."""
    for key in ("setup", "rules"):
        items = f.data.get(key)
        if not isinstance(items, list):
            continue
        for i, item in enumerate(items):
            if not isinstance(item, dict) or len(item) != 1:
                continue
            (name, body), = item.items()
            for (step, field), bad in _GIVES_AWAY.items():
                value = body.get(field) if isinstance(body, dict) and field else body
                if name == step and value in bad:
                    f.at_key(key).index(i, items.line_of(i)).key(name, items.line_of(i)).error(
                        f"{field or name} {value} shows who the hidden traitor is (expected a place or "
                        "group that does not single the traitor out, or traitor.hidden: false)")


def _check_objectives(f: Fields, wins: dict, clock, traitor) -> None:
    """Objectives that could never be met, or that say what the clock says otherwise."""
    # as written, so a destroy rule with its own mistake does not add a second problem here
    written = f.data.get("rules") if isinstance(f.data.get("rules"), list) else []
    destroyed = {r["destroy"].get("kind") for r in written
                 if isinstance(r, dict) and isinstance(r.get("destroy"), dict)}
    for side, key in (("heroes", "heroes_win"), ("traitor", "traitor_wins")):
        items = f.data.get(key)
        if not isinstance(items, list):
            continue
        for i, item in enumerate(items):
            name = next(iter(item)) if isinstance(item, dict) and len(item) == 1 else None
            at = f.at_key(key).index(i, items.line_of(i)).key(str(name), items.line_of(i))
            if name == "survive" and clock is not None and clock.winner != side:
                at.error(f"survive, but the clock's winner is {clock.winner} (R-HAUNT-9; "
                         f"expected clock.winner: {side}, or another objective)")
            elif name == "monsters_destroyed" and isinstance(item[name], dict) \
                    and item[name].get("kind") not in destroyed:
                at.error(f"no destroy rule for '{item[name].get('kind')}', so none is ever destroyed "
                         "(R-MONSTER-2; expected a rule destroy: {kind: …, by: …})")
            elif name == "traitor_dead" and traitor is not None and traitor.rule == "none":
                at.error("traitor_dead, but this haunt has no traitor (R-HAUNT-3; expected another objective)")


def _check_refs(refs: P.Refs, monsters: list[MonsterSpec], tokens: list[TokenKind], ctx: Context) -> None:
    """Names in steps, rules and objectives: this haunt's monster and token
    kinds (checked now), the ruleset's rooms and cards (once all is read)."""
    kinds = [m.id for m in monsters]
    token_kinds = [t.id for t in tokens]
    for at, kind in refs.monster_kinds:
        if kind not in kinds:
            at.error(f"unknown monster kind '{kind}' (expected one of this haunt's monsters: "
                     f"{', '.join(kinds) or 'none listed'})")
    for at, kind in refs.token_kinds:
        if kind not in token_kinds:
            at.error(f"unknown token kind '{kind}' (expected one of this haunt's tokens: "
                     f"{', '.join(token_kinds) or 'none listed'})")
    for at, card in refs.cards:
        ctx.refs.add(at, card, ("items", "omens"), "card")
    for at, obj in refs.objects:
        ctx.refs.add(at, obj, ("items", "omens"), "card or token kind", also=tuple(token_kinds))
    for at, room in refs.rooms + [(at, room) for at, room, _ in refs.places]:
        ctx.refs.add(at, room, "rooms", "room")
    ctx.later(lambda rs: _check_places(refs, rs))


def _check_places(refs: P.Refs, rs) -> None:
    """A setup step's place is a room in play at that step (R-HAUNT-8)."""
    starts = {r.id for r in rs.rooms.values() if r.start}
    for at, room, added in refs.places:
        if room in rs.rooms and room not in starts and room not in added:
            at.error(f"room '{room}' is not in play at this step (R-HAUNT-8; expected {', '.join(P.PLACES)}, "
                     "a starting room or a room added by an earlier add_room step)")
    for at, room in refs.adds:
        if room in starts:
            at.error(f"room '{room}' is a starting room, always in play (expected a room from the stack)")


def _check_unique_pair(f: Fields, haunt_id, wins: dict, rs) -> None:
    """No two haunts share (heroes' objectives, traitor's objectives): each
    haunt is its own game, not a retitled copy."""
    if haunt_id is None or haunt_id not in rs.haunts:
        return
    mine = (wins["heroes"], wins["traitor"])
    for other in rs.haunts.values():
        if other.id == haunt_id:
            return
        if (other.heroes_win, other.traitor_wins) == mine:
            f.at_key("heroes_win").error(f"the same heroes_win and traitor_wins as haunt '{other.id}' "
                                         "(expected each haunt its own pair of objectives)")
            return


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
