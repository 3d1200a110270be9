"""The Puppeteer, the Mirror Twin (a hidden traitor) and the Last Will,
played on the repository's own content to every objective of each side
and to their clocks (R-HAUNT-9, R-HAUNT-10), with the special rules their
books print (R-AUTH-1). The table is the one of test_haunts_rites_played:
Red (Zhao Tieshan, the oldest) reveals during its turn, Blue is Su
Xiaoman (the youngest, the highest Sanity), Green is Batu."""
from engine_helpers import E, Dice, act, put, refused, types
from haunt_play import HIGH, absorb, begun, clock_ends, ends, frail, game_over, wins


# -- The Puppeteer -----------------------------------------------------------

def test_puppeteer_shears_cut_every_marionette_and_the_heroes_win_R_MONSTER_2_R_HAUNT_10():
    """R-MONSTER-2 replaced twice: a marionette beaten bare-handed is only
    stunned and still moves while it recovers (stunned_move), though it
    cannot attack; beaten with the hedge shears it is destroyed. Every one
    destroyed wins (R-HAUNT-10; 2 at a table of three)."""
    s, _ = begun("the_puppeteer")
    assert s["haunt"]["traitor"] == "Blue" and s["order"] == ["Green", "Red", "Blue", "monsters"]
    assert s["floor_items"]["entrance_hall"] == ["hedge_shears"] and "puppet_workshop" in s["tiles"]
    s, _ = act(s, "Red", "pick_up", cards=["hedge_shears"])
    s = ends(s, "Red")
    s, ev = act(s, "Green", "attack", wins(s, "Green"), target="marionette_2")
    assert "monster_stunned" in types(ev) and "monster_destroyed" not in types(ev)
    s = ends(s, "Green")
    s, ev = act(s, "Red", "attack", wins(s, "Red", 1), target="marionette_1", weapon="hedge_shears")
    assert "monster_destroyed" in types(ev)
    s = ends(s, "Red", "Blue")
    assert s["turn"]["seat"] == "monsters"
    s, ev = act(s, "Blue", "monster_move", Dice(*HIGH), monster="marionette_2", to="foyer")
    assert s["haunt"]["monsters"][0]["room"] == "foyer"                   # recovering, yet it moved
    put(s, "Green", "foyer")
    refused(s, "Blue", "monster_attack", "R-MONSTER-2", monster="marionette_2", target="Green")
    assert s["phase"] == "haunt" and len(s["haunt"]["monsters"]) == 1   # one is left
    s = ends(s, "Blue", "Green")
    s, _ = act(s, "Red", "move", to="foyer")
    s, ev = act(s, "Red", "attack", wins(s, "Red", 1), target="marionette_2", weapon="hedge_shears")
    game_over(ev, "heroes", "monsters_destroyed")


def test_puppeteer_heroes_win_when_the_traitor_dies_R_HAUNT_10():
    s, _ = begun("the_puppeteer")
    frail(s, "Blue")
    s, _ = act(s, "Red", "attack", wins(s, "Red"), target="Blue")
    s, ev = absorb(s)
    game_over(ev, "heroes", "traitor_dead")


def test_puppeteer_traitor_wins_when_every_hero_is_dead_R_HAUNT_10():
    s, _ = begun("the_puppeteer")
    frail(s, "Red", "Green")
    s = ends(s, "Red", "Green", "Red")
    s, _ = act(s, "Blue", "attack", wins(s, "Blue"), target="Red")
    s, _ = absorb(s)
    s = ends(s, "Blue")
    s, _ = act(s, "Blue", "monster_attack", wins(s, 4), monster="marionette_1", target="Green")
    s, ev = absorb(s)
    game_over(ev, "traitor", "heroes_dead")


def test_puppeteer_clock_ends_the_show_for_the_traitor_R_HAUNT_9():
    clock_ends("the_puppeteer", "traitor")


