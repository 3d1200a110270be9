"""Monster turns after the traitor's death, monsters carrying items and
monsters in special rooms, and the traitor's share of room effects
(R-HAUNT-6/8, R-MONSTER-3/4, R-SPECIAL-1/2/7)."""
from engine_helpers import Dice, act, haunt_spec, place, put, refused, start_haunt, table, types

GHOUL = {"id": "ghoul", "count": 1, "traits": {"might": 3, "speed": 2}, "start": "entrance_hall"}


def _monsters_up(spec, speed_faces=(2, 2)):
    """Blue is the traitor; Blue's turn ends, so the monster turn begins."""
    s = table()
    start_haunt(s, spec, revealer="Blue")
    s["turn"]["seat"], s["turn_i"] = "Blue", s["order"].index("Blue")
    s, ev = act(s, "Blue", "end_turn", Dice(*speed_faces))
    assert s["turn"]["seat"] == "monsters"
    return s, ev


def _after_dead_traitor(spec):
    """The traitor is dead and Red, the last hero before the monsters, ends a turn."""
    s = table()
    start_haunt(s, spec, revealer="Blue")
    s["players"]["Blue"]["alive"] = False
    s["turn"]["seat"], s["turn_i"] = "Red", s["order"].index("Red")
    s, _ = act(s, "Red", "end_turn", Dice(2, 2))
    return s


def test_monsters_play_on_after_the_traitor_dies_only_if_they_can_still_win_R_HAUNT_8():
    """R-HAUNT-8: order Green, Red, Blue (traitor), monsters. With Blue dead the
    monsters play only while their side's win is in their reach."""
    can = haunt_spec(traitor="revealer", monsters=[GHOUL], heroes_win="none", traitor_wins="heroes_dead")
    assert _after_dead_traitor(can)["turn"]["seat"] == "monsters"
    # the traitor's side wins only by the track, which a dead traitor no longer advances
    cannot = haunt_spec(traitor="revealer", monsters=[GHOUL], heroes_win="none", traitor_wins="track")
    s = _after_dead_traitor(cannot)
    assert s["turn"]["seat"] == "Green"
    # a haunt's own word decides
    told = haunt_spec(traitor="revealer", monsters=[GHOUL], heroes_win="none", traitor_wins="track",
                      rules={"monsters_can_win": True})
    assert _after_dead_traitor(told)["turn"]["seat"] == "monsters"
    # while the traitor lives the monsters always play
    s = table()
    start_haunt(s, cannot, revealer="Blue")
    s["turn"]["seat"], s["turn_i"] = "Blue", s["order"].index("Blue")
    s, _ = act(s, "Blue", "end_turn", Dice(2, 2))
    assert s["turn"]["seat"] == "monsters"


def _carrier_with_loot():
    s, _ = _monsters_up(haunt_spec(traitor="revealer", monsters=[{**GHOUL, "carries_items": True}]))
    s["decks"]["item"].remove("candle")
    s["floor_items"]["entrance_hall"] = ["candle"]
    return s


def test_a_carrying_monster_drops_its_items_when_stunned_and_waits_a_turn_R_MONSTER_3():
    """R-MONSTER-3: stunned, it drops what it carries; on the turn it spends
    recovering it may not pick anything up; on the next one it may."""
    s = _carrier_with_loot()
    s, ev = act(s, "Blue", "monster_pick_up", monster="ghoul_1", cards=["candle"])
    assert s["haunt"]["monsters"][0]["items"] == ["candle"] and s["floor_items"]["entrance_hall"] == []
    # Red, a hero, defeats it on the next hero turn
    s, _ = act(s, "Blue", "end_turn")
    s["turn"]["seat"], s["turn_i"] = "Red", s["order"].index("Red")
    put(s, "Red", "entrance_hall")
    s, ev = act(s, "Red", "attack", Dice(2, 2, 2, 0, 0, 0), target="ghoul_1")
    assert "monster_stunned" in types(ev)
    assert s["floor_items"]["entrance_hall"] == ["candle"] and s["haunt"]["monsters"][0]["items"] == []
    s, _ = act(s, "Red", "end_turn")
    s, _ = act(s, "Blue", "end_turn", Dice(2, 2))             # the monster turn: it recovers
    assert s["turn"]["seat"] == "monsters" and s["haunt"]["monsters"][0]["recovering"]
    refused(s, "Blue", "monster_pick_up", "R-MONSTER-3", monster="ghoul_1", cards=["candle"])
    s, _ = act(s, "Blue", "end_turn")
    for seat in ("Green", "Red", "Blue"):
        s, _ = act(s, seat, "end_turn", Dice(2, 2))
    s, ev = act(s, "Blue", "monster_pick_up", monster="ghoul_1", cards=["candle"])
    assert s["haunt"]["monsters"][0]["items"] == ["candle"]


