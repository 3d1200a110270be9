"""Every question a card or a room asks names it (the table shows it in the
dialog's title): a card's choice and the trait it lets the player pick, a
discard it asks for, a gift of an item (R-ITEM-3) and a room's boon."""
from engine_helpers import act, discover, hand, on_top, only_tiles, put, table


def _draw_event(s, card, seat="Red"):
    only_tiles(s, "game_room")
    on_top(s, "event", card)
    return discover(s, seat, "E")


def _asked(events):
    return [e for e in events if e["type"] == "prompt"][-1]


def test_a_cards_choice_and_the_trait_it_lets_you_pick_name_the_card():
    s, ev = _draw_event(table(), "old_photo")
    assert _asked(ev)["source"] == "old_photo" and s["pending"]["source"] == "old_photo"
    s, ev = act(s, "Red", "choose", option="0")
    assert _asked(ev)["options"] == ["might", "speed"] and _asked(ev)["source"] == "old_photo"


def test_a_discard_a_card_asks_for_names_the_card():
    s = table()
    hand(s, "Red", "candle")
    hand(s, "Red", "axe")
    s, ev = _draw_event(s, "butterfingers")
    assert _asked(ev)["purpose"] == "discard_item" and _asked(ev)["source"] == "butterfingers"


def test_a_gift_names_the_item_given_R_ITEM_3():
    s = table()
    hand(s, "Red", "candle")
    put(s, "Blue", s["players"]["Red"]["room"])
    s, ev = act(s, "Red", "give", card="candle", to="Blue")
    assert _asked(ev)["seat"] == "Blue" and _asked(ev)["source"] == "candle"
