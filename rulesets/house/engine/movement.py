"""Moving, discovering and placing rooms (R-MOVE, R-PLACE, R-ROOM)."""
from __future__ import annotations

from kit.engine import shuffle
from . import board as B
from . import traits as T
from .cards import end_movement
from kit.draft import peek, reading
from .effects import check, harm, is_traitor, op, push, prompt
from .geometry import SIDE_INDEX, beyond, opposite
from .rearrange import rearrange
from .text import refuse


def special(state: dict, room: str) -> dict | None:
    return state["rules"]["rooms"][room]["special"]


def side_of(state: dict, who: str) -> str:
    """The side a figure plays for as the table knows it: a hidden traitor
    passes for a hero (monsters and hindrance treat it as one) until revealed."""
    h = peek(state, "haunt")
    if who in state["players"]:
        return "traitor" if h and h.get("traitor") == who and not h["hidden"] else "hero"
    return "traitor"                   # monsters play for the traitor's side


def hindered_rooms(state: dict, who: str) -> set:
    """R-MOVE-7: rooms whose leaving costs `who` an extra step, because an
    opponent who is not stunned is there (haunt only); all at once, since the
    move search asks about many rooms."""
    if state["phase"] != "haunt":
        return set()
    h = peek(state, "haunt")
    traitor = None if h["hidden"] else h["traitor"]         # side_of, inline: the move search asks often
    players = state["players"]
    if who not in players:                                  # a monster: every hero in the way
        return {p["room"] for s, p in reading(players).items() if p["alive"] and s != traitor}
    if who == traitor:                                      # the traitor: every hero in the way
        return {p["room"] for s, p in reading(players).items() if p["alive"] and s != who}
    out = {m["room"] for m in h["monsters"] if not m["stunned"]}      # a hero: the monsters and the traitor
    if traitor is not None:
        t = peek(players, traitor)
        if t["alive"]:
            out.add(t["room"])
    return out


def step_cost(state: dict, who: str, room: str) -> int:
    """Leaving `room`: one step, two past an opponent (R-MOVE-7)."""
    return 2 if room in hindered_rooms(state, who) else 1


def speed_budget(state: dict, seat: str) -> int:
    return T.value(state, seat, "speed")


def affordable(state: dict, seat: str, cost: int) -> bool:
    """R-MOVE-1 within Speed; R-MOVE-2 a first room is always allowed."""
    turn = state["turn"]
    return not turn["moved"] or turn["used"] + cost <= speed_budget(state, seat)


def _can_start_leaving(state, seat):
    if not state["turn"]["may_move"]:
        raise refuse("R-MOVE-4", "movement_over")


def gate_key(state: dict, seat: str, to: str | None = None) -> str | None:
    """The turn key of the roll that leaving the current room for `to` (None:
    a room still to discover) needs, or None. Movement sets the roll up and
    the legal-action listing hides exits a failed roll closed; both must
    agree on when a roll is due (R-SPECIAL-3/4)."""
    p = peek(state["players"], seat)
    frm = p["room"]
    sp = special(state, frm)
    if not sp:
        return None
    if sp["kind"] == "leaving_check":
        return "leave:" + frm
    if sp["kind"] == "crossing" and p.get("uncrossed") == frm and to != p.get("came_from"):
        return "cross:" + frm
    return None


def _leaving_gate(state: dict, seat: str, then: list) -> bool:
    """R-SPECIAL-3/4: leaving a check room first needs its roll. Returns True
    when a roll was set up (the step continues after it)."""
    key = gate_key(state, seat, then[0].get("to"))
    turn = state["turn"]
    if key is None or key in turn["passed"]:
        return False
    frm = state["players"][seat]["room"]
    sp = special(state, frm)
    if key in turn["checks"]:
        raise refuse("R-CHECK-3", "check_tried")
    if sp["kind"] == "leaving_check" and isinstance(sp.get("on_fail"), dict):
        lose = sp["on_fail"]["lose"]
        bad = [{"op": "lose", "trait": lose["trait"], "steps": lose.get("steps", 1)}]
        fail_steps = harm(state, seat, bad, frm) + then             # the step goes on after the loss
    else:
        rule = "R-SPECIAL-4" if sp["kind"] == "leaving_check" else "R-SPECIAL-3"
        fail_steps = harm(state, seat, [{"op": "_end_move", "rule": rule}], frm, after=then)
    ok = [{"op": "_pass", "key": key}] + then
    push(state, seat, [check(sp["trait"], sp["target"], ok, fail_steps, "leave", key)])
    return True


def path_arg(args: dict) -> list[str]:
    """The rooms a `move` or `monster_move` walks through: `path`, or `to`
    alone. Checked before any step, since a room id is used as a key."""
    path = args.get("path")
    if path is None and "to" in args:
        path = [args["to"]]
    if not isinstance(path, list) or not path or not all(isinstance(r, str) for r in path):
        raise refuse("BAD-ARGS", "bad_args", 400, what="to/path")
    return path


