"""Trait rolls, cards and items (R-CHECK, R-CARD, R-ITEM, R-AUTH-2)."""
from engine_helpers import (E, Dice, act, discover, haunt_spec, hand, on_top, only_tiles, place, put,
                            refused, set_trait, start_haunt, table, types)
from kit.engine import seeded
from rulesets.house.engine import traits as T


def _draw_event(s, card, seat="Red"):
    """Discover an event room east of the hall with `card` on top of the deck."""
    only_tiles(s, "game_room")
    on_top(s, "event", card)
    return discover(s, seat, "E")


def test_dice_follow_the_trait_clamped_to_one_through_eight_R_CHECK_1():
    """R-CHECK-1"""
    s = table()
    set_trait(s, "Red", "might", 7)                          # value 7
    s["players"]["Red"]["lasting"].append({"trait": "might", "dice": 3, "until": "game"})
    ev = []
    T.roll_trait(s, Dice(), "Red", "might", "test", ev)
    assert ev[0]["dice"] == 8
    s["players"]["Red"]["lasting"] = [{"trait": "might", "dice": -9, "until": "game"}]
    ev = []
    T.roll_trait(s, Dice(), "Red", "might", "test", ev)
    assert ev[0]["dice"] == 1
    assert T.clamp_dice(0) == 1 and T.clamp_dice(12) == 8 and T.clamp_dice(5) == 5


def test_each_die_reads_0_0_1_1_2_2_and_every_roll_is_an_event_R_CHECK_2():
    """R-CHECK-2"""

    class Seq:
        def __init__(self):
            self.n = 0

        def randrange(self, n):
            self.n += 1
            return (self.n - 1) % n
    assert T.throw(Seq(), 6) == [0, 0, 1, 1, 2, 2]
    faces = T.throw(seeded(3), 8)
    assert set(faces) <= {0, 1, 2} and len(faces) == 8
    s = table()
    s, ev = _draw_event(s, "whispers")
    s, ev = act(s, "Red", "roll", Dice(2, 1, 0))
    rolled = [e for e in ev if e["type"] == "dice_rolled"][0]
    assert rolled["faces"] == [2, 1, 0] and rolled["total"] == 3 and rolled["trait"] == "sanity"


def test_n_plus_means_at_least_n_R_CHECK_4():
    """R-CHECK-4: whispers succeeds on 4+; exactly 4 gains Knowledge."""
    s = table()
    s, ev = _draw_event(s, "whispers")
    s, ev = act(s, "Red", "roll", Dice(2, 2, 0))
    assert s["players"]["Red"]["traits"]["knowledge"] == 4
    s2 = table()
    s2, ev = _draw_event(s2, "whispers")
    s2, ev = act(s2, "Red", "roll", Dice(2, 1, 0))
    assert s2["pending"]["kind"] == "damage" and s2["pending"]["damage_kind"] == "mental"


def test_an_event_is_discarded_after_resolving_unless_it_stays_R_CARD_1():
    """R-CARD-1"""
    s = table()
    s, ev = _draw_event(s, "cold_draft")
    assert "cold_draft" in s["in_play"]
    s, ev = act(s, "Red", "split_damage", split={"might": 1, "speed": 0})
    assert "cold_draft" in s["discards"]["event"] and not s["in_play"]
    s2 = table()
    s2, ev = _draw_event(s2, "cursed_mirror")
    assert "cursed_mirror" in s2["players"]["Red"]["kept"] and "cursed_mirror" not in s2["discards"]["event"]
    assert {"trait": "sanity", "dice": -1, "until": "game", "source": "cursed_mirror"} in s2["players"]["Red"]["lasting"]


def test_an_item_is_kept_and_usable_the_turn_it_is_drawn_R_CARD_2():
    """R-CARD-2"""
    s = table()
    only_tiles(s, "bloody_room")
    place(s, "creaky_hallway", "ground", 1, 0)
    on_top(s, "item", "medkit")
    put(s, "Red", "creaky_hallway")
    s, ev = discover(s, "Red", "N")
    assert "medkit" in s["players"]["Red"]["held"]
    s, ev = act(s, "Red", "use", card="medkit")
    assert "item_used" in types(ev)


