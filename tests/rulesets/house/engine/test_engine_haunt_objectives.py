"""Every objective kind reached (R-HAUNT-10), the clock counting rounds and
hero damage (R-HAUNT-9), and the haunt's actions `ritual` and `escape`, on
small fixture haunts in the scenario format (docs/rulesets/haunts.md)."""
from engine_helpers import E, Dice, act, hand, put, refused, types
from test_engine_haunt_setup_rules import haunted, spec


def test_monsters_stunned_of_a_kind_wins_R_HAUNT_10():
    """R-HAUNT-10: every monster of the kind stunned at once."""
    s, _ = haunted(spec(setup=[{"monsters": {"kind": "ghoul", "count": 1, "at": "revealer"}}],
                        heroes=[{"monsters_stunned": {"kind": "ghoul"}}]))
    s, ev = act(s, "Red", "attack", Dice(2, 2, 2, 0, 0, 0), target="ghoul_1")
    assert ev[-1] == {"type": "game_over", "winner": "heroes", "reason": "monsters_stunned"}
    assert E.outcome(s)["winners"] == ["Red", "Green"]


def test_monsters_destroyed_wins_once_none_of_the_kind_is_left_R_HAUNT_10():
    """R-HAUNT-10 with a destroy rule (R-MONSTER-2 replaced)."""
    s, _ = haunted(spec(setup=[{"monsters": {"kind": "ghoul", "count": 1, "at": "revealer"}}],
                        rules=[{"destroy": {"kind": "ghoul", "by": "any"}}],
                        heroes=[{"monsters_destroyed": {"kind": "ghoul"}}]))
    s, ev = act(s, "Red", "attack", Dice(2, 2, 2, 0, 0, 0), target="ghoul_1")
    assert types(ev)[-2:] == ["monster_destroyed", "game_over"] and s["winner"] == "heroes"


def test_carry_a_token_kind_to_a_room_wins_R_HAUNT_10():
    """R-HAUNT-10: the side's living figures in the room hold that many."""
    sp = spec(setup=[{"tokens": {"kind": "wick", "count": 2, "at": "foyer"}}], tokens=["wick"],
              heroes=[{"carry": {"object": "wick", "to": "grand_staircase", "count": 2}}])
    s, _ = haunted(sp)
    put(s, "Red", "foyer")
    s, ev = act(s, "Red", "pick_up", cards=["wick_1", "wick_2"])
    assert s["phase"] == "haunt"                                      # not yet in the room
    s, ev = act(s, "Red", "move", to="grand_staircase")
    assert ev[-1] == {"type": "game_over", "winner": "heroes", "reason": "carry"}


def test_carry_a_card_wins_R_HAUNT_10():
    """R-HAUNT-10: a card as the object."""
    s, _ = haunted(spec(heroes=[{"carry": {"object": "candle", "to": "foyer"}}]))
    hand(s, "Red", "candle")
    assert s["phase"] == "haunt"
    s, ev = act(s, "Red", "move", to="foyer")
    assert s["winner"] == "heroes" and ev[-1]["reason"] == "carry"


def test_collect_tokens_wins_for_the_traitor_R_HAUNT_10():
    """R-HAUNT-10: the side holds that many of the kind, anywhere; a traitor
    objective met ends the game for the traitor."""
    s, _ = haunted(spec(setup=[{"tokens": {"kind": "wick", "count": 2, "at": "revealer"}}], tokens=["wick"],
                        traitor=[{"collect": {"kind": "wick", "count": 2}}]))
    s["turn"]["seat"] = "Blue"
    s, _ = act(s, "Blue", "pick_up", cards=["wick_1"])
    assert s["phase"] == "haunt"
    s, ev = act(s, "Blue", "pick_up", cards=["wick_2"])
    assert ev[-1] == {"type": "game_over", "winner": "traitor", "reason": "collect"}
    assert E.outcome(s)["winners"] == ["Blue"]


