"""The seven haunts of haunts_hunts.yaml played on the repository's own
content: for each, scripted games (loaded dice, the engine's own turn order)
that reach every objective of both sides and the clock, ending with the
winner and reason the books print (R-HAUNT-3, R-HAUNT-8, R-HAUNT-9,
R-HAUNT-10, R-AUTH-1).

The table: Red plays Zhao Tieshan (58), Blue Su Xiaoman (10, the fastest),
Green Batu (34); everyone starts in the entrance hall, and the haunt's omen
was drawn in the foyer."""
from engine_helpers import E, Dice, put, refused, types
from house_content import house_table
from hunts_play import TRAITS, begin, end_turns, fight, loaded, over, step
from rulesets.house.engine import haunt as H

# -- Rising Water: no traitor -------------------------------------------------

def test_rising_water_heroes_escape_by_the_ivy_balcony_R_HAUNT_3_R_HAUNT_10():
    """R-HAUNT-3: no traitor; R-HAUNT-8: the balcony is added to the house;
    R-HAUNT-10: when every living hero has climbed out, the heroes win."""
    s, ev = begin("rising_water")
    assert s["haunt"]["traitor"] is None and "ivy_balcony" in s["tiles"]
    assert [e["room"] for e in ev if e["type"] == "tile_placed"] == ["ivy_balcony"]
    assert sorted(m["room"] for m in s["haunt"]["monsters"]) == ["basement_landing"] * 3 + ["entrance_hall"]
    refused(s, "Red", "escape", "R-HAUNT-10")                       # the way out is the balcony
    for seat in ("Red", "Blue", "Green"):
        put(s, seat, "ivy_balcony")
    s, ev = step(s, "Red", "escape")
    assert ev[0] == {"type": "hero_escaped", "seat": "Red", "room": "ivy_balcony"} and s["turn"]["seat"] == "Blue"
    s, ev = step(s, "Blue", "escape")
    s, ev = step(s, "Green", "escape")
    assert over(ev) == {"type": "game_over", "winner": "heroes", "reason": "escape"}
    assert E.outcome(s)["winners"] == ["Red", "Blue", "Green"]


def test_rising_water_drowns_everyone_on_the_basement_landing_R_AUTH_1_R_HAUNT_10():
    """R-AUTH-1 (room_hurts replaces R-SPECIAL): 1 physical damage at the
    end of a turn on the landing; the house wins when every hero is dead."""
    s, _ = begin("rising_water", rooms={"Red": "basement_landing", "Blue": "basement_landing",
                                        "Green": "basement_landing"}, frail=("Red", "Blue", "Green"))
    s, ev = end_turns(s)
    assert [e["seat"] for e in ev if e["type"] == "damage_taken"] == ["Red", "Blue", "Green"]
    assert over(ev) == {"type": "game_over", "winner": "house", "reason": "heroes_dead"}
    assert E.outcome(s)["winners"] == []


def test_rising_water_closes_over_the_roof_after_six_rounds_R_HAUNT_9():
    """R-HAUNT-9: the revealer's turns count the rounds; at 6 everyone loses."""
    s, _ = begin("rising_water", tough=("Red", "Blue", "Green"))
    s, ev = end_turns(s)
    assert [e["value"] for e in ev if e["type"] == "track_advanced"] == list(range(1, 7))
    assert over(ev) == {"type": "game_over", "winner": "house", "reason": "clock"}
    assert E.outcome(s)["winners"] == []


# -- The Ledger of Debts: a hidden traitor --------------------------------------

def ledger(**kw):
    """Blue reveals; Red, the oldest, signed the ledger, told only Red."""
    s, ev = begin("ledger_of_debts", revealer="Blue", **kw)
    began = next(e for e in ev if e["type"] == "haunt_began")
    assert s["haunt"]["traitor"] == "Red" and began["traitor"] is None and began["hidden"] is True
    assert s["order"] == ["Green", "Red", "Blue", "monsters"]
    return s


