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


# ---- every number, trait and damage kind a card prints is in its data ------
#
# A card's data (its effect and use steps, its weapon and bonus flags, a
# room's special kind) says which numbers, traits, damage kinds, floors and
# rooms its text must print (`need`) and which it may (`may`, e.g. the
# :might: of "roll :speed: instead of :might:"). Each text is read for them;
# then each roll outcome printed ("4+:", "0-3:") is read on its own against
# that outcome's steps, so a text that swaps two outcomes fails too.

CATEGORIES = ("numbers", "traits", "kinds", "floors", "rooms")
ALL_TRAITS = {"might", "speed", "knowledge", "sanity"}
KIND_WORDS = {"zh-Hans": {"physical": "物理伤害", "mental": "精神伤害"},
              "zh-Hant": {"physical": "物理傷害", "mental": "精神傷害"},
              "en": {"physical": r"\bphysical\b", "mental": r"\bmental\b"}}
MARK = re.compile(r"(?<![\d:])(\d+)(?:(\+)|[-–](\d+))?[:：](?![a-z]+:)")   # "4+:", "0-3:" or typeset "0–3:", not "1 :might:"
SENTENCE_END = {"zh-Hans": "。", "zh-Hant": "。", "en": r"\.(?:\s|$)"}


class Facts:
    def __init__(self):
        self.need = {c: set() for c in CATEGORIES}
        self.may = {c: set() for c in CATEGORIES}

    def add(self, category, value, required=True):
        (self.need if required else self.may)[category].add(value)

    def merge(self, other, skip=()):
        for c in CATEGORIES:
            if c not in skip:
                self.need[c] |= other.need[c]
                self.may[c] |= other.may[c]

    def problems(self, found: dict) -> list[str]:
        out = []
        for c in CATEGORIES:
            missing = self.need[c] - found[c]
            extra = set() if c == "rooms" else found[c] - self.need[c] - self.may[c]
            if missing:
                out.append(f"{c} in the data but not printed: {sorted(missing, key=str)}")
            if extra:
                out.append(f"{c} printed but not in the data: {sorted(extra, key=str)}")
        return out


def _trait_choice(options) -> bool:
    """Options that differ only by the trait they act on, one per trait: the
    card says "choose a trait" and names none."""
    firsts = [o["then"] for o in options]
    return len(firsts) == 4 and all(len(t) == 1 for t in firsts) and \
        {t[0].get("trait") for t in firsts} == ALL_TRAITS and len({t[0]["op"] for t in firsts}) == 1


def step_facts(steps, f: Facts, outcomes: list):
    """The facts of effect steps; every roll outcome met is appended to
    `outcomes` as (min, max, top, facts of its own steps)."""
    for s in steps:
        op = s["op"]
        if op == "roll":
            if s["dice"]:
                f.add("numbers", s["dice"])
            else:
                f.add("traits", s["trait"])
            top = 2 * (s["dice"] or 8)
            for o in s["outcomes"]:
                f.add("numbers", o["min"])
                if o["max"] is not None:
                    f.add("numbers", o["max"])
                inner = Facts()
                step_facts(o["then"], inner, outcomes)
                outcomes.append((o["min"], o["max"], top, inner))
                f.merge(inner)
        elif op in ("gain", "lose"):
            f.add("numbers", s["steps"])
            traits = s["traits"] if s["trait"] == "choose" else [s["trait"]]
            if set(traits) != ALL_TRAITS:               # "a trait of your choice" names none
                for t in traits:
                    f.add("traits", t)
        elif op == "damage":
            f.add("numbers", s["amount"] or s["dice"])
            if s["kind"] != "general":
                f.add("kinds", s["kind"])
        elif op == "heal":
            for t in s["traits"]:
                f.add("traits", t)
        elif op == "move":
            f.add("rooms", s["to"])
        elif op == "draw":
            f.add("numbers", s.get("count") or 1)
        elif op == "choice":
            for o in s["options"]:
                inner = Facts()
                step_facts(o["then"], inner, outcomes)
                f.merge(inner, skip=("traits",) if _trait_choice(s["options"]) else ())
        elif op == "lasting":
            f.add("numbers", abs(s["dice"]))
            f.add("traits", s["trait"])
        elif op == "attack":
            f.add("numbers", s["dice"])
            f.add("kinds", s["kind"])
            f.add("traits", "might" if s["kind"] == "physical" else "sanity")
        elif op == "discard_item":
            f.add("numbers", 1)                         # "discard 1 of your items"


def card_facts(card):
    f, outcomes = Facts(), []
    step_facts(card.effect + card.use, f, outcomes)
    if card.weapon:
        f.add("traits", card.attack_trait)
        f.add("traits", "might", required=False)        # "… instead of :might:"
        f.add("kinds", "physical" if card.attack_trait in ("might", "speed") else "mental", required=False)
        if card.attack_dice:
            f.add("numbers", card.attack_dice)
    for trait, n in card.trait_bonus.items():
        f.add("numbers", n)
        f.add("traits", trait)
    return f, outcomes


def _damage(f, damage):
    if damage:
        f.add("numbers", damage["amount"] or damage["dice"])
        if damage["kind"] != "general":
            f.add("kinds", damage["kind"])


