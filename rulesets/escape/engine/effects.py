"""The card steps at work: one handler per op of `rulesets.escape.steps`.

A step acts on targets seen from the seat resolving the card. A step whose
target the resolver chooses asks it (a `choose` prompt) and runs again with
the answer; a step the target must decide (which cards to discard) asks the
target, whoever it is.
"""
from __future__ import annotations

from ..steps import STEPS
from . import cards as C
from . import column as K
from .flow import ask, emit, push, push_steps, roll_die, task

HANDLERS: dict = {}


def handler(op: str):
    assert op in STEPS, op

    def register(fn):
        HANDLERS[op] = fn
        return fn
    return register


@task("step")
def _step(state, rng, t, events):
    HANDLERS[t["step"]["op"]](state, rng, t, events)


def targets(state: dict, t: dict, events: list) -> list[str] | None:
    """The players a step acts on; None when the resolver is asked to choose."""
    if "target" in t:
        return [t["target"]] if K.alive(state, t["target"]) else []
    seat, how = t["seat"], t["step"].get("target", "self")
    if how == "self":
        return [seat] if K.alive(state, seat) else []
    if how == "all":
        return K.living(state)
    if how == "leader":
        first = K.leader(state)
        return [first] if first else []
    if how in ("ahead", "behind"):
        if seat not in state["column"]:
            return []
        near = K.neighbours(state, seat)[0 if how == "ahead" else 1]
        return [near] if K.alive(state, near) else []
    options = K.living(state)                   # chosen
    if len(options) <= 1:
        return options
    ask(state, seat, "choose", events, purpose="target", options=options, task=t)
    return None


def change_stamina(state: dict, seat: str, amount: int, events: list, by=None) -> None:
    """Stamina moves within 0..start; at 0 the character dies (E-ATK-4)."""
    from .fight import die
    p = state["players"][seat]
    new = max(0, min(p["max"], p["stamina"] + amount))
    if new == p["stamina"]:
        return
    p["stamina"] = new
    emit(events, "stamina_changed", seat=seat, stamina=new, delta=amount)
    if new == 0:
        die(state, seat, by, events)


@handler("stamina")
def _stamina(state, rng, t, events):
    for seat in targets(state, t, events) or []:
        change_stamina(state, seat, t["step"]["amount"], events)


@handler("draw_item")
def _draw_item(state, rng, t, events):
    for seat in targets(state, t, events) or []:
        C.draw_items(state, seat, t["step"]["count"], events)


@handler("discard_item")
def _discard_item(state, rng, t, events):
    for seat in targets(state, t, events) or []:
        hand = state["players"][seat]["hand"]
        if hand:
            left = t.get("left", t["step"]["count"])
            ask(state, seat, "choose", events, purpose="discard", options=list(hand),
                task={**t, "target": seat, "left": left})


@handler("move")
def _move(state, rng, t, events):
    for seat in targets(state, t, events) or []:
        to = t["step"]["to"]
        if to in ("front", "end"):
            K.move_to(state, seat, to, "card", events)
            continue
        near = K.neighbours(state, seat)[0 if to == "ahead" else 1]
        if K.alive(state, near):
            K.swap(state, seat, near, "card", events)


@handler("peek_explore")
def _peek(state, rng, t, events):
    top = state["decks"]["explore"][:t["step"]["count"]]
    emit(events, "explore_peeked", visible_to=[t["seat"]], seat=t["seat"], cards=top)
    emit(events, "explore_peeked_count", seat=t["seat"], count=len(top))


@handler("remove_revelation")
def _remove_revelation(state, rng, t, events):
    for seat in targets(state, t, events) or []:
        revs = state["players"][seat]["revelations"]
        if revs:
            card = revs.pop()
            state["discards"]["explore"].append(card)
            emit(events, "revelation_removed", seat=seat, card=card)


@handler("draw_explore")
def _draw_explore(state, rng, t, events):
    if state["phase"] == "explore" and K.alive(state, t["seat"]):
        push(state, "explore", seat=t["seat"])


@handler("distract")
def _distract(state, rng, t, events):
    seat = t["seat"]
    if seat in state["column"]:
        for m in K.adjacent_infected(state, seat):
            state["infected"][m]["distracted"] = True
            emit(events, "infected_distracted", seat=seat, infected=m)


@handler("scout")
def _scout(state, rng, t, events):
    """Draw several explore cards; the seat resolves one, the rest go under the deck."""
    seat = t["seat"]
    drawn = []
    for _ in range(t["step"]["count"]):
        card = C.draw_explore(state, rng, events)
        if card is None:
            break
        drawn.append(card)
    if not drawn:
        emit(events, "explore_deck_empty", seat=seat)
        return
    state["resolving"].extend(drawn)
    emit(events, "explore_scouted", visible_to=[seat], seat=seat, cards=drawn)
    emit(events, "explore_scouted_count", seat=seat, count=len(drawn))
    if len(drawn) == 1:
        push(state, "resolve", seat=seat, card=drawn[0])
        return
    ask(state, seat, "choose", events, purpose="scout", options=drawn, task=t)


@handler("roll")
def _roll(state, rng, t, events):
    face = roll_die(rng)                         # E-KIT-5
    emit(events, "dice_rolled", seat=t["seat"], purpose="card", card=t.get("card"), faces=[face], total=face)
    for o in t["step"]["outcomes"]:
        if o["min"] <= face <= o["max"]:
            push_steps(state, t["seat"], o["then"], t.get("card"))
            return


@handler("nothing")
def _nothing(state, rng, t, events):
    pass


def answer_choice(state: dict, rng, seat: str, pd: dict, option, events: list) -> None:
    """The `choose` prompt's answer, already checked to be one of its options."""
    t = pd["task"]
    purpose = pd["purpose"]
    if purpose == "target":
        state["stack"].append({**t, "target": option})
    elif purpose == "discard":
        C.take_from(state, seat, option)
        C.discard_item(state, seat, option, events, "card")
        C.hand_changed(state, seat, events)
        if t["left"] > 1:
            state["stack"].append({**t, "left": t["left"] - 1})
    elif purpose == "scout":
        rest = [c for c in pd["options"] if c != option]
        for card in rest:
            state["resolving"].remove(card)
            state["decks"]["explore"].append(card)
        emit(events, "explore_to_bottom", seat=seat, count=len(rest))
        push(state, "resolve", seat=seat, card=option)
    elif purpose == "place":
        push(state, "place", seat=t["seat"], card=t["card"], spot=option)
