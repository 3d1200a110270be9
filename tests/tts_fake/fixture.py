"""A small build/ tree of the real shapes (compiled content + asset manifest
+ images) so the TTS stage can be tested before or without a full build."""
from __future__ import annotations

import json
from pathlib import Path

from PIL import Image
from rulesets.house.render import track_slots

LOCALES = ("zh-Hans", "zh-Hant", "en")


def _t(zh: str, en: str) -> dict:
    return {"zh-Hans": zh, "zh-Hant": zh, "en": en}


START = {
    "entrance_hall": ("ground", 0, 0), "foyer": ("ground", 0, 1),
    "grand_staircase": ("ground", 0, 2), "upper_landing": ("upper", 0, 0),
    "basement_landing": ("basement", 0, 0),
}
OTHER_ROOMS = ["bone_pantry", "chapel", "attic"]


def content() -> dict:
    rooms = {}
    for rid in list(START) + OTHER_ROOMS:
        start = START.get(rid)
        rooms[rid] = {
            "id": rid, "name": _t(rid, rid.replace("_", " ").title()),
            "floors": [start[0]] if start else ["basement", "ground"],
            "doors": ["N", "S"], "windows": [], "icon": "none",
            "text": _t("回合结束时受到1点:might:伤害。", "Lose 1 :might:."), "art": "x",
            "special": None, "links": [],
            "start": {"floor": start[0], "x": start[1], "y": start[2], "rotation": 0} if start else None,
        }
    cards = {}
    for kind in ("event", "item", "omen"):
        cards[kind + "s"] = {f"{kind}_{i}": {"id": f"{kind}_{i}", "kind": kind,
                                              "title": _t(f"{kind}{i}", f"{kind.title()} {i}"),
                                              "text": _t("文本", "Text :die:"), "art": "x"}
                             for i in range(3)}
    traits = {t: {"track": [1, 2, 3, 4, 5, 6, 7, 8], "start": s}
              for t, s in (("might", 2), ("speed", 3), ("knowledge", 4), ("sanity", 0))}
    chars = {cid: {"id": cid, "color": color, "art": cid,
                   "sides": [{"name": _t(cid + "甲", cid.title() + " A"), "age": 20, "bio": _t("", ""),
                              "traits": traits},
                             {"name": _t(cid + "乙", cid.title() + " B"), "age": 30, "bio": _t("", ""),
                              "traits": traits}]}
             for cid, color in (("lin_wei", "#c0392b"), ("mo_chen", "#2980b9"))}
    terms = {"might": _t("力量", "Might"), "speed": _t("速度", "Speed"), "knowledge": _t("知识", "Knowledge"),
             "sanity": {"zh-Hans": "神志", "zh-Hant": "精神", "en": "Sanity"},
             "basement": _t("地下室", "Basement"),
             "ground": {"zh-Hans": "地面楼层", "zh-Hant": "一樓", "en": "Ground floor"},
             "upper": {"zh-Hans": "上层", "zh-Hant": "二樓", "en": "Upper floor"}}
    return {"ruleset": "house", "content_hash": "0123456789abcdef", "locales": list(LOCALES),
            "rooms": rooms, **cards, "characters": chars, "haunts": {}, "haunt_chart": None, "terms": terms}


def _png(path: Path, size=(64, 64), color=(90, 60, 70)) -> None:
    Image.new("RGB", size, color).save(path)


def manifest(assets: Path, doc: dict) -> dict:
    locales = {}
    for loc in LOCALES:
        decks = {}
        for kind in ("event", "item", "omen"):
            sheet = f"sheet.{kind}.0.{loc}.aaaaaaaaaaaa.jpg"
            back = f"back.{kind}.{loc}.bbbbbbbbbbbb.jpg"
            _png(assets / sheet, (40, 28))
            _png(assets / back, (4, 4))
            decks[kind] = {"sheets": [{"file": sheet, "num_width": 10, "num_height": 7,
                                       "cards": list(doc[kind + "s"])}],
                           "back": back, "back_is_hidden": False}
        rooms = {}
        for rid in doc["rooms"]:
            top = f"room.{rid}.{loc}.cccccccccccc.png"
            _png(assets / top)
            rooms[rid] = {"top": top, "bottom": f"floors.any.{loc}.dddddddddddd.png"}
        _png(assets / f"floors.any.{loc}.dddddddddddd.png")
        chars = {}
        for cid in doc["characters"]:
            sides = [f"char.{cid}.{i}.{loc}.eeeeeeeeeeee.png" for i in (0, 1)]
            for s in sides:
                _png(assets / s, (300, 200))
            chars[cid] = {"sides": sides, "slots": track_slots()}
        thumb = f"thumbnail.{loc}.ffffffffffff.png"
        _png(assets / thumb, (256, 256))
        credits = f"credits.{loc}.999999999999.jpg"
        _png(assets / credits, (4, 4))
        track = f"track.{loc}.888888888888.png"
        _png(assets / track, (64, 16))
        locales[loc] = {"decks": decks, "rooms": rooms, "characters": chars,
                        "extras": {"thumbnail": thumb, "credits": credits, "track": track}}
    return {"ruleset": "house", "renderer": "test", "card_px": [4, 4], "tile_px": 64,
            "locales": locales}


def make_build(build: Path) -> tuple[dict, dict]:
    """Write build/content/house.json, build/assets/* and the manifest."""
    assets = build / "assets"
    (build / "content").mkdir(parents=True, exist_ok=True)
    assets.mkdir(parents=True, exist_ok=True)
    doc = content()
    (build / "content" / "house.json").write_text(
        json.dumps(doc, ensure_ascii=False, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    man = manifest(assets, doc)
    (assets / "manifest.house.json").write_text(json.dumps(man, indent=2), encoding="utf-8")
    return doc, man
