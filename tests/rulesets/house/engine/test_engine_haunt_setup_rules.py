"""A haunt's setup steps (R-HAUNT-8) and its special rules, each replacing
the general rule it names (R-AUTH-1), from the scenario format
(docs/rulesets/haunts.md), on small fixture haunts."""
from engine_helpers import E, Dice, act, hand, put, refused, start_haunt, table, types

KIND = {"id": "ghoul", "name": {"en": "Ghoul"}, "traits": {"might": 3, "speed": 2}}


def spec(setup=(), rules=(), heroes=({"traitor_dead": True},), traitor=({"heroes_dead": True},),
         clock=None, rule="revealer", hidden=False, tokens=()):
    return {"id": "fixture_haunt", "title": {"en": "t"}, "traitor": {"rule": rule, "hidden": hidden},
            "monsters": [KIND], "tokens": [{"id": t, "name": {"en": t}} for t in tokens],
            "setup": list(setup), "rules": list(rules), "heroes_win": list(heroes), "traitor_wins": list(traitor),
            "clock": clock or {"counts": "rounds", "end": 30, "winner": "house"}, "intro": {"en": "I"},
            "heroes_book": {"en": "H"}, "traitor_book": None if rule == "none" else {"en": "T"}}


def haunted(sp, revealer="Blue", seats=("Red", "Blue", "Green")):
    """Blue reveals; it is still Red's turn, now in the haunt."""
    s = table(seats=seats, chars=("ava", "bo", "cy", "di")[:len(seats)])
    ev = start_haunt(s, sp, revealer=revealer)
    return s, ev


# -- setup steps -------------------------------------------------------------

def test_add_room_places_the_room_at_the_nearest_open_door_then_a_step_may_use_it_R_HAUNT_8():
    """R-HAUNT-8: the steps run in order; `add_room` takes the room from the
    stack, so the next step can place monsters in it."""
    s, ev = haunted(spec(setup=[{"add_room": {"room": "ballroom"}},
                                {"monsters": {"kind": "ghoul", "count": 2, "at": "ballroom"}}]))
    assert "ballroom" in s["tiles"] and "ballroom" not in s["decks"]["room"]
    placed = [e for e in ev if e["type"] == "tile_placed"]
    assert placed == [{"type": "tile_placed", "room": "ballroom", "floor": "ground", "x": placed[0]["x"],
                       "y": placed[0]["y"], "rotation": placed[0]["rotation"], "by": "haunt"}]
    assert types(ev).index("tile_placed") < types(ev).index("monster_placed")
    assert [m["room"] for m in s["haunt"]["monsters"]] == ["ballroom", "ballroom"]
    assert "ballroom" in s["adj"]["entrance_hall"] or any("ballroom" in v for v in s["adj"].values())


def test_add_room_leaves_a_room_already_in_play_where_it_is_R_HAUNT_8():
    """R-HAUNT-8: no room is placed twice."""
    s, ev = haunted(spec(setup=[{"add_room": {"room": "foyer"}}]))
    assert "tile_placed" not in types(ev) and s["tiles"]["foyer"][:3] == ["ground", 0, 1]


def test_monsters_step_places_a_lot_per_hero_or_in_the_room_named_R_HAUNT_8():
    """R-HAUNT-8: `each_hero` puts `count` in each living hero's room."""
    s0 = table()
    put(s0, "Red", "foyer")
    start_haunt(s0, spec(setup=[{"monsters": {"kind": "ghoul", "count": 1, "at": "each_hero"}},
                                {"monsters": {"kind": "ghoul", "count": 1, "at": "grand_staircase"}}]),
                revealer="Blue")
    rooms = [m["room"] for m in s0["haunt"]["monsters"]]
    assert rooms == ["foyer", "entrance_hall", "grand_staircase"]          # Red, Green, then the room
    assert [m["id"] for m in s0["haunt"]["monsters"]] == ["ghoul_1", "ghoul_2", "ghoul_3"]


