"""A label in every locale for each legal action, for the table's menus.

The TTS Lua lists the actions no gesture covers (an attack, using an item…)
in a dialog; it must not work out what they mean, so the presenter names
them with the same words as the cards and the chat (the catalog's `label`
group, names from the namer). An action without a label keeps its engine
name: a new engine action still shows up, only less nicely worded.
"""
from __future__ import annotations

from typing import Any

from kit.words import LOCALES

from .names import Namer


class Labeller:
    """Names for one table; build it once per /legal answer."""

    def __init__(self, namer: Namer, view: dict, seat: str | None = None):
        self.n, self.view, self.seat = namer, view, seat

    def label(self, action: dict) -> dict:
        name = str(action.get("action"))
        args = action.get("args") if isinstance(action.get("args"), dict) else {}
        key = f"label.{name}"
        out = {}
        for loc in LOCALES:
            try:
                out[loc] = self.n.words.get(key, loc).format_map(self._fields(name, args, loc)) \
                    if key in self.n.words else name
            except (KeyError, IndexError, ValueError, TypeError, AttributeError):
                out[loc] = name
        return out

    def _cards(self, cards: Any, loc: str) -> str:
        cards = cards if isinstance(cards, list) else [cards]
        return self.n.word("list_sep", loc, ", ").join(self.n.card(c, None, loc) for c in cards)

    def _weapon_trait(self, weapon: Any) -> str:
        """R-FIGHT: an unarmed attack uses Might; a weapon names its own trait."""
        for deck in ("items", "omens"):
            card = (self.n.content.get(deck) or {}).get(weapon)
            if isinstance(card, dict):
                return card.get("attack_trait") or "might"
        return "might"

    def _fields(self, name: str, args: dict, loc: str) -> dict:
        n = self.n
        f: dict[str, Any] = {}
        if "target" in args:
            f["target"] = n.seat(args["target"], loc)
        if "to" in args:
            f["to"] = f["room"] = n.seat(args["to"], loc) if name == "give" else n.room(args["to"], loc)
        if "path" in args and args["path"]:
            f["room"] = n.room(args["path"][-1], loc)
        if "monster" in args:
            f["monster"] = n.seat(args["monster"], loc)
        if "card" in args:
            f["card"] = n.card(args["card"], None, loc)
        if "cards" in args:
            f["cards"] = self._cards(args["cards"], loc)
        if name in ("room_action", "drop_through"):
            f["room"] = n.room(self._room_of(), loc)
        if name == "attack":
            weapon = args.get("weapon")
            trait = args.get("trait") or self._weapon_trait(weapon)
            f["trait"] = n.term(trait, loc)
            f["weapon"] = n.word("label.with", loc) + n.card(weapon, None, loc) if weapon else ""
        if "side" in args and name == "discover":
            f["side"] = n.word(f"compass.{args['side']}", loc, str(args["side"]))
        if name == "choose_character":
            f["character"] = n.character(args.get("character"), args.get("side", 0), loc)
        if "rotation" in args:
            f["rotation"] = args["rotation"]
        if "split" in args and isinstance(args["split"], dict):
            f["split"] = n.word("list_sep", loc, ", ").join(
                f"{n.term(t, loc)} {v}" for t, v in args["split"].items() if v)
        if name == "choose":
            f["option"] = self._option(args.get("option"), loc)
        return f

    def _room_of(self) -> Any:
        """The asking seat's room: room actions act where its figure stands."""
        p = (self.view.get("players") or {}).get(self.seat)
        return p.get("room") if isinstance(p, dict) else None

    def _option(self, option: Any, loc: str) -> str:
        """A choice prompt's option, by the prompt's own label where it has one."""
        pd = self.view.get("pending")
        if isinstance(pd, dict):
            for o, lab in zip(pd.get("options") or [], pd.get("labels") or []):
                if o == option and lab:
                    return lab.get(loc) or lab.get("en") or str(option)
        return self.n.option(option).get(loc, str(option))


def label_actions(actions: list[dict], namer: Namer, view: dict, seat: str | None = None) -> list[dict]:
    """The engine's legal actions, each with a `label` added (a copy)."""
    labeller = Labeller(namer, view, seat)
    return [{**a, "label": labeller.label(a)} for a in actions if isinstance(a, dict)]