def test_ledger_pages_collected_by_the_heroes_void_the_debts_R_HAUNT_10():
    """R-HAUNT-10: all five pages held by the heroes win; a page the hidden
    traitor holds does not count for them until the signer falls and drops it."""
    s = ledger(rooms={"Red": "basement_landing", "Green": "foyer", "Blue": "upper_landing"}, frail=("Red",))
    pages = {t: tok["room"] for t, tok in s["haunt"]["tokens"].items()}
    assert pages == {"ledger_page_1": "foyer", "ledger_page_2": "foyer", "ledger_page_3": "upper_landing",
                     "ledger_page_4": "basement_landing", "ledger_page_5": "basement_landing"}
    s, _ = step(s, "Red", "pick_up", cards=["ledger_page_4"])
    s, _ = step(s, "Red", "end_turn")
    s, _ = step(s, "Green", "pick_up", cards=["ledger_page_1", "ledger_page_2"])
    put(s, "Green", "basement_landing")
    s, _ = step(s, "Green", "pick_up", cards=["ledger_page_5"])
    s, _ = step(s, "Green", "end_turn")
    s, _ = step(s, "Red", "end_turn")
    s, _ = step(s, "Blue", "pick_up", cards=["ledger_page_3"])
    assert s["phase"] == "haunt"                                     # 4 with the heroes, 1 with the signer
    put(s, "Blue", "basement_landing")
    s, _ = fight(s, "Blue", "Red", loaded(s, "Blue", "Red"))
    assert not s["players"]["Red"]["alive"] and s["phase"] == "haunt"
    assert s["haunt"]["tokens"]["ledger_page_4"] == {**s["haunt"]["tokens"]["ledger_page_4"],
                                                     "room": "basement_landing", "holder": None}
    s, ev = step(s, "Blue", "pick_up", cards=["ledger_page_4"])
    assert over(ev) == {"type": "game_over", "winner": "heroes", "reason": "collect"}
    assert E.outcome(s)["winners"] == ["Blue", "Green"]


def test_ledger_signer_reveals_by_attacking_and_outlives_the_heroes_R_HAUNT_3_R_HAUNT_10():
    """R-HAUNT-3: attacking a player reveals the signer; R-HAUNT-10: every
    hero dead is the signer's win."""
    s = ledger(frail=("Blue", "Green"))
    s, ev = fight(s, "Red", "Blue", loaded(s, "Red", "Blue"))
    assert ev[0] == {"type": "traitor_revealed", "seat": "Red", "reason": "attack"}
    assert not s["players"]["Blue"]["alive"] and s["phase"] == "haunt"
    s, _ = step(s, "Red", "end_turn")
    s, ev = fight(s, "Green", "Red", loaded(s, "Green", "Red", wins=False))
    assert over(ev) == {"type": "game_over", "winner": "traitor", "reason": "heroes_dead"}
    assert E.outcome(s)["winners"] == ["Red"]


def test_ledger_debts_fall_due_at_twelve_damage_R_HAUNT_9():
    """R-HAUNT-9: every step of damage a hero takes moves the track; at 12
    the signer wins, and is revealed by it."""
    s = ledger(tough=("Blue", "Green"))
    s, _ = step(s, "Red", "reveal")
    s, ev = fight(s, "Red", "Blue", loaded(s, "Red", "Blue"))          # 5 dice of 2s against 0s
    assert s["haunt"]["track"] == 10 and s["phase"] == "haunt"
    s, _ = step(s, "Red", "end_turn")
    s, _ = step(s, "Green", "end_turn")
    s, ev = fight(s, "Red", "Green", loaded(s, "Red", "Green"))
    assert over(ev) == {"type": "game_over", "winner": "traitor", "reason": "clock"}


# -- The Hunt: survive till dawn ------------------------------------------------

