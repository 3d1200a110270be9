"""Setup, turns and movement (R-SETUP, R-AUTH-3, R-MOVE)."""
from content_fixture import content
from engine_helpers import (E, act, discover, haunt_spec, hand, on_top, only_tiles, place, put, refused,
                            set_trait, start_haunt, table, types)
from kit.engine import seeded


def test_starting_tiles_are_placed_and_the_rest_shuffled_R_SETUP_1():
    """R-SETUP-1: start rooms at their cells; every other tile and card in a shuffled pile."""
    a = E.new_table(content(), {"seats": ["Red"]}, seeded(1))
    b = E.new_table(content(), {"seats": ["Red"]}, seeded(2))
    assert a["tiles"]["entrance_hall"] == ["ground", 0, 0, 0]
    assert a["tiles"]["upper_landing"][0] == "upper" and a["tiles"]["basement_landing"][0] == "basement"
    assert len(a["tiles"]) == 5
    assert sorted(a["decks"]["room"]) == sorted(b["decks"]["room"]) and a["decks"]["room"] != b["decks"]["room"]
    assert a["decks"]["event"] != b["decks"]["event"]
    assert sorted(a["decks"]["omen"]) == sorted(c["id"] for c in content()["omens"].values())


def test_each_player_takes_a_different_character_and_a_side_R_SETUP_2():
    """R-SETUP-2"""
    rng = seeded(0)
    s = E.new_table(content(), {"seats": ["Red", "Blue"]}, rng)
    s, _ = E.apply(s, {"action": "sit", "player": "Red"}, rng)
    s, _ = E.apply(s, {"action": "sit", "player": "Blue"}, rng)
    s, _ = act(s, "Red", "choose_character", character="ava", side=1)
    refused(s, "Blue", "choose_character", "R-SETUP-2", character="ava", side=0)
    refused(s, "Red", "start", "R-SETUP-2")                   # Blue has no character yet
    s, _ = act(s, "Blue", "choose_character", character="bo", side=0)
    s, _ = act(s, "Red", "start", first="Red")
    assert s["players"]["Red"]["side"] == 1
    # ava's side 1 starts might at index 4
    assert s["players"]["Red"]["traits"]["might"] == 4


def test_traits_start_at_the_marked_index_of_their_track_R_SETUP_3():
    """R-SETUP-3"""
    s = table()
    p = s["players"]["Red"]
    assert p["traits"] == {"might": 3, "speed": 4, "knowledge": 3, "sanity": 3}
    from rulesets.house.engine.traits import value
    assert value(s, "Red", "speed") == 4 and value(s, "Red", "might") == 3


def test_figures_start_in_the_entrance_hall_and_play_goes_clockwise_R_SETUP_4_R_AUTH_3():
    """R-SETUP-4 R-AUTH-3: one player's turn at a time, clockwise from the first."""
    s = table(seats=("Red", "Blue", "Green"))
    assert all(p["room"] == "entrance_hall" for p in s["players"].values())
    assert s["turn"]["seat"] == "Red"
    refused(s, "Blue", "end_turn", "NOT-YOUR-TURN")
    s, ev = act(s, "Red", "end_turn")
    assert s["turn"]["seat"] == "Blue" and types(ev)[-2:] == ["turn_ended", "turn_began"]
    s, _ = act(s, "Blue", "end_turn")
    s, _ = act(s, "Green", "end_turn")
    assert s["turn"]["seat"] == "Red"


def test_first_player_is_drawn_by_the_rng_when_not_named_R_SETUP_4():
    """R-SETUP-4"""
    firsts = set()
    for seed in range(12):
        rng = seeded(seed)
        s = E.new_table(content(), {"seats": ["Red", "Blue", "Green"]}, rng)
        for seat, ch in zip(("Red", "Blue", "Green"), ("ava", "bo", "cy")):
            s, _ = E.apply(s, {"action": "sit", "player": seat}, rng)
            s, _ = E.apply(s, {"action": "choose_character", "player": seat, "args": {"character": ch}}, rng)
        s, ev = E.apply(s, {"action": "start", "player": "Red"}, rng)
        firsts.add(ev[0]["first"])
        order = ev[0]["order"]
        i = order.index("Red")
        assert order[i:] + order[:i] == ["Red", "Blue", "Green"]     # still clockwise
    assert len(firsts) > 1


