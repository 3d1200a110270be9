"""Where everything lies on escape's table, in TTS world units (about an
inch; Y up; the south seats at −Z look north, +Z). The column runs west to
east across the middle, its front (the leader) in the west; each seat's
area lies under its hand zone, the south seats' upright to them and the
north seats' turned round. The areas' and the column's inner places are
read from their layouts (`places`, 100 px a unit), so the picture and the
positions cannot drift apart.

Seen from above (north = +Z at the top):

    z=+25.5          [Purple hand]     [Blue hand]      [Green hand]
    z=+17            Purple area       Blue area        Green area
    z=+11.5   infected tokens (pool)              character tokens (supply)
    z=+8      infected deck, out pile              character deck, credits
    z=+4.2    the infected card of a token, north of its slot
    z=0       FRONT  slot 1 … slot 6  END          (the column board)
    z=-8      item deck, discard · explore deck, discard · resolving · stairs · die
    z=-17            White area        Red area         Yellow area
    z=-25.5          [White hand]      [Red hand]       [Yellow hand]
"""
from __future__ import annotations

from pipeline.render import layouts

from .. import INFO

TABLE = "Table_RPG"
SURFACE_Y = 1.5
UPRIGHT = 180            # rotY that shows a card or tile upright to the south seats
PX_PER_UNIT = 100        # the area and column layouts are drawn at 100 px a world unit

# Seats: colour, x, z of the area's centre, rotY of the area and its cards.
SEATS = [("White", -16.0, -17.0, 180), ("Red", 0.0, -17.0, 180), ("Yellow", 16.0, -17.0, 180),
         ("Green", 16.0, 17.0, 0), ("Blue", 0.0, 17.0, 0), ("Purple", -16.0, 17.0, 0)]
HAND_Z = 25.5            # distance of a hand zone from the middle
HAND_SCALE = (14.0, 5.0, 4.5)

ROW_SOUTH_Z = -8.0
ROW_NORTH_Z = 8.0
SUPPLY_Z = 11.5
DECKS = {"item": (-12.0, ROW_SOUTH_Z), "explore": (-4.0, ROW_SOUTH_Z),
         "infected": (-12.0, ROW_NORTH_Z), "character": (9.0, ROW_NORTH_Z)}
DISCARDS = {"item": (-9.0, ROW_SOUTH_Z), "explore": (-1.0, ROW_SOUTH_Z), "infected": (-9.0, ROW_NORTH_Z)}
RESOLVING = (3.0, ROW_SOUTH_Z)
STAIRS = (7.0, ROW_SOUTH_Z)
DIE = (12.0, ROW_SOUTH_Z)
CREDITS = (13.0, ROW_NORTH_Z)
INFECTED_TOKENS = 6      # E-KIT-2: six infected cards with tokens
TOKEN_STEP = 1.8
INFECTED_POOL_X = -12.0
CHARACTER_SUPPLY_X = 3.0
TOKEN_SIZE = 1.6         # a token's diameter
PILE_LIFT = 0.05         # each card of a pile a little above the one before
CASCADE = {"x": 0.0, "z": -0.6}       # a card laid on another: this far towards its seat
HIT_CASCADE = {"x": 0.45, "z": -0.45}  # an item played onto an infected card
INFECTED_CARD = {"x": 0.0, "z": 4.2}   # a token's infected card: north of the token's slot
OVERFLOW_STEP = 2.5      # past the last drawn slot or equipment place, one more this far on


def _places(name: str) -> tuple[dict, tuple[int, int]]:
    lay = layouts.load(name, INFO.name)
    return lay["places"], tuple(lay["size"])


def _centre(box, size) -> dict:
    """A box in image pixels → its centre as an offset in the image's own
    frame (x east, z north when the image is upright), in world units."""
    x, y, w, h = box
    return {"x": round((x + w / 2 - size[0] / 2) / PX_PER_UNIT, 3),
            "z": round((size[1] / 2 - (y + h / 2)) / PX_PER_UNIT, 3)}


def _extent(box) -> tuple[float, float]:
    return box[2] / PX_PER_UNIT, box[3] / PX_PER_UNIT


def world_size(name: str) -> tuple[float, float]:
    _, size = _places(name)
    return size[0] / PX_PER_UNIT, size[1] / PX_PER_UNIT


def tile_scale(name: str) -> float:
    """A Custom_Tile (Stretch on) takes its image's aspect with the shorter
    side 2 units at scale 1 (pipeline.tts.objects.custom_tile)."""
    return min(world_size(name)) / 2


def mat_places() -> dict:
    """The area's places as offsets from its centre in its own frame."""
    places, size = _places("mat")
    out = {k: _centre(places[k], size) for k in ("character", "token", "vp", "stamina", "equipment")}
    out["equipment_slots"] = [_centre(b, size) for b in places["equipment_slots"]]
    out["equipment_extent"] = _extent(places["equipment"])
    return out


def column_places() -> dict:
    places, size = _places("column")
    return {"front": _centre(places["front"], size), "end": _centre(places["end"], size),
            "slots": [_centre(b, size) for b in places["slots"]],
            "slot_extent": _extent(places["slots"][0])}


def turn(offset: dict, rot_y: float) -> tuple[float, float]:
    """An offset in a piece's frame → world, for a piece at rot_y (its frame
    is the world's at UPRIGHT; the north seats' areas are turned round)."""
    sign = 1 if round(rot_y - UPRIGHT) % 360 == 0 else -1
    return sign * offset["x"], sign * offset["z"]


def at(origin: tuple[float, float], offset: dict, rot_y: float = UPRIGHT, y: float = SURFACE_Y) -> tuple:
    dx, dz = turn(offset, rot_y)
    return round(origin[0] + dx, 3), y, round(origin[1] + dz, 3)
