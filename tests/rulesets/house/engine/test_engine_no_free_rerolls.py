"""A refused action is never a free re-roll (R-CHECK-3: a roll is tried once
per turn; a refusal must leave the table, the dice included, as it was).

Every action that throws dice must decide its refusal before the first
throw, or let the throw stand. The property test plays random games on the
repository's content into every one of its haunts and, at each state, sends
every legal action and a spread of likely-wrong ones (longer paths, other
traits, other seats); an action refused after it drew a random number
fails.
"""
from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine_helpers import E, act, place, start_haunt, table
from house_content import CHARACTERS, house
from kit.engine import RuleError, seeded
from rulesets.house.engine.monsters import monster_exits
from rulesets.house.engine.sim import actor, pick

SEATS = ("Red", "Blue", "Green")
HAUNTS = sorted(house()["haunts"])


class Counting:
    """A seeded source that counts the numbers drawn from it."""

    def __init__(self, seed: int):
        self.source = seeded(seed)
        self.drawn = 0

    def randrange(self, n: int) -> int:
        self.drawn += 1
        return self.source.randrange(n)


def _walks(adj, start, rnd, count=4, longest=4):
    """Random walks of 2..longest rooms from `start` (a path a player might send)."""
    out = []
    for _ in range(count):
        here, path = start, []
        for _ in range(rnd.randint(2, longest)):
            exits = sorted(adj(here))
            if not exits:
                break
            here = rnd.choice(exits)
            path.append(here)
        if len(path) > 1:
            out.append(path)
    return out


def probes(state: dict, rnd: random.Random) -> list[dict]:
    """Legal actions of the seat to act, and variants a client might send."""
    seat = actor(state)
    legal = [{"action": a["action"], "player": seat, "args": a["args"]} for a in E.legal_actions(state, seat)]
    out = list(legal)
    for a in legal:
        if a["action"] == "attack":
            for trait in ("might", "speed", "knowledge", "sanity"):
                out.append({**a, "args": {**a["args"], "trait": trait}})
    if state["pending"] is None and state["turn"]["seat"] == "monsters":
        for m in state["haunt"]["monsters"]:
            for path in _walks(lambda r: monster_exits(state, r), m["room"], rnd, count=6):
                out.append({"action": "monster_move", "player": seat, "args": {"monster": m["id"], "path": path}})
    elif state["pending"] is None and seat in state["players"]:
        for path in _walks(lambda r: state["adj"].get(r, ()), state["players"][seat]["room"], rnd):
            out.append({"action": "move", "player": seat, "args": {"path": path}})
    others = [s for s in SEATS if s != seat]
    out += [{**a, "player": rnd.choice(others)} for a in rnd.sample(legal, min(3, len(legal)))]
    return out


def assert_no_free_reroll(state: dict, action: dict, seed: int):
    rng = Counting(seed)
    try:
        return E.apply(state, action, rng)
    except RuleError as err:
        assert rng.drawn == 0, f"{action} was refused ({err.code}) after drawing {rng.drawn} random numbers"
        return None


def _start(seed: int) -> dict:
    """A table on the real content with the Sagging Salon (an unstable floor
    that throws dice under anyone crossing it) next to the entrance hall and
    the other special rooms first on the stack, so the dice-throwing rooms
    are where the figures walk."""
    s = table(seats=SEATS, chars=CHARACTERS, seed=seed, fixture=house())
    place(s, "sagging_salon", "ground", 1, 0)
    rooms = s["rules"]["rooms"]
    s["decks"]["room"].sort(key=lambda r: rooms[r]["special"] is not None)   # stable: still shuffled within
    return s


@settings(max_examples=15, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10 ** 6), haunt=st.sampled_from(HAUNTS),
       explore=st.integers(4, 30), haunted=st.integers(30, 60))
def test_no_action_is_refused_after_it_threw_dice_R_CHECK_3(seed, haunt, explore, haunted):
    """R-CHECK-3: for random states and actions, an action refused after it
    consumed randomness is a failure (the client could send it again for
    another throw)."""
    rnd = random.Random(seed)
    bot = random.Random(seed + 1)
    state = _start(seed)
    busy, last_turn = 0, None
    for i in range(explore + haunted):
        if E.is_over(state):
            break
        if i == explore and state["phase"] == "explore" and state["pending"] is None:
            revealer = rnd.choice(SEATS)
            start_haunt(state, state["rules"]["haunts"][haunt], revealer=revealer, rng=Counting(seed))
        for n, action in enumerate(probes(state, rnd)):
            assert_no_free_reroll(state, action, seed * 1000 + n)
        seat = actor(state)
        busy = busy + 1 if state["turn_n"] == last_turn else 0
        last_turn = state["turn_n"]
        choice = pick(bot, E.legal_actions(state, seat), busy)
        step = assert_no_free_reroll(state, {"action": choice["action"], "player": seat, "args": choice["args"]}, i)
        if step is None:
            break
        state = step[0]


def test_a_player_carried_off_the_path_stops_there_R_MOVE_1():
    """R-MOVE-1, R-SPECIAL-1: a path through the chute ends where the chute
    drops the figure; the rest of it is not walked (nor refused)."""
    s = table()
    place(s, "coal_chute", "ground", 1, 0, 1)
    place(s, "junk_room", "ground", 2, 0)
    s, ev = act(s, "Red", "move", path=["coal_chute", "junk_room"])
    assert s["players"]["Red"]["room"] == "basement_landing"
    assert [e["reason"] for e in ev if e["type"] == "figure_moved"] == ["move", "chute"]

