"""The haunts of rites, errands and rescues, and the Last Will, played on the
repository's own content: for each haunt every objective of each side and
its clock reached at the table (R-HAUNT-9, R-HAUNT-10), with the special
rules their books print (R-AUTH-1).

Red plays Zhao Tieshan (the oldest, the highest Might), Blue Su Xiaoman
(the youngest, the highest Sanity), Green Batu; the haunt-starting omen was
drawn in the Foyer, and the haunt begins during Red's turn. Figures are put
where a scene needs them; everything that wins is done by actions and
loaded dice."""
from engine_helpers import Dice, act, put, types
from haunt_play import HIGH, LOW, absorb, begun, clock_ends, ends, frail, game_over, wins


# -- The Salt Circle ---------------------------------------------------------

def test_salt_circle_heroes_close_the_circle_with_as_many_rituals_as_players_R_HAUNT_10():
    """R-HAUNT-10: Knowledge rolls of 5+ in the Hidden Altar, once a turn
    each; at a table of three the third success wins (one per player). A
    failure counts nothing."""
    s, _ = begun("salt_circle")
    assert s["haunt"]["traitor"] == "Red" and "hidden_altar" in s["adj"]["basement_landing"]
    assert len(s["haunt"]["monsters"]) == 2                              # 2 wraiths at a table of three
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
    assert ev[-1]["type"] == "ritual_progress" and ev[-1]["successes"] == 2 and ev[-1]["needed"] == 3
    assert s["phase"] == "haunt"                                         # two are not enough
    s, _ = act(s, "Blue", "end_turn")
    s, ev = act(s, "Green", "ritual", Dice(*HIGH))
    game_over(ev, "heroes", "ritual")


def test_salt_circle_the_altar_burns_the_traitor_only_R_AUTH_1():
    """R-AUTH-1 (room_hurts): 1 mental damage to the traitor ending a turn at
    the altar; a hero ending one there takes none."""
    s, _ = begun("salt_circle")
    put(s, "Red", "hidden_altar")
    s, ev = act(s, "Red", "end_turn")
    assert s["pending"]["seat"] == "Red" and s["pending"]["damage_kind"] == "mental" \
        and s["pending"]["amount"] == 1
    s, _ = absorb(s, "sanity")
    put(s, "Blue", "hidden_altar")
    s, ev = act(s, "Blue", "end_turn")
    assert s["pending"] is None and s["turn"]["seat"] == "Green"


def test_salt_circle_traitor_wins_when_every_hero_is_dead_R_HAUNT_10():
    """R-HAUNT-10: the traitor kills one hero, an Ash Wraith the other."""
    s, _ = begun("salt_circle")
    frail(s, "Blue", "Green")
    s, _ = act(s, "Red", "attack", wins(s, "Red"), target="Blue")
    s, ev = absorb(s)
    assert "character_died" in types(ev) and s["phase"] == "haunt"
    s, _ = act(s, "Red", "end_turn")
    s, _ = act(s, "Green", "end_turn")
    s, _ = act(s, "Red", "end_turn")
    s, ev = act(s, "Red", "monster_attack", wins(s, 5), monster="ash_wraith_1", target="Green")
    s, ev = absorb(s)
    game_over(ev, "traitor", "heroes_dead")


def test_salt_circle_clock_gives_the_traitor_the_tenth_round_R_HAUNT_9():
    clock_ends("salt_circle", "traitor")


# -- A Harpoon for the Deep --------------------------------------------------