def test_a_monster_its_haunt_does_not_let_carry_picks_nothing_up_R_MONSTER_3():
    """R-MONSTER-3"""
    s, _ = _monsters_up(haunt_spec(traitor="revealer", monsters=[GHOUL]))
    s["decks"]["item"].remove("candle")
    s["floor_items"]["entrance_hall"] = ["candle"]
    refused(s, "Blue", "monster_pick_up", "R-MONSTER-3", monster="ghoul_1", cards=["candle"])
    s = _carrier_with_loot()
    refused(s, "Blue", "monster_pick_up", "R-ITEM-3", monster="ghoul_1", cards=["axe"])


def test_an_unstable_floor_gives_way_under_a_monster_and_the_fall_stuns_it_R_MONSTER_4():
    """R-MONSTER-4 R-SPECIAL-2: the collapsed room deals damage, so a monster
    rolls its Speed there; failing, it falls to the basement landing (it draws
    no tile) and the fall's damage stuns it."""
    s = table()
    place(s, "collapsed_room", "ground", 1, 0)
    s = _monsters_up_on(s)
    s, ev = act(s, "Blue", "monster_move", Dice(0, 0, 1), monster="ghoul_1", to="collapsed_room")
    m = s["haunt"]["monsters"][0]
    assert m["room"] == "basement_landing" and m["stunned"] and "monster_stunned" in types(ev)
    assert "tile_placed" not in types(ev)
    s = table()
    place(s, "collapsed_room", "ground", 1, 0)
    s = _monsters_up_on(s)
    s["haunt"]["monsters"][0]["traits"]["speed"] = 3
    s, ev = act(s, "Blue", "monster_move", Dice(2, 2, 1), monster="ghoul_1", to="collapsed_room")
    assert s["haunt"]["monsters"][0]["room"] == "collapsed_room" and not s["haunt"]["monsters"][0]["stunned"]


def _monsters_up_on(s, speed_faces=(2, 2)):
    start_haunt(s, haunt_spec(traitor="revealer", monsters=[GHOUL]), revealer="Blue")
    s["turn"]["seat"], s["turn_i"] = "Blue", s["order"].index("Blue")
    s, _ = act(s, "Blue", "end_turn", Dice(*speed_faces))
    return s


def test_a_hazard_stuns_a_monster_ending_its_turn_there_but_rolls_without_damage_do_not_touch_it_R_MONSTER_4():
    """R-MONSTER-4 R-SPECIAL-9 R-SPECIAL-3: the furnace's damage at the end of
    the monster turn stuns the monster; the chasm's crossing roll deals no
    damage, so a monster crosses it without rolling."""
    s = table()
    place(s, "furnace_room", "basement", 0, 1, 2)
    place(s, "chasm", "basement", 1, 0)
    s = _monsters_up_on(s)
    s["haunt"]["monsters"][0]["room"] = "basement_landing"
    s, ev = act(s, "Blue", "monster_move", monster="ghoul_1", to="chasm")
    assert "dice_rolled" not in types(ev) and s["pending"] is None
    s, _ = act(s, "Blue", "monster_move", monster="ghoul_1", to="basement_landing")
    s["haunt"]["monsters"][0]["left"] = 1
    s, _ = act(s, "Blue", "monster_move", monster="ghoul_1", to="furnace_room")
    assert not s["haunt"]["monsters"][0]["stunned"]
    s, ev = act(s, "Blue", "end_turn")
    assert s["haunt"]["monsters"][0]["stunned"] and "monster_stunned" in types(ev)
    assert s["haunt"]["monsters"][0]["traits"] == {"might": 3, "speed": 2}     # R-MONSTER-5


def _traitor_blue(room_tiles):
    s = table()
    for args in room_tiles:
        place(s, *args)
    start_haunt(s, haunt_spec(traitor="revealer"), revealer="Blue")
    s["turn"]["seat"], s["turn_i"] = "Blue", s["order"].index("Blue")
    return s


