"""Where everything lies on the table, and the grid → world mapping.

World units: TTS's (about an inch), Y up, the White seat at −Z looking +Z.
A square Custom_Tile at scale 1 is 2 units on a side (a non-square one keeps
its image's aspect, shorter side 2 units: see `tile_scale`), so room tiles at
`TILE_SCALE` are `2 · TILE_SCALE` wide and `TILE_PITCH` keeps them edge to
edge. The numbers are kept here (and copied into the `tts` section) so the
server and the Lua never hard-code a table position.

Sketch (seen from above, north = +Z at the top; see README):

    z≈+20   [ Basement ]        [ Ground floor ]       [ Upper floor ]
            landing (0,0)       staircase (0,2)        landing (0,0)
                                foyer     (0,1)
    z≈0                         entrance  (0,0)
    z≈-8    bag  event item omen   dice×8   omens   track
    z≈-12        discard piles
    z≈-17   character boards with clips, a figure beside each
"""
from __future__ import annotations

import math

TABLE = "Table_RPG"
SURFACE_Y = 1.5            # objects are dropped just above the table top
TILE_SCALE = 1.4
TILE_PITCH = 2.0 * TILE_SCALE
TILE_THICKNESS = 0.2
# rotY of a tile whose image top (north) points to +Z: TTS shows cards and
# tiles upright to the south seat at rotY 180.
ROTATION_OFFSET = 180

FLOOR_ORIGINS = {
    "basement": (-22.0, SURFACE_Y, 8.0),
    "ground": (0.0, SURFACE_Y, 0.0),
    "upper": (22.0, SURFACE_Y, 8.0),
}
FLOOR_LABEL_Z = 20.0

ROW_DECKS_Z = -8.0
ROW_DISCARD_Z = -12.0
DECK_X = {"event": -9.0, "item": -6.0, "omen": -3.0}
ROOM_BAG_X = -14.0
DICE_X0, DICE_STEP = 3.0, 1.3
OMEN_COUNTER_X = 15.0
TRACK_X = 22.0
TRACK_SPACES = 16          # two rows of eight, numbered 0..15

# Hand zones: (colour, x, z, rotY); the south seats face north, the north
# seats face south. Scale = the zone's size in world units.
HANDS = [("White", -16.0, -25.0, 0), ("Red", 0.0, -25.0, 0), ("Yellow", 16.0, -25.0, 0),
         ("Green", 16.0, 28.0, 180), ("Blue", 0.0, 28.0, 180), ("Purple", -16.0, 28.0, 180)]
HAND_SCALE = (12.0, 5.0, 4.0)

ROW_BOARDS_Z = -17.0
BOARD_WIDTH = 6.0          # world units across a character board
BOARD_STEP = 8.0
CLIP_SCALE = 0.3
TRAIT_COLORS = {"might": "#c0392b", "speed": "#2980b9",
                "knowledge": "#27ae60", "sanity": "#8e44ad"}


def cell_to_world(floor: str, x: int, y: int, rotation: int = 0) -> tuple[float, float, float, int]:
    """Grid cell + engine rotation (clockwise) → world position and rotY."""
    if floor not in FLOOR_ORIGINS:
        raise ValueError(f"unknown floor {floor!r}")
    if rotation % 90:
        raise ValueError(f"rotation {rotation} is not a multiple of 90")
    ox, oy, oz = FLOOR_ORIGINS[floor]
    return ox + x * TILE_PITCH, oy, oz + y * TILE_PITCH, (ROTATION_OFFSET + rotation) % 360


def tile_scale(size: tuple[float, float]) -> float:
    """Scale of a non-square Custom_Tile (Stretch on) whose world footprint
    is `size` = (width, depth). TTS keeps the image's aspect ratio and makes
    its shorter side 2 units at scale 1: in real saves a landscape playmat
    tile carries snap points out to about ±2.1 local units across and ±1
    deep. scaleY stays 1 so the tile keeps its thickness."""
    width, depth = size
    if width <= 0 or depth <= 0:
        raise ValueError(f"tile size {size} must be positive")
    return min(width, depth) / 2


def row_x(count: int, step: float) -> list[float]:
    """x centres of `count` objects in a row centred on x = 0."""
    return [(i - (count - 1) / 2) * step for i in range(count)]


def board_size(image_px: tuple[int, int] | None) -> tuple[float, float]:
    """World width and depth of a board drawn from an image of that aspect."""
    w, h = image_px if image_px else (3, 2)
    return BOARD_WIDTH, BOARD_WIDTH * h / w


def slot_offsets(uv: list[list[float]], size: tuple[float, float]) -> list[dict]:
    """Image fractions → offsets from the board centre in its own frame."""
    width, depth = size
    return [{"x": round((u - 0.5) * width, 3), "z": round((0.5 - v) * depth, 3)} for u, v in uv]


def turn(offset: dict, rot_y: float) -> tuple[float, float]:
    """An offset in a board's frame → world delta for a board at rot_y
    (frame = world when rot_y == ROTATION_OFFSET; TTS turns clockwise)."""
    a = math.radians((rot_y - ROTATION_OFFSET) % 360)
    x, z = offset["x"], offset["z"]
    return x * math.cos(a) + z * math.sin(a), -x * math.sin(a) + z * math.cos(a)
