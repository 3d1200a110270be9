"""The legal actions as buttons: each with a label in every locale
(`label.*` in the ruleset's words), named from the content."""
from __future__ import annotations

from kit.words import LOCALES

from .names import Namer


def _key(action: dict) -> str:
    name, args = action["action"], action.get("args") or {}
    if name == "explore" and args.get("skill"):
        return "explore_skill"
    if name == "equip" and args.get("discard"):
        return "equip_discard"
    if name == "accept" and "card" in args:
        return "accept_card"
    if name == "attack" and "target" in args:
        return "attack_target"
    if name == "flee" and args.get("promise"):
        return "flee_promise"
    return name


def _fields(args: dict, n: Namer) -> dict[str, dict[str, str]]:
    out = {}
    for key, value in args.items():
        if key in ("card", "discard"):
            out[key] = n.card(value)
        elif key in ("with", "to", "target", "infected"):
            out[key] = n.person(value)
        elif key == "promise":
            out[key] = n.join([n.card(c) for c in value])
        elif key in ("option", "place"):
            out[key] = n.anything(value)
    return out


def label_one(action: dict, n: Namer) -> dict[str, str]:
    tpl = n.words.raw(f"label.{_key(action)}")
    f = _fields(action.get("args") or {}, n)
    return {loc: tpl[loc].format_map({k: v[loc] for k, v in f.items()}) for loc in LOCALES}


def label(actions: list[dict], table, seat) -> list[dict]:
    n = Namer(table)
    return [{**a, "label": label_one(a, n)} for a in actions]
