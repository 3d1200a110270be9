"""The haunt, attacks and monsters (R-HAUNT, R-FIGHT, R-MONSTER, R-AUTH-1/3)."""
from engine_helpers import (E, Dice, act, discover, haunt_spec, hand, on_top, only_tiles, place, put,
                            refused, set_trait, start_haunt, table, types)
from rulesets.house.engine import haunt as H
from rulesets.house.engine import traits as T

SHADE = {"id": "shade", "count": 2, "traits": {"might": 4, "speed": 3}, "start": "traitor"}


def test_the_chart_picks_the_haunt_by_omen_and_room_R_HAUNT_2():
    """R-HAUNT-2: the dog drawn in the kitchen is the fixture's Long Night; a cell a hand-made chart
    leaves out plays one of the content's own haunts (there are no placeholder haunts)."""
    s = table()
    only_tiles(s, "kitchen")
    on_top(s, "omen", "dog")
    s, _ = discover(s, "Red", "E")
    s, _ = act(s, "Red", "end_turn")
    s["omen_count"] = 9
    s, ev = act(s, "Red", "roll", Dice(0, 0, 0, 0, 0, 0))
    began = [e for e in ev if e["type"] == "haunt_began"][0]
    assert began["haunt"] == "the_long_night" and began["room"] == "kitchen" and began["omen"] == "dog"
    s2 = table()
    s2["turn"]["omen"] = ["medallion", "gym"]
    assert H.lookup(s2, "medallion", "gym")["id"] in s2["rules"]["haunts"]


def test_the_haunt_names_its_traitor_or_none_R_HAUNT_3():
    """R-HAUNT-3"""
    for rule, expect in (("revealer", "Blue"), ("left_of_revealer", "Green"), ("none", None)):
        s = table()
        start_haunt(s, haunt_spec(traitor=rule), revealer="Blue")
        assert s["haunt"]["traitor"] == expect
    s = table()
    start_haunt(s, haunt_spec(traitor={"rule": "oldest"}), revealer="Red")   # cy is 40
    assert s["haunt"]["traitor"] == "Green"
    s = table()
    start_haunt(s, haunt_spec(traitor={"rule": "highest_trait", "trait": "might"}), revealer="Red")
    assert s["haunt"]["traitor"] == "Green"                  # cy's might 4


def test_ties_go_to_the_revealer_then_the_nearest_left_first_R_HAUNT_4():
    """R-HAUNT-4"""
    seats = ["Red", "Blue", "Green", "Yellow", "White"]
    assert H.closest(["Blue", "Green"], "Blue", seats) == "Blue"
    assert H.closest(["Green", "Yellow"], "Red", seats) == "Green"     # both 2 away; Green is on the left
    assert H.closest(["Blue", "White"], "Red", seats) == "Blue"        # both 1 away; Blue is to the left
    assert H.closest(["Green", "White"], "Red", seats) == "White"      # nearer beats left
    s = table(seats=("Red", "Blue", "Green"), chars=("ava", "bo", "cy"))
    set_trait(s, "Blue", "sanity", 3)                        # bo's sanity 3 ties ava's and cy's
    start_haunt(s, haunt_spec(traitor={"rule": "lowest_trait", "trait": "sanity", "except_revealer": True}),
                revealer="Red")
    assert s["haunt"]["traitor"] == "Blue"


def test_a_new_traitor_may_shed_negative_lasting_effects_R_HAUNT_5():
    """R-HAUNT-5: the curse goes, lost trait steps do not come back."""
    s = table()
    s["players"]["Blue"]["lasting"] = [{"trait": "sanity", "dice": -1, "until": "game"},
                                       {"trait": "speed", "dice": 1, "until": "game"}]
    set_trait(s, "Blue", "might", 1)
    ev = start_haunt(s, haunt_spec(traitor="revealer"), revealer="Blue")
    assert s["pending"]["seat"] == "Blue" and s["pending"]["options"] == ["shed", "keep"]
    s, ev = act(s, "Blue", "choose", option="shed")
    assert s["players"]["Blue"]["lasting"] == [{"trait": "speed", "dice": 1, "until": "game"}]
    assert s["players"]["Blue"]["traits"]["might"] == 1 and "effects_shed" in types(ev)


