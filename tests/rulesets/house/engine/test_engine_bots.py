"""The objective bots on staged haunt states: each picks the move its side's
objectives call for (docs/rulesets/haunts.md), from the legal actions only."""
import random

from engine_helpers import E, hand, put, set_trait
from test_engine_haunt_setup_rules import haunted, spec

from rulesets.house.engine import traits as T
from rulesets.house.engine.bot_odds import distances, edge
from rulesets.house.engine.bots import Bots


def choose(state, seat, seed=0):
    acts = E.legal_actions(state, seat)
    a = Bots()(random.Random(seed), state, seat, acts)
    assert a in acts                         # only ever a legal action
    return a


def dest(a):
    return a["args"].get("to") or a["args"]["path"][-1]


def test_a_hero_in_the_ritual_room_performs_the_ritual_R_HAUNT_10():
    """R-HAUNT-10: `ritual` in the objective's room, once per turn."""
    s, _ = haunted(spec(heroes=[{"ritual": {"trait": "knowledge", "target": 3, "room": "foyer", "successes": 3}}]))
    put(s, "Red", "foyer")
    assert choose(s, "Red") == {"action": "ritual", "args": {}}
    s["turn"]["ritual"] = True               # done this turn: it stays in the room
    assert choose(s, "Red")["action"] != "move"


def test_a_hero_heads_for_the_ritual_room_R_HAUNT_10():
    s, _ = haunted(spec(heroes=[{"ritual": {"trait": "knowledge", "target": 3, "room": "grand_staircase",
                                            "successes": 3}}]))
    put(s, "Blue", "upper_landing")          # the traitor out of the way
    a = choose(s, "Red")
    assert a["action"] == "move" and dest(a) == "grand_staircase"


def test_a_hero_holding_the_carry_object_moves_toward_the_target_room_R_HAUNT_10():
    """R-HAUNT-10 `carry`: the object held by a hero standing in the room;
    a win in hand comes before a fight with the traitor beside it."""
    s, _ = haunted(spec(heroes=[{"carry": {"object": "candle", "to": "upper_landing"}}]))
    hand(s, "Red", "candle")
    here = distances(s["adj"], ["upper_landing"])[s["players"]["Red"]["room"]]
    a = choose(s, "Red")
    assert a["action"] == "move"
    assert distances(s["adj"], ["upper_landing"])[dest(a)] < here
    assert dest(a) == "upper_landing"       # Speed 4 reaches it this turn


def test_a_hero_picks_up_the_token_it_must_carry_R_ITEM_3():
    s, _ = haunted(spec(setup=[{"tokens": {"kind": "wick", "count": 1, "at": "revealer"}}], tokens=["wick"],
                        heroes=[{"carry": {"object": "wick", "to": "foyer"}}]))
    assert choose(s, "Red") == {"action": "pick_up", "args": {"cards": ["wick_1"]}}


def test_a_hero_does_not_attack_when_the_dice_are_clearly_against_it_R_FIGHT_4():
    """R-FIGHT-4: both roll Might; a monster of Might 8 against Might 2 is
    nearly a sure loss, one of Might 1 against Might 6 a near-sure win."""
    sp = spec(setup=[{"monsters": {"kind": "ghoul", "count": 1, "at": "revealer"}}],
              heroes=[{"monsters_stunned": {"kind": "ghoul"}}])
    s, _ = haunted(sp)
    put(s, "Blue", "upper_landing")
    ghoul = s["haunt"]["monsters"][0]
    assert ghoul["room"] == s["players"]["Red"]["room"]
    track = T.track(s, "Red", "might")
    ghoul["traits"]["might"] = 8
    set_trait(s, "Red", "might", track.index(min(track)))
    assert edge(T.value(s, "Red", "might"), 8) < -0.8
    assert choose(s, "Red")["action"] != "attack"
    ghoul["traits"]["might"] = 1
    set_trait(s, "Red", "might", len(track) - 1)
    assert edge(T.value(s, "Red", "might"), 1) > 0.8
    assert choose(s, "Red") == {"action": "attack", "args": {"target": "ghoul_1"}}


