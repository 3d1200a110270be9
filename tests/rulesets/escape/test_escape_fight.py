"""Phase 2: how it starts and ends, the order of play, and what the players
next to an infected, the rest, and the infected do (E-INFECT, E-ADJ, E-ATK, E-REST)."""
from escape_helpers import (E, Dice, act, fight_table, give, play_round_to, refused, resume, table, top, types)


def _order(events):
    return [e["order"] for e in events if e["type"] == "fight_order"]


def test_E_INFECT_1_the_placer_of_the_third_revelation_draws_the_infected_card():
    s = play_round_to(table(explore=("rev_self",)), "lead_explore")
    for card in ("rev_self2", "rev_front2"):
        s["decks"]["explore"].remove(card)
        s["players"]["Red"]["revelations"].append(card)
    top(s, "infected", "inf_crawler")
    s, ev = act(s, "Red", "explore")
    assert s["phase"] == "fight" and s["players"]["Red"]["status"] == "infected"
    assert s["players"]["Red"]["revelations"] == []
    assert {"rev_self", "rev_self2", "rev_front2"} <= set(s["discards"]["explore"])
    inf = s["infected"]["Red"]
    assert (inf["card"], inf["hit_by"], inf["hits_needed"]) == ("inf_crawler", ["blade"], 1)
    appeared = next(e for e in ev if e["type"] == "infected_appeared")
    assert appeared["drawn_by"] == "Red" and appeared["spot"] == "Red"
    # The round is interrupted: the leader's optional action and the members' turns are gone.
    assert s["round"] is None and s["pending"] == {"seat": "Blue", "kind": "adjacent", "used": False, "refused": []}


def test_E_INFECT_2_phase_1_drawing_rules_no_longer_apply():
    s, _ = fight_table()
    for action in ("search", "explore", "keep", "trade", "equip"):
        refused(s, "Red", action, "E-INFECT-2")
    assert not any(a["action"] in ("search", "explore") for a in E.legal_actions(s, "Red"))


def test_E_INFECT_3_neighbours_front_first_then_the_infected_then_the_rest_and_again():
    s, ev = fight_table(also=[("Blue", "inf_bloated")], explore=())
    # column: infected1, Red, Blue (infected), Green, Yellow. Red is next to two infected: it acts once.
    assert s["column"] == ["infected1", "Red", "Blue", "Green", "Yellow"]
    assert _order(ev) == [["Red", "infected1", "Green", "Blue", "Yellow"]]
    top(s, "explore", "ev_quiet")
    s, _ = act(s, "Red", "hide")                                       # fails: not an advance
    assert s["pending"] == {"seat": "Red", "kind": "token_roll", "infected": "infected1", "target": "Red"}
    s, _ = act(s, "Red", "roll", rng=Dice(1))                          # a miss
    assert s["pending"]["seat"] == "Green" and s["pending"]["kind"] == "adjacent"
    top(s, "explore", "ev_quiet")
    s, _ = act(s, "Green", "hide")
    assert s["pending"] == {"seat": "Blue", "kind": "infect_attack", "infected": "Blue", "targets": ["Red", "Green"]}
    s, _ = act(s, "Blue", "attack", target="Green", rng=Dice(1))
    assert s["pending"] == {"seat": "Yellow", "kind": "rest", "refused": []}
    s, ev = act(s, "Yellow", "pass")
    assert _order(ev) == [["Red", "infected1", "Green", "Blue", "Yellow"]] and s["fight"]["cycle"] == 2


def test_E_INFECT_4_the_last_elimination_ends_phase_2_and_hidden_players_rejoin_at_the_end():
    s, _ = fight_table(card="inf_bloated")
    s["players"]["Blue"]["status"] = "hidden"
    s["hidden"].append("Blue")
    s["column"].remove("Blue")
    give(s, "Red", "molotov")
    s, ev = act(s, "Red", "attack", card="molotov", infected="infected1")
    assert s["phase"] == "explore" and s["column"] == ["Red", "Green", "Yellow", "Blue"]
    assert s["players"]["Blue"]["status"] == "alive" and s["hidden"] == [] and s["out"] == ["inf_bloated"]
    assert {"type": "rejoined", "seats": ["Blue"], "visible_to": None} in ev
    assert s["round"]["leader"] == "Red" and s["pending"]["kind"] == "keep"
    # Phase 2 can start again.
    s = play_round_to(s, "lead_explore")
    for card in ("rev_front2", "rev_end2"):
        (s["decks"]["explore"] if card in s["decks"]["explore"] else s["discards"]["explore"]).remove(card)
        s["spots"]["front"].append(card)
    top(s, "explore", "rev_front")
    s, _ = act(s, "Red", "explore")
    assert s["phase"] == "fight" and s["phase2_n"] == 2 and s["column"][0] == "infected2"


