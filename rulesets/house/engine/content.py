"""Turn the compiled content into the lookup tables the engine reads.

Done once per table (in `new_table`) and kept in the state under "rules":
copies of the state share it, so its size costs nothing per action. Effects
are accepted both as `{"op": name, ...}` (compiled form) and as the one-key
maps of the YAML, so hand-made fixtures and compiled content read alike.
"""
from __future__ import annotations

from ..steps import CARD_FLAGS, TRAITS, with_defaults  # noqa: F401  (TRAITS re-exported for the engine)
from .geometry import SIDE_INDEX, turned
from .scenario import norm_haunt

from ..game import FLOORS  # noqa: F401  (re-exported for the engine)


def norm_steps(steps) -> list[dict]:
    out = []
    for step in steps or []:
        if "op" not in step:
            if len(step) != 1:
                raise ValueError(f"an effect step is a one-key map: {step!r}")
            (op, body), = step.items()
            step = {"op": op, **(body or {})}
        s = with_defaults(step)            # compiled steps spell out nulls; the vocabulary fills defaults
        if "outcomes" in s:
            s["outcomes"] = [{**{k: v for k, v in o.items() if v is not None}, "then": norm_steps(o.get("then"))}
                             for o in s["outcomes"]]
        if "options" in s and s["op"] == "choice":
            s["options"] = [{**o, "then": norm_steps(o.get("then"))} for o in s["options"]]
        out.append(s)
    return out


# Steps that may put a question to the player: the question names the card asking.
ASKING = frozenset({"choice", "gain", "lose", "discard_item"})


def _sourced(steps: list[dict], card: str) -> list[dict]:
    """Each `lasting` step names the card it comes from: a kept event goes
    once its modifiers are over, and a card's next-roll bonus does not add
    to itself (effects.py). A step that may ask the player names it too, so
    the question says which card is asking."""
    for s in steps:
        if s["op"] == "lasting" or s["op"] in ASKING:
            s["source"] = card
        for branch in [*s.get("outcomes", ()), *s.get("options", ())]:
            _sourced(branch["then"], card)
    return steps


def _items(coll):
    """Compiled content keys objects by id; a list is accepted too."""
    if isinstance(coll, dict):
        return [{"id": k, **v} if "id" not in v else v for k, v in coll.items()]
    return list(coll or [])


def _special(raw):
    if not raw:
        return None
    params = dict(raw.get("params") or {})
    params.update({k: v for k, v in raw.items() if k != "params"})
    return params


def normalize(content: dict) -> dict:
    rooms, links = {}, {}
    starts = {}
    for r in _items(content.get("rooms")):
        rid = r["id"]
        rooms[rid] = {
            "id": rid, "floors": list(r.get("floors") or []),
            "doors": sorted(SIDE_INDEX[d] for d in r.get("doors") or []),
            "turns": [turned(sorted(SIDE_INDEX[d] for d in r.get("doors") or []), k) for k in range(4)],
            "icon": r.get("icon") or "none", "special": _special(r.get("special")),
            "start": r.get("start"), "name": r.get("name", {}),
        }
        links.setdefault(rid, [])
        for link in r.get("links") or []:
            to = link["to"] if isinstance(link, dict) else link
            links[rid].append(to)
            links.setdefault(to, []).append(rid)
        if r.get("start"):
            starts.setdefault(r["start"]["floor"], []).append(rid)
    cards, decks = {}, {}
    for deck, key in (("event", "events"), ("item", "items"), ("omen", "omens")):
        decks[deck] = []
        for c in _items(content.get(key)):
            card = {k: c.get(k, v) for k, v in CARD_FLAGS.items()}
            card.update(id=c["id"], deck=deck, effect=_sourced(norm_steps(c.get("effect")), c["id"]),
                        use=_sourced(norm_steps(c.get("use")), c["id"]),
                        trait_bonus=dict(c.get("trait_bonus") or {}), title=c.get("title", {}))
            cards[c["id"]] = card
            decks[deck].append(c["id"])
    characters = {}
    for ch in _items(content.get("characters")):
        sides = []
        for side in ch["sides"]:
            sides.append({"age": side.get("age", 0), "name": side.get("name", {}),
                          "traits": {t: {"track": list(side["traits"][t]["track"]),
                                         "start": int(side["traits"][t]["start"])} for t in TRAITS}})
        characters[ch["id"]] = {"id": ch["id"], "sides": sides}
    haunts = {h["id"]: norm_haunt(h) for h in _items(content.get("haunts"))}
    chart = content.get("haunt_chart") or {"omens": [], "rooms": [], "cells": {}}
    stop_rooms = sorted(r for r, room in rooms.items()
                        if (room["special"] or {}).get("kind") in ("chute", "unstable_floor", "crossing", "leaving_check"))
    return {
        "rooms": rooms, "stop_rooms": stop_rooms, "links": {k: sorted(set(v)) for k, v in links.items()}, "cards": cards,
        "decks": decks, "characters": characters, "haunts": haunts, "chart": chart,
        "landing": {f: _entrance(starts.get(f, []), rooms) for f in FLOORS},
        "terms": dict(content.get("terms") or {}),
    }


def _entrance(ids, rooms):
    """The room figures start in (R-SETUP-4) or land on (R-SPECIAL-1): the
    floor's start room at grid (0, 0), else its first start room."""
    for rid in ids:
        s = rooms[rid]["start"]
        if s.get("x", 0) == 0 and s.get("y", 0) == 0:
            return rid
    return ids[0] if ids else None