def test_a_side_the_clock_favours_keeps_away_from_its_foes_R_HAUNT_9():
    """R-HAUNT-9: the heroes win when a rounds clock ends: no even fight,
    and a step away from the traitor standing beside them."""
    s, _ = haunted(spec(heroes=[{"survive": True}], clock={"counts": "rounds", "end": 8, "winner": "heroes"}))
    for seat in ("Red", "Blue"):
        set_trait(s, seat, "might", T.track(s, seat, "might").index(4))
    a = choose(s, "Red")
    assert a["action"] == "move" and dest(a) != "entrance_hall"


def test_the_traitor_steers_its_monsters_toward_the_heroes_R_MONSTER_1():
    """R-MONSTER-1: on the monster turn the traitor moves them; a monster
    in a hero's room attacks (a beaten monster is only stunned)."""
    s, _ = haunted(spec(setup=[{"monsters": {"kind": "ghoul", "count": 1, "at": "revealer"}}]))
    s["haunt"]["monsters"][0]["room"] = "upper_landing"
    s["turn"] = {**s["turn"], "seat": "monsters"}
    s["haunt"]["monsters"][0]["left"] = 1
    a = choose(s, "Blue")
    assert a == {"action": "monster_move", "args": {"monster": "ghoul_1", "to": "grand_staircase"}}
    s["haunt"]["monsters"][0]["room"] = "entrance_hall"
    assert choose(s, "Blue")["action"] == "monster_attack"


def test_a_hidden_traitor_stays_hidden_until_a_strike_pays_R_HAUNT_3():
    """R-HAUNT-3: attacking a hero reveals a hidden traitor, so it strikes
    only with the dice well in its favour, and never sends `reveal` idly."""
    s, _ = haunted(spec(rule="left_of_revealer", hidden=True), revealer="Red")
    traitor = s["haunt"]["traitor"]
    assert s["haunt"]["hidden"] and traitor == "Blue"
    s["turn"]["seat"] = traitor
    for seat in s["players"]:
        set_trait(s, seat, "might", T.track(s, seat, "might").index(T.value(s, "Red", "might")))
    set_trait(s, traitor, "might", T.track(s, traitor, "might").index(T.value(s, "Red", "might")))
    assert choose(s, traitor)["action"] not in ("attack", "reveal")
    set_trait(s, traitor, "might", len(T.track(s, traitor, "might")) - 1)
    for seat in ("Red", "Green"):
        set_trait(s, seat, "might", 0)
    assert choose(s, traitor)["action"] == "attack"


def test_a_hero_never_attacks_a_hidden_traitor_it_cannot_know_R_HAUNT_3():
    """R-HAUNT-3: while the traitor is hidden anyone may attack anyone, but a
    hero bot does not use what its seat cannot know."""
    s, _ = haunted(spec(rule="left_of_revealer", hidden=True), revealer="Red")
    set_trait(s, "Red", "might", len(T.track(s, "Red", "might")) - 1)
    assert any(a["action"] == "attack" for a in E.legal_actions(s, "Red"))
    assert choose(s, "Red")["action"] != "attack"