def _haunted(revealer="Red", monsters=()):
    """A haunt under way, revealer as traitor, Red to play."""
    s = table()
    start_haunt(s, haunt_spec(traitor="revealer", monsters=list(monsters)), revealer=revealer)
    s["turn"]["seat"] = "Red"
    return s


def _red_draws(s, deck, card, room):
    only_tiles(s, room)
    on_top(s, deck, card)
    return discover(s, "Red", "E")


def test_the_traitor_may_ignore_events_the_biting_omen_and_room_harm_R_HAUNT_6():
    """R-HAUNT-6"""
    s, ev = _red_draws(_haunted(), "event", "cold_draft", "game_room")
    assert s["pending"]["purpose"] == "traitor_ignore"
    s, ev = act(s, "Red", "choose", option="ignore")
    assert s["pending"] is None and "cold_draft" in s["discards"]["event"] and "effect_ignored" in types(ev)
    # a room's harmful part
    s2 = _haunted()
    place(s2, "furnace_room", "basement", 0, 1, 2)
    put(s2, "Red", "furnace_room")
    s2, ev = act(s2, "Red", "end_turn")
    assert s2["pending"]["purpose"] == "traitor_ignore"
    s2, ev = act(s2, "Red", "choose", option="ignore")
    assert "turn_began" in types(ev) and s2["players"]["Red"]["traits"]["might"] == 3
    # a hero has no such choice
    s3, ev = _red_draws(_haunted(revealer="Blue"), "event", "cold_draft", "game_room")
    assert s3["pending"]["kind"] == "damage"
    # an ordinary omen cannot be ignored, the biting one can
    s4, ev = _red_draws(_haunted(), "omen", "book", "kitchen")
    assert s4["pending"] is None and s4["players"]["Red"]["traits"]["knowledge"] == 5
    s5, ev = _red_draws(_haunted(), "omen", "bite", "kitchen")
    assert s5["pending"]["purpose"] == "traitor_ignore"


def test_no_haunt_roll_once_the_haunt_began_and_each_side_sees_its_own_rules_R_HAUNT_7():
    """R-HAUNT-7"""
    s, ev = _red_draws(_haunted(revealer="Blue"), "omen", "medallion", "kitchen")
    s, ev = act(s, "Red", "end_turn")
    assert s["pending"] is None and s["turn"]["seat"] != "Red"
    assert E.view(s, "Blue")["haunt"]["book"] == {"en": "T"}
    assert E.view(s, "Red")["haunt"]["book"] == {"en": "H"}
    assert "book" not in E.view(s, None)["haunt"]


def test_haunt_order_starts_left_of_the_traitor_then_the_monsters_R_HAUNT_8_R_AUTH_3():
    """R-HAUNT-8 R-AUTH-3"""
    s = table(seats=("Red", "Blue", "Green"))
    only_tiles(s, "kitchen")
    on_top(s, "omen", "medallion")
    s["rules"] = {**s["rules"], "haunts": {"h": haunt_spec(traitor="revealer", monsters=[SHADE]) | {"id": "h"}},
                  "chart": {"omens": ["medallion"], "rooms": ["kitchen"], "cells": {"kitchen": {"medallion": "h"}}}}
    s, _ = discover(s, "Red", "E")
    s, _ = act(s, "Red", "end_turn")
    s["omen_count"] = 9
    s, ev = act(s, "Red", "roll", Dice(0, 0, 0, 0, 0, 0))
    assert s["order"] == ["Blue", "Green", "Red", "monsters"] and s["turn"]["seat"] == "Blue"
    s, _ = act(s, "Blue", "end_turn")
    s, _ = act(s, "Green", "end_turn")
    s, _ = act(s, "Red", "end_turn")
    assert s["turn"]["seat"] == "monsters"
    assert E.legal_actions(s, "Red")[-1]["action"] == "end_turn" and E.legal_actions(s, "Blue") == []
    s, _ = act(s, "Red", "end_turn")
    assert s["turn"]["seat"] == "Blue"
    # the monsters still play after the traitor dies
    s["players"]["Red"]["alive"] = False
    s["rules"]["haunts"]["h"] = {**s["rules"]["haunts"]["h"], "heroes_win": []}   # nothing ends it here
    s, _ = act(s, "Blue", "end_turn")
    s, _ = act(s, "Green", "end_turn")
    assert s["turn"]["seat"] == "monsters"