def step(state: dict, seat: str, to: str, events: list) -> None:
    p = state["players"][seat]
    _can_start_leaving(state, seat)
    frm = p["room"]
    if to not in peek(state, "adj").get(frm, ()):
        raise refuse("R-MOVE-1", "not_connected")
    cost = step_cost(state, seat, frm)
    if not affordable(state, seat, cost):
        raise refuse("R-MOVE-1", "no_movement")
    if _leaving_gate(state, seat, [{"op": "_step", "to": to}]):
        return
    _do_step(state, seat, to, cost, events)


def _do_step(state, seat, to, cost, events):
    p = state["players"][seat]
    turn = state["turn"]
    frm = p["room"]
    turn["used"] += cost
    turn["moved"] = True
    p["came_from"] = frm
    if p.get("uncrossed") == frm:
        p["uncrossed"] = None
    relocate(state, seat, to, "move", events, cost)


@op("_step")
def _step_op(state, rng, seat, s, events):
    p = state["players"][seat]
    if not state["turn"]["may_move"]:
        return
    _do_step(state, seat, s["to"], step_cost(state, seat, p["room"]), events)


@op("_pass")
def _pass(state, rng, seat, s, events):
    state["turn"]["passed"].append(s["key"])


@op("_end_move")
def _end_move(state, rng, seat, s, events):
    end_movement(state, seat, s.get("rule", "R-SPECIAL-3"), events)
    room = state["players"][seat]["room"]
    if (special(state, room) or {}).get("kind") == "crossing":
        state["players"][seat]["uncrossed"] = room


def relocate(state: dict, seat: str, to: str, reason: str, events: list, cost: int = 0,
             discovered: bool = False) -> None:
    p = state["players"][seat]
    events.append({"type": "figure_moved", "seat": seat, "from": p["room"], "room": to,
                   "cost": cost, "reason": reason})
    p["room"] = to
    steps = []
    icon = state["rules"]["rooms"][to]["icon"]
    if discovered or to in peek(state, "icon_pending"):        # R-ROOM-1/2/3
        if to in peek(state, "icon_pending"):
            state["icon_pending"].remove(to)
        if icon in ("event", "item", "omen"):
            steps.append({"op": "_draw1", "deck": icon})
    sp = special(state, to)
    if sp and sp["kind"] in ("chute", "unstable_floor", "crossing"):
        steps.append({"op": "_enter", "room": to})
    push(state, seat, steps)


@op("_enter")
def _enter(state, rng, seat, s, events):
    room = s["room"]
    p = state["players"][seat]
    if p["room"] != room:
        return
    sp = special(state, room)
    if sp["kind"] == "chute":                                   # R-SPECIAL-1
        if is_traitor(state, seat):                             # R-HAUNT-6: the slide only if wanted
            push(state, seat, [{"op": "_offer_ignore", "source": room, "then": [{"op": "_chute"}]}])
        else:
            _chute(state, rng, seat, s, events)
    elif sp["kind"] == "unstable_floor":                        # R-SPECIAL-2
        push(state, seat, [unstable_check(state, seat, room, sp)])
    elif sp["kind"] == "crossing":                              # R-SPECIAL-3
        key = "cross:" + room
        fail = harm(state, seat, [{"op": "_end_move", "rule": "R-SPECIAL-3"}], room)
        if key in state["turn"]["checks"]:
            push(state, seat, fail)
        else:
            push(state, seat, [check(sp["trait"], sp["target"], [{"op": "_pass", "key": key}],
                                     fail, "cross", key)])


@op("_chute")
def _chute(state, rng, seat, s, events):
    relocate(state, seat, state["rules"]["landing"]["basement"], "chute", events)


def unstable_check(state, seat, room, sp):
    """R-SPECIAL-2. R-HAUNT-6: the traitor takes only the fall, if wanted
    (a way down), never the damage, and so needs no roll."""
    if is_traitor(state, seat):
        return {"op": "_offer_ignore", "source": room, "then": [{"op": "_fall", "room": room}]}
    bad = [{"op": "_fall", "room": room}]
    if sp.get("damage"):
        bad.append({"op": "damage", **sp["damage"]})
    return check(sp.get("trait", "speed"), sp["target"], [], bad, "unstable")


def place_new(state: dict, room: str, floor: str, x: int, y: int, rot: int, by, events: list) -> None:
    B.put(state, room, floor, x, y, rot)
    state["placed_n"][room] = len(state["placed_n"])
    B.link_tile(state, room)
    events.append({"type": "tile_placed", "room": room, "floor": floor, "x": x, "y": y,
                   "rotation": rot, "by": by})


def draw_basement_tile(state, rng, by, events):
    """A fall with no room below yet places a basement tile at an open
    basement door; it counts as placed by a room effect (R-ROOM-3)."""
    stack = state["decks"]["room"]
    discarded = 0
    for _ in range(len(stack)):
        t = stack.pop()
        fits = "basement" in state["rules"]["rooms"][t]["floors"] and B.spots(state, t, "basement")
        if fits:
            x, y, rot = fits[0]
            place_new(state, t, "basement", x, y, rot, by, events)
            state["icon_pending"].append(t)
            break
        state["discards"]["room"].append(t)
        discarded += 1
    else:
        t = None
    if discarded:
        events.append({"type": "tile_discarded", "count": discarded})
    return t


