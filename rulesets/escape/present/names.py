"""Names in every locale for what events and actions mention: players by
their character, cards by their title, places in the column by the game's
words. Read from the engine's public view and the compiled content only."""
from __future__ import annotations

from typing import Any

from kit.words import LOCALES, catalog

from .. import INFO


def words_of(table) -> Any:
    return table.words if getattr(table, "words", None) is not None else catalog(INFO.folder)


class Namer:
    def __init__(self, table):
        self.view = table.public
        self.content = table.content or {}
        self.words = words_of(table)

    def word(self, key: str) -> dict[str, str]:
        return self.words.text(key)

    def person(self, member) -> dict[str, str]:
        """A seat by its character's name (the colour before the deal); an
        infected token by its infected card."""
        if member is None:
            return self.word("game.someone")
        p = (self.view.get("players") or {}).get(member)
        if p and p.get("character"):
            return self.content["characters"][p["character"]]["name"]
        inf = (self.view.get("infected") or {}).get(member)
        if inf is not None and inf.get("seat") is None:
            card = inf.get("card")
            return self.content["infected"][card]["name"] if card else self.word("game.token")
        if member not in (self.view.get("seats") or ()):
            return self.word("game.token")          # an infected token no longer on the table
        return self.colour(member)

    def colour(self, seat) -> dict[str, str]:
        key = f"colour.{seat}"
        return self.word(key) if key in self.words else {loc: str(seat) for loc in LOCALES}

    def card(self, card) -> dict[str, str]:
        for kind, field in (("items", "title"), ("explore", "title"), ("infected", "name")):
            spec = self.content.get(kind, {}).get(card)
            if spec:
                return spec[field]
        return {loc: str(card) for loc in LOCALES}

    def spot(self, spot) -> dict[str, str]:
        return self.word(f"game.{spot}") if spot in ("front", "end") else self.person(spot)

    def anything(self, value) -> dict[str, str]:
        """A prompt option: a seat, a card or a place number."""
        if isinstance(value, int):
            return {loc: str(value + 1) for loc in LOCALES}
        if value in (self.view.get("players") or {}) or value in (self.view.get("infected") or {}):
            return self.person(value)
        return self.card(value)

    @staticmethod
    def join(names: list[dict[str, str]]) -> dict[str, str]:
        return {loc: ("、" if loc != "en" else ", ").join(n[loc] for n in names) for loc in LOCALES}