def test_a_hero_destroys_a_monster_with_the_item_its_haunt_names_R_MONSTER_2():
    """R-MONSTER-2 replaced by `destroy` (by item:axe): of the attacks with
    the odds in its favour, the one that removes the monster for good, not
    the spear's (two more dice, but only a stun)."""
    sp = spec(setup=[{"monsters": {"kind": "ghoul", "count": 1, "at": "revealer"}}],
              rules=[{"destroy": {"kind": "ghoul", "by": "item:axe"}}],
              heroes=[{"monsters_destroyed": {"kind": "ghoul"}}])
    s, _ = haunted(sp)
    put(s, "Blue", "upper_landing")
    s["haunt"]["monsters"][0]["traits"]["might"] = 1
    assert T.value(s, "Red", "might") == 3   # 4 dice with the axe, 5 with the spear, against 1
    hand(s, "Red", "axe")
    hand(s, "Red", "spear")
    assert edge(5, 1) > edge(4, 1) > 0.5
    attacks = [a for a in E.legal_actions(s, "Red") if a["action"] == "attack"]
    assert {"target": "ghoul_1", "weapon": "spear"} in [a["args"] for a in attacks]
    assert choose(s, "Red") == {"action": "attack", "args": {"target": "ghoul_1", "weapon": "axe"}}


def test_a_hero_fetches_the_item_that_alone_destroys_the_monsters_R_MONSTER_2():
    """R-MONSTER-2 with `destroy` by item:axe: the axe lies two rooms away."""
    sp = spec(setup=[{"monsters": {"kind": "ghoul", "count": 1, "at": "revealer"}},
                     {"item": {"card": "axe", "at": "grand_staircase"}}],
              rules=[{"destroy": {"kind": "ghoul", "by": "item:axe"}}],
              heroes=[{"monsters_destroyed": {"kind": "ghoul"}}])
    s, _ = haunted(sp)
    put(s, "Blue", "upper_landing")
    s["haunt"]["monsters"][0]["room"] = "upper_landing"
    a = choose(s, "Red")
    assert a["action"] == "move" and dest(a) == "grand_staircase"


def test_a_hero_that_must_destroy_takes_the_blow_that_destroys_over_a_surer_stun_R_MONSTER_2():
    """R-MONSTER-2 replaced by `destroy` (by trait:sanity): a stunned monster
    cannot be attacked until it recovers, so a hero whose side must destroy
    it takes a fair Sanity attack over a near-sure Might one that only stuns."""
    sp = spec(setup=[{"monsters": {"kind": "ghoul", "count": 1, "at": "revealer"}}],
              rules=[{"attack_with": {"who": "heroes", "trait": "sanity", "target": "monsters"}},
                     {"destroy": {"kind": "ghoul", "by": "trait:sanity"}}],
              heroes=[{"monsters_destroyed": {"kind": "ghoul"}}])
    s, _ = haunted(sp)
    put(s, "Blue", "upper_landing")
    ghoul = s["haunt"]["monsters"][0]
    ghoul["traits"].update(might=1, sanity=T.value(s, "Red", "sanity") - 1)
    set_trait(s, "Red", "might", len(T.track(s, "Red", "might")) - 1)
    assert edge(T.value(s, "Red", "might"), 1) > 0.8 > edge(T.value(s, "Red", "sanity"), ghoul["traits"]["sanity"]) > 0
    attacks = [a["args"] for a in E.legal_actions(s, "Red") if a["action"] == "attack"]
    assert {"target": "ghoul_1"} in attacks
    assert choose(s, "Red") == {"action": "attack", "args": {"target": "ghoul_1", "trait": "sanity"}}


def test_the_traitor_gathers_the_tokens_the_heroes_must_collect_R_HAUNT_10():
    """R-HAUNT-10 `collect`: only the heroes' own tokens count for them, so
    the traitor, with no fight worth taking, heads for the pages first."""
    sp = spec(setup=[{"tokens": {"kind": "page", "count": 2, "at": "grand_staircase"}}], tokens=["page"],
              heroes=[{"collect": {"kind": "page", "count": 2}}])
    s, _ = haunted(sp)
    traitor = s["haunt"]["traitor"]
    assert traitor == "Blue"
    s["turn"]["seat"] = traitor
    set_trait(s, traitor, "might", 0)
    for seat in ("Red", "Green"):
        set_trait(s, seat, "might", len(T.track(s, seat, "might")) - 1)
    a = choose(s, traitor)
    assert a["action"] == "move" and dest(a) == "grand_staircase"
