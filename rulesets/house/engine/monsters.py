"""The monster turn (R-MONSTER-1..4, R-HAUNT-8)."""
from __future__ import annotations

import heapq

from . import traits as T
from kit.draft import peek, reading
from .effects import op, push
from .fight import defend, monster, settle, stun
from .items import item_list
from .movement import hindered_rooms, path_arg, side_of, special, step_cost
from .text import refuse


def stunned_move(state: dict) -> bool:
    """R-MONSTER-2 replaced by the haunt's `stunned_move` rule (seed 001):
    a monster recovering from a stun still moves, though it does not attack."""
    return state["rules"]["haunts"][peek(state, "haunt")["id"]]["rules"]["stunned_move"]


def begin_monster_turn(state: dict, rng, events: list) -> None:
    h = state["haunt"]
    moves_anyway = stunned_move(state)
    for m in h["monsters"]:
        m["attacked"] = False
        m["left"] = 0
        m["recovering"] = m["stunned"]                          # R-MONSTER-2: recover, nothing else
        if m["stunned"]:
            m["stunned"] = False
            events.append({"type": "monster_recovered", "monster": m["id"]})
    rolled = {}
    for m in h["monsters"]:                                     # R-MONSTER-1: one roll per kind
        if m["recovering"] and not moves_anyway:
            continue
        if m["kind"] not in rolled:
            who = {"seat": h["traitor"], "monster": m["kind"]}
            ev = T.roll_dice(rng, m["traits"].get("speed", 1), events, who, "monster_speed", "speed")
            rolled[m["kind"]] = max(1, ev["total"])
        m["left"] = rolled[m["kind"]]
    if h["traitor"] is None or h["hidden"]:   # no traitor, or none known yet: the engine moves the monsters
        push(state, None, [{"op": "_monster_ai", "monster": m["id"]} for m in h["monsters"]]
             + [{"op": "_monster_room_end"}, {"op": "_next_turn"}])


def monster_exits(state: dict, room: str) -> list[str]:
    """R-MONSTER-4: placed rooms only, plus the chute climbed in reverse."""
    out = list(peek(state, "adj").get(room, ()))
    if room == state["rules"]["landing"]["basement"]:
        rooms = state["rules"]["rooms"]
        out += [r for r in state["tiles"] if (rooms[r]["special"] or {}).get("kind") == "chute"]
    return out


def _ready(state, mid, moving=False):
    if peek(state, "turn")["seat"] != "monsters":
        raise refuse("R-HAUNT-8", "no_monster_turn")
    m = monster(state, mid)
    if m is None:
        raise refuse("BAD-ARGS", "monster_unknown", 400)
    if m["stunned"] or (m["recovering"] and not (moving and stunned_move(state))):
        raise refuse("R-MONSTER-2", "stunned")
    return m


def monster_move(state: dict, rng, args: dict, events: list) -> None:
    """The whole path is checked before the first step, since a step may
    throw dice (an unstable floor) and a refusal after a throw would let the
    traitor throw again. A monster that falls, or is stunned, stops there
    with the movement it has left; the rest of the path is not walked."""
    m = _ready(state, args.get("monster"), moving=True)
    path = path_arg(args)
    if "path" not in args and path[0] in state["tiles"] and path[0] not in monster_exits(state, m["room"]):
        path = monster_route(state, m, path[0]) or path
    here, left = m["room"], m["left"]
    for to in path:
        if to not in state["tiles"]:
            raise refuse("R-MONSTER-4", "monster_no_discover")
        if to not in monster_exits(state, here):
            raise refuse("R-MOVE-1", "not_connected")
        left -= step_cost(state, m["id"], here)         # R-MOVE-7
        if left < 0:
            raise refuse("R-MONSTER-1", "no_movement")
        here = to
    for to in path:
        cost = step_cost(state, m["id"], m["room"])
        m["left"] -= cost
        events.append({"type": "figure_moved", "monster": m["id"], "from": m["room"], "room": to,
                       "cost": cost, "reason": "move"})
        m["room"] = to
        room_hurts(state, rng, m, "enter", events)
        if m["stunned"] or m["room"] != to:
            break


def monster_route(state: dict, m: dict, to: str) -> list[str] | None:
    """R-MONSTER-1: a destination alone walks a cheapest way there within
    the movement left (steps cost 1, or 2 leaving a hero, R-MOVE-7); None
    when there is none, and the path is then refused as it stands."""
    hindered = hindered_rooms(state, m["id"])
    best, prev, todo = {m["room"]: 0}, {}, [(0, m["room"])]
    while todo:
        cost, room = heapq.heappop(todo)
        if room == to:
            path = [to]
            while prev.get(path[-1], m["room"]) != m["room"]:
                path.append(prev[path[-1]])
            return path[::-1]
        if cost > best[room]:
            continue
        for nxt in sorted(monster_exits(state, room)):
            c = cost + (2 if room in hindered else 1)
            if c <= m["left"] and c < best.get(nxt, c + 1):
                best[nxt], prev[nxt] = c, room
                heapq.heappush(todo, (c, nxt))
    return None


