"""Setting up: the lobby, the deal and the rolls for places (E-KIT-1, E-SETUP)."""
from escape_helpers import Dice, E, act, lobby, refused, table


def test_E_SETUP_1_decks_are_shuffled_and_each_player_is_dealt_a_character():
    a, b, c = lobby(seed=1), lobby(seed=1), lobby(seed=2)
    assert a["decks"] == b["decks"]
    assert a["decks"]["item"] != c["decks"]["item"] and a["decks"]["explore"] != c["decks"]["explore"]
    assert sorted(a["decks"]["item"]) == sorted(a["rules"]["items"])
    s, events = act(a, "Red", "start")
    dealt = [e for e in events if e["type"] == "character_dealt"]
    assert [e["seat"] for e in dealt] == ["Red", "Blue", "Green"]
    chars = [s["players"][seat]["character"] for seat in ("Red", "Blue", "Green")]
    assert len(set(chars)) == 3 and len(s["decks"]["character"]) == 2
    for seat in ("Red", "Blue", "Green"):
        p = s["players"][seat]
        assert p["stamina"] == p["max"] == s["rules"]["characters"][p["character"]]["stamina"]
        assert p["hand"] == [] and p["status"] == "alive"


def test_E_SETUP_2_highest_roll_chooses_a_place_first_and_ties_roll_again():
    s = lobby()
    s, events = act(s, "Red", "start", rng=Dice(2, 5, 5, 3, 6))
    rolls = [(e["seat"], e["total"]) for e in events if e["type"] == "dice_rolled"]
    assert rolls == [("Red", 2), ("Blue", 5), ("Green", 5), ("Blue", 3), ("Green", 6)]
    assert s["setup"]["choosers"] == ["Green", "Blue", "Red"]
    assert s["pending"] == {"seat": "Green", "kind": "place", "options": [0, 1, 2]}
    refused(s, "Red", "choose_place", "NOT-YOUR-TURN", place=0)
    refused(s, "Green", "choose_place", "E-SETUP-2", place=3)
    s, _ = act(s, "Green", "choose_place", place=2)
    refused(s, "Blue", "choose_place", "E-SETUP-2", place=2)
    refused(s, "Blue", "search", "E-SETUP-2")
    s, events = act(s, "Blue", "choose_place", place=0)
    # Red, last, takes the one place left; the column is formed and the first round begins.
    assert s["column"] == ["Blue", "Red", "Green"]
    assert s["phase"] == "explore" and s["round"]["leader"] == "Blue"
    assert any(e["type"] == "column_formed" for e in events)


def test_E_KIT_1_at_most_five_players_and_at_least_two_characters_are_dealt_not_chosen():
    seats = ("Red", "Blue", "Green", "Yellow", "White", "Pink")
    s = E.new_table(lobby()["rules"], {"seats": list(seats)}, Dice())
    for seat in seats[:5]:
        s, _ = act(s, seat, "sit")
    refused(s, "Pink", "sit", "E-KIT-1")
    refused(s, "Red", "choose_character", "E-SETUP-1", character="reporter")
    one = E.new_table(lobby()["rules"], {"seats": ["Red", "Blue"]}, Dice())
    one, _ = act(one, "Red", "sit")
    refused(one, "Red", "start", "E-KIT-1")
    refused(one, "Blue", "start", "BAD-ARGS")
    assert E.legal_actions(one, "Red") == [] and E.legal_actions(one, "Blue") == [{"action": "sit", "args": {}}]


def test_the_table_starts_with_a_first_round_whatever_the_seat_count():
    for seats in (("Red", "Blue"), ("Red", "Blue", "Green", "Yellow", "White")):
        chars = ("reporter", "officer", "resident", "firefighter", "agent")[:len(seats)]
        s = table(seats=seats, chars=chars)
        assert s["column"] == list(seats) and s["round"]["members"] == list(seats[1:])
        assert s["pending"] == {"seat": "Red", "kind": "keep", "count": len(seats)}
