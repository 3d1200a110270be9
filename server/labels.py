"""A label in every locale for each legal action, for the table's menus.

The TTS Lua lists the actions no gesture covers (an attack, using an item…)
in a dialog; it must not work out what they mean, so the server names them
here with the same words as the cards and the chat (server.narrate's namer).
An action this module does not know keeps its engine name: a new engine
action still shows up, only less nicely worded.
"""
from __future__ import annotations

from typing import Any

from .messages import LOCALES
from .narrate import _Namer, _text

# action -> (zh-Hans, zh-Hant, en); fields are resolved per locale by _fields.
TEMPLATES: dict[str, tuple[str, str, str]] = {
    "attack": ("袭击 {target}（{trait}{weapon}）", "攻擊 {target}（{trait}{weapon}）", "Attack {target} ({trait}{weapon})"),
    "use": ("使用 {card}", "使用 {card}", "Use {card}"),
    "pick_up": ("捡起 {cards}", "撿起 {cards}", "Pick up {cards}"),
    "room_action": ("房间行动：{room}", "房間行動：{room}", "Room action: {room}"),
    "drop_through": ("从{room}坠落", "從{room}墜落", "Drop through the {room}"),
    "monster_attack": ("{monster}袭击 {target}", "{monster}攻擊 {target}", "{monster} attacks {target}"),
    "monster_pick_up": ("{monster}捡起 {cards}", "{monster}撿起 {cards}", "{monster} picks up {cards}"),
    "monster_move": ("{monster}移动到{room}", "{monster}移動到{room}", "{monster} moves to the {room}"),
    "move": ("移动到{room}", "移動到{room}", "Move to the {room}"),
    "discover": ("向{side}探索新房间", "向{side}探索新房間", "Discover a room to the {side}"),
    "give": ("把{card}交给{to}", "把{card}交給{to}", "Give {card} to {to}"),
    "drop": ("放下{cards}", "放下{cards}", "Drop {cards}"),
    "end_turn": ("结束回合", "結束回合", "End turn"),
    "roll": ("掷骰", "擲骰", "Roll"),
    "place_tile": ("放置房间（旋转{rotation}）", "放置房間（旋轉{rotation}）", "Place the tile (rotation {rotation})"),
    "choose": ("{option}", "{option}", "{option}"),
    "split_damage": ("分配伤害：{split}", "分配傷害：{split}", "Split the damage: {split}"),
    "sit": ("入座", "入座", "Sit down"),
    "choose_character": ("选择{character}", "選擇{character}", "Play {character}"),
    "start": ("开始游戏", "開始遊戲", "Start the game"),
}
SIDES = {"N": ("北", "北", "north"), "E": ("东", "東", "east"), "S": ("南", "南", "south"), "W": ("西", "西", "west")}
WITH = ("，用", "，用", ", with the ")
LIST_SEP = ("、", "、", ", ")


class Labeller:
    """Names for one table state; build it once per /legal answer."""

    def __init__(self, content: dict, state: dict, seat: str | None = None):
        self.content, self.seat = content or {}, seat
        self.state = state if isinstance(state, dict) else {}
        self.namer = _Namer(self.content, self.state)

    def label(self, action: dict) -> dict:
        name = str(action.get("action"))
        args = action.get("args") if isinstance(action.get("args"), dict) else {}
        tpl = TEMPLATES.get(name)
        out = {}
        for i, loc in enumerate(LOCALES):
            try:
                out[loc] = tpl[i].format_map(self._fields(name, args, i)) if tpl else name
            except (KeyError, IndexError, ValueError, TypeError, AttributeError):
                out[loc] = name
        return out

    def _cards(self, cards: Any, i: int) -> str:
        cards = cards if isinstance(cards, list) else [cards]
        return LIST_SEP[i].join(self.namer.card(c, None, i) for c in cards)

    def _weapon_trait(self, weapon: Any) -> str:
        """R-FIGHT: an unarmed attack uses Might; a weapon names its own trait."""
        for deck in ("items", "omens"):
            card = (self.content.get(deck) or {}).get(weapon)
            if isinstance(card, dict):
                return card.get("attack_trait") or "might"
        return "might"

    def _fields(self, name: str, args: dict, i: int) -> dict:
        n = self.namer
        f: dict[str, Any] = {}
        if "target" in args:
            f["target"] = n.seat(args["target"], i)
        if "to" in args:
            f["to"] = f["room"] = n.seat(args["to"], i) if name == "give" else n.room(args["to"], i)
        if "path" in args and args["path"]:
            f["room"] = n.room(args["path"][-1], i)
        if "monster" in args:
            f["monster"] = n.seat(args["monster"], i)
        if "card" in args:
            f["card"] = n.card(args["card"], None, i)
        if "cards" in args:
            f["cards"] = self._cards(args["cards"], i)
        if name in ("room_action", "drop_through"):
            f["room"] = n.room(self._room_of(), i)
        if name == "attack":
            weapon = args.get("weapon")
            trait = args.get("trait") or self._weapon_trait(weapon)
            f["trait"] = n.term(trait, i)
            f["weapon"] = WITH[i] + n.card(weapon, None, i) if weapon else ""
        if "side" in args and name == "discover":
            f["side"] = SIDES.get(args["side"], (args["side"],) * 3)[i]
        if name == "choose_character":
            f["character"] = n.character(args.get("character"), args.get("side", 0), i)
        if "rotation" in args:
            f["rotation"] = args["rotation"]
        if "split" in args and isinstance(args["split"], dict):
            f["split"] = LIST_SEP[i].join(f"{n.term(t, i)} {v}" for t, v in args["split"].items() if v)
        if name == "choose":
            f["option"] = self._option(args.get("option"), i)
        return f

    def _room_of(self) -> Any:
        """The asking seat's room: room actions act where its figure stands."""
        players = self.state.get("players")
        p = players.get(self.seat) if isinstance(players, dict) else None
        return p.get("room") if isinstance(p, dict) else None

    def _option(self, option: Any, i: int) -> str:
        """A choice prompt carries one label per option; use it when there."""
        pd = self.state.get("pending")
        if isinstance(pd, dict):
            options, labels = pd.get("options") or [], pd.get("labels") or []
            for o, lab in zip(options, labels):
                if o == option and lab:
                    return _text(lab, i)
        return str(option)


def label_actions(actions: list[dict], content: dict, state: dict, seat: str | None = None) -> list[dict]:
    """The engine's legal actions, each with a `label` added (a copy)."""
    labeller = Labeller(content, state, seat)
    return [{**a, "label": labeller.label(a)} for a in actions if isinstance(a, dict)]