def test_the_traitor_picks_the_elevators_floor_without_a_roll_R_HAUNT_6_R_SPECIAL_7():
    """R-HAUNT-6 R-SPECIAL-7: no roll, so no 0 and no damage; any floor."""
    s = _traitor_blue([("mystic_elevator", "ground", 1, 0, 1)])
    put(s, "Blue", "mystic_elevator")
    s, ev = act(s, "Blue", "room_action")
    assert "dice_rolled" not in types(ev)
    assert s["pending"]["purpose"] == "elevator" and s["pending"]["options"] == ["basement", "ground", "upper"]
    s, ev = act(s, "Blue", "choose", option="basement")
    assert s["tiles"]["mystic_elevator"][0] == "basement" and s["pending"] is None
    refused(s, "Blue", "room_action", "R-CHECK-3")
    # a hero still rolls
    s = _traitor_blue([("mystic_elevator", "ground", 1, 0, 1)])
    s["turn"]["seat"] = "Red"
    put(s, "Red", "mystic_elevator")
    s, ev = act(s, "Red", "room_action")
    assert s["pending"]["kind"] == "roll"


def test_the_traitor_slides_down_the_chute_only_if_wanted_R_HAUNT_6_R_SPECIAL_1():
    """R-HAUNT-6 R-SPECIAL-1: seed 000's example — the chute is the traitor's
    to use or not."""
    for option, where in (("resolve", "basement_landing"), ("ignore", "coal_chute")):
        s = _traitor_blue([("coal_chute", "ground", 1, 0, 1)])
        put(s, "Blue", "entrance_hall")
        s, ev = act(s, "Blue", "move", to="coal_chute")
        assert s["pending"]["purpose"] == "traitor_ignore"
        s, ev = act(s, "Blue", "choose", option=option)
        assert s["players"]["Blue"]["room"] == where


def test_the_traitor_may_fall_through_an_unstable_floor_but_takes_no_damage_R_HAUNT_6_R_SPECIAL_2():
    """R-HAUNT-6 R-SPECIAL-2: the fall is a way down; its damage is the harm."""
    s = _traitor_blue([("collapsed_room", "ground", 1, 0)])
    put(s, "Blue", "entrance_hall")
    s, ev = act(s, "Blue", "move", to="collapsed_room")
    assert "dice_rolled" not in types(ev) and s["pending"]["purpose"] == "traitor_ignore"
    s, ev = act(s, "Blue", "choose", option="resolve", rng=Dice(2, 2, 2, 2))
    assert s["tiles"][s["players"]["Blue"]["room"]][0] == "basement"
    assert s["pending"] is None and "damage_taken" not in types(ev)
    s = _traitor_blue([("collapsed_room", "ground", 1, 0)])
    put(s, "Blue", "collapsed_room")
    s, ev = act(s, "Blue", "end_turn")
    s, ev = act(s, "Blue", "choose", option="ignore")
    assert s["players"]["Blue"]["room"] == "collapsed_room"


def test_a_monster_climbs_the_chute_from_the_basement_landing_paying_movement_R_MONSTER_4_R_MOVE_1():
    """R-MONSTER-4 R-MOVE-1: the reverse chute is a step like any other."""
    s = table()
    place(s, "coal_chute", "ground", 1, 0, 1)
    s = _monsters_up_on(s, speed_faces=(1, 0))
    m = s["haunt"]["monsters"][0]
    m["room"] = "basement_landing"
    s, ev = act(s, "Blue", "monster_move", monster="ghoul_1", to="coal_chute")
    m = s["haunt"]["monsters"][0]
    assert m["room"] == "coal_chute" and m["left"] == 0
    assert [e["cost"] for e in ev if e["type"] == "figure_moved"] == [1]
    refused(s, "Blue", "monster_move", "R-MONSTER-1", monster="ghoul_1", to="entrance_hall")


def test_a_monster_recovering_in_a_hazard_room_gets_up_and_may_leave_R_MONSTER_2_R_MONSTER_4():
    """R-MONSTER-2: the turn after a stun is spent only recovering, so the
    furnace does not stun it again at that turn's end (it could not have
    left): on the turn after, it moves out."""
    s = table()
    place(s, "furnace_room", "basement", 0, 1, 2)
    s = _monsters_up_on(s)
    s["haunt"]["monsters"][0]["room"] = "furnace_room"
    s, _ = act(s, "Blue", "end_turn")
    assert s["haunt"]["monsters"][0]["stunned"]

    def to_monster_turn(s):
        for _ in range(10):
            if s["turn"]["seat"] == "monsters":
                return s
            s, _ = act(s, s["turn"]["seat"], "end_turn", Dice(2, 2))
        raise AssertionError("no monster turn")
    s = to_monster_turn(s)
    m = s["haunt"]["monsters"][0]
    assert not m["stunned"] and m["recovering"]
    s, ev = act(s, "Blue", "end_turn")
    assert not s["haunt"]["monsters"][0]["stunned"] and "monster_stunned" not in types(ev)
    s = to_monster_turn(s)
    s, ev = act(s, "Blue", "monster_move", monster="ghoul_1", to="basement_landing")
    assert s["haunt"]["monsters"][0]["room"] == "basement_landing"
