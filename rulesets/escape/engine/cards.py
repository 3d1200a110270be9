"""Where cards go: drawing items into hidden hands, the hand limit, the
explore deck and its discard pile.

Every item card is in exactly one place (the item deck, a hand, a row of
equipment, the cards being passed down the column, an infected card's hits,
the item discard pile) and never comes back from the discard pile (E-DECK-1).
"""
from __future__ import annotations

from kit.engine import shuffle
from .flow import ask, emit, push, task


def settings(state: dict) -> dict:
    return state["rules"]["settings"]


def item(state: dict, card: str) -> dict:
    return state["rules"]["items"][card]


def hand_changed(state: dict, seat: str, events: list) -> None:
    emit(events, "hand_changed", seat=seat, size=len(state["players"][seat]["hand"]))


def draw_items(state: dict, seat: str, count: int, events: list) -> list[str]:
    """Up to `count` items into `seat`'s hand, seen by it alone (E-HAND-2);
    fewer once the deck is empty, which is never refilled (E-DECK-1)."""
    deck = state["decks"]["item"]
    got = deck[:count]
    del deck[:count]
    if got:
        state["players"][seat]["hand"].extend(got)
        for card in got:
            emit(events, "item_drawn", visible_to=[seat], seat=seat, card=card)
        hand_changed(state, seat, events)
        push(state, "limit", seat=seat)
    if len(got) < count:
        emit(events, "item_deck_empty", seat=seat)
    return got


def take_from(state: dict, seat: str, card: str) -> str:
    """Remove a card from the seat's hand or equipment; returns where it was."""
    p = state["players"][seat]
    if card in p["hand"]:
        p["hand"].remove(card)
        return "hand"
    p["equipment"].remove(card)
    return "equipment"


def discard_item(state: dict, seat: str | None, card: str, events: list, reason: str) -> None:
    state["discards"]["item"].append(card)
    emit(events, "item_discarded", seat=seat, card=card, reason=reason)


def room_in_hand(state: dict, seat: str) -> bool:
    return len(state["players"][seat]["hand"]) < settings(state)["hand_limit"]


@task("limit")
def _limit(state, rng, t, events):
    """E-HAND-1: extras are discarded or given away at once."""
    seat = t["seat"]
    p = state["players"][seat]
    if p["status"] == "alive" and len(p["hand"]) > settings(state)["hand_limit"]:
        ask(state, seat, "hand_limit", events, limit=settings(state)["hand_limit"])


# -- the explore deck ---------------------------------------------------------
def draw_explore(state: dict, rng, events: list) -> str | None:
    """The top explore card. An empty deck takes its discard pile back,
    shuffled (only items are never reshuffled); None if both are empty."""
    deck = state["decks"]["explore"]
    if not deck:
        pile = state["discards"]["explore"]
        if not pile:
            return None
        deck.extend(pile)
        pile.clear()
        shuffle(deck, rng)
        emit(events, "deck_shuffled", deck="explore", size=len(deck))
    return deck.pop(0)


def explore_card(state: dict, card: str) -> dict:
    return state["rules"]["explore"][card]


def stairs_back(state: dict, rng, card: str, events: list) -> None:
    """A stairs up drawn in phase 2 goes back into the explore deck, shuffled (E-ADJ-4)."""
    deck = state["decks"]["explore"]
    deck.append(card)
    shuffle(deck, rng)
    emit(events, "deck_shuffled", deck="explore", size=len(deck), card=card)


def revelation_for_attack(state: dict, rng, events: list) -> str | None:
    """E-ATK-3: a revelation from the discard pile, else from the explore
    deck (then shuffled), else none."""
    rules = state["rules"]["explore"]
    pile = state["discards"]["explore"]
    for i in range(len(pile) - 1, -1, -1):
        if rules[pile[i]]["kind"] == "revelation":
            return pile.pop(i)
    deck = state["decks"]["explore"]
    for i, card in enumerate(deck):
        if rules[card]["kind"] == "revelation":
            deck.pop(i)
            shuffle(deck, rng)
            emit(events, "deck_shuffled", deck="explore", size=len(deck))
            return card
    return None


# -- what cards are worth ------------------------------------------------------
def card_vp(state: dict, cards: list[str]) -> int:
    items = state["rules"]["items"]
    return sum(items[c]["vp"] for c in cards)


def defence(state: dict, seat: str) -> int:
    items = state["rules"]["items"]
    return sum(items[c]["defence"] for c in state["players"][seat]["equipment"])
