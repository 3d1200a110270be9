"""Workshop-ready saves: public asset URLs, a square thumbnail and a
description per locale, in build/workshop/.

Steam Workshop subscribers download the save but fetch every image from its
URL, so a Workshop build refuses file:// and this machine's addresses. The
thumbnail is made square (TTS and the Workshop show it square), padding
rather than cropping so nothing of the art is lost.
"""
from __future__ import annotations

import io
import json
from pathlib import Path

from PIL import Image

from ..atomic import write_if_changed
from . import stage
from .terms import term

THUMB_PX = 512

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


def square_png(data: bytes, size: int = THUMB_PX) -> bytes:
    with Image.open(io.BytesIO(data)) as img:
        img = img.convert("RGB")
        scale = min(size / img.width, size / img.height)
        fitted = img.resize((max(1, round(img.width * scale)), max(1, round(img.height * scale))),
                            Image.LANCZOS)
    canvas = Image.new("RGB", (size, size), (20, 16, 18))
    canvas.paste(fitted, ((size - fitted.width) // 2, (size - fitted.height) // 2))
    out = io.BytesIO()
    canvas.save(out, format="PNG")
    return out.getvalue()


def description(content: dict, locale: str, version: str) -> str:
    return DESCRIPTION[locale].format(
        game=term("game_mode", locale), rooms=len(content["rooms"]), events=len(content["events"]),
        items=len(content["items"]), omens=len(content["omens"]), chars=len(content["characters"]),
        version=version) + "\n"


def build(ruleset: str, root: Path, build_dir: Path, base_url: str) -> list[Path]:
    """Saves with public URLs + thumbnail + description, per locale."""
    out_dir = Path(build_dir) / "workshop"
    result = stage.build(ruleset, root, build_dir, base_url=base_url, public=True, out_dir=out_dir)
    content = json.loads((Path(build_dir) / "content" / f"{ruleset}.json").read_text(encoding="utf-8"))
    written = list(result.saves)
    for save in result.saves:
        locale = save.name[len(ruleset) + 1:-len(".json")]
        thumb = save.with_suffix(".png")
        if not thumb.exists():
            raise stage.StageError(f"{ruleset}.{locale}: the asset manifest names no thumbnail")
        write_if_changed(thumb, square_png(thumb.read_bytes()))
        desc = save.with_suffix(".workshop.txt")
        write_if_changed(desc, description(content, locale, result.mod_version))
        written += [thumb, desc]
    return written
