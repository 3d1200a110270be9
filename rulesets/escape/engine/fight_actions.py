"""Answers to the phase-2 prompts: the players next to an infected (use an
item, then attack, flee or hide), the rest of the column, the offers they
put to each other, and the infected's attacks (E-ADJ, E-REST, E-ATK)."""
from __future__ import annotations

from . import cards as C
from . import column as K
from .actions import check_instant, play
from .fight import award, eliminate, infected_attack
from .flow import ask, emit, push, task
from .text import refuse


def _bar_after_swap(state: dict, a: str, b: str, events: list) -> None:
    """E-REST-1: whoever swapped places with a player next to an infected
    sits out its next turn."""
    near = {s: bool(K.adjacent_infected(state, s)) for s in (a, b)}
    K.swap(state, a, b, "flee" if near[a] else "swap", events)
    for s, other in ((a, b), (b, a)):
        if near[other]:
            state["players"][s]["barred"] = True
            emit(events, "barred", seat=s)


# -- next to an infected ------------------------------------------------------------
def _adj_play(state, rng, seat, pd, args, events):
    """E-ADJ-1: one item first (food, a toy…), then the turn's action."""
    if pd["used"]:
        raise refuse("E-ADJ-1", "item_used")
    check_instant(state, seat, args.get("card"), "fight", "E-ADJ-1")
    push(state, "adjacent_again", seat=seat, refused=pd["refused"])
    play(state, seat, args["card"], events)


@task("adjacent_again")
def _adjacent_again(state, rng, t, events):
    seat = t["seat"]
    if K.alive(state, seat) and K.adjacent_infected(state, seat):
        ask(state, seat, "adjacent", events, used=True, refused=t["refused"])


def hits(state: dict, card: str, infected: str) -> bool:
    """Whether a card meets the infected card's elimination condition."""
    return bool(set(state["rules"]["items"][card]["tags"]) & set(state["infected"][infected]["hit_by"]))


def _attack(state, rng, seat, pd, args, events):
    """E-ADJ-2: a card meeting the condition, from hand or equipment, goes
    onto the infected card: +1 VP; the last hit needed eliminates it: +3 more."""
    near = K.adjacent_infected(state, seat)
    target = args.get("infected", near[0] if len(near) == 1 else None)
    if target not in near:
        raise refuse("E-ADJ-2", "no_infected")
    card = args.get("card")
    p = state["players"][seat]
    if card not in p["hand"] and card not in p["equipment"]:
        raise refuse("E-ADJ-2", "not_held")
    if not hits(state, card, target):
        raise refuse("E-ADJ-2", "no_hit")
    where = C.take_from(state, seat, card)
    inf = state["infected"][target]
    inf["hits"].append(card)
    emit(events, "attack", seat=seat, infected=target, card=card, source=where,
         hits=len(inf["hits"]), hits_needed=inf["hits_needed"])
    if where == "hand":
        C.hand_changed(state, seat, events)
    award(state, seat, C.settings(state)["vp_hit"], "attack", events)
    if len(inf["hits"]) >= inf["hits_needed"]:
        eliminate(state, target, seat, events)


def _flee(state, rng, seat, pd, args, events):
    """E-ADJ-3: offer a swap to any player in the column, with cards promised."""
    partner, promise = args.get("with"), args.get("promise") or []
    if partner == seat or not K.alive(state, partner):
        raise refuse("E-ADJ-3", "bad_partner")
    if partner in pd["refused"]:
        raise refuse("E-ADJ-3", "asked_already")
    p = state["players"][seat]
    if type(promise) is not list or len(set(promise)) != len(promise) or any(
            c not in p["hand"] and c not in p["equipment"] for c in promise):
        raise refuse("E-ADJ-3", "not_held")
    emit(events, "flee_offered", **{"from": seat}, to=partner, promised=len(promise))
    emit(events, "flee_promise", visible_to=[seat, partner], **{"from": seat}, to=partner, promise=list(promise))
    ask(state, partner, "flee_offer", events, **{"from": seat}, promise=list(promise), used=pd["used"],
        refused=pd["refused"])


