"""Refusal messages in every locale, and the one way the engine refuses.

Each refusal names the rule that forbids the action (E-…) or a protocol
code. The three texts are written by hand: the game's words (体力 stamina,
感染者 infected, 启示 revelation) are fixed terms a converter must not
paraphrase.
"""
from __future__ import annotations

from kit.engine import RuleError

# key: (zh-Hans, zh-Hant, en)
MESSAGES: dict[str, tuple[str, str, str]] = {
    "bad_args": ("参数无效：{what}", "參數無效：{what}", "Bad arguments: {what}"),
    "bad_action": ("没有这个动作：{what}", "沒有這個動作：{what}", "There is no action {what}."),
    "seat_unknown": ("没有这个座位：{seat}", "沒有這個座位：{seat}", "There is no seat {seat}."),
    "seat_taken": ("这个座位已有人。", "這個座位已有人。", "That seat is taken."),
    "not_seated": ("你没有入座。", "你沒有入座。", "You have no seat at this table."),
    "table_full": ("最多五名玩家（五张人物卡）。", "最多五名玩家（五張人物卡）。",
                   "At most five players: there are five character cards."),
    "too_few": ("至少需要两名玩家。", "至少需要兩名玩家。", "At least two players are needed."),
    "characters_dealt": ("人物卡是随机抽取的，不能挑选。", "人物卡是隨機抽取的，不能挑選。",
                         "Character cards are drawn at random, not chosen."),
    "in_lobby": ("游戏还没有开始。", "遊戲還沒有開始。", "The game has not started yet."),
    "not_lobby": ("游戏已经开始。", "遊戲已經開始。", "The game has already started."),
    "game_over": ("游戏已经结束。", "遊戲已經結束。", "The game is over."),
    "not_your_turn": ("现在不是你行动。", "現在不是你行動。", "It is not your turn to act."),
    "wrong_action": ("现在不能这样做：{what}", "現在不能這樣做：{what}", "That cannot be done now: {what}"),
    "phase1_only": ("感染者出现后，第一阶段的摸牌规则不再适用。", "感染者出現後，第一階段的摸牌規則不再適用。",
                    "Once the infected appear, phase 1's drawing rules no longer apply."),
    "bad_place": ("这个位置不可选。", "這個位置不可選。", "That place in the column is not free."),
    "not_passed": ("这张牌不在传给你的牌中。", "這張牌不在傳給你的牌中。", "That card is not among those passed to you."),
    "not_held": ("你没有这张牌。", "你沒有這張牌。", "You do not have that card."),
    "not_instant": ("这张牌不是可以打出的即用牌。", "這張牌不是可以打出的即用牌。",
                    "That card is not an instant card that can be played."),
    "not_now": ("这张牌现在不能使用。", "這張牌現在不能使用。", "That card cannot be used now."),
    "not_equipment": ("这张牌不是装备牌。", "這張牌不是裝備牌。", "That card is not an equipment card."),
    "equip_full": ("已有{limit}件装备：请指定弃掉哪一件。", "已有{limit}件裝備：請指定棄掉哪一件。",
                   "{limit} cards are equipped already: name the one to discard."),
    "bad_partner": ("不能和这位玩家交换。", "不能和這位玩家交換。", "You cannot swap with that player."),
    "asked_already": ("这位玩家本回合已经拒绝过你。", "這位玩家本回合已經拒絕過你。",
                      "That player already refused you this turn."),
    "no_skill": ("你的人物技能现在不能发动。", "你的人物技能現在不能發動。", "Your character's skill cannot be used now."),
    "skill_used": ("人物技能已经用过了。", "人物技能已經用過了。", "The skill has been used already."),
    "resident_explore": ("居住者的技能只能在探索时发动。", "居住者的技能只能在探索時發動。",
                         "The resident's skill works only while exploring."),
    "no_room": ("对方的手牌已满。", "對方的手牌已滿。", "That player's hand is full."),
    "bad_option": ("不是可选的选项。", "不是可選的選項。", "That is not one of the options."),
    "item_used": ("本回合已经使用过一件物品。", "本回合已經使用過一件物品。", "You already used an item this turn."),
    "no_infected": ("你身边没有这个感染者。", "你身邊沒有這個感染者。", "That infected is not next to you."),
    "no_hit": ("这张牌不符合该感染者的消灭条件。", "這張牌不符合該感染者的消滅條件。",
               "That card does not meet the infected card's elimination condition."),
    "bad_target": ("只能攻击离你最近的非感染者。", "只能攻擊離你最近的非感染者。",
                   "You may attack only a nearest player who is not infected."),
    "item_deck_empty": ("物品牌已经摸完，不会重洗。", "物品牌已經摸完，不會重洗。",
                        "The item deck is used up and is never reshuffled."),
    "no_skill_rest": ("与感染者隔开的玩家不能发动人物技能。", "與感染者隔開的玩家不能發動人物技能。",
                      "Players away from the infected cannot use character skills."),
}


def refuse(code: str, key: str, status: int = 422, **fmt) -> RuleError:
    zh_hans, zh_hant, en = MESSAGES[key]
    return RuleError(code, {"zh-Hans": zh_hans.format(**fmt), "zh-Hant": zh_hant.format(**fmt),
                            "en": en.format(**fmt)}, status)