def test_tokens_step_places_tokens_that_are_picked_up_dropped_and_given_like_items_R_HAUNT_8_R_ITEM_3():
    """R-HAUNT-8 places them; R-ITEM-3 moves them (one action per token a turn, R-ITEM-1)."""
    s, ev = haunted(spec(setup=[{"tokens": {"kind": "wick", "count": 2, "at": "revealer"}}], tokens=["wick"]))
    assert [e for e in ev if e["type"] == "token_placed"] == [
        {"type": "token_placed", "token": "wick_1", "kind": "wick", "room": "entrance_hall"},
        {"type": "token_placed", "token": "wick_2", "kind": "wick", "room": "entrance_hall"}]
    assert {"action": "pick_up", "args": {"cards": ["wick_1"]}} in E.legal_actions(s, "Red")
    s, ev = act(s, "Red", "pick_up", cards=["wick_1", "wick_2"])
    assert s["haunt"]["tokens"]["wick_1"] == {"kind": "wick", "room": None, "holder": "Red"}
    assert types(ev) == ["token_picked_up", "token_picked_up"]
    refused(s, "Red", "drop", "R-ITEM-1", cards=["wick_1"])                  # already moved this turn
    s["turn"]["items"] = {}
    s, ev = act(s, "Red", "give", card="wick_2", to="Green")
    assert s["pending"]["seat"] == "Green" and s["pending"]["purpose"] == "gift"
    s, ev = act(s, "Green", "choose", option="accept")
    assert ev[0] == {"type": "token_given", "from": "Red", "to": "Green", "token": "wick_2"}
    put(s, "Red", "foyer")
    s, ev = act(s, "Red", "drop", cards=["wick_1"])
    assert ev == [{"type": "token_dropped", "token": "wick_1", "seat": "Red", "room": "foyer"}]
    assert s["haunt"]["tokens"]["wick_1"] == {"kind": "wick", "room": "foyer", "holder": None}


def test_a_dead_holders_tokens_drop_in_its_room_R_HAUNT_8_R_ITEM_7():
    """R-ITEM-7 for tokens: everything a dead character held lies in its room."""
    s, _ = haunted(spec(setup=[{"tokens": {"kind": "wick", "count": 1, "at": "revealer"}}], tokens=["wick"]))
    s, _ = act(s, "Red", "pick_up", cards=["wick_1"])
    s["players"]["Red"]["traits"]["might"] = 0
    s, ev = act(s, "Red", "attack", Dice(0, 2, 2, 2), target="Blue")
    s, ev = act(s, "Red", "split_damage", split={"might": s["pending"]["amount"]})
    assert not s["players"]["Red"]["alive"]
    assert {"type": "token_dropped", "token": "wick_1", "seat": "Red", "room": "entrance_hall"} in ev


def test_item_step_moves_a_card_from_the_deck_to_the_place_R_HAUNT_8():
    """R-HAUNT-8: an item or omen leaves its deck for the revealer's hands or a room."""
    s, ev = haunted(spec(setup=[{"item": {"card": "axe", "at": "revealer"}},
                                {"item": {"card": "candle", "at": "foyer"}}]))
    assert "axe" in s["players"]["Blue"]["held"] and "axe" not in s["decks"]["item"]
    assert s["floor_items"]["foyer"] == ["candle"]
    assert [e for e in ev if e["type"] == "item_placed"] == [
        {"type": "item_placed", "card": "axe", "room": "entrance_hall", "seat": "Blue"},
        {"type": "item_placed", "card": "candle", "room": "foyer", "seat": None}]


def test_trait_step_moves_the_named_seats_trait_R_HAUNT_8_R_TRAIT():
    """R-HAUNT-8 setup; the trait moves on its track as R-TRAIT says."""
    s, ev = haunted(spec(setup=[{"trait": {"who": "traitor", "trait": "might", "steps": 2}},
                                {"trait": {"who": "heroes", "trait": "sanity", "steps": -1}}]))
    assert s["players"]["Blue"]["traits"]["might"] == 4 and s["players"]["Blue"]["traits"]["sanity"] == 4
    assert s["players"]["Red"]["traits"]["sanity"] == 2 and s["players"]["Green"]["traits"]["sanity"] == 2



