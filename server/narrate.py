"""One sentence per notable event, in every locale, for the table's chat.

Names come from the compiled content (rooms, cards, characters, and the
terms for traits and floors) so the sentences use the same words as the
cards and the table; seats without a character are
called by their colour.
"""
from __future__ import annotations

from typing import Any

from .messages import LOCALES

COLOURS = {
    "White": ("白色", "白色", "White"), "Brown": ("棕色", "棕色", "Brown"), "Red": ("红色", "紅色", "Red"),
    "Orange": ("橙色", "橙色", "Orange"), "Yellow": ("黄色", "黃色", "Yellow"), "Green": ("绿色", "綠色", "Green"),
    "Teal": ("青色", "青色", "Teal"), "Blue": ("蓝色", "藍色", "Blue"), "Purple": ("紫色", "紫色", "Purple"),
    "Pink": ("粉色", "粉色", "Pink"),
}
DECKS = {"event": ("事件卡", "事件卡", "event"), "item": ("物品卡", "物品卡", "item"),
         "omen": ("预兆卡", "預兆卡", "omen")}
# The side that won, as the end-of-game sentence names it. With no traitor
# the haunt's monsters are the house's, so the house wins what the engine
# scores for the traitor's side.
WINNERS = {
    "heroes": ("游戏结束：好人获胜。", "遊戲結束：冒險者獲勝。", "Game over: the heroes win."),
    "traitor": ("游戏结束：奸徒获胜。", "遊戲結束：背叛者獲勝。", "Game over: the traitor wins."),
    "house": ("游戏结束：宅子获胜。", "遊戲結束：宅子獲勝。", "Game over: the house wins."),
}

# type -> (zh-Hans, zh-Hant, en); fields are named values resolved per locale.
TEMPLATES: dict[str, tuple[str, str, str]] = {
    "seated": ("{seat}入座。", "{seat}入座。", "{seat} sits down."),
    "character_chosen": ("{seat}选择了{character}。", "{seat}選擇了{character}。", "{seat} plays {character}."),
    "game_started": ("游戏开始，{first}先行。", "遊戲開始，{first}先行。", "The game begins; {first} goes first."),
    "turn_began": ("轮到{seat}。", "輪到{seat}。", "{seat}'s turn."),
    "tile_placed": ("{by}发现了{room}。", "{by}發現了{room}。", "{by} discovers the {room}."),
    "card_drawn": ("{seat}抽到{deck}：{card}。", "{seat}抽到{deck}：{card}。", "{seat} draws the {deck} card {card}."),
    "dice_rolled": ("{seat}掷出{faces}，共{total}点。", "{seat}擲出{faces}，共{total}點。",
                    "{seat} rolls {faces}: {total}."),
    "trait_changed": ("{seat}的{trait}变为{value}。", "{seat}的{trait}變為{value}。", "{seat}'s {trait} is now {value}."),
    "damage_taken": ("{seat}受到{amount}点伤害。", "{seat}受到{amount}點傷害。", "{seat} takes {amount} damage."),
    "haunt_began": ("作祟开始！在{room}。", "作祟開始！在{room}。", "The haunt begins in the {room}!"),
    "character_died": ("{seat}死亡。", "{seat}死亡。", "{seat} dies."),
    "monster_stunned": ("{monster}被击昏。", "{monster}被擊昏。", "{monster} is stunned."),
    "monster_recovered": ("{monster}苏醒了。", "{monster}甦醒了。", "{monster} recovers."),
    "attack": ("{attacker}袭击{defender}：{attacker_total}对{defender_total}。",
               "{attacker}攻擊{defender}：{attacker_total}對{defender_total}。",
               "{attacker} attacks {defender}: {attacker_total} against {defender_total}."),
    "item_dropped": ("{seat}在{room}放下了{card}。", "{seat}在{room}放下了{card}。", "{seat} drops {card} in the {room}."),
    "item_picked_up": ("{seat}捡起了{card}。", "{seat}撿起了{card}。", "{seat} picks up {card}."),
    "item_used": ("{seat}使用了{card}。", "{seat}使用了{card}。", "{seat} uses {card}."),
    "gift_refused": ("{to}拒绝了{from}给的{card}。", "{to}拒絕了{from}給的{card}。", "{to} refuses {card} from {from}."),
    "boon_taken": ("{seat}在{room}获得了1点{trait}。", "{seat}在{room}獲得了1點{trait}。",
                   "{seat} gains 1 {trait} in the {room}."),
    "monster_placed": ("{monster}出现在{room}。", "{monster}出現在{room}。", "{monster} appears in the {room}."),
    "item_given": ("{from}把{card}交给{to}。", "{from}把{card}交給{to}。", "{from} gives {card} to {to}."),
    "item_stolen": ("{to}从{from}处偷走{card}。", "{to}從{from}處偷走{card}。", "{to} steals {card} from {from}."),
    "game_over": ("{winner}", "{winner}", "{winner}"),
    "undone": ("已撤销第{version}步。", "已撤銷第{version}步。", "Version {version} was undone."),
}