def test_an_omen_is_kept_and_calls_a_haunt_roll_at_turn_end_R_CARD_3_R_HAUNT_1():
    """R-CARD-3 R-HAUNT-1: 6 dice; a total below the omen count begins the haunt."""
    s = table()
    only_tiles(s, "kitchen")
    on_top(s, "omen", "medallion")
    s, ev = discover(s, "Red", "E")
    assert "medallion" in s["players"]["Red"]["held"] and s["omen_count"] == 1
    s, ev = act(s, "Red", "end_turn")
    assert s["pending"] == {"seat": "Red", "kind": "roll", "purpose": "haunt", "dice": 6, "outcomes": []}
    s["omen_count"] = 3
    s2, ev = act(s, "Red", "roll", Dice(0, 0, 0, 1, 1, 1))   # 3 is not below 3
    assert s2["phase"] == "explore" and s2["turn"]["seat"] == "Blue"
    s3, ev = act(s, "Red", "roll", Dice(0, 0, 0, 0, 1, 1))   # 2 < 3
    assert s3["phase"] == "haunt" and "haunt_began" in types(ev)
    rolled = [e for e in ev if e["type"] == "dice_rolled"][0]
    assert rolled["dice"] == 6 and rolled["purpose"] == "haunt"


def test_a_companion_stays_in_the_room_when_its_holder_dies_R_CARD_4_R_ITEM_7():
    """R-CARD-4 R-ITEM-7: everything the dead held lies in its room for anyone."""
    s = table()
    hand(s, "Blue", "dog")
    hand(s, "Blue", "candle")
    start_haunt(s, haunt_spec(traitor="revealer"), revealer="Red")
    put(s, "Blue", "foyer")
    set_trait(s, "Blue", "might", 0)
    ev = []
    T.change(s, "Blue", "might", -1, ev)
    assert not s["players"]["Blue"]["alive"] and "character_died" in types(ev)
    assert sorted(s["floor_items"]["foyer"]) == ["candle", "dog"]
    s["turn"]["seat"] = "Green"
    put(s, "Green", "foyer")
    s, ev = act(s, "Green", "pick_up", cards=["dog"])
    assert "dog" in s["players"]["Green"]["held"]


def test_weapons_serve_only_in_attacks_and_one_per_attack_R_CARD_5():
    """R-CARD-5"""
    s = table()
    hand(s, "Red", "axe")
    refused(s, "Red", "use", "R-CARD-5", card="axe")
    start_haunt(s, haunt_spec(traitor="revealer"), revealer="Blue")
    s["turn"]["seat"] = "Red"
    put(s, "Blue", "entrance_hall")
    hand(s, "Blue", "chainsaw")
    # the attacker adds the axe's die; the defender's chainsaw helps it defend
    s, ev = act(s, "Red", "attack", Dice(*([0] * 12)), target="Blue", weapon="axe")
    rolls = [e for e in ev if e["type"] == "dice_rolled"]
    assert rolls[0]["dice"] == 3 + 1 and rolls[1]["dice"] == 3 + 2
    assert set(E.legal_actions(s, "Red")[0]) and all(a["action"] != "attack" for a in E.legal_actions(s, "Red"))


def test_each_item_takes_one_action_per_turn_R_ITEM_1_R_ITEM_2():
    """R-ITEM-1 R-ITEM-2: used in an attack, it cannot then be given; dropped, not picked up."""
    s = table()
    hand(s, "Red", "axe")
    hand(s, "Red", "candle")
    start_haunt(s, haunt_spec(traitor="revealer"), revealer="Blue")
    s["turn"]["seat"] = "Red"
    put(s, "Blue", "entrance_hall")
    s, ev = act(s, "Red", "attack", Dice(1, 1, 0, 0, 1, 1, 0), target="Blue", weapon="axe")   # 2 vs 2
    assert s["pending"] is None and s["turn"]["items"] == {"axe": "use"}
    put(s, "Green", "entrance_hall")
    refused(s, "Red", "give", "R-ITEM-1", card="axe", to="Green")
    s, _ = act(s, "Red", "drop", cards=["candle"])
    refused(s, "Red", "pick_up", "R-ITEM-1", cards=["candle"])
    assert {"action": "pick_up", "args": {"cards": ["candle"]}} not in E.legal_actions(s, "Red")


