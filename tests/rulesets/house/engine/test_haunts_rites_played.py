"""The haunts of rites, errands and rescues, and the Last Will, played on the
repository's own content: for each haunt every objective of each side and
its clock reached at the table (R-HAUNT-9, R-HAUNT-10), with the special
rules their books print (R-AUTH-1).

Red plays Zhao Tieshan (the oldest, the highest Might), Blue Su Xiaoman
(the youngest, the highest Sanity), Green Batu; the haunt-starting omen was
drawn in the Foyer, and the haunt begins during Red's turn. Figures are put
where a scene needs them; everything that wins is done by actions and
loaded dice."""
from engine_helpers import E, Dice, act, put, refused, set_trait, start_haunt, types
from house_content import house_table

HIGH, LOW = [2] * 8, [0] * 8


def _start(haunt_id, revealer="Red"):
    s = house_table()
    ev = start_haunt(s, s["rules"]["haunts"][haunt_id], revealer=revealer)
    return s, ev


def _frail(s, *seats):
    """A step of physical damage from death (R-FIGHT-8)."""
    for seat in seats:
        set_trait(s, seat, "might", 0)
        set_trait(s, seat, "speed", 0)


def _absorb(s, trait="might"):
    """The damaged figure takes it all on one trait."""
    pd = s["pending"]
    assert pd["kind"] == "damage", pd
    return act(s, pd["seat"], "split_damage", split={trait: pd["amount"]})


def _run_out(s, limit=120):
    """Every seat ends its turn (the traitor ends the monster turn) with
    dice that never hurt anyone, until the game ends."""
    events = []
    for _ in range(limit):
        if s["phase"] == "over":
            break
        seat = s["turn"]["seat"]
        s, ev = act(s, s["haunt"]["traitor"] if seat == "monsters" else seat, "end_turn", Dice(*[0] * 60))
        events += ev
    return s, events


def _clock_ends(haunt_id, winner, revealer="Red"):
    """R-HAUNT-9: the round clock moves once a round, as the lead's turn
    begins, and at its end its winner wins."""
    s, _ = _start(haunt_id, revealer)
    end = s["rules"]["haunts"][haunt_id]["clock"]["end"]
    s, ev = _run_out(s)
    assert [e["value"] for e in ev if e["type"] == "track_advanced"] == list(range(1, end + 1))
    assert ev[-1] == {"type": "game_over", "winner": winner, "reason": "clock"}
    return s


def _over(ev, winner, reason):
    assert ev[-1] == {"type": "game_over", "winner": winner, "reason": reason}


# -- The Salt Circle ---------------------------------------------------------

def test_salt_circle_heroes_close_the_circle_with_three_rituals_R_HAUNT_10():
    """R-HAUNT-10: Knowledge rolls of 5+ in the Hidden Altar, once a turn
    each; the third success wins. A failure counts nothing."""
    s, _ = _start("salt_circle")
    assert s["haunt"]["traitor"] == "Red" and "hidden_altar" in s["adj"]["basement_landing"]
    for seat in ("Blue", "Green"):
        put(s, seat, "hidden_altar")
    s, _ = act(s, "Red", "end_turn")
    s, ev = act(s, "Blue", "ritual", Dice(*HIGH))
    assert ev[-1]["type"] == "ritual_progress" and ev[-1]["successes"] == 1
    s, _ = act(s, "Blue", "end_turn")
    s, ev = act(s, "Green", "ritual", Dice(2, 0, 0))                   # 2: short of 5
    assert "ritual_progress" not in types(ev)
    s, _ = act(s, "Green", "end_turn")
    s, _ = act(s, "Red", "end_turn")
    s, _ = act(s, "Red", "end_turn")                                     # the monster turn
    s, ev = act(s, "Blue", "ritual", Dice(*HIGH))
    s, _ = act(s, "Blue", "end_turn")
    s, ev = act(s, "Green", "ritual", Dice(*HIGH))
    _over(ev, "heroes", "ritual")


def test_salt_circle_the_altar_burns_the_traitor_only_R_AUTH_1():
    """R-AUTH-1 (room_hurts): 1 mental damage to the traitor ending a turn at
    the altar; a hero ending one there takes none."""
    s, _ = _start("salt_circle")
    put(s, "Red", "hidden_altar")
    s, ev = act(s, "Red", "end_turn")
    assert s["pending"]["seat"] == "Red" and s["pending"]["damage_kind"] == "mental" \
        and s["pending"]["amount"] == 1
    s, _ = _absorb(s, "sanity")
    put(s, "Blue", "hidden_altar")
    s, ev = act(s, "Blue", "end_turn")
    assert s["pending"] is None and s["turn"]["seat"] == "Green"


