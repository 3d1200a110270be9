"""The one way the engine refuses: a rule ID (E-…) or a protocol code, and
the message in every locale from the ruleset's word catalog (`refuse.*` in
rulesets/escape/words.yaml). Those texts give their zh-Hant by hand: the
game's words (体力 stamina, 感染者 infected, 启示 revelation) are fixed terms
a converter must not paraphrase.
"""
from __future__ import annotations

from kit.engine import RuleError
from kit.words import catalog

from .. import INFO


def refuse(code: str, key: str, status: int = 422, **fmt) -> RuleError:
    return RuleError(code, catalog(INFO.folder).text(f"refuse.{key}", **fmt), status)
