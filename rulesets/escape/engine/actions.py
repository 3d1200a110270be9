"""Answers to the phase-1 prompts and the ones shared by both phases:
keeping a passed card, exploring, searching, the one optional action
(instant, equip, trade, skill), the hand limit and a card's choices."""
from __future__ import annotations

from ..steps import playable_in
from . import cards as C
from . import column as K
from .effects import answer_choice
from .explore import keep
from .flow import ask, emit, push, push_steps
from .text import refuse


def free_code(pd: dict) -> str:
    return "E-LEAD-2" if pd.get("role") == "leader" else "E-MEMBER-4"


def skill_of(state: dict, seat: str) -> dict:
    return state["rules"]["characters"][state["players"][seat]["character"]]["skill"]


def skill_spent(state: dict, seat: str) -> bool:
    used = state["players"][seat]["skill_used"]
    return used is not None and (skill_of(state, seat)["limit"] == "game" or used == state["round_n"])


def _use_skill(state: dict, seat: str, events: list) -> None:
    state["players"][seat]["skill_used"] = state["round_n"]
    emit(events, "skill_used", seat=seat, character=state["players"][seat]["character"])
    push_steps(state, seat, skill_of(state, seat)["steps"])


# -- phase 1 ------------------------------------------------------------------------
def _keep(state, rng, seat, pd, args, events):
    card = args.get("card")
    if card not in state["passing"]:
        raise refuse("E-LEAD-1", "not_passed")
    keep(state, seat, card, events)


def _explore(state, rng, seat, pd, args, events):
    """E-LEAD-1(b) / E-MEMBER-3; `skill: true` is the resident's way to explore."""
    if args.get("skill"):
        if skill_of(state, seat)["when"] != "explore":
            raise refuse("E-MEMBER-3", "no_skill")
        if skill_spent(state, seat):
            raise refuse("E-MEMBER-3", "skill_used")
        _use_skill(state, seat, events)
        return
    push(state, "explore", seat=seat)


def _search(state, rng, seat, pd, args, events):
    """E-MEMBER-2: one item, then a swap with the player behind."""
    C.draw_items(state, seat, 1, events)
    behind = K.neighbours(state, seat)[1]
    if K.alive(state, behind):
        K.swap(state, seat, behind, "search", events)


def check_instant(state: dict, seat: str, card, phase: str, code: str) -> None:
    if card not in state["players"][seat]["hand"]:
        raise refuse(code, "not_held")
    spec = state["rules"]["items"].get(card)
    if spec["kind"] != "instant" or not spec["use"]:
        raise refuse("E-KIT-3", "not_instant")
    if not playable_in(spec["use"], phase):
        raise refuse(code, "not_now")


def play(state: dict, seat: str, card: str, events: list) -> None:
    """E-KIT-3: an instant is used once, then discarded."""
    state["players"][seat]["hand"].remove(card)
    emit(events, "item_played", seat=seat, card=card)
    C.discard_item(state, seat, card, events, "used")
    C.hand_changed(state, seat, events)
    push_steps(state, seat, C.item(state, card)["use"], card)


def _play(state, rng, seat, pd, args, events):
    check_instant(state, seat, args.get("card"), "explore", free_code(pd))
    play(state, seat, args["card"], events)


def _equip(state, rng, seat, pd, args, events):
    """E-MEMBER-4 / E-KIT-3: at most 3 equipped; a fourth replaces one, discarded."""
    code = free_code(pd)
    card, drop = args.get("card"), args.get("discard")
    p = state["players"][seat]
    if card not in p["hand"]:
        raise refuse(code, "not_held")
    if C.item(state, card)["kind"] != "equipment":
        raise refuse("E-KIT-3", "not_equipment")
    limit = C.settings(state)["equipment_limit"]
    if len(p["equipment"]) >= limit:
        if drop not in p["equipment"]:
            raise refuse("E-MEMBER-4", "equip_full", limit=limit)
    elif drop is not None:
        raise refuse("BAD-ARGS", "bad_args", 400, what="discard")
    p["hand"].remove(card)
    if drop is not None:
        p["equipment"].remove(drop)
        C.discard_item(state, seat, drop, events, "equipment_limit")
    p["equipment"].append(card)
    emit(events, "equipped", seat=seat, card=card, equipment=list(p["equipment"]))
    C.hand_changed(state, seat, events)