def _corridor(s):
    place(s, "creaky_hallway", "ground", 1, 1)
    place(s, "dusty_hallway", "ground", 2, 1)
    place(s, "game_room", "ground", 3, 1)
    place(s, "junk_room", "ground", 4, 1)
    return s


def test_a_character_moves_up_to_speed_rooms_R_MOVE_1():
    """R-MOVE-1: Speed 4 buys four steps and no fifth; rooms must connect."""
    s = _corridor(table())
    refused(s, "Red", "move", "R-MOVE-1", path=["foyer", "dusty_hallway"])
    refused(s, "Red", "move", "R-MOVE-1", to="junk_room")          # five steps away
    s, ev = act(s, "Red", "move", path=["foyer", "creaky_hallway", "dusty_hallway", "game_room"])
    assert s["players"]["Red"]["room"] == "game_room" and s["turn"]["used"] == 4
    refused(s, "Red", "move", "R-MOVE-1", to="junk_room")
    assert {"to": "junk_room"} not in [a["args"] for a in E.legal_actions(s, "Red") if a["action"] == "move"]


def test_a_destination_alone_walks_the_cheapest_path_the_legal_list_offers_R_MOVE_1():
    """R-MOVE-1: a figure dropped on a far room sends `move {to}`; the engine
    walks the same cheapest path the legal list names, step by step."""
    s = _corridor(table())
    listed = next(a["args"]["path"] for a in E.legal_actions(s, "Red")
                  if a["action"] == "move" and (a["args"].get("path") or [None])[-1] == "game_room")
    s, ev = act(s, "Red", "move", to="game_room")
    assert [e["room"] for e in ev if e["type"] == "figure_moved"] == listed
    assert listed == ["foyer", "creaky_hallway", "dusty_hallway", "game_room"]
    assert s["players"]["Red"]["room"] == "game_room" and s["turn"]["used"] == 4


def test_speed_zero_still_moves_one_room_R_MOVE_2():
    """R-MOVE-2: even at Speed 0 a first room is allowed, and only one."""
    c = content()
    c["characters"]["ava"]["sides"][0]["traits"]["speed"] = {"track": [0, 1, 2, 3, 4, 5, 6, 7], "start": 0}
    s = _corridor(table(fixture=c))
    s, _ = act(s, "Red", "move", to="foyer")
    refused(s, "Red", "move", "R-MOVE-1", to="creaky_hallway")


def test_the_guaranteed_room_covers_the_extra_cost_of_an_opponent_R_MOVE_2_R_MOVE_7():
    """R-MOVE-2 R-MOVE-7: leaving past the traitor costs 2, a first step is still allowed at Speed 1."""
    s = _corridor(table())
    start_haunt(s, haunt_spec(traitor="revealer"), revealer="Blue")
    s["turn"]["seat"] = "Red"
    set_trait(s, "Red", "speed", 0)                       # value 1
    s, ev = act(s, "Red", "move", to="foyer")
    assert ev[0]["cost"] == 2
    refused(s, "Red", "move", "R-MOVE-1", to="creaky_hallway")


def test_leaving_an_opponent_costs_one_extra_unless_the_monster_is_stunned_R_MOVE_7():
    """R-MOVE-7"""
    s = _corridor(table())
    start_haunt(s, haunt_spec(traitor="revealer", monsters=[
        {"id": "ghoul", "count": 1, "traits": {"might": 3, "speed": 2}, "start": "creaky_hallway"}]), revealer="Blue")
    s["turn"]["seat"] = "Red"
    put(s, "Blue", "dusty_hallway")
    put(s, "Red", "creaky_hallway")
    s, ev = act(s, "Red", "move", to="foyer")
    assert ev[0]["cost"] == 2
    s["haunt"]["monsters"][0]["stunned"] = True
    s["turn"].update(used=0, moved=False)
    put(s, "Red", "creaky_hallway")
    s, ev = act(s, "Red", "move", to="foyer")
    assert ev[0]["cost"] == 1
    # no extra cost before the haunt
    s2 = _corridor(table())
    put(s2, "Blue", "creaky_hallway")
    put(s2, "Red", "creaky_hallway")
    s2, ev = act(s2, "Red", "move", to="foyer")
    assert ev[0]["cost"] == 1


