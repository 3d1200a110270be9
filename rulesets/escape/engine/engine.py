"""The verbs: new_table, apply, legal_actions, view, is_over, and the ones
the table needs besides: to_act, seated, outcome, reveals.

`apply` works on a copy-on-touch draft (`kit.draft.Draft`): a top-level part
of the state is copied the first time the action reads it, the rest and the
read-only rules tables are shared, so a refused action leaves the caller's
state exactly as it was. A state `apply` returned must not be changed in
place (`apply_in_place` is for a state its caller owns, as the simulator's).
"""
from __future__ import annotations

from kit.draft import ATOMIC, Draft
from . import actions, explore, fight, fight_actions, scoring, table
from .flow import run
from .legal import legal_actions  # noqa: F401
from .table import new_table  # noqa: F401
from .text import refuse
from .view import view  # noqa: F401

ANSWERS = {**actions.ANSWERS, **fight_actions.ANSWERS}

# The rule a prompt's kind stands for, named when another action is tried.
KIND_RULE = {"place": "E-SETUP-2", "keep": "E-LEAD-1", "lead_explore": "E-LEAD-1", "member": "E-MEMBER-1",
             "trade": "E-LEAD-2", "hand_limit": "E-HAND-1", "choose": "PENDING", "adjacent": "E-ADJ-1",
             "flee_offer": "E-ADJ-3", "infect_attack": "E-ATK-1", "token_roll": "E-ATK-5", "rest": "E-REST-1",
             "swap_offer": "E-REST-1"}
PHASE1_ACTIONS = frozenset({"keep", "search", "explore", "equip", "trade"})
ACTIONS = frozenset(name for kind in ANSWERS.values() for name in kind) | {"sit", "start", "choose_place",
                                                                          "choose_character"}

# Events after which an undo would let someone re-roll or learn something
# again: cards drawn or shown, shuffles, dice (any use of the rng counts too).
REVEALING = frozenset({"item_drawn", "cards_received", "explore_drawn", "explore_peeked", "explore_scouted",
                       "infected_appeared", "dice_rolled", "deck_shuffled", "character_dealt", "trade_card",
                       "flee_promise"})


def apply(state: dict, action: dict, rng) -> tuple[dict, list[dict]]:
    draft = Draft(state)
    events = apply_in_place(draft, action, rng)
    return draft.settle(), events


def is_over(state: dict) -> bool:
    return state["phase"] == "over"


def seated(state: dict) -> list[str]:
    return [s for s in state["seats"] if s in state["players"]]


def to_act(state: dict) -> list[str]:
    """Who may act now: in the lobby every seat that may sit (first) or
    start; then the one seat the game waits for; nobody once it is over."""
    if state["phase"] == "lobby":
        may = [s for s in state["seats"] if legal_actions(state, s)]
        players = state["players"]
        return [s for s in may if s not in players] + [s for s in may if s in players]
    pd = state["pending"]
    return [pd["seat"]] if pd is not None else []


def outcome(state: dict) -> dict | None:
    r = state["result"]
    if r is None:
        return None
    return {"winners": list(r["winners"]), "side": None, "scores": dict(r["scores"])}


def reveals(events: list[dict], tape: list[int]) -> bool:
    if tape:
        return True
    return any(ev["type"] in REVEALING or ev.get("visible_to") is not None for ev in events)


def _check_shapes(name, seat, args) -> None:
    if type(name) not in ATOMIC or name not in ACTIONS:
        raise refuse("BAD-ARGS", "bad_action", 400, what=str(name)[:40])
    if type(seat) not in ATOMIC:
        raise refuse("BAD-ARGS", "bad_args", 400, what="player")
    for key, value in args.items():
        if type(value) in ATOMIC:
            continue
        if key == "promise" and type(value) is list and all(type(v) is str for v in value):
            continue
        raise refuse("BAD-ARGS", "bad_args", 400, what=str(key)[:40])


def next_turn(state: dict, rng, events: list) -> None:
    if scoring.check_end(state, events):
        return
    if state["phase"] == "fight":
        fight.next_turn(state, rng, events)
    else:
        explore.next_turn(state, rng, events)


def apply_in_place(state: dict, action: dict, rng) -> list[dict]:
    name, seat = action.get("action"), action.get("player")
    args = action.get("args") or {}
    if not isinstance(args, dict):
        raise refuse("BAD-ARGS", "bad_args", 400, what="args")
    _check_shapes(name, seat, args)
    events: list[dict] = []
    phase = state["phase"]
    if phase == "over":
        raise refuse("GAME-OVER", "game_over", 409)
    if phase == "lobby":
        if name == "sit":
            table.sit(state, seat, events)
        elif name == "start":
            table.start(state, rng, seat, events)
        elif name == "choose_character":
            raise refuse("E-SETUP-1", "characters_dealt")
        else:
            raise refuse("NOT-STARTED", "in_lobby", 409)
        run(state, rng, events, next_turn)
        return events
    if name in ("sit", "start", "choose_character"):
        raise refuse("NOT-LOBBY", "not_lobby", 409)
    pd = state["pending"]
    if pd is None or pd["seat"] != seat:
        raise refuse("NOT-YOUR-TURN", "not_your_turn", 409 if seat in state["players"] else 403)
    if phase == "setup":
        if name != "choose_place":
            raise refuse("E-SETUP-2", "wrong_action", what=name)
        table.choose_place(state, seat, args.get("place"), events)
    else:
        answer = ANSWERS[pd["kind"]].get(name)
        if answer is None:
            if phase == "fight" and name in PHASE1_ACTIONS:
                raise refuse("E-INFECT-2", "phase1_only")
            code = actions.free_code(pd) if pd["kind"] == "free" else KIND_RULE[pd["kind"]]
            raise refuse(code, "wrong_action", 409 if code == "PENDING" else 422, what=name)
        state["pending"] = None
        answer(state, rng, seat, pd, args, events)
    run(state, rng, events, next_turn)
    return events
