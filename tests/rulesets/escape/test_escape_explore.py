"""Phase 1: the leader's distribute chain and explore, the members' turns,
explore cards and the hand (E-LEAD, E-MEMBER, E-HAND, E-EXPLORE, E-DECK)."""
from escape_helpers import E, Dice, act, give, play_round_to, refused, resume, table, top, types
from rulesets.escape.engine import explore


def test_E_LEAD_1_the_leader_deals_one_item_per_player_and_each_keeps_one_and_passes_on():
    s = table(items=("food", "pipe", "ring"))
    assert s["passing"] == ["food", "pipe", "ring"]
    assert E.view(s, "Red")["pending"]["cards"] == ["food", "pipe", "ring"]
    assert "cards" not in E.view(s, "Blue")["pending"] and E.view(s, "Blue")["passing"] == 3
    assert E.legal_actions(s, "Red") == [{"action": "keep", "args": {"card": c}} for c in ("food", "pipe", "ring")]
    refused(s, "Red", "keep", "E-LEAD-1", card="axe")
    refused(s, "Blue", "keep", "NOT-YOUR-TURN", card="food")
    refused(s, "Red", "explore", "E-LEAD-1")
    s, ev = act(s, "Red", "keep", card="pipe")
    assert s["players"]["Red"]["hand"] == ["pipe"] and s["pending"] == {"seat": "Blue", "kind": "keep", "count": 2}
    assert [e for e in ev if e["type"] == "cards_received"] == [
        {"type": "cards_received", "seat": "Blue", "cards": ["food", "ring"], "visible_to": ["Blue"]}]
    assert {"type": "cards_passed", "from": "Red", "to": "Blue", "count": 2, "visible_to": None} in ev
    s, ev = act(s, "Blue", "keep", card="ring")
    # Green, last, is passed the one card left and keeps it; then the leader explores.
    assert s["players"]["Blue"]["hand"] == ["ring"] and s["players"]["Green"]["hand"] == ["food"]
    assert s["passing"] == [] and s["pending"] == {"seat": "Red", "kind": "lead_explore"}


def test_E_LEAD_1_the_chain_counts_only_the_players_in_the_column():
    s = table(seats=("Red", "Blue", "Green", "Yellow"), chars=("officer", "firefighter", "agent", "reporter"))
    assert len(s["passing"]) == 4
    s["decks"]["item"][:0] = s["passing"]
    s["passing"], s["pending"] = [], None
    s["stack"].clear()
    s["players"]["Yellow"]["status"] = "dead"
    s["column"].remove("Yellow")
    explore.start_round(s, [])
    resume(s)
    assert len(s["passing"]) == 3 and s["round"]["members"] == ["Blue", "Green"]


def test_E_LEAD_1_then_the_leader_explores_and_E_LEAD_2_may_take_one_optional_action():
    s = play_round_to(table(items=("food", "pipe", "ring"), explore=("ev_quiet",)), "lead_explore")
    refused(s, "Red", "search", "E-LEAD-1")
    s, ev = act(s, "Red", "explore")
    assert {"type": "explore_drawn", "seat": "Red", "card": "ev_quiet", "kind": "event", "visible_to": None} in ev
    assert "ev_quiet" in s["discards"]["explore"]
    assert s["pending"] == {"seat": "Red", "kind": "free", "role": "leader", "refused": []}
    names = {a["action"] for a in E.legal_actions(s, "Red")}
    assert {"trade", "skill", "pass"} <= names
    refused(s, "Red", "search", "E-LEAD-2")
    refused(s, "Red", "equip", "E-LEAD-2", card="axe")
    s, _ = act(s, "Red", "pass")
    assert s["pending"] == {"seat": "Blue", "kind": "member"}


