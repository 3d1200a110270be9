"""Shared set-up for the engine tests: a started table, loaded dice, and
direct board surgery so a test can stage exactly the situation a rule needs."""
from __future__ import annotations

import pytest

from content_fixture import content
from rulesets import engine as get_engine
from kit.engine import RuleError, seeded
from rulesets.house.engine import board as B
from rulesets.house.engine import haunt as H
from rulesets.house.engine.cards import take

E = get_engine("house")
FACE_INDEX = {0: 0, 1: 2, 2: 4}
PRIVATE = ("haunt_book", "traitor_chosen")


class Dice:
    """Every six-sided throw comes from `faces` (0/1/2) in order; any other
    random number (shuffles, first player) from a seeded source."""

    def __init__(self, *faces, seed=0):
        self.faces = list(faces)
        self.other = seeded(seed)

    def randrange(self, n):
        if n == 6 and self.faces:
            return FACE_INDEX[self.faces.pop(0)]
        return self.other.randrange(n)


def table(seats=("Red", "Blue", "Green"), chars=("ava", "bo", "cy"), seed=0, fixture=None):
    rng = seeded(seed)
    s = E.new_table(fixture or content(), {"seats": list(seats), "locale": "en"}, rng)
    for seat, ch in zip(seats, chars):
        s, _ = E.apply(s, {"action": "sit", "player": seat}, rng)
        s, _ = E.apply(s, {"action": "choose_character", "player": seat,
                           "args": {"character": ch, "side": 0}}, rng)
    s, _ = E.apply(s, {"action": "start", "player": seats[0], "args": {"first": seats[0]}}, rng)
    return s


def act(state, seat, action, rng=None, **args):
    """Apply one action. Every house event is public but the haunt's secrets
    (R-HAUNT-7: a side's book, a hidden traitor's choosing), which name their
    seats: each must say so, and the tests then compare the events without
    that key."""
    state, events = E.apply(state, {"action": action, "player": seat, "args": args}, rng or Dice())
    assert all(ev.get("visible_to", "missing") is None if ev["type"] not in PRIVATE
               else isinstance(ev.get("visible_to"), list) for ev in events), events
    return state, [{k: v for k, v in ev.items() if k != "visible_to"} for ev in events]


def refused(state, seat, action, code, rng=None, **args):
    before = repr(state)
    with pytest.raises(RuleError) as err:
        act(state, seat, action, rng, **args)
    assert err.value.code == code, err.value
    assert set(err.value.message) == {"zh-Hans", "zh-Hant", "en"}
    assert repr(state) == before            # a refused action changes nothing
    return err.value


def place(state, room, floor, x, y, rot=0):
    for pile in (state["decks"]["room"], state["discards"]["room"]):
        if room in pile:
            pile.remove(room)
    B.put(state, room, floor, x, y, rot)
    state["placed_n"][room] = len(state["placed_n"])
    B.rebuild_adj(state)


def put(state, seat, room):
    state["players"][seat]["room"] = room


def hand(state, seat, card):
    deck = state["rules"]["cards"][card]["deck"]
    state["decks"][deck].remove(card)
    take(state, seat, card, [])


def on_top(state, deck, card):
    state["decks"][deck].remove(card)
    state["decks"][deck].append(card)


def only_tiles(state, *rooms):
    """The room stack holds exactly these, the first drawn first."""
    rest = [r for r in state["decks"]["room"] if r not in rooms]
    state["discards"]["room"].extend(rest)
    state["decks"]["room"] = list(reversed(rooms))


def set_trait(state, seat, trait, idx):
    state["players"][seat]["traits"][trait] = idx


def start_haunt(state, spec, revealer="Red", rng=None):
    """Begin the haunt with a given scenario (as the chart would pick it)."""
    state["rules"] = {**state["rules"], "haunts": {**state["rules"]["haunts"], spec["id"]: spec},
                      "chart": {"omens": ["dog"], "rooms": ["foyer"], "cells": {"foyer": {"dog": spec["id"]}}}}
    state["turn"]["omen"] = ["dog", "foyer"]
    events = []
    H.begin(state, rng or Dice(), revealer, events)
    return events


def haunt_spec(traitor="revealer", monsters=(), **extra):
    spec = {"id": "test_haunt", "title": {"en": "t"}, "traitor": {"rule": traitor} if isinstance(traitor, str) else traitor,
            "monsters": list(monsters), "heroes_win": "traitor_dead", "traitor_wins": "heroes_dead",
            "heroes_text": {"en": "H"}, "traitor_text": {"en": "T"}}
    spec.update(extra)
    return spec


def types(events):
    return [e["type"] for e in events]


def discover(state, seat, side, rng=None, rotation=None):
    """Discover and, if asked, place the tile (first allowed rotation by default)."""
    state, ev = act(state, seat, "discover", rng, side=side)
    if state["pending"] and state["pending"]["kind"] == "rotation":
        rot = state["pending"]["rotations"][0] if rotation is None else rotation
        state, more = act(state, seat, "place_tile", rng, rotation=rot)
        ev = ev + more
    return state, ev