def _text(value: Any, i: int) -> str:
    if isinstance(value, dict):
        return value.get(LOCALES[i]) or value.get("en") or ""
    return str(value)


class _Namer:
    def __init__(self, content: dict, state: dict):
        self.content = content or {}
        self.state = state or {}
        self.players = self.state.get("players") or {}
        haunt = (state or {}).get("haunt") or {}
        specs = {m.get("id"): m.get("name") for m in ((haunt.get("spec") or {}).get("monsters") or [])
                 if isinstance(m, dict)}
        # monster id ("shade_2") -> its kind's name, numbered when there are several
        self.monsters = {}
        for m in haunt.get("monsters") or []:
            if isinstance(m, dict) and isinstance(specs.get(m.get("kind")), dict):
                self.monsters[m["id"]] = (specs[m["kind"]], m["id"].rsplit("_", 1)[-1])

    def seat(self, seat: Any, i: int) -> str:
        """A seat's character name (else its colour), or a monster's name."""
        if seat in self.monsters:
            name, number = self.monsters[seat]
            return f"{_text(name, i)} {number}"
        p = self.players.get(seat) if isinstance(self.players, dict) else None
        if isinstance(p, dict) and p.get("character"):
            name = self.character(p["character"], p.get("side", 0), i)
            if name:
                return name
        return COLOURS.get(seat, (seat, seat, seat))[i] if seat is not None else ""

    def character(self, cid: str, side: Any, i: int) -> str:
        ch = (self.content.get("characters") or {}).get(cid)
        try:
            return _text(ch["sides"][int(side or 0)]["name"], i)
        except (TypeError, KeyError, IndexError, ValueError):
            return str(cid)

    def term(self, key: Any, i: int) -> str:
        """A trait or floor name, from the content's terms."""
        term = (self.content.get("terms") or {}).get(key)
        return _text(term, i) if isinstance(term, dict) else str(key)

    def winner(self, side: Any) -> str:
        """`traitor` is the house when the haunt has no traitor."""
        haunt = self.state.get("haunt")
        if side == "traitor" and isinstance(haunt, dict) and haunt and haunt.get("traitor") is None:
            return "house"
        return side

    def room(self, rid: Any, i: int) -> str:
        room = (self.content.get("rooms") or {}).get(rid)
        return _text(room["name"], i) if isinstance(room, dict) and "name" in room else str(rid)

    def card(self, cid: Any, deck: Any, i: int) -> str:
        for key in ([f"{deck}s"] if deck else []) + ["events", "items", "omens"]:
            card = (self.content.get(key) or {}).get(cid)
            if isinstance(card, dict) and "title" in card:
                return _text(card["title"], i)
        return str(cid)


def _fields(ev: dict, n: _Namer, i: int) -> dict:
    f = {k: v for k, v in ev.items() if isinstance(v, (str, int, float))}
    for key in ("seat", "by", "from", "to", "first", "traitor", "revealer", "attacker", "defender", "monster"):
        if key in ev:
            f[key] = n.seat(ev[key], i)
    if "seat" not in ev and "monster" in ev:
        f["seat"] = f["monster"]
    if "room" in ev:
        f["room"] = n.room(ev["room"], i)
    if "card" in ev:
        f["card"] = n.card(ev["card"], ev.get("deck"), i)
    if "deck" in ev:
        f["deck"] = DECKS.get(ev["deck"], (ev["deck"],) * 3)[i]
    if "trait" in ev:
        f["trait"] = n.term(ev["trait"], i)
    if "character" in ev:
        f["character"] = n.character(ev["character"], ev.get("side", 0), i)
    if "faces" in ev:
        f["faces"] = " ".join(str(x) for x in ev["faces"])
    if "winner" in ev:
        f["winner"] = WINNERS[n.winner(ev["winner"])][i]
    return f


def message(ev: dict, content: dict, state: dict, namer: _Namer | None = None) -> dict | None:
    tpl = TEMPLATES.get(ev.get("type"))
    if tpl is None:
        return None
    n = namer or _Namer(content, state)
    out = {}
    for i, loc in enumerate(LOCALES):
        try:
            out[loc] = tpl[i].format_map(_fields(ev, n, i))
        except (KeyError, IndexError, ValueError):
            return None
    return out


def per_event(events: list[dict], content: dict, state: dict) -> list[dict | None]:
    """One narration (or None) per event, in order."""
    namer = _Namer(content, state)
    return [message(ev, content, state, namer) for ev in events]


def messages(events: list[dict], content: dict, state: dict) -> list[dict]:
    return [m for m in per_event(events, content, state) if m]
