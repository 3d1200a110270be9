"""The house map: placed tiles, door connections, open doors (R-PLACE).

`state["tiles"]` maps a room id to [floor, x, y, rotation]; `state["cells"]`
maps "floor:x:y" to the room there; `state["adj"]` caches which rooms a
figure can step between (door to door, or a staircase link), because
movement reads it far more often than the map changes: a placed tile is
linked in (`link_tile`), and the graph is rebuilt only when tiles move.
"""
from __future__ import annotations

from .geometry import beyond, cell, opposite


def tile_doors(state: dict, room: str) -> list[int]:
    return state["rules"]["rooms"][room]["turns"][state["tiles"][room][3]]


def neighbour(state: dict, room: str, side: int) -> str | None:
    floor, x, y, _ = state["tiles"][room]
    nx, ny = beyond(x, y, side)
    return state["cells"].get(cell(floor, nx, ny))


def open_sides(state: dict, room: str) -> list[int]:
    """Doors leading to unexplored space (an empty cell). A door facing a
    placed tile is a connection or, facing a wall, false (R-PLACE-5)."""
    floor, x, y, rot = state["tiles"][room]
    cells = state["cells"]
    out = []
    for side in state["rules"]["rooms"][room]["turns"][rot]:
        nx, ny = beyond(x, y, side)
        if cell(floor, nx, ny) not in cells:
            out.append(side)
    return out


def _door_links(state: dict, room: str) -> list[str]:
    rooms, tiles, cells = state["rules"]["rooms"], state["tiles"], state["cells"]
    floor, x, y, rot = tiles[room]
    out = []
    for side in rooms[room]["turns"][rot]:
        nx, ny = beyond(x, y, side)
        other = cells.get(cell(floor, nx, ny))
        if other is not None and (side + 2) % 4 in rooms[other]["turns"][tiles[other][3]]:
            out.append(other)
    return out


def rebuild_adj(state: dict) -> None:
    tiles = state["tiles"]
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
        adj[o] = sorted(adj[o] + [room])
    for r in state["rules"]["links"].get(room, ()):
        if r in state["tiles"] and r not in near:
            near.append(r)
            adj[r] = sorted(adj[r] + [room])
    adj[room] = sorted(near)


def floor_rooms(state: dict, floor: str) -> list[str]:
    return [r for r, t in state["tiles"].items() if t[0] == floor]


def floor_open(state: dict, floor: str) -> bool:
    return any(open_sides(state, r) for r in floor_rooms(state, floor))


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
    out = []
    for rot in range(4):
        if facing not in turns[rot]:
            continue
        if keep_open:
            put(state, room, floor, x, y, rot)
            ok = floor_open(state, floor)
            lift(state, room)
            if not ok:
                continue
        out.append(rot)
    return out


def spots(state: dict, room: str, floor: str) -> list[tuple[int, int, int]]:
    """Every (x, y, rotation) where `room` can be attached to an open door of
    `floor` and keep that floor open, in a fixed order."""
    out = []
    for other in sorted(floor_rooms(state, floor)):
        if other == room:
            continue
        _, ox, oy, _ = state["tiles"][other]
        for side in open_sides(state, other):
            x, y = beyond(ox, oy, side)
            for rot in rotations_at(state, room, floor, x, y, opposite(side)):
                out.append((x, y, rot))
    return sorted(set(out))
