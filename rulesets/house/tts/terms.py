"""The few table labels the save needs that are not content.

Trait and floor names are content (`cards/<ruleset>/terms.yaml`, compiled
into the content's `terms`), shared with the rules server; `term` looks
there first. Game terms follow the project glossary (zh-Hans after the FAQ
seed, zh-Hant after the walkthrough seed).
"""
from __future__ import annotations

TERMS: dict[str, dict[str, str]] = {
    "event": {"zh-Hans": "事件卡", "zh-Hant": "事件卡", "en": "Event cards"},
    "item": {"zh-Hans": "物品卡", "zh-Hant": "物品卡", "en": "Item cards"},
    "omen": {"zh-Hans": "预兆卡", "zh-Hant": "預兆卡", "en": "Omen cards"},
    "discard": {"zh-Hans": "弃牌", "zh-Hant": "棄牌", "en": "discard"},
    "room_bag": {"zh-Hans": "房间板块", "zh-Hant": "房間板塊", "en": "Room tiles"},
    "omen_counter": {"zh-Hans": "已抽预兆数", "zh-Hant": "已抽預兆數", "en": "Omens drawn"},
    "track": {"zh-Hans": "记录轨道", "zh-Hant": "記錄軌道", "en": "Turn/damage track"},
    "track_clip": {"zh-Hans": "轨道夹", "zh-Hant": "軌道夾", "en": "Track clip"},
    "clip": {"zh-Hans": "属性夹", "zh-Hant": "屬性夾", "en": "trait clip"},
    "credits": {"zh-Hans": "制作名单", "zh-Hant": "製作名單", "en": "Credits"},
    "die": {"zh-Hans": "骰子", "zh-Hant": "骰子", "en": "Die"},
    "die_help": {
        "zh-Hans": "点数 0,0,1,1,2,2：1–2 点为 0，3–4 点为 1，5–6 点为 2。",
        "zh-Hant": "點數 0,0,1,1,2,2：1–2 點為 0，3–4 點為 1，5–6 點為 2。",
        "en": "Faces 0,0,1,1,2,2: 1–2 pips count 0, 3–4 count 1, 5–6 count 2.",
    },
    "figure": {"zh-Hans": "棋子", "zh-Hant": "棋子", "en": "figure"},
    "board": {"zh-Hans": "角色卡", "zh-Hant": "角色卡", "en": "character card"},
    "notebook_title": {"zh-Hans": "如何开始", "zh-Hant": "如何開始", "en": "How to start"},
    "notebook_body": {
        "zh-Hans": "1. 在右上角“规则服务器”面板填入服务器地址（例如 http://127.0.0.1:8787），"
                   "牌桌编号留空，点击“连接”：服务器为已就座的玩家新建牌桌。\n"
                   "2. 每位玩家在角色卡上选择一面。\n"
                   "3. 没有服务器也能手动游戏：起始房间已摆好，其余房间板块在袋中。\n"
                   "模组版本：{version}",
        "zh-Hant": "1. 在右上角「規則伺服器」面板填入伺服器網址（例如 http://127.0.0.1:8787），"
                   "牌桌編號留空，點擊「連線」：伺服器為已就座的玩家新建牌桌。\n"
                   "2. 每位玩家在角色卡上選擇一面。\n"
                   "3. 沒有伺服器也能手動遊戲：起始房間已擺好，其餘房間板塊在袋中。\n"
                   "模組版本：{version}",
        "en": "1. In the Rules server panel (top right) enter the server URL (e.g. "
              "http://127.0.0.1:8787), leave Table empty and press Connect: the server "
              "creates a table for the seated players.\n"
              "2. Each player picks a side on a character board.\n"
              "3. Without a server the game plays by hand: the starting rooms are laid out "
              "and the other room tiles are in the bag.\n"
              "Mod version: {version}",
    },
    "game_mode": {"zh-Hans": "山屋惊魂（hauntkit）", "zh-Hant": "山屋驚魂（hauntkit）",
                  "en": "Haunted House (hauntkit)"},
}


def term(key: str, locale: str, content_terms: dict | None = None) -> str:
    found = (content_terms or {}).get(key)
    if found:
        return found[locale]
    return TERMS[key][locale]
