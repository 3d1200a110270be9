"""What a seat may do now, with its arguments (the bots and the TTS menus
read this; `apply` enforces the same rules independently)."""
from __future__ import annotations

from kit.draft import peek
from kit.seats import COLOURS

from .. import INFO
from . import board as B
from . import objectives as O
from .content import TRAITS
from .fight import any_target, line_of_sight, monster, overrides, shielded, trait_allowed, weapon_of
from .geometry import SIDES
from .monsters import monster_exits, stunned_move
from .movement import (affordable, gate_key, hindered_rooms, side_of, special, speed_budget, step_cost,
                       tiles_left)
from .resolve import splits
from .rooms import drop_ready
from .text import refuse



def _prompt_actions(pd):
    kind = pd["kind"]
    if kind == "rotation":
        return [{"action": "place_tile", "args": {"rotation": r}} for r in pd["rotations"]]
    if kind == "roll":
        return [{"action": "roll", "args": {}}]
    if kind == "choice":
        return [{"action": "choose", "args": {"option": o}} for o in pd["options"]]
    return [{"action": "split_damage", "args": {"split": s}} for s in splits(pd["traits"], pd["amount"])]


def _gate_blocked(state, seat, to=None):
    """Leaving needs a roll already failed this turn (R-CHECK-3)."""
    key = gate_key(state, seat, to)
    turn = state["turn"]
    return key is not None and key in turn["checks"] and key not in turn["passed"]


def _gated(state, seat):
    p = state["players"][seat]
    sp = special(state, p["room"])
    return bool(sp) and (sp["kind"] == "leaving_check" or
                         (sp["kind"] == "crossing" and p.get("uncrossed") == p["room"]))


def reachable(state: dict, seat: str, hindered: set | None = None) -> dict[str, list[str]]:
    """Rooms reachable with the movement left, with a cheapest path each.
    Paths stop at rooms whose entry does something (a draw, a chute, a roll).
    Steps cost 1 or 2 (R-MOVE-7), so a bucket queue replaces a heap; a room
    leaves its bucket at its final cost, so its path is final then too."""
    p = state["players"][seat]
    turn = state["turn"]
    start = p["room"]
    budget = speed_budget(state, seat) - turn["used"]
    stops = set(state["rules"]["stop_rooms"])
    stops.update(state["icon_pending"])
    if hindered is None:
        hindered = hindered_rooms(state, seat)
    adj = state["adj"]
    best = {start: 0}
    paths = {}
    first = 2 if start in hindered else 1
    plain = special(state, start) is None          # no room rule stands between this room and the next
    layer = []
    if first <= budget or not turn["moved"]:        # R-MOVE-2: a first step is always allowed
        for o in adj.get(start, ()):
            if o not in best and (plain or not _gate_blocked(state, seat, o)):
                best[o] = first
                paths[o] = [o]
                layer.append(o)
    if not plain and _gated(state, seat):
        return paths                 # a roll stands between this room and the next: one step only
    if not hindered:                 # every step costs 1: breadth first, a layer per step
        c = 1
        while layer and c < budget:
            c += 1
            deeper = []
            for r in layer:
                if r in stops:
                    continue
                path = paths[r]
                for o in adj.get(r, ()):
                    if o not in paths and o != start:       # the costs are the layers: no `best` to keep
                        paths[o] = path + [o]
                        deeper.append(o)
            layer = deeper
        return paths
    buckets = [[] for _ in range(max(budget, 2) + 1)]    # steps cost 1 or 2: a bucket per cost
    buckets[first] = layer
    for c in range(1, len(buckets)):
        for r in buckets[c]:
            if best[r] != c or r in stops:
                continue
            nc = c + (2 if r in hindered else 1)
            if nc > budget:
                continue
            path = paths[r]
            for o in adj.get(r, ()):
                if o in best and best[o] <= nc:
                    continue
                best[o] = nc
                paths[o] = path + [o]
                buckets[nc].append(o)
    return paths


