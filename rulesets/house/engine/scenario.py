"""A haunt scenario as the engine reads it, and its setup (R-HAUNT-8).

The compiled content writes setup steps, special rules and objectives as
flat dicts named by `step`, `rule` and `objective` (docs/rulesets/haunts.md).
Hand-made fixtures may write them as the YAML's one-key maps, and older
fixtures in the earlier shorthand (a win condition as one word, `track`,
monsters with `count` and `start`, `rules` as a mapping): `norm_haunt`
reads all of these into one shape, once, so the rest of the engine never
asks which form a haunt came in.
"""
from __future__ import annotations

from kit.draft import peek

from . import board as B
from . import traits as T
from .cards import take
from .movement import place_new

# The earlier shorthand's win-condition words.
_WORDS = {"monsters_stunned_all": "monsters_stunned"}
_LIST_RULES = ("attack_with", "destroy", "invulnerable", "room_hurts", "room_heals")


def _flat(entry, key: str) -> dict:
    """`{key: name, ...}` from the compiled form or a one-key map `{name: body}`."""
    if key in entry:
        return dict(entry)
    (name, body), = entry.items()
    if isinstance(body, dict):
        return {key: name, **body}
    if key == "rule" and name == "order":
        return {key: name, "order": body}
    if key == "rule" and name == "monsters_can_win":
        return {key: name, "value": body}
    return {key: name}


def _objectives(raw) -> list[dict]:
    if raw is None:
        return []
    if isinstance(raw, str):
        return [{"objective": _WORDS.get(raw, raw), "kind": None}]
    out = [_flat(o, "objective") for o in raw]
    for o in out:
        o.setdefault("kind", None)
    return out


def _rules(raw) -> dict:
    """The special rules indexed by what they replace, for the hot paths."""
    out = {"allies_attack": False, "order": "standard", "monsters_can_win": None, "stunned_move": False,
           "extra_attack": [], "weapon": {}, **{k: [] for k in _LIST_RULES}}
    if isinstance(raw, dict):                       # the earlier shorthand
        raw = [{"rule": k, **({"order": v} if k == "order" else {"value": v})} for k, v in raw.items()
               if v is not None and v is not False and not (k == "order" and v == "standard")]
    for r in (_flat(e, "rule") for e in raw or []):
        name = r["rule"]
        if name in ("allies_attack", "stunned_move"):
            out[name] = r.get("value", True) is not False
        elif name == "order":
            out["order"] = r["order"]
        elif name == "monsters_can_win":
            out["monsters_can_win"] = bool(r["value"])
        elif name == "extra_attack":
            out["extra_attack"].append(r["who"])
        elif name == "weapon":
            out["weapon"][r["card"]] = {"dice": r.get("dice", 0), "trait": r.get("trait") or "might"}
        else:
            out[name].append(r)
    return out


def norm_haunt(h: dict) -> dict:
    if h.get("_norm"):
        return h
    setup = [_flat(s, "step") for s in h.get("setup") or []]
    monsters = []
    for m in h.get("monsters") or []:
        monsters.append({"id": m["id"], "name": m.get("name"), "traits": dict(m.get("traits") or {}),
                         "carries_items": bool(m.get("carries_items")),
                         "attackable_with": list(m.get("attackable_with") or [])})
        if "count" in m or "start" in m:            # the earlier shorthand: placed where it starts
            setup.append({"step": "monsters", "kind": m["id"], "count": m.get("count", 1),
                          "at": m.get("start", "traitor")})
    clock = h.get("clock")
    if clock is None and h.get("track"):
        clock = {"counts": "rounds", **h["track"]}
    traitor = {"rule": "revealer", "trait": None, "except_revealer": False, "hidden": False,
               **{k: v for k, v in (h.get("traitor") or {}).items() if v is not None}}
    return {
        "_norm": True, "id": h["id"], "title": h.get("title"), "art": h.get("art"), "traitor": traitor,
        "monsters": monsters, "tokens": {t["id"]: t.get("name") for t in h.get("tokens") or []},
        "setup": setup, "rules": _rules(h.get("rules")),
        "heroes_win": _objectives(h.get("heroes_win")), "traitor_wins": _objectives(h.get("traitor_wins")),
        "clock": dict(clock) if clock else None, "intro": h.get("intro"),
        "heroes_book": h.get("heroes_book") or h.get("heroes_text"),
        "traitor_book": h.get("traitor_book") or h.get("traitor_text"),
    }


def places(state: dict, at: str) -> list[str]:
    """The rooms a setup step's `at` names (docs/rulesets/haunts.md, "Places")."""
    h = state["haunt"]
    players = state["players"]
    if at == "traitor":
        return [players[h["traitor"] or h["revealer"]]["room"]]
    if at == "revealer":
        return [players[h["revealer"]]["room"]]
    if at == "omen_room":
        return [h["room"] if h["room"] in state["tiles"] else players[h["revealer"]]["room"]]
    if at == "each_hero":
        return [p["room"] for s, p in players.items() if s != h["traitor"] and p["alive"]]
    if at in state["tiles"]:
        return [at]
    return [players[h["traitor"] or h["revealer"]]["room"]]   # a room the content check let through unplaced


