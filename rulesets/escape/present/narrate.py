"""One line of chat per event, in every locale, from the ruleset's words
(`narrate.*`). Events the table shows otherwise (prompts, turn marks, hand
sizes, the order of a cycle) are not narrated."""
from __future__ import annotations

from kit.words import LOCALES

from .names import Namer

SILENT = frozenset({"prompt", "hand_changed", "passed", "fight_order", "column_changed", "turn_began"})
PEOPLE = ("seat", "from", "to", "by", "a", "b", "leader", "target", "drawn_by", "infected")
CARDS = ("card", "gave", "got")
LISTS = {"cards": "card", "promise": "card", "column": "person", "seats": "person", "winners": "person"}


def _fields(ev: dict, n: Namer) -> dict[str, dict[str, str]]:
    out: dict[str, dict[str, str]] = {}
    for key, value in ev.items():
        if key in ("type", "visible_to"):
            continue
        if key in PEOPLE:
            out[key] = n.person(value)
        elif key in CARDS:
            out[key] = n.card(value)
        elif key == "spot":
            out[key] = n.spot(value)
        elif key == "character":
            out[key] = n.content["characters"][value]["name"]
        elif key in LISTS:
            name = n.card if LISTS[key] == "card" else n.person
            out[key] = n.join([name(v) for v in value]) if value else n.word("game.nothing")
        elif key == "place":
            out[key] = {loc: str(value + 1) for loc in LOCALES}
        elif key == "phase":
            out[key] = n.word(f"game.phase_{value}")
        elif isinstance(value, (int, str)):
            out[key] = {loc: str(value) for loc in LOCALES}
    return out


def _special(ev: dict, n: Namer, f: dict) -> str | None:
    """The template key, with any field an event needs composed first."""
    kind = ev["type"]
    if kind == "character_dealt":
        f["seat"] = n.colour(ev["seat"])           # who drew it, before it has a name
    elif kind == "item_discarded" and ev.get("reason") == "used":
        return None                                # item_played said it
    elif kind == "hide":
        f["result"] = n.word("narrate.hide_success" if ev["success"] else "narrate.hide_failure")
    elif kind == "dice_rolled" and ev.get("purpose") == "infected_attack":
        f["result"] = n.word("narrate.hit" if ev["hit"] else "narrate.miss")
        return "narrate.infected_roll"
    elif kind == "turn_skipped":
        f["who"] = n.person(ev["seat"] if ev.get("seat") else ev.get("infected"))
    elif kind == "game_over":
        scores = [(n.person(s), v) for s, v in sorted(ev["scores"].items(), key=lambda kv: -kv[1])]
        f["scores"] = {loc: ("，" if loc != "en" else ", ").join(f"{p[loc]} {v}" for p, v in scores)
                       for loc in LOCALES}
    return f"narrate.{kind}"


def narrate(ev: dict, n: Namer) -> dict[str, str] | None:
    if ev["type"] in SILENT:
        return None
    f = _fields(ev, n)
    key = _special(ev, n, f)
    if key is None or key not in n.words:
        return None
    tpl = n.words.raw(key)
    return {loc: tpl[loc].format_map({k: v[loc] for k, v in f.items()}) for loc in LOCALES}


def messages(events: list[dict], table) -> list[dict[str, str]]:
    """The narration of the public events, in order."""
    n = Namer(table)
    return [m for ev in events if ev.get("visible_to") is None and (m := narrate(ev, n))]
