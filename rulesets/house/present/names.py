"""Names for what the chat and the menus mention, in one locale: seats (by
their character, else their colour), monsters, rooms, cards, traits and
floors, prompt options. From the compiled content, the public view and the
words — never the raw state."""
from __future__ import annotations

from typing import Any

from kit.words import LOCALES


def pick(value: Any, locale: str) -> str:
    if isinstance(value, dict):
        return value.get(locale) or value.get("en") or ""
    return "" if value is None else str(value)


class Namer:
    def __init__(self, content: dict, view: dict, words):
        self.content = content or {}
        self.view = view or {}
        self.words = words
        self.players = self.view.get("players") or {}
        haunt = self.view.get("haunt") or {}
        kinds = haunt.get("monster_names") or {}
        # monster id ("shade_2") -> its kind's name and number
        # (a destroyed one too: it is named as it leaves the table)
        self.monsters = {m["id"]: (kinds.get(m.get("kind")), m["id"].rsplit("_", 1)[-1])
                         for m in list(haunt.get("monsters") or []) + list(haunt.get("destroyed") or [])
                         if isinstance(m, dict) and isinstance(kinds.get(m.get("kind")), dict)}
        self.tokens = haunt.get("tokens") or {}
        kinds = haunt.get("token_names") or {}      # kind -> name (as the content lists them: [{id, name}])
        if isinstance(kinds, list):
            kinds = {t.get("id"): t.get("name") for t in kinds if isinstance(t, dict)}
        self.token_kinds = kinds

    def seat(self, seat: Any, loc: str) -> str:
        """A seat's character name (else its colour), or a monster's name."""
        if seat in self.monsters:
            name, number = self.monsters[seat]
            return f"{pick(name, loc)} {number}"
        p = self.players.get(seat)
        if isinstance(p, dict) and p.get("character"):
            name = self.character(p["character"], p.get("side", 0), loc)
            if name:
                return name
        if seat is None:
            return ""
        key = f"colour.{seat}"
        return self.words.get(key, loc) if key in self.words else str(seat)

    def token(self, tid: Any, loc: str) -> str:
        """A haunt token (`wick_2`): its kind's name and number."""
        kind = (self.tokens.get(tid) or {}).get("kind") if isinstance(tid, str) else None
        if kind is None and isinstance(tid, str):
            kind = tid.rsplit("_", 1)[0]
        name = self.token_kinds.get(kind)
        if not isinstance(name, dict):
            return str(tid)
        return f"{pick(name, loc)} {str(tid).rsplit('_', 1)[-1]}"

    def character(self, cid: str, side: Any, loc: str) -> str:
        ch = (self.content.get("characters") or {}).get(cid)
        try:
            return pick(ch["sides"][int(side or 0)]["name"], loc)
        except (TypeError, KeyError, IndexError, ValueError):
            return str(cid)

    def term(self, key: Any, loc: str) -> str:
        """A trait or floor name, from the content's terms."""
        term = (self.content.get("terms") or {}).get(key)
        return pick(term, loc) if isinstance(term, dict) else str(key)

    def room(self, rid: Any, loc: str) -> str:
        room = (self.content.get("rooms") or {}).get(rid)
        return pick(room["name"], loc) if isinstance(room, dict) and "name" in room else str(rid)

    def card(self, cid: Any, deck: Any, loc: str) -> str:
        for key in ([f"{deck}s"] if deck else []) + ["events", "items", "omens"]:
            card = (self.content.get(key) or {}).get(cid)
            if isinstance(card, dict) and "title" in card:
                return pick(card["title"], loc)
        return str(cid)

    def word(self, key: str, loc: str, default: str = "") -> str:
        return self.words.get(key, loc) if key in self.words else default

    def option(self, option: Any) -> dict[str, str]:
        """A button text for a prompt option: a term (trait, floor), a word,
        a card's title, or "steal: <title>"; anything else shows as itself."""
        option = str(option)
        if option in (self.content.get("terms") or {}):
            return {loc: self.term(option, loc) for loc in LOCALES}
        if f"option.{option}" in self.words:
            return self.words.text(f"option.{option}")
        if option.startswith("steal:"):
            sep = {"en": ": "}
            return {loc: self.word("option.steal", loc) + sep.get(loc, "：") + self.card(option[6:], None, loc)
                    for loc in LOCALES}
        if any(option in (self.content.get(k) or {}) for k in ("events", "items", "omens")):
            return {loc: self.card(option, None, loc) for loc in LOCALES}
        if option in (self.content.get("rooms") or {}):
            return {loc: self.room(option, loc) for loc in LOCALES}
        return {loc: option for loc in LOCALES}
