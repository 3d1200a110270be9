"""house: explore a haunted mansion room by room, until an omen starts the
haunt and a traitor turns on the others (rules digest R-…)."""
from __future__ import annotations

from pathlib import Path

from kit.info import Dice, RulesetInfo

INFO = RulesetInfo(
    name="house",
    title={"zh-Hans": "鬼屋", "zh-Hant": "鬼屋", "en": "The Haunted House"},
    players=(3, 6),
    rule_prefix="R-",
    kinds=("rooms", "events", "items", "omens", "characters", "haunts", "haunt_chart", "terms"),
    decks=("event", "item", "omen"),
    dice=Dice(faces=(0, 0, 1, 1, 2, 2), count=8),     # R-CHECK-2
    folder=Path(__file__).resolve().parent,
    playing_time=(45, 90),
)