def route(state: dict, seat: str, to: str) -> list[str]:
    """The rooms a `move` with a destination alone walks (R-MOVE-1): the
    next room itself, else a cheapest path the listing above offers; a room
    no path reaches with the movement left is refused here, before any step.
    One search serves both, so a drop on a far room and the legal list agree."""
    if to in peek(state, "adj").get(state["players"][seat]["room"], ()):
        return [to]
    path = reachable(state, seat).get(to)
    if path is None:
        raise refuse("R-MOVE-1", "no_path")
    return path


def _turn_actions(state, seat):
    p = state["players"][seat]
    turn = state["turn"]
    room = p["room"]
    sp = special(state, room)
    out = []
    if turn["may_move"]:
        hindered = hindered_rooms(state, seat)
        paths = reachable(state, seat, hindered)
        out = [{"action": "move", "args": {"to": dest} if len(paths[dest]) == 1 else {"path": paths[dest]}}
               for dest in sorted(paths)]
        sides = B.open_sides(state, room)
        if sides and not (sp and _gate_blocked(state, seat)) \
                and affordable(state, seat, 2 if room in hindered else 1) and tiles_left(state, state["tiles"][room][0]):
            for side in sides:
                out.append({"action": "discover", "args": {"side": SIDES[side]}})
    kind = sp and sp["kind"]
    if (kind == "locked_store" and room not in state["opened"] and "store:" + room not in turn["checks"]) or \
            (kind == "elevator" and "elevator:" + room not in turn["checks"]):
        out.append({"action": "room_action", "args": {}})
    if kind == "drop_through" and turn["may_move"] and drop_ready(state, room, sp):
        out.append({"action": "drop_through", "args": {}})
    cards = state["rules"]["cards"]
    acted = turn["items"]
    haunt = state["phase"] == "haunt"
    others = [s for s, q in state["players"].items() if s != seat and q["alive"] and q["room"] == room] \
        if p["held"] or haunt else []                 # who could take a gift
    for c in p["held"]:
        if c in acted:
            continue
        if cards[c]["use"]:
            out.append({"action": "use", "args": {"card": c}})
        if cards[c]["tradeable"]:
            out += [{"action": "give", "args": {"card": c, "to": o}} for o in others]
        if cards[c]["droppable"]:
            out.append({"action": "drop", "args": {"cards": [c]}})
    for c in state["floor_items"].get(room, []):
        if c not in acted:
            out.append({"action": "pick_up", "args": {"cards": [c]}})
    if haunt:
        out += _haunt_actions(state, seat, room, others)
        if not turn["attacked"]:
            out += _attacks(state, seat)
    out.append({"action": "end_turn", "args": {}})
    return out


def _haunt_actions(state, seat, room, others):
    """Tokens like items, and the haunt's own actions (docs/rulesets/haunts.md)."""
    h = state["haunt"]
    out = []
    acted = state["turn"]["items"]
    for t, tok in sorted(h["tokens"].items()):
        if t in acted:
            continue
        if tok["room"] == room:
            out.append({"action": "pick_up", "args": {"cards": [t]}})
        elif tok["holder"] == seat:
            out.append({"action": "drop", "args": {"cards": [t]}})
            out += [{"action": "give", "args": {"card": t, "to": o}} for o in others]
    rituals, escape = O.held_here(state, seat)
    if rituals and not state["turn"]["ritual"]:
        out.append({"action": "ritual", "args": {}})
    if escape:
        out.append({"action": "escape", "args": {}})
    if h["hidden"] and seat == h["traitor"]:
        out.append({"action": "reveal", "args": {}})
    return out


def _nobody_in_reach(seat, here, players, monsters, held, acted, cards) -> bool:
    """Nobody else in the room and no ranged weapon to hand: no attack to
    list, the common case, found before any side or weapon is looked up."""
    for s, q in players.items():
        if q["room"] == here and s != seat and q["alive"]:
            return False
    for m in monsters:
        if m["room"] == here:
            return False
    for c in held:
        card = cards[c]
        if card["weapon"] and card["ranged"] and c not in acted:
            return False
    return True


