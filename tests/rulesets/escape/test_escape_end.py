"""The end and the score (E-END)."""
from escape_helpers import E, Dice, act, fight_table, give, play_round_to, table, top
from rulesets.escape.engine import fight


def test_E_END_1_nobody_left_but_the_infected_ends_the_game_and_scores_each_status():
    """Infected: fight VP only; hidden: 0; dead: hand + equipment + fight.
    E-END-4: the highest wins, dead or not."""
    s, _ = fight_table()
    give(s, "Yellow", "ring")                                   # 3 VP, but hidden
    s["players"]["Yellow"]["status"] = "hidden"
    s["hidden"].append("Yellow")
    s["column"].remove("Yellow")
    give(s, "Blue", "watch")                                    # 2 VP, dead
    give(s, "Blue", "cash", equip=True)                         # 1 VP as equipment
    s["players"]["Blue"].update(status="dead", fight_vp=1)
    s["column"].remove("Blue")
    give(s, "Green", "coin0")
    fight.new_infected(s, "Green", "Green", [])
    s["players"]["Green"]["fight_vp"] = 2
    s["players"]["Red"]["stamina"] = 1
    give(s, "Red", "coin1")
    top(s, "explore", "ev_quiet")
    s, _ = act(s, "Red", "hide")
    s, ev = act(s, "Red", "roll", rng=Dice(6))                 # the token kills the last player
    assert s["phase"] == "over" and s["result"]["reason"] == "no_one_left"
    assert s["result"]["scores"] == {"Red": 1, "Blue": 2 + 1 + 1, "Green": 2, "Yellow": 0}
    assert s["result"]["winners"] == ["Blue"]
    assert E.outcome(s) == {"winners": ["Blue"], "side": None, "scores": s["result"]["scores"]}
    assert ev[-1]["type"] == "game_over"


def test_E_END_1_when_everyone_left_in_the_column_turns_the_hidden_lose():
    s, _ = fight_table(spot="Blue", card="inf_bloated")
    for seat in ("Green", "Yellow"):
        s["players"][seat]["status"] = "hidden"
        s["hidden"].append(seat)
        s["column"].remove(seat)
    s["players"]["Red"]["revelations"] = [s["decks"]["explore"].pop(s["decks"]["explore"].index(c))
                                          for c in ("rev_self", "rev_self2")]
    top(s, "explore", "ev_quiet")
    s, _ = act(s, "Red", "hide")
    s, _ = act(s, "Blue", "attack", target="Red", rng=Dice(6))
    assert s["phase"] == "over" and s["players"]["Red"]["status"] == "infected"
    assert s["result"]["scores"]["Green"] == s["result"]["scores"]["Yellow"] == 0
    assert s["result"]["scores"]["Blue"] == 7


def test_E_END_3_the_stairs_score_living_players_in_full_and_the_dead_by_fights_only():
    s = play_round_to(table(chars=("reporter", "officer", "agent"), explore=("stairs_4",)), "lead_explore")
    for card in ("stairs_1", "stairs_2", "stairs_3"):
        s["decks"]["explore"].remove(card)
        s["stairs"].append(card)
    for seat in ("Red", "Blue", "Green"):
        s["discards"]["item"] += s["players"][seat]["hand"]
        s["players"][seat]["hand"] = []
    give(s, "Red", "ring")
    give(s, "Red", "helmet", equip=True)
    s["players"]["Red"]["fight_vp"] = 1
    s["eliminated_n"] = 2                                    # the reporter: 2 VP for each
    give(s, "Blue", "watch")
    s["players"]["Blue"].update(status="dead", fight_vp=2)
    s["column"].remove("Blue")
    give(s, "Green", "cash")
    s["players"]["Green"].update(fight_vp=3)
    s, _ = act(s, "Red", "explore")
    detail = s["result"]["detail"]
    assert detail["Red"] == {"hand": 3, "equipment": 0, "fight": 1, "special": 4, "total": 8, "status": "alive"}
    assert detail["Blue"]["total"] == 2 and detail["Blue"]["hand"] == 0         # dead: fight VP only
    assert detail["Green"]["total"] == 1 + 3 and detail["Green"]["special"] == 0  # not the reporter


def test_E_END_4_the_highest_score_wins_and_a_tie_shares_the_win():
    s = play_round_to(table(explore=("stairs_4",)), "lead_explore")
    for card in ("stairs_1", "stairs_2", "stairs_3"):
        s["decks"]["explore"].remove(card)
        s["stairs"].append(card)
    for seat in ("Red", "Blue", "Green"):
        s["discards"]["item"] += s["players"][seat]["hand"]
        s["players"][seat]["hand"] = []
    give(s, "Red", "ring")
    give(s, "Blue", "watch", "cash")
    s, _ = act(s, "Red", "explore")
    assert s["result"]["scores"] == {"Red": 3, "Blue": 3, "Green": 0}
    assert E.outcome(s)["winners"] == ["Blue", "Red"]