def room_facts(room, rs):
    f, outcomes = Facts(), []
    sp = room.special
    if sp is None:
        return f, outcomes
    p = sp.params
    if "trait" in p:
        f.add("traits", p["trait"])
        f.add("numbers", p["target"])
    _damage(f, p.get("damage"))
    if sp.kind == "chute":
        f.add("rooms", next(r.id for r in rs.rooms.values() if r.start and r.start.floor == "basement"))
    elif sp.kind == "unstable_floor":
        f.add("floors", "basement")
    elif sp.kind == "leaving_check" and isinstance(p["on_fail"], dict):
        f.add("numbers", p["on_fail"]["lose"]["steps"])
        f.add("traits", p["on_fail"]["lose"]["trait"])
    elif sp.kind == "boon":
        f.add("numbers", p["steps"])
        for t in p["traits"]:
            f.add("traits", t)
    elif sp.kind == "locked_store":
        for d in p["draws"]:
            f.add("numbers", d["count"])
    elif sp.kind == "drop_through":
        f.add("rooms", p["to"])
    elif sp.kind == "elevator":
        f.add("numbers", p["dice"])
        totals = sorted(p["table"])
        groups = []                                     # consecutive totals with the same stop
        for total in totals:
            if groups and groups[-1][2] == p["table"][total]:
                groups[-1][1] = total
            else:
                groups.append([total, total, p["table"][total]])
        for lo, hi, stop in groups:
            inner = Facts()
            f.add("numbers", lo)
            f.add("numbers", hi)
            if stop == "basement_hurt":
                inner.add("floors", "basement")
                inner.add("numbers", 1)
                inner.add("kinds", "physical")
            elif stop != "any":
                inner.add("floors", stop)
            outcomes.append((lo, hi, totals[-1], inner))
            f.merge(inner)
    return f, outcomes


def read(text: str, locale: str, rs) -> dict:
    """The numbers, traits, damage kinds, floors and rooms a text prints."""
    found = {c: set() for c in CATEGORIES}
    for room in sorted(rs.rooms.values(), key=lambda r: -len(r.name[locale])):
        if room.name[locale] in text:
            found["rooms"].add(room.id)
            text = text.replace(room.name[locale], "·")
    for token in re.findall(r":([a-z]+):", text):
        if token in ALL_TRAITS:
            found["traits"].add(token)
    text = re.sub(r":[a-z]+:", "·", text)
    for kind, word in KIND_WORDS[locale].items():
        if re.search(word, text):
            found["kinds"].add(kind)
            text = re.sub(word, "·", text)
    for key, term in sorted(rs.terms.items(), key=lambda kv: -len(kv[1][locale])):
        if term[locale] in text:
            found["traits" if key in ALL_TRAITS else "floors"].add(key)
            text = text.replace(term[locale], "·")
    found["numbers"] = {int(n) for n in re.findall(r"\d+", text)}
    return found


def _marks(text: str, locale: str):
    """Each printed outcome: (min, max or None, '+', the words it governs)."""
    marks = list(MARK.finditer(text))
    out = []
    for i, m in enumerate(marks):
        end = marks[i + 1].start() if i + 1 < len(marks) else len(text)
        stop = re.search(SENTENCE_END[locale], text[m.end():end])
        segment = text[m.end():m.end() + stop.start()] if stop else text[m.end():end]
        hi = int(m.group(3)) if m.group(3) else None
        out.append((int(m.group(1)), hi, bool(m.group(2)), segment))
    return out


def _same_range(mark, lo, hi, top) -> bool:
    a, b, plus, _ = mark
    if a != lo:
        return False
    if plus:
        return hi is None or hi == top
    if b is None:                                       # a bare "4:"
        return hi == lo or (hi is None and lo == top)
    return b == hi or (hi is None and b == top)


def printed_objects():
    rs = ruleset()
    return [(f"{c.kind} {c.id}", c.text, card_facts(c)) for c in cards()] + \
           [(f"room {r.id}", r.text, room_facts(r, rs)) for r in rs.rooms.values()]


@pytest.mark.parametrize("locale", LOCALES)
def test_every_number_trait_and_damage_kind_printed_is_in_the_data_R_AUTH_2(locale):
    """R-AUTH-2 (card text is applied literally, so it must be what the data
    does): for every card and room, in every locale, the numbers, traits,
    damage kinds, floors and rooms the text prints are the data's, and each
    printed roll outcome ("4+:", "0-3:") tells what that outcome's steps do."""
    rs = ruleset()
    problems = []
    for name, text, (facts, outcomes) in printed_objects():
        words = text[locale]
        problems += [f"{name}: {p}" for p in facts.problems(read(words, locale, rs))]
        marks, left = _marks(words, locale), list(outcomes)
        for mark in marks:
            match = next((o for o in left if _same_range(mark, o[0], o[1], o[2])), None)
            if match is None:
                problems.append(f"{name}: printed outcome {mark[0]}{'+' if mark[2] else ''}"
                                f"{'-%d' % mark[1] if mark[1] is not None else ''} is no outcome of the data")
                continue
            left.remove(match)
            problems += [f"{name}: outcome {mark[0]}…: {p}" for p in match[3].problems(read(mark[3], locale, rs))]
        problems += [f"{name}: outcome {lo}-{hi} of the data is not printed" for lo, hi, _, _ in left]
    assert not problems, f"{locale}:\n" + "\n".join(problems)
