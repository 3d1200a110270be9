"""Bots that play to win: explore sensibly, then pursue their own side's
haunt objectives (docs/rulesets/haunts.md). Used by the balance benchmark,
where uniform random play would measure the dice rather than the haunt.

A bot only ever returns one of the engine's legal actions, reads nothing a
seat could not know (a hero never learns who a hidden traitor is), and
draws every tie-break from the seeded `random.Random` it is handed, so a
game is reproducible from its seed. Each decision is a few breadth-first
searches over the placed rooms and a table look-up of dice odds: a game
still takes milliseconds.
"""
from __future__ import annotations

import random

from . import board as B
from .bot_odds import (CAUTIOUS, DESPERATE, EVEN, attack_edge, dest, distances, edge, enemies, objectives,
                       on_the_clock)
from . import traits as T
from .fight import monster, weapon_of
from .haunt import at_table, spec
from .monsters import monster_exits
from .movement import tiles_left
from .objectives import my_side
from .sim import lobby_pick

REACH = 4                   # rooms a foe may cross in a turn, about (Speed 3-5, monsters' rolls)
BUSY = 30                   # actions in one turn after which a bot ends it (no loop outlives it)
class Bots:
    """One policy for every seat of a table; remembers only how busy the
    current turn is (a bot that cannot make progress ends its turn)."""

    def __init__(self) -> None:
        self.turn = None
        self.busy = 0

    def __call__(self, rng: random.Random, state: dict, seat: str, acts: list[dict]) -> dict:
        if state["phase"] == "lobby":
            return lobby_pick(rng, acts)
        if state["pending"] is not None:
            return answer(rng, state, seat, acts)
        self.busy = self.busy + 1 if state["turn_n"] == self.turn else 0
        self.turn = state["turn_n"]
        by = {}
        for a in acts:
            by.setdefault(a["action"], []).append(a)
        if self.busy > BUSY:
            return by["end_turn"][0]
        if state["turn"]["seat"] == "monsters":
            return monsters_turn(rng, state, by)
        if state["phase"] == "explore":
            return explore(rng, state, seat, by)
        return haunt_turn(rng, state, seat, by)


def answer(rng, state, seat, acts):
    """Questions: keep the figure alive, take gifts, shed a new traitor's curses."""
    pd = state["pending"]
    if pd["kind"] == "damage":
        idx = state["players"][seat]["traits"]
        return max(acts, key=lambda a: min(idx[t] - n for t, n in a["args"]["split"].items()))
    if pd["kind"] == "choice":
        opts = {a["args"]["option"]: a for a in acts}
        for pick in ("accept", "shed", "damage"):
            if pick in opts:
                return opts[pick]
        if pd.get("purpose") == "trait":
            idx = state["players"][seat]["traits"]
            gain = any(s.get("steps", 0) > 0 for steps in pd["then"].values() for s in steps)
            return (min if gain else max)(acts, key=lambda a: (idx.get(a["args"]["option"], 0), a["args"]["option"]))
    return rng.choice(acts)


def _step_toward(rng, state, seat, by, goals, away=False):
    """The move that brings the seat nearest a goal room (or, `away`,
    farthest from them); None when no move improves on standing still."""
    moves = by.get("move")
    if not moves or not goals:
        return None
    d = distances(state["adj"], goals)
    far = len(state["tiles"]) + 1
    here = d.get(state["players"][seat]["room"], far)
    sign = -1 if away else 1
    best, score = None, sign * here
    for a in moves:
        s = sign * d.get(dest(a), far) + rng.random() * 0.01
        if s < score:
            best, score = a, s
    return best


def _explore_step(rng, state, seat, by):
    """Discover where a door opens on unexplored space (R-PLACE), else walk
    toward the nearest room with one."""
    if by.get("discover"):
        return rng.choice(by["discover"])
    goals = [r for r, (floor, _, _, _) in state["tiles"].items()
             if B.open_sides(state, r) and tiles_left(state, floor)]
    return _step_toward(rng, state, seat, by, goals)


def explore(rng, state, seat, by):
    """Before the haunt (R-HAUNT-10: nothing to win yet): take what lies
    here, try a room's own action, then explore."""
    for kind in ("pick_up", "room_action"):
        if by.get(kind):
            return by[kind][0]
    if by.get("use") and rng.random() < 0.2:
        return rng.choice(by["use"])
    return _explore_step(rng, state, seat, by) or by["end_turn"][0]


def wanted_tokens(state, seat) -> set:
    """Token kinds and cards the side must hold: carry, collect, and the
    item that alone destroys or hurts the monsters it must beat; the traitor
    also gathers what the heroes must collect (held by it, it counts for
    no one)."""
    out = set()
    hunts = False
    if my_side(state, seat) == "traitor":         # what the heroes must collect does not count in its hands
        out |= {o["kind"] for o in spec(state)["heroes_win"] if o["objective"] == "collect"}
    for o in objectives(state, seat):
        if o["objective"] == "carry":
            out.add(o["object"])
        elif o["objective"] == "collect":
            out.add(o["kind"])
        hunts = hunts or o["objective"] in ("monsters_stunned", "monsters_destroyed")
    if hunts:
        rules = spec(state)["rules"]
        for way in [r["by"] for r in rules["destroy"]] + [r["except"] for r in rules["invulnerable"]]:
            if way.startswith("item:"):
                out.add(way[5:])
    return out