def test_the_hunt_heroes_outlast_the_night_R_HAUNT_9():
    """R-HAUNT-9: the huntsman's turns count the rounds; at a table of
    three 2 hounds hunt and at 7 the heroes win (8 at four or five, 9 at
    six: `survive`, the clock's own win)."""
    s, _ = begin("the_hunt", tough=("Blue", "Green"))
    assert s["order"] == ["Blue", "Green", "Red", "monsters"]
    hounds = s["haunt"]["monsters"]
    assert len(hounds) == 2 and {m["room"] for m in hounds} == {"entrance_hall"}
    assert all(m["traits"] == {"might": 5, "speed": 5} for m in hounds)
    s, ev = end_turns(s)
    assert [e["value"] for e in ev if e["type"] == "track_advanced"] == list(range(1, 8))
    assert over(ev) == {"type": "game_over", "winner": "heroes", "reason": "clock"}
    assert E.outcome(s)["winners"] == ["Blue", "Green"]


def test_the_huntsman_attacks_twice_a_turn_and_runs_the_heroes_down_R_FIGHT_2_R_HAUNT_10():
    """R-FIGHT-2 replaced (extra_attack): the traitor attacks twice in one
    turn; every hero dead is the traitor's win."""
    s, _ = begin("the_hunt", frail=("Blue", "Green"))
    s, _ = fight(s, "Red", "Blue", loaded(s, "Red", "Blue"))
    assert not s["players"]["Blue"]["alive"] and s["phase"] == "haunt"
    s, ev = fight(s, "Red", "Green", loaded(s, "Red", "Green"))
    assert over(ev) == {"type": "game_over", "winner": "traitor", "reason": "heroes_dead"}


def test_the_hounds_hunt_on_after_the_huntsman_dies_and_dawn_still_comes_R_HAUNT_8_R_HAUNT_9():
    """R-HAUNT-8: the monsters play on while they can still win for the
    dead traitor; R-HAUNT-9: the rounds follow the huntsman's place in the
    order, so his death does not stop the track; the hounds then win."""
    s, _ = begin("the_hunt", frail=("Red", "Green"))
    for seat in ("Red", "Blue", "Green", "Red", "Red"):          # Red's turn, then the monsters'
        s, _ = step(s, seat, "end_turn")
    assert s["haunt"]["track"] == 1 and s["turn"]["seat"] == "Blue"
    s, _ = fight(s, "Blue", "Red", loaded(s, "Blue", "Red"))
    assert not s["players"]["Red"]["alive"] and s["phase"] == "haunt" and H.monsters_play(s)
    for seat in ("Blue", "Green"):
        s, _ = step(s, seat, "end_turn")
    assert s["turn"]["seat"] == "monsters" and s["haunt"]["track"] == 2       # Red's skipped turn counted
    s["players"]["Blue"]["traits"].update(might=0, speed=0)
    for hound, hero in (("hunting_hound_1", "Blue"), ("hunting_hound_2", "Green")):
        s, ev = step(s, "Red", "monster_attack", loaded(s, hound, hero), monster=hound, target=hero)
    assert over(ev) == {"type": "game_over", "winner": "traitor", "reason": "heroes_dead"}


# -- The Wager: knucklebones ------------------------------------------------------

def wager(**kw):
    """Red reveals; Blue, to Red's left, keeps the bank and plays first
    (R-HAUNT-8 replaced: traitor_first); one knucklebone lies in Blue's room."""
    s, _ = begin("the_wager", **kw)
    assert s["haunt"]["traitor"] == "Blue" and s["order"] == ["Blue", "monsters", "Green", "Red"]
    bones = {t: tok["room"] for t, tok in s["haunt"]["tokens"].items()}
    assert bones == {"knucklebone_1": s["players"]["Blue"]["room"], "knucklebone_2": "foyer",
                     "knucklebone_3": "grand_staircase", "knucklebone_4": "upper_landing",
                     "knucklebone_5": "basement_landing", "knucklebone_6": "basement_landing"}
    return s