def test_E_INFECT_5_a_player_turned_by_an_attack_draws_an_infected_card_or_takes_the_default():
    s, _ = fight_table(spot="Blue", card="inf_bloated")
    for card in ("rev_front", "rev_end"):
        s["decks"]["explore"].remove(card)
        s["players"]["Green"]["revelations"].append(card)
    s["decks"]["infected"] = []            # none left: the settings' default condition
    for seat in ("Red", "Green"):                   # both fail to hide
        top(s, "explore", "ev_quiet")
        s, _ = act(s, seat, "hide")
    assert s["pending"]["kind"] == "infect_attack"
    s, ev = act(s, "Blue", "attack", target="Green", rng=Dice(6))
    g = s["infected"]["Green"]
    assert s["players"]["Green"]["status"] == "infected" and g["card"] is None
    assert (g["hit_by"], g["hits_needed"]) == (["blade", "blunt", "fire"], 2)
    assert s["players"]["Blue"]["fight_vp"] == 2 + 5                  # E-ATK-4: a hit, then the turning
    assert {"type": "player_turned", "seat": "Green", "infected": "Blue", "visible_to": None} in ev


def test_E_ADJ_1_a_player_next_to_an_infected_may_use_one_item_first():
    s, _ = fight_table()
    give(s, "Red", "food", "toy")
    s["players"]["Red"]["stamina"] = 2
    s, _ = act(s, "Red", "play", card="food")
    assert s["players"]["Red"]["stamina"] == 3
    assert s["pending"] == {"seat": "Red", "kind": "adjacent", "used": True, "refused": []}
    refused(s, "Red", "play", "E-ADJ-1", card="toy")
    assert not any(a["action"] == "play" for a in E.legal_actions(s, "Red"))
    refused(s, "Red", "pass", "E-ADJ-1")                 # then one of attack, flee, hide
    assert {a["action"] for a in E.legal_actions(s, "Red")} == {"flee", "hide"}


def test_E_ADJ_2_an_attack_puts_a_card_meeting_the_condition_on_the_infected():
    s, _ = fight_table(card="inf_runner")                # blades and blunt weapons, two hits
    give(s, "Red", "food", "knife")
    give(s, "Red", "axe", equip=True)
    refused(s, "Red", "attack", "E-ADJ-2", card="food", infected="infected1")
    refused(s, "Red", "attack", "E-ADJ-2", card="knife", infected="Blue")
    refused(s, "Red", "attack", "E-ADJ-2", card="pipe", infected="infected1")
    s, ev = act(s, "Red", "attack", card="knife", infected="infected1")
    assert s["infected"]["infected1"]["hits"] == ["knife"] and s["players"]["Red"]["fight_vp"] == 1
    s = play_round_to(s, "adjacent", "Red")
    s, ev = act(s, "Red", "attack", card="axe")          # from equipment; the one infected next to Red
    assert "infected1" not in s["infected"] and "infected1" not in s["column"]
    assert s["players"]["Red"]["fight_vp"] == 1 + 1 + 3 and s["players"]["Red"]["equipment"] == []
    assert {"knife", "axe"} <= set(s["discards"]["item"]) and s["out"] == ["inf_runner"]
    assert [e["reason"] for e in ev if e["type"] == "vp_scored"] == ["attack", "eliminated"]


