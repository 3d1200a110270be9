"""Setting a table up: the rules tables, the lobby, the deal and the rolls
for places in the column (E-SETUP)."""
from __future__ import annotations

from kit.engine import shuffle
from ..steps import normalized
from . import explore
from .flow import ask, emit, roll_die
from .text import refuse

MAX_PLAYERS = 5               # E-KIT-1: five character cards
MIN_PLAYERS = 2


def _steps(steps: list) -> list:
    out = []
    for step in steps or []:
        s = normalized(step)
        if s["op"] == "roll":
            s["outcomes"] = [{**o, "then": _steps(o["then"])} for o in s["outcomes"]]
        out.append(s)
    return out


def normalize(content: dict) -> dict:
    """The compiled content with every default written out (the compiler
    writes them; hand-built fixtures may not), marked so it is done once."""
    if content.get("_normalized"):
        return content
    items = {cid: {"tags": [], "vp": 0, "defence": 0, **c, "use": _steps(c.get("use"))}
             for cid, c in content["items"].items()}
    explore_cards = {cid: {"place": None, "stairs": False, "swap": True, **c, "steps": _steps(c.get("steps"))}
                     for cid, c in content["explore"].items()}
    characters = {}
    for cid, c in content["characters"].items():
        skill = {"limit": "round", "score": None, **c["skill"]}
        skill["steps"] = _steps(skill.get("steps"))
        characters[cid] = {"hide_draws": 1, **c, "skill": skill}
    return {**content, "items": items, "explore": explore_cards, "characters": characters,
            "_normalized": True}


def new_table(content: dict, options: dict, rng) -> dict:
    rules = normalize(content)
    seats = list(options.get("seats") or [])
    if not seats or len(set(seats)) != len(seats) or not all(isinstance(s, str) for s in seats):
        raise refuse("BAD-ARGS", "bad_args", 400, what="options.seats")
    decks = {"item": sorted(rules["items"]), "explore": sorted(rules["explore"]),
             "infected": sorted(rules["infected"]), "character": sorted(rules["characters"])}
    for deck in decks.values():                               # E-SETUP-1
        shuffle(deck, rng)
    return {
        "ruleset": "escape", "rules": rules, "options": dict(options), "seats": seats, "phase": "lobby",
        "players": {}, "column": [], "decks": decks, "discards": {"item": [], "explore": []},
        "spots": {"front": [], "end": []}, "stairs": [], "infected": {}, "out": [], "hidden": [],
        "resolving": [], "passing": [], "round": None, "round_n": 0, "fight": None, "setup": None,
        "pending": None, "stack": [], "tokens_n": 0, "eliminated_n": 0, "phase2_n": 0, "result": None,
    }


def sit(state: dict, seat, events: list) -> None:
    if seat not in state["seats"]:
        raise refuse("BAD-ARGS", "seat_unknown", 400, seat=seat)
    if seat in state["players"]:
        raise refuse("BAD-ARGS", "seat_taken", 409)
    if len(state["players"]) >= MAX_PLAYERS:
        raise refuse("E-KIT-1", "table_full")
    state["players"][seat] = {"character": None, "status": "seated"}
    emit(events, "seated", seat=seat)


def start(state: dict, rng, seat, events: list) -> None:
    players = state["players"]
    if seat not in players:
        raise refuse("BAD-ARGS", "not_seated", 403)
    if len(players) < MIN_PLAYERS:
        raise refuse("E-KIT-1", "too_few")
    order = [s for s in state["seats"] if s in players]
    chars = state["decks"]["character"]
    rules = state["rules"]["characters"]
    for s in order:                                           # E-SETUP-1: each draws a character
        cid = chars.pop(0)
        stamina = rules[cid]["stamina"]
        players[s] = {"character": cid, "stamina": stamina, "max": stamina, "hand": [], "equipment": [],
                      "revelations": [], "status": "alive", "fight_vp": 0, "skill_used": None, "barred": False}
        emit(events, "character_dealt", seat=s, character=cid, stamina=stamina)
    state["phase"] = "setup"
    choosers = _by_rolls(state, rng, order, events)          # E-SETUP-2
    state["setup"] = {"choosers": choosers, "i": 0, "places": [None] * len(order)}
    emit(events, "game_started", seats=order, choosers=choosers)
    _ask_place(state, events)


def _by_rolls(state: dict, rng, seats: list, events: list) -> list:
    """Highest roll first; players who tie roll again among themselves."""
    rolls = {}
    for s in seats:
        face = roll_die(rng)
        rolls[s] = face
        emit(events, "dice_rolled", seat=s, purpose="place", faces=[face], total=face)
    out = []
    for face in sorted(set(rolls.values()), reverse=True):
        group = [s for s in seats if rolls[s] == face]
        out += group if len(group) == 1 else _by_rolls(state, rng, group, events)
    return out


def free_places(state: dict) -> list[int]:
    return [i for i, s in enumerate(state["setup"]["places"]) if s is None]


def _ask_place(state: dict, events: list) -> None:
    su = state["setup"]
    seat = su["choosers"][su["i"]]
    free = free_places(state)
    if len(free) == 1:
        _placed(state, seat, free[0], events)
        return
    ask(state, seat, "place", events, options=free)


def choose_place(state: dict, seat: str, place, events: list) -> None:
    if place not in free_places(state) or type(place) is not int:
        raise refuse("E-SETUP-2", "bad_place")
    state["pending"] = None
    _placed(state, seat, place, events)


def _placed(state: dict, seat: str, place: int, events: list) -> None:
    su = state["setup"]
    su["places"][place] = seat
    emit(events, "place_chosen", seat=seat, place=place)
    su["i"] += 1
    if su["i"] < len(su["choosers"]):
        _ask_place(state, events)
        return
    state["column"] = list(su["places"])
    state["setup"] = None
    state["phase"] = "explore"
    emit(events, "column_formed", column=list(state["column"]))
    explore.start_round(state, events)
