"""Cards do what they print (R-AUTH-2, R-CARD-1, R-HAUNT-5), on the
repository's own cards."""
from engine_helpers import Dice, act, discover, hand, haunt_spec, on_top, only_tiles, start_haunt, types
from house_content import house_table
from rulesets.house.engine import traits as T


def _draw_event(s, card, seat="Red"):
    """Red discovers the Feast Hall (an event room) east of the hall with `card` on top."""
    only_tiles(s, "feast_hall")
    on_top(s, "event", card)
    return discover(s, seat, "E")


def _next_turn_of(s, seat):
    """End turns until `seat`'s next one begins."""
    s, _ = act(s, s["turn"]["seat"], "end_turn")
    while s["turn"]["seat"] != seat:
        s, _ = act(s, s["turn"]["seat"], "end_turn")
    return s


def _roll(s, seat, trait):
    ev = []
    T.roll_trait(s, Dice(*[0] * 16), seat, trait, "test", ev)
    return ev


def test_a_next_roll_bonus_does_not_add_to_itself_R_AUTH_2():
    """R-AUTH-2, decision: "roll 1 extra die on your next Knowledge roll" says
    what that roll gets; using the Locksmith's Picks on two turns before the
    roll still gives that one roll 1 extra die, not 2."""
    s = house_table()
    hand(s, "Red", "lock_picks")
    s, _ = act(s, "Red", "use", card="lock_picks")
    s = _next_turn_of(s, "Red")
    s, ev = act(s, "Red", "use", card="lock_picks")
    assert "lasting_added" not in types(ev)
    assert s["players"]["Red"]["lasting"] == [
        {"trait": "knowledge", "dice": 1, "until": "next_roll", "source": "lock_picks"}]
    rolled = [e for e in _roll(s, "Red", "knowledge") if e["type"] == "dice_rolled"][0]
    assert rolled["dice"] == T.value(s, "Red", "knowledge") + 1
    s = _next_turn_of(s, "Red")                     # spent: the next use gives a die again
    s, ev = act(s, "Red", "use", card="lock_picks")
    assert "lasting_added" in types(ev)


def test_knucklebone_dice_give_each_trait_one_waiting_die_at_most_R_AUTH_2():
    """R-AUTH-2, decision: choosing the same trait again adds nothing; another
    trait gets its own die, and another card's bonus still adds to it."""
    s = house_table()
    hand(s, "Red", "knucklebone_dice")
    hand(s, "Red", "hemp_rope")
    for option in ("1", "1", "0"):                  # Speed, Speed again, then Might
        s, _ = act(s, "Red", "use", card="knucklebone_dice")
        s, _ = act(s, "Red", "choose", option=option)
        s = _next_turn_of(s, "Red")
    s, _ = act(s, "Red", "use", card="hemp_rope")
    mods = s["players"]["Red"]["lasting"]
    assert sorted((m["trait"], m["source"]) for m in mods) == [
        ("might", "knucklebone_dice"), ("speed", "hemp_rope"), ("speed", "knucklebone_dice")]
    rolled = [e for e in _roll(s, "Red", "speed") if e["type"] == "dice_rolled"][0]
    assert rolled["dice"] == T.value(s, "Red", "speed") + 2


def test_a_kept_event_goes_to_the_discard_pile_when_its_bonus_is_spent_R_CARD_1():
    """R-CARD-1 (seed 000 §12): A Candle Left for You stays until its extra
    die is rolled, "then discard this card"."""
    s = house_table()
    s, _ = _draw_event(s, "candle_left_burning")
    assert s["players"]["Red"]["kept"] == ["candle_left_burning"]
    ev = _roll(s, "Red", "knowledge")               # another trait's roll leaves it
    assert s["players"]["Red"]["kept"] == ["candle_left_burning"]
    ev = _roll(s, "Red", "sanity")
    assert s["players"]["Red"]["kept"] == [] and "candle_left_burning" in s["discards"]["event"]
    assert {"type": "card_discarded", "seat": "Red", "deck": "event", "card": "candle_left_burning"} in ev


def test_a_kept_event_with_two_bonuses_goes_after_both_R_CARD_1():
    """R-CARD-1: Humming in the Walls weighs on the next Knowledge roll and the
    next Sanity roll; it is discarded once both are made."""
    s = house_table()
    s, _ = _draw_event(s, "humming_walls")
    _roll(s, "Red", "sanity")
    assert s["players"]["Red"]["kept"] == ["humming_walls"]
    _roll(s, "Red", "knowledge")
    assert s["players"]["Red"]["kept"] == [] and "humming_walls" in s["discards"]["event"]


def test_a_shed_penalty_takes_its_kept_card_with_it_R_HAUNT_5_R_CARD_1():
    """R-HAUNT-5, R-CARD-1: once the new traitor sheds Eyes at Your Back's
    penalty the card has nothing left to do and is discarded; a kept bonus
    (Second Sight) stays."""
    s = house_table()
    s, _ = _draw_event(s, "someone_watching")
    s["turn"]["drew"], s["turn"]["may_move"] = False, True
    s["players"]["Red"]["kept"].append("second_sight")
    s["decks"]["event"].remove("second_sight")
    s["players"]["Red"]["lasting"].append({"trait": "knowledge", "dice": 1, "until": "game", "source": "second_sight"})
    start_haunt(s, haunt_spec(traitor="revealer"), revealer="Red")
    s, ev = act(s, "Red", "choose", option="shed")
    assert s["players"]["Red"]["kept"] == ["second_sight"] and "someone_watching" in s["discards"]["event"]
    assert "card_discarded" in types(ev)


def test_an_item_that_cannot_be_dropped_cannot_be_discarded_either_R_ITEM_5():
    """R-ITEM-5: the Broken Shackle "cannot be dropped" (it is locked on the
    wrist), so The Pawn Ticket's "discard 1 of your items" passes it by."""
    s = house_table()
    hand(s, "Red", "broken_shackle")
    s, _ = _draw_event(s, "pawn_ticket")
    s, ev = act(s, "Red", "roll", Dice(*[0] * 8))         # 0-3: discard 1 of your items
    assert s["players"]["Red"]["held"] == ["broken_shackle"] and s["pending"] is None
    s2 = house_table()
    hand(s2, "Red", "broken_shackle")
    hand(s2, "Red", "coal_shovel")
    s2, _ = _draw_event(s2, "pawn_ticket")
    s2, ev = act(s2, "Red", "roll", Dice(*[0] * 8))
    assert s2["players"]["Red"]["held"] == ["broken_shackle"] and "coal_shovel" in s2["discards"]["item"]


def test_an_option_whose_price_cannot_be_paid_is_not_offered_R_AUTH_2():
    """R-AUTH-2: Rice Before the Tablet's offering costs an item; with none
    to discard only eating it is offered, so the heal is never free."""
    s = house_table()
    s, _ = _draw_event(s, "altar_rice")
    assert s["pending"]["options"] == ["0"] and s["pending"]["labels"][0]["en"] == "Eat it"
    s2 = house_table()
    hand(s2, "Red", "broken_shackle")                       # held, but no card can make you discard it
    s2, _ = _draw_event(s2, "cold_little_hand")
    assert s2["pending"]["options"] == ["1"]
    s3 = house_table()
    hand(s3, "Red", "coal_shovel")
    s3, _ = _draw_event(s3, "altar_rice")
    assert s3["pending"]["options"] == ["0", "1"]
    s3, ev = act(s3, "Red", "choose", option="1")
    assert "coal_shovel" in s3["discards"]["item"]
