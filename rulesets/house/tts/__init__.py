"""The house table in TTS (`TABLE`, read by `pipeline.tts.stage`): the plan
(GUIDs, CardIDs, positions), the save's objects per locale, the section the
server reads to place pieces, and the Lua modules and object roles the save
bundles."""
from __future__ import annotations

from pathlib import Path

from . import layout, track_image
from .plan import Plan, make_plan, tts_section
from .save import build_save
from .terms import term

LUA_DIR = Path(__file__).resolve().parents[1] / "lua"

DESCRIPTION = {
    "zh-Hans": """{game}

鬼屋探险与隐藏奸徒的桌游，由规则服务器裁判每一次掷骰、移动和作祟。
内容：{rooms} 个房间板块，{events} 张事件卡，{items} 张物品卡，{omens} 张预兆卡，{chars} 个角色，8 颗骰子。
没有服务器也可以手动游戏；连接服务器：在右上角面板填入服务器地址后点击“连接”。
版本：{version}
图标来自 game-icons.net（CC BY 3.0）。""",
    "zh-Hant": """{game}

鬼屋探險與隱藏背叛者的桌遊，由規則伺服器裁判每一次擲骰、移動與作祟。
內容：{rooms} 個房間板塊，{events} 張事件卡，{items} 張物品卡，{omens} 張預兆卡，{chars} 個角色，8 顆骰子。
沒有伺服器也可以手動遊戲；連線伺服器：在右上角面板填入伺服器網址後點擊「連線」。
版本：{version}
圖示來自 game-icons.net（CC BY 3.0）。""",
    "en": """{game}

Explore a haunted house until one of you turns traitor; a rules server referees every roll, move and haunt.
Contents: {rooms} room tiles, {events} event cards, {items} item cards, {omens} omen cards, {chars} characters, 8 dice.
Playable by hand without a server; to connect, fill in the server URL in the top-right panel and press Connect.
Version: {version}
Icons from game-icons.net (CC BY 3.0).""",
}


def _board_px(manifest: dict, assets_dir: Path) -> dict[str, tuple[int, int]]:
    from PIL import Image
    out = {}
    for data in manifest["locales"].values():
        for cid, entry in data.get("characters", {}).items():
            path = assets_dir / entry["sides"][0]
            if cid not in out and path.is_file():
                with Image.open(path) as img:
                    out[cid] = img.size
    return out


class HouseTable:
    object_roles = ("room", "board", "figure", "die")
    lua_dir = LUA_DIR
    surface = layout.TABLE

    def plan(self, content: dict, manifest: dict, assets_dir: Path) -> Plan:
        plan = make_plan(content, manifest, _board_px(manifest, assets_dir))
        plan.track["image"] = track_image.write(assets_dir)
        return plan

    def section(self, plan: Plan, mod_version: str) -> dict:
        return tts_section(plan, mod_version)

    def save(self, plan: Plan, content: dict, manifest: dict, locale: str, url, scripts: dict,
             xml: str, mod_version: str) -> dict:
        return build_save(plan, content, manifest, locale, url, scripts, xml, mod_version)

    def title(self, locale: str) -> str:
        return term("game_mode", locale)

    def workshop_description(self, content: dict, locale: str, version: str) -> str:
        return DESCRIPTION[locale].format(
            game=term("game_mode", locale), rooms=len(content["rooms"]), events=len(content["events"]),
            items=len(content["items"]), omens=len(content["omens"]), chars=len(content["characters"]),
            version=version)

    def preview_marks(self) -> list[tuple[float, float]]:
        """Points the top-down preview marks: each floor's grid origin."""
        return [(x, z) for x, _, z in layout.FLOOR_ORIGINS.values()]


TABLE = HouseTable()
