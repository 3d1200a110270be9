"""Haunts do what their books print (R-AUTH-1, R-FIGHT-4, R-MONSTER-4,
R-HAUNT-10), on the repository's own haunts."""
from engine_helpers import E, Dice, act, hand, put, refused, start_haunt, types
from house_content import house_table


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
    assert rolls[1]["monster"] == guest["id"] and rolls[1]["dice"] == 5
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