def _flee_accept(state, rng, seat, pd, args, events):
    runner = pd["from"]
    emit(events, "flee_accepted", **{"from": runner}, to=seat)
    for card in pd["promise"]:
        C.take_from(state, runner, card)
        state["players"][seat]["hand"].append(card)
    if pd["promise"]:
        emit(events, "promise_kept", visible_to=[runner, seat], **{"from": runner}, to=seat,
             cards=list(pd["promise"]))
        C.hand_changed(state, runner, events)
        C.hand_changed(state, seat, events)
        push(state, "limit", seat=seat)
    _bar_after_swap(state, runner, seat, events)


def _flee_refuse(state, rng, seat, pd, args, events):
    emit(events, "flee_refused", **{"from": pd["from"]}, to=seat)
    ask(state, pd["from"], "adjacent", events, used=pd["used"], refused=pd["refused"] + [seat])


def _hide(state, rng, seat, pd, args, events):
    """E-ADJ-4: an advance among the cards drawn hides the player (the
    resident draws two). Stairs up go back into the deck; the rest are discarded."""
    spec = state["rules"]["explore"]
    drawn = []
    for _ in range(state["rules"]["characters"][state["players"][seat]["character"]]["hide_draws"]):
        card = C.draw_explore(state, rng, events)
        if card is None:
            break
        drawn.append(card)
        emit(events, "explore_drawn", seat=seat, card=card, kind=spec[card]["kind"], purpose="hide")
    success = any(spec[c]["kind"] == "advance" for c in drawn)
    for card in drawn:
        if spec[card]["stairs"]:
            C.stairs_back(state, rng, card, events)
        else:
            state["discards"]["explore"].append(card)
    if success:
        state["players"][seat]["status"] = "hidden"
        state["hidden"].append(seat)
        K.leave(state, seat, "hidden", events)
    emit(events, "hide", seat=seat, success=success, cards=drawn)


# -- the rest of the column -----------------------------------------------------------
def _rest_draw(state, rng, seat, pd, args, events):
    """E-REST-1: an item card, no change of place (none once the deck is empty, E-DECK-1)."""
    if not state["decks"]["item"]:
        raise refuse("E-DECK-1", "item_deck_empty")
    C.draw_items(state, seat, 1, events)


def _rest_swap(state, rng, seat, pd, args, events):
    partner = args.get("with")
    if partner == seat or not K.alive(state, partner):
        raise refuse("E-REST-1", "bad_partner")
    if partner in pd["refused"]:
        raise refuse("E-REST-1", "asked_already")
    emit(events, "swap_offered", **{"from": seat}, to=partner)
    ask(state, partner, "swap_offer", events, **{"from": seat}, refused=pd["refused"])


def _swap_accept(state, rng, seat, pd, args, events):
    emit(events, "swap_accepted", **{"from": pd["from"]}, to=seat)
    _bar_after_swap(state, pd["from"], seat, events)


def _swap_refuse(state, rng, seat, pd, args, events):
    emit(events, "swap_refused", **{"from": pd["from"]}, to=seat)
    ask(state, pd["from"], "rest", events, refused=pd["refused"] + [seat])


def _rest_play(state, rng, seat, pd, args, events):
    check_instant(state, seat, args.get("card"), "fight", "E-REST-1")
    play(state, seat, args["card"], events)


def _rest_skill(state, rng, seat, pd, args, events):
    raise refuse("E-REST-1", "no_skill_rest")


def _pass(state, rng, seat, pd, args, events):
    emit(events, "passed", seat=seat)


# -- the infected -----------------------------------------------------------------------
def _infected_attack(state, rng, seat, pd, args, events):
    """E-ATK-1: one of the nearest players who are not infected; E-ATK-6: one attack."""
    target = args.get("target")
    if target not in pd["targets"]:
        raise refuse("E-ATK-1", "bad_target")
    infected_attack(state, rng, pd["infected"], target, seat, events)


def _token_roll(state, rng, seat, pd, args, events):
    """E-ATK-5: the leader rolls for an infected token."""
    infected_attack(state, rng, pd["infected"], pd["target"], seat, events)


ANSWERS = {
    "adjacent": {"play": _adj_play, "attack": _attack, "flee": _flee, "hide": _hide},
    "flee_offer": {"accept": _flee_accept, "refuse": _flee_refuse},
    "rest": {"draw": _rest_draw, "swap": _rest_swap, "play": _rest_play, "skill": _rest_skill, "pass": _pass},
    "swap_offer": {"accept": _swap_accept, "refuse": _swap_refuse},
    "infect_attack": {"attack": _infected_attack},
    "token_roll": {"roll": _token_roll},
}