def monster_attack(state: dict, rng, args: dict, events: list) -> None:
    m = _ready(state, args.get("monster"))
    if m["attacked"]:
        raise refuse("R-FIGHT-2", "attacked")
    target = args.get("target")
    p = state["players"].get(target)
    if not p or not p["alive"] or side_of(state, target) != "hero":
        raise refuse("R-FIGHT-2", "not_opponent")
    if p["room"] != m["room"]:
        raise refuse("R-FIGHT-2", "not_same_room")
    m["attacked"] = True
    mine = T.roll_dice(rng, m["traits"].get("might", 1), events, {"monster": m["id"], "seat": None}, "attack",
                       "might")["total"]
    theirs = defend(state, rng, target, "might", events)
    events.append({"type": "attack", "attacker": m["id"], "defender": target, "trait": "might",
                   "weapon": None, "attacker_total": mine, "defender_total": theirs, "ranged": False})
    settle(state, m["id"], target, "might", mine - theirs, False, events)


def hero_rooms(state):
    return {p["room"]: s for s, p in sorted(reading(state["players"]).items())
            if p["alive"] and side_of(state, s) == "hero"}


def _toward_hero(state: dict, start: str, targets: dict) -> str | None:
    """The first room of a shortest way from `start` to a hero's room."""
    prev, todo = {start: None}, [start]
    while todo:
        nxt = []
        for r in todo:
            for o in sorted(monster_exits(state, r)):
                if o in prev:
                    continue
                prev[o] = r
                if o in targets:
                    while prev[o] != start:
                        o = prev[o]
                    return o
                nxt.append(o)
        todo = nxt
    return None


@op("_monster_ai")
def _monster_ai(state, rng, seat, s, events):
    """With no traitor the house plays its monsters: toward the nearest hero,
    one room at a time, each step planned from where the monster stands (a
    fall through an unstable floor puts it elsewhere), then attack one there."""
    m = monster(state, s["monster"])
    if m is None or m["stunned"] or (m["recovering"] and not stunned_move(state)):
        return
    targets = hero_rooms(state)
    while m["room"] not in targets and not m["stunned"]:
        to = _toward_hero(state, m["room"], targets)
        if to is None or step_cost(state, m["id"], m["room"]) > m["left"]:
            break
        monster_move(state, rng, {"monster": m["id"], "to": to}, events)
    here = hero_rooms(state)
    if m["room"] in here and not m["stunned"] and not m["recovering"]:
        monster_attack(state, rng, {"monster": m["id"], "target": here[m["room"]]}, events)


def monster_pick_up(state: dict, args: dict, events: list) -> None:
    """R-MONSTER-3: only a monster its haunt lets carry items picks them up,
    and not on the turn it spends recovering from a stun."""
    m = monster(state, args.get("monster"))
    if m is None or state["turn"]["seat"] != "monsters":
        raise refuse("BAD-ARGS", "monster_unknown", 400)
    if not m.get("carries"):
        raise refuse("R-MONSTER-3", "monster_no_items")
    if m["stunned"] or m["recovering"]:
        raise refuse("R-MONSTER-3", "monster_recovering")
    cards = item_list(args)
    pile = state["floor_items"].get(m["room"], [])
    if any(c not in pile for c in cards):
        raise refuse("R-ITEM-3", "not_on_floor")
    for c in cards:
        pile.remove(c)
        m["items"].append(c)
        events.append({"type": "item_picked_up", "monster": m["id"], "seat": None, "card": c, "room": m["room"]})


def _harm_total(rng, m, damage: dict, events: list) -> int:
    amount = damage.get("amount")
    if amount is None:
        amount = T.roll_dice(rng, damage.get("dice", 1), events, {"monster": m["id"], "seat": None},
                             "damage")["total"]
    return amount


def room_hurts(state: dict, rng, m: dict, when: str, events: list) -> None:
    """R-MONSTER-4: of the special rooms only those that deal damage touch a
    monster. An unstable floor still gives way under it (entering or ending
    its turn there) and the fall's damage stuns it; a hazard's damage at the
    end of its turn stuns it (R-MONSTER-2/5: damage never costs it trait
    steps). It never draws a new basement tile (it cannot discover): it lands
    in the room below if one was placed, else on the basement landing."""
    if m["stunned"]:
        return
    sp = special(state, m["room"]) or {}
    kind = sp.get("kind")
    if kind == "unstable_floor" and sp.get("damage"):
        trait = sp.get("trait", "speed")
        ev = T.roll_dice(rng, m["traits"].get(trait, 1), events, {"monster": m["id"], "seat": None}, "unstable",
                         trait, sp["target"])
        if ev["success"]:
            return
        to = state["below"].get(m["room"]) or state["rules"]["landing"]["basement"]
        events.append({"type": "figure_moved", "monster": m["id"], "from": m["room"], "room": to,
                       "cost": 0, "reason": "fall"})
        m["room"] = to
        hurt = _harm_total(rng, m, sp["damage"], events)
    elif kind == "hazard" and when == "end" and sp.get("damage"):
        hurt = _harm_total(rng, m, sp["damage"], events)
    else:
        return
    if hurt > 0:
        events.append({"type": "damage_taken", "monster": m["id"], "kind": sp["damage"].get("kind", "physical"),
                       "amount": hurt})
        stun(state, m["id"], events)


@op("_monster_room_end")
def _monster_room_end(state, rng, seat, s, events):
    """R-ROOM-5 for monsters: the end of the monster turn is the end of each
    monster's turn. A monster that spent the turn recovering did nothing but
    recover (R-MONSTER-2), so a hazard does not hurt it then: it could not
    have left, and a fresh stun every turn would keep it down for good."""
    moves_anyway = stunned_move(state)
    for m in state["haunt"]["monsters"]:
        if m["recovering"] and not moves_anyway:
            continue        # a turn spent only recovering is not ended in the room (else it never gets up)
        room_hurts(state, rng, m, "end", events)
