"""What the balance bots read off a state: the dice odds of an attack,
which side a seat plays and its objectives, who its foes are, and how far
each room is from a goal. Kept apart from the policy in `bots.py`, which
decides with these; nothing here chooses an action."""
from __future__ import annotations

from collections import deque

from . import traits as T
from .fight import monster, weapon_of
from .haunt import spec
from .objectives import my_side

# The attack edge (P(win) - P(lose)) a side needs: winning on the clock (one
# die up), pressing on (even dice), or losing to the clock with no fight it
# can win (one die down).
CAUTIOUS, EVEN, DESPERATE = 0.3, 0.0, -0.4


def _dist(n: int) -> dict[int, float]:
    out = {0: 1.0}
    for _ in range(n):
        nxt: dict[int, float] = {}
        for total, p in out.items():
            for face in T.FACES:
                nxt[total + face] = nxt.get(total + face, 0) + p / len(T.FACES)
        out = nxt
    return out


DIST = {n: _dist(n) for n in range(1, 9)}
EDGE = {(i, j): sum(pa * pd * ((x > y) - (x < y)) for x, pa in DIST[i].items() for y, pd in DIST[j].items())
        for i in DIST for j in DIST}            # 64 pairs, once: a decision is then a look-up


def edge(mine: int, theirs: int) -> float:
    """P(win) - P(lose) of a roll of `mine` dice against `theirs` (R-FIGHT-4,
    R-CHECK-1: 1 to 8 dice, equal totals do nothing)."""
    return EDGE[T.clamp_dice(mine), T.clamp_dice(theirs)]


def objectives(state: dict, seat: str) -> list[dict]:
    return spec(state)["traitor_wins" if my_side(state, seat) == "traitor" else "heroes_win"]


def on_the_clock(state: dict, seat: str) -> bool:
    """The seat's side wins when a clock counting rounds runs out: it need
    only stay alive (a clock counting hero damage runs only when heroes
    are hurt, so it rewards attacking, not hiding)."""
    clock = spec(state)["clock"] or {}     # a hand-made haunt may have none
    return clock.get("counts") == "rounds" and clock.get("winner") == my_side(state, seat)


def enemies(state: dict, seat: str) -> list[tuple[str, str]]:
    """(figure, room) of what this seat knows to be against it: a hero knows
    the monsters and a revealed traitor; the traitor knows every hero."""
    h = state["haunt"]
    players = state["players"]
    if my_side(state, seat) == "traitor":
        return [(s, p["room"]) for s, p in sorted(players.items()) if s != seat and p["alive"]]
    out = [(m["id"], m["room"]) for m in h["monsters"] if not m["stunned"]]
    t = h["traitor"]
    if t and not h["hidden"] and players[t]["alive"]:
        out.append((t, players[t]["room"]))
    return out


def attack_edge(state: dict, seat: str, args: dict) -> float:
    """The edge of an attack the engine offers: the weapon's trait and dice,
    against the defender's same trait (R-FIGHT-4, R-CARD-5)."""
    w = args.get("weapon")
    _, trait, extra, _ = weapon_of(state, w) if w else (True, args.get("trait", "might"), 0, False)
    mine = T.value(state, seat, trait) + extra
    m = monster(state, args["target"])
    theirs = m["traits"].get(trait, 1) if m else T.value(state, args["target"], trait)
    return edge(mine, theirs)


def distances(adj, goals) -> dict[str, int]:
    """Rooms by steps to the nearest goal room: breadth first from the goals
    along the doors walked backwards (a chute goes one way only)."""
    back: dict[str, list[str]] = {}
    for r, outs in adj.items():
        for o in outs:
            back.setdefault(o, []).append(r)
    out = {g: 0 for g in goals}
    todo = deque(goals)
    while todo:
        r = todo.popleft()
        for o in back.get(r, ()):
            if o not in out:
                out[o] = out[r] + 1
                todo.append(o)
    return out


def dest(a: dict) -> str:
    return a["args"]["to"] if "to" in a["args"] else a["args"]["path"][-1]
