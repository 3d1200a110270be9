"""R-PLACE-3 content check: a floor's tiles must not let it run out of open doors."""
from pathlib import Path

from pipeline.content.loader import load_ruleset
from rulesets.house.kinds.model import Room, StartPlacement
from rulesets.house.kinds.placement import floor_budget, rotated, start_open_ends

BASE = Path(__file__).parent / "fixtures" / "base"


def room(rid, doors, floors=("ground",), start=None):
    return Room(id=rid, name={}, floors=list(floors), doors=list(doors), windows=[], icon="none",
                text={}, art="x", start=start)


def test_rotation_turns_doors_clockwise():
    assert rotated(["N", "E"], 90) == ["E", "S"]
    assert rotated(["N"], 270) == ["W"]
    assert rotated(["S", "W"], 0) == ["S", "W"]


def test_doors_between_starting_rooms_are_not_open_ends_R_PLACE_3():
    """R-PLACE-3: entrance hall (N,E,W) below foyer (N,E,S,W) below staircase (S) → 4 open ends."""
    starts = [room("hall", "NEW", start=StartPlacement("ground", 0, 0)),
              room("foyer", "NESW", start=StartPlacement("ground", 0, 1)),
              room("stairs", "S", start=StartPlacement("ground", 0, 2)),
              room("landing", "NESW", floors=("upper",), start=StartPlacement("upper", 0, 0))]
    assert start_open_ends(starts, "ground") == 4
    assert start_open_ends(starts, "upper") == 4
    assert start_open_ends(starts, "basement") == 0
    # Rotated half a turn, the staircase's door faces away from the foyer.
    starts[2].start.rotation = 180
    assert start_open_ends(starts, "ground") == 5


def test_budget_counts_doors_minus_two_per_eligible_tile_R_PLACE_3():
    """R-PLACE-3: start ends + Σ(doors − 2) over the floor's tiles must stay ≥ 1."""
    rooms = [room("landing", "NESW", floors=("basement",), start=StartPlacement("basement", 0, 0)),
             room("a", "N", floors=("basement",)), room("b", "N", floors=("basement", "ground")),
             room("c", "NS", floors=("basement",)), room("d", "N", floors=("upper",))]
    budget = floor_budget(rooms, "basement")
    assert (budget.start_ends, budget.tiles, budget.delta, budget.branching) == (4, 3, -2, 0)
    assert budget.final_ends == 2
    problems = budget.problems()
    assert len(problems) == 1 and "no eligible tile with 3 or more doors among 3" in problems[0]
    rooms += [room("e", "N", floors=("basement",)), room("f", "N", floors=("basement",))]
    problems = floor_budget(rooms, "basement").problems()
    assert "4 open door end(s) at start + Σ(doors − 2) = -4 over 5 eligible tile(s) leaves 0" in problems[0]
    rooms.append(room("g", "NESW", floors=("basement",)))
    assert floor_budget(rooms, "basement").problems() == []


def test_base_fixture_floors_have_room_to_grow_R_PLACE_3():
    rs = load_ruleset("house", BASE / "content", BASE)
    rooms = list(rs.rooms.values())
    for floor, (ends, delta) in {"basement": (4, 0), "ground": (4, 1), "upper": (4, -1)}.items():
        b = floor_budget(rooms, floor)
        assert (b.start_ends, b.delta) == (ends, delta)
        assert b.problems() == []


def test_a_floor_without_an_open_door_at_start_can_take_no_tile_R_PLACE_3():
    rooms = [room("landing", "N", floors=("upper",), start=StartPlacement("upper", 0, 0)),
             room("above", "S", floors=("upper",), start=StartPlacement("upper", 0, 1)),
             room("hub", "NESW", floors=("upper",))]
    problems = floor_budget(rooms, "upper").problems()
    assert problems == ["floor upper has no open door at start for its 1 eligible tile(s) (R-PLACE-3; "
                        "expected a starting-room door on that floor that no other starting room blocks)"]
