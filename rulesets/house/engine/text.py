"""Refusal messages in every locale, and the one way the engine refuses.

Each refusal names the rule that forbids the action, so a player reading it
in TTS can look the rule up; the three texts are written by hand because the
game terms (奸徒/背叛者, 神志/精神) differ between the two Chinese scripts and a
plain converter gets them wrong.
"""
from __future__ import annotations

from kit.engine import RuleError

# key: (zh-Hans, zh-Hant, en)
MESSAGES: dict[str, tuple[str, str, str]] = {
    "bad_args": ("参数无效：{what}", "參數無效：{what}", "Bad arguments: {what}"),
    "not_seated": ("你没有入座。", "你沒有入座。", "You have no seat at this table."),
    "seat_unknown": ("没有这个座位：{seat}", "沒有這個座位：{seat}", "There is no seat {seat}."),
    "seat_taken": ("这个座位已有人。", "這個座位已有人。", "That seat is taken."),
    "not_lobby": ("游戏已经开始。", "遊戲已經開始。", "The game has already started."),
    "in_lobby": ("游戏还没有开始。", "遊戲還沒有開始。", "The game has not started yet."),
    "character_taken": ("这个角色已被选走。", "這個角色已被選走。", "That character is taken."),
    "character_unknown": ("没有这个角色：{id}", "沒有這個角色：{id}", "There is no character {id}."),
    "not_ready": ("还有玩家没有选择角色。", "還有玩家沒有選擇角色。", "Someone has not chosen a character."),
    "game_over": ("游戏已经结束。", "遊戲已經結束。", "The game is over."),
    "not_your_turn": ("现在不是你的回合。", "現在不是你的回合。", "It is not your turn."),
    "pending": ("请先完成待处理的选择。", "請先完成待處理的選擇。", "Resolve the pending choice first."),
    "no_pending": ("没有需要你处理的选择。", "沒有需要你處理的選擇。", "Nothing is waiting for you."),
    "dead": ("你的角色已经死亡。", "你的角色已經死亡。", "Your character is dead."),
    "not_connected": ("这两个房间不相连。", "這兩個房間不相連。", "Those rooms are not connected."),
    "no_movement": ("移动力不足。", "移動力不足。", "Not enough movement left."),
    "movement_over": ("抽卡后本回合不能再移动。", "抽卡後本回合不能再移動。", "You drew a card: no more movement this turn."),
    "not_open_door": ("这里没有通往未探索区域的门。", "這裡沒有通往未探索區域的門。", "There is no open door on that side."),
    "no_tile": ("没有可放在这一层的房间板块了。", "沒有可放在這一層的房間板塊了。", "No room tile is left for this floor."),
    "bad_rotation": ("这个方向不能摆放。", "這個方向不能擺放。", "The tile cannot be placed with that rotation."),
    "check_tried": ("这个检定本回合已经尝试过。", "這個檢定本回合已經嘗試過。", "That roll was already tried this turn."),
    "no_room_action": ("这个房间没有可以进行的行动。", "這個房間沒有可以進行的行動。", "This room has nothing to do."),
    "room_done": ("这个房间已经打开过了。", "這個房間已經打開過了。", "This room was already opened."),
    "drop_target": ("下方的房间不在场上。", "下方的房間不在場上。", "The room below is not in play."),
    "not_held": ("你没有这张卡。", "你沒有這張卡。", "You do not hold that card."),
    "item_acted": ("这件物品本回合已经使用、交出、丢下或捡起过。", "這件物品本回合已經使用、交出、丟下或撿起過。",
                   "That item was already used, given, dropped, stolen or picked up this turn."),
    "not_usable": ("这张卡不能这样使用。", "這張卡不能這樣使用。", "That card cannot be used like that."),
    "weapon_only_attack": ("武器只能在袭击时使用。", "武器只能在攻擊時使用。", "Weapons are used only when attacking."),
    "not_tradeable": ("这件物品不能交出。", "這件物品不能交出。", "That item cannot be traded."),
    "not_droppable": ("这件物品不能丢下。", "這件物品不能丟下。", "That item cannot be dropped."),
    "not_same_room": ("对方不在同一个房间。", "對方不在同一個房間。", "They are not in your room."),
    "not_on_floor": ("这里没有这件物品。", "這裡沒有這件物品。", "That item is not lying here."),
    "no_attack_explore": ("作祟开始前不能袭击。", "作祟開始前不能攻擊。", "No attacks before the haunt."),
    "attacked": ("本回合已经袭击过。", "本回合已經攻擊過。", "You already attacked this turn."),
    "not_opponent": ("只能袭击敌人。", "只能攻擊敵人。", "You may attack only an opponent."),
    "no_trait": ("目标没有这项属性。", "目標沒有這項屬性。", "The target has no such trait."),
    "stunned": ("昏迷的怪物不能袭击或被袭击。", "昏迷的怪物不能攻擊或被攻擊。", "A stunned monster cannot attack or be attacked."),
    "not_weapon": ("这张卡不是武器。", "這張卡不是武器。", "That card is not a weapon."),
    "no_monster_turn": ("现在不是怪物回合。", "現在不是怪物回合。", "It is not the monster turn."),
    "monster_unknown": ("没有这个怪物。", "沒有這個怪物。", "There is no such monster."),
    "monster_no_items": ("这个怪物不能携带物品。", "這個怪物不能攜帶物品。", "This monster cannot carry items."),
    "monster_recovering": ("怪物要到苏醒后的下一个回合才能捡起物品。", "怪物要到甦醒後的下一個回合才能撿起物品。",
                           "A monster picks items up again no earlier than its first turn after recovering."),
    "monster_no_discover": ("怪物不能探索新房间。", "怪物不能探索新房間。", "Monsters cannot discover rooms."),
    "bad_option": ("不是可选的选项。", "不是可選的選項。", "That is not one of the options."),
    "bad_split": ("伤害分配不正确。", "傷害分配不正確。", "That damage split is not allowed."),
    "chute_one_way": ("煤槽只能单向通行。", "煤槽只能單向通行。", "The chute goes one way only."),
}


