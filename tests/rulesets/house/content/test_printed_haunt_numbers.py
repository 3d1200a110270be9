"""Each haunt's books print every number its data plays by (R-AUTH-2: the
rules a side reads are the ones the engine applies). A book is written by
hand, so when a mod author changes a count, a ritual's successes or the
clock's end, this test names the book that still tells the old story.

It checks presence, not placement: a number may be written as a figure
("3 fuses", "第7轮") or a word ("three", "tenth", "两名"), and the test
cannot tell which sentence a figure belongs to."""
from __future__ import annotations

import dataclasses
import re
from functools import lru_cache

import pytest

from kit.words import AUTHORED_LOCALES
from pipeline.content.loader import load_ruleset

EN = "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen".split()
EN_NTH = ("first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth "
          "fourteenth fifteenth").split()
ZH = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}


@lru_cache(maxsize=1)
def ruleset():
    return load_ruleset("house")


def printed_numbers(text: str, locale: str) -> set[int]:
    found = {int(n) for n in re.findall(r"\d+", text)}
    if locale == "en":
        for word in re.findall(r"[a-z]+", text.lower()):
            if word in EN:
                found.add(EN.index(word) + 1)
            elif word in EN_NTH:
                found.add(EN_NTH.index(word) + 1)
            elif word in ("once", "twice"):
                found.add(1 if word == "once" else 2)
    else:
        for word in re.findall(r"十[一二三四五]?|[一二两三四五六七八九]", text):
            found.add(10 + ZH.get(word[1:], 0) if word.startswith("十") else ZH[word])
    return found


def _values(value) -> set[int]:
    """A number, or one per table size: every figure a book must give."""
    return set(value.values()) if isinstance(value, dict) else {value}


def played_numbers(haunt) -> set[int]:
    """The numbers a player acts on: how many figures and tokens the setup
    places, what each objective asks (a ritual's target and successes, a
    count to carry, collect or escape), and the clock's end."""
    out = _values(haunt.clock.end)
    for step in haunt.setup:
        if step["step"] in ("monsters", "tokens"):
            out |= _values(step["count"])
    for objective in haunt.heroes_win + haunt.traitor_wins:
        for key in ("target", "successes", "count"):
            if key in objective and objective[key] not in ("all", "half"):
                out |= _values(objective[key])
    return out


def unprinted(haunt) -> list[str]:
    need = played_numbers(haunt)
    problems = []
    for book in ("heroes_book", "traitor_book"):
        text = getattr(haunt, book)
        for locale in AUTHORED_LOCALES if text else ():
            missing = sorted(need - printed_numbers(text[locale], locale))
            if missing:
                problems.append(f"{haunt.id}: {book} ({locale}) never says {', '.join(map(str, missing))}")
    return problems


@pytest.mark.parametrize("haunt", sorted(ruleset().haunts.values(), key=lambda h: h.id), ids=lambda h: h.id)
def test_each_book_prints_every_number_the_haunt_plays_by_R_AUTH_2(haunt):
    assert unprinted(haunt) == []


def test_a_clock_or_count_changed_in_the_data_alone_is_caught_R_AUTH_2():
    """The check fails where it should: the Hunt's dawn moved to round 13
    at six, or the Overgrowth asking 7 pulls at six, with the books left as
    they were (the Overgrowth has no traitor, so no traitor's book)."""
    rs = ruleset()
    hunt = rs.haunts["the_hunt"]
    later = dataclasses.replace(hunt, clock=dataclasses.replace(hunt.clock, end={**hunt.clock.end, "6": 13}))
    assert unprinted(later) == [f"the_hunt: {book} ({locale}) never says 13"
                                for book in ("heroes_book", "traitor_book") for locale in AUTHORED_LOCALES]
    roots = rs.haunts["the_overgrowth"]
    pulls = {**roots.heroes_win[0], "successes": {**roots.heroes_win[0]["successes"], "6": 7}}
    assert unprinted(dataclasses.replace(roots, heroes_win=[pulls, *roots.heroes_win[1:]])) == [
        f"the_overgrowth: heroes_book ({locale}) never says 7" for locale in AUTHORED_LOCALES]
    assert printed_numbers("Hold out until the ninth round ends (the 14th at six), twice", "en") >= {9, 14, 2}
    assert printed_numbers("第12轮结束时，两名魅影和十一只猫", "zh-Hans") >= {12, 2, 11}