def test_a_trait_step_stops_at_the_lowest_living_value_R_HAUNT_8_R_FIGHT_8():
    """R-FIGHT-8 kills at the skull in the haunt, but a haunt's setup step
    is not an attack: a hero already on its last step stays there."""
    from engine_helpers import set_trait
    s = table(seats=("Red", "Blue", "Green"), chars=("ava", "bo", "cy"))
    set_trait(s, "Red", "speed", 0)
    set_trait(s, "Green", "speed", 2)
    start_haunt(s, spec(setup=[{"trait": {"who": "heroes", "trait": "speed", "steps": -2}}]), revealer="Blue")
    assert s["players"]["Red"]["alive"] and s["players"]["Red"]["traits"]["speed"] == 0
    assert s["players"]["Green"]["traits"]["speed"] == 0 and s["players"]["Green"]["alive"]

# -- special rules -----------------------------------------------------------

def test_attack_with_lets_a_side_attack_with_another_trait_R_FIGHT_4_R_AUTH_1():
    """R-FIGHT-4 replaced: the heroes may attack the traitor with Sanity; both roll it."""
    s, _ = haunted(spec())
    refused(s, "Red", "attack", "R-FIGHT-4", target="Blue", trait="sanity")
    s, _ = haunted(spec(rules=[{"attack_with": {"who": "heroes", "trait": "sanity", "target": "traitor"}}]))
    assert {"action": "attack", "args": {"target": "Blue", "trait": "sanity"}} in E.legal_actions(s, "Red")
    s, ev = act(s, "Red", "attack", Dice(2, 2, 2, 0, 0, 0, 0), target="Blue", trait="sanity")
    rolls = [e for e in ev if e["type"] == "dice_rolled"]
    assert [r["trait"] for r in rolls] == ["sanity", "sanity"]
    assert s["pending"]["damage_kind"] == "mental" and s["pending"]["seat"] == "Blue"


def test_destroy_removes_a_monster_defeated_the_way_it_names_R_MONSTER_2_R_AUTH_1():
    """R-MONSTER-2 replaced: a ghoul beaten with the axe is gone for good;
    beaten bare-handed it is only stunned."""
    sp = spec(setup=[{"monsters": {"kind": "ghoul", "count": 2, "at": "foyer"}}],
              rules=[{"destroy": {"kind": "ghoul", "by": "item:axe"}}])
    s, _ = haunted(sp)
    put(s, "Red", "foyer")
    hand(s, "Red", "axe")
    s, ev = act(s, "Red", "attack", Dice(2, 2, 2, 2, 0, 0, 0), target="ghoul_1", weapon="axe")
    assert ev[-1] == {"type": "monster_destroyed", "monster": "ghoul_1"}
    assert [m["id"] for m in s["haunt"]["monsters"]] == ["ghoul_2"]
    assert s["haunt"]["destroyed"] == [{"id": "ghoul_1", "kind": "ghoul"}]
    s["turn"].update(attacked=False, attacks=0)
    s, ev = act(s, "Red", "attack", Dice(2, 2, 2, 0, 0, 0), target="ghoul_2")
    assert ev[-1] == {"type": "monster_stunned", "monster": "ghoul_2"}


def test_invulnerable_monsters_are_hurt_only_the_way_named_R_FIGHT_4_R_AUTH_1():
    """R-FIGHT-4 replaced: only the axe can touch it."""
    sp = spec(setup=[{"monsters": {"kind": "ghoul", "count": 1, "at": "revealer"}}],
              rules=[{"invulnerable": {"kind": "ghoul", "except": "item:axe"}}])
    s, _ = haunted(sp)
    hand(s, "Red", "axe")
    e = refused(s, "Red", "attack", "R-FIGHT-4", target="ghoul_1")
    assert "cannot be attacked that way" in e.message["en"]
    attacks = [a["args"] for a in E.legal_actions(s, "Red") if a["action"] == "attack"]
    assert {"target": "ghoul_1", "weapon": "axe"} in attacks and {"target": "ghoul_1"} not in attacks
    s, ev = act(s, "Red", "attack", Dice(2, 2, 2, 2, 0, 0, 0), target="ghoul_1", weapon="axe")
    assert ev[-1]["type"] == "monster_stunned"