def test_the_wager_heroes_win_with_four_knucklebones_R_HAUNT_10():
    s = wager(rooms={"Red": "foyer", "Green": "basement_landing"})
    s, _ = step(s, "Red", "pick_up", cards=["knucklebone_2"])
    s, _ = step(s, "Red", "move", to="grand_staircase")
    s, _ = step(s, "Red", "pick_up", cards=["knucklebone_3"])
    s, _ = step(s, "Red", "end_turn")
    assert s["turn"]["seat"] == "Blue"                              # the bank throws first
    s, _ = step(s, "Blue", "end_turn")
    s, _ = step(s, "Blue", "end_turn")                              # the monsters' turn
    s, _ = step(s, "Green", "pick_up", cards=["knucklebone_5"])
    assert s["phase"] == "haunt"                                    # three are not enough
    s, ev = step(s, "Green", "pick_up", cards=["knucklebone_6"])
    assert over(ev) == {"type": "game_over", "winner": "heroes", "reason": "collect"}


def test_the_wager_heroes_win_when_the_banker_dies_R_HAUNT_10():
    s = wager(frail=("Blue",))
    s, ev = fight(s, "Red", "Blue", loaded(s, "Red", "Blue"))
    assert over(ev) == {"type": "game_over", "winner": "heroes", "reason": "traitor_dead"}


def test_the_wager_banker_wins_with_four_knucklebones_R_HAUNT_10():
    s = wager(rooms={"Blue": "foyer"})
    assert {m["room"] for m in s["haunt"]["monsters"]} == {"foyer"}
    s, _ = step(s, "Red", "end_turn")
    s, _ = step(s, "Blue", "pick_up", cards=["knucklebone_1", "knucklebone_2"])
    s, _ = step(s, "Blue", "move", to="grand_staircase")
    s, _ = step(s, "Blue", "pick_up", cards=["knucklebone_3"])
    assert s["phase"] == "haunt"
    s, _ = step(s, "Blue", "move", to="upper_landing")
    s, ev = step(s, "Blue", "pick_up", cards=["knucklebone_4"])
    assert over(ev) == {"type": "game_over", "winner": "traitor", "reason": "collect"}


def test_the_wager_is_called_at_fifteen_hero_damage_R_HAUNT_9():
    s = wager(tough=("Red", "Blue", "Green"))
    s, _ = fight(s, "Red", "Blue", loaded(s, "Red", "Blue", wins=False))      # 0 against 5 dice of 2s
    assert s["haunt"]["track"] == 10
    for seat in ("Red", "Blue", "Blue"):                                    # the bank, then its croupiers
        s, _ = step(s, seat, "end_turn")
    s, ev = fight(s, "Green", "Blue", loaded(s, "Green", "Blue", wins=False))
    assert over(ev) == {"type": "game_over", "winner": "traitor", "reason": "clock"}


# -- Duel at Dawn: blades of Speed ------------------------------------------------

def duel(**kw):
    """Red reveals; Blue, with the highest Speed (5), is the fencing master."""
    s, ev = begin("duel_at_dawn", **kw)
    assert s["haunt"]["traitor"] == "Blue" and s["order"] == ["Green", "Red", "Blue", "monsters"]
    assert "fencing_salle" in s["tiles"] and "tile_placed" in types(ev)
    assert [m["id"] for m in s["haunt"]["monsters"]] == ["duelling_second_1"]
    return s


def test_duel_heroes_cut_the_master_down_with_speed_R_FIGHT_4_R_HAUNT_10():
    """R-FIGHT-4 replaced (attack_with): a hero attacks the traitor with
    Speed, both rolling it; the seconds are still attacked with Might only."""
    s = duel()
    refused(s, "Red", "attack", "R-FIGHT-4", target="duelling_second_1", trait="speed")
    assert {"action": "attack", "args": {"target": "Blue", "trait": "speed"}} in E.legal_actions(s, "Red")
    s["players"]["Blue"]["traits"].update(might=0, speed=0)
    s, ev = fight(s, "Red", "Blue", loaded(s, "Red", "Blue", "speed"), trait="speed")
    assert {e["trait"] for e in ev if e["type"] == "dice_rolled"} == {"speed"}
    assert over(ev) == {"type": "game_over", "winner": "heroes", "reason": "traitor_dead"}


