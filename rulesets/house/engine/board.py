"""The house map: placed tiles, door connections, open doors (R-PLACE).

`state["tiles"]` maps a room id to [floor, x, y, rotation]; `state["cells"]`
maps "floor:x:y" to the room there; `state["adj"]` caches which rooms a
figure can step between (door to door, or a staircase link), because
movement reads it far more often than the map changes: a placed tile is
linked in (`link_tile`), and the graph is rebuilt only when tiles move.

The map is read on almost every action and changed on few (a tile placed
or moved), so the functions that only read it take the parts with `peek`:
an action that only looks at the map does not copy it (kit.draft).
"""
from __future__ import annotations

from kit.draft import peek, reading

from .geometry import beyond, cell, near, opposite


def _tile(state: dict, room: str) -> list:
    """A placed tile's [floor, x, y, rotation], for reading only."""
    return peek(peek(state, "tiles"), room)


def tile_doors(state: dict, room: str) -> list[int]:
    return state["rules"]["rooms"][room]["turns"][_tile(state, room)[3]]


def neighbour(state: dict, room: str, side: int) -> str | None:
    floor, x, y, _ = _tile(state, room)
    return peek(state, "cells").get(near(floor, x, y)[side])


def open_sides(state: dict, room: str) -> list[int]:
    """Doors leading to unexplored space (an empty cell). A door facing a
    placed tile is a connection or, facing a wall, false (R-PLACE-5)."""
    tiles = peek(state, "tiles")
    floor, x, y, rot = tiles[room] if type(tiles) is dict else peek(tiles, room)
    cells = peek(state, "cells")
    beside = near(floor, x, y)
    return [side for side in state["rules"]["rooms"][room]["turns"][rot] if beside[side] not in cells]


def _door_links(state: dict, room: str) -> list[str]:
    rooms, tiles, cells = state["rules"]["rooms"], peek(state, "tiles"), peek(state, "cells")
    floor, x, y, rot = peek(tiles, room)
    beside = near(floor, x, y)
    out = []
    for side in rooms[room]["turns"][rot]:
        other = cells.get(beside[side])
        if other is not None and (side + 2) % 4 in rooms[other]["turns"][peek(tiles, other)[3]]:
            out.append(other)
    return out


def rebuild_adj(state: dict) -> None:
    tiles = reading(peek(state, "tiles"))
    links = state["rules"]["links"]
    adj = {}
    for room in tiles:
        near = _door_links(state, room)
        near.extend(r for r in links.get(room, ()) if r in tiles and r not in near)
        adj[room] = sorted(near)
    state["adj"] = adj


def link_tile(state: dict, room: str) -> None:
    """Add one newly placed tile to the step graph (cheaper than a rebuild)."""
    adj = state["adj"]
    near = _door_links(state, room)
    for o in near:
        adj[o] = sorted(peek(adj, o) + [room])
    for r in state["rules"]["links"].get(room, ()):
        if r in peek(state, "tiles") and r not in near:
            near.append(r)
            adj[r] = sorted(peek(adj, r) + [room])
    adj[room] = sorted(near)


def floor_rooms(state: dict, floor: str) -> list[str]:
    return [r for r, t in reading(peek(state, "tiles")).items() if t[0] == floor]


def floor_open(state: dict, floor: str, besides: str | None = None) -> bool:
    """R-PLACE-3: some door of the floor faces an empty cell (other than
    `besides`, a cell about to be filled). Movement asks this for every
    rotation of every drawn tile, so it walks the floor's doors inline."""
    rooms, cells = state["rules"]["rooms"], peek(state, "cells")
    for room, (fl, x, y, rot) in reading(peek(state, "tiles")).items():
        if fl != floor:
            continue
        beside = near(floor, x, y)
        for side in rooms[room]["turns"][rot]:
            key = beside[side]
            if key not in cells and key != besides:
                return True
    return False


def floor_connected(state: dict, floor: str) -> bool:
    rooms = floor_rooms(state, floor)
    if not rooms:
        return True
    seen, todo = {rooms[0]}, [rooms[0]]
    while todo:
        r = todo.pop()
        for o in _door_links(state, r):
            if o not in seen:
                seen.add(o)
                todo.append(o)
    return len(seen) == len(rooms)


def put(state: dict, room: str, floor: str, x: int, y: int, rot: int) -> None:
    state["tiles"][room] = [floor, x, y, rot]
    state["cells"][cell(floor, x, y)] = room


def lift(state: dict, room: str) -> None:
    floor, x, y, _ = state["tiles"].pop(room)
    del state["cells"][cell(floor, x, y)]


def rotations_at(state: dict, room: str, floor: str, x: int, y: int, facing: int,
                 keep_open: bool = True) -> list[int]:
    """Rotations that put one of the tile's doors on `facing` (R-PLACE-2) and,
    with keep_open, leave the floor an open door (R-PLACE-3)."""
    turns = state["rules"]["rooms"][room]["turns"]
    fits = [rot for rot in range(4) if facing in turns[rot]]
    if not keep_open or not fits:
        return fits
    # Placing the tile fills its own cell and opens the empty cells its doors
    # face: the floor stays open if another open cell is left, or if the
    # tile's own doors give one.
    if floor_open(state, floor, besides=cell(floor, x, y)):
        return fits
    cells = peek(state, "cells")
    beside = near(floor, x, y)
    return [rot for rot in fits if any(beside[side] not in cells for side in turns[rot])]


def spots(state: dict, room: str, floor: str) -> list[tuple[int, int, int]]:
    """Every (x, y, rotation) where `room` can be attached to an open door of
    `floor` and keep that floor open, in a fixed order."""
    out = []
    for other in sorted(floor_rooms(state, floor)):
        if other == room:
            continue
        _, ox, oy, _ = _tile(state, other)
        for side in open_sides(state, other):
            x, y = beyond(ox, oy, side)
            for rot in rotations_at(state, room, floor, x, y, opposite(side)):
                out.append((x, y, rot))
    return sorted(set(out))
