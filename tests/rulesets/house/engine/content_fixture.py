"""A small compiled-content dict in the shape `pipeline.content.compile`
writes: enough rooms, cards and characters to exercise every rule."""
import copy


def _t(en, zh="测"):
    return {"zh-Hans": zh, "zh-Hant": zh, "en": en}


def room(id, floors, doors, icon="none", special=None, start=None, links=None):
    r = {"id": id, "name": _t(id), "floors": floors, "doors": doors, "windows": [], "icon": icon,
         "art": "x", "text": _t(""), "special": special, "links": [{"to": l} for l in (links or [])]}
    if start:
        r["start"] = start
    return r


ROOMS = [
    room("entrance_hall", ["ground"], ["N", "E", "W"], start={"floor": "ground", "x": 0, "y": 0}),
    room("foyer", ["ground"], ["N", "S", "E", "W"], start={"floor": "ground", "x": 0, "y": 1}),
    room("grand_staircase", ["ground"], ["S"], start={"floor": "ground", "x": 0, "y": 2},
         links=["upper_landing"]),
    room("upper_landing", ["upper"], ["N", "E", "S", "W"], start={"floor": "upper", "x": 0, "y": 0}),
    room("basement_landing", ["basement"], ["N", "E", "S", "W"], start={"floor": "basement", "x": 0, "y": 0}),
    room("coal_chute", ["ground"], ["N", "S"], special={"kind": "chute"}),
    room("collapsed_room", ["ground", "upper"], ["N", "E", "S", "W"],
         special={"kind": "unstable_floor", "trait": "speed", "target": 5,
                  "damage": {"kind": "physical", "dice": 1}}),
    room("chasm", ["basement"], ["N", "E", "S", "W"],
         special={"kind": "crossing", "trait": "speed", "target": 3}),
    room("rope_bridge", ["ground", "upper"], ["N", "S"], icon="event",
         special={"kind": "crossing", "trait": "speed", "target": 3}),
    room("catwalk", ["upper", "basement"], ["N", "S"],
         special={"kind": "leaving_check", "trait": "might", "target": 3, "on_fail": "end_movement"}),
    room("slippery_stair", ["ground", "upper"], ["E", "W"],
         special={"kind": "leaving_check", "trait": "speed", "target": 3,
                  "on_fail": {"lose": {"trait": "speed", "steps": 1}}}),
    room("chapel", ["ground", "upper"], ["N", "S"], icon="event",
         special={"kind": "boon", "traits": ["sanity", "knowledge"], "steps": 1}),
    room("gym", ["basement", "upper"], ["E", "W"], icon="omen",
         special={"kind": "boon", "traits": ["speed"], "steps": 1}),
    room("vault", ["basement", "upper"], ["S"], icon="event",
         special={"kind": "locked_store", "trait": "knowledge", "target": 6,
                  "draws": [{"deck": "item", "count": 2}]}),
    room("mystic_elevator", ["basement", "ground", "upper"], ["S"],
         special={"kind": "elevator", "dice": 2,
                  "table": {"0": "basement_hurt", "1": "basement", "2": "ground", "3": "upper", "4": "any"}}),
    room("gallery", ["upper"], ["N", "S"], icon="omen",
         special={"kind": "drop_through", "to": "ballroom", "damage": {"kind": "physical", "dice": 1}}),
    room("ballroom", ["ground"], ["N", "E", "S", "W"], icon="event"),
    room("furnace_room", ["basement"], ["N", "S", "W"], icon="omen",
         special={"kind": "hazard", "damage": {"kind": "physical", "amount": 1}}),
    room("kitchen", ["basement", "ground"], ["N", "E"], icon="omen"),
    room("dining_room", ["ground"], ["N", "E"], icon="omen"),
    room("library", ["ground", "upper"], ["S", "W"], icon="event"),
    room("attic", ["upper"], ["S"], icon="event"),
    room("bedroom", ["upper"], ["E", "W"], icon="event"),
    room("master_bedroom", ["upper"], ["N", "W"], icon="omen"),
    room("storeroom", ["basement", "upper"], ["N"], icon="item"),
    room("wine_cellar", ["basement"], ["N", "S"], icon="item"),
    room("crypt", ["basement"], ["N"], icon="event"),
    room("pentagram_chamber", ["basement"], ["E"], icon="omen"),
    room("junk_room", ["basement", "ground", "upper"], ["N", "E", "S", "W"], icon="omen"),
    room("bloody_room", ["ground", "upper"], ["N", "E", "S", "W"], icon="item"),
    room("creaky_hallway", ["basement", "ground", "upper"], ["N", "E", "S", "W"]),
    room("dusty_hallway", ["basement", "ground", "upper"], ["N", "E", "S", "W"]),
    room("conservatory", ["ground", "upper"], ["N"], icon="event"),
    room("organ_room", ["basement", "ground", "upper"], ["S", "W"], icon="event"),
    room("servants_quarters", ["basement", "upper"], ["N", "E", "S", "W"], icon="omen"),
    room("game_room", ["basement", "ground", "upper"], ["N", "E", "S", "W"], icon="event"),
]


def card(id, effect=(), **flags):
    return {"id": id, "title": _t(id), "text": _t(""), "art": "x", "effect": list(effect), **flags}


def roll(trait, lo_then, hi_then, target=4):
    return {"op": "roll", "trait": trait, "outcomes": [
        {"min": target, "then": hi_then}, {"max": target - 1, "then": lo_then}]}