def test_duel_master_lunges_with_speed_and_sees_the_dawn_R_FIGHT_4_R_HAUNT_9():
    """R-FIGHT-4 replaced for the traitor too; R-HAUNT-9: surviving the
    traitor's rounds to dawn (14 at a table of three) is the traitor's win."""
    s = duel()
    for seat in ("Red", "Green"):                                       # after the master is chosen
        s["players"][seat]["traits"] = {t: 7 for t in TRAITS}
    for seat in ("Red", "Green", "Red"):
        s, _ = step(s, seat, "end_turn")
    assert s["turn"]["seat"] == "Blue" and s["haunt"]["track"] == 1
    s, ev = fight(s, "Blue", "Red", loaded(s, "Blue", "Red", "speed"), trait="speed")
    assert [e["seat"] for e in ev if e["type"] == "damage_taken"] == ["Red"]
    assert next(e for e in ev if e["type"] == "attack")["trait"] == "speed"
    s, ev = end_turns(s)
    assert over(ev) == {"type": "game_over", "winner": "traitor", "reason": "clock"}
    assert s["haunt"]["track"] == 14 and E.outcome(s)["winners"] == ["Blue"]


# -- Nine Lives: a hidden master and cats that die only of Sanity -------------------

def cats(**kw):
    """Red reveals; Blue, the youngest, is the cats' master, told only Blue;
    a table of three gets 2 cats in each place (3 at four or five, 4 at six)."""
    s, ev = begin("nine_lives", **kw)
    assert s["haunt"]["traitor"] == "Blue" and s["haunt"]["hidden"]
    assert next(e for e in ev if e["type"] == "haunt_began")["traitor"] is None
    assert sorted(m["room"] for m in s["haunt"]["monsters"]) == ["basement_landing"] * 2 + ["foyer"] * 2
    assert all(m["traits"] == {"might": 3, "speed": 4, "sanity": 3} for m in s["haunt"]["monsters"])
    return s


def test_nine_lives_heroes_destroy_every_cat_with_sanity_R_MONSTER_2_R_HAUNT_10():
    """R-MONSTER-2 replaced (destroy): a cat beaten with Might is only
    stunned, one beaten with Sanity is gone; none left is the heroes' win."""
    s = cats(tough=("Red", "Blue", "Green"), rooms={"Red": "foyer"})
    s, ev = fight(s, "Red", "black_cat_1", loaded(s, "Red", "black_cat_1"))
    assert ev[-1] == {"type": "monster_stunned", "monster": "black_cat_1"}
    events = []
    for n in range(60):
        seat = s["turn"]["seat"]
        if seat in ("Red", "Green"):
            cat = next((m for m in s["haunt"]["monsters"] if not m["stunned"]), None)
            if cat and not s["turn"]["attacked"]:
                put(s, seat, cat["room"])
                s, ev = fight(s, seat, cat["id"], loaded(s, seat, cat["id"], "sanity"), trait="sanity")
                events += ev
                assert ev[-1]["type"] in ("monster_destroyed", "game_over")
        if s["phase"] == "over":
            break
        s, ev = step(s, seat, "end_turn", Dice(seed=n))
        events += ev
    assert over(events) == {"type": "game_over", "winner": "heroes", "reason": "monsters_destroyed"}
    assert len(s["haunt"]["destroyed"]) == 4 and "traitor_revealed" not in types(events)


def test_nine_lives_master_reveals_and_the_heroes_fall_R_HAUNT_3_R_HAUNT_10():
    s = cats(frail=("Red", "Green"))
    s, _ = step(s, "Red", "end_turn")
    s, ev = fight(s, "Blue", "Red", loaded(s, "Blue", "Red"))
    assert ev[0] == {"type": "traitor_revealed", "seat": "Blue", "reason": "attack"}
    s, _ = step(s, "Blue", "end_turn")
    s, ev = fight(s, "Green", "Blue", loaded(s, "Green", "Blue", wins=False))
    assert over(ev) == {"type": "game_over", "winner": "traitor", "reason": "heroes_dead"}
    assert E.outcome(s)["winners"] == ["Blue"]


