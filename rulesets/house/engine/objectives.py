"""What wins a haunt (R-HAUNT-10), and the haunt's own actions: `ritual`,
`escape`, `reveal`, and tokens carried like items (docs/rulesets/haunts.md).

Objectives are checked after every action (engine.apply_in_place), so each
test here is a few lookups: the state keeps the counts (ritual successes,
escaped heroes, destroyed monsters) instead of recounting a history.
"""
from __future__ import annotations

from kit.draft import peek, reading

from . import traits as T
from .effects import choice, op
from .haunt import at_table, reveal, spec
from .items import receiver
from .text import refuse


def side_seats(state: dict, side: str) -> list[str]:
    """The living figures of a side still in the game (escaped ones are not)."""
    traitor = peek(state, "haunt")["traitor"]
    players = reading(state["players"])
    if side == "traitor":
        return [traitor] if traitor and players[traitor]["alive"] else []
    return [s for s, p in players.items() if s != traitor and p["alive"]]


def held_tokens(state: dict, seats, kind: str, room: str | None = None) -> int:
    players = reading(state["players"])
    return sum(1 for t in peek(state, "haunt")["tokens"].values()
               if t["kind"] == kind and t["holder"] in seats
               and (room is None or players[t["holder"]]["room"] == room))


def met(state: dict, side: str, o: dict) -> bool:
    # read after every action: neither part is copied for it
    return met_in(state, side, o, peek(state, "haunt"), reading(state["players"]))


def met_in(state: dict, side: str, o: dict, h: dict, players: dict) -> bool:
    """`met`, given the haunt and the players to read (check_win reads them once for every objective)."""
    name = o["objective"]
    if name == "traitor_dead":
        return h["traitor"] is not None and not players[h["traitor"]]["alive"]
    if name == "heroes_dead":
        traitor, escaped = h["traitor"], h["escaped"]
        for s, p in players.items():
            if s != traitor and (p["alive"] or s in escaped):
                return False
        return True
    if name == "monsters_stunned":
        mine = [m for m in h["monsters"] if o["kind"] in (None, m["kind"])]
        return bool(mine) and all(m["stunned"] for m in mine)
    if name == "monsters_destroyed":
        return any(d["kind"] == o["kind"] for d in h["destroyed"]) and \
            not any(m["kind"] == o["kind"] for m in h["monsters"])
    if name == "ritual":
        return h["rituals"].get(ritual_key(state, side, o), 0) >= at_table(o["successes"], state)
    if name == "escape":
        count = o["count"]
        if count == "all":
            return bool(h["escaped"]) and not side_seats(state, "heroes")
        if count == "half":             # of the heroes the haunt began with, rounded up
            count = (len(players) - (h["traitor"] is not None) + 1) // 2
        return len(h["escaped"]) >= count
    if name == "carry":
        seats = [s for s in side_seats(state, side) if players[s]["room"] == o["to"]]
        if o["object"] in state["rules"]["cards"]:
            return any(o["object"] in players[s]["held"] for s in seats)
        return held_tokens(state, seats, o["object"]) >= at_table(o.get("count", 1), state)
    if name == "collect":
        return held_tokens(state, side_seats(state, side), o["kind"]) >= at_table(o["count"], state)
    return False                # survive: the clock decides; an unknown word never wins


def ritual_key(state, side, o) -> str:
    key = "heroes_win" if side == "heroes" else "traitor_wins"
    return f"{side}:{spec(state)[key].index(o)}"


def my_side(state: dict, seat: str) -> str:
    return "traitor" if seat == state["haunt"]["traitor"] else "heroes"


def held_here(state: dict, seat: str) -> tuple[list[dict], bool]:
    """The ritual objectives of the seat's side held in the room it stands
    in, and whether the seat (a hero) may leave the house there; in one pass,
    since every action listing of the haunt asks."""
    heroes = my_side(state, seat) == "heroes"
    room = state["players"][seat]["room"]
    rituals, escape = [], False
    for o in spec(state)["heroes_win" if heroes else "traitor_wins"]:
        kind = o["objective"]
        if kind == "ritual" and o["room"] == room:
            rituals.append(o)
        elif kind == "escape" and heroes and o["room"] == room:
            escape = True
    return rituals, escape


def rituals_here(state: dict, seat: str) -> list[dict]:
    return held_here(state, seat)[0]


def escapes_here(state: dict, seat: str) -> bool:
    return held_here(state, seat)[1]


