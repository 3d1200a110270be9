"""Discovering and placing tiles, room effects, special rooms (R-PLACE, R-ROOM, R-SPECIAL)."""
from engine_helpers import E, Dice, act, discover, on_top, only_tiles, place, put, refused, table, types
from rulesets.house.engine import board as B


def test_tiles_that_do_not_fit_the_floor_are_discarded_face_down_R_PLACE_1():
    """R-PLACE-1"""
    s = table()
    only_tiles(s, "attic", "creaky_hallway")                  # attic is upper-only
    s, ev = discover(s, "Red", "E")
    assert {"type": "tile_discarded", "count": 1} in ev
    assert "attic" in s["discards"]["room"] and s["tiles"]["creaky_hallway"][:3] == ["ground", 1, 0]
    assert E.view(s, "Red")["discards"]["room"] == len(s["discards"]["room"])   # face down: a count
    s["decks"]["room"], s["discards"]["room"] = ["attic"], []
    put(s, "Red", "entrance_hall")
    s["turn"].update(used=0, moved=False, may_move=True)
    refused(s, "Red", "discover", "R-PLACE-1", side="W")     # nothing left for the ground floor


def test_the_new_tile_is_turned_so_a_door_meets_the_door_used_R_PLACE_2():
    """R-PLACE-2: library (S, W) east of the hall may face W at rotations 0 and 1 only."""
    s = table()
    only_tiles(s, "library")
    s, ev = act(s, "Red", "discover", side="E")
    assert s["pending"]["kind"] == "rotation" and s["pending"]["rotations"] == [0, 1]
    refused(s, "Red", "place_tile", "R-PLACE-3", rotation=2)
    s, ev = act(s, "Red", "place_tile", rotation=1)
    placed = [e for e in ev if e["type"] == "tile_placed"][0]
    assert placed == {"type": "tile_placed", "room": "library", "floor": "ground", "x": 1, "y": 0,
                      "rotation": 1, "by": "Red"}
    assert 3 in B.tile_doors(s, "library") and "library" in s["adj"]["entrance_hall"]


def _upper_with_one_open_door(s):
    place(s, "attic", "upper", 0, 1)            # S meets the landing's N
    place(s, "storeroom", "upper", 0, -1)       # N meets the landing's S
    place(s, "vault", "upper", 1, 0, 1)         # S turned to W meets the landing's E
    put(s, "Red", "upper_landing")
    return s


def test_a_placement_may_not_close_the_floor_R_PLACE_3():
    """R-PLACE-3: a one-door tile on the floor's last open door is discarded for the next."""
    s = _upper_with_one_open_door(table())
    assert [B.open_sides(s, r) for r in ("upper_landing",)] == [[3]]
    only_tiles(s, "conservatory", "bedroom")
    s, ev = discover(s, "Red", "W")
    assert "conservatory" in s["discards"]["room"] and "bedroom" in s["tiles"]
    assert B.floor_open(s, "upper")


def test_when_every_tile_would_close_the_floor_it_is_rearranged_R_PLACE_4():
    """R-PLACE-4: the conservatory closes the floor, so the engine turns the one tile
    whose turning reopens it and keeps everything connected."""
    s = table()
    place(s, "library", "upper", 0, 1, 3)       # doors E, S
    place(s, "crypt", "upper", 1, 1, 3)         # door W, meets the library's E
    place(s, "master_bedroom", "upper", 1, 0)   # doors N (faces the crypt's wall), W
    place(s, "storeroom", "upper", 0, -1)
    put(s, "Red", "upper_landing")
    assert B.open_sides(s, "upper_landing") == [3] and not B.open_sides(s, "master_bedroom")
    s["decks"]["room"], s["discards"]["room"] = ["conservatory"], []
    s, ev = discover(s, "Red", "W")
    moved = [e for e in ev if e["type"] == "tile_moved"]
    assert moved == [{"type": "tile_moved", "room": "master_bedroom", "floor": "upper", "x": 1, "y": 0,
                      "rotation": 3, "reason": "rearrange"}]
    assert B.floor_open(s, "upper") and B.floor_connected(s, "upper")


def test_a_door_facing_a_wall_is_false_R_PLACE_5():
    """R-PLACE-5: the landing's N door faces the bedroom's wall: no passage, not open."""
    s = table()
    place(s, "bedroom", "upper", 0, 1)          # doors E, W only
    assert "bedroom" not in s["adj"]["upper_landing"]
    assert 0 not in B.open_sides(s, "upper_landing")
    put(s, "Red", "upper_landing")
    refused(s, "Red", "move", "R-MOVE-1", to="bedroom")
    refused(s, "Red", "discover", "R-MOVE-5", side="N")