def test_a_track_is_used_only_when_the_haunt_has_one_R_HAUNT_9():
    """R-HAUNT-9"""
    s = table(seats=("Red", "Blue"), chars=("ava", "bo"))
    start_haunt(s, haunt_spec(traitor="revealer", track={"end": 2, "winner": "heroes"}), revealer="Red")
    s["turn"]["seat"], s["turn_i"] = "Blue", 0
    s, ev = act(s, "Blue", "end_turn")
    assert {"type": "track_advanced", "value": 1, "end": 2} in ev
    s, _ = act(s, "Red", "end_turn")
    s, _ = act(s, "Blue", "end_turn")
    assert s["phase"] == "over" and s["winner"] == "heroes"
    s2 = table(seats=("Red", "Blue"), chars=("ava", "bo"))
    start_haunt(s2, haunt_spec(traitor="revealer"), revealer="Red")
    s2["turn"]["seat"], s2["turn_i"] = "Blue", 0
    s2, ev = act(s2, "Blue", "end_turn")
    assert "track_advanced" not in types(ev) and s2["haunt"]["track"] == 0


def test_only_the_haunt_decides_a_winner_R_HAUNT_10():
    """R-HAUNT-10: nobody wins before the haunt; the traitor's death wins it for the heroes."""
    s = table()
    s["players"]["Blue"]["alive"] = False                     # impossible before the haunt, but no win
    s, ev = act(s, "Red", "end_turn")
    assert s["phase"] == "explore" and "game_over" not in types(ev)
    s = table()
    start_haunt(s, haunt_spec(traitor="revealer"), revealer="Blue")
    s["turn"]["seat"] = "Red"
    set_trait(s, "Blue", "might", 0)
    put(s, "Blue", "entrance_hall")
    s, ev = act(s, "Red", "attack", Dice(2, 2, 2, 0, 0, 0), target="Blue")
    s, ev = act(s, "Blue", "split_damage", split={"might": 6, "speed": 0})
    assert s["winner"] == "heroes" and ev[-1] == {"type": "game_over", "winner": "heroes", "reason": "traitor_dead"}
    refused(s, "Red", "end_turn", "GAME-OVER")


def test_no_attacks_before_the_haunt_R_FIGHT_1():
    """R-FIGHT-1"""
    s = table()
    refused(s, "Red", "attack", "R-FIGHT-1", target="Blue")
    assert all(a["action"] != "attack" for a in E.legal_actions(s, "Red"))


def _fight(revealer="Blue", monsters=()):
    return _haunted(revealer, monsters)


def test_one_attack_per_turn_on_an_opponent_in_the_room_R_FIGHT_2():
    """R-FIGHT-2"""
    s = _fight()
    put(s, "Blue", "foyer")
    refused(s, "Red", "attack", "R-FIGHT-2", target="Blue")
    refused(s, "Red", "attack", "R-FIGHT-2", target="Green")      # a fellow hero
    put(s, "Blue", "entrance_hall")
    s, _ = act(s, "Red", "attack", Dice(1, 1, 1, 1, 1, 1), target="Blue")   # 3 vs 3
    refused(s, "Red", "attack", "R-FIGHT-2", target="Blue")


def test_a_haunt_rule_replaces_only_what_it_names_R_AUTH_1():
    """R-AUTH-1: a haunt letting heroes fight heroes keeps the once-per-turn limit."""
    s = table()
    start_haunt(s, haunt_spec(traitor="none", rules={"allies_attack": True}), revealer="Blue")
    s["turn"]["seat"] = "Red"
    s, ev = act(s, "Red", "attack", Dice(1, 1, 1, 1, 1, 1, 0), target="Green")    # 3 vs 3
    assert "attack" in types(ev) and s["pending"] is None
    refused(s, "Red", "attack", "R-FIGHT-2", target="Blue")


