"""Setting up a table and passing the turn (R-SETUP, R-AUTH-3, R-HAUNT-8)."""
from __future__ import annotations

from kit.draft import peek, reading
from kit.engine import shuffle
from kit.seats import COLOURS

from .. import INFO
from . import board as B
from .content import TRAITS, normalize
from .effects import hurt, op, prompt, push
from .haunt import check_win, finish, monsters_play, track_on_turn
from .monsters import begin_monster_turn
from .traits import end_lasting, set_index
from .text import refuse


def new_table(content: dict, options: dict, rng) -> dict:
    rules = content if content.get("_normalized") else {**normalize(content), "_normalized": True}
    seats = list(options.get("seats") or [])
    if not seats or len(set(seats)) != len(seats):
        raise refuse("BAD-ARGS", "bad_args", 400, what="options.seats")
    state = {
        "ruleset": "house", "rules": rules, "options": {k: v for k, v in options.items()},
        "seats": seats, "phase": "lobby", "players": {}, "order": [], "turn_i": -1, "turn_n": 0,
        "tiles": {}, "cells": {}, "adj": {}, "placed_n": {}, "icon_pending": [], "below": {},
        "opened": [], "closed_floors": [], "decks": {}, "discards": {"room": [], "event": [], "item": [], "omen": []},
        "floor_items": {}, "in_play": [], "omen_count": 0, "turn": blank_turn(None), "pending": None,
        "stack": [], "haunt": None, "winner": None,
    }
    rooms = rules["rooms"]
    stack = []
    for rid in sorted(rooms):                                  # R-SETUP-1
        s = rooms[rid]["start"]
        if s:
            B.put(state, rid, s["floor"], s.get("x", 0), s.get("y", 0), s.get("rotation", 0))
            state["placed_n"][rid] = len(state["placed_n"])
        else:
            stack.append(rid)
    B.rebuild_adj(state)
    shuffle(stack, rng)
    state["decks"]["room"] = stack
    for deck in ("event", "item", "omen"):
        cards = list(rules["decks"][deck])
        shuffle(cards, rng)
        state["decks"][deck] = cards
    return state


def blank_turn(seat) -> dict:
    return {"seat": seat, "used": 0, "moved": False, "may_move": True, "checks": [], "passed": [],
            "items": {}, "attacked": False, "attacks": 0, "ritual": False, "drew": False, "omen": None}


def sit(state: dict, seat: str, events: list) -> None:
    """A seat the table was created with, or (a late player) any other TTS
    colour, while the game has room for another player."""
    if seat in state["players"]:
        raise refuse("BAD-ARGS", "seat_taken", 409)
    if seat not in state["seats"]:
        if seat not in COLOURS:
            raise refuse("BAD-ARGS", "seat_unknown", 400, seat=seat)
        if len(state["players"]) >= INFO.players[1]:
            raise refuse("BAD-ARGS", "table_full", 409, most=INFO.players[1])
        state["seats"].append(seat)
    state["players"][seat] = {"character": None, "side": 0}
    events.append({"type": "seated", "seat": seat})


def choose_character(state: dict, seat: str, args: dict, events: list) -> None:
    if seat not in state["players"]:
        raise refuse("BAD-ARGS", "not_seated", 403)
    cid, side = args.get("character"), args.get("side", 0)
    chars = state["rules"]["characters"]
    if cid not in chars:
        raise refuse("R-SETUP-2", "character_unknown", id=cid)
    if side not in (0, 1) or side >= len(chars[cid]["sides"]):
        raise refuse("BAD-ARGS", "bad_args", 400, what="side")
    if any(p["character"] == cid for s, p in state["players"].items() if s != seat):
        raise refuse("R-SETUP-2", "character_taken")
    state["players"][seat] = {"character": cid, "side": side}
    events.append({"type": "character_chosen", "seat": seat, "character": cid, "side": side})


