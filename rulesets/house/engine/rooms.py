"""Special rooms a player acts in or ends a turn in (R-SPECIAL-4..9, R-ROOM-5)."""
from __future__ import annotations

from kit.draft import peek

from . import board as B
from . import traits as T
from .effects import check, choice, harm, is_traitor, op, push
from .movement import relocate, special, unstable_check
from .text import refuse

FLOOR_BELOW = {"upper": "ground", "ground": "basement"}


def room_action(state: dict, seat: str, events: list) -> None:
    room = state["players"][seat]["room"]
    sp = special(state, room)
    kind = sp and sp["kind"]
    turn = state["turn"]
    if kind == "locked_store":                                  # R-SPECIAL-6
        if room in state["opened"]:
            raise refuse("R-SPECIAL-6", "room_done")
        key = "store:" + room
        if key in turn["checks"]:
            raise refuse("R-CHECK-3", "check_tried")
        draws = [{"op": "_draw1", "deck": d["deck"]} for d in sp.get("draws", []) for _ in range(d.get("count", 1))]
        ok = [{"op": "_open", "room": room}] + draws
        push(state, seat, [check(sp.get("trait", "knowledge"), sp["target"], ok, [], "store", key)])
    elif kind == "elevator":                                    # R-SPECIAL-7
        key = "elevator:" + room
        if key in turn["checks"]:
            raise refuse("R-CHECK-3", "check_tried")
        turn["checks"].append(key)
        if is_traitor(state, seat):                             # R-HAUNT-6: picks the floor, no roll, no harm
            push(state, seat, [{"op": "_elevator_choice", "room": room}])
            return
        table = {int(k): v for k, v in sp["table"].items()}
        outcomes = []
        keys = sorted(table)
        for i, total in enumerate(keys):
            o = {"min": total if i else -1, "then": _elevator_steps(state, seat, room, table[total])}
            if i + 1 < len(keys):
                o["max"] = total
            outcomes.append(o)
        push(state, seat, [{"op": "roll", "dice": sp.get("dice", 2), "purpose": "elevator",
                            "outcomes": outcomes}])
    else:
        raise refuse("R-SPECIAL-6", "no_room_action")


def _elevator_steps(state, seat, room, result):
    if result == "any":
        return [{"op": "_elevator_choice", "room": room}]
    if result == "basement_hurt":
        return [{"op": "_elevate", "room": room, "floor": "basement"}] + harm(
            state, seat, [{"op": "damage", "kind": "physical", "dice": 1}], room)
    return [{"op": "_elevate", "room": room, "floor": result}]


@op("_elevator_choice")
def _elevator_choice(state, rng, seat, s, events):
    choice(state, seat, {f: [{"op": "_elevate", "room": s["room"], "floor": f}]
                         for f in ("basement", "ground", "upper")}, events, "elevator", source=s["room"])


@op("_elevate")
def _elevate(state, rng, seat, s, events):
    """Move the elevator to an open door of the floor; R-PLACE-6: not if that
    would close or split a floor. Figures in it ride along (they stay in it)."""
    room, floor = s["room"], s["floor"]
    old = list(state["tiles"][room])
    if old[0] == floor:
        return
    B.lift(state, room)
    if B.floor_open(state, old[0]) and B.floor_connected(state, old[0]):
        for x, y, rot in B.spots(state, room, floor):
            B.put(state, room, floor, x, y, rot)
            if B.floor_connected(state, floor):
                B.rebuild_adj(state)
                events.append({"type": "tile_moved", "room": room, "floor": floor, "x": x, "y": y,
                               "rotation": rot, "reason": "elevator"})
                return
            B.lift(state, room)
    B.put(state, room, *old)


@op("_open")
def _open(state, rng, seat, s, events):
    state["opened"].append(s["room"])
    events.append({"type": "room_opened", "room": s["room"], "seat": seat})


def drop_ready(state: dict, room: str, sp: dict) -> bool:
    """R-SPECIAL-8: the drop-through's target is placed, one floor below."""
    tiles = state["tiles"]
    return sp["to"] in tiles and tiles[sp["to"]][0] == FLOOR_BELOW.get(tiles[room][0])


def drop_through(state: dict, seat: str, events: list) -> None:
    """R-SPECIAL-8: drop to the named room one floor below if it is in play."""
    p = state["players"][seat]
    sp = special(state, p["room"])
    if not sp or sp["kind"] != "drop_through":
        raise refuse("R-SPECIAL-8", "no_room_action")
    if not state["turn"]["may_move"]:
        raise refuse("R-MOVE-4", "movement_over")
    if not drop_ready(state, p["room"], sp):
        raise refuse("R-SPECIAL-8", "drop_target")
    here = p["room"]
    relocate(state, seat, sp["to"], "drop_through", events)
    if sp.get("damage"):
        push(state, seat, harm(state, seat, [{"op": "damage", **sp["damage"]}], here))


@op("_room_end")
def _room_end(state, rng, seat, s, events):
    """R-ROOM-5: end-of-turn room rules fire every turn that ends there."""
    players = state["players"]
    p = peek(players, seat) if seat in players else None     # read only: the rules below write through state
    if not p or not p["alive"]:
        return
    room = p["room"]
    sp = special(state, room)
    if not sp:
        return
    kind = sp["kind"]
    if kind == "unstable_floor":                                # R-SPECIAL-2
        push(state, seat, [unstable_check(state, seat, room, sp)])
    elif kind == "hazard":                                      # R-SPECIAL-9
        push(state, seat, harm(state, seat, [{"op": "damage", **sp["damage"]}], room))
    elif kind == "boon" and room not in p["boons"]:             # R-SPECIAL-5
        n = sp.get("steps", 1)
        opts = {t: [{"op": "_boon", "room": room, "trait": t, "steps": n}] for t in sp["traits"]}
        if len(opts) == 1:
            push(state, seat, next(iter(opts.values())))
        else:
            choice(state, seat, opts, events, "boon", source=room)


@op("_boon")
def _boon(state, rng, seat, s, events):
    state["players"][seat]["boons"].append(s["room"])
    events.append({"type": "boon_taken", "seat": seat, "room": s["room"], "trait": s["trait"]})
    T.change(state, seat, s["trait"], s["steps"], events)
