"""The verbs: new_table, apply, legal_actions, view, is_over.

`apply` works on a copy, so a refused action leaves the caller's state as it
was. The copy is made part by part as the action touches the state's
top-level parts (`kit.draft.Draft`); parts it never touches, and the read-only
rules tables ("rules"), are shared with the source. States are values: a
caller may keep the old one, but must not change a state `apply` returned
in place (use `apply_in_place` on a state it owns outright, as the
simulator does).
"""
from __future__ import annotations

from . import effects, fight, haunt, items, monsters, movement, objectives, rooms, turns
from . import cards as _cards  # noqa: F401  (registers the card ops)
from kit.draft import ATOMIC, Draft, peek
from .legal import legal_actions, route  # noqa: F401
from .resolve import RESOLVERS
from .text import refuse
from .turns import new_table  # noqa: F401
from .view import view  # noqa: F401

RESOLVING = {name for name, _ in RESOLVERS.values()}
# Parts copied entry by entry: an action changes one seat, draws from one
# deck, discards to one pile, places one tile.
NESTED = ("players", "decks", "discards", "tiles", "cells", "placed_n", "adj")
effects.check_vocabulary()


def apply(state: dict, action: dict, rng) -> tuple[dict, list[dict]]:
    draft = Draft(state, nested=NESTED)
    events = apply_in_place(draft, action, rng)
    return draft.settle(), events


def is_over(state: dict) -> bool:
    return state["phase"] == "over"


def _lobby(state, rng, name, seat, args, events):
    if name == "sit":
        turns.sit(state, seat, events)
    elif name == "choose_character":
        turns.choose_character(state, seat, args, events)
    elif name == "start":
        turns.start(state, rng, seat, args, events)
    else:
        raise refuse("NOT-STARTED", "in_lobby", 409)


def _turn(state, rng, name, seat, args, events):
    if name == "move":
        path = movement.path_arg(args)
        if "path" not in args and state["turn"]["may_move"]:
            path = route(state, seat, path[0])
        for i, to in enumerate(path):
            if i and (state["pending"] or not state["turn"]["may_move"] or state["stack"]
                      or state["players"][seat]["room"] != path[i - 1]):     # carried off the path
                break
            movement.step(state, seat, to, events)
            effects.run(state, rng, events)
    elif name == "discover":
        movement.discover(state, rng, seat, args.get("side"), events)
    elif name == "room_action":
        rooms.room_action(state, seat, events)
    elif name == "drop_through":
        rooms.drop_through(state, seat, events)
    elif name == "use":
        items.use(state, seat, args, events)
    elif name == "give":
        if objectives.is_token(state, args.get("card")):
            objectives.give_token(state, seat, args["card"], args.get("to"), events)
        else:
            items.give(state, seat, args, events)
    elif name in ("drop", "pick_up"):
        names = items.item_list(args)
        tokens = [n for n in names if objectives.is_token(state, n)]
        cards = [n for n in names if n not in tokens]
        if tokens:
            (objectives.drop_tokens if name == "drop" else objectives.pick_up_tokens)(state, seat, tokens, events)
        if cards:
            (items.drop if name == "drop" else items.pick_up)(state, seat, {"cards": cards}, events)
    elif name == "ritual":
        objectives.ritual(state, rng, seat, events)
    elif name == "escape":
        objectives.escape(state, seat, events)                  # out of the game: its turn ends below
    elif name == "reveal":
        objectives.reveal_self(state, seat, events)
    elif name == "attack":
        fight.attack(state, rng, seat, args, events)
    elif name == "end_turn":
        turns.end_turn(state, rng, seat, events)
    else:
        raise refuse("BAD-ARGS", "bad_args", 400, what=f"action {name}")


def _monster_turn(state, rng, name, seat, args, events):
    h = peek(state, "haunt")
    if seat != h["traitor"] or h["hidden"]:
        raise refuse("NOT-YOUR-TURN", "not_your_turn", 403)
    if name == "monster_move":
        monsters.monster_move(state, rng, args, events)
    elif name == "monster_attack":
        monsters.monster_attack(state, rng, args, events)
    elif name == "monster_pick_up":
        monsters.monster_pick_up(state, args, events)
    elif name == "end_turn":
        effects.push(state, None, [{"op": "_monster_room_end"}, {"op": "_next_turn"}])
    else:
        raise refuse("R-HAUNT-8", "no_monster_turn")


