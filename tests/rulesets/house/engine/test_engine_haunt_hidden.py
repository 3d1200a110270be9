"""A hidden traitor (docs/rulesets/haunts.md, "Traitor"): told privately,
unknown to every other seat's view and events until revealed by an attack,
by `reveal` or by a traitor objective (R-HAUNT-3, R-HAUNT-7, R-HAUNT-8)."""
import json

from kit.engine import visible

from engine_helpers import E, Dice, act, put, refused, start_haunt, table, types
from test_engine_haunt_setup_rules import spec

SEATS = ("Red", "Blue", "Green", "Yellow")


def hidden(**kw):
    """Yellow reveals; the traitor, by the highest Knowledge, is Blue (bo),
    told privately. It is still Red's turn."""
    s = table(seats=SEATS, chars=("ava", "bo", "cy", "di"))
    s["players"]["Blue"]["traits"]["knowledge"] = 7
    ev = start_haunt(s, spec(rule="highest_trait", hidden=True, **kw) | {"traitor": {
        "rule": "highest_trait", "trait": "knowledge", "hidden": True}}, revealer="Yellow")
    return s, ev


def test_the_traitor_is_told_privately_and_each_seat_gets_its_own_book_R_HAUNT_7():
    """R-HAUNT-7: `haunt_began` names no traitor; `traitor_chosen` and each
    book go to one seat only, so no list of seats shows who is missing."""
    s, ev = hidden()
    began = next(e for e in ev if e["type"] == "haunt_began")
    assert began["traitor"] is None and began["hidden"] is True
    assert next(e for e in ev if e["type"] == "traitor_chosen") == \
        {"type": "traitor_chosen", "seat": "Blue", "visible_to": ["Blue"]}
    books = [e for e in ev if e["type"] == "haunt_book"]
    assert all(len(b["visible_to"]) == 1 for b in books) and len(books) == 4
    for seat in ("Red", "Green", "Yellow", None):
        seen = visible(ev, seat)
        assert "traitor_chosen" not in types(seen)
        assert [b["book"] for b in seen if b["type"] == "haunt_book"] == ([{"en": "H"}] if seat else [])
        assert all(b["visible_to"] == [seat] for b in seen if b["type"] == "haunt_book")
    mine = visible(ev, "Blue")
    assert [b["book"] for b in mine if b["type"] == "haunt_book"] == [{"en": "T"}]


def test_views_of_other_seats_never_show_who_the_hidden_traitor_is_R_HAUNT_7():
    """R-HAUNT-7: only the traitor's own view names it and holds the traitor's book."""
    s, _ = hidden()
    assert s["haunt"]["traitor"] == "Blue" and s["haunt"]["hidden"] is True
    for seat in ("Red", "Green", "Yellow", None):
        hv = E.view(s, seat)["haunt"]
        assert hv["traitor"] is None and hv.get("book") in (None, {"en": "H"}) and hv.get("side") != "traitor"
        assert '"T"' not in json.dumps(E.view(s, seat)["haunt"])
    own = E.view(s, "Blue")["haunt"]
    assert own["traitor"] == "Blue" and own["book"] == {"en": "T"} and own["side"] == "traitor"


def test_a_hidden_traitors_order_starts_left_of_the_revealer_R_HAUNT_8():
    """R-HAUNT-8 without revealing anyone: the revealer is the lead, and the
    monsters (moved by the engine while nobody knows the traitor) follow it."""
    s, _ = hidden(setup=[{"monsters": {"kind": "ghoul", "count": 1, "at": "traitor"}}])
    assert s["order"] == ["Red", "Blue", "Green", "Yellow", "monsters"]
    s["turn"]["seat"], s["turn_i"] = "Yellow", s["order"].index("Yellow")
    s, ev = act(s, "Yellow", "end_turn", Dice(2, 2))
    assert E.to_act(s) != ["Blue"] and s["turn"]["seat"] == "Red"          # the monster turn ran itself
    assert "turn_began" in types(ev) and E.legal_actions(s, "Blue") == []


def test_while_hidden_anyone_may_attack_anyone_R_FIGHT_2():
    """R-FIGHT-2's sides are lifted while nobody knows them."""
    s, _ = hidden()
    put(s, "Green", "entrance_hall")
    assert {"action": "attack", "args": {"target": "Green"}} in E.legal_actions(s, "Red")
    s, ev = act(s, "Red", "attack", Dice(0, 0, 0, 0, 0, 0), target="Green")
    assert "traitor_revealed" not in types(ev) and s["haunt"]["hidden"]