def test_give_needs_the_same_room_and_the_receivers_consent_R_ITEM_3():
    """R-ITEM-3"""
    s = table()
    hand(s, "Red", "candle")
    hand(s, "Red", "music_box")
    put(s, "Blue", "foyer")
    refused(s, "Red", "give", "R-ITEM-3", card="candle", to="Blue")
    put(s, "Blue", "entrance_hall")
    s, ev = act(s, "Red", "give", card="candle", to="Blue")
    assert s["pending"]["seat"] == "Blue" and s["pending"]["options"] == ["accept", "refuse"]
    refused(s, "Red", "end_turn", "NOT-YOUR-TURN")
    s2, ev = act(s, "Blue", "choose", option="refuse")
    assert "candle" in s2["players"]["Red"]["held"] and "gift_refused" in types(ev)
    s, ev = act(s, "Blue", "choose", option="accept")
    assert "candle" in s["players"]["Blue"]["held"] and "item_given" in types(ev)
    s, ev = act(s, "Red", "drop", cards=["music_box"])
    assert s["floor_items"]["entrance_hall"] == ["music_box"]


def test_there_is_no_hand_limit_R_ITEM_4():
    """R-ITEM-4"""
    s = table()
    for c in ("axe", "candle", "music_box", "lucky_coin", "medkit", "revolver", "chainsaw", "ouija"):
        hand(s, "Red", c)
    only_tiles(s, "bloody_room")
    place(s, "creaky_hallway", "ground", 1, 0)
    put(s, "Red", "creaky_hallway")
    on_top(s, "item", "smelling_salts")
    s, ev = discover(s, "Red", "N")
    assert len(s["players"]["Red"]["held"]) == 9


def test_untradeable_items_still_drop_and_some_never_do_R_ITEM_5():
    """R-ITEM-5"""
    s = table()
    hand(s, "Red", "amulet")                                  # untradeable
    hand(s, "Red", "bite")                                    # undroppable
    put(s, "Blue", "entrance_hall")
    refused(s, "Red", "give", "R-ITEM-5", card="amulet", to="Blue")
    refused(s, "Red", "drop", "R-ITEM-5", cards=["bite"])
    s, _ = act(s, "Red", "drop", cards=["amulet"])
    s, _ = act(s, "Red", "end_turn")
    s, _ = act(s, "Blue", "pick_up", cards=["amulet"])
    assert "amulet" in s["players"]["Blue"]["held"]


def test_a_trait_bonus_stops_at_the_top_and_only_what_was_gained_is_lost_R_ITEM_6():
    """R-ITEM-6"""
    s = table()
    set_trait(s, "Red", "might", 6)
    hand(s, "Red", "ring")                                   # +2 might, only 1 fits
    assert s["players"]["Red"]["traits"]["might"] == 7
    s, _ = act(s, "Red", "drop", cards=["ring"])
    assert s["players"]["Red"]["traits"]["might"] == 6


def test_an_item_without_discard_after_use_is_used_again_R_AUTH_2():
    """R-AUTH-2: the medkit stays; the salts go after one use."""
    s = table(seats=("Red",), chars=("ava",))
    hand(s, "Red", "medkit")
    hand(s, "Red", "smelling_salts")
    s, _ = act(s, "Red", "use", card="medkit")
    refused(s, "Red", "use", "R-ITEM-1", card="medkit")
    s, _ = act(s, "Red", "use", card="smelling_salts")
    assert "smelling_salts" in s["discards"]["item"]
    s, _ = act(s, "Red", "end_turn")
    s, ev = act(s, "Red", "use", card="medkit")
    assert "item_used" in types(ev) and "medkit" in s["players"]["Red"]["held"]


def test_card_steps_choice_lasting_heal_and_discard_item():
    """The effect vocabulary: choice, gain-by-choice, lasting (next roll), heal, discard_item."""
    s = table()
    s, _ = _draw_event(s, "old_photo")
    s, _ = act(s, "Red", "choose", option="0")
    assert s["pending"]["options"] == ["might", "speed"]
    s, _ = act(s, "Red", "choose", option="speed")
    assert s["players"]["Red"]["traits"]["speed"] == 5
    s = table()
    set_trait(s, "Red", "might", 1)
    s, _ = _draw_event(s, "healing_light")
    assert s["players"]["Red"]["traits"]["might"] == 3
    s = table()
    hand(s, "Red", "candle")
    hand(s, "Red", "axe")
    s, _ = _draw_event(s, "butterfingers")
    s, _ = act(s, "Red", "choose", option="axe")
    assert "axe" in s["discards"]["item"] and s["players"]["Red"]["held"] == ["candle"]
    s = table()
    s, ev = _draw_event(s, "dread")
    ev = []
    T.roll_trait(s, Dice(), "Red", "might", "test", ev)
    assert ev[-1]["dice"] == 2 and not s["players"]["Red"]["lasting"]
