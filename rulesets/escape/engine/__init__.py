"""The escape ruleset engine (rules digest E-…): pure, seeded, replayable."""
from . import effects as _effects  # noqa: F401  (registers the card steps' task)
from .engine import (apply, apply_in_place, is_over, legal_actions, new_table, outcome, reveals, seated,
                     to_act, view)

__all__ = ["new_table", "apply", "apply_in_place", "legal_actions", "view", "is_over", "to_act", "seated",
           "outcome", "reveals"]