def start(state: dict, rng, seat: str, args: dict, events: list) -> None:
    players = state["players"]
    if seat not in players:
        raise refuse("BAD-ARGS", "not_seated", 403)
    if not players or any(p["character"] is None for p in players.values()):
        raise refuse("R-SETUP-2", "not_ready")
    order = [s for s in state["seats"] if s in players]
    first = args.get("first")
    if first is None:
        first = order[rng.randrange(len(order))]                # R-SETUP-4
    if first not in order:
        raise refuse("BAD-ARGS", "seat_unknown", 400, seat=first)
    i = order.index(first)
    order = order[i:] + order[:i]                               # clockwise from the first
    entrance = state["rules"]["landing"]["ground"]
    for s in order:
        p = players[s]
        side = state["rules"]["characters"][p["character"]]["sides"][p["side"]]
        start_idx = {t: side["traits"][t]["start"] for t in TRAITS}    # R-SETUP-3
        p.update(traits=dict(start_idx), start=start_idx, room=entrance, alive=True, held=[],
                 kept=[], lasting=[], boons=[], bonus={}, uncrossed=None, came_from=None)
    state["phase"] = "explore"
    state["order"] = order
    events.append({"type": "game_started", "order": order, "first": first})
    begin_turn(state, rng, 0, events)


def begin_turn(state: dict, rng, i: int, events: list, crossed: list | None = None) -> None:
    seat = peek(state, "order")[i]
    state["turn_i"] = i
    state["turn_n"] += 1
    state["turn"] = blank_turn(seat)
    events.append({"type": "turn_began", "seat": seat, "turn": state["turn_n"]})
    if state["phase"] == "haunt" and peek(state, "haunt") is not None:
        track_on_turn(state, crossed or [seat], events)
    if seat == "monsters":
        begin_monster_turn(state, rng, events)


def end_turn(state: dict, rng, seat: str, events: list) -> None:
    push(state, seat, [{"op": "_room_end"}, {"op": "_haunt_room"}, {"op": "_haunt_check"}, {"op": "_next_turn"}])


@op("_haunt_room")
def _haunt_room(state, rng, seat, s, events):
    """R-SPECIAL replaced by the haunt's `room_hurts` / `room_heals` rules:
    at the end of a turn in that room, for the side they name."""
    h = peek(state, "haunt")
    p = peek(state["players"], seat)              # read only: the rules below write through state
    if h is None or state["phase"] != "haunt" or not p["alive"]:
        return
    rules = state["rules"]["haunts"][h["id"]]["rules"]
    side = "traitor" if seat == h["traitor"] else "heroes"
    for r in rules["room_heals"]:
        if r["room"] == p["room"] and r["who"] in (side, "all") and p["traits"][r["trait"]] < p["start"][r["trait"]]:
            set_index(state, seat, r["trait"], p["start"][r["trait"]], events)
    for r in rules["room_hurts"]:
        if r["room"] == p["room"] and r["who"] in (side, "all"):
            hurt(state, seat, r["damage"], r["amount"], events)
            return                      # one damage prompt at a time; the first rule that applies


@op("_haunt_check")
def _haunt_check(state, rng, seat, s, events):
    """R-CARD-3 / R-HAUNT-1: an omen drawn this turn calls for a haunt roll
    at its end — before the haunt only (R-HAUNT-7)."""
    if state["phase"] == "explore" and peek(state, "turn")["omen"] and state["players"][seat]["alive"]:
        prompt(state, seat, "roll", events, purpose="haunt", dice=6, outcomes=[])


@op("_next_turn")
def _next_turn(state, rng, seat, s, events):
    ending = peek(state, "turn")["seat"]             # read only: the next turn replaces it
    if ending in state["players"]:
        end_lasting(state, ending, lambda m: m["until"] == "end_of_turn", events)
    events.append({"type": "turn_ended", "seat": ending})
    check_win(state, events)
    if state["phase"] == "haunt" and not any(p["alive"] for p in reading(state["players"]).values()):
        # whatever the haunt's wording, nobody is left: the heroes if one got out
        finish(state, "heroes" if state["haunt"]["escaped"] else "traitor", "all_dead", events)
    if state["phase"] == "over":
        return
    order = peek(state, "order")
    i = state["turn_i"]
    crossed = []
    for _ in range(len(order)):
        i = (i + 1) % len(order)
        who = order[i]
        crossed.append(who)
        if who == "monsters":
            if monsters_play(state):
                break
        elif peek(state["players"], who)["alive"]:
            break
    begin_turn(state, rng, i, events, crossed)
