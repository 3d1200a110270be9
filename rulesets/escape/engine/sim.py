"""Seeded playouts of escape (through `kit.sim`): bots choose among
`legal_actions`, the invariants below are checked after every step. The
test suite runs a thousand seeded games and the benchmark times them; a game
is reproducible from its seed alone and replays through the public `apply`.
"""
from __future__ import annotations

import random
import sys

from kit import sim as kit_sim
from kit.sim import InvariantError  # noqa: F401  (the invariant failure the tests expect)

from .engine import apply_in_place
from .explore import STAIRS_TO_ESCAPE
from .table import new_table, normalize  # noqa: F401  (new_table for the tests' replays)

SEATS = ("Red", "Blue", "Green", "Yellow", "White")
# Weight of each kind of action as a group (split evenly among its choices),
# so a hand full of trade offers does not drown out attacking.
WEIGHTS = {"attack": 8, "play": 2, "equip": 2, "trade": 0.4, "flee": 1.5, "hide": 1.2, "draw": 2,
           "swap": 0.4, "give": 0.5, "pass": 1, "accept": 1, "refuse": 1}
CAP = 3000               # actions: no game comes near it; reaching it breaks E-END
ENGINE = sys.modules[__package__]      # the engine module itself (its verbs), for kit.sim


def pick(bot: random.Random, acts: list[dict]) -> dict:
    count: dict = {}
    for a in acts:
        count[a["action"]] = count.get(a["action"], 0) + 1
    x = bot.random() * sum(WEIGHTS.get(k, 1) for k in count)
    for a in acts:
        x -= WEIGHTS.get(a["action"], 1) / count[a["action"]]
        if x < 0:
            return a
    return acts[-1]


def play(content: dict, seed: int, players: int = 4, cap: int = CAP, check: bool = True,
         copying: bool = False):
    """One game, everyone seated (the lobby asks the unseated first);
    returns (final state, actions taken)."""
    content = normalize(content)
    seen = {"items": None}

    def checker(state, events):
        if state["phase"] == "lobby" or not check:
            return
        if seen["items"] is None:
            seen["items"] = list(state["decks"]["item"])
        check_invariants(state, seen["items"])

    state, log = kit_sim.playout(ENGINE, content, list(SEATS[:players]), seed,
                                 lambda bot, state, seat, acts: pick(bot, acts), checker,
                                 stop=lambda s: False, in_place=None if copying else apply_in_place)
    if len(log) >= cap or (check and state["phase"] != "over"):
        raise InvariantError(f"seed {seed}: no end after {len(log)} actions (E-END)")
    return state, log


def replay(content: dict, seed: int, log: list[dict]) -> dict:
    """Rebuild a game from its seed and actions through the public `apply`."""
    seats = [a["player"] for a in log if a["action"] == "sit"]
    return kit_sim.replay(ENGINE, normalize(content), seats, seed, log)


def check_invariants(state: dict, items_at_start: list[str]) -> None:
    def fail(msg):
        raise InvariantError(msg)
    players, infected, col = state["players"], state["infected"], state["column"]
    members = [s for s, p in players.items() if p["status"] in ("alive", "infected")] + [
        m for m in infected if m not in players]
    if state["phase"] != "setup" and (sorted(col) != sorted(members) or len(set(col)) != len(col)):
        fail(f"the column {col} is not a permutation of its members {members}")
    if sorted(m for m in col if m in infected) != sorted(infected):
        fail("an infected is not in the column")
    limit = state["rules"]["settings"]["hand_limit"]
    waiting = {t["seat"] for t in state["stack"] if t["op"] == "limit"}
    pd = state["pending"]
    if pd is not None and pd["kind"] == "hand_limit":
        waiting.add(pd["seat"])
    for seat, p in players.items():
        if len(p.get("hand", ())) > limit and seat not in waiting:
            fail(f"{seat} holds {len(p['hand'])} cards (E-HAND-1)")
        if len(p.get("equipment", ())) > state["rules"]["settings"]["equipment_limit"]:
            fail(f"{seat} has {len(p['equipment'])} equipped (E-MEMBER-4)")
        if p["status"] in ("alive", "hidden") and not 1 <= p["stamina"] <= p["max"]:
            fail(f"{seat} at stamina {p['stamina']} of {p['max']} and not dead (E-ATK-4)")
        if p["status"] == "dead" and p["stamina"] != 0:
            fail(f"{seat} dead at stamina {p['stamina']}")
        if p["status"] == "hidden" and seat not in state["hidden"]:
            fail(f"{seat} hidden but not in the hidden list")
    deck = state["decks"]["item"]
    if deck != items_at_start[len(items_at_start) - len(deck):]:
        fail("the item deck changed other than by drawing from the top (E-DECK-1)")
    _cards_once(state, fail)
    over = state["phase"] == "over"
    if len(state["stairs"]) >= STAIRS_TO_ESCAPE and not over:
        fail("a fourth stairs up did not end the game (E-END-2)")
    if state["phase"] in ("explore", "fight") and not any(
            m in players and players[m]["status"] == "alive" for m in col):
        fail("nobody but the infected is left and the game goes on (E-END-1)")
    if state["phase"] == "fight" and not any(m in infected for m in col) and pd is not None and \
            pd["kind"] not in ("hand_limit",):
        fail("phase 2 goes on with no infected (E-INFECT-4)")
    if not over and pd is None:
        fail("the game waits for nobody")


def _cards_once(state: dict, fail) -> None:
    rules = state["rules"]
    seen = list(state["decks"]["item"]) + state["discards"]["item"] + state["passing"]
    ex = list(state["decks"]["explore"]) + state["discards"]["explore"] + state["stairs"] + state["resolving"]
    ex += state["spots"]["front"] + state["spots"]["end"]
    inf_cards = list(state["decks"]["infected"]) + state["out"]
    for p in state["players"].values():
        seen += p.get("hand", []) + p.get("equipment", [])
        ex += p.get("revelations", [])
    for inf in state["infected"].values():
        seen += inf["hits"]
        if inf["card"]:
            inf_cards.append(inf["card"])
    for name, got, want in (("item", seen, rules["items"]), ("explore", ex, rules["explore"]),
                            ("infected", inf_cards, rules["infected"])):
        if sorted(got) != sorted(want):
            extra = sorted(set(c for c in got if got.count(c) > 1) | (set(want) ^ set(got)))
            fail(f"{name} cards missing or in two places: {extra}")