def test_room_hurts_and_room_heals_act_at_the_end_of_a_turn_there_R_SPECIAL_R_AUTH_1():
    """R-SPECIAL replaced for the haunt's rooms: the foyer hurts heroes, the
    staircase restores Sanity to its start value."""
    sp = spec(rules=[{"room_hurts": {"room": "foyer", "damage": "mental", "amount": 2, "who": "heroes"}},
                     {"room_heals": {"room": "grand_staircase", "trait": "sanity", "who": "all"}}])
    s, _ = haunted(sp)
    put(s, "Red", "foyer")
    s, ev = act(s, "Red", "end_turn")
    assert s["pending"] == {"seat": "Red", "kind": "damage", "damage_kind": "mental", "amount": 2,
                            "traits": ["knowledge", "sanity"]}
    s2, _ = haunted(sp)
    put(s2, "Blue", "foyer")                                         # the traitor: not hurt
    s2["turn"]["seat"], s2["turn_i"] = "Blue", s2["order"].index("Blue")
    s2, ev = act(s2, "Blue", "end_turn")
    assert s2["pending"] is None and "damage_taken" not in types(ev)
    s3, _ = haunted(sp)
    put(s3, "Red", "grand_staircase")
    s3["players"]["Red"]["traits"]["sanity"] = 1
    s3, ev = act(s3, "Red", "end_turn")
    assert s3["players"]["Red"]["traits"]["sanity"] == 3


def test_weapon_rule_makes_a_card_attack_as_a_weapon_R_ITEM_R_AUTH_1():
    """R-ITEM replaced: the medallion attacks with 2 more dice."""
    s, _ = haunted(spec(rules=[{"weapon": {"card": "medallion", "dice": 2}}]))
    hand(s, "Red", "medallion")
    assert {"action": "attack", "args": {"target": "Blue", "weapon": "medallion"}} in E.legal_actions(s, "Red")
    s, ev = act(s, "Red", "attack", Dice(0, 0, 0, 0, 0, 0, 0, 0), target="Blue", weapon="medallion")
    assert [e["dice"] for e in ev if e["type"] == "dice_rolled"][0] == 5       # Might 3 + 2
    s2, _ = haunted(spec())
    hand(s2, "Red", "medallion")
    refused(s2, "Red", "attack", "R-CARD-5", target="Blue", weapon="medallion")


def test_extra_attack_gives_a_side_two_attacks_a_turn_R_FIGHT_2_R_AUTH_1():
    """R-FIGHT-2 replaced: the heroes attack twice a turn, not three times."""
    s, _ = haunted(spec(rules=[{"extra_attack": {"who": "heroes"}}]))
    s, _ = act(s, "Red", "attack", Dice(0, 0, 0, 0, 0, 0), target="Blue")
    s, _ = act(s, "Red", "attack", Dice(0, 0, 0, 0, 0, 0), target="Blue")
    refused(s, "Red", "attack", "R-FIGHT-2", target="Blue")
    s2, _ = haunted(spec())
    s2, _ = act(s2, "Red", "attack", Dice(0, 0, 0, 0, 0, 0), target="Blue")
    refused(s2, "Red", "attack", "R-FIGHT-2", target="Blue")


def test_stunned_move_lets_a_recovering_monster_move_but_not_attack_R_MONSTER_2_R_AUTH_1():
    """R-MONSTER-2 replaced (seed 001): a stunned monster still moves."""
    for rules, moves in (([], False), ([{"stunned_move": True}], True)):
        s, _ = haunted(spec(setup=[{"monsters": {"kind": "ghoul", "count": 1, "at": "foyer"}}], rules=rules))
        s["haunt"]["monsters"][0]["stunned"] = True
        put(s, "Red", "foyer")
        s["turn"]["seat"], s["turn_i"] = "Blue", s["order"].index("Blue")
        s, _ = act(s, "Blue", "end_turn", Dice(2, 2))
        assert s["turn"]["seat"] == "monsters"
        acts = E.legal_actions(s, "Blue")
        assert any(a["action"] == "monster_move" for a in acts) is moves
        assert not any(a["action"] == "monster_attack" for a in acts)
        if moves:
            s, ev = act(s, "Blue", "monster_move", monster="ghoul_1", to="entrance_hall")
            assert s["haunt"]["monsters"][0]["room"] == "entrance_hall"
        else:
            refused(s, "Blue", "monster_move", "R-MONSTER-2", monster="ghoul_1", to="entrance_hall")