def test_harpoon_destroys_both_deep_spawn_and_the_heroes_win_R_MONSTER_2_R_HAUNT_10():
    """R-MONSTER-2 replaced (destroy by the harpoon), R-HAUNT-10: the harpoon
    waits on the upper landing; a win with it destroys a Deep Spawn, a win
    without it only stuns one."""
    s, _ = begun("harpoon_from_the_deep")
    assert s["haunt"]["traitor"] == "Red" and s["floor_items"]["upper_landing"] == ["whaling_harpoon"]
    assert {m["room"] for m in s["haunt"]["monsters"]} == {"basement_landing"}
    s, _ = act(s, "Red", "end_turn")
    put(s, "Blue", "upper_landing")
    s, _ = act(s, "Blue", "pick_up", cards=["whaling_harpoon"])
    s, _ = act(s, "Blue", "end_turn")
    put(s, "Green", "basement_landing")
    s, ev = act(s, "Green", "attack", wins(s, "Green"), target="deep_spawn_2")
    assert "monster_stunned" in types(ev) and "monster_destroyed" not in types(ev)
    for seat in ("Green", "Red", "Red"):                                 # the last: the monster turn
        s, _ = act(s, seat, "end_turn")
    put(s, "Blue", "basement_landing")
    s, ev = act(s, "Blue", "attack", wins(s, "Blue", 2), target="deep_spawn_1", weapon="whaling_harpoon")
    assert "monster_destroyed" in types(ev) and s["phase"] == "haunt"
    for seat in ("Blue", "Green", "Red", "Red"):
        s, _ = act(s, seat, "end_turn")
    s, ev = act(s, "Blue", "attack", wins(s, "Blue", 2), target="deep_spawn_2", weapon="whaling_harpoon")
    game_over(ev, "heroes", "monsters_destroyed")


def test_harpoon_traitor_wins_when_every_hero_is_dead_R_HAUNT_10():
    s, _ = begun("harpoon_from_the_deep")
    frail(s, "Blue", "Green")
    put(s, "Green", "basement_landing")
    s, _ = act(s, "Red", "attack", wins(s, "Red"), target="Blue")
    s, _ = absorb(s)
    for seat in ("Red", "Green", "Red"):
        s, _ = act(s, seat, "end_turn")
    s, _ = act(s, "Red", "monster_attack", wins(s, 4), monster="deep_spawn_1", target="Green")
    s, ev = absorb(s)
    game_over(ev, "traitor", "heroes_dead")


def test_harpoon_hero_damage_clock_runs_out_for_the_traitor_R_HAUNT_9():
    """R-HAUNT-9: each step of damage a hero takes moves the track, the
    traitor's own does not; at 15 the traitor has survived and wins."""
    s, _ = begun("harpoon_from_the_deep")
    for seat in ("Red", "Blue"):
        put(s, seat, "basement_landing")
    s, _ = act(s, "Red", "attack", Dice(2, 2, 2, 0, 0, *LOW), target="Blue")        # 6 to Blue
    s, _ = act(s, "Blue", "split_damage", split={"might": 3, "speed": 3})
    assert s["haunt"]["track"] == 6
    s, _ = act(s, "Red", "end_turn")
    s, _ = act(s, "Blue", "attack", Dice(2, *LOW), target="Red")                    # 2 to the traitor
    s, _ = absorb(s)
    assert s["haunt"]["track"] == 6
    s, _ = act(s, "Blue", "end_turn")
    put(s, "Green", "basement_landing")
    s, _ = act(s, "Green", "attack", Dice(*[0] * 5, 2, 2, 1, 0, 0), target="deep_spawn_1")   # 5 to Green
    s, _ = act(s, "Green", "split_damage", split={"might": 2, "speed": 3})
    assert s["haunt"]["track"] == 11 and s["phase"] == "haunt"
    s, _ = act(s, "Green", "end_turn")
    s, _ = act(s, "Red", "end_turn")
    s, _ = act(s, "Red", "monster_attack", Dice(2, 2, 0, 0, *LOW), monster="deep_spawn_2", target="Blue")
    s, ev = absorb(s)
    assert s["haunt"]["track"] == 15 and s["players"]["Green"]["alive"]
    game_over(ev, "traitor", "clock")