def test_ritual_counts_successful_rolls_once_a_turn_in_its_room_R_HAUNT_10():
    """R-HAUNT-10: `ritual` is a trait roll in the objective's room, once per
    figure per turn; the successes needed win."""
    sp = spec(heroes=[{"traitor_dead": True}, {"ritual": {"trait": "knowledge", "target": 3, "room": "foyer",
                                                          "successes": 2}}])
    s, _ = haunted(sp)
    assert not any(a["action"] == "ritual" for a in E.legal_actions(s, "Red"))
    refused(s, "Red", "ritual", "R-HAUNT-10")
    put(s, "Red", "foyer")
    assert {"action": "ritual", "args": {}} in E.legal_actions(s, "Red")
    s, ev = act(s, "Red", "ritual", Dice(2, 2, 2))
    assert ev[0]["purpose"] == "ritual" and ev[0]["success"] is True
    assert ev[1] == {"type": "ritual_progress", "side": "heroes", "objective": 1, "successes": 1, "needed": 2}
    refused(s, "Red", "ritual", "R-HAUNT-10", Dice(2, 2, 2))            # once a turn
    s["turn"]["ritual"] = False
    s, ev = act(s, "Red", "ritual", Dice(0, 0, 0))                     # a failure counts nothing
    assert "ritual_progress" not in types(ev) and s["haunt"]["rituals"] == {"heroes:1": 1}
    s["turn"]["ritual"] = False
    s, ev = act(s, "Red", "ritual", Dice(2, 2, 2))
    assert ev[-1] == {"type": "game_over", "winner": "heroes", "reason": "ritual"}


def test_escape_takes_a_hero_out_and_all_of_them_win_R_HAUNT_10():
    """R-HAUNT-10: an escaped hero is out of the turn order, neither dead nor
    playing; when every living hero is out, the heroes win (escaped ones too)."""
    s, _ = haunted(spec(heroes=[{"escape": {"room": "foyer", "count": "all"}}]))
    put(s, "Red", "foyer")
    s, ev = act(s, "Red", "escape")
    assert ev[0] == {"type": "hero_escaped", "seat": "Red", "room": "foyer"}
    assert s["players"]["Red"]["escaped"] is True and s["players"]["Red"]["alive"] is False
    assert "character_died" not in types(ev) and s["turn"]["seat"] != "Red" and s["phase"] == "haunt"
    assert not any(a["args"].get("target") == "Red" for a in E.legal_actions(s, s["turn"]["seat"]))
    put(s, "Green", "foyer")
    s["turn"]["seat"] = "Green"
    refused(s, "Blue", "escape", "NOT-YOUR-TURN")
    s, ev = act(s, "Green", "escape")
    assert ev[-1] == {"type": "game_over", "winner": "heroes", "reason": "escape"}
    assert E.outcome(s)["winners"] == ["Red", "Green"]


def test_only_a_hero_escapes_and_heroes_dead_does_not_count_the_escaped_R_HAUNT_10():
    """R-HAUNT-10: the traitor cannot use the heroes' way out; an escaped
    hero is not dead, so `heroes_dead` waits for the others only."""
    s, _ = haunted(spec(heroes=[{"escape": {"room": "foyer", "count": 2}}]))
    put(s, "Blue", "foyer")
    s["turn"]["seat"] = "Blue"
    refused(s, "Blue", "escape", "R-HAUNT-10")
    s2, _ = haunted(spec(heroes=[{"escape": {"room": "foyer", "count": 2}}]))
    put(s2, "Red", "foyer")
    s2, _ = act(s2, "Red", "escape")
    s2["players"]["Green"]["alive"] = False
    from rulesets.house.engine.objectives import met
    assert not met(s2, "traitor", {"objective": "heroes_dead"})


def test_escape_by_half_asks_half_the_heroes_the_haunt_began_with_R_HAUNT_10():
    """R-HAUNT-10 with `count: half`: half of the heroes, rounded up, so one
    haunt asks as much of a table of three as of six; heroes who died or
    escaped still count toward the table's size, and the traitor never does."""
    from rulesets.house.engine.objectives import met_in
    o = {"objective": "escape", "room": "foyer", "count": "half"}
    for players, need in ((3, 1), (4, 2), (5, 2), (6, 3)):
        seats = ["Red", "Blue", "Green", "Yellow", "White", "Purple"][:players]
        table = {seat: {"alive": True, "room": "foyer"} for seat in seats}
        table["Blue"]["alive"] = False                          # a dead hero: the goal stays the same
        for escaped in range(players):
            h = {"traitor": "Red", "escaped": seats[1:1 + escaped]}
            assert met_in({}, "heroes", o, h, table) is (escaped >= need), (players, escaped)
    s, _ = haunted(spec(heroes=[{"escape": {"room": "foyer", "count": "half"}}]))
    put(s, "Green", "foyer")                                   # three seats, Blue the traitor: one of two heroes
    s["turn"]["seat"] = "Green"
    s, ev = act(s, "Green", "escape")
    assert ev[-1] == {"type": "game_over", "winner": "heroes", "reason": "escape"}