def test_both_roll_might_and_the_loser_takes_the_difference_R_FIGHT_4():
    """R-FIGHT-4: ties do nothing; an attack trait the defender lacks is refused."""
    s = _fight()
    put(s, "Blue", "entrance_hall")
    s2, ev = act(s, "Red", "attack", Dice(2, 2, 1, 0, 0, 1), target="Blue")    # 5 vs 1
    assert s2["pending"]["seat"] == "Blue" and s2["pending"]["amount"] == 4
    s3, ev = act(s, "Red", "attack", Dice(0, 0, 0, 2, 2, 0), target="Blue")    # 0 vs 4
    assert s3["pending"]["seat"] == "Red" and s3["pending"]["amount"] == 4
    s4, ev = act(s, "Red", "attack", Dice(1, 1, 0, 1, 1, 0), target="Blue")
    assert s4["pending"] is None
    s5 = _fight(monsters=[{"id": "shade", "count": 1, "traits": {"might": 4, "speed": 3}, "start": "entrance_hall"}])
    hand(s5, "Red", "ouija")                                                 # a Sanity weapon
    refused(s5, "Red", "attack", "R-FIGHT-4", target="shade_1", weapon="ouija")


def test_damage_is_split_over_the_kinds_traits_R_FIGHT_5():
    """R-FIGHT-5"""
    s = _fight()
    put(s, "Blue", "entrance_hall")
    s, _ = act(s, "Red", "attack", Dice(2, 1, 0, 0, 0, 0), target="Blue")      # 3 vs 0
    refused(s, "Blue", "split_damage", "R-FIGHT-5", split={"might": 1, "sanity": 2})
    refused(s, "Blue", "split_damage", "R-FIGHT-5", split={"might": 1, "speed": 1})
    s, _ = act(s, "Blue", "split_damage", split={"might": 1, "speed": 2})
    assert s["players"]["Blue"]["traits"]["might"] == 1 and s["players"]["Blue"]["traits"]["speed"] == 1
    splits = [a["args"]["split"] for a in E.legal_actions(
        {**s, "pending": {"seat": "Blue", "kind": "damage", "damage_kind": "mental", "amount": 2,
                          "traits": ["knowledge", "sanity"]}}, "Blue")]
    assert splits == [{"knowledge": 0, "sanity": 2}, {"knowledge": 1, "sanity": 1}, {"knowledge": 2, "sanity": 0}]


def test_two_or_more_melee_damage_may_steal_instead_R_FIGHT_6():
    """R-FIGHT-6: the attacker takes a stealable item and deals no damage."""
    s = _fight()
    put(s, "Blue", "entrance_hall")
    hand(s, "Blue", "candle")
    hand(s, "Blue", "lucky_coin")                                # unstealable
    s, _ = act(s, "Red", "attack", Dice(2, 2, 0, 0, 0, 0), target="Blue")      # 4 vs 0
    assert s["pending"]["options"] == ["damage", "steal:candle"]
    s, ev = act(s, "Red", "choose", option="steal:candle")
    assert "candle" in s["players"]["Red"]["held"] and s["players"]["Blue"]["traits"]["might"] == 2
    assert s["turn"]["items"]["candle"] == "steal"
    s2 = _fight()
    put(s2, "Blue", "entrance_hall")
    hand(s2, "Blue", "candle")
    s2, _ = act(s2, "Red", "attack", Dice(1, 0, 0, 0, 0, 0), target="Blue")    # 1 damage: no steal
    assert s2["pending"]["kind"] == "damage"


def test_ranged_weapons_reach_along_doors_and_never_steal_R_FIGHT_7():
    """R-FIGHT-7"""
    s = _fight()
    hand(s, "Red", "revolver")
    hand(s, "Blue", "candle")
    put(s, "Blue", "grand_staircase")                          # hall -> foyer -> staircase, straight north
    refused(s, "Red", "attack", "R-FIGHT-2", target="Blue")
    s, ev = act(s, "Red", "attack", Dice(2, 2, 2, 2, 0, 0, 0), target="Blue", weapon="revolver")
    assert [e["ranged"] for e in ev if e["type"] == "attack"] == [True]
    assert s["pending"]["kind"] == "damage"                     # no steal offered
    s2 = _fight()
    hand(s2, "Red", "axe")
    put(s2, "Blue", "grand_staircase")
    refused(s2, "Red", "attack", "R-FIGHT-2", target="Blue", weapon="axe")