def _in_elevator(s):
    place(s, "mystic_elevator", "ground", 1, 0, 1)    # S turned to W meets the hall's E
    put(s, "Red", "mystic_elevator")
    return s


def test_the_elevator_moves_by_its_roll_R_SPECIAL_7():
    """R-SPECIAL-7: a roll of 1 takes the elevator, and its rider, to the basement."""
    s = _in_elevator(table())
    s, ev = act(s, "Red", "room_action")
    s, ev = act(s, "Red", "roll", Dice(0, 1))
    assert s["tiles"]["mystic_elevator"][0] == "basement"
    assert s["players"]["Red"]["room"] == "mystic_elevator"
    assert "mystic_elevator" in s["adj"]["basement_landing"]
    refused(s, "Red", "room_action", "R-CHECK-3")             # once per turn


def test_an_elevator_that_would_close_a_floor_does_not_move_R_PLACE_6():
    """R-PLACE-6: the upper floor's only open door would be filled by the elevator."""
    s = _upper_with_one_open_door(_in_elevator(table()))
    put(s, "Red", "mystic_elevator")
    s, ev = act(s, "Red", "room_action")
    s, ev = act(s, "Red", "roll", Dice(1, 2))                 # 3: upper
    assert s["tiles"]["mystic_elevator"][0] == "ground" and "tile_moved" not in types(ev)


def test_discovery_draws_for_the_icon_then_applies_the_room_R_ROOM_1():
    """R-ROOM-1: the card comes first, then the room's own roll."""
    s = table()
    only_tiles(s, "rope_bridge")
    on_top(s, "event", "echo")
    s, ev = discover(s, "Red", "E")
    kinds = types(ev)
    assert kinds.index("card_drawn") < kinds.index("prompt", kinds.index("card_drawn"))
    assert s["pending"]["kind"] == "roll" and s["pending"]["purpose"] == "cross"


def test_only_the_discoverer_draws_for_the_icon_R_ROOM_2():
    """R-ROOM-2"""
    s = table()
    only_tiles(s, "game_room")
    on_top(s, "event", "echo")
    s, ev = discover(s, "Red", "E")
    s, _ = act(s, "Red", "end_turn")
    s, ev = act(s, "Blue", "move", to="game_room")
    assert "card_drawn" not in types(ev) and s["turn"]["may_move"]


def test_a_room_placed_by_an_effect_makes_its_first_entrant_draw_R_ROOM_3():
    """R-ROOM-3: effect-placed rooms draw for the first entrant; haunt-placed ones never."""
    s = table()
    place(s, "game_room", "ground", 1, 0)
    s["icon_pending"].append("game_room")                     # placed by a card
    place(s, "library", "ground", -1, 0, 2)                   # placed by a haunt: not pending
    on_top(s, "event", "echo")
    s, ev = act(s, "Red", "move", to="game_room")
    assert [e["card"] for e in ev if e["type"] == "card_drawn"] == ["echo"]
    s, _ = act(s, "Red", "end_turn")
    s, ev = act(s, "Blue", "move", to="game_room")
    assert "card_drawn" not in types(ev)
    s, ev = act(s, "Blue", "move", path=["entrance_hall", "library"])
    assert "card_drawn" not in types(ev)


def test_a_fall_places_a_basement_room_whose_icon_the_faller_draws_R_ROOM_3_R_SPECIAL_2():
    """R-SPECIAL-2 R-ROOM-3: failing the unstable floor's Speed roll drops the character
    into a new basement room (drawing for its icon) with damage; a later faller lands there too."""
    s = table()
    place(s, "collapsed_room", "ground", 1, 0)
    only_tiles(s, "attic", "wine_cellar")                     # attic cannot go to the basement
    on_top(s, "item", "candle")
    s, ev = act(s, "Red", "move", to="collapsed_room")
    assert s["pending"]["kind"] == "roll" and s["pending"]["trait"] == "speed"
    s, ev = act(s, "Red", "roll", Dice(0, 0, 1, 1, 2))           # 4 < 5
    assert s["tiles"]["wine_cellar"][0] == "basement" and s["players"]["Red"]["room"] == "wine_cellar"
    assert "candle" in s["players"]["Red"]["held"]
    assert s["pending"]["kind"] == "damage" and s["pending"]["damage_kind"] == "physical"
    s, _ = act(s, "Red", "split_damage", split={"might": s["pending"]["amount"], "speed": 0})
    assert s["below"]["collapsed_room"] == "wine_cellar"
    # passing the roll keeps the character up
    s2 = table()
    place(s2, "collapsed_room", "ground", 1, 0)
    s2, _ = act(s2, "Red", "move", to="collapsed_room")
    s2, _ = act(s2, "Red", "roll", Dice(2, 2, 1, 0))
    assert s2["players"]["Red"]["room"] == "collapsed_room" and s2["pending"] is None