def _end_turns(s, limit=20):
    """Every seat ends its turn (Blue the monster turn) until the game ends."""
    events = []
    for _ in range(limit):
        if s["phase"] == "over":
            break
        seat = s["turn"]["seat"]
        s, ev = act(s, "Blue" if seat == "monsters" else seat, "end_turn")
        events += ev
    return s, events


def test_a_rounds_clock_ends_the_game_for_its_winner_and_house_means_nobody_wins_R_HAUNT_9():
    """R-HAUNT-9: `rounds` advance as the lead's (the traitor's) turn begins;
    a `house` clock leaves every seat a loser."""
    s, _ = haunted(spec(clock={"counts": "rounds", "end": 2, "winner": "house"}))
    s, events = _end_turns(s)
    assert [e["value"] for e in events if e["type"] == "track_advanced"] == [1, 2]
    assert events[-1] == {"type": "game_over", "winner": "house", "reason": "clock"}
    assert E.outcome(s) == {"winners": [], "side": "house", "scores": None}


def test_a_hero_damage_clock_counts_every_step_a_hero_takes_R_HAUNT_9():
    """R-HAUNT-9: `hero_damage` advances by the damage a hero takes, not the traitor's;
    `survive` is the clock's own win."""
    sp = spec(clock={"counts": "hero_damage", "end": 3, "winner": "traitor"},
              traitor=[{"heroes_dead": True}, {"survive": True}])
    s, _ = haunted(sp)
    s, _ = act(s, "Red", "attack", Dice(0, 0, 0, 1, 1, 0), target="Blue")   # Red loses by 2
    assert s["pending"]["seat"] == "Red"
    s, ev = act(s, "Red", "split_damage", split={"might": 2})
    assert [e for e in ev if e["type"] == "track_advanced"] == [{"type": "track_advanced", "value": 2, "end": 3}]
    s["turn"].update(attacked=False, attacks=0)
    s, _ = act(s, "Red", "attack", Dice(1, 0, 0, 0, 0, 0), target="Blue")   # Blue (the traitor) loses by 1
    s, ev = act(s, "Blue", "split_damage", split={"might": s["pending"]["amount"]})
    assert "track_advanced" not in types(ev) and s["haunt"]["track"] == 2
    s["turn"].update(attacked=False, attacks=0)
    s, _ = act(s, "Red", "attack", Dice(0, 0, 0, 1, 0, 0), target="Blue")
    s, ev = act(s, "Red", "split_damage", split={"speed": 1})
    assert ev[-1] == {"type": "game_over", "winner": "traitor", "reason": "clock"}


def test_a_rounds_clock_goes_on_when_its_lead_is_dead_R_HAUNT_9():
    """R-HAUNT-9: the round clock follows the lead's place in the order, so
    a traitor who dies (and whose turns are skipped) cannot stop it."""
    s, _ = haunted(spec(clock={"counts": "rounds", "end": 3, "winner": "heroes"},
                        heroes=[{"survive": True}], traitor=[{"heroes_dead": True}]))
    s["players"]["Blue"]["alive"] = False                    # Blue, the traitor, leads the rounds
    s, events = _end_turns(s)
    assert [e["value"] for e in events if e["type"] == "track_advanced"] == [1, 2, 3]
    assert events[-1] == {"type": "game_over", "winner": "heroes", "reason": "clock"}


def test_a_traitorless_haunt_won_by_the_monsters_is_the_house_s_win_R_HAUNT_10():
    """R-HAUNT-10 with no traitor: the house plays the monsters, so when the
    heroes all die it is the house that wins and no seat does."""
    s, _ = haunted(spec(rule="none", heroes=[{"monsters_stunned": True}],
                        setup=[{"monsters": {"kind": "ghoul", "count": 1, "at": "revealer"}}]))
    for seat in ("Red", "Blue", "Green"):
        s["players"][seat]["alive"] = False          # as the last hero falls to a monster
    from rulesets.house.engine.haunt import check_win
    ev = []
    check_win(s, ev)
    over = [e for e in ev if e["type"] == "game_over"]
    assert over and over[0]["winner"] == "house"
    assert E.outcome(s)["winners"] == [] and E.outcome(s)["side"] == "house"