def test_movement_interleaves_with_other_actions_R_MOVE_3_R_FIGHT_3():
    """R-MOVE-3 R-FIGHT-3: move, act, move again while the total stays within Speed."""
    s = _corridor(table())
    hand(s, "Red", "candle")
    s, _ = act(s, "Red", "move", path=["foyer", "creaky_hallway"])
    s, _ = act(s, "Red", "drop", cards=["candle"])
    s, _ = act(s, "Red", "move", path=["dusty_hallway", "game_room"])
    assert s["players"]["Red"]["room"] == "game_room"
    refused(s, "Red", "move", "R-MOVE-1", to="junk_room")


def test_drawing_a_card_ends_movement_but_not_other_actions_R_MOVE_4_R_ROOM_4():
    """R-MOVE-4 R-ROOM-4"""
    s = table()
    hand(s, "Red", "candle")
    only_tiles(s, "game_room")
    on_top(s, "event", "echo")
    s, ev = discover(s, "Red", "E")
    assert "card_drawn" in types(ev) and not s["turn"]["may_move"]
    refused(s, "Red", "move", "R-MOVE-4", to="entrance_hall")
    s, ev = act(s, "Red", "drop", cards=["candle"])
    assert "item_dropped" in types(ev)


def test_discovering_does_not_stop_movement_by_itself_R_MOVE_5():
    """R-MOVE-5: a room without an icon is discovered and the mover goes on."""
    s = table()
    only_tiles(s, "creaky_hallway")
    refused(s, "Red", "discover", "R-MOVE-5", side="N")        # north of the hall is the foyer
    s, ev = discover(s, "Red", "E")
    assert s["players"]["Red"]["room"] == "creaky_hallway"
    assert s["turn"]["may_move"] and s["turn"]["used"] == 1
    s, _ = act(s, "Red", "move", to="entrance_hall")


def test_the_upper_floor_is_up_the_staircase_and_the_basement_is_unreachable_R_MOVE_6():
    """R-MOVE-6"""
    s = table()
    reach = {a["args"].get("to") or a["args"]["path"][-1] for a in E.legal_actions(s, "Red") if a["action"] == "move"}
    assert "upper_landing" in reach and "basement_landing" not in reach
    s, ev = act(s, "Red", "move", path=["foyer", "grand_staircase", "upper_landing"])
    assert s["players"]["Red"]["room"] == "upper_landing" and s["turn"]["used"] == 3
    # a card sends a character down to the basement landing
    s2 = table()
    on_top(s2, "event", "secret_stair")
    only_tiles(s2, "game_room")
    s2, ev = discover(s2, "Red", "E")
    assert s2["players"]["Red"]["room"] == "basement_landing"


def test_a_late_player_sits_at_a_colour_the_table_did_not_list_R_SETUP_2():
    """R-SETUP-2: a player who joins after the table was created takes a seat
    and a character like the others, while the game is in its lobby and has
    room (at most six players); a colour TTS does not have is refused."""
    rng = seeded(3)
    s = E.new_table(content(), {"seats": ["Red", "Blue", "Green"], "locale": "en"}, rng)
    assert {"action": "sit", "args": {}} in E.legal_actions(s, "Purple")
    s, ev = E.apply(s, {"action": "sit", "player": "Purple"}, rng)
    assert s["seats"] == ["Red", "Blue", "Green", "Purple"] and ev[0]["type"] == "seated"
    assert "Purple" in E.seated(s)
    refused(s, "Mauve", "sit", "BAD-ARGS")
    for seat in ("Red", "Blue", "Green", "Pink", "Teal"):
        s, _ = E.apply(s, {"action": "sit", "player": seat}, rng)
    err = refused(s, "Orange", "sit", "BAD-ARGS")
    assert "6" in err.message["en"]
    assert E.legal_actions(s, "Orange") == []