def test_E_ADJ_3_flee_is_an_offer_with_promised_cards_the_other_player_accepts_or_refuses():
    s, _ = fight_table()
    give(s, "Red", "ring", "food")
    s, ev = act(s, "Red", "flee", promise=["ring"], **{"with": "Green"})
    assert s["pending"]["seat"] == "Green" and s["pending"]["kind"] == "flee_offer"
    assert E.view(s, "Green")["pending"]["promise"] == ["ring"] and "promise" not in E.view(s, "Blue")["pending"]
    assert {"type": "flee_offered", "from": "Red", "to": "Green", "promised": 1, "visible_to": None} in ev
    refused(s, "Red", "flee", "NOT-YOUR-TURN", **{"with": "Blue"})
    s2, _ = act(s, "Green", "refuse")
    assert s2["pending"] == {"seat": "Red", "kind": "adjacent", "used": False, "refused": ["Green"]}
    refused(s2, "Red", "flee", "E-ADJ-3", **{"with": "Green"})
    refused(s2, "Red", "flee", "E-ADJ-3", promise=["axe"], **{"with": "Blue"})
    s3, ev = act(s, "Green", "accept")
    assert s3["column"] == ["infected1", "Green", "Blue", "Red", "Yellow"]
    assert "ring" in s3["players"]["Green"]["hand"] and s3["players"]["Red"]["hand"] == ["food"]
    assert s3["players"]["Green"]["barred"]              # E-REST-1: it swapped with a player next to an infected
    assert s3["pending"] == {"seat": "Green", "kind": "token_roll", "infected": "infected1", "target": "Green"}


def test_E_ADJ_4_hide_succeeds_on_an_advance_and_the_hidden_are_out_of_the_column():
    s, _ = fight_table()
    top(s, "explore", "ev_quiet")
    failed, ev = act(s, "Red", "hide")
    assert "Red" in failed["column"] and failed["discards"]["explore"][-1] == "ev_quiet"
    assert failed["pending"]["kind"] == "token_roll"                   # a failed hide passes the turn
    top(s, "explore", "stairs_2")
    hid, ev = act(s, "Red", "hide")
    assert hid["column"] == ["infected1", "Blue", "Green", "Yellow"] and hid["hidden"] == ["Red"]
    assert "stairs_2" in hid["decks"]["explore"] and "stairs_2" not in hid["discards"]["explore"]
    assert "deck_shuffled" in types(ev) and hid["stairs"] == []
    assert hid["pending"] == {"seat": "Blue", "kind": "token_roll", "infected": "infected1", "target": "Blue"}
    # The resident draws two cards and needs one advance.
    r, _ = fight_table(chars=("resident", "firefighter", "agent", "reporter"))
    top(r, "explore", "ev_quiet", "adv_corridor")
    r, ev = act(r, "Red", "hide")
    assert r["players"]["Red"]["status"] == "hidden"
    assert [e["card"] for e in ev if e["type"] == "explore_drawn"] == ["ev_quiet", "adv_corridor"]


def test_E_ATK_1_an_infected_player_attacks_one_nearest_non_infected_player_or_nothing():
    s, ev = fight_table(spot="Blue", card="inf_bloated")
    s = play_round_to(s, "infect_attack")
    assert s["pending"]["targets"] == ["Red", "Green"]
    refused(s, "Blue", "attack", "E-ATK-1", target="Yellow")
    # An infected whose neighbours are infected or nobody does nothing.
    t, ev = fight_table(also=[("Red", "inf_bloated")])
    assert t["column"][:2] == ["infected1", "Red"]
    assert {"type": "turn_skipped", "seat": None, "infected": "infected1", "reason": "no_target",
            "visible_to": None} in ev


def test_E_ATK_2_the_die_less_the_targets_defence_must_beat_1():
    s, _ = fight_table()
    give(s, "Red", "vest", equip=True)                   # defence 2
    top(s, "explore", "ev_quiet")
    s, _ = act(s, "Red", "hide")
    miss, ev = act(s, "Red", "roll", rng=Dice(3))
    roll = next(e for e in ev if e["type"] == "dice_rolled")
    assert (roll["total"], roll["defence"], roll["hit"]) == (3, 2, False) and miss["players"]["Red"]["stamina"] == 4
    hit, ev = act(s, "Red", "roll", rng=Dice(4))
    assert next(e for e in ev if e["type"] == "dice_rolled")["hit"] and hit["players"]["Red"]["stamina"] == 3


