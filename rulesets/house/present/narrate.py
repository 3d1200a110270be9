"""One sentence per notable event, in every locale, for the table's chat.

The sentences are the words catalog's `narrate` group; names come from the
compiled content (rooms, cards, characters, the terms for traits and
floors) through the namer, so the chat uses the same words as the cards.
Only public events are narrated here: a private one reaches its seats by a
`say` instruction of their own.
"""
from __future__ import annotations

from typing import Any

from kit.words import LOCALES

from .names import Namer, pick

SEAT_FIELDS = ("seat", "by", "from", "to", "first", "traitor", "revealer", "attacker", "defender", "monster")


def _fields(ev: dict, n: Namer, loc: str) -> dict[str, Any]:
    f = {k: v for k, v in ev.items() if isinstance(v, (str, int, float))}
    for key in SEAT_FIELDS:
        if key in ev:
            f[key] = n.seat(ev[key], loc)
    if "seat" not in ev and "monster" in ev:
        f["seat"] = f["monster"]
    if "room" in ev:
        f["room"] = n.room(ev["room"], loc)
    if "card" in ev:
        f["card"] = n.card(ev["card"], ev.get("deck"), loc)
    if "deck" in ev:
        f["deck"] = n.word(f"deck.{ev['deck']}", loc, str(ev["deck"]))
    if "trait" in ev:
        f["trait"] = n.term(ev["trait"], loc)
    if "character" in ev:
        f["character"] = n.character(ev["character"], ev.get("side", 0), loc)
    if "faces" in ev:
        f["faces"] = " ".join(str(x) for x in ev["faces"])
    if "token" in ev:
        f["token"] = n.token(ev["token"], loc)
    if ev.get("type") == "haunt_began":
        f["title"] = pick((n.view.get("haunt") or {}).get("title"), loc) or str(ev.get("haunt"))
    if "winner" in ev:
        f["winner"] = n.word(f"side.{ev['winner']}", loc, str(ev["winner"]))
    return f


def variant(ev: dict, n: Namer) -> str | None:
    """The sentence an event takes when it has several (its group's key)."""
    kind = ev.get("type")
    if kind == "game_over":
        return str(ev.get("winner"))           # the engine names the house when a traitorless haunt is lost
    if kind == "haunt_began":
        return "hidden" if ev.get("hidden") else "traitor" if ev.get("traitor") else "none"
    if kind == "item_placed":
        return "held" if ev.get("seat") else "room"
    if kind == "ritual_progress":
        return str(ev.get("side"))
    return None


def message(ev: dict, n: Namer) -> dict | None:
    key = f"narrate.{ev.get('type')}"
    if variant(ev, n) is not None:
        key = f"{key}.{variant(ev, n)}"
    if ev.get("type") == "tile_placed" and ev.get("by") == "haunt":
        key = "narrate.haunt_room"              # a room the haunt's setup adds: nobody discovered it
    if key not in n.words or ev.get("visible_to") is not None:
        return None
    template = n.words.raw(key)
    try:
        return {loc: template[loc].format_map(_fields(ev, n, loc)) for loc in LOCALES}
    except (KeyError, IndexError, ValueError):
        return None


def per_event(events: list[dict], n: Namer) -> list[dict | None]:
    """One narration (or None) per event, in order."""
    return [message(ev, n) for ev in events]
