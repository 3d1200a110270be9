"""Random playouts: bots pick among legal actions; invariants are checked
after every step. Used by the test suite (hundreds of seeded games) and the
benchmark; a game is reproducible from its seed alone.
"""
from __future__ import annotations

import random
import sys

from kit import sim as kit_sim
from kit.sim import InvariantError  # noqa: F401  (the invariant failure the tests expect)

from . import board as B
from .content import normalize
from .engine import apply_in_place

SEATS = ("Red", "Blue", "Green", "Yellow", "White", "Purple")
# Weight of each kind of action as a group (split evenly among its choices),
# so a room with many exits does not drown out ending the turn.
WEIGHTS = {"discover": 5, "attack": 8, "monster_attack": 8, "move": 3, "monster_move": 3,
           "end_turn": 1.5, "drop": 0.2, "give": 0.3, "pick_up": 0.5, "use": 1,
           "ritual": 4, "escape": 2, "reveal": 0.3}


# The engine module itself (its verbs), for kit.sim.
ENGINE = sys.modules[__package__]


def actor(state: dict) -> str | None:
    if state["pending"] is not None:
        return state["pending"]["seat"]
    seat = state["turn"]["seat"]
    return state["haunt"]["traitor"] if seat == "monsters" else seat


def pick(bot: random.Random, acts: list[dict], busy: int) -> dict:
    if busy > 12:                               # a bot that dawdles ends its turn
        for a in acts:
            if a["action"] == "end_turn":
                return a
    if len(acts) == 1:                          # a throw to make, say: the draw is still taken,
        bot.random()                            # so each game stays the game its seed names
        return acts[0]
    count: dict = {}
    for a in acts:
        name = a["action"]
        count[name] = count[name] + 1 if name in count else 1
    weight = WEIGHTS.get
    x = bot.random() * sum([weight(k, 1) for k in count])
    for a in acts:
        name = a["action"]
        x -= weight(name, 1) / count[name]
        if x < 0:
            return a
    return acts[-1]


def lobby_pick(bot: random.Random, acts: list[dict]) -> dict:
    """Sit, then take a character (and side) at random; start once everyone has."""
    for name in ("start", "sit"):
        for a in acts:
            if a["action"] == name:
                return a
    return bot.choice(acts)


# Events after which `check="turn"` looks at the invariants.
TURN_ENDS = ("turn_ended", "game_over", "haunt_began")


def play(content: dict, seed: int, players: int = 4, turn_cap: int = 150, check: bool | str = True,
         copying: bool = False, policy=None, watch=None):
    """One game through kit.sim: returns (final state, actions taken, omens drawn).
    `policy(bot, state, seat, actions)` picks each action (default: the
    weighted random bots here); invariants are checked after every action
    (`check=True`) or, `"turn"`, as each turn ends and the haunt begins;
    `watch(state, events)`, if given, sees every step."""
    if not content.get("_normalized"):
        content = {**normalize(content), "_normalized": True}
    seats = list(SEATS[:players])
    seen = {"busy": 0, "turn": None, "omens": 0}

    def weighted(bot, state, seat, acts):
        if state["phase"] == "lobby":
            return lobby_pick(bot, acts)
        seen["busy"] = seen["busy"] + 1 if state["turn_n"] == seen["turn"] else 0
        seen["turn"] = state["turn_n"]
        return pick(bot, acts, seen["busy"])

    def checker(state, events):
        for e in events:
            if e["type"] == "card_drawn" and e["deck"] == "omen":
                seen["omens"] += 1
        if watch is not None:
            watch(state, events)
        if not check or state["phase"] == "lobby":
            return
        if check != "turn" or any(e["type"] in TURN_ENDS for e in events):
            check_invariants(state, seen["omens"])

    state, log = kit_sim.playout(ENGINE, content, seats, seed, policy or weighted, checker,
                                 stop=lambda s: s["turn_n"] > turn_cap,
                                 in_place=None if copying else apply_in_place)
    return state, log, seen["omens"]


def replay(content: dict, seed: int, log: list[dict]) -> dict:
    """Rebuild a game from its seed and actions through the public `apply`."""
    seats = list(dict.fromkeys(a["player"] for a in log if a["action"] == "sit"))
    return kit_sim.replay(ENGINE, content, seats, seed, log)


