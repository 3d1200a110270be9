"""A small ruleset built from model objects, for tests and for trying a
layout change without the full content (`python -m pipeline.render.sample`)."""
from __future__ import annotations

from rulesets.house.kinds.model import (Card, Character, CharacterSide, Room, Ruleset, Trait, Where)

ARTS = ["lantern", "knapsack", "crystal-ball", "rope-coil", "pocket-watch", "secret-book",
        "mirror-mirror", "voodoo-doll", "spade", "cat", "rat", "incense"]


def _t(hans: str, hant: str, en: str) -> dict:
    return {"zh-Hans": hans, "zh-Hant": hant, "en": en}


def card(i: int, kind: str = "event", text: dict | None = None) -> Card:
    return Card(
        id=f"{kind}_{i:02d}", kind=kind,
        title=_t(f"低语的墙纸{i}", f"低語的牆紙{i}", f"Whispering Wallpaper {i}"),
        text=text or _t(
            "进行一次:sanity:检定。4+：获得1点:knowledge:。0-3：受到1颗骰子的精神伤害。",
            "進行一次:sanity:檢定。4+：獲得1點:knowledge:。0-3：受到1顆骰子的精神傷害。",
            "Make a :sanity: roll. 4+: gain 1 :knowledge:. 0-3: take 1 die of mental damage."),
        art=ARTS[i % len(ARTS)], where=Where(f"content/{kind}s.yaml", 3 + 10 * i))


def room(rid: str, floors: list[str], doors: list[str], windows: list[str], icon: str) -> Room:
    return Room(id=rid, name=_t("骨瓷储藏室", "骨瓷儲藏室", "Bone-China Pantry"), floors=floors,
                doors=doors, windows=windows, icon=icon,
                text=_t("回合结束时若在此处，受到1点物理伤害。", "回合結束時若在此處，受到1點物理傷害。",
                        "End your turn here and take 1 physical damage."),
                art="spade", where=Where("content/rooms.yaml", 2))


def character() -> Character:
    def side(name: tuple, age: int) -> CharacterSide:
        return CharacterSide(
            name=_t(*name), age=age,
            bio=_t("在旧书店长大，相信每栋房子都记得住过的人。", "在舊書店長大，相信每棟房子都記得住過的人。",
                   "Grew up in a used bookshop; believes every house remembers who lived there."),
            traits={"might": Trait([2, 3, 3, 4, 5, 6, 6, 7], 2), "speed": Trait([2, 3, 4, 4, 5, 6, 7, 8], 3),
                    "knowledge": Trait([1, 2, 3, 4, 5, 5, 6, 7], 4), "sanity": Trait([2, 2, 3, 4, 5, 6, 7, 8], 2)})
    return Character(id="lin_wei", color="#c0392b", art="person",
                     sides=[side(("林蔚", "林蔚", "Lin Wei"), 24), side(("林蔚（夜）", "林蔚（夜）", "Lin Wei (Night)"), 24)],
                     where=Where("content/characters.yaml", 2))


TERMS = {"might": _t("力量", "力量", "Might"), "speed": _t("速度", "速度", "Speed"),
         "knowledge": _t("知识", "知識", "Knowledge"), "sanity": _t("神志", "精神", "Sanity"),
         "basement": _t("地下室", "地下室", "Basement"), "ground": _t("地面楼层", "一樓", "Ground floor"),
         "upper": _t("上层", "二樓", "Upper floor")}


def ruleset(n_events: int = 3, n_items: int = 2, n_omens: int = 2) -> Ruleset:
    rooms = [room("pantry", ["basement", "ground"], ["N", "S"], ["E"], "item"),
             room("attic", ["upper"], ["W"], [], "omen"),
             room("hall", ["basement", "ground", "upper"], ["N", "E", "S", "W"], ["N"], "none")]
    rooms[1].id, rooms[2].id = "attic", "hall"
    return Ruleset(
        name="house",
        rooms={r.id: r for r in rooms},
        events={c.id: c for c in (card(i, "event") for i in range(n_events))},
        items={c.id: c for c in (card(i, "item") for i in range(n_items))},
        omens={c.id: c for c in (card(i, "omen") for i in range(n_omens))},
        characters={"lin_wei": character()}, haunts={}, haunt_chart=None, terms=TERMS, sources=[])


if __name__ == "__main__":
    import sys
    from pathlib import Path

    from . import build
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "build/sample")
    m = build(ruleset(), Path(__file__).resolve().parents[4], out)
    print(out / "assets" / "manifest.sample.json")
