"""Every action a seat may take now, with its arguments.

Only the seat the game waits for has any (in the lobby: anyone at the
table). Offers list one card at a time (a trade, a flee with no promise or
one promised card); the actions themselves take any promise.
"""
from __future__ import annotations

from ..steps import playable_in
from . import cards as C
from . import column as K
from .actions import skill_of, skill_spent
from .fight_actions import hits
from .table import MAX_PLAYERS, MIN_PLAYERS, free_places


def _a(name: str, **args) -> dict:
    return {"action": name, "args": args}


def _instants(state: dict, seat: str, phase: str) -> list[dict]:
    items = state["rules"]["items"]
    out = []
    for card in state["players"][seat]["hand"]:
        spec = items[card]
        if spec["kind"] == "instant" and spec["use"] and playable_in(spec["use"], phase):
            out.append(_a("play", card=card))
    return out


def _others(state: dict, seat: str, refused: list) -> list[str]:
    return [s for s in K.living(state) if s != seat and s not in refused]


def _owned(state: dict, seat: str) -> list[str]:
    p = state["players"][seat]
    return p["hand"] + p["equipment"]


def _lobby(state: dict, seat: str) -> list[dict]:
    players = state["players"]
    if seat not in state["seats"]:
        return []
    if seat not in players:
        return [_a("sit")] if len(players) < MAX_PLAYERS else []
    return [_a("start")] if len(players) >= MIN_PLAYERS else []


def _free(state: dict, seat: str, pd: dict) -> list[dict]:
    p = state["players"][seat]
    items = state["rules"]["items"]
    out = _instants(state, seat, "explore")
    full = len(p["equipment"]) >= C.settings(state)["equipment_limit"]
    for card in p["hand"]:
        if items[card]["kind"] == "equipment":
            out += [_a("equip", card=card, discard=d) for d in p["equipment"]] if full else [_a("equip", card=card)]
    for partner in _others(state, seat, pd["refused"]):
        out += [_a("trade", card=c, **{"with": partner}) for c in _owned(state, seat)]
    if skill_of(state, seat)["when"] == "free" and not skill_spent(state, seat):
        out.append(_a("skill"))
    out.append(_a("pass"))
    return out


def _explore_actions(state: dict, seat: str) -> list[dict]:
    out = [_a("explore")]
    if skill_of(state, seat)["when"] == "explore" and not skill_spent(state, seat):
        out.append(_a("explore", skill=True))
    return out


def _adjacent(state: dict, seat: str, pd: dict) -> list[dict]:
    out = [] if pd["used"] else _instants(state, seat, "fight")
    for inf in K.adjacent_infected(state, seat):
        out += [_a("attack", card=c, infected=inf) for c in _owned(state, seat) if hits(state, c, inf)]
    for partner in _others(state, seat, pd["refused"]):
        out.append(_a("flee", promise=[], **{"with": partner}))
        out += [_a("flee", promise=[c], **{"with": partner}) for c in _owned(state, seat)]
    out.append(_a("hide"))
    return out


def _rest(state: dict, seat: str, pd: dict) -> list[dict]:
    out = [_a("draw")] if state["decks"]["item"] else []
    out += [_a("swap", **{"with": partner}) for partner in _others(state, seat, pd["refused"])]
    return out + _instants(state, seat, "fight") + [_a("pass")]


def _hand_limit(state: dict, seat: str) -> list[dict]:
    hand = state["players"][seat]["hand"]
    out = [_a("discard", card=c) for c in hand]
    takers = [s for s in K.living(state) if s != seat and C.room_in_hand(state, s)]
    return out + [_a("give", card=c, to=s) for c in hand for s in takers]


def legal_actions(state: dict, seat: str) -> list[dict]:
    phase = state["phase"]
    if phase == "lobby":
        return _lobby(state, seat)
    pd = state["pending"]
    if phase == "over" or pd is None or pd["seat"] != seat:
        return []
    kind = pd["kind"]
    if kind == "place":
        return [_a("choose_place", place=i) for i in free_places(state)]
    if kind == "keep":
        return [_a("keep", card=c) for c in state["passing"]]
    if kind == "lead_explore":
        return _explore_actions(state, seat)
    if kind == "member":
        return [_a("search")] + _explore_actions(state, seat)
    if kind == "free":
        return _free(state, seat, pd)
    if kind == "trade":
        return [_a("accept", card=c) for c in _owned(state, seat)] + [_a("refuse")]
    if kind in ("flee_offer", "swap_offer"):
        return [_a("accept"), _a("refuse")]
    if kind == "hand_limit":
        return _hand_limit(state, seat)
    if kind == "choose":
        return [_a("choose", option=o) for o in pd["options"]]
    if kind == "adjacent":
        return _adjacent(state, seat, pd)
    if kind == "rest":
        return _rest(state, seat, pd)
    if kind == "infect_attack":
        return [_a("attack", target=t) for t in pd["targets"]]
    if kind == "token_roll":
        return [_a("roll")]
    raise AssertionError(f"no legal actions for prompt {kind}")