EVENTS = [
    card("whispers", [roll("sanity", [{"op": "damage", "kind": "mental", "dice": 1}],
                           [{"op": "gain", "trait": "knowledge", "steps": 1}])]),
    card("cold_draft", [{"op": "damage", "kind": "physical", "amount": 1}]),
    card("old_photo", [{"op": "choice", "options": [
        {"label": _t("a"), "then": [{"op": "gain", "trait": "choose", "traits": ["might", "speed"], "steps": 1}]},
        {"label": _t("b"), "then": [{"op": "lose", "trait": "sanity", "steps": 1}]}]}]),
    card("dread", [{"op": "lasting", "trait": "might", "dice": -1, "until": "next_roll"}]),
    card("echo", [{"op": "nothing"}]),
    card("secret_stair", [{"op": "move", "to": "basement_landing"}]),
    card("rummage", [{"op": "draw", "deck": "item", "count": 1}]),
    card("healing_light", [{"op": "heal", "traits": ["might", "speed", "knowledge", "sanity"]}]),
    card("lost_in_thought", [{"op": "roll", "dice": 2, "outcomes": [
        {"max": 1, "then": [{"op": "damage", "kind": "general", "amount": 1}]},
        {"min": 2, "then": [{"op": "nothing"}]}]}]),
    card("cursed_mirror", [{"op": "lasting", "trait": "sanity", "dice": -1, "until": "game"}], stays=True),
    card("butterfingers", [{"op": "discard_item"}]),
    card("adrenaline", [{"op": "lasting", "trait": "speed", "dice": 1, "until": "end_of_turn"}]),
]
ITEMS = [
    card("axe", weapon=True, attack_dice=1),
    card("revolver", weapon=True, ranged=True, attack_dice=1),
    card("chainsaw", weapon=True, attack_dice=2, usable_when_defending=True),
    card("ouija", weapon=True, attack_trait="sanity"),
    card("amulet", trait_bonus={"sanity": 1}, tradeable=False),
    card("medkit", use=[{"op": "heal", "traits": ["might", "speed"]}]),
    card("smelling_salts", use=[{"op": "gain", "trait": "sanity", "steps": 1}], discard_after_use=True),
    card("lucky_coin", stealable=False),
    card("music_box"),
    card("candle"),
]
OMENS = [
    card("bite", [{"op": "attack", "dice": 4, "kind": "physical"}], traitor_may_ignore=True,
         tradeable=False, stealable=False, droppable=False),
    card("dog", [{"op": "gain", "trait": "sanity", "steps": 1}], companion=True, tradeable=False),
    card("skull", [{"op": "roll", "trait": "sanity", "outcomes": [
        {"max": 3, "then": [{"op": "damage", "kind": "mental", "amount": 2}]}, {"min": 4, "then": []}]}]),
    card("crystal_ball", use=[{"op": "draw", "deck": "event", "count": 1}]),
    card("spear", weapon=True, attack_dice=2),
    card("ring", trait_bonus={"might": 2}),
    card("book", [{"op": "gain", "trait": "knowledge", "steps": 2}]),
    card("medallion"),
]


def character(id, age, base):
    def tr(start):
        return {"track": [1, 2, 3, 3, 4, 5, 6, 7], "start": start}
    sides = [{"name": _t(id), "age": age + k, "bio": _t(""),
              "traits": {t: tr(base[k][i]) for i, t in enumerate(("might", "speed", "knowledge", "sanity"))}}
             for k in range(2)]
    return {"id": id, "color": "#ffffff", "art": id, "sides": sides}


CHARACTERS = [
    character("ava", 20, [(3, 4, 3, 3), (4, 3, 3, 3)]),
    character("bo", 30, [(2, 3, 4, 4), (3, 3, 3, 4)]),
    character("cy", 40, [(4, 3, 2, 3), (3, 4, 2, 3)]),
    character("di", 50, [(3, 3, 3, 4), (2, 4, 4, 3)]),
    character("ed", 60, [(3, 2, 4, 3), (4, 2, 3, 3)]),
    character("fay", 70, [(2, 4, 3, 4), (3, 4, 3, 2)]),
]

HAUNTS = [{
    "id": "the_long_night", "title": _t("The Long Night"), "art": "haunt",
    "traitor": {"rule": "revealer"},
    "monsters": [{"id": "ghoul", "name": _t("Ghoul"), "count": 2, "traits": {"might": 3, "speed": 2}, "carries_items": True,
                  "start": "traitor"}],
    "heroes_win": "traitor_dead", "traitor_wins": "heroes_dead",
    "heroes_text": _t("heroes secret"), "traitor_text": _t("traitor secret"),
    "track": {"end": 12, "winner": "heroes"},
}]
CHART = {"omens": [o["id"] for o in OMENS],
         "rooms": ["gym", "gallery", "furnace_room", "kitchen", "dining_room", "master_bedroom",
                   "pentagram_chamber", "junk_room", "servants_quarters"],
         "cells": {"kitchen": {"dog": "the_long_night", "bite": "the_long_night"}}}

CONTENT = {
    "ruleset": "house", "content_hash": "fixture", "locales": ["zh-Hans", "zh-Hant", "en"],
    "rooms": {r["id"]: r for r in ROOMS}, "events": {c["id"]: c for c in EVENTS},
    "items": {c["id"]: c for c in ITEMS}, "omens": {c["id"]: c for c in OMENS},
    "characters": {c["id"]: c for c in CHARACTERS}, "haunts": {h["id"]: h for h in HAUNTS},
    "haunt_chart": CHART,
}


def content():
    return copy.deepcopy(CONTENT)
