"""Weapons do what their cards print, in attack and in defence (R-AUTH-2,
R-CARD-5, R-ITEM-1/2), on the repository's own cards."""
from engine_helpers import Dice, act, discover, hand, haunt_spec, on_top, only_tiles, put, start_haunt, types
from house_content import house_table

GUEST = {"id": "brute", "count": 1, "traits": {"might": 4, "speed": 2}, "start": "entrance_hall"}


def _haunt(traitor="revealer", revealer="Blue", monsters=()):
    s = house_table()
    start_haunt(s, haunt_spec(traitor=traitor, monsters=list(monsters)), revealer=revealer)
    s["turn"]["seat"] = "Red"
    return s


def test_a_discard_after_use_weapon_is_discarded_when_it_attacks_R_AUTH_2():
    """R-AUTH-2 (seed 000 §9: an item that says "discard after use" is
    discarded after use): the Paraffin Lamp adds its 2 dice once, then goes."""
    s = _haunt()
    hand(s, "Red", "paraffin_lamp")
    put(s, "Blue", "entrance_hall")
    s, ev = act(s, "Red", "attack", Dice(*[1] * 8, *[0] * 8), target="Blue", weapon="paraffin_lamp")
    rolled = [e for e in ev if e["type"] == "dice_rolled" and e["purpose"] == "attack"][0]
    might = rolled["dice"] - 2
    assert might == 5                                        # Zhao's Might 5, plus the lamp's 2
    assert "paraffin_lamp" not in s["players"]["Red"]["held"]
    assert "paraffin_lamp" in s["discards"]["item"]
    assert {"type": "card_discarded", "seat": "Red", "deck": "item", "card": "paraffin_lamp"} in ev


def test_a_weapon_without_that_flag_stays_after_the_attack_R_AUTH_2():
    """R-AUTH-2: the Coal Shovel does not say "discard after use"."""
    s = _haunt()
    hand(s, "Red", "coal_shovel")
    put(s, "Blue", "entrance_hall")
    s, ev = act(s, "Red", "attack", Dice(*[1] * 16), target="Blue", weapon="coal_shovel")
    assert "coal_shovel" in s["players"]["Red"]["held"] and "card_discarded" not in types(ev)


def test_hedge_shears_defend_against_a_monster_R_CARD_5():
    """R-CARD-5: a weapon flagged usable when defending adds its die against a
    monster's attack too, not only a character's."""
    s = _haunt(monsters=[GUEST])
    hand(s, "Red", "hedge_shears")
    s["turn"]["seat"] = "monsters"
    for m in s["haunt"]["monsters"]:
        m["left"] = 1
    s, ev = act(s, "Blue", "monster_attack", Dice(*[0] * 16), monster="brute_1", target="Red")
    defence = [e for e in ev if e["type"] == "dice_rolled" and e["purpose"] == "defend"][0]
    assert defence["seat"] == "Red" and defence["dice"] == 5 + 1


def test_hedge_shears_defend_against_a_card_attack_R_CARD_5():
    """R-CARD-5: The Cloak Behind the Door attacks with 4 dice against Might;
    the shears add their die to the holder's roll."""
    s = house_table()
    hand(s, "Red", "hedge_shears")
    only_tiles(s, "feast_hall")
    on_top(s, "event", "cloak_behind_door")
    s, ev = discover(s, "Red", "E", Dice(*[0] * 16))
    defence = [e for e in ev if e["type"] == "dice_rolled" and e["purpose"] == "defend"][0]
    assert defence["dice"] == 5 + 1


def test_hedge_shears_still_defend_against_a_character_R_CARD_5():
    """R-CARD-5, and R-ITEM-1: a weapon used in a defence has had its action this turn."""
    s = _haunt(revealer="Red")
    s["turn"]["seat"] = "Blue"
    hand(s, "Red", "hedge_shears")
    put(s, "Blue", "entrance_hall")
    s, ev = act(s, "Blue", "attack", Dice(*[0] * 16), target="Red")
    defence = [e for e in ev if e["type"] == "dice_rolled" and e["purpose"] == "defend"][0]
    assert defence["dice"] == 5 + 1 and s["turn"]["items"]["hedge_shears"] == "use"
