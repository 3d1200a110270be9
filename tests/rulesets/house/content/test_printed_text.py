"""What a house card prints matches what its data does, in every locale
(R-AUTH-2: card text is applied literally, so text and data must agree)."""
from __future__ import annotations

import re
from functools import lru_cache

import pytest

from kit.words import LOCALES
from pipeline.content.loader import load_ruleset


@lru_cache(maxsize=1)
def ruleset():
    return load_ruleset("house")


def cards():
    rs = ruleset()
    return [c for deck in ("event", "item", "omen") for c in rs.cards(deck).values()]


# "your :might: is 1 step higher" in each locale (R-ITEM-6: a bonus moves the clip)
STEP = {"zh-Hans": r"{trait}高{n}格", "zh-Hant": r"{trait}高{n}格", "en": r"{trait} is {n} steps? higher"}


@pytest.mark.parametrize("card", [c for c in cards() if c.trait_bonus], ids=lambda c: c.id)
def test_a_held_bonus_prints_steps_on_the_track_R_ITEM_6(card):
    """R-ITEM-6, decision: "+1 Might while held" moves the clip one step (the
    clip only ever sits on the track, and R-ITEM-6 speaks of the track's top
    and of steps gained); where two steps of a track have the same value it
    changes nothing, so every card says "step", never a bare "+1"."""
    for locale in LOCALES:
        text = card.text[locale]
        for trait, n in card.trait_bonus.items():
            assert re.search(STEP[locale].format(trait=f":{trait}:", n=n), text), (card.id, locale, text)
        assert "+" not in text, (card.id, locale, text)


def texts(rs):
    """Every text map a player reads: card, room, character and haunt texts,
    titles, names and option labels."""
    found = []

    def walk(obj, where):
        if isinstance(obj, dict):
            if set(obj) == set(LOCALES):
                found.append((where, obj))
                return
            for k, v in obj.items():
                walk(v, f"{where}.{k}")
        elif isinstance(obj, list):
            for i, v in enumerate(obj):
                walk(v, f"{where}[{i}]")
        elif hasattr(obj, "__dataclass_fields__"):
            for name in obj.__dataclass_fields__:
                walk(getattr(obj, name), f"{where}.{name}")
    for kind in ("rooms", "events", "items", "omens", "characters", "haunts"):
        walk(getattr(rs, kind), kind)
    return found


KINDS = {"zh-Hans": ["物理伤害", "精神伤害"], "zh-Hant": ["物理傷害", "精神傷害"], "en": []}
# Other words for a floor or a trait than the terms' (the ones that drifted in,
# or that the seeds warn of: 体力/體力 is not Might).
STRAYS = {
    "zh-Hans": ["上层", "地面层", "地面楼层", "一楼", "二楼", "地下室", "体力", "理智", "精神"],
    "zh-Hant": ["上層", "地面層", "地面樓層", "一樓", "二樓", "地下室", "體力", "理智", "神志"],
    "en": [r"\bupper\b", r"\bground\b", r"\bbasement\b", r"\bmight\b", r"\bsanity\b"],
}


@pytest.mark.parametrize("locale", LOCALES)
def test_floor_and_trait_names_in_texts_are_the_terms_R_PLACE_1_R_SETUP_3(locale):
    """R-PLACE-1 (the three floors), R-SETUP-3 (the four traits): a text names
    a floor or a trait only as the terms do (through a `{name}` placeholder);
    zh-Hant cards said 上層 / 地面層 where the terms, tile backs and server
    say 二樓 / 一樓, and zh-Hans cards 地面层 where the terms say 地面楼层."""
    rs = ruleset()
    rooms = sorted((r.name[locale] for r in rs.rooms.values()), key=len, reverse=True)
    terms = sorted((t[locale] for t in rs.terms.values()), key=len, reverse=True)
    flags = re.I if locale == "en" else 0
    for where, text in texts(rs):
        rest = re.sub(r":[a-z]+:", "·", text[locale])   # icons are not words
        for word in rooms + terms + KINDS[locale]:       # a room's own name, the terms, 精神伤害
            rest = rest.replace(word, "·")
        for stray in STRAYS[locale]:
            assert not re.search(stray, rest, flags), (where, locale, text[locale])


# Forms s2twp leaves as they are, and the Taiwan forms the glossary gives instead.
MAINLAND = {"骨制": "骨製", "賬簿": "帳簿", "粘著": "黏著", "八音盒": "音樂盒", "摩托": "機車", "平臺": "平台",
            "上層平台": "樓上平台", "地下室平台": "地下平台", "“": "「", "”": "」", "‘": "『", "’": "』"}


def test_zh_hant_texts_use_taiwan_words_and_quotation_marks():
    """The digest's glossary (zh-Hant follows the walkthrough, seed 001, and
    Taiwan usage; it has no rule ID): every zh-Hant text of the house, the
    converted and the hand-written, says 骨製, 帳簿, 黏著, 音樂盒, 機車, 平台 and
    quotes with 「 」."""
    for where, text in texts(ruleset()):
        for wrong, right in MAINLAND.items():
            assert wrong not in text["zh-Hant"], (where, f"{wrong} → {right}", text["zh-Hant"])