# -- The Mirror Twin (hidden traitor) ----------------------------------------

def test_mirror_twin_three_rolls_at_the_glass_win_for_the_traitor_R_HAUNT_10_R_HAUNT_3():
    """R-HAUNT-10 (ritual, the traitor's): Sanity rolls of 5+ in the Hall of
    Mirrors the haunt added. Only the reflection may roll at the glass, so
    its first roll reveals it (R-HAUNT-3); revealed, it may ignore the
    hall's mental damage at the end of a turn (R-HAUNT-6). A hero cannot
    roll at the glass."""
    s, ev = begun("the_mirror_twin")
    began = next(e for e in ev if e["type"] == "haunt_began")
    assert began["traitor"] is None and s["haunt"]["traitor"] == "Blue" and "hall_of_mirrors" in s["tiles"]
    assert [m["room"] for m in s["haunt"]["monsters"]] == ["hall_of_mirrors"] * 2
    put(s, "Blue", "hall_of_mirrors")
    s = ends(s, "Red")
    for n in (1, 2):
        s, ev = act(s, "Blue", "ritual", Dice(*HIGH))
        assert ev[-1] == {"type": "ritual_progress", "side": "traitor", "objective": 0, "successes": n,
                          "needed": 3}
        assert (ev[0] == {"type": "traitor_revealed", "seat": "Blue", "reason": "ritual"}) == (n == 1)
        assert not s["haunt"]["hidden"]
        s = ends(s, "Blue")
        assert s["pending"]["purpose"] == "traitor_ignore"
        s, ev = act(s, "Blue", "choose", option="ignore")
        assert ev[0] == {"type": "effect_ignored", "seat": "Blue", "source": "hall_of_mirrors"}
        put(s, "Green", "hall_of_mirrors")
        refused(s, "Green", "ritual", "R-HAUNT-10")
        put(s, "Green", "entrance_hall")
        s = ends(s, "Green", "Red")
        assert s["turn"]["seat"] == "monsters" and E.to_act(s) == ["Blue"]       # revealed: its shades now
        s = ends(s, "Blue")
    s, ev = act(s, "Blue", "ritual", Dice(*HIGH))
    assert "traitor_revealed" not in types(ev)
    game_over(ev, "traitor", "ritual")


def test_mirror_twin_shades_strike_the_hidden_reflection_too_and_obey_it_once_revealed_R_HAUNT_8():
    """R-HAUNT-8 with a hidden traitor: the engine moves the monsters, and
    they take the reflection for a hero; after `reveal` the monster turn
    waits for the traitor (R-HAUNT-3)."""
    s, _ = begun("the_mirror_twin")
    put(s, "Blue", "hall_of_mirrors")
    s = ends(s, "Red", "Blue")
    assert s["pending"]["kind"] == "damage"         # hidden, it takes the hall's harm like a hero (R-HAUNT-6)
    s, _ = absorb(s, "sanity")
    s = ends(s, "Green")
    s, ev = act(s, "Red", "end_turn", Dice(2, 2, 2, 2, 2, 2, 0, 0, 0))   # speed, a shade's blow, Blue's
    blow = next(e for e in ev if e["type"] == "attack")
    assert blow["defender"] == "Blue" and blow["attacker"].startswith("glass_shade")
    s, ev = act(s, "Blue", "split_damage", Dice(*[0] * 20), split={"might": 3, "speed": 3})
    assert s["players"]["Blue"]["alive"] and s["turn"]["seat"] == "Blue"
    s, ev = act(s, "Blue", "reveal")
    assert ev == [{"type": "traitor_revealed", "seat": "Blue", "reason": "reveal"}]
    put(s, "Blue", "entrance_hall")
    s = ends(s, "Blue", "Green", "Red")
    assert s["turn"]["seat"] == "monsters" and E.to_act(s) == ["Blue"]