def test_salt_circle_traitor_wins_when_every_hero_is_dead_R_HAUNT_10():
    """R-HAUNT-10: the traitor kills one hero, an Ash Wraith the other."""
    s, _ = _start("salt_circle")
    _frail(s, "Blue", "Green")
    s, _ = act(s, "Red", "attack", Dice(*HIGH, *LOW), target="Blue")
    s, ev = _absorb(s)
    assert "character_died" in types(ev) and s["phase"] == "haunt"
    s, _ = act(s, "Red", "end_turn")
    s, _ = act(s, "Green", "end_turn")
    s, _ = act(s, "Red", "end_turn")
    s, ev = act(s, "Red", "monster_attack", Dice(*HIGH, *LOW), monster="ash_wraith_1", target="Green")
    s, ev = _absorb(s)
    _over(ev, "traitor", "heroes_dead")


def test_salt_circle_clock_gives_the_traitor_the_tenth_round_R_HAUNT_9():
    _clock_ends("salt_circle", "traitor")


# -- A Harpoon for the Deep --------------------------------------------------

def test_harpoon_destroys_both_deep_spawn_and_the_heroes_win_R_MONSTER_2_R_HAUNT_10():
    """R-MONSTER-2 replaced (destroy by the harpoon), R-HAUNT-10: the harpoon
    waits on the upper landing; a win with it destroys a Deep Spawn, a win
    without it only stuns one."""
    s, _ = _start("harpoon_from_the_deep")
    assert s["haunt"]["traitor"] == "Red" and s["floor_items"]["upper_landing"] == ["whaling_harpoon"]
    assert {m["room"] for m in s["haunt"]["monsters"]} == {"basement_landing"}
    s, _ = act(s, "Red", "end_turn")
    put(s, "Blue", "upper_landing")
    s, _ = act(s, "Blue", "pick_up", cards=["whaling_harpoon"])
    s, _ = act(s, "Blue", "end_turn")
    put(s, "Green", "basement_landing")
    s, ev = act(s, "Green", "attack", Dice(*HIGH, *LOW), target="deep_spawn_2")
    assert "monster_stunned" in types(ev) and "monster_destroyed" not in types(ev)
    for seat in ("Green", "Red", "Red"):                                 # the last: the monster turn
        s, _ = act(s, seat, "end_turn")
    put(s, "Blue", "basement_landing")
    s, ev = act(s, "Blue", "attack", Dice(*HIGH, *LOW), target="deep_spawn_1", weapon="whaling_harpoon")
    assert "monster_destroyed" in types(ev) and s["phase"] == "haunt"
    for seat in ("Blue", "Green", "Red", "Red"):
        s, _ = act(s, seat, "end_turn")
    s, ev = act(s, "Blue", "attack", Dice(*HIGH, *LOW), target="deep_spawn_2", weapon="whaling_harpoon")
    _over(ev, "heroes", "monsters_destroyed")


def test_harpoon_traitor_wins_when_every_hero_is_dead_R_HAUNT_10():
    s, _ = _start("harpoon_from_the_deep")
    _frail(s, "Blue", "Green")
    put(s, "Green", "basement_landing")
    s, _ = act(s, "Red", "attack", Dice(*HIGH, *LOW), target="Blue")
    s, _ = _absorb(s)
    for seat in ("Red", "Green", "Red"):
        s, _ = act(s, seat, "end_turn")
    s, _ = act(s, "Red", "monster_attack", Dice(*HIGH, *LOW), monster="deep_spawn_1", target="Green")
    s, ev = _absorb(s)
    _over(ev, "traitor", "heroes_dead")


def test_harpoon_hero_damage_clock_runs_out_for_the_traitor_R_HAUNT_9():
    """R-HAUNT-9: each step of damage a hero takes moves the track, the
    traitor's own does not; at 14 the traitor has survived and wins."""
    s, _ = _start("harpoon_from_the_deep")
    for seat in ("Red", "Blue"):
        put(s, seat, "basement_landing")
    s, _ = act(s, "Red", "attack", Dice(2, 2, 2, 0, 0, *LOW), target="Blue")        # 6 to Blue
    s, _ = act(s, "Blue", "split_damage", split={"might": 3, "speed": 3})
    assert s["haunt"]["track"] == 6
    s, _ = act(s, "Red", "end_turn")
    s, _ = act(s, "Blue", "attack", Dice(2, *LOW), target="Red")                    # 2 to the traitor
    s, _ = _absorb(s)
    assert s["haunt"]["track"] == 6
    s, _ = act(s, "Blue", "end_turn")
    put(s, "Green", "basement_landing")
    s, _ = act(s, "Green", "attack", Dice(*[0] * 5, 2, 2, 1, 0, 0), target="deep_spawn_1")   # 5 to Green
    s, _ = act(s, "Green", "split_damage", split={"might": 2, "speed": 3})
    assert s["haunt"]["track"] == 11 and s["phase"] == "haunt"
    s, _ = act(s, "Green", "end_turn")
    s, _ = act(s, "Red", "end_turn")
    s, _ = act(s, "Red", "monster_attack", Dice(2, 1, 0, 0, 0, 0), monster="deep_spawn_2", target="Blue")
    s, ev = _absorb(s)
    assert s["haunt"]["track"] == 14 and s["players"]["Green"]["alive"]
    _over(ev, "traitor", "clock")