def test_end_of_turn_room_rules_fire_every_turn_R_ROOM_5_R_SPECIAL_9():
    """R-ROOM-5 R-SPECIAL-9: the furnace burns at the end of each turn spent there."""
    s = table(seats=("Red",), chars=("ava",))
    place(s, "furnace_room", "basement", 0, 1, 2)
    put(s, "Red", "furnace_room")
    for _ in range(2):
        s, ev = act(s, "Red", "end_turn")
        assert s["pending"] == {"seat": "Red", "kind": "damage", "damage_kind": "physical", "amount": 1,
                                "traits": ["might", "speed"]}
        s, ev = act(s, "Red", "split_damage", split={"might": 0, "speed": 1})
        assert "turn_began" in types(ev)
    assert s["players"]["Red"]["traits"]["speed"] == 2


def test_the_chute_goes_one_way_to_the_basement_landing_R_SPECIAL_1():
    """R-SPECIAL-1"""
    s = table()
    place(s, "coal_chute", "ground", 1, 0, 1)
    s, ev = act(s, "Red", "move", to="coal_chute")
    assert s["players"]["Red"]["room"] == "basement_landing"
    assert [e["reason"] for e in ev if e["type"] == "figure_moved"] == ["move", "chute"]
    refused(s, "Red", "move", "R-MOVE-1", to="coal_chute")


def test_a_crossing_stops_on_a_failed_roll_and_is_retried_later_R_SPECIAL_3():
    """R-SPECIAL-3 R-CHECK-3: fail and stop; next turn roll again to go on, or go back freely."""
    s = table(seats=("Red",), chars=("ava",))
    place(s, "chasm", "basement", 1, 0)
    place(s, "wine_cellar", "basement", 2, 0, 1)
    put(s, "Red", "basement_landing")
    s, _ = act(s, "Red", "move", to="chasm")
    s, ev = act(s, "Red", "roll", Dice(0, 0, 1, 1))          # 2 < 3
    assert not s["turn"]["may_move"] and s["players"]["Red"]["uncrossed"] == "chasm"
    s, _ = act(s, "Red", "end_turn")
    s, _ = act(s, "Red", "move", to="wine_cellar")
    assert s["pending"]["kind"] == "roll" and s["pending"]["check"] == "cross:chasm"
    s, _ = act(s, "Red", "roll", Dice(2, 2, 0, 0))
    assert s["players"]["Red"]["room"] == "wine_cellar"
    # going back the way one came needs no roll
    s2 = table(seats=("Red",), chars=("ava",))
    place(s2, "chasm", "basement", 1, 0)
    put(s2, "Red", "basement_landing")
    s2, _ = act(s2, "Red", "move", to="chasm")
    s2, _ = act(s2, "Red", "roll", Dice(0, 0, 0, 0))
    s2, _ = act(s2, "Red", "end_turn")
    s2, ev = act(s2, "Red", "move", to="basement_landing")
    assert s2["players"]["Red"]["room"] == "basement_landing" and s2["pending"] is None


def test_a_leaving_check_ends_movement_or_costs_a_step_R_SPECIAL_4():
    """R-SPECIAL-4 R-CHECK-3"""
    s = table()
    place(s, "catwalk", "ground", 1, 0, 1)                   # N, S turned to E, W
    put(s, "Red", "catwalk")
    s, _ = act(s, "Red", "move", to="entrance_hall")
    assert s["pending"]["purpose"] == "leave"
    s, ev = act(s, "Red", "roll", Dice(0, 0, 1))             # might 3 dice: 1 < 3
    assert s["players"]["Red"]["room"] == "catwalk" and not s["turn"]["may_move"]
    s2 = table()
    place(s2, "slippery_stair", "ground", 1, 0)              # E, W
    put(s2, "Red", "slippery_stair")
    s2, _ = act(s2, "Red", "move", to="entrance_hall")
    s2, ev = act(s2, "Red", "roll", Dice(0, 0, 1, 0))
    assert s2["players"]["Red"]["traits"]["speed"] == 3 and s2["players"]["Red"]["room"] == "entrance_hall"
    s3 = table()
    place(s3, "slippery_stair", "ground", 1, 0)
    put(s3, "Red", "slippery_stair")
    s3, _ = act(s3, "Red", "move", to="entrance_hall")
    s3, ev = act(s3, "Red", "roll", Dice(2, 2, 0, 0))
    assert s3["players"]["Red"]["traits"]["speed"] == 4 and s3["players"]["Red"]["room"] == "entrance_hall"


