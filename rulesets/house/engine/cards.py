"""Drawing, keeping and discarding cards (R-CARD, R-MOVE-4, R-ITEM-6)."""
from __future__ import annotations

from kit.draft import peek, reading
from kit.engine import shuffle
from . import traits as T
from .effects import is_traitor, op, push


def end_movement(state: dict, seat: str, rule: str, events: list) -> None:
    turn = state["turn"]
    if turn.get("seat") == seat and turn["may_move"]:
        turn["may_move"] = False
        events.append({"type": "movement_ended", "seat": seat, "rule": rule})


def take(state: dict, seat: str, card: str, events: list) -> None:
    """A card comes into a hand: its trait bonus applies, clipped at the top
    of the track, and only the part gained is remembered (R-ITEM-6)."""
    p = state["players"][seat]
    p["held"].append(card)
    bonus = state["rules"]["cards"][card]["trait_bonus"]
    if bonus:
        p["bonus"][card] = {t: T.change(state, seat, t, n, events) for t, n in bonus.items()}


def release(state: dict, seat: str, card: str, events: list) -> None:
    p = state["players"][seat]
    p["held"].remove(card)
    for t, n in p["bonus"].pop(card, {}).items():
        if n:
            T.change(state, seat, t, -n, events)


@op("_draw1")
def draw_one(state, rng, seat, step, events):
    deck_name = step["deck"]
    deck = state["decks"][deck_name]
    if not deck:
        pile = state["discards"][deck_name]
        if not pile:
            return
        deck.extend(pile)
        pile.clear()
        shuffle(deck, rng)
        events.append({"type": "deck_reshuffled", "deck": deck_name})
    card_id = deck.pop()
    card = state["rules"]["cards"][card_id]
    p = state["players"][seat]
    events.append({"type": "card_drawn", "seat": seat, "deck": deck_name, "card": card_id})
    end_movement(state, seat, "R-MOVE-4", events)
    state["turn"]["drew"] = True
    if deck_name == "omen":
        state["omen_count"] += 1
        events.append({"type": "omen_count", "count": state["omen_count"]})
        if state["phase"] == "explore" and state["turn"].get("seat") == seat:
            state["turn"]["omen"] = [card_id, p["room"]]        # R-CARD-3, R-HAUNT-2
    payload = list(card["effect"])
    if deck_name == "event":
        if card["stays"]:
            p["kept"].append(card_id)
        else:
            state["in_play"].append(card_id)                   # face up while it resolves
            payload.append({"op": "_discard", "card": card_id})
    else:
        take(state, seat, card_id, events)
    if is_traitor(state, seat) and (deck_name == "event" or card["traitor_may_ignore"]):
        after = [{"op": "_discard", "card": card_id}] if deck_name == "event" else []   # ignored whole
        push(state, seat, [{"op": "_offer_ignore", "source": card_id, "then": payload, "after": after}])
    else:
        push(state, seat, payload)


@op("_discard")
def discard(state, rng, seat, step, events):
    card = step["card"]
    deck = state["rules"]["cards"][card]["deck"]
    held = [s for s, p in reading(state["players"]).items() if card in p["held"] or card in p["kept"]]
    if held:
        s = held[0]
        p = state["players"][s]
        if card in p["held"]:
            release(state, s, card, events)
        else:
            p["kept"].remove(card)
    else:
        if card in state["in_play"]:
            state["in_play"].remove(card)
        for room, pile in peek(state, "floor_items").items():
            if card in pile:
                state["floor_items"][room].remove(card)
    state["discards"][deck].append(card)
    events.append({"type": "card_discarded", "seat": seat, "deck": deck, "card": card})