def test_E_ATK_3_a_hit_costs_stamina_and_a_revelation_from_the_discard_pile_then_the_deck():
    s, _ = fight_table()
    top(s, "explore", "ev_quiet")
    s, _ = act(s, "Red", "hide")
    s["decks"]["explore"].remove("rev_self")
    s["discards"]["explore"].append("rev_self")
    hit, ev = act(s, "Red", "roll", rng=Dice(6))
    assert hit["players"]["Red"]["revelations"] == ["rev_self"] and "rev_self" not in hit["discards"]["explore"]
    s["discards"]["explore"] = [c for c in s["discards"]["explore"] if s["rules"]["explore"][c]["kind"] != "revelation"]
    hit, ev = act(s, "Red", "roll", rng=Dice(6))
    rev = hit["players"]["Red"]["revelations"][0]
    assert hit["rules"]["explore"][rev]["kind"] == "revelation" and rev not in hit["decks"]["explore"]
    assert "deck_shuffled" in types(ev)
    s["players"]["Red"]["revelations"] = ["rev_end", "rev_end2"]
    for c in ("rev_end", "rev_end2"):
        s["decks"]["explore"].remove(c)
    turned, ev = act(s, "Red", "roll", rng=Dice(6))
    assert turned["players"]["Red"]["status"] == "infected" and "Red" in turned["infected"]


def test_E_ATK_4_vp_for_an_infected_players_hits_and_a_kill_at_0_stamina():
    s, _ = fight_table(spot="Blue", card="inf_bloated")
    s["rules"] = {**s["rules"], "settings": {**s["rules"]["settings"], "vp_kill": 2}}
    s = play_round_to(s, "infect_attack")
    s["players"]["Green"]["stamina"] = 1
    s, ev = act(s, "Blue", "attack", target="Green", rng=Dice(2))
    assert s["players"]["Green"]["status"] == "dead" and "Green" not in s["column"]
    assert s["players"]["Green"]["revelations"] == []             # dead before any revelation
    assert s["players"]["Blue"]["fight_vp"] == 2 + 2
    assert [e["reason"] for e in ev if e["type"] == "vp_scored"] == ["hit", "kill"]


def test_E_ATK_5_an_infected_token_attacks_its_neighbour_and_the_leader_rolls():
    s, _ = fight_table(spot="end")
    s = play_round_to(s, "token_roll")
    assert s["pending"] == {"seat": "Red", "kind": "token_roll", "infected": "infected1", "target": "Yellow"}
    refused(s, "Yellow", "roll", "NOT-YOUR-TURN")
    s2, ev = act(s, "Red", "roll", rng=Dice(5))
    assert s2["players"]["Yellow"]["stamina"] == s["players"]["Yellow"]["stamina"] - 1
    # With players on both sides, the one nearer the leader.
    s["column"] = ["Red", "Blue", "infected1", "Green", "Yellow"]
    s["pending"], s["fight"]["i"] = None, len(s["fight"]["order"])
    resume(s)
    s = play_round_to(s, "token_roll")
    assert s["pending"]["target"] == "Blue"


def test_E_ATK_6_an_infected_players_turn_ends_after_its_one_attack():
    s, _ = fight_table(spot="Blue", card="inf_bloated")
    s = play_round_to(s, "infect_attack")
    for face in (1, 6):
        after, _ = act(s, "Blue", "attack", target="Red", rng=Dice(face))
        assert after["pending"]["seat"] == "Yellow" and after["pending"]["kind"] == "rest"


def test_E_REST_1_the_rest_draw_swap_by_agreement_or_recover_and_a_swap_with_a_neighbour_bars():
    s, _ = fight_table()
    s = play_round_to(s, "rest", "Blue")
    refused(s, "Blue", "skill", "E-REST-1")
    top(s, "item", "ring")
    drew, _ = act(s, "Blue", "draw")
    assert drew["players"]["Blue"]["hand"] == ["ring"] and drew["column"] == s["column"]
    s, _ = act(s, "Blue", "swap", **{"with": "Red"})
    assert s["pending"] == {"seat": "Red", "kind": "swap_offer", "from": "Blue", "refused": []}
    s, _ = act(s, "Red", "accept")
    assert s["column"] == ["infected1", "Blue", "Red", "Green", "Yellow"] and s["players"]["Blue"]["barred"]
    s = play_round_to(s, "rest", "Yellow")
    s, ev = act(s, "Yellow", "pass")
    # The next cycle: Blue, now next to the infected, sits out this turn.
    assert {"type": "turn_skipped", "seat": "Blue", "reason": "swapped_with_neighbour", "visible_to": None} in ev
    assert s["pending"] == {"seat": "Blue", "kind": "token_roll", "infected": "infected1", "target": "Blue"}
    give(s, "Green", "food")
    s = play_round_to(s, "rest", "Red")
    s["decks"]["item"] = []
    refused(s, "Red", "draw", "E-DECK-1")