def _destroys(state, args) -> bool:
    """The attack is the way a `destroy` rule names for the target's kind."""
    m = monster(state, args["target"])
    if m is None:
        return False
    w = args.get("weapon")
    trait = weapon_of(state, w)[1] if w else args.get("trait", "might")
    ways = {"any", f"trait:{trait}", f"item:{w}"}
    return any(r["kind"] == m["kind"] and r["by"] in ways for r in spec(state)["rules"]["destroy"])


def _holding(state, seat, obj) -> int:
    p = state["players"][seat]
    if obj in state["rules"]["cards"]:
        return int(obj in p["held"])
    return sum(1 for t in state["haunt"]["tokens"].values() if t["holder"] == seat and t["kind"] == obj)


def _lying(state, obj) -> list[str]:
    if obj in state["rules"]["cards"]:
        return [r for r, pile in state["floor_items"].items() if obj in pile]
    return sorted({t["room"] for t in state["haunt"]["tokens"].values() if t["kind"] == obj and t["room"]})


def carry_target(state, seat) -> str | None:
    """The room a `carry` objective wants what the seat holds in, unless it
    stands there already (the rest must then come from elsewhere)."""
    here = state["players"][seat]["room"]
    for o in objectives(state, seat):
        if o["objective"] == "carry" and _holding(state, seat, o["object"]) and o["to"] in state["tiles"] \
                and o["to"] != here:
            return o["to"]
    return None


def goals(state, seat, stance) -> tuple[list[str], bool]:
    """Rooms to head for, by the side's objectives in order of urgency, and
    whether to flee them instead (danger, for a side winning on the clock)."""
    h = state["haunt"]
    mine = objectives(state, seat)
    tiles = state["tiles"]
    carry = carry_target(state, seat)
    if carry:
        return [carry], False
    for o in mine:
        if o["objective"] == "escape" and o["room"] in tiles:
            return [o["room"]], False
        if o["objective"] == "ritual" and o["room"] in tiles:    # and stay for next turn's roll
            return [o["room"]], False
    lying = [r for obj in sorted(wanted_tokens(state, seat)) for r in _lying(state, obj)]
    if lying:
        return lying, False
    foes = enemies(state, seat)
    if stance == CAUTIOUS:
        return sorted({r for _, r in foes}), True
    if h["hidden"] and seat == h["traitor"]:        # keep company with the heroes, ready to strike
        return sorted({r for _, r in foes}), False
    weak = sorted({r for f, r in foes if _beatable(state, seat, f)})
    return weak or sorted({r for _, r in foes}), False


def _beatable(state, seat, foe) -> bool:
    m = monster(state, foe)
    theirs = m["traits"].get("might", 1) if m else T.value(state, foe, "might")
    return edge(T.value(state, seat, "might"), theirs) >= EVEN


def _heroes_close(state) -> bool:
    """The heroes are one success or one step from an objective."""
    h = state["haunt"]
    sp = spec(state)
    for i, o in enumerate(sp["heroes_win"]):
        if o["objective"] == "ritual" and h["rituals"].get(f"heroes:{i}", 0) >= at_table(o["successes"], state) - 1:
            return True
        if o["objective"] == "carry":
            holders = [s for s in state["players"] if s != h["traitor"] and _holding(state, s, o["object"])]
            if holders and min(distances(state["adj"], [o["to"]]).get(state["players"][s]["room"], 99)
                               for s in holders) <= 1:
                return True
    return False


def _damage_clock_against(state, seat) -> bool:
    """A hero whose every lost fight feeds the other side's clock (it counts
    hero damage): a fight that wins nothing for good is not worth even dice."""
    clock = spec(state)["clock"] or {}
    return my_side(state, seat) == "heroes" and clock.get("counts") == "hero_damage" \
        and clock.get("winner") not in ("heroes", None)


def _wins_by_killing(state, seat, target) -> bool:
    """The target is the traitor and the seat's side wins by its death."""
    return target == state["haunt"]["traitor"] and any(
        o["objective"] == "traitor_dead" for o in objectives(state, seat))


def _must_destroy(state, seat, target) -> bool:
    """The target is of a kind the seat's side wins by destroying."""
    m = monster(state, target)
    return m is not None and any(o["objective"] == "monsters_destroyed" and o["kind"] == m["kind"]
                                 for o in objectives(state, seat))


