"""The repository's own house content, compiled once, for the tests that pin
what a printed card, room or haunt does at the table."""
from __future__ import annotations

import copy
from functools import lru_cache

from engine_helpers import table
from pipeline.content.compile import compile_ruleset
from pipeline.content.loader import load_ruleset

CHARACTERS = ("zhao_tieshan", "su_xiaoman", "batu")


@lru_cache(maxsize=1)
def _compiled() -> dict:
    return compile_ruleset(load_ruleset("house"))


def house() -> dict:
    return copy.deepcopy(_compiled())


def house_table(seats=("Red", "Blue", "Green"), seed=0) -> dict:
    """A started table of the real content: Red plays Zhao Tieshan, Blue Su
    Xiaoman, Green Batu, each on side 0; Red first, in the entrance hall."""
    return table(seats=seats, chars=CHARACTERS[:len(seats)], seed=seed, fixture=house())
