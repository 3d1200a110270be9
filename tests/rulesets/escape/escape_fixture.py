"""A small compiled-content dict in the shape the escape compiler writes:
enough characters, infected, items and explore cards to exercise every rule.
Tests rearrange the decks to put the card they need on top."""
import copy


def _t(en, zh="测"):
    return {"zh-Hans": zh, "zh-Hant": zh, "en": en}


def character(id, stamina, when, steps=(), limit="round", score=None, hide_draws=1):
    return {"id": id, "name": _t(id), "role": _t(id), "stamina": stamina, "hide_draws": hide_draws,
            "skill": {"name": _t(id + " skill"), "text": _t(""), "when": when, "limit": limit,
                      "steps": list(steps), "score": score}}


CHARACTERS = [
    character("reporter", 3, "end", score={"per": "infected_eliminated", "vp": 2}),
    character("officer", 4, "free", [{"op": "move", "to": "ahead", "target": "self"}]),
    character("resident", 3, "explore", [{"op": "scout", "count": 2}], hide_draws=2),
    character("firefighter", 5, "free", [{"op": "stamina", "amount": 1, "target": "chosen"}]),
    character("agent", 4, "free", [{"op": "draw_item", "count": 2, "target": "self"}], limit="game"),
]


def infected(id, hit_by, hits):
    return {"id": id, "name": _t(id), "text": _t(""), "hit_by": hit_by, "hits": hits}


INFECTED = [infected("inf_runner", ["blade", "blunt"], 2), infected("inf_bloated", ["fire"], 1),
            infected("inf_crawler", ["blade"], 1), infected("inf_brute", ["firearm", "fire"], 2),
            infected("inf_screamer", ["blunt", "firearm"], 1), infected("inf_nurse", ["chemical", "blade"], 2)]


def item(id, kind, tags=(), vp=0, defence=0, use=()):
    return {"id": id, "kind": kind, "title": _t(id), "text": _t(""), "tags": list(tags), "vp": vp,
            "defence": defence, "use": list(use)}


ITEMS = [
    item("food", "instant", ["food"], use=[{"op": "stamina", "amount": 1, "target": "self"}]),
    item("bandage", "instant", ["medicine"], use=[{"op": "stamina", "amount": 2, "target": "chosen"}]),
    item("toy", "instant", ["toy"], use=[{"op": "distract"}]),
    item("flare", "instant", ["fire"], use=[{"op": "peek_explore", "count": 2}]),
    item("map", "instant", ["tool"], use=[{"op": "move", "to": "front", "target": "self"}]),
    item("knife", "instant", ["blade"]),
    item("molotov", "instant", ["fire"]),
    item("pills", "instant", ["medicine"], use=[{"op": "remove_revelation", "target": "self"}]),
    item("pipe", "equipment", ["blunt"], defence=1),
    item("helmet", "equipment", [], defence=1),
    item("vest", "equipment", [], defence=2),
    item("pistol", "equipment", ["firearm"]),
    item("axe", "equipment", ["blade"], defence=1),
    item("ring", "valuable", vp=3),
    item("watch", "valuable", vp=2),
    item("cash", "valuable", vp=1),
] + [item(f"coin{i}", "valuable", vp=1) for i in range(8)] + [
    item(f"knife{i}", "instant", ["blade"]) for i in range(6)] + [
    item(f"snack{i}", "instant", ["food"], use=[{"op": "stamina", "amount": 1, "target": "self"}]) for i in range(4)]


def explore(id, kind, steps=(), place=None, stairs=False, swap=True):
    return {"id": id, "kind": kind, "title": _t(id), "text": _t(""), "steps": list(steps), "place": place,
            "stairs": stairs, "swap": swap}


EXPLORE = [
    explore("ev_quiet", "event"),
    explore("ev_hurt", "event", [{"op": "stamina", "amount": -1, "target": "self"}]),
    explore("ev_supplies", "event", [{"op": "draw_item", "count": 1, "target": "all"}]),
    explore("ev_drop", "event", [{"op": "discard_item", "count": 1, "target": "behind"}]),
    explore("ev_push", "event", [{"op": "move", "to": "end", "target": "chosen"}]),
    explore("ev_gamble", "event", [{"op": "roll", "outcomes": [
        {"min": 1, "max": 2, "then": [{"op": "stamina", "amount": -1, "target": "self"}]},
        {"min": 3, "max": 6, "then": [{"op": "draw_item", "count": 1, "target": "self"}]}]}]),
    explore("ev_again", "event", [{"op": "draw_explore"}]),
    explore("rev_front", "revelation", place="front"),
    explore("rev_end", "revelation", place="end"),
    explore("rev_self", "revelation", place="drawer"),
    explore("rev_chosen", "revelation", place="chosen"),
    explore("rev_front2", "revelation", place="front"),
    explore("rev_end2", "revelation", place="end"),
    explore("rev_self2", "revelation", place="drawer"),
    explore("rev_behind", "revelation", place="behind"),
    explore("adv_corridor", "advance"),
    explore("adv_landing", "advance", [{"op": "draw_item", "count": 1, "target": "self"}]),
    explore("adv_jammed", "advance", swap=False),
    explore("stairs_1", "advance", stairs=True),
    explore("stairs_2", "advance", stairs=True),
    explore("stairs_3", "advance", stairs=True),
    explore("stairs_4", "advance", stairs=True),
    explore("stairs_5", "advance", stairs=True),
] + [explore(f"ev_filler{i}", "event") for i in range(6)]

SETTINGS = {"hand_limit": 5, "equipment_limit": 3, "vp_hit": 1, "vp_eliminate": 3, "vp_infected_hit": 2,
            "vp_turn": 5, "vp_kill": 0, "default_condition": {"hit_by": ["blade", "blunt", "fire"], "hits": 2}}


def content() -> dict:
    return copy.deepcopy({
        "ruleset": "escape", "content_hash": "fixture", "locales": ["zh-Hans", "zh-Hant", "en"],
        "characters": {c["id"]: c for c in CHARACTERS}, "infected": {c["id"]: c for c in INFECTED},
        "items": {c["id"]: c for c in ITEMS}, "explore": {c["id"]: c for c in EXPLORE},
        "settings": SETTINGS, "terms": {},
    })