def _trade(state, rng, seat, pd, args, events):
    """E-LEAD-2: offer one of your cards (hand or equipment) for one of theirs;
    the other seat answers."""
    code = free_code(pd)
    partner, card = args.get("with"), args.get("card")
    if partner == seat or not K.alive(state, partner):
        raise refuse(code, "bad_partner")
    if partner in pd["refused"]:
        raise refuse(code, "asked_already")
    p = state["players"][seat]
    if card not in p["hand"] and card not in p["equipment"]:
        raise refuse(code, "not_held")
    emit(events, "trade_offered", **{"from": seat}, to=partner)
    emit(events, "trade_card", visible_to=[seat, partner], **{"from": seat}, to=partner, card=card)
    ask(state, partner, "trade", events, **{"from": seat}, card=card, role=pd["role"], refused=pd["refused"])


def _trade_accept(state, rng, seat, pd, args, events):
    mine, proposer, theirs = args.get("card"), pd["from"], pd["card"]
    p = state["players"][seat]
    if mine not in p["hand"] and mine not in p["equipment"]:
        raise refuse("E-LEAD-2", "not_held")
    gave_from = C.take_from(state, proposer, theirs)
    got_from = C.take_from(state, seat, mine)
    state["players"][proposer]["hand"].append(mine)
    p["hand"].append(theirs)
    emit(events, "trade_done", **{"from": proposer}, to=seat,
         equipment={proposer: theirs if gave_from == "equipment" else None,
                    seat: mine if got_from == "equipment" else None})
    emit(events, "trade_cards", visible_to=[proposer, seat], **{"from": proposer}, to=seat, gave=theirs, got=mine)
    for s in (proposer, seat):
        C.hand_changed(state, s, events)
        push(state, "limit", seat=s)


def _trade_refuse(state, rng, seat, pd, args, events):
    emit(events, "trade_refused", **{"from": pd["from"]}, to=seat)
    push(state, "free", seat=pd["from"], role=pd["role"], refused=pd["refused"] + [seat])


def _skill(state, rng, seat, pd, args, events):
    code = free_code(pd)
    when = skill_of(state, seat)["when"]
    if when == "explore":
        raise refuse(code, "resident_explore")
    if when != "free":
        raise refuse(code, "no_skill")
    if skill_spent(state, seat):
        raise refuse(code, "skill_used")
    _use_skill(state, seat, events)


def _pass(state, rng, seat, pd, args, events):
    emit(events, "passed", seat=seat)


# -- both phases ----------------------------------------------------------------------
def _limit_discard(state, rng, seat, pd, args, events):
    card = args.get("card")
    if card not in state["players"][seat]["hand"]:
        raise refuse("E-HAND-1", "not_held")
    state["players"][seat]["hand"].remove(card)
    C.discard_item(state, seat, card, events, "hand_limit")
    C.hand_changed(state, seat, events)
    push(state, "limit", seat=seat)


def _limit_give(state, rng, seat, pd, args, events):
    """E-HAND-1: an extra card may go to another player whose hand has room."""
    card, to = args.get("card"), args.get("to")
    if card not in state["players"][seat]["hand"]:
        raise refuse("E-HAND-1", "not_held")
    if to == seat or not K.alive(state, to):
        raise refuse("E-HAND-1", "bad_partner")
    if not C.room_in_hand(state, to):
        raise refuse("E-HAND-1", "no_room")
    state["players"][seat]["hand"].remove(card)
    state["players"][to]["hand"].append(card)
    emit(events, "extra_given", **{"from": seat}, to=to)
    emit(events, "extra_given_card", visible_to=[seat, to], **{"from": seat}, to=to, card=card)
    C.hand_changed(state, seat, events)
    C.hand_changed(state, to, events)
    push(state, "limit", seat=seat)


def _choose(state, rng, seat, pd, args, events):
    option = args.get("option")
    if option not in pd["options"]:
        raise refuse("E-AUTH-1", "bad_option")
    answer_choice(state, rng, seat, pd, option, events)


ANSWERS = {
    "keep": {"keep": _keep},
    "lead_explore": {"explore": _explore},
    "member": {"search": _search, "explore": _explore},
    "free": {"play": _play, "equip": _equip, "trade": _trade, "skill": _skill, "pass": _pass},
    "trade": {"accept": _trade_accept, "refuse": _trade_refuse},
    "hand_limit": {"discard": _limit_discard, "give": _limit_give},
    "choose": {"choose": _choose},
}
