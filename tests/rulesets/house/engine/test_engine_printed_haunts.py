"""Haunts do what their books print, and the table reads what happened
(R-AUTH-1, R-FIGHT-4, R-MONSTER-4, R-HAUNT-10), on the repository's own
haunts."""
from engine_helpers import E, Dice, act, hand, place, put, refused, start_haunt, types
from house_content import house, house_table
from rulesets.house.engine import haunt as H
from kit.present import TableView
from kit.words import catalog
from rulesets.house import INFO, engine as house_engine, present


def _haunt(haunt_id, revealer="Red"):
    s = house_table()
    start_haunt(s, s["rules"]["haunts"][haunt_id], revealer=revealer)
    return s


def test_the_tall_guest_may_be_attacked_with_sanity_as_its_book_says_R_FIGHT_4_R_AUTH_1():
    """R-FIGHT-4, R-AUTH-1: the heroes' text says the Guest can be attacked
    with Sanity; the haunt's `attackable_with` lets a hero do so without the
    Bone Tuning Fork, both sides rolling Sanity."""
    s = _haunt("the_tall_guest")
    traitor = s["haunt"]["traitor"]
    hero = next(seat for seat in s["players"] if seat != traitor)
    guest = s["haunt"]["monsters"][0]
    put(s, hero, guest["room"])
    s["turn"]["seat"] = hero
    assert {"action": "attack", "args": {"target": guest["id"], "trait": "sanity"}} in E.legal_actions(s, hero)
    s2, ev = act(s, hero, "attack", Dice(*[0] * 8, *[2] * 8), target=guest["id"], trait="sanity")
    rolls = [e for e in ev if e["type"] == "dice_rolled"]
    assert [(r["purpose"], r["trait"]) for r in rolls] == [("attack", "sanity"), ("defend", "sanity")]
    assert rolls[1]["monster"] == guest["id"] and rolls[1]["dice"] == 8
    assert s2["pending"]["kind"] == "damage" and s2["pending"]["damage_kind"] == "mental"
    hand(s, hero, "coal_shovel")                  # a Might weapon keeps its own trait
    refused(s, hero, "attack", "R-FIGHT-4", target=guest["id"], trait="sanity", weapon="coal_shovel")


def test_a_monster_its_haunt_does_not_open_to_sanity_is_attacked_with_might_only_R_FIGHT_4():
    """R-FIGHT-4: the drowned singers have no Sanity and no haunt rule for it."""
    s = _haunt("drowned_choir")
    singer = s["haunt"]["monsters"][0]
    put(s, "Blue", singer["room"])
    s["turn"]["seat"] = "Blue"
    refused(s, "Blue", "attack", "R-FIGHT-4", target=singer["id"], trait="sanity")
    assert all("trait" not in a["args"] for a in E.legal_actions(s, "Blue") if a["action"] == "attack")


def _salon_layout(haunt_id, revealer="Red"):
    """The Sagging Salon east of the entrance hall, a corridor beyond it with
    Blue and Green in it; the haunt's monsters start in the hall, Red (the
    revealer) waits on the upper landing."""
    s = house_table()
    place(s, "sagging_salon", "ground", 1, 0)
    place(s, "echoing_corridor", "ground", 2, 0)
    start_haunt(s, s["rules"]["haunts"][haunt_id], revealer=revealer)
    put(s, "Red", "upper_landing")
    for seat in ("Blue", "Green"):
        put(s, seat, "echoing_corridor")
    return s


def test_the_house_walks_a_fallen_monster_on_from_where_it_fell_R_MONSTER_4_R_MOVE_1():
    """R-MONSTER-4, R-MOVE-1: in The House Awakes a Plaster Hand crossing the
    Sagging Salon falls to the basement landing without damage; the house
    does not walk it on along the old path (which "End turn" used to refuse
    with R-MOVE-1), it plans from the landing."""
    s = _salon_layout("house_wakes")
    s["turn"]["seat"], s["turn_i"] = "Red", s["order"].index("Red")
    speed, salon, fall = [2, 2, 2], [0, 0, 0], [0]            # 6 rooms; fails 5+; falls for 0 damage
    s, ev = act(s, "Red", "end_turn", Dice(*speed, *salon, *fall, seed=1))
    hand = s["haunt"]["monsters"][0]
    moves = [(e["from"], e["room"], e["reason"]) for e in ev
             if e["type"] == "figure_moved" and e.get("monster") == hand["id"]]
    assert moves[:2] == [("entrance_hall", "sagging_salon", "move"), ("sagging_salon", "basement_landing", "fall")]
    assert ("basement_landing", "echoing_corridor", "move") not in moves
    assert not hand["stunned"] and s["turn"]["seat"] == "Blue"


def test_a_traitors_monster_path_ends_where_the_monster_falls_R_MONSTER_4_R_MOVE_1():
    """R-MONSTER-4, R-MOVE-1: a traitor's two-room monster move through the
    salon stops at the fall, with the movement left, instead of being refused
    (and the fall's dice thrown again)."""
    s = _salon_layout("drowned_choir", revealer="Red")
    put(s, "Red", "entrance_hall")
    s["turn"]["seat"], s["turn_i"] = "Red", s["order"].index("Red")
    s, _ = act(s, "Red", "end_turn", Dice(2, 2))              # the singers' Speed 2: 4 rooms
    s["turn"]["seat"] = "monsters"
    s, ev = act(s, "Red", "monster_move", Dice(0, 0, 0), monster="drowned_singer_1",
                path=["sagging_salon", "echoing_corridor"])
    singer = s["haunt"]["monsters"][0]
    assert singer["room"] == "basement_landing" and singer["left"] == 3 and not singer["stunned"]
    refused(s, "Red", "monster_move", "R-MOVE-1", monster="drowned_singer_2",
            path=["foyer", "echoing_corridor"])                   # checked whole before any step


def _ended(haunt_id, dead):
    s = _haunt(haunt_id, revealer="Red")
    for seat in dead(s):
        s["players"][seat]["alive"] = False
    ev = []
    H.check_win(s, ev)
    return s, ev[-1]


def test_the_end_names_the_side_that_won_in_every_locale_R_HAUNT_3_R_HAUNT_10():
    """R-HAUNT-3, R-HAUNT-10: with no traitor the house wins when every hero
    is dead, and the table is told so ("the traitor win" named a side the
    haunt does not have, in broken grammar); a traitor's win and the heroes'
    read as sentences too."""
    def said(over, s):
        table = TableView(house_engine, s, house(), catalog(INFO.folder))
        (text,) = present.answer([{**over, "visible_to": None}], table, 1)["messages"]
        return text

    s, over = _ended("house_wakes", lambda s: list(s["players"]))
    assert over == {"type": "game_over", "winner": "house", "reason": "heroes_dead"}
    assert said(over, s) == {
        "zh-Hans": "游戏结束：宅子获胜。", "zh-Hant": "遊戲結束：宅子獲勝。", "en": "Game over: the house wins."}
    s, over = _ended("drowned_choir", lambda s: [p for p in s["players"] if p != s["haunt"]["traitor"]])
    assert said(over, s) == {
        "zh-Hans": "游戏结束：奸徒获胜。", "zh-Hant": "遊戲結束：背叛者獲勝。", "en": "Game over: the traitor wins."}
    s, over = _ended("drowned_choir", lambda s: [s["haunt"]["traitor"]])
    assert said(over, s) == {
        "zh-Hans": "游戏结束：好人获胜。", "zh-Hant": "遊戲結束：冒險者獲勝。", "en": "Game over: the heroes win."}