def test_death_only_in_the_haunt_R_FIGHT_8():
    """R-FIGHT-8"""
    s = table()
    set_trait(s, "Red", "might", 0)
    ev = []
    T.change(s, "Red", "might", -3, ev)
    assert s["players"]["Red"]["alive"] and s["players"]["Red"]["traits"]["might"] == 0
    start_haunt(s, haunt_spec(traitor="revealer"), revealer="Blue")
    T.change(s, "Red", "might", -1, ev)
    assert not s["players"]["Red"]["alive"] and s["players"]["Red"]["traits"]["might"] == -1


def _monster_turn(speed_faces=(0, 0, 0), monsters=(SHADE,), traitor="revealer"):
    s = table()
    start_haunt(s, haunt_spec(traitor=traitor, monsters=list(monsters)), revealer="Blue")
    s["turn"]["seat"], s["turn_i"] = "Blue", s["order"].index("Blue")
    s, ev = act(s, "Blue", "end_turn", Dice(*speed_faces))
    return s, ev


def test_monster_speed_is_rolled_per_kind_and_zero_still_moves_one_R_MONSTER_1():
    """R-MONSTER-1"""
    s, ev = _monster_turn((0, 0, 0))
    put(s, "Red", "upper_landing")
    put(s, "Green", "upper_landing")
    rolls = [e for e in ev if e["type"] == "dice_rolled" and e["purpose"] == "monster_speed"]
    assert len(rolls) == 1 and rolls[0]["dice"] == 3
    assert [m["left"] for m in s["haunt"]["monsters"]] == [1, 1]
    s, _ = act(s, "Blue", "monster_move", monster="shade_1", to="foyer")
    refused(s, "Blue", "monster_move", "R-MONSTER-1", monster="shade_1", to="grand_staircase")


def test_a_monster_path_that_is_not_a_list_of_room_ids_is_refused():
    """A malformed monster_move is a BAD-ARGS refusal, like a malformed move."""
    s, _ = _monster_turn((0, 0, 0))
    for bad in ({"path": [["foyer"]]}, {"path": "foyer"}, {"path": []}, {"to": 5}, {}):
        refused(s, "Blue", "monster_move", "BAD-ARGS", monster="shade_1", **bad)


def test_a_stunned_monster_neither_acts_nor_hinders_nor_is_attacked_R_MONSTER_2():
    """R-MONSTER-2: stunned by defeat; its next turn is spent recovering."""
    s = _fight(monsters=[{"id": "shade", "count": 1, "traits": {"might": 1, "speed": 3}, "start": "entrance_hall"}])
    s, ev = act(s, "Red", "attack", Dice(2, 2, 2, 0), target="shade_1")
    assert s["haunt"]["monsters"][0]["stunned"] and "monster_stunned" in types(ev)
    s["turn"]["attacked"] = False
    refused(s, "Red", "attack", "R-MONSTER-2", target="shade_1")
    s["turn"]["seat"], s["turn_i"] = "Blue", s["order"].index("Blue")
    s, ev = act(s, "Blue", "end_turn")
    assert "monster_recovered" in types(ev)
    put(s, "Red", "entrance_hall")
    refused(s, "Blue", "monster_attack", "R-MONSTER-2", monster="shade_1", target="Red")
    refused(s, "Blue", "monster_move", "R-MONSTER-2", monster="shade_1", to="foyer")


def test_monsters_carry_and_steal_nothing_and_drop_what_they_carry_R_MONSTER_3():
    """R-MONSTER-3"""
    s, _ = _monster_turn((2, 2, 2))
    put(s, "Red", "entrance_hall")
    hand(s, "Red", "candle")
    s2, ev = act(s, "Blue", "monster_attack", Dice(2, 2, 2, 2, 0, 0, 0), monster="shade_1", target="Red")
    assert s2["pending"]["kind"] == "damage" and s2["pending"]["seat"] == "Red"   # no steal offer
    s["haunt"]["monsters"][1]["items"] = ["music_box"]
    s["decks"]["item"].remove("music_box")
    from rulesets.house.engine.fight import stun
    ev = []
    stun(s, "shade_2", ev)
    assert s["floor_items"]["entrance_hall"] == ["music_box"] and not s["haunt"]["monsters"][1]["items"]


