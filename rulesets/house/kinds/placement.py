"""R-PLACE-3 as a content check: can a floor run out of open doors early?

A placement may never close a floor (R-PLACE-3), and when every remaining
tile would close it the player must rearrange the floor by hand
(R-PLACE-4). That fallback should be rare, so the tile mix has to make it
impossible on paper. The criterion, per floor:

* Start with the open door ends of the floor's starting rooms: each door of
  a starting room on that floor (after its rotation) whose neighbouring cell
  holds no other starting room. Doors between starting rooms are already
  connected and lead nowhere new; links (stairs) are not doors. The
  basement's starting room has no door to the rest of the house (R-MOVE-6),
  so its own doors are all it starts with.
* Placing a tile with d doors uses the open end it enters through and opens
  d − 1 new ones: the count changes by d − 2. A dead end (1 door) closes an
  end, a corridor (2) keeps the count, a branching tile (3 or 4) adds ends.
* Start: the floor needs at least one open end, or no tile can ever be
  placed on it.
* Balance: start ends + Σ(d − 2) over every tile eligible for the floor must
  be ≥ 1. The sum does not depend on the order tiles come in, so if it holds
  the floor can take every eligible tile and still show an open door; if it
  fails, a floor that happens to draw its tiles could only continue by
  rearranging.
* Branching: at least one eligible tile has 3 or more doors. Without one the
  count can never rise above the start, so a floor starting with few open
  ends is one unlucky draw (a tile blocked by a neighbour's wall, which the
  count cannot see) away from being stuck.

Tiles eligible for several floors are counted on each of them: the check is
about what the stack can supply, not about a particular game.
"""
from __future__ import annotations

from dataclasses import dataclass

from .model import SIDES, Room

STEP = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}


def rotated(doors: list[str], rotation: int) -> list[str]:
    """Door sides after turning a tile clockwise by `rotation` degrees."""
    turn = (rotation // 90) % 4
    return [SIDES[(SIDES.index(d) + turn) % 4] for d in doors]


def start_open_ends(start_rooms: list[Room], floor: str) -> int:
    cells = {(r.start.x, r.start.y): r for r in start_rooms if r.start and r.start.floor == floor}
    ends = 0
    for (x, y), room in cells.items():
        for side in rotated(room.doors, room.start.rotation):
            dx, dy = STEP[side]
            if (x + dx, y + dy) not in cells:
                ends += 1
    return ends


@dataclass
class FloorBudget:
    floor: str
    start_ends: int
    tiles: int
    delta: int           # Σ(doors − 2) over the eligible tiles
    branching: int       # eligible tiles with ≥ 3 doors

    @property
    def final_ends(self) -> int:
        return self.start_ends + self.delta

    def problems(self) -> list[str]:
        if self.start_ends < 1 and self.tiles:
            return [f"floor {self.floor} has no open door at start for its {self.tiles} eligible "
                    "tile(s) (R-PLACE-3; expected a starting-room door on that floor that no "
                    "other starting room blocks)"]
        out = []
        if self.final_ends < 1:
            out.append(
                f"floor {self.floor} can run out of open doors: {self.start_ends} open door end(s) "
                f"at start + Σ(doors − 2) = {self.delta} over {self.tiles} eligible tile(s) "
                f"leaves {self.final_ends} (R-PLACE-3; expected at least 1: add doors or "
                f"branching tiles on {self.floor})")
        if self.branching < 1:
            out.append(
                f"floor {self.floor} has no eligible tile with 3 or more doors among "
                f"{self.tiles} (R-PLACE-3; expected at least 1, so open doors can grow beyond "
                f"the {self.start_ends} at start)")
        return out


def floor_budget(rooms: list[Room], floor: str) -> FloorBudget:
    starts = [r for r in rooms if r.start]
    tiles = [r for r in rooms if not r.start and floor in r.floors]
    return FloorBudget(
        floor=floor,
        start_ends=start_open_ends(starts, floor),
        tiles=len(tiles),
        delta=sum(len(t.doors) - 2 for t in tiles),
        branching=sum(1 for t in tiles if len(t.doors) >= 3),
    )
