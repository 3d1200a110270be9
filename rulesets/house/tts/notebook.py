"""The rules reference inside the mod: the TTS Notebook's tabs, per locale.

How to start and how the table is played (its gestures, buttons and the
host's panel) and the rules in brief come from the house words; the rooms,
cards and characters are listed from the compiled content in the save's
locale, so the reference never drifts from what the server plays. Haunts
are not listed: each side's book is secret (R-HAUNT-7).
"""
from __future__ import annotations

from typing import Callable

from .terms import term

TRAITS = ("might", "speed", "knowledge", "sanity")
VISIBLE = {"r": 0.5, "g": 0.5, "b": 0.5}


def _tab(i: int, title: str, body: str) -> dict:
    return {"title": title, "body": body, "color": "Grey", "visibleColor": VISIBLE, "id": i}


def _rooms(content: dict, locale: str, terms: dict, plain: Callable[[dict | None], str]) -> str:
    out = []
    for room in sorted((content.get("rooms") or {}).values(), key=lambda r: plain(r.get("name"))):
        floors = " / ".join(term(f, locale, terms) for f in room.get("floors") or [])
        icon = room.get("icon")
        head = f"{plain(room.get('name'))} — {floors}"
        if icon in ("event", "item", "omen"):
            head += f" — {term(icon, locale)}"
        text = plain(room.get("text"))
        out.append(head + (f"\n{text}" if text else ""))
    return "\n\n".join(out)


def _cards(cards: dict, plain: Callable[[dict | None], str]) -> str:
    return "\n\n".join(f"{plain(c.get('title'))}\n{plain(c.get('text'))}"
                       for c in sorted(cards.values(), key=lambda c: plain(c.get("title"))))


def _characters(content: dict, locale: str, terms: dict, plain: Callable[[dict | None], str]) -> str:
    out = []
    for ch in (content.get("characters") or {}).values():
        for side in ch.get("sides") or []:
            traits = side.get("traits") or {}
            starts = ", ".join(f"{term(t, locale, terms)} {traits[t]['track'][traits[t]['start']]}"
                               for t in TRAITS if t in traits)
            out.append(f"{plain(side.get('name'))} ({side.get('age')}): {starts}")
    return "\n".join(out)


def tabs(content: dict, locale: str, mod_version: str, plain: Callable[[dict | None], str]) -> dict:
    """The save's TabStates: keys are stringified ints, as TTS writes them.
    `plain(text)` gives a content text in this locale with its icon tokens
    spelled out (a tab shows no icons)."""
    terms = content.get("terms") or {}
    pages = [
        (term("notebook_title", locale), term("notebook_body", locale).format(version=mod_version)),
        (term("notebook_play_title", locale), term("notebook_play_body", locale)),
        (term("notebook_rules_title", locale), term("notebook_rules_body", locale)),
        (term("notebook_rooms", locale), _rooms(content, locale, terms, plain)),
        (term("event", locale), _cards(content.get("events") or {}, plain)),
        (term("item", locale), _cards(content.get("items") or {}, plain)),
        (term("omen", locale), _cards(content.get("omens") or {}, plain)),
        (term("notebook_characters", locale), _characters(content, locale, terms, plain)),
    ]
    return {str(i): _tab(i, title, body) for i, (title, body) in enumerate(pages)}