def refuse(code: str, key: str, status: int = 422, **fmt) -> RuleError:
    zh_hans, zh_hant, en = MESSAGES[key]
    return RuleError(code, {"zh-Hans": zh_hans.format(**fmt), "zh-Hant": zh_hant.format(**fmt),
                            "en": en.format(**fmt)}, status)


# Names of the option values prompts offer, for the table's buttons; trait
# and floor names come from the content's terms (rulesets/house/kinds/terms.py).
OPTION_LABELS: dict[str, tuple[str, str, str]] = {
    "accept": ("接受", "接受", "Accept"), "refuse": ("拒绝", "拒絕", "Refuse"),
    "resolve": ("结算", "結算", "Resolve it"), "ignore": ("忽略", "忽略", "Ignore it"),
    "shed": ("移除负面效果", "移除負面效果", "Shed negative effects"), "keep": ("保留", "保留", "Keep them"),
    "damage": ("造成伤害", "造成傷害", "Deal damage"), "steal": ("偷窃", "偷竊", "Steal"),
}
LOCALE_KEYS = ("zh-Hans", "zh-Hant", "en")


def option_label(rules: dict, option: str) -> dict[str, str]:
    """A button text for a prompt option: a term (trait, floor), a known
    word, a card's title, or "steal: <title>"; anything else shows as itself."""
    term = rules.get("terms", {}).get(option)
    if term:
        return {k: term.get(k) or term.get("en") or option for k in LOCALE_KEYS}
    if option in OPTION_LABELS:
        return dict(zip(LOCALE_KEYS, OPTION_LABELS[option]))
    if option.startswith("steal:"):
        steal = option_label(rules, "steal")
        title = option_label(rules, option[6:])
        return {k: f"{steal[k]}：{title.get(k, '')}" if k != "en" else f"{steal[k]}: {title.get(k, '')}"
                for k in steal}
    title = rules.get("cards", {}).get(option, {}).get("title")
    if isinstance(title, dict) and title:
        return {k: title.get(k) or title.get("en") or option for k in LOCALE_KEYS}
    return {k: option for k in LOCALE_KEYS}