def test_monsters_never_discover_and_climb_the_chute_R_MONSTER_4():
    """R-MONSTER-4"""
    s = table()
    place(s, "coal_chute", "ground", 1, 0, 1)
    start_haunt(s, haunt_spec(traitor="revealer", monsters=[
        {"id": "shade", "count": 1, "traits": {"might": 4, "speed": 3}, "start": "basement_landing"}]), revealer="Blue")
    s["turn"]["seat"], s["turn_i"] = "Blue", s["order"].index("Blue")
    s, _ = act(s, "Blue", "end_turn", Dice(2, 2, 2))
    refused(s, "Blue", "monster_move", "R-MONSTER-4", monster="shade_1", to="wine_cellar")
    s, ev = act(s, "Blue", "monster_move", monster="shade_1", to="coal_chute")
    assert s["haunt"]["monsters"][0]["room"] == "coal_chute"       # not slid back down


def test_a_damaged_monster_loses_no_trait_steps_R_MONSTER_5():
    """R-MONSTER-5"""
    s = _fight(monsters=[{"id": "shade", "count": 1, "traits": {"might": 2, "speed": 3}, "start": "entrance_hall"}])
    s, _ = act(s, "Red", "attack", Dice(2, 2, 2, 0, 0), target="shade_1")
    assert s["haunt"]["monsters"][0]["traits"] == {"might": 2, "speed": 3}


def test_with_no_traitor_the_house_plays_its_monsters():
    """R-MONSTER-1 R-HAUNT-8: the engine moves each monster toward a hero and attacks."""
    s = table()
    start_haunt(s, haunt_spec(traitor="none", monsters=[
        {"id": "horror", "count": 1, "traits": {"might": 5, "speed": 2}, "start": "grand_staircase"}]), revealer="Blue")
    s["turn"]["seat"], s["turn_i"] = "Blue", s["order"].index("Blue")
    s, ev = act(s, "Blue", "end_turn", Dice(2, 2, *([1] * 20)))
    assert any(e["type"] == "figure_moved" and e.get("monster") == "horror_1" for e in ev)
    assert any(e["type"] == "attack" and e["attacker"] == "horror_1" for e in ev)


def test_a_haunt_may_set_its_own_turn_order_R_HAUNT_8():
    """R-HAUNT-8: `rules.order: traitor_first` replaces the general order entirely."""
    s = table(seats=("Red", "Blue", "Green"))
    start_haunt(s, haunt_spec(traitor="revealer", rules={"order": "traitor_first"}), revealer="Blue")
    assert s["order"] == ["Blue", "monsters", "Green", "Red"]


def test_a_haunt_whose_conditions_never_match_still_ends_when_everyone_is_dead_R_HAUNT_10():
    """R-HAUNT-10: a house with nobody left in it ends the game, not an endless
    monster turn; with no traitor it is the house's win, nobody's."""
    s = table(seats=("Red", "Blue"), chars=("ava", "bo"))
    start_haunt(s, haunt_spec(traitor="none", monsters=[SHADE], heroes_win="never", traitor_wins="never"),
                revealer="Red")
    s["turn"]["seat"], s["turn_i"] = "Red", s["order"].index("Red")
    s["players"]["Blue"]["alive"] = False
    set_trait(s, "Red", "might", 0)
    s, ev = _red_draws(s, "event", "cold_draft", "game_room")
    s, ev = act(s, "Red", "split_damage", split={"might": 1, "speed": 0})
    assert s["phase"] == "over" and ev[-1] == {"type": "game_over", "winner": "house", "reason": "all_dead"}


def test_an_ignored_staying_event_does_not_stay_R_HAUNT_6():
    """R-HAUNT-6: ignoring an event ignores all of it, its staying too."""
    s, ev = _red_draws(_haunted(), "event", "cursed_mirror", "game_room")
    s, ev = act(s, "Red", "choose", option="ignore")
    assert "cursed_mirror" in s["discards"]["event"] and not s["players"]["Red"]["kept"]
    assert not s["players"]["Red"]["lasting"]