_LISTS = ("path", "cards")          # the args that hold several names


def _check_shapes(name, seat, args: dict) -> None:
    """Names in an action (rooms, cards, seats, options) are used as dict keys
    and set members everywhere, so a list or dict where a name belongs is
    refused here, once, instead of by each handler. (JSON scalars are the
    ATOMIC types exactly; the common case costs one set lookup per arg.)"""
    if type(name) not in ATOMIC:
        raise refuse("BAD-ARGS", "bad_args", 400, what="action")
    if type(seat) not in ATOMIC:
        raise refuse("BAD-ARGS", "bad_args", 400, what="player")
    if not args:
        return
    for key, value in args.items():
        if type(value) in ATOMIC:
            continue
        if key in _LISTS and type(value) is list:
            items = value
        elif key == "split" and type(value) is dict:
            items = value.values()
        else:
            items = None
        if items is None or any(type(v) not in ATOMIC for v in items):
            raise refuse("BAD-ARGS", "bad_args", 400, what=key)


def apply_in_place(state: dict, action: dict, rng) -> list[dict]:
    name, seat = action.get("action"), action.get("player")
    args = action.get("args") or {}
    if not isinstance(args, dict):
        raise refuse("BAD-ARGS", "bad_args", 400, what="args")
    _check_shapes(name, seat, args)
    events: list[dict] = []
    phase = state["phase"]
    if phase == "over":
        raise refuse("GAME-OVER", "game_over", 409)
    if phase == "lobby":
        _lobby(state, rng, name, seat, args, events)
        return _public(events)
    if name in ("sit", "choose_character", "start"):
        raise refuse("NOT-LOBBY", "not_lobby", 409)
    pd = peek(state, "pending")           # read here; an answer replaces it, never changes it
    if pd is not None:
        if pd["seat"] != seat:
            raise refuse("NOT-YOUR-TURN", "pending", 409)
        expected, resolver = RESOLVERS[pd["kind"]]
        if name != expected:
            raise refuse("PENDING", "pending", 409)
        resolver(state, rng, seat, pd, args, events)
    elif name in RESOLVING:
        raise refuse("NO-PENDING", "no_pending", 409)
    elif (turn_seat := peek(state, "turn")["seat"]) == "monsters":
        _monster_turn(state, rng, name, seat, args, events)
    else:
        if seat not in state["players"]:
            raise refuse("NOT-YOUR-TURN", "not_seated", 403)
        if turn_seat != seat:
            raise refuse("NOT-YOUR-TURN", "not_your_turn", 403)
        if not peek(state["players"], seat)["alive"]:
            raise refuse("R-FIGHT-8", "dead", 409)
        _turn(state, rng, name, seat, args, events)
    effects.run(state, rng, events)
    _after(state, events)
    players, now = state["players"], peek(state, "turn")["seat"]
    current = peek(players, now) if now in players else None
    if current and not current["alive"] and state["phase"] != "over" and peek(state, "pending") is None:
        effects.push(state, None, [{"op": "_next_turn"}])      # a character who dies ends its turn
        effects.run(state, rng, events)
        _after(state, events)
    return _public(events)


def _after(state: dict, events: list) -> None:
    """After every action: a dead figure's tokens drop, then every objective
    and the clock are looked at (R-HAUNT-10)."""
    h = peek(state, "haunt")
    if h is not None and h["tokens"]:
        objectives.drop_for_the_fallen(state, events)
    haunt.check_win(state, events)


def _public(events: list[dict]) -> list[dict]:
    """House events are public (hands are face up, R-CARD-2) except the
    haunt's secrets, which name their seats (a hidden traitor's choosing, a
    side's book); the visibility every event carries (docs/RULESETS.md)
    says so."""
    for ev in events:
        if "visible_to" not in ev:
            ev["visible_to"] = None
    return events