def test_E_LEAD_2_a_trade_is_a_question_the_other_seat_answers():
    s = play_round_to(table(items=("food", "pipe", "ring"), explore=("ev_quiet",)), "free", "Red")
    mine = s["players"]["Red"]["hand"][0]
    s, ev = act(s, "Red", "trade", card=mine, **{"with": "Blue"})
    assert s["pending"]["seat"] == "Blue" and s["pending"]["kind"] == "trade"
    assert E.view(s, "Blue")["pending"]["card"] == mine and "card" not in E.view(s, "Green")["pending"]
    assert [e["visible_to"] for e in ev if e["type"] == "trade_card"] == [["Red", "Blue"]]
    assert all("card" not in e for e in ev if e["visible_to"] is None)
    refused(s, "Red", "accept", "NOT-YOUR-TURN", card=mine)
    s2, _ = act(s, "Blue", "refuse")
    assert s2["pending"] == {"seat": "Red", "kind": "free", "role": "leader", "refused": ["Blue"]}
    refused(s2, "Red", "trade", "E-LEAD-2", card=mine, **{"with": "Blue"})
    theirs = s["players"]["Blue"]["hand"][0]
    refused(s, "Blue", "accept", "E-LEAD-2", card="axe")
    s3, _ = act(s, "Blue", "accept", card=theirs)
    assert s3["players"]["Red"]["hand"] == [theirs] and s3["players"]["Blue"]["hand"] == [mine]
    assert s3["pending"] == {"seat": "Blue", "kind": "member"}        # the leader's one action is spent


def test_E_MEMBER_1_members_act_in_the_column_order_of_the_round_start_whatever_the_swaps():
    s = play_round_to(table(explore=("ev_quiet", "adv_corridor")), "member", "Blue")
    s, _ = act(s, "Blue", "explore")
    assert s["column"] == ["Blue", "Red", "Green"]          # an advance: Blue swapped with the leader
    s, _ = act(s, "Blue", "pass")
    assert s["pending"] == {"seat": "Green", "kind": "member"}     # Red led; it does not act again
    refused(s, "Red", "search", "NOT-YOUR-TURN")
    refused(s, "Green", "pass", "E-MEMBER-1")
    s, _ = act(s, "Green", "search")
    s, ev = act(s, "Green", "pass")
    assert s["round"]["leader"] == "Blue" and s["round"]["members"] == ["Red", "Green"]
    assert {"type": "turn_began", "seat": "Blue", "role": "leader", "visible_to": None} in ev


def test_E_MEMBER_2_search_draws_one_item_then_swaps_with_the_player_behind():
    s = play_round_to(table(), "member", "Blue")
    top(s, "item", "watch")
    s, ev = act(s, "Blue", "search")
    assert s["players"]["Blue"]["hand"][-1] == "watch" and s["column"] == ["Red", "Green", "Blue"]
    assert {"type": "item_drawn", "seat": "Blue", "card": "watch", "visible_to": ["Blue"]} in ev
    assert types(ev).index("item_drawn") < types(ev).index("places_swapped")
    s, _ = act(s, "Blue", "pass")
    s, _ = act(s, "Green", "search")       # Green was behind Blue at the round start… now it is second
    assert s["column"] == ["Red", "Blue", "Green"]
    s = play_round_to(s, "member", "Green")
    s, _ = act(s, "Green", "search")       # already last: no change
    assert s["column"][-1] == "Green"


def test_E_MEMBER_3_explore_and_the_resident_uses_the_skill_only_while_exploring():
    s = play_round_to(table(chars=("officer", "resident", "agent"), explore=("ev_quiet", "ev_filler1", "ev_hurt")),
                      "member", "Blue")
    assert {"action": "explore", "args": {"skill": True}} in E.legal_actions(s, "Blue")
    s, ev = act(s, "Blue", "explore", skill=True)
    pd = s["pending"]
    assert pd["kind"] == "choose" and pd["purpose"] == "scout" and pd["options"] == ["ev_filler1", "ev_hurt"]
    assert "options" not in E.view(s, "Green")["pending"] and E.view(s, "Green")["scouted"] == 2
    assert [e["visible_to"] for e in ev if e["type"] == "explore_scouted"] == [["Blue"]]
    s, ev = act(s, "Blue", "choose", option="ev_hurt")
    assert s["players"]["Blue"]["stamina"] == 2 and s["decks"]["explore"][-1] == "ev_filler1"
    assert s["pending"]["kind"] == "free"
    refused(s, "Blue", "skill", "E-MEMBER-4")                     # not as the optional action
    s, _ = act(s, "Blue", "pass")
    refused(s, "Green", "explore", "E-MEMBER-3", skill=True)      # the agent's skill is not an explore


def test_E_MEMBER_4_at_most_three_equipped_and_a_fourth_replaces_one_discarded():
    s = play_round_to(table(items=("food", "food", "food")), "free", "Red")
    give(s, "Red", "pipe", "helmet", "vest", equip=True)
    give(s, "Red", "axe", "ring")
    refused(s, "Red", "equip", "E-MEMBER-4", card="axe")
    refused(s, "Red", "equip", "E-KIT-3", card="ring")
    assert {"action": "equip", "args": {"card": "axe", "discard": "vest"}} in E.legal_actions(s, "Red")
    s, ev = act(s, "Red", "equip", card="axe", discard="vest")
    assert s["players"]["Red"]["equipment"] == ["pipe", "helmet", "axe"]
    assert s["discards"]["item"] == ["vest"]
    assert E.view(s, "Blue")["players"]["Red"]["equipment"] == ["pipe", "helmet", "axe"]     # public