@op("_fall")
def _fall(state, rng, seat, s, events):
    room = s["room"]
    below = state["below"].get(room)
    if below is None:
        below = draw_basement_tile(state, rng, seat, events)
        if below is not None:
            state["below"][room] = below
    relocate(state, seat, below or state["rules"]["landing"]["basement"], "fall", events)


def discover(state: dict, rng, seat: str, side_name: str, events: list) -> None:
    if side_name not in SIDE_INDEX:
        raise refuse("BAD-ARGS", "bad_args", 400, what="side")
    _can_start_leaving(state, seat)
    p = peek(state["players"], seat)              # read only: the step below moves the figure
    side = SIDE_INDEX[side_name]
    if side not in B.open_sides(state, p["room"]):
        raise refuse("R-MOVE-5", "not_open_door")
    floor = peek(state, "tiles")[p["room"]][0]
    if not tiles_left(state, floor):
        raise refuse("R-PLACE-1", "no_tile")
    cost = step_cost(state, seat, p["room"])
    if not affordable(state, seat, cost):
        raise refuse("R-MOVE-1", "no_movement")
    if _leaving_gate(state, seat, [{"op": "_discover", "side": side}]):
        return
    _discover(state, rng, seat, {"side": side}, events)


def tiles_left(state: dict, floor: str) -> bool:
    rooms = state["rules"]["rooms"]
    for pile in (peek(state, "decks")["room"], peek(state, "discards")["room"]):
        for t in pile:
            if floor in rooms[t]["floors"]:
                return True
    return False


@op("_discover")
def _discover(state, rng, seat, s, events):
    p = state["players"][seat]
    floor, x0, y0, _ = peek(state, "tiles")[p["room"]]
    x, y = beyond(x0, y0, s["side"])
    facing = opposite(s["side"])
    got = draw_tile(state, rng, floor, x, y, facing, events)
    if got is None:
        return
    room, rots, closes = got
    turn = state["turn"]
    turn["used"] += step_cost(state, seat, p["room"])
    turn["moved"] = True
    if len(rots) == 1:
        place_discovered(state, seat, room, floor, x, y, rots[0], closes, events)
    else:
        prompt(state, seat, "rotation", events, room=room, floor=floor, x=x, y=y,
               rotations=rots, closes=closes)


def draw_tile(state, rng, floor, x, y, facing, events):
    """R-PLACE-1/3: draw until a tile fits this floor without closing it;
    misfits go face down to the discards (reshuffled once if the stack runs
    out). R-PLACE-4: if none fits, the first tile that connects is used and
    the floor is rearranged afterwards."""
    stack, pile = state["decks"]["room"], state["discards"]["room"]
    rooms = state["rules"]["rooms"]
    discarded, reshuffled, tried = 0, False, set()
    result = None
    while True:
        if not stack:
            if reshuffled or not pile:
                break
            stack.extend(pile)
            pile.clear()
            shuffle(stack, rng)
            reshuffled = True
            events.append({"type": "deck_reshuffled", "deck": "room"})
        t = stack.pop()
        if t in tried:
            stack.append(t)
            break
        tried.add(t)
        if floor in rooms[t]["floors"]:
            rots = B.rotations_at(state, t, floor, x, y, facing)
            if rots:
                result = (t, rots, False)
                break
        pile.append(t)
        discarded += 1
    if discarded:
        events.append({"type": "tile_discarded", "count": discarded})
    if result is None:
        for src in (stack, pile):
            for t in reversed(src):
                if floor in rooms[t]["floors"]:
                    rots = B.rotations_at(state, t, floor, x, y, facing, keep_open=False)
                    if rots:
                        src.remove(t)
                        return t, rots, True
    return result


def place_discovered(state, seat, room, floor, x, y, rot, closes, events):
    place_new(state, room, floor, x, y, rot, seat, events)
    if closes or not B.floor_open(state, floor):
        changed = rearrange(state, floor, room)
        if changed:
            B.rebuild_adj(state)
            for r, fl, mx, my, mrot in changed:
                events.append({"type": "tile_moved", "room": r, "floor": fl, "x": mx, "y": my,
                               "rotation": mrot, "reason": "rearrange"})
        elif floor not in state["closed_floors"]:
            # no rearrangement within the search's bound reopens it: the floor is complete
            state["closed_floors"].append(floor)
            events.append({"type": "floor_closed", "floor": floor})
    relocate(state, seat, room, "discover", events, discovered=True)


@op("move")
def _effect_move(state, rng, seat, s, events):
    """A card puts the figure in a room, if that room is in play (R-MOVE-6)."""
    if s["to"] in state["tiles"] and state["players"][seat]["room"] != s["to"]:
        relocate(state, seat, s["to"], "effect", events)