def apply_setup(state: dict, rng, events: list) -> None:
    """R-HAUNT-8: the steps in order, before the first haunt turn."""
    for step in state["rules"]["haunts"][state["haunt"]["id"]]["setup"]:
        SETUP[step["step"]](state, rng, step, events)


def _add_room(state, rng, step, events):
    """From the stack or the set-aside rooms, at the open door nearest the
    revealer on a floor the room allows; a room already in play stays put."""
    room = step["room"]
    if room in state["tiles"]:
        return
    pile = next((p for p in (state["decks"]["room"], state["discards"]["room"]) if room in p), None)
    if pile is None:
        return
    rfloor, rx, ry, _ = state["tiles"][state["players"][state["haunt"]["revealer"]]["room"]]
    best = None
    for floor in state["rules"]["rooms"][room]["floors"]:
        for x, y, rot in B.spots(state, room, floor):
            far = (abs(x - rx) + abs(y - ry)) if floor == rfloor else 1000
            if best is None or (far, floor, x, y, rot) < best:
                best = (far, floor, x, y, rot)
    if best is None:
        return
    pile.remove(room)
    place_new(state, room, *best[1:], "haunt", events)


def at_table(value, state: dict) -> int:
    """A haunt's number at this table: written once, or per table size
    ({"3": n, ..., "6": n}, docs/rulesets/haunts.md) so a haunt asks as much
    of three players as of six."""
    return value if type(value) is int else value[str(len(peek(state, "players")))]


def _monsters(state, rng, step, events):
    h = state["haunt"]
    spec = next(m for m in state["rules"]["haunts"][h["id"]]["monsters"] if m["id"] == step["kind"])
    for room in places(state, step["at"]):
        for _ in range(at_table(step["count"], state)):
            h["placed"][spec["id"]] = n = h["placed"].get(spec["id"], 0) + 1
            m = {"id": f"{spec['id']}_{n}", "kind": spec["id"], "room": room, "traits": dict(spec["traits"]),
                 "stunned": False, "recovering": False, "left": 0, "attacked": False, "items": [],
                 "carries": spec["carries_items"], "attackable_with": list(spec["attackable_with"])}
            h["monsters"].append(m)
            events.append({"type": "monster_placed", "monster": m["id"], "kind": m["kind"], "room": room})


def _tokens(state, rng, step, events):
    h = state["haunt"]
    kind = step["kind"]
    for room in places(state, step["at"]):
        for _ in range(at_table(step["count"], state)):
            h["placed"][kind] = n = h["placed"].get(kind, 0) + 1
            tid = f"{kind}_{n}"
            h["tokens"][tid] = {"kind": kind, "room": room, "holder": None}
            events.append({"type": "token_placed", "token": tid, "kind": kind, "room": room})


def _item(state, rng, step, events):
    """The card leaves wherever it is (a deck, a discard pile, a room's floor)
    for the place; a card someone holds stays with them."""
    card = step["card"]
    deck = state["rules"]["cards"][card]["deck"]
    holder = None
    for pile in (state["decks"][deck], state["discards"][deck], *state["floor_items"].values()):
        if card in pile:
            pile.remove(card)
            break
    else:
        return
    at = step["at"]
    h = state["haunt"]
    if at in ("traitor", "revealer"):
        holder = h["traitor"] or h["revealer"] if at == "traitor" else h["revealer"]
    if holder is not None and state["players"][holder]["alive"]:
        take(state, holder, card, events)
        events.append({"type": "item_placed", "card": card, "room": state["players"][holder]["room"],
                       "seat": holder})
        return
    room = places(state, at)[0]
    state["floor_items"].setdefault(room, []).append(card)
    events.append({"type": "item_placed", "card": card, "room": room, "seat": None})


def _trait(state, rng, step, events):
    h = state["haunt"]
    who = step["who"]
    players = state["players"]
    if who == "traitor":
        seats = [h["traitor"]] if h["traitor"] else []
    elif who == "revealer":
        seats = [h["revealer"]]
    elif who == "heroes":
        seats = [s for s in players if s != h["traitor"]]
    else:
        seats = list(players)
    for s in seats:
        if players[s]["alive"]:
            # a setup step stops at the lowest living value: no one dies of a haunt's first line
            steps = max(step["steps"], -players[s]["traits"][step["trait"]])
            if steps:
                T.change(state, s, step["trait"], steps, events)


SETUP = {"add_room": _add_room, "monsters": _monsters, "tokens": _tokens, "item": _item, "trait": _trait}