def ritual(state: dict, rng, seat: str, events: list) -> None:
    """A trait roll toward a ritual objective, once per figure per turn."""
    if state["phase"] != "haunt":
        raise refuse("R-HAUNT-10", "no_ritual")
    found = rituals_here(state, seat)
    if not found:
        raise refuse("R-HAUNT-10", "no_ritual")
    if state["turn"].get("ritual"):
        raise refuse("R-HAUNT-10", "ritual_done")
    state["turn"]["ritual"] = True
    o = found[0]
    side = my_side(state, seat)
    if side == "traitor":
        reveal(state, "ritual", events)     # only the traitor's side has this ritual: the act shows who

    total = T.roll_trait(state, rng, seat, o["trait"], "ritual", events, target=o["target"])
    events[-1]["success"] = total >= o["target"]
    if total >= o["target"]:
        key = ritual_key(state, side, o)
        h = state["haunt"]
        h["rituals"][key] = h["rituals"].get(key, 0) + 1
        events.append({"type": "ritual_progress", "side": side, "objective": int(key.split(":")[1]),
                       "successes": h["rituals"][key], "needed": at_table(o["successes"], state)})


def escape(state: dict, seat: str, events: list) -> None:
    """The hero leaves the house: out of the turn order, neither dead nor
    playing (`alive` false, `escaped` true); what it holds leaves with it."""
    if state["phase"] != "haunt" or not escapes_here(state, seat):
        raise refuse("R-HAUNT-10", "no_escape")
    p = state["players"][seat]
    p["alive"] = False
    p["escaped"] = True
    state["haunt"]["escaped"].append(seat)
    events.append({"type": "hero_escaped", "seat": seat, "room": p["room"]})


def reveal_self(state: dict, seat: str, events: list) -> None:
    h = state["haunt"]
    if h is None or seat != h["traitor"] or not h["hidden"]:
        raise refuse("R-HAUNT-3", "not_hidden_traitor")
    reveal(state, "reveal", events)


# Tokens: picked up, dropped and given like items (R-ITEM-3), one action
# per token per turn (R-ITEM-1).
def is_token(state: dict, name) -> bool:
    h = peek(state, "haunt")
    return h is not None and name in h["tokens"]


def pick_up_tokens(state: dict, seat: str, names: list, events: list) -> None:
    h = state["haunt"]
    room = state["players"][seat]["room"]
    for t in names:
        if h["tokens"][t]["room"] != room:
            raise refuse("R-ITEM-3", "not_on_floor")
        if t in state["turn"]["items"]:
            raise refuse("R-ITEM-1", "item_acted")
    for t in names:
        state["turn"]["items"][t] = "pick_up"
        h["tokens"][t].update(room=None, holder=seat)
        events.append({"type": "token_picked_up", "token": t, "seat": seat, "room": room})


def drop_tokens(state: dict, seat: str, names: list, events: list) -> None:
    h = state["haunt"]
    for t in names:
        if h["tokens"][t]["holder"] != seat:
            raise refuse("R-ITEM-1", "not_held")
        if t in state["turn"]["items"]:
            raise refuse("R-ITEM-1", "item_acted")
    room = state["players"][seat]["room"]
    for t in names:
        state["turn"]["items"][t] = "drop"
        h["tokens"][t].update(room=room, holder=None)
        events.append({"type": "token_dropped", "token": t, "seat": seat, "room": room})


def give_token(state: dict, seat: str, t: str, to, events: list) -> None:
    h = state["haunt"]
    if h["tokens"][t]["holder"] != seat:
        raise refuse("R-ITEM-1", "not_held")
    if t in state["turn"]["items"]:
        raise refuse("R-ITEM-1", "item_acted")
    receiver(state, seat, to)
    state["turn"]["items"][t] = "give"
    gift = {"from": seat, "to": to, "token": t}
    choice(state, to, {"accept": [{"op": "_give_token", **gift}], "refuse": []}, events, "gift", source=t)


@op("_give_token")
def _give_token(state, rng, seat, s, events):
    tok = state["haunt"]["tokens"][s["token"]]
    if tok["holder"] == s["from"]:
        tok["holder"] = s["to"]
        events.append({"type": "token_given", "from": s["from"], "to": s["to"], "token": s["token"]})


def drop_for_the_fallen(state: dict, events: list) -> None:
    """R-ITEM-7 for tokens: a dead figure's tokens lie in its room."""
    h = peek(state, "haunt")                  # looked at after every action, changed seldom
    players = reading(state["players"])
    fallen = [t for t, tok in h["tokens"].items()
              if tok["holder"] is not None and not players[tok["holder"]]["alive"] and tok["holder"] not in h["escaped"]]
    for t in fallen:
        tok = state["haunt"]["tokens"][t]
        holder = tok["holder"]
        room = state["players"][holder]["room"]
        tok.update(room=room, holder=None)
        events.append({"type": "token_dropped", "token": t, "seat": holder, "room": room})