def _house_kills_everyone(s, rooms):
    """R-HAUNT-8: with no traitor the house moves and attacks with its
    monsters; frail heroes, every die a 2, each attack kills one."""
    frail(s, "Red", "Blue", "Green")
    for seat, room in rooms.items():
        put(s, seat, room)
    for seat in ("Red", "Blue", "Green"):
        s, _ = act(s, seat, "end_turn")
    s, ev = act(s, "Red", "end_turn", Dice(*[2] * 40))                   # the monster turn follows
    while s["pending"]:
        s, ev = absorb(s, rng=Dice(*[2] * 40))
    assert not any(p["alive"] for p in s["players"].values())
    game_over(ev, "house", "heroes_dead")


# -- Taking the Boy Home -----------------------------------------------------

def test_lost_boy_is_led_out_to_the_entrance_hall_and_the_heroes_win_R_HAUNT_10():
    """R-HAUNT-10 (carry a card): the boy waits in the Nursery the haunt
    added; a hero picks him up and walks him down to the Entrance Hall."""
    s, _ = begun("lost_boy_home")
    assert s["haunt"]["traitor"] is None and s["floor_items"]["nursery"] == ["lost_boy"]
    assert [m["room"] for m in s["haunt"]["monsters"]] == ["nursery"] * 2 + ["entrance_hall"]   # at three
    s, _ = act(s, "Red", "end_turn")
    put(s, "Blue", "nursery")
    s, _ = act(s, "Blue", "pick_up", cards=["lost_boy"])
    s, _ = act(s, "Blue", "move", to="upper_landing")
    s, _ = act(s, "Blue", "roll", Dice(*HIGH))                          # the Nursery's leaving check
    s, _ = act(s, "Blue", "move", to="grand_staircase")
    assert s["phase"] == "haunt"
    for seat in ("Blue", "Green", "Red"):
        s, _ = act(s, seat, "end_turn", Dice(*[0] * 40))                 # the nurses cannot hurt anyone
    s, _ = act(s, "Blue", "move", to="foyer")
    s, ev = act(s, "Blue", "move", to="entrance_hall")
    game_over(ev, "heroes", "carry")


def test_lost_boy_house_wins_when_every_hero_is_dead_R_HAUNT_10():
    s, _ = begun("lost_boy_home")
    _house_kills_everyone(s, {"Red": "nursery", "Blue": "nursery", "Green": "foyer"})


def test_lost_boy_clock_keeps_everyone_after_seven_rounds_R_HAUNT_9():
    s = clock_ends("lost_boy_home", "house")
    assert s["winner"] == "house"


# -- The Dead Line -----------------------------------------------------------

def test_dead_line_two_fuses_carried_to_the_basement_landing_win_at_a_table_of_three_R_HAUNT_10():
    """R-HAUNT-10 (carry tokens; 2 at a table of three, 3 at larger ones):
    one fuse from upstairs, one from the Entrance Hall, both brought down the
    Cellar Stairs the haunt added."""
    s, _ = begun("the_dead_line")
    assert s["haunt"]["traitor"] == "Red"
    assert {t: v["room"] for t, v in s["haunt"]["tokens"].items()} == {
        "fuse_1": "upper_landing", "fuse_2": "copper_bath", "fuse_3": "maids_garret", "fuse_4": "entrance_hall",
        "fuse_5": "cellar_stairs"}
    assert {"copper_bath", "maids_garret", "cellar_stairs"} <= set(s["tiles"])
    assert len(s["haunt"]["monsters"]) == 1                              # 1 shadow at a table of three
    s, _ = act(s, "Red", "end_turn")
    put(s, "Blue", "upper_landing")
    s, _ = act(s, "Blue", "pick_up", cards=["fuse_1"])
    for room in ("grand_staircase", "foyer", "cellar_stairs", "basement_landing"):
        s, ev = act(s, "Blue", "move", to=room)
    assert s["phase"] == "haunt"                                         # one fuse is not enough
    s, _ = act(s, "Blue", "end_turn")
    s, _ = act(s, "Green", "pick_up", cards=["fuse_4"])
    for room in ("foyer", "cellar_stairs"):
        s, ev = act(s, "Green", "move", to=room)
    s, ev = act(s, "Green", "move", to="basement_landing")
    game_over(ev, "heroes", "carry")


