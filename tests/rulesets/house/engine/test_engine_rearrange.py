"""R-PLACE-4: the bounded search for the smallest rearrangement that
reopens a floor."""
from engine_helpers import discover, place, put, table, types
from rulesets.house.engine import board as B
from rulesets.house.engine.rearrange import rearrange

# The upper landing's four doors all lead on; the library's free door faces
# the storeroom's wall, the master bedroom's the storeroom's wall, the organ
# room's free door the vault's wall. Turning or moving any one tile leaves the
# floor closed or cuts a tile off; turning two reopens it.
WEDGED = [("library", "upper", 0, 1, 3), ("storeroom", "upper", 1, 1, 3), ("master_bedroom", "upper", 1, 0, 0),
          ("organ_room", "upper", 0, -1, 2), ("vault", "upper", 1, -1, 1)]


def _wedged(with_attic=True):
    s = table()
    for args in WEDGED + ([("attic", "upper", -1, 0, 3)] if with_attic else []):
        place(s, *args)
    return s


def test_no_single_turn_or_move_reopens_the_wedged_floor_R_PLACE_4():
    """R-PLACE-4: the fixture really needs two changes (checked by brute force)."""
    s = _wedged()
    assert not B.floor_open(s, "upper") and B.floor_connected(s, "upper")
    movable = [r for r, *_ in WEDGED] + ["attic"]
    for room in movable:
        old = list(s["tiles"][room])
        for rot in range(4):
            s["tiles"][room][3] = rot
            assert not (B.floor_open(s, "upper") and B.floor_connected(s, "upper")), (room, rot)
        s["tiles"][room][3] = old[3]
        B.lift(s, room)
        for x, y, rot in B.spots(s, room, "upper"):
            B.put(s, room, "upper", x, y, rot)
            assert (x, y) == tuple(old[1:3]) or not B.floor_connected(s, "upper"), (room, x, y, rot)
            B.lift(s, room)
        B.put(s, room, *old)


def test_the_search_finds_the_smallest_rearrangement_keeping_every_tile_connected_R_PLACE_4():
    """R-PLACE-4: two turned tiles, the most recently placed tried first."""
    s = _wedged()
    changed = rearrange(s, "upper", "attic")
    assert sorted(changed) == [("library", "upper", 0, 1, 0), ("storeroom", "upper", 1, 1, 2)]
    assert B.floor_open(s, "upper") and B.floor_connected(s, "upper")
    assert all(s["tiles"][r] == [f, x, y, rot] for r, f, x, y, rot in changed)


def test_a_floor_no_rearrangement_reopens_is_left_as_it_was_R_PLACE_4():
    """R-PLACE-4: four one-door rooms round the landing can never leave a door open."""
    s = table()
    for args in [("attic", "upper", 0, 1, 0), ("storeroom", "upper", 1, 0, 3),
                 ("conservatory", "upper", 0, -1, 0), ("vault", "upper", -1, 0, 3)]:
        place(s, *args)
    before = (repr(s["tiles"]), repr(s["cells"]))
    assert rearrange(s, "upper", None) is None
    assert (repr(s["tiles"]), repr(s["cells"])) == before


def test_a_search_cut_short_by_its_bound_puts_every_tile_back_R_PLACE_4():
    """R-PLACE-4: the bound stops the search mid-layout; nothing is left moved."""
    s = _wedged()
    before = (repr(s["tiles"]), repr(s["cells"]))
    for limit in (1, 5, 20, 40):
        assert rearrange(s, "upper", "attic", limit=limit) is None
        assert (repr(s["tiles"]), repr(s["cells"])) == before


def test_discovering_the_last_closing_tile_rearranges_two_tiles_R_PLACE_4():
    """R-PLACE-4: the attic can only close the landing's last open door; the
    floor is rearranged, not recorded closed, and the move graph follows."""
    s = _wedged(with_attic=False)
    put(s, "Red", "upper_landing")
    s["decks"]["room"], s["discards"]["room"] = ["attic"], []
    s, ev = discover(s, "Red", "W")
    moved = sorted(e["room"] for e in ev if e["type"] == "tile_moved" and e["reason"] == "rearrange")
    assert moved == ["library", "storeroom"] and "floor_closed" not in types(ev)
    assert s["closed_floors"] == [] and B.floor_open(s, "upper") and B.floor_connected(s, "upper")
    assert "master_bedroom" in s["adj"]["storeroom"] and "library" not in s["adj"]["storeroom"]