def test_a_boon_is_taken_once_per_character_per_game_R_SPECIAL_5():
    """R-SPECIAL-5"""
    s = table(seats=("Red",), chars=("ava",))
    place(s, "chapel", "ground", 1, 0, 1)
    put(s, "Red", "chapel")
    s, ev = act(s, "Red", "end_turn")
    assert s["pending"]["options"] == ["sanity", "knowledge"]
    s, ev = act(s, "Red", "choose", option="sanity")
    assert s["players"]["Red"]["traits"]["sanity"] == 4
    s, ev = act(s, "Red", "end_turn")
    assert s["pending"] is None and s["players"]["Red"]["traits"]["sanity"] == 4


def test_a_locked_store_opens_once_and_the_opener_draws_R_SPECIAL_6_R_CHECK_3():
    """R-SPECIAL-6 R-CHECK-3"""
    s = table(seats=("Red",), chars=("ava",))
    place(s, "vault", "ground", 1, 0, 1)
    put(s, "Red", "vault")
    s, _ = act(s, "Red", "room_action")
    s, _ = act(s, "Red", "roll", Dice(0, 0, 1))              # knowledge 3 dice: 1 < 6
    refused(s, "Red", "room_action", "R-CHECK-3")
    s, _ = act(s, "Red", "end_turn")
    s, _ = act(s, "Red", "room_action")
    s, ev = act(s, "Red", "roll", Dice(2, 2, 2))
    assert "room_opened" in types(ev) and len(s["players"]["Red"]["held"]) == 2
    s, _ = act(s, "Red", "end_turn")
    refused(s, "Red", "room_action", "R-SPECIAL-6")


def test_drop_through_to_the_room_below_R_SPECIAL_8():
    """R-SPECIAL-8"""
    s = table()
    place(s, "gallery", "upper", 0, 1)
    put(s, "Red", "gallery")
    refused(s, "Red", "drop_through", "R-SPECIAL-8")          # the ballroom is not in play
    place(s, "ballroom", "ground", 1, 0)
    s, ev = act(s, "Red", "drop_through", Dice(1))
    assert s["players"]["Red"]["room"] == "ballroom"
    assert s["pending"]["kind"] == "damage" and s["pending"]["amount"] == 1


def test_the_elevator_table_hurts_on_zero_and_lets_the_rider_choose_on_four_R_SPECIAL_7():
    """R-SPECIAL-7: 0 is the basement with a die of physical damage; 4 is any floor."""
    s = _in_elevator(table())
    s, _ = act(s, "Red", "room_action")
    s, ev = act(s, "Red", "roll", Dice(0, 0, 2))
    assert s["tiles"]["mystic_elevator"][0] == "basement"
    assert s["pending"]["kind"] == "damage" and s["pending"]["amount"] == 2
    s2 = _in_elevator(table())
    s2, _ = act(s2, "Red", "room_action")
    s2, ev = act(s2, "Red", "roll", Dice(2, 2))
    assert s2["pending"]["purpose"] == "elevator" and s2["pending"]["options"] == ["basement", "ground", "upper"]
    s2, ev = act(s2, "Red", "choose", option="upper")
    assert s2["tiles"]["mystic_elevator"][0] == "upper" and "mystic_elevator" in s2["adj"]["upper_landing"]


def test_ending_a_turn_on_an_unstable_floor_rolls_again_R_SPECIAL_2():
    """R-SPECIAL-2 R-ROOM-5"""
    s = table(seats=("Red",), chars=("ava",))
    place(s, "collapsed_room", "ground", 1, 0)
    put(s, "Red", "collapsed_room")
    s, ev = act(s, "Red", "end_turn")
    assert s["pending"]["kind"] == "roll" and s["pending"]["purpose"] == "unstable"
    s, ev = act(s, "Red", "roll", Dice(2, 2, 1, 0))              # 5: stays
    assert s["players"]["Red"]["room"] == "collapsed_room" and "turn_began" in types(ev)