def check_invariants(state: dict, omens_drawn: int) -> None:
    def fail(msg):
        raise InvariantError(msg)
    players = state["players"]
    for seat, p in players.items():
        for t, idx in p["traits"].items():
            top = len(state["rules"]["characters"][p["character"]]["sides"][p["side"]]["traits"][t]["track"]) - 1
            if not -1 <= idx <= top:
                fail(f"{seat} {t} index {idx} out of range")
            if p["alive"] and idx < 0:
                fail(f"{seat} alive at the skull")
        if not p["alive"] and state["haunt"] is None:
            fail(f"{seat} died before the haunt")                          # R-FIGHT-8
        if p["room"] not in state["tiles"]:
            fail(f"{seat} stands on {p['room']}, not a placed tile")
    if state["omen_count"] != omens_drawn:
        fail(f"omen count {state['omen_count']} != omens drawn {omens_drawn}")
    cells = state["cells"]
    if len(cells) != len(state["tiles"]):
        fail("two tiles share a grid cell")
    for room, (floor, x, y, _) in state["tiles"].items():
        if cells.get(f"{floor}:{x}:{y}") != room:
            fail(f"{room} is not in its cell")
    for floor in ("basement", "ground", "upper"):
        if not B.floor_connected(state, floor):
            fail(f"{floor} is not connected")
        if not B.floor_open(state, floor) and _tiles_for(state, floor) and floor not in state["closed_floors"]:
            fail(f"{floor} closed while tiles remain for it, without a failed rearrangement (R-PLACE-3/4)")
    if state["haunt"]:
        for m in state["haunt"]["monsters"]:
            if m["room"] not in state["tiles"]:
                fail(f"{m['id']} is not on a placed tile")
        _tokens_once(state, fail)
    _cards_once(state, fail)


def _tokens_once(state, fail):
    """Every haunt token in exactly one place: a placed room, or the hands of
    a figure still in the game (or one that escaped with it); no destroyed
    monster still on the board; an escaped hero is never alive."""
    h = state["haunt"]
    players = state["players"]
    for t, tok in h["tokens"].items():
        room, holder = tok["room"], tok["holder"]
        if (room is None) == (holder is None):
            fail(f"token {t} is in {'two places' if room else 'no place'}")
        if room is not None and room not in state["tiles"]:
            fail(f"token {t} lies on {room}, not a placed tile")
        if holder is not None and not (players[holder]["alive"] or holder in h["escaped"]):
            fail(f"token {t} is held by {holder}, who is dead")
    gone = {d["id"] for d in h["destroyed"]}
    if gone & {m["id"] for m in h["monsters"]}:
        fail(f"a destroyed monster is still on the board: {sorted(gone)}")
    for seat in h["escaped"]:
        if players[seat]["alive"] or not players[seat].get("escaped"):
            fail(f"{seat} escaped but still plays")


def _tiles_for(state, floor):
    rooms = state["rules"]["rooms"]
    return [t for pile in (state["decks"]["room"], state["discards"]["room"]) for t in pile
            if floor in rooms[t]["floors"]]


def _cards_once(state, fail):
    seen = []
    for deck in ("event", "item", "omen"):
        seen += state["decks"][deck] + state["discards"][deck]
    for p in state["players"].values():
        seen += p["held"] + p["kept"]
    for pile in state["floor_items"].values():
        seen += pile
    seen += state["in_play"]
    if state["haunt"]:
        for m in state["haunt"]["monsters"]:
            seen += m["items"]
    if sorted(seen) != sorted(state["rules"]["cards"]):
        fail(f"a card is missing or in two places: {sorted(set(state['rules']['cards']) ^ set(seen))} {len(seen)}")
    tiles = list(state["tiles"]) + state["decks"]["room"] + state["discards"]["room"]
    pd = state["pending"]
    if pd and pd["kind"] == "rotation":
        tiles.append(pd["room"])
    if sorted(tiles) != sorted(state["rules"]["rooms"]):
        fail("a room tile is missing or in two places")