def stance_of(state, seat) -> float:
    """How good an attack must be: a side the clock favours takes no risks;
    one with no foe it can beat and only the clock to lose fights uphill."""
    if on_the_clock(state, seat):
        return CAUTIOUS
    if not any(_beatable(state, seat, f) for f, _ in enemies(state, seat)):
        return DESPERATE
    return EVEN


def haunt_turn(rng, state, seat, by):
    h = state["haunt"]
    stance = stance_of(state, seat)
    hidden = h["hidden"] and seat == h["traitor"]
    for kind in ("ritual", "escape"):
        if by.get(kind):
            return by[kind][0]
    for a in by.get("pick_up", ()):                 # what one side needs, the other keeps from it
        return a
    carry = carry_target(state, seat)               # a win in hand comes before a fight
    step = carry and _step_toward(rng, state, seat, by, [carry])
    if step:
        return step
    foes = {f for f, _ in enemies(state, seat)}
    need = max(stance, EVEN + 0.3) if hidden else stance     # revealing must pay for itself
    bleeding = _damage_clock_against(state, seat)
    best = None
    for a in by.get("attack", ()):
        if a["args"]["target"] in foes:
            e = attack_edge(state, seat, a["args"])
            wins = _destroys(state, a["args"]) or _wins_by_killing(state, seat, a["args"]["target"])
            score = e + (0.5 if _destroys(state, a["args"]) else 0)   # for good, not a stun
            if not _destroys(state, a["args"]) and _must_destroy(state, seat, a["args"]["target"]):
                score -= 1.0                        # a stun only spares it the blow that counts
            if e >= (max(need, CAUTIOUS) if bleeding and not wins else need) and (best is None or score > best[0]):
                best = (score, a)
    if best:
        return best[1]
    if hidden and by.get("reveal") and _heroes_close(state) and h["monsters"]:
        return by["reveal"][0]                      # the monsters need steering now
    rooms, away = goals(state, seat, stance)
    here = state["players"][seat]["room"]
    if away:                                        # within a foe's reach (Speed): put doors between
        if distances(state["adj"], rooms).get(here, REACH + 1) <= REACH:
            return _step_toward(rng, state, seat, by, rooms, away=True) or by["end_turn"][0]
        return by["end_turn"][0]                    # out of reach: wait for the clock
    if here in rooms:
        return by["end_turn"][0]
    step = _step_toward(rng, state, seat, by, rooms) or _explore_step(rng, state, seat, by)
    if step:                                        # the way there may not be placed yet
        return step
    if rooms and here not in distances(state["adj"], rooms):
        return _other_floor(rng, state, seat, by)   # no door leads there
    return by["end_turn"][0]


PORTALS = ("chute", "elevator", "drop_through")


def _other_floor(rng, state, seat, by):
    """Through a lift, a chute or a hole in the floor (R-SPECIAL) when the
    goal lies on a floor no door reaches."""
    for kind in ("room_action", "drop_through"):
        if by.get(kind):
            return by[kind][0]
    rooms = state["rules"]["rooms"]
    portals = [r for r in state["tiles"] if (rooms[r]["special"] or {}).get("kind") in PORTALS]
    return _step_toward(rng, state, seat, by, portals) or by["end_turn"][0]


def monsters_turn(rng, state, by):
    """The traitor's monsters (R-MONSTER-1): attack whenever a hero is in
    reach (a beaten monster is only stunned), pick up what the heroes must
    carry, and close in — on heroes near a win first — unless the heroes win
    by beating them and the traitor wins on the clock."""
    for a in by.get("monster_attack", ()):
        return a
    theirs = spec(state)["heroes_win"]
    carried = {o["object"] for o in theirs if o["objective"] == "carry"}
    for a in by.get("monster_pick_up", ()):
        if a["args"]["cards"][0] in carried:
            return a
    h = state["haunt"]
    players = state["players"]
    heroes = [p["room"] for s, p in sorted(players.items()) if p["alive"] and s != h["traitor"]]
    places = {o["room"] for o in theirs if o["objective"] in ("ritual", "escape")}
    urgent = [players[s]["room"] for s in sorted(players) if players[s]["alive"] and s != h["traitor"]
              and (players[s]["room"] in places or any(_holding(state, s, obj) for obj in carried))]
    hunted = {"monsters_stunned", "monsters_destroyed"} & {o["objective"] for o in theirs}
    flee = bool(hunted) and on_the_clock(state, h["traitor"]) if h["traitor"] else False
    targets = urgent or heroes
    d = distances({r: monster_exits(state, r) for r in state["tiles"]}, targets)
    far = len(state["tiles"]) + 1
    best, score = None, 0.0
    for a in by.get("monster_move", ()):
        m = monster(state, a["args"]["monster"])
        if m["room"] in targets and not flee:
            continue
        gain = d.get(m["room"], far) - d.get(a["args"]["to"], far)
        gain = -gain if flee else gain
        s = gain + rng.random() * 0.01
        if gain > 0 and s > score:
            best, score = a, s
    return best or by["end_turn"][0]