def test_E_HAND_1_extra_cards_are_discarded_or_given_to_a_hand_with_room_at_once():
    s = play_round_to(table(items=("knife0", "knife1", "knife2")), "member", "Blue")
    for seat in ("Red", "Blue"):
        s["discards"]["item"] += s["players"][seat]["hand"]
        s["players"][seat]["hand"] = []
    give(s, "Blue", "coin0", "coin1", "coin2", "coin3", "coin4")
    give(s, "Red", "coin5", "coin6", "coin7", "cash", "watch")
    top(s, "item", "ring")
    s, _ = act(s, "Blue", "search")
    assert s["pending"] == {"seat": "Blue", "kind": "hand_limit", "limit": 5}
    refused(s, "Blue", "pass", "E-HAND-1")
    refused(s, "Blue", "give", "E-HAND-1", card="ring", to="Red")
    refused(s, "Blue", "give", "E-HAND-1", card="pipe", to="Green")
    assert {"action": "give", "args": {"card": "ring", "to": "Green"}} in E.legal_actions(s, "Blue")
    assert not any(a["args"].get("to") == "Red" for a in E.legal_actions(s, "Blue"))
    s2, ev = act(s, "Blue", "give", card="ring", to="Green")
    assert "ring" in s2["players"]["Green"]["hand"] and len(s2["players"]["Blue"]["hand"]) == 5
    assert [e for e in ev if e["type"] == "extra_given"][0] == {"type": "extra_given", "from": "Blue", "to": "Green",
                                                               "visible_to": None}
    assert s2["pending"]["kind"] == "free"
    s3, _ = act(s, "Blue", "discard", card="coin0")
    assert s3["discards"]["item"][-1] == "coin0" and len(s3["players"]["Blue"]["hand"]) == 5


def test_E_HAND_2_a_hand_is_hidden_from_the_other_seats_and_equipment_is_public():
    s = table(items=("food", "pipe", "ring"))
    s, ev = act(s, "Red", "keep", card="ring")
    assert {"type": "item_kept", "seat": "Red", "card": "ring", "visible_to": ["Red"]} in ev
    assert {"type": "hand_changed", "seat": "Red", "size": 1, "visible_to": None} in ev
    give(s, "Red", "axe", equip=True)
    for seat in ("Blue", "Green", None):
        red = E.view(s, seat)["players"]["Red"]
        assert "hand" not in red and red["hand_size"] == 1 and red["equipment"] == ["axe"]
    assert E.view(s, "Red")["players"]["Red"]["hand"] == ["ring"]
    assert "decks" not in E.view(s, "Red") and E.view(s, "Red")["deck_sizes"]["item"] == len(s["decks"]["item"])
    for e in ev:
        if e["visible_to"] is None:
            assert "cards" not in e and ("card" not in e or e["type"] != "item_kept")


def test_E_EXPLORE_1_revelations_go_where_the_card_says():
    s = play_round_to(table(explore=("rev_self", "rev_behind", "rev_chosen")), "lead_explore")
    s, ev = act(s, "Red", "explore")
    assert s["players"]["Red"]["revelations"] == ["rev_self"]
    s, _ = act(s, "Red", "pass")
    s, _ = act(s, "Blue", "explore")
    assert s["players"]["Green"]["revelations"] == ["rev_behind"]
    s, _ = act(s, "Blue", "pass")
    s, _ = act(s, "Green", "explore")
    assert s["pending"]["purpose"] == "place" and s["pending"]["options"] == ["Red", "Blue", "Green"]
    s, ev = act(s, "Green", "choose", option="Blue")
    assert s["players"]["Blue"]["revelations"] == ["rev_chosen"]
    assert {"type": "revelation_placed", "seat": "Green", "card": "rev_chosen", "spot": "Blue", "count": 1,
            "visible_to": None} in ev