def test_dead_line_traitor_holding_three_fuses_wins_R_HAUNT_10():
    """R-HAUNT-10 (collect): the traitor gathers three, wherever it stands."""
    s, _ = begun("the_dead_line")
    s, _ = act(s, "Red", "pick_up", cards=["fuse_4"])
    for room in ("foyer", "grand_staircase", "upper_landing"):
        s, _ = act(s, "Red", "move", to=room)
    s, _ = act(s, "Red", "pick_up", cards=["fuse_1"])
    s = ends(s, "Red", "Blue", "Green")
    put(s, "Red", "copper_bath")
    s, ev = act(s, "Red", "pick_up", cards=["fuse_2"])
    game_over(ev, "traitor", "collect")


def test_dead_line_clock_leaves_the_house_dark_after_nine_rounds_R_HAUNT_9():
    s = clock_ends("the_dead_line", "traitor")
    assert s["haunt"]["track"] == 9


# -- The Overgrowth ----------------------------------------------------------

def test_overgrowth_three_pulls_at_the_taproot_win_at_a_table_of_three_R_HAUNT_10():
    """R-HAUNT-10 (ritual): Might rolls of 5+ in the Root Cellar; at a table
    of three (or four) the third success wins."""
    s, _ = begun("the_overgrowth")
    assert s["haunt"]["traitor"] is None
    for seat in ("Red", "Blue", "Green"):
        put(s, seat, "root_cellar")
    for seat in ("Red", "Blue"):
        s, ev = act(s, seat, "ritual", Dice(*HIGH))
        s, _ = act(s, seat, "end_turn")
    assert s["haunt"]["rituals"]["heroes:0"] == 2 and s["phase"] == "haunt"      # two are not enough
    s, ev = act(s, "Green", "ritual", Dice(*HIGH))
    game_over(ev, "heroes", "ritual")


def test_overgrowth_every_vine_stunned_at_once_wins_R_HAUNT_10():
    s, _ = begun("the_overgrowth")
    for seat in ("Red", "Blue", "Green"):
        put(s, seat, "root_cellar")
    assert [m["room"] for m in s["haunt"]["monsters"]] == ["root_cellar"] * 4
    for seat, vine in (("Red", "strangler_vine_1"), ("Blue", "strangler_vine_2"), ("Green", "strangler_vine_3")):
        s, ev = act(s, seat, "attack", wins(s, seat), target=vine)
        s, _ = act(s, seat, "end_turn")
    assert s["phase"] == "haunt"                                         # one vine still stands
    s, ev = act(s, "Red", "attack", wins(s, "Red"), target="strangler_vine_4")
    game_over(ev, "heroes", "monsters_stunned")


def test_overgrowth_house_wins_when_every_hero_is_dead_R_HAUNT_10():
    s, _ = begun("the_overgrowth")
    _house_kills_everyone(s, dict.fromkeys(("Red", "Blue", "Green"), "root_cellar"))


def test_overgrowth_clock_crushes_the_house_after_eleven_rounds_R_HAUNT_9():
    clock_ends("the_overgrowth", "house")


# -- Traits the setup moves --------------------------------------------------

def test_setup_moves_might_as_the_books_print_R_HAUNT_8():
    """R-HAUNT-8, R-TRAIT: the harpoon's heroes each gain a step of Might;
    the Puppeteer's traitor gains two, the Tall Guest's three."""
    from house_content import house_table
    for hid, who, steps in (("harpoon_from_the_deep", "heroes", 1), ("the_puppeteer", "traitor", 2),
                            ("the_tall_guest", "traitor", 3)):
        before = house_table()["players"]
        s, _ = begun(hid)
        traitor = s["haunt"]["traitor"]
        for seat, p in s["players"].items():
            gain = steps if (seat == traitor) == (who == "traitor") else 0
            assert p["traits"]["might"] == before[seat]["traits"]["might"] + gain, (hid, seat)
