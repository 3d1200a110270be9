"""Phase 1, exploring: rounds, the distribute chain, explore cards and
revelations (E-LEAD, E-MEMBER, E-EXPLORE)."""
from __future__ import annotations

from . import cards as C
from . import column as K
from .flow import ask, emit, push, push_steps, task

STAIRS_TO_ESCAPE = 4          # E-KIT-4 / E-END-2
REVELATIONS_TO_INFECT = 3     # E-EXPLORE-1


# -- rounds ---------------------------------------------------------------------
def start_round(state: dict, events: list) -> None:
    """E-LEAD-1 / E-MEMBER-1: the front player leads; the members act in the
    column order as it stands now, whatever swaps the round brings."""
    lead = K.leader(state)
    members = [m for m in K.living(state) if m != lead]
    state["round_n"] += 1
    state["round"] = {"n": state["round_n"], "leader": lead, "members": members, "i": -1}
    emit(events, "round_began", round=state["round_n"], leader=lead, members=list(members))
    emit(events, "turn_began", seat=lead, role="leader")
    push(state, "free", seat=lead, role="leader")
    push(state, "lead_explore", seat=lead)
    push(state, "distribute", seat=lead)


def next_turn(state: dict, rng, events: list) -> None:
    r = state["round"]
    if r is None:
        start_round(state, events)
        return
    members = r["members"]
    while True:
        r["i"] += 1
        if r["i"] >= len(members):
            state["round"] = None
            start_round(state, events)
            return
        seat = members[r["i"]]
        if K.alive(state, seat):
            break
    emit(events, "turn_began", seat=seat, role="member")
    push(state, "free", seat=seat, role="member")
    ask(state, seat, "member", events)


@task("lead_explore")
def _lead_explore(state, rng, t, events):
    if K.alive(state, t["seat"]):
        ask(state, t["seat"], "lead_explore", events)


@task("free")
def _free(state, rng, t, events):
    if K.alive(state, t["seat"]) and state["phase"] == "explore":
        ask(state, t["seat"], "free", events, role=t["role"], refused=t.get("refused", []))


# -- the distribute chain -----------------------------------------------------------
@task("distribute")
def _distribute(state, rng, t, events):
    """E-LEAD-1(a): as many items as players in the column; each keeps one and
    passes the rest back. The cards in the chain are `state["passing"]`."""
    seat = t["seat"]
    n = len(K.living(state))
    deck = state["decks"]["item"]
    got = deck[:n]
    del deck[:n]
    if len(got) < n:
        emit(events, "item_deck_empty", seat=seat)
    if not got:
        return
    state["passing"] = got
    emit(events, "items_dealt", seat=seat, count=len(got))
    emit(events, "cards_received", visible_to=[seat], seat=seat, cards=list(got))
    push(state, "keep_from", seat=seat)


@task("keep_from")
def _keep_from(state, rng, t, events):
    cards = state["passing"]
    if len(cards) == 1:
        keep(state, t["seat"], cards[0], events)
    elif cards:
        ask(state, t["seat"], "keep", events, count=len(cards))


def keep(state: dict, seat: str, card: str, events: list) -> None:
    state["passing"].remove(card)
    state["players"][seat]["hand"].append(card)
    emit(events, "item_kept", visible_to=[seat], seat=seat, card=card)
    C.hand_changed(state, seat, events)
    push(state, "pass_on", seat=seat)
    push(state, "limit", seat=seat)


@task("pass_on")
def _pass_on(state, rng, t, events):
    cards = state["passing"]
    if not cards:
        return
    col = state["column"]
    behind = None
    if t["seat"] in col:
        behind = next((m for m in col[col.index(t["seat"]) + 1:] if K.alive(state, m)), None)
    if behind is None:          # the column changed under the chain: what is left is discarded
        for card in list(cards):
            cards.remove(card)
            C.discard_item(state, t["seat"], card, events, "chain_end")
        return
    emit(events, "cards_passed", **{"from": t["seat"]}, to=behind, count=len(cards))
    emit(events, "cards_received", visible_to=[behind], seat=behind, cards=list(cards))
    push(state, "keep_from", seat=behind)


# -- explore cards ------------------------------------------------------------------
@task("explore")
def _explore(state, rng, t, events):
    card = C.draw_explore(state, rng, events)
    if card is None:
        emit(events, "explore_deck_empty", seat=t["seat"])
        return
    state["resolving"].append(card)
    push(state, "resolve", seat=t["seat"], card=card)


@task("resolve")
def _resolve(state, rng, t, events):
    """Show the card to all and resolve it by its kind (E-EXPLORE-1..3)."""
    seat, card = t["seat"], t["card"]
    spec = C.explore_card(state, card)
    kind = spec["kind"]
    emit(events, "explore_drawn", seat=seat, card=card, kind=kind)
    if kind == "revelation":
        push(state, "place", seat=seat, card=card, spot=None)
    elif kind == "advance":
        if spec["swap"] and seat in state["column"]:     # E-AUTH-1: a card may say it does not
            ahead = K.neighbours(state, seat)[0]
            if K.alive(state, ahead):
                K.swap(state, seat, ahead, "advance", events)
        if spec["stairs"]:
            if count_stairs(state, rng, card, events):
                return
            push_steps(state, seat, spec["steps"], card)
            return
        push(state, "settle", card=card)
    else:
        push(state, "settle", card=card)
    push_steps(state, seat, spec["steps"], card)


def count_stairs(state: dict, rng, card: str, events: list) -> bool:
    """E-END-2: the fourth stairs up outside phase 2 ends the game at once.
    True when the game is over."""
    from .scoring import finish
    state["resolving"].remove(card)
    if state["phase"] == "fight":
        C.stairs_back(state, rng, card, events)
        return False
    state["stairs"].append(card)
    emit(events, "stairs_counted", card=card, count=len(state["stairs"]))
    if len(state["stairs"]) >= STAIRS_TO_ESCAPE:
        finish(state, "stairs", events)
        return True
    return False


@task("settle")
def _settle(state, rng, t, events):
    state["resolving"].remove(t["card"])
    state["discards"]["explore"].append(t["card"])


@task("place")
def _place(state, rng, t, events):
    """E-EXPLORE-1: a revelation goes where its card says; the third in one
    place starts phase 2 (E-INFECT-1)."""
    from .fight import begin_phase2
    seat, card, spot = t["seat"], t["card"], t["spot"]
    if spot is None:
        how = C.explore_card(state, card)["place"]
        if how in ("front", "end"):
            spot = how
        elif how == "chosen":
            options = K.living(state)
            if len(options) > 1:
                ask(state, seat, "choose", events, purpose="place", options=options, task=t)
                return
            spot = options[0] if options else "end"
        elif how in ("ahead", "behind") and seat in state["column"]:
            near = K.neighbours(state, seat)[0 if how == "ahead" else 1]
            spot = near if K.alive(state, near) else seat
        else:
            spot = seat
    if spot not in ("front", "end") and not K.alive(state, spot):
        spot = "end"            # a character card gone from the column takes no revelation
    state["resolving"].remove(card)
    pile = state["spots"][spot] if spot in ("front", "end") else state["players"][spot]["revelations"]
    pile.append(card)
    emit(events, "revelation_placed", seat=seat, card=card, spot=spot, count=len(pile))
    if len(pile) >= REVELATIONS_TO_INFECT and state["phase"] == "explore":
        begin_phase2(state, rng, spot, seat, events)
