"""Shared set-up for the escape engine tests: a table set up through the
engine's own actions, loaded dice, and deck surgery so a test can stage
exactly the situation a rule needs."""
from __future__ import annotations

import json

import pytest

import rulesets.escape.engine as E
from escape_fixture import content
from kit.engine import RuleError, seeded
from rulesets.escape.engine import engine as core
from rulesets.escape.engine import fight, flow


class Dice:
    """Every die roll (randrange(6)) comes from `faces` (1–6) in order; any
    other random number (shuffles) from a seeded source."""

    def __init__(self, *faces, seed=0):
        self.faces = list(faces)
        self.other = seeded(seed)

    def randrange(self, n):
        if n == 6 and self.faces:
            return self.faces.pop(0) - 1
        return self.other.randrange(n)


def act(state, seat, action, rng=None, **args):
    return E.apply(state, {"action": action, "player": seat, "args": args}, rng or Dice())


def snapshot(state) -> str:
    return json.dumps({k: v for k, v in state.items() if k != "rules"}, sort_keys=True)


def refused(state, seat, action, code, rng=None, **args):
    before = snapshot(state)
    with pytest.raises(RuleError) as err:
        act(state, seat, action, rng, **args)
    assert err.value.code == code, err.value
    assert set(err.value.message) == {"zh-Hans", "zh-Hant", "en"} and all(err.value.message.values())
    assert snapshot(state) == before            # a refused action changes nothing
    return err.value


def lobby(seats=("Red", "Blue", "Green"), seed=0, fixture=None):
    s = E.new_table(fixture or content(), {"seats": list(seats), "locale": "en"}, seeded(seed))
    for seat in seats:
        s, _ = act(s, seat, "sit")
    return s


def top(state, deck, *cards):
    """Put `cards` on top of `deck`, first card first."""
    pile = state["decks"][deck]
    for card in cards:
        for where in (pile, state["discards"].get(deck, [])):
            if card in where:
                where.remove(card)
    pile[:0] = list(cards)


def table(seats=("Red", "Blue", "Green"), chars=("officer", "firefighter", "agent"), items=(), explore=(),
          seed=0, fixture=None):
    """A started table whose column is `seats` in order, the characters dealt
    in seat order, and the decks topped with `items` and `explore`; it waits
    for the leader to keep one of the items dealt."""
    s = lobby(seats, seed, fixture)
    s["decks"]["character"] = list(chars) + [c for c in s["decks"]["character"] if c not in chars]
    s, _ = act(s, seats[0], "start")
    top(s, "item", *items)
    top(s, "explore", *explore)
    while s["phase"] == "setup":
        seat = s["pending"]["seat"]
        s, _ = act(s, seat, "choose_place", place=seats.index(seat))
    return s


def give(state, seat, *cards, equip=False):
    """Cards from the item deck straight into a hand (or equipment)."""
    for card in cards:
        state["decks"]["item"].remove(card)
        state["players"][seat]["equipment" if equip else "hand"].append(card)


def resume(state, rng=None) -> list:
    events: list = []
    flow.run(state, rng or Dice(), events, core.next_turn)
    return events


def to_fight(state, spot, by, infected_card=None, rng=None, also=()):
    """Stage phase 2 from wherever the state is: the round is dropped (items
    in the chain go back on the deck), an infected appears at `spot` (and
    at each of `also`: (spot, card) pairs), then play goes on."""
    state["decks"]["item"][:0] = state["passing"]
    state["passing"] = []
    state["pending"] = None
    state["stack"].clear()
    if infected_card:
        top(state, "infected", infected_card)
    events: list = []
    fight.begin_phase2(state, rng or Dice(), spot, by, events)
    for where, card in also:
        if card:
            top(state, "infected", card)
        fight.new_infected(state, where, by, events)
    return events + resume(state, rng)


FOUR = {"seats": ("Red", "Blue", "Green", "Yellow"), "chars": ("officer", "firefighter", "agent", "reporter")}


def fight_table(spot="front", card="inf_runner", also=(), rng=None, **kw):
    """Four players, Red to Yellow front to back, in phase 2 with an infected at `spot`."""
    s = table(**{**FOUR, **kw})
    events = to_fight(s, spot, "Red", card, rng, also)
    return s, events


def play_round_to(state, kind, seat=None, limit=200):
    """Answer prompts with the first legal action until `seat` is asked `kind`."""
    for _ in range(limit):
        pd = state["pending"]
        if pd and pd["kind"] == kind and (seat is None or pd["seat"] == seat):
            return state
        acts = E.legal_actions(state, pd["seat"])
        pick = next((a for a in acts if a["action"] in ("pass", "search", "explore", "keep", "refuse")), acts[0])
        state, _ = act(state, pd["seat"], pick["action"], **pick["args"])
    raise AssertionError(f"never reached {kind} for {seat}")


def types(events):
    return [e["type"] for e in events]