def test_the_traitor_is_revealed_by_attacking_a_player_R_HAUNT_3():
    s, _ = hidden()
    s["turn"]["seat"] = "Blue"
    s, ev = act(s, "Blue", "attack", Dice(0, 0, 0, 0, 0, 0), target="Red")
    assert ev[0] == {"type": "traitor_revealed", "seat": "Blue", "reason": "attack"}
    assert E.view(s, "Red")["haunt"]["traitor"] == "Blue" and not s["haunt"]["hidden"]


def test_the_traitor_reveals_itself_and_nobody_else_can_R_HAUNT_3():
    s, _ = hidden()
    assert not any(a["action"] == "reveal" for a in E.legal_actions(s, "Red"))
    refused(s, "Red", "reveal", "R-HAUNT-3")
    s["turn"]["seat"] = "Blue"
    assert {"action": "reveal", "args": {}} in E.legal_actions(s, "Blue")
    s, ev = act(s, "Blue", "reveal")
    assert ev == [{"type": "traitor_revealed", "seat": "Blue", "reason": "reveal"}]
    refused(s, "Blue", "reveal", "R-HAUNT-3")


def test_a_traitor_objective_met_reveals_the_traitor_as_the_game_ends_R_HAUNT_10():
    s, _ = hidden(setup=[{"tokens": {"kind": "wick", "count": 1, "at": "revealer"}}], tokens=["wick"],
                  traitor=[{"collect": {"kind": "wick", "count": 1}}])
    s["turn"]["seat"] = "Blue"
    s, ev = act(s, "Blue", "pick_up", cards=["wick_1"])
    assert types(ev)[-2:] == ["traitor_revealed", "game_over"]
    assert ev[-2]["reason"] == "objective" and E.outcome(s)["winners"] == ["Blue"]


def test_a_hidden_traitors_ritual_roll_reveals_it_first_R_HAUNT_3():
    """R-HAUNT-3: only the traitor's side has the ritual, so making the roll
    shows who it is; the reveal comes before the dice."""
    s, _ = hidden(traitor=[{"ritual": {"trait": "knowledge", "target": 4, "room": "foyer", "successes": 3}}])
    s["turn"]["seat"] = "Blue"
    put(s, "Blue", "foyer")
    s, ev = act(s, "Blue", "ritual", Dice(2, 2, 2, 2, 2, 2, 2))
    assert ev[0] == {"type": "traitor_revealed", "seat": "Blue", "reason": "ritual"}
    assert types(ev).index("traitor_revealed") < types(ev).index("dice_rolled")
    assert not s["haunt"]["hidden"] and E.view(s, "Red")["haunt"]["traitor"] == "Blue"


def test_a_hidden_traitor_takes_a_rooms_harm_like_a_hero_and_may_ignore_it_once_revealed_R_HAUNT_6():
    """R-HAUNT-6's choice to ignore a room's harm would show who the traitor
    is to everyone, so a hidden traitor is not offered it."""
    from engine_helpers import place
    s, _ = hidden()
    place(s, "furnace_room", "basement", 0, 1, 2)
    s["turn"]["seat"] = "Blue"
    put(s, "Blue", "furnace_room")
    s2, ev = act(s, "Blue", "end_turn", Dice(1, 1, 1, 1))
    assert "traitor_ignore" not in json.dumps(ev) and s2["pending"]["kind"] != "choice"
    s, _ = act(s, "Blue", "reveal")
    s3, ev = act(s, "Blue", "end_turn", Dice(1, 1, 1, 1))
    assert s3["pending"]["kind"] == "choice" and "ignore" in s3["pending"]["options"]


def test_a_hidden_traitors_damage_moves_a_hero_damage_clock_like_a_heros_R_HAUNT_9():
    """R-HAUNT-9 with a hidden traitor: a track that stood still when one
    player was hurt would single it out; once revealed, its damage no
    longer counts."""
    s, _ = hidden(clock={"counts": "hero_damage", "end": 15, "winner": "traitor"})
    s["turn"]["seat"] = "Red"
    s, _ = act(s, "Red", "attack", Dice(1, 0, 0, 0, 0, 0), target="Blue")     # Blue, the traitor, loses by 1
    s, ev = act(s, "Blue", "split_damage", split={"might": 1})
    assert [e["value"] for e in ev if e["type"] == "track_advanced"] and s["haunt"]["track"] > 0
    before = s["haunt"]["track"]
    s["turn"].update(seat="Blue", attacked=False, attacks=0)
    s, _ = act(s, "Blue", "reveal")
    s["turn"].update(seat="Red", attacked=False, attacks=0)
    s, _ = act(s, "Red", "attack", Dice(1, 0, 0, 0, 0, 0), target="Blue")
    s, ev = act(s, "Blue", "split_damage", split={"speed": 1})
    assert "track_advanced" not in types(ev) and s["haunt"]["track"] == before
