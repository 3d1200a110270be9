"""R-PLACE-4: reopening a closed floor with the smallest rearrangement.

Seed 000 asks the player to rearrange the floor "as little as possible
(rotate, shift)". The search tries plans in order of size — turn one tile,
move one tile, turn two, turn one and move one, move two, then the same
with three tiles — and takes the first layout that leaves the floor with
an open door and every tile connected. A "move" lifts a tile and attaches
it to any open door of the floor (a door of it meeting that door); a move
back to its own cell is left to the turns. Start tiles (the entrance group
and the landings) and the tile just discovered stay put.

A floor whose tiles have no more than 2(n-1) doors between them can never
keep a door open while its n tiles stay connected (every join takes two),
so it is given up at once. Otherwise the number of layouts tried is
bounded, so a floor that cannot be reopened costs a fixed, small time; then
it is recorded closed.
"""
from __future__ import annotations

from itertools import combinations, product

from . import board as B
from .geometry import beyond, cell, opposite

LIMIT = 6000
PLANS = ((1, 0), (0, 1), (2, 0), (1, 1), (0, 2), (3, 0), (2, 1), (1, 2), (0, 3))   # (turns, moves)


class _Spent(Exception):
    pass


def _good(state, floor, budget):
    budget[0] -= 1
    if budget[0] < 0:
        raise _Spent
    return B.floor_open(state, floor) and B.floor_connected(state, floor)


def _new_turns(state, room):
    """Rotations that change which sides a tile's doors face."""
    turns = state["rules"]["rooms"][room]["turns"]
    now = set(turns[state["tiles"][room][3]])
    seen, out = {frozenset(now)}, []
    for rot in range(4):
        doors = frozenset(turns[rot])
        if doors not in seen:
            seen.add(doors)
            out.append(rot)
    return out


def _spots(state, floor, room, home):
    """Empty cells next to an open door of the floor, with each rotation of
    `room` that meets that door; never `home`, the cell it came from."""
    turns = state["rules"]["rooms"][room]["turns"]
    out = []
    for other in B.floor_rooms(state, floor):
        _, ox, oy, _ = state["tiles"][other]
        for side in B.open_sides(state, other):
            x, y = beyond(ox, oy, side)
            if (x, y) == home:
                continue
            facing = opposite(side)
            out += [(x, y, rot) for rot in range(4) if facing in turns[rot]]
    return sorted(set(out))


def _place_rest(state, floor, moving, homes, budget):
    """Attach the lifted tiles one by one; True with them placed, or False
    with them lifted again."""
    if not moving:
        return _good(state, floor, budget)
    room, rest = moving[0], moving[1:]
    for x, y, rot in _spots(state, floor, room, homes[room]):
        if cell(floor, x, y) in state["cells"]:
            continue
        B.put(state, room, floor, x, y, rot)
        if _place_rest(state, floor, rest, homes, budget):
            return True
        B.lift(state, room)
    return False


def _try(state, floor, turned, moved, budget):
    tiles = state["tiles"]
    old = {r: list(tiles[r]) for r in turned + moved}
    for rots in product(*(_new_turns(state, r) for r in turned)):
        for r, rot in zip(turned, rots):
            tiles[r][3] = rot
        if not moved:
            if _good(state, floor, budget):
                return True
            continue
        for r in moved:
            B.lift(state, r)
        homes = {r: (old[r][1], old[r][2]) for r in moved}
        if _place_rest(state, floor, list(moved), homes, budget):
            return True
        for r in moved:
            B.put(state, r, *old[r])
    for r in turned:
        tiles[r][3] = old[r][3]
    return False


def rearrange(state: dict, floor: str, keep: str | None, limit: int = LIMIT) -> list[tuple] | None:
    """The smallest change that reopens a closed floor, applied to the map
    (`state["adj"]` is left to the caller). Returns each changed tile's new
    placement (room, floor, x, y, rotation), or None with the map as it was."""
    rooms = state["rules"]["rooms"]
    on_floor = B.floor_rooms(state, floor)
    if sum(len(rooms[r]["doors"]) for r in on_floor) <= 2 * (len(on_floor) - 1):
        return None             # joining n tiles takes 2(n-1) doors: none can be left open
    free = [r for r in sorted(on_floor, key=lambda r: -state["placed_n"].get(r, 0))
            if r != keep and not rooms[r]["start"]]
    tiles, cells = state["tiles"], state["cells"]
    saved_tiles, saved_cells = {r: list(t) for r, t in tiles.items()}, dict(cells)
    budget = [limit]
    try:
        for n_turn, n_move in PLANS:
            if n_turn + n_move > len(free):
                continue
            for moved in combinations(free, n_move):
                others = [r for r in free if r not in moved]
                for turned in combinations(others, n_turn):
                    if _try(state, floor, list(turned), list(moved), budget):
                        return [(r, *tiles[r]) for r in free if tiles[r] != saved_tiles[r]]
    except _Spent:
        pass
    tiles.clear()                 # exactly as before, key order too (replays iterate it)
    tiles.update(saved_tiles)
    cells.clear()
    cells.update(saved_cells)
    return None
