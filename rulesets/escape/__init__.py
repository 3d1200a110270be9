"""escape: five people sealed in a quarantined building march as one column
up the stairwells, while one of them may already be infected (rules digest
E-…)."""
from __future__ import annotations

from pathlib import Path

from kit.info import Dice, RulesetInfo

INFO = RulesetInfo(
    name="escape",
    title={"zh-Hans": "诡楼逃生", "zh-Hant": "詭樓逃生", "en": "Escape from the Sealed Building"},
    players=(2, 5),                                   # E-KIT-1: five character cards
    rule_prefix="E-",
    kinds=("characters", "infected", "items", "explore", "settings", "terms"),
    decks=("item", "explore", "infected", "character"),  # the characters are dealt from a deck
    dice=Dice(faces=(1, 2, 3, 4, 5, 6), count=1),     # E-KIT-5
    folder=Path(__file__).resolve().parent,
    playing_time=(30, 60),
    complexity="Light Complexity",
)
