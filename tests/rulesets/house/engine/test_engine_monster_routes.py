"""A monster dropped on a far room walks there (R-MONSTER-1, R-MOVE-7): the
table sends the destination alone, the engine finds the cheapest way within
the movement the monster has left."""
from engine_helpers import Dice, act, haunt_spec, refused, start_haunt, table

GHOUL = {"id": "ghoul", "count": 1, "traits": {"might": 3, "speed": 2}, "start": "entrance_hall"}


def _monster_turn():
    """Blue is the traitor; its turn ends, the ghoul rolls 2 + 2 = 4 movement."""
    s = table()
    start_haunt(s, haunt_spec(traitor="revealer", monsters=[GHOUL]), revealer="Blue")
    s["turn"]["seat"], s["turn_i"] = "Blue", s["order"].index("Blue")
    s, _ = act(s, "Blue", "end_turn", Dice(2, 2))
    assert s["turn"]["seat"] == "monsters" and s["haunt"]["monsters"][0]["left"] == 4
    return s


def test_a_monster_sent_to_a_far_room_walks_the_cheapest_way_R_MONSTER_1_R_MOVE_7():
    """Leaving the heroes in the entrance hall costs 2, the next step 1."""
    s = _monster_turn()
    s, ev = act(s, "Blue", "monster_move", monster="ghoul_1", to="grand_staircase")
    assert [(e["room"], e["cost"]) for e in ev if e["type"] == "figure_moved"] == [
        ("foyer", 2), ("grand_staircase", 1)]
    assert s["haunt"]["monsters"][0]["room"] == "grand_staircase" and s["haunt"]["monsters"][0]["left"] == 1


def test_a_far_room_beyond_the_monsters_movement_is_refused_R_MONSTER_1():
    s = _monster_turn()
    s["haunt"]["monsters"][0]["left"] = 2
    refused(s, "Blue", "monster_move", "R-MOVE-1", monster="ghoul_1", to="grand_staircase")
    refused(s, "Blue", "monster_move", "R-MONSTER-4", monster="ghoul_1", to="chapel")   # not placed