def _attacks(state, seat):
    p = state["players"][seat]
    here = p["room"]
    acted = state["turn"]["items"]
    cards = state["rules"]["cards"]
    players = state["players"]
    if _nobody_in_reach(seat, here, players, state["haunt"]["monsters"], p["held"], acted, cards):
        return []
    mine = side_of(state, seat)
    anyone = any_target(state)
    arms = [(None, (False, "might", 0, False))]
    arms += [(c, w) for c in p["held"] if c not in acted for w in (weapon_of(state, c),) if w[0]]
    beasts_all = [m for m in state["haunt"]["monsters"] if not m["stunned"]] if mine == "hero" else []
    foes = [(s, q["room"]) for s, q in sorted(players.items())
            if q["alive"] and s != seat and (anyone or side_of(state, s) != mine)]
    rules = overrides(state)
    # R-FIGHT-4: a trait other than Might needs the haunt's rule or a monster's weakness
    other_traits = bool(rules["attack_with"]) or any(m.get("attackable_with") for m in beasts_all)
    guarded = bool(rules["invulnerable"])
    out = []
    for w, (_, trait, _, ranged) in arms:
        rooms = {here} | (set(line_of_sight(state, here)) if ranged else set())
        people = [s for s, room in foes if room in rooms]
        beasts = [m for m in beasts_all if m["room"] in rooms]
        targets = people + [m["id"] for m in beasts
                            if trait in m["traits"] and not (guarded and shielded(state, m["id"], trait, w))]
        for t in targets:
            args = {"target": t}
            if w:
                args["weapon"] = w
            out.append({"action": "attack", "args": args})
        if w is None and other_traits:  # R-FIGHT-4: other traits the haunt allows without a weapon
            for t in people + [m["id"] for m in beasts]:
                m = monster(state, t)
                for tr in TRAITS:
                    if tr != "might" and (m is None or tr in m["traits"]) and trait_allowed(state, seat, t, tr) \
                            and not shielded(state, t, tr, None):
                        out.append({"action": "attack", "args": {"target": t, "trait": tr}})
    return out


def _monster_actions(state):
    out = []
    heroes = {s: q["room"] for s, q in state["players"].items() if q["alive"] and side_of(state, s) == "hero"}
    moves_anyway = stunned_move(state)
    for m in state["haunt"]["monsters"]:
        if m["stunned"] or (m["recovering"] and not moves_anyway):
            continue
        cost = step_cost(state, m["id"], m["room"])
        if cost <= m["left"]:
            for to in sorted(set(monster_exits(state, m["room"]))):
                out.append({"action": "monster_move", "args": {"monster": m["id"], "to": to}})
        if m["recovering"]:
            continue
        if m.get("carries"):
            for c in state["floor_items"].get(m["room"], []):
                out.append({"action": "monster_pick_up", "args": {"monster": m["id"], "cards": [c]}})
        if not m["attacked"]:
            for s, r in sorted(heroes.items()):
                if r == m["room"]:
                    out.append({"action": "monster_attack", "args": {"monster": m["id"], "target": s}})
    out.append({"action": "end_turn", "args": {}})
    return out


def legal_actions(state: dict, seat: str) -> list[dict]:
    phase = state["phase"]
    if phase == "over":
        return []
    players = state["players"]
    if phase == "lobby":
        if seat not in players:
            late = seat in COLOURS and len(players) < INFO.players[1]     # a colour the table did not list
            return [{"action": "sit", "args": {}}] if seat in state["seats"] or late else []
        taken = {p["character"] for s, p in players.items() if s != seat}
        out = [{"action": "choose_character", "args": {"character": c, "side": i}}
               for c, ch in sorted(state["rules"]["characters"].items()) if c not in taken
               for i in range(len(ch["sides"]))]
        if all(p["character"] for p in players.values()):
            out.append({"action": "start", "args": {}})
        return out
    pd = state["pending"]
    if pd is not None:
        return _prompt_actions(pd) if pd["seat"] == seat else []
    turn_seat = state["turn"]["seat"]
    if turn_seat == "monsters":
        h = state["haunt"]
        return _monster_actions(state) if seat == h["traitor"] and not h["hidden"] else []
    if turn_seat != seat or not players[seat]["alive"]:
        return []
    return _turn_actions(state, seat)