def test_E_EXPLORE_1_the_third_revelation_in_one_place_starts_phase_2_at_once():
    s = play_round_to(table(explore=("rev_front",)), "lead_explore")
    for card in ("rev_front2", "rev_end2"):            # two revelations already at the front
        s["decks"]["explore"].remove(card)
        s["spots"]["front"].append(card)
    top(s, "infected", "inf_bloated")
    s, ev = act(s, "Red", "explore")
    assert s["phase"] == "fight" and s["column"] == ["infected1", "Red", "Blue", "Green"]
    assert s["spots"]["front"] == [] and {"rev_front", "rev_front2", "rev_end2"} <= set(s["discards"]["explore"])
    assert s["infected"]["infected1"]["card"] == "inf_bloated"
    assert s["pending"]["seat"] == "Red" and s["pending"]["kind"] == "adjacent"    # the round is over


def test_E_EXPLORE_2_an_event_is_resolved_by_its_steps():
    s = play_round_to(table(explore=("ev_hurt", "ev_gamble", "ev_gamble")), "lead_explore")
    s, _ = act(s, "Red", "explore")
    assert s["players"]["Red"]["stamina"] == 3 and "ev_hurt" in s["discards"]["explore"]
    s, _ = act(s, "Red", "pass")
    s, ev = act(s, "Blue", "explore", rng=Dice(2))
    assert s["players"]["Blue"]["stamina"] == 4
    assert {"type": "dice_rolled", "seat": "Blue", "purpose": "card", "card": "ev_gamble", "faces": [2], "total": 2,
            "visible_to": None} in ev
    s, _ = act(s, "Blue", "pass")
    hand = len(s["players"]["Green"]["hand"])
    s, _ = act(s, "Green", "explore", rng=Dice(5))
    assert len(s["players"]["Green"]["hand"]) == hand + 1 and s["players"]["Green"]["stamina"] == 4


def test_E_EXPLORE_3_an_advance_swaps_with_the_player_in_front_first_then_resolves():
    s = play_round_to(table(explore=("stairs_1", "adv_landing")), "lead_explore")
    s, ev = act(s, "Red", "explore")               # the leader: no one in front
    assert s["column"] == ["Red", "Blue", "Green"] and s["stairs"] == ["stairs_1"]
    assert {"type": "stairs_counted", "card": "stairs_1", "count": 1, "visible_to": None} in ev
    assert "stairs_1" not in s["discards"]["explore"]
    s, _ = act(s, "Red", "pass")
    top(s, "item", "ring")
    s, ev = act(s, "Blue", "explore")
    assert s["column"] == ["Blue", "Red", "Green"] and "ring" in s["players"]["Blue"]["hand"]
    assert types(ev).index("places_swapped") < types(ev).index("item_drawn")


def test_E_AUTH_1_card_text_overrides_the_rules():
    """An advance that says it swaps no places does not swap (E-EXPLORE-3 bows
    to it); an item that moves its player to the front reorders the column."""
    s = play_round_to(table(explore=("ev_quiet", "adv_jammed")), "member", "Blue")
    s, _ = act(s, "Blue", "explore")
    assert s["column"] == ["Red", "Blue", "Green"]
    give(s, "Blue", "map")
    s, ev = act(s, "Blue", "play", card="map")
    assert s["column"] == ["Blue", "Red", "Green"] and s["discards"]["item"] == ["map"]


def test_E_DECK_1_the_item_deck_is_never_reshuffled():
    s = play_round_to(table(), "member", "Blue")
    s["discards"]["item"].extend(s["decks"]["item"])
    s["decks"]["item"] = []
    pile = list(s["discards"]["item"])
    hand = list(s["players"]["Blue"]["hand"])
    s, ev = act(s, "Blue", "search")
    assert "item_deck_empty" in types(ev) and s["players"]["Blue"]["hand"] == hand
    assert s["discards"]["item"] == pile and s["decks"]["item"] == []
    s = play_round_to(s, "lead_explore")          # the next round deals nothing
    assert s["passing"] == [] and s["round"]["n"] == 2


def test_E_END_2_the_fourth_stairs_up_ends_the_game_at_once():
    s = play_round_to(table(explore=("stairs_4",)), "lead_explore")
    for card in ("stairs_1", "stairs_2", "stairs_3"):
        s["decks"]["explore"].remove(card)
        s["stairs"].append(card)
    s, ev = act(s, "Red", "explore")
    assert s["phase"] == "over" and s["result"]["reason"] == "stairs" and s["pending"] is None
    assert ev[-1]["type"] == "game_over" and E.is_over(s)
    refused(s, "Red", "pass", "GAME-OVER")