def test_mirror_twin_heroes_win_when_the_reflection_dies_unrevealed_R_HAUNT_10():
    """R-HAUNT-10: anyone may attack anyone while the traitor is hidden;
    Green strikes the right one."""
    s, _ = begun("the_mirror_twin")
    frail(s, "Blue")
    s = ends(s, "Red", "Blue")
    s, ev = act(s, "Green", "attack", wins(s, "Green"), target="Blue")
    assert "traitor_revealed" not in types(ev)
    s, ev = absorb(s)
    game_over(ev, "heroes", "traitor_dead")


def test_mirror_twin_clock_gives_the_heroes_the_twelfth_round_R_HAUNT_9():
    """R-HAUNT-9: while hidden, the revealer's turns move the clock."""
    clock_ends("the_mirror_twin", "heroes")


# -- The Last Will -----------------------------------------------------------

def test_last_will_carried_to_the_boiler_room_wins_for_the_heroes_R_HAUNT_10():
    """R-HAUNT-10 (carry a token): the will lies on the upper landing; the
    Boiler Room and the Cellar Steps were added by the haunt."""
    s, _ = begun("last_will")
    assert s["haunt"]["traitor"] == "Red"
    assert s["haunt"]["tokens"] == {"will_1": {"kind": "will", "room": "upper_landing", "holder": None}}
    s = ends(s, "Red")
    put(s, "Blue", "upper_landing")
    s, _ = act(s, "Blue", "pick_up", cards=["will_1"])
    for room in ("grand_staircase", "foyer", "cellar_stairs"):
        s, ev = act(s, "Blue", "move", to=room)
    assert s["phase"] == "haunt"
    s, ev = act(s, "Blue", "move", to="boiler_room")
    game_over(ev, "heroes", "carry")


def test_last_will_heroes_win_when_the_traitor_dies_R_HAUNT_10():
    s, _ = begun("last_will")
    frail(s, "Red")
    s = ends(s, "Red")
    s, _ = act(s, "Blue", "attack", wins(s, "Blue"), target="Red")
    s, ev = absorb(s)
    game_over(ev, "heroes", "traitor_dead")


def test_last_will_traitor_wins_when_every_hero_is_dead_R_HAUNT_10():
    s, _ = begun("last_will")
    frail(s, "Blue", "Green")
    s, _ = act(s, "Red", "attack", wins(s, "Red"), target="Blue")
    s, _ = absorb(s)
    s = ends(s, "Red", "Green", "Red")
    s, _ = act(s, "Red", "monster_attack", wins(s, 5), monster="hired_mourner_1", target="Green")
    s, ev = absorb(s)
    game_over(ev, "traitor", "heroes_dead")


def test_last_will_hero_damage_clock_runs_out_for_the_traitor_R_HAUNT_9():
    """R-HAUNT-9: 12 steps of hero damage end it, a hero dead or not."""
    s, _ = begun("last_will")
    s, _ = act(s, "Red", "attack", Dice(2, 2, 2, 0, 0, 0, 0, 0), target="Blue")          # 6 to Blue
    s, _ = act(s, "Blue", "split_damage", split={"might": 3, "speed": 3})
    s = ends(s, "Red", "Blue", "Green")
    s, _ = act(s, "Red", "attack", Dice(2, 2, 0, 0, 0, 0), target="Blue")                # 4: Blue dies
    s, ev = absorb(s)
    assert "character_died" in types(ev) and s["haunt"]["track"] == 10 and s["phase"] == "haunt"
    s = ends(s, "Red")
    s, _ = act(s, "Red", "monster_attack", Dice(2, 0, 0, 0, 0, *[0] * 8), monster="hired_mourner_1",
               target="Green")                                                           # 2 to Green
    s, ev = act(s, "Green", "split_damage", split={"might": 1, "speed": 1})
    assert s["haunt"]["track"] == 12 and s["players"]["Green"]["alive"]
    game_over(ev, "traitor", "clock")
