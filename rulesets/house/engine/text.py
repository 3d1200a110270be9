"""The one way the engine refuses.

Each refusal names the rule that forbids the action, so a player reading it
in TTS can look the rule up; its words are the house catalog's `refuse`
group (rulesets/house/words.yaml), read only when the message is.
"""
from __future__ import annotations

from pathlib import Path

from kit.engine import RuleError

WORDS = Path(__file__).resolve().parents[1]      # the ruleset folder: its words.yaml


def refuse(code: str, key: str, status: int = 422, **fmt) -> RuleError:
    return RuleError(code, status=status, words=WORDS, key=f"refuse.{key}", fields=fmt)
