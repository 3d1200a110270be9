"""Rooms do what their tiles print (R-SPECIAL-7, R-SPECIAL-8), on the
repository's own rooms: the Cage Lift's own three-dice table and the Ivy
Balcony's climb down, both written for this game."""
import pytest

from engine_helpers import Dice, act, place, put, refused
from house_content import house_table


def _in_the_lift():
    s = house_table()
    place(s, "cage_lift", "ground", 1, 0, 1)                 # its door turned west, onto the hall
    assert "cage_lift" in s["adj"]["entrance_hall"]
    put(s, "Red", "cage_lift")
    return s


@pytest.mark.parametrize("faces,floor", [((0, 0, 1), "ground"), ((1, 1, 0), "ground"), ((1, 1, 1), "basement"),
                                         ((2, 1, 1), "upper"), ((2, 2, 1), "upper")])
def test_the_cage_lift_goes_where_its_three_dice_say_R_SPECIAL_7(faces, floor):
    """R-SPECIAL-7: 1-2 the ground floor, 3 the basement, 4-5 the upper floor."""
    s = _in_the_lift()
    s, _ = act(s, "Red", "room_action")
    assert s["pending"]["dice"] == 3
    s, ev = act(s, "Red", "roll", Dice(*faces))
    assert s["tiles"]["cage_lift"][0] == floor and s["players"]["Red"]["room"] == "cage_lift"
    assert s["pending"] is None


def test_the_cage_lift_drops_on_zero_and_lets_the_rider_choose_on_six_R_SPECIAL_7():
    """R-SPECIAL-7: 0 slams it into the basement with 1 die of physical
    damage; 6 is a floor of the rider's choice."""
    s = _in_the_lift()
    s, _ = act(s, "Red", "room_action")
    s, ev = act(s, "Red", "roll", Dice(0, 0, 0, 2))
    assert s["tiles"]["cage_lift"][0] == "basement"
    assert s["pending"]["kind"] == "damage" and s["pending"]["damage_kind"] == "physical"
    assert s["pending"]["amount"] == 2
    s2 = _in_the_lift()
    s2, _ = act(s2, "Red", "room_action")
    s2, _ = act(s2, "Red", "roll", Dice(2, 2, 2))
    assert s2["pending"]["purpose"] == "elevator"
    s2, _ = act(s2, "Red", "choose", option="upper")
    assert s2["tiles"]["cage_lift"][0] == "upper"


def test_the_ivy_balcony_climbs_down_to_the_courtyard_for_one_damage_R_SPECIAL_8():
    """R-SPECIAL-8: once the Courtyard is in play, climbing down costs a fixed
    1 physical damage (no die)."""
    s = house_table()
    place(s, "ivy_balcony", "upper", 1, 0, 0)                 # its west door onto the upper landing
    put(s, "Red", "ivy_balcony")
    refused(s, "Red", "drop_through", "R-SPECIAL-8")          # the courtyard is not in play yet
    place(s, "courtyard", "ground", -1, 0)
    s, ev = act(s, "Red", "drop_through", Dice())
    assert s["players"]["Red"]["room"] == "courtyard"
    assert s["pending"]["kind"] == "damage" and s["pending"]["amount"] == 1
    assert not [e for e in ev if e["type"] == "dice_rolled"]
