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