def test_nine_lives_a_cat_left_at_the_tenth_round_wins_for_the_master_R_HAUNT_9():
    """R-HAUNT-9: while hidden the revealer's turns count the rounds; the
    clock's win reveals the master."""
    s = cats(tough=("Red", "Blue", "Green"))
    s, ev = end_turns(s)
    assert [e["value"] for e in ev if e["type"] == "track_advanced"] == list(range(1, 11))
    assert types(ev)[-2:] == ["traitor_revealed", "game_over"]
    assert over(ev) == {"type": "game_over", "winner": "traitor", "reason": "clock"}


# -- The Undercroft: out through the front door --------------------------------------

def undercroft(**kw):
    s, _ = begin("the_undercroft", **kw)
    assert s["haunt"]["traitor"] == "Red" and s["order"] == ["Blue", "Green", "Red", "monsters"]
    assert [m["room"] for m in s["haunt"]["monsters"]][:3] == ["entrance_hall"] * 3
    assert len(s["haunt"]["monsters"]) == 5
    assert all(m["traits"] == {"might": 6, "speed": 3} for m in s["haunt"]["monsters"])
    return s


def test_undercroft_half_the_heroes_leave_by_the_front_door_R_HAUNT_10():
    """Half of the heroes, rounded up: at this table of three (two heroes)
    the first one out of the front door wins it for both."""
    s = undercroft(rooms={"Red": "basement_landing", "Blue": "foyer"})
    assert s["players"]["Red"]["traits"]["speed"] == 4                 # the traitor's step up
    cold = house_table()["players"]["Blue"]["traits"]["speed"] - 1        # the heroes' step down
    assert s["players"]["Blue"]["traits"]["speed"] == cold
    s, _ = step(s, "Red", "end_turn")
    refused(s, "Blue", "escape", "R-HAUNT-10")                         # not from the foyer
    s, _ = step(s, "Blue", "move", to="entrance_hall")
    s, ev = step(s, "Blue", "escape")
    assert ev[0] == {"type": "hero_escaped", "seat": "Blue", "room": "entrance_hall"}
    assert over(ev) == {"type": "game_over", "winner": "heroes", "reason": "escape"}
    assert E.outcome(s)["winners"] == ["Blue", "Green"]


def test_undercroft_heroes_win_when_the_traitor_dies_R_HAUNT_10():
    s = undercroft(frail=("Red",))
    s, _ = step(s, "Red", "end_turn")
    s, ev = fight(s, "Blue", "Red", loaded(s, "Blue", "Red"))
    assert over(ev) == {"type": "game_over", "winner": "heroes", "reason": "traitor_dead"}


def test_undercroft_crawlers_drag_the_heroes_down_R_MONSTER_1_R_HAUNT_10():
    """R-MONSTER-1: on the monster turn the traitor attacks with the
    crawlers in the entrance hall; every hero dead is the traitor's win."""
    s = undercroft(rooms={"Red": "foyer"})
    for seat in ("Blue", "Green"):                  # frail after the cold's step, which would kill them
        s["players"][seat]["traits"].update(might=0, speed=0)
    for seat in ("Red", "Blue", "Green", "Red"):
        s, _ = step(s, seat, "end_turn")
    assert s["turn"]["seat"] == "monsters"
    for crawler, hero in (("pale_crawler_1", "Blue"), ("pale_crawler_2", "Green")):
        s, ev = step(s, "Red", "monster_attack", loaded(s, crawler, hero), monster=crawler, target=hero)
    assert over(ev) == {"type": "game_over", "winner": "traitor", "reason": "heroes_dead"}


def test_undercroft_trapdoor_closes_after_ten_rounds_R_HAUNT_9():
    s = undercroft(rooms={"Red": "basement_landing", "Blue": "upper_landing", "Green": "upper_landing"},
                   tough=("Blue", "Green"))
    s, ev = end_turns(s)
    assert [e["value"] for e in ev if e["type"] == "track_advanced"] == list(range(1, 11))
    assert over(ev) == {"type": "game_over", "winner": "traitor", "reason": "clock"}
