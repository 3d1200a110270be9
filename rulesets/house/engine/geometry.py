"""Grid sides and rotation: a tile's doors at rotation r are its printed
doors turned r quarter turns clockwise; x grows east, y grows north."""
from __future__ import annotations

from functools import cache

from ..game import SIDES

SIDE_INDEX = {s: i for i, s in enumerate(SIDES)}
STEP = ((0, 1), (1, 0), (0, -1), (-1, 0))


def turned(doors, rot: int) -> list[int]:
    return [(d + rot) % 4 for d in doors]


def opposite(side: int) -> int:
    return (side + 2) % 4


def beyond(x: int, y: int, side: int) -> tuple[int, int]:
    dx, dy = STEP[side]
    return x + dx, y + dy


def cell(floor: str, x: int, y: int) -> str:
    return f"{floor}:{x}:{y}"


@cache
def near(floor: str, x: int, y: int) -> tuple[str, str, str, str]:
    """The keys of the four cells beyond a cell's sides, by side. The map
    asks for them on almost every action, and a house has few cells."""
    return tuple(f"{floor}:{x + dx}:{y + dy}" for dx, dy in STEP)
